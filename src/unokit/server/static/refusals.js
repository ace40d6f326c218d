// A refusal from the table, told in the reader's language: the server's error frame carries,
// beside its English `message`, the refusal's code (`reason`) and its `params` (seat numbers,
// card codes, colour letters: never words). The sentence for each code is the catalogue's
// message id, written once in Python (unokit.refusals, unokit.server.refusals) and mirrored
// here; tests/server/test_page_refusals.py holds the two equal. A frame with no code this page
// knows is said from its English message, as before.
import { COLORS, FEMININE, cardName } from "./cards.js";
import { _, ngettext, num } from "./words.js";
import { errorWords } from "./prompts.js";

/** code -> its English sentence (a [singular, plural] pair counts {n}). */
export const REFUSALS = {
  no_seat: "there is no seat {seat} at this table of {players}",
  round_over: "the round is over",
  seat_out: "seat {seat} is out of this game",
  kind_not_in_game: "'{kind}' is not part of {game}",
  uno_not_one: "you say Uno when you are down to one card",
  uno_passed: "you have already said Uno, or the moment to say it has passed",
  catch_self: "you cannot catch yourself: say 'uno'",
  catch_not_one: "seat {target} does not have one card",
  catch_passed: "seat {target} said Uno or the moment to catch them has passed",
  not_your_turn: "it is seat {turn}'s turn",
  no_jump_in: "Jump-In is not played at this table (jump_in=False)",
  not_identical: "{card} is not identical to the {top} on top",
  jump_wild: "a wild card has no colour, so no card is identical to it",
  not_held: "seat {seat} does not hold {card}",
  jump_own: "you cannot jump in on your own card",
  jump_your_turn: "it is your turn: play {card}",
  jump_swap: "seat {turn} is choosing whom to trade hands with: jump after",
  uno_only_last: "say Uno only when the card leaves you one",
  not_legal: "{action} is not legal now",
  color_first: "name the colour of the Wild turned up first: color R, Y, G or B",
  swap_first: "choose the seat to trade hands with first: swap N",
  swap_when: "swap follows a Seven-O 7 or a Wild Swap Hands",
  swap_target: "seat {target} is not another player at this table",
  color_with_wild: "a colour is named with the wild card itself, like 'play W G'",
  pass_not_drawn: "pass keeps a card just drawn; you have not drawn one",
  nothing_to_accept: "there is nothing to accept",
  nothing_to_challenge: "there is nothing to challenge",
  challenge_only: "only a Wild Draw Four played on you alone can be challenged",
  drawn_keep: "you have drawn already: keep the {drawn} with pass",
  drawn_play: "you have drawn already: play {drawn} or pass",
  take_or_stack: ["you must take the {n} card (accept) or stack", "you must take the {n} cards (accept) or stack"],
  draw_empty: "the draw pile is empty and you have a card to play",
  only_drawn: "after drawing, only the drawn card ({drawn}) may be played",
  must_accept: ["you must accept the {n} card", "you must accept the {n} cards"],
  stack_draw_two: "only a Draw Two can be stacked on a Draw Two",
  stack_wild_draw_four: "only a Wild Draw Four can be stacked on a Wild Draw Four",
  wild_color: "a {wild} must name a colour, like 'play {code} G'",
  color_only_wild: "only a wild card names a colour",
  uno_with_play: "say Uno with the play only when it leaves you one card",
  no_match_unnamed: "{card} does not match: the colour in play is not named yet",
  no_match_color: "{card} does not match: the colour in play is {color}",
  no_match: "{card} does not match the {top}",
  not_a_seat: "{text} is not a seat",
  not_an_action: "{text} is not an action",
  tp_no_pass: "Triple Play has no pass: after drawing, play the drawn card or press a lit pile",
  tp_no_overload: "accept keeps the cards a Wild Give Away's overload shows, and none are shown",
  tp_no_challenge: "Triple Play has no Wild Draw Four to challenge",
  tp_wild_no_color: "Triple Play wilds name no colour: the next card played on that pile decides it",
  tp_no_swap: "Triple Play has no swapping of hands",
  tp_no_jump: "Triple Play has no Jump-In",
  give_first: ["give the {n} overload card first, like 'give {seats}', or keep it: accept", "give the {n} overload cards first, like 'give {seats}', or keep them: accept"],
  give_count: ["give names one seat for each of the {n} card", "give names one seat for each of the {n} cards"],
  give_other: "each card goes to another player still in the round",
  give_when: "give follows a Wild Give Away whose pile overloads",
  press_first: "play a card or draw first: you press a pile when you play no card",
  pile_not_lit: "pile {pile} is not lit: the lit piles are {lit}",
  tp_drawn: "you have drawn already: play the drawn card or press a lit pile",
  tp_nothing_to_draw: "nothing is left to draw and you have a card to play",
  which_pile: "say which pile to play on, like 'play {code} @1'",
  no_companion: "seat {seat} does not hold another {companion} to play with {card}",
  companion_color: "the card played with {card} must be {color}",
  tp_only_drawn: "after drawing, only the drawn card ({drawn}) may be played, alone",
  tp_no_match: "{card} does not match the {top} on pile {pile}",
  no_timer: "timer mode is off (timer=None): there is no clock to run out",
  clock_other: "the clock runs for seat {turn}, not seat {seat}",
  clock_paused: "the clock is paused while an overload is settled",
  pointing_now: "seat {turn} is pointing now; your turn to point comes",
  point_first: "everyone points at one other player first: point N",
  point_self: "point at another player, not at yourself",
  point_target: "seat {target} is not a player in this game",
  link_first: "name the two players to link first: link A B",
  linked_already: "seats {a} and {b} are linked already: choose two new players",
  link_seats: "seats {a} and {b} are not both in this game",
  point_when: "point follows a Point Taken",
  link_when: "link follows a Wild Drawn Together",
  no_mini: "there is no mini pile to take",
  wpu_no_color: "the Wild Pile Up names no colour: play WPU",
  mini_hold: "you hold a {color} card or a wild: play it on the mini pile",
  mini_play_or_take: "play a {color} card or a wild on the mini pile, or take it",
  mini_no_color: "a card played on the mini pile names no colour: wilds do not change it",
  mini_color: "{card} is not {color}, the mini pile's colour, nor a wild",
  speed_number: "Speed Play needs a number card on top, and the {top} is on top",
  speed_own: "you played that card yourself",
  round_playing: "the round is still being played",
  match_over: "the match is over",
  parse_not_text: "{text} is not an action: expected text like 'play R7'",
  parse_empty: "an empty line is not an action",
  parse_unknown: "{text} is not an action: the actions are {kinds}",
  parse_bare: "'{kind}' takes nothing after it, got {text}",
  parse_color: "'color' takes one colour: color R, Y, G or B",
  parse_one_seat: "'{kind}' takes one seat number, like '{kind} 2'",
  parse_press: "'press' takes one pile, like 'press @2'",
  parse_give: "'give' takes one seat for each card given (1 to 4)",
  parse_link: "'link' takes two seats, like 'link 1 5'",
  parse_link_same: "'link' takes two different seats",
  parse_seat: "{text} is not a seat number (in '{kind}')",
  parse_pile: "{text} is not a pile: piles are @1, @2 and @3",
  parse_needs_card: "'{kind}' needs a card, like '{kind} R7'",
  parse_extra: "{text} does not belong in {line}",
  parse_not_color: "{text} is not a colour: use R, Y, G or B",
  parse_not_code: "{text} is not a card code",
  parse_not_card: "{text} is not a card: a card is a colour R/Y/G/B with 0-9, S, R, +2, D or P (like R7, GS, B+2), or a wild W, W+4, WSH, WSW, WC, WCL, WGA, WPU, WDT",
  no_table: "there is no such table (it may have expired)",
  no_database: "the server cannot reach its database: try again",
  not_loaded: "the server could not load this table: try again",
  no_redis: "the server cannot reach Redis: try again in a moment",
  no_redis_now: "the server cannot reach Redis",
  moved: "this table is served by another process: reconnecting",
  moved_away: "this table moved to another process",
  started_watch: "the game has started: you can watch it",
  full_watch: "every seat is taken: you can watch the game",
  seat_taken: "seat {seat} is not free; free seats: {free}",
  name_taken: "someone at this table is called {name}: choose another name",
  bad_token: "this seat token is not valid at this table",
  seat_connections: "this seat has {n} connections open already: close one first",
  too_many_seats: "too many seats taken from one address: wait a moment",
  spectator: "spectators can watch, not act: join the table to play",
  seat_lost: "you no longer hold this seat",
  no_bot_seat: "no seat of yours is played by a bot here",
  not_yours: "that seat is no longer yours to take back",
  not_playing: "the game is not being played",
  not_started: "the game has not started",
  next_round_frame: "a player deals the next round with a next_round frame",
  match_playing: "the match is still being played",
  host_only: "only the table's host can do that",
  already_started: "the game has already started",
  bots_before_start: "bots join before the start (the host can kick an absent seat)",
  no_free_seat: "there is no free seat for a bot",
  bots_leave_before: "bots leave before the start only",
  not_a_bot: "seat {seat} is not a bot",
  not_a_player: "seat {seat} is not a player's seat",
  kick_self: "leave the table instead of kicking yourself",
  absent_only: "only an absent player's seat can be given to a bot",
  record_seated: "while the match runs, a record is for a seated player only",
  chat_slow: "too many chat lines: wait a moment before the next",
  chat_busy: "this table's chat is too busy: wait a moment before the next line",
  slow_down: "too many frames: slow down",
  behind: "too many frames unread: reconnect to catch up",
  stand_in: "your seat was given to a stand-in bot: reconnect to take it back",
  seat_taken_over: "someone else holds this seat now",
  seat_gone: "this seat is no longer yours: you left it or the host freed it",
  no_auth: "no auth frame in time",
  connections: "at most {n} connections from one address",
  too_long: "frame too long: {size} bytes, at most {limit}",
  bad_frame: "bad frame: {where}: {detail}",
};

