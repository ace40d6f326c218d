// The page's words: every sentence it shows comes from the catalogue (unokit/i18n) through
// this module, the page's one word module. The log's lines are the messages of
// unokit.words.describe, told with card names; the server sends codes, never words.
import { COLORS, cardName } from "./cards.js";
import { _, join, ngettext, num, pgettext } from "./i18n.js";

export { _, join, ngettext, num, pgettext };

const REASONS = {
  draw_two: "{line} (Draw Two)", wild_draw_four: "{line} (Wild Draw Four)", challenge: "{line} (challenge)",
  uno: "{line} (caught without saying Uno)", custom: "{line} (Wild Customizable: could not play)",
  overload: "{line} (overload)", give_away: "{line} (given away)", timeout: "{line} (out of time)",
  point_taken: "{line} (Point Taken)", link: "{line} (linked)",
};
const CANCELLED = { draw_two: _("Draw Two"), wild_draw_four: _("Wild Draw Four"), skip: _("Skip"), reverse: _("Reverse") };
const LIGHTS = { G: pgettext("light", "green"), Y: pgettext("light", "yellow"), R: pgettext("light", "red") };
// Why a round ended without a winner (the blocked event's reason; unokit.words.BLOCKED).
const BLOCKED = {
  repetition: "the same position has come back five times: the round ends without a winner",
  stuck: "nobody can play or draw: the round ends without a winner",
};

/** The first letter in capitals, as a line of the log starts. */
export const cap = (text) => text.charAt(0).toUpperCase() + text.slice(1);

function cards(e) {
  if (e.cards && e.cards.length) return join(e.cards.map((c) => _("the {card}", { card: cardName(c) })));
  return ngettext("{count} card", "{count} cards", e.count || 0);
}

const pileOf = (e) => (e.reason || "").slice(1);
const onPile = (e, line) => (e.reason && e.reason.startsWith("@") ? _("{line} on pile {pile}", { line, pile: pileOf(e) }) : line);

// UNO Party!'s jump is its Speed Play, not the classic Jump-In: its own words.
function played(e, who, game) {
  const card = cardName(e.cards[0]);
  let line = _("{who} plays the {card}", { who, card });
  if (e.type === "jump") line = game === "party" ? _("{who} speed-plays the {card}", { who, card }) : _("{who} jumps in with the {card}", { who, card });
  if (e.cards.length > 1) line = _("{line} and the {card}", { line, card: cardName(e.cards[1]) });
  if (e.color) line = _("{line}, naming {color}", { line, color: COLORS[e.color] });
  return onPile(e, line);
}

// What the table did for a seat whose clock ran out or who is away, in the table's words.
const TABLE_DID = {
  draw: (e) => pgettext("the table", "drew {cards}", { cards: cards(e) }),
  pass: () => pgettext("the table", "kept the card drawn"),
  accept: (e) => ngettext("took the {count} card", "took the {count} cards", e.count || 0),
  challenge: () => pgettext("the table", "challenged"),
  color: (e) => pgettext("the table", "named {color}", { color: COLORS[e.color] }),
  swap: () => pgettext("the table", "traded hands"),
  press: (e) => pgettext("the table", "pressed pile {pile}", { pile: pileOf(e) }),
  play: (e) => {
    let did = pgettext("the table", "played the {card}", { card: cardName(e.cards[0]) });
    if (e.cards.length > 1) did = _("{line} and the {card}", { line: did, card: cardName(e.cards[1]) });
    if (e.color) did = _("{line}, naming {color}", { line: did, color: COLORS[e.color] });
    return onPile(e, did);
  },
};

/** The log's items in the order they are told: a jump-in before the cancel it causes (the
 *  engine logs the cancel first; unokit.words.told). `eventOf` finds an item's event. */
