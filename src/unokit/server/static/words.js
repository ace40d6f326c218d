// The log in plain words: each event (its JSON) told with card names, never card codes.
import { COLORS, cardName } from "./cards.js";

const REASONS = {
  draw_two: " for the Draw Two", wild_draw_four: " for the Wild Draw Four", challenge: " after the challenge",
  uno: " for not saying Uno", custom: " (Wild Customizable: could not play)", overload: " from the overload",
  give_away: " given away to them", timeout: ": time ran out", point_taken: " for Point Taken",
  link: " through the link",
};
const CANCELLED = {
  draw_two: "Draw Two", wild_draw_four: "Wild Draw Four", skip: "Skip", reverse: "Reverse",
};
const LIGHTS = { G: "green", Y: "yellow", R: "red" };
// Why a round ended without a winner (the blocked event's reason; unokit.words.BLOCKED).
const BLOCKED = {
  repetition: "The same position has come back five times: the round ends without a winner",
  stuck: "Nobody can play or draw: the round ends without a winner",
};

function cards(e) {
  if (e.cards && e.cards.length) {
    const names = e.cards.map((c) => `the ${cardName(c)}`);
    return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
  }
  const n = e.count || 0;
  return `${n} card${n === 1 ? "" : "s"}`;
}

const onPile = (e) => (e.reason && e.reason.startsWith("@") ? ` on pile ${e.reason.slice(1)}` : "");

const TABLE_DID = {
  draw: (e) => `drew ${cards(e)}`, pass: () => "kept the card drawn", accept: (e) => `took the ${e.count} cards`,
  challenge: () => "challenged", color: (e) => `named ${COLORS[e.color]}`, swap: () => "traded hands",
  press: (e) => `pressed pile ${(e.reason || "").slice(1)}`,
  play: (e) => `played the ${cardName(e.cards[0])}${e.cards.length > 1 ? ` and the ${cardName(e.cards[1])}` : ""}${e.color ? `, naming ${COLORS[e.color]}` : ""}${onPile(e)}`,
};

/** One line for the event `e`, with seat names from `names`; `fallback` is the server's text;
 *  `auto` ({seat, why}) when the server made the move for a person: the clock ran out, or the
 *  player was away. Such a move never reads as the player's own choice. */