// The refusals a player meets most, said for a person rather than as the engine writes them.
const PLAIN = new Set(["not_your_turn", "not_identical", "uno_passed", "catch_passed", "not_legal"]);
const CARDS = ["card", "drawn", "companion", "top", "wild"];
const NUMBERS = ["seat", "players", "target", "turn", "n", "pile", "a", "b", "size", "limit"];

function fields(params) {
  const out = {};
  for (const [k, v] of Object.entries(params || {})) {
    if (CARDS.includes(k) && typeof v === "string") out[k] = cardName(v);
    else if (k === "color" && COLORS[v]) { out[k] = COLORS[v]; out.color_f = FEMININE[v]; }
    else if (NUMBERS.includes(k) && typeof v === "number") out[k] = num(v);
    else out[k] = String(v);
  }
  return out;
}

/** The words for an error frame: its code's sentence from the catalogue, its params filled,
 *  or (an unknown code, none, or params that do not fill it) its English message. */
export function refusalWords(frame, ctrl) {
  const code = typeof frame.reason === "string" ? frame.reason : typeof frame.code === "string" ? frame.code : null;
  const template = code && Object.hasOwn(REFUSALS, code) ? REFUSALS[code] : null;
  const message = String(frame.message || "");
  if (!template || PLAIN.has(code)) return errorWords(message, ctrl);
  const params = frame.params && typeof frame.params === "object" ? frame.params : {};
  const filled = fields(params);
  const [singular, plural] = Array.isArray(template) ? template : [template, null];
  const wanted = [...`${singular} ${plural || ""}`.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  if (!wanted.every((k) => k in filled)) return errorWords(message, ctrl);
  let text = plural ? ngettext(singular, plural, Number(params.n), filled) : _(singular, filled);
  text = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?。؟]$/.test(text) ? text : `${text}.`;
}