export function told(items, eventOf = (x) => x) {
  const out = [...items];
  for (let i = 0; i + 1 < out.length; i++) {
    if (eventOf(out[i]).type === "cancel" && eventOf(out[i + 1]).type === "jump") [out[i], out[i + 1]] = [out[i + 1], out[i]];
  }
  return out;
}

/** One line for the event `e`, with seat names from `names`; `fallback` is the server's text;
 *  `auto` ({seat, why}) when the server made the move for a person: the clock ran out, or the
 *  player was away. Such a move never reads as the player's own choice. `game` is the table's
 *  engine (Rules.game). */
export function describe(e, names, fallback, auto, game) {
  const name = (s) => (s === undefined || s === null ? _("nobody") : names[s] || _("seat {seat}", { seat: s }));
  if (auto && auto.why === "busy") {
    const line = describe(e, names, fallback, null, game);
    return e.seat === auto.seat ? _("{line} ({who} is thinking quickly: the server is busy)", { line, who: name(auto.seat) }) : line;
  }
  if (auto && e.seat === auto.seat && TABLE_DID[e.type] && e.reason !== "timeout") {
    const fields = { did: TABLE_DID[e.type](e), who: name(auto.seat) };
    const line = cap(auto.why === "clock"
      ? _("time ran out — the table {did} for {who}", fields)
      : _("{who} is away — the table {did} for {who}", fields));
    return e.uno ? _('{line} and said "Uno!"', { line }) : line;
  }
  const line = tell(e, name(e.seat), name(e.target), game);
  return line === null ? fallback : cap(line);
}