export function describe(e, names, fallback, auto) {
  const name = (s) => (s === undefined || s === null ? "nobody" : names[s] || `seat ${s}`);
  if (auto && auto.why === "busy") {
    const line = describe(e, names, fallback);
    return e.seat === auto.seat ? `${line} (${name(auto.seat)} is thinking quickly: the server is busy)` : line;
  }
  if (auto && e.seat === auto.seat && TABLE_DID[e.type] && e.reason !== "timeout") {
    const why = auto.why === "clock" ? "time ran out" : `${name(auto.seat)} is away`;
    const line = `${why[0].toUpperCase()}${why.slice(1)} — the table ${TABLE_DID[e.type](e)} for ${name(auto.seat)}`;
    return e.uno ? `${line} and said "UNO!"` : line;
  }
  const who = name(e.seat);
  const whom = name(e.target);
  switch (e.type) {
    case "deal": return `${who} is dealt ${cards(e)}`;
    case "turn_up": return `${cards(e).replace(/^the/, "The")} is turned up${onPile(e)}`;
    case "put_back": return `The ${e.cards && e.cards.length ? cardName(e.cards[0]) : "Wild Draw Four"} turned up goes back into the deck`;
    case "play": case "jump": {
      let text = `${who} ${e.type === "jump" ? "jumps in with" : "plays"} the ${cardName(e.cards[0])}`;
      if (e.cards.length > 1) text += ` and the ${cardName(e.cards[1])}`;
      if (e.color) text += `, naming ${COLORS[e.color]}`;
      text += onPile(e);
      return e.uno ? `${text} and says "UNO!"` : text;
    }
    case "draw":
      if (!e.count && !(e.cards && e.cards.length)) return `${who} draws nothing: the piles are empty`;
      return `${who} draws ${cards(e)}${REASONS[e.reason] || ""}`;
    case "pass": return `${who} keeps the card drawn`;
    case "accept": return `${who} takes the ${e.count} cards`;
    case "challenge": return `${who} challenges ${whom}'s Wild Draw Four`;
    case "reveal": return `${who} shows ${whom} their hand: ${cards(e)}`;
    case "verdict": return `${who} is ${e.reason}`;
    case "color": return `${who} names ${COLORS[e.color]}`;
    case "skip": return `${who} is skipped`;
    case "reverse": return `Play now goes ${e.count === 1 ? "clockwise" : "counterclockwise"}`;
    case "cancel": return `The jump-in cancels ${who}'s ${CANCELLED[e.reason] || "card"}`;
    case "swap": return `${who} trades hands with ${whom}`;
    case "rotate": return "Every hand passes to the next player";
    case "shuffle_hands": return `${who} gathers all ${e.count} cards in hand, shuffles and deals them again`;
    case "hand": return `${who} now holds ${cards(e)}`;
    case "uno": return `${who} says "UNO!"`;
    case "catch": return `${who} catches ${whom} without UNO`;
    case "reshuffle": return `The discard pile is shuffled into a new draw pile of ${e.count} cards`;
    case "extra_turn": return `${who} takes an extra turn`;
    case "blocked": return BLOCKED[e.reason] || "The round ends without a winner";
    // the table's bound on a round's actions cut the last round short (unokit.words.left_unfinished)
    case "unfinished": return `Round ${e.round} was left unfinished after ${Number(e.count).toLocaleString("en")} actions, the table's bound: nobody scores it`;
    case "round_over": return e.seat !== undefined ? `${who} goes out and wins the round` : "The round ends";
    // Triple Play
    case "lit": {
      const piles = (e.reason || "").replace(/@/g, "").split(" ");
      return `The unit lights pile${piles.length > 1 ? "s" : ""} ${piles.join(" and ")}`;
    }
    case "counter": return `Pile ${(e.reason || "").slice(1)}'s counter is at ${e.count || 0}: its light is ${LIGHTS[e.color] || "off"}`;
    case "overload": return `Pile ${(e.reason || "").slice(1)} overloads: ${who} must draw ${e.count}`;
    case "press": return `${who} presses pile ${(e.reason || "").slice(1)}`;
    case "clear": return `${who} holds pile ${(e.reason || "").slice(1)} down: its counter is reset`;
    case "trim": return `Pile ${(e.reason || "").slice(1)} is trimmed to its top card (${e.count} set aside)`;
    case "give": return `${who} gives ${e.count} overload card${e.count === 1 ? "" : "s"} to ${whom}`;
    case "timeout": return `${who} runs out of time`;
    // Party!
    case "point_chosen": return `${who} has pointed`;
    case "point": return `${who} points at ${whom}`;
    case "link": return `${who} and ${whom} are linked: what one draws, the other draws too`;
    case "link_kept": return `${who} and ${whom} stay linked: there are no two new players to link`;
    case "unlink": return `The link between ${who} and ${whom} ends`;
    case "mini_start": return `The ${cardName(e.cards[0])} starts a mini pile in front of ${whom}`;
    case "set_aside": return `The ${cardName(e.cards[0])} turned for the mini pile is set aside`;
    case "no_mini_pile": return "No card that is not wild is left to start a mini pile";
    case "mini_play": return `${who} plays the ${cardName(e.cards[0])} on the mini pile${e.uno ? ' and says "UNO!"' : ""}`;
    case "take": return `${who} takes the mini pile: ${cards(e)}`;
    default: return fallback;
  }
}

/** The page's own words for how the table feels: the side panel's button, sound, chat on a
 *  phone, help. */