function tell(e, who, whom, game) {
  const f = { who, whom };
  switch (e.type) {
    case "deal": return _("{who} is dealt {cards}", { who, cards: cards(e) });
    case "turn_up": return onPile(e, _("the {card} is turned up", { card: cardName(e.cards[0]) }));
    case "put_back": return _("the {card} turned up goes back into the deck", { card: e.cards && e.cards.length ? cardName(e.cards[0]) : _("Wild Draw Four") });
    case "play": case "jump": {
      const line = played(e, who, game);
      return e.uno ? _('{line} and says "Uno!"', { line }) : line;
    }
    case "draw": {
      if (!e.count && !(e.cards && e.cards.length)) return _("{who} draws nothing: the piles are empty", f);
      const line = _("{who} draws {cards}", { who, cards: cards(e) });
      return REASONS[e.reason] ? _(REASONS[e.reason], { line }) : line;
    }
    case "pass": return _("{who} keeps the card drawn", f);
    case "accept": return ngettext("{who} takes the {count} card", "{who} takes the {count} cards", e.count || 0, f);
    case "challenge": return _("{who} challenges {whom}'s Wild Draw Four", f);
    case "reveal": return _("{who} shows {whom} the hand: {cards}", { ...f, cards: cards(e) });
    case "verdict": return e.reason === "guilty" ? _("{who} is guilty", f) : _("{who} is innocent", f);
    case "color": return _("{who} names {color}", { who, color: COLORS[e.color] });
    case "skip": return _("{who} is skipped", f);
    case "reverse": return e.count === 1 ? _("play now goes clockwise") : _("play now goes counterclockwise");
    case "cancel": return _("the jump cancels {who}'s {card}", { who, card: CANCELLED[e.reason] || _("card") });
    case "swap": return _("{who} trades hands with {whom}", f);
    case "rotate": return _("every hand passes to the next player");
    case "shuffle_hands": return ngettext("{who} gathers all {count} card in hand, shuffles and deals them again", "{who} gathers all {count} cards in hand, shuffles and deals them again", e.count || 0, f);
    case "hand": return _("{who} now holds {cards}", { who, cards: cards(e) });
    case "uno": return _('{who} says "Uno!"', f);
    case "catch": return _("{who} catches {whom} without Uno", f);
    case "reshuffle": return ngettext("the discard pile is shuffled into a new draw pile of {count} card", "the discard pile is shuffled into a new draw pile of {count} cards", e.count || 0);
    case "extra_turn": return _("{who} takes an extra turn", f);
    case "blocked": return _(BLOCKED[e.reason] || "the round ends without a winner");
    // the table's bound on a round's actions cut the last round short (unokit.words.left_unfinished)
    case "unfinished": return _("round {round} was left unfinished after {actions} actions, the table's bound: nobody scores it", { round: num(e.round), actions: num(e.count) });
    case "round_over": return e.seat !== undefined && e.seat !== null ? _("{who} goes out and wins the round", f) : _("the round ends");
    // Triple Play
    case "lit": {
      const piles = (e.reason || "").replace(/@/g, "").split(" ");
      return ngettext("the unit lights pile {piles}", "the unit lights piles {piles}", piles.length, { piles: join(piles) });
    }
    case "counter": return _("pile {pile}'s counter is at {n}, its light {light}", { pile: pileOf(e), n: num(e.count || 0), light: LIGHTS[e.color] || "?" });
    // drawn, or (a Wild Give Away's) perhaps given away: the next line says which
    case "overload": return ngettext("pile {pile} overloads: {count} card for {who}", "pile {pile} overloads: {count} cards for {who}", e.count || 0, { who, pile: pileOf(e) });
    case "press": return _("{who} presses pile {pile}", { who, pile: pileOf(e) });
    case "clear": return _("{who} holds pile {pile} down: its counter is reset", { who, pile: pileOf(e) });
    case "trim": return ngettext("pile {pile} is trimmed to its top card: {count} card set aside", "pile {pile} is trimmed to its top card: {count} cards set aside", e.count || 0, { pile: pileOf(e) });
    case "give": return ngettext("{who} gives {count} overload card to {whom}", "{who} gives {count} overload cards to {whom}", e.count || 0, f);
    case "timeout": return _("{who} runs out of time", f);
    // Party!
    case "point_chosen": return _("{who} has pointed", f);
    case "point": return _("{who} points at {whom}", f);
    case "link": return _("{who} and {whom} are linked", f);
    case "link_kept": return _("{who} and {whom} stay linked: there are no two new players to link", f);
    case "unlink": return _("the link between {who} and {whom} ends", f);
    case "mini_start": return _("the {card} starts a mini pile in front of {whom}", { whom, card: cardName(e.cards[0]) });
    case "set_aside": return _("the {card} turned for the mini pile is set aside", { card: cardName(e.cards[0]) });
    case "no_mini_pile": return _("no card that is not wild is left to start a mini pile");
    case "mini_play": {
      const line = _("{who} plays the {card} on the mini pile", { who, card: cardName(e.cards[0]) });
      return e.uno ? _('{line} and says "Uno!"', { line }) : line;
    }
    case "take": return _("{who} takes the mini pile: {cards}", { who, cards: cards(e) });
    default: return null;
  }
}

/** The page's own words for how the table feels: the side panel's button, sound, chat on a
 *  phone, help. Looked up when this module loads: i18n.js has fetched the catalogue by then
 *  (its top-level await holds every importer back until it has). */
export const FEEL_WORDS = {
  sidePanel: _("Log & chat"),
  sidePanelClose: _("Back to the table"),
  soundAsk: _("Sound?"),
  soundAskLong: _("Sound is on: tones for your turn, plays, draws, UNO!, catches and the clock's last seconds (phones also buzz). Keep it?"),
  // i18n: the button keeping sound on, beside the question "Sound?"
  soundKeep: _("♪ On"),
  soundKeepLong: _("Keep sound on"),
  // i18n: the button turning sound off, beside the question "Sound?"
  soundOff: pgettext("sound", "Off"),
  soundOffLong: _("Turn sound off"),
  chat: _("Chat"),
  chatButton: (n) => (n ? ngettext("Chat: {count} new line", "Chat: {count} new lines", n) : _("Chat")),
  chatClose: _("Back to the table"),
  emotes: _("Quick reactions"),
  // i18n: a quick reaction sent as a chat line, as players write it
  emoteList: ["☺", "♥", "★", "!?", "GG", pgettext("emote", "Nice!")],
  firstGame: _("Play a guided first round"),
  firstGameWhy: _("New to UNO or to this table? One round against an easy bot, with tips as things happen."),
  // i18n: the player's name at the guided round when none was given
  firstGameName: _("You"),
  firstGameRefused: _("The guided round could not be started."),
  coachOk: _("Got it"),
  coachStop: _("No more tips"),
  coach: {
    start: _("Press Start the game: the cards are dealt, 7 each, and one is turned up on the pile."),
    raised: _("Your turn. The raised cards are the ones you can play: the same colour or the same number or symbol as the top card, or a wild. Tap one, or drag it onto the table."),
    draw: _("Nothing you hold plays on the top card: tap the deck (or Draw a card) to draw one."),
    drawn: _("You drew a card. If it is raised it plays: tap it. Otherwise press Keep it, and the turn moves on."),
    uno: _("Two cards left: press UNO! before you play the next one. Forget, and a player who catches you makes you draw 2."),
    catch: _("Someone is down to one card without saying UNO!: tap Catch! on their seat, quickly, and they draw 2."),
    over: _("The round is over: whoever goes out first wins it and scores the cards left in the other hands."),
  },
  reconnectNow: _("Reconnect now"),
  pileRefuses: (card, pile) => _("Pile {pile} does not take the {card}: drop it on a lit pile it matches.", { card, pile }),
};

// What each card does, for "what does this card do" (static/cardhelp.js): every card of
// every preset, by the symbol in its code.
const CARD_HELP = {
  // i18n: {number} is the card's number, 0 to 9
  number: (n) => _("A number card: play it on its colour or on another {number}.", { number: num(n) }),
  S: _("Skip: the next player loses their turn. Plays on its colour or on another Skip."),
  R: _("Reverse: play changes direction (with two players it acts as a Skip). Plays on its colour or on another Reverse."),
  "+2": _("Draw Two: the next player draws 2 cards and loses their turn (where stacking is on, they may answer with their own Draw Two)."),
  D: _("Discard Two (Triple Play): play it with another card of its colour, both at once."),
  P: _("Point Taken (Party!): everyone points at a player at once; whoever most point at draws."),
  W: _("Wild: play it on anything and name the colour that goes on."),
  "W+4": _("Wild Draw Four: name the colour; the next player draws 4 and loses their turn, unless they challenge and you held a card of the colour in play."),
  WSH: _("Wild Shuffle Hands: every hand is gathered, shuffled and dealt out again, starting with the next player; you name the colour."),
  WSW: _("Wild Swap Hands: trade your whole hand with a player you choose, and name the colour."),
  WC: _("Wild Customizable: a blank wild whose house rule the table sets (see Rules of this table); you name the colour."),
  WCL: _("Wild Clear (Triple Play): hold a pile down to reset its counter; you name the colour."),
  WGA: _("Wild Give Away (Triple Play): give your overload cards to other players; you name the colour."),
  WPU: _("Wild Pile Up (Party!): a mini pile starts in front of the next player, who must play on it or take it all."),
  WDT: _("Wild Drawn Together (Party!): link two players; what one draws, the other draws too."),
};

/** The words for what card `code` does ("R7", "W+4", "WSH"…); a card of another preset's deck
 *  falls back to its plain colour-and-symbol rule. */
export function cardHelp(code) {
  const colour = "RYGB".includes(code[0]) && code.length > 1 ? code[0] : null;
  const symbol = colour ? code.slice(1) : code;
  if (/^\d$/.test(symbol)) return CARD_HELP.number(symbol);
  return CARD_HELP[symbol] || _("Plays on its colour or on the same symbol.");
}

/** Every card symbol with its own help, for the test that every card is explained. */
export const CARD_HELP_SYMBOLS = Object.keys(CARD_HELP).filter((k) => k !== "number");