export const FEEL_WORDS = {
  sidePanel: "Log & chat",
  sidePanelClose: "Back to the table",
  soundAsk: "Sound?",
  soundAskLong: "Sound is on: tones for your turn, plays, draws, UNO!, catches and the clock's last seconds (phones also buzz). Keep it?",
  soundKeep: "♪ On",
  soundKeepLong: "Keep sound on",
  soundOff: "Off",
  soundOffLong: "Turn sound off",
  chat: "Chat",
  chatButton: (n) => (n ? `Chat: ${n} new line${n === 1 ? "" : "s"}` : "Chat"),
  chatClose: "Back to the table",
  emotes: "Quick reactions",
  emoteList: ["☺", "♥", "★", "!?", "GG", "Nice!"],
  firstGame: "Play a guided first round",
  firstGameWhy: "New to UNO or to this table? One round against an easy bot, with tips as things happen.",
  firstGameName: "You",
  firstGameRefused: "The guided round could not be started.",
  coachOk: "Got it",
  coachStop: "No more tips",
  coach: {
    start: "Press Start the game: the cards are dealt, 7 each, and one is turned up on the pile.",
    raised: "Your turn. The raised cards are the ones you can play: the same colour or the same number or symbol as the top card, or a wild. Tap one, or drag it onto the table.",
    draw: "Nothing you hold plays on the top card: tap the deck (or Draw a card) to draw one.",
    drawn: "You drew a card. If it is raised it plays: tap it. Otherwise press Keep it, and the turn moves on.",
    uno: "Two cards left: press UNO! before you play the next one. Forget, and a player who catches you makes you draw 2.",
    catch: "Someone is down to one card without saying UNO!: tap Catch! on their seat, quickly, and they draw 2.",
    over: "The round is over: whoever goes out first wins it and scores the cards left in the other hands.",
  },
  reconnectNow: "Reconnect now",
  pileRefuses: (card, pile) => `Pile ${pile} does not take the ${card}: drop it on a lit pile it matches.`,
};

// What each card does, for "what does this card do" (static/cardhelp.js): every card of
// every preset, by the symbol in its code.
const CARD_HELP = {
  number: (n) => `A number card: play it on its colour or on another ${n}.`,
  S: "Skip: the next player loses their turn. Plays on its colour or on another Skip.",
  R: "Reverse: play changes direction (with two players it acts as a Skip). Plays on its colour or on another Reverse.",
  "+2": "Draw Two: the next player draws 2 cards and loses their turn (where stacking is on, they may answer with their own Draw Two).",
  D: "Discard Two (Triple Play): play it with another card of its colour, both at once.",
  P: "Point Taken (Party!): everyone points at a player at once; whoever most point at draws.",
  W: "Wild: play it on anything and name the colour that goes on.",
  "W+4": "Wild Draw Four: name the colour; the next player draws 4 and loses their turn, unless they challenge and you held a card of the colour in play.",
  WSH: "Wild Shuffle Hands: every hand is gathered, shuffled and dealt out again, starting with the next player; you name the colour.",
  WSW: "Wild Swap Hands: trade your whole hand with a player you choose, and name the colour.",
  WC: "Wild Customizable: a blank wild whose house rule the table sets (see Rules of this table); you name the colour.",
  WCL: "Wild Clear (Triple Play): hold a pile down to reset its counter; you name the colour.",
  WGA: "Wild Give Away (Triple Play): give your overload cards to other players; you name the colour.",
  WPU: "Wild Pile Up (Party!): a mini pile starts in front of the next player, who must play on it or take it all.",
  WDT: "Wild Drawn Together (Party!): link two players; what one draws, the other draws too.",
};

/** The words for what card `code` does ("R7", "W+4", "WSH"…); a card of another preset's deck
 *  falls back to its plain colour-and-symbol rule. */
export function cardHelp(code) {
  const colour = "RYGB".includes(code[0]) && code.length > 1 ? code[0] : null;
  const symbol = colour ? code.slice(1) : code;
  if (/^\d$/.test(symbol)) return CARD_HELP.number(symbol);
  return CARD_HELP[symbol] || "Plays on its colour or on the same symbol.";
}

/** Every card symbol with its own help, for the test that every card is explained. */
export const CARD_HELP_SYMBOLS = Object.keys(CARD_HELP).filter((k) => k !== "number");
