// Every decision asked in place and in words: the prompt line, the action buttons, the big UNO!
// button, the buttons on the seats (catch, trade hands, point, link) and the chooser dialog
// (a colour with how many of each you hold, a pile, a companion card, whom to give cards to).
import { $, el, keyed, setProps } from "./dom.js";
import { COLORS, FEMININE, cardName, colorOf } from "./cards.js";
import { _, join, ngettext, num } from "./words.js";

const BARE = {
  draw: _("Draw a card"), pass: _("Keep it"), accept: _("Take the cards"), challenge: _("Challenge"),
  take: _("Take the mini pile"), timeout: _("Out of time"),
};
const SHORTCUT = { draw: "D", pass: "P", accept: "A", challenge: "C", uno: "U", take: "T" };

const nameOf = (ctrl, s) => (ctrl.table.seats[Number(s)] ? ctrl.table.seats[Number(s)].name : _("seat {seat}", { seat: s }));

/** What the challenged player may have held: a colour's card, perhaps a wild too. */
function heldWords(odds) {
  const wilds = odds && odds.wilds;
  if (odds && odds.color) {
    const f = { color: COLORS[odds.color], color_f: FEMININE[odds.color] };
    return wilds === "wild" ? _("a {color} card or a Wild", f) : wilds === "all" ? _("a {color} card or a wild card", f) : _("a {color} card", f);
  }
  return wilds === "wild" ? _("a card of the colour that was in play or a Wild")
    : wilds === "all" ? _("a card of the colour that was in play or a wild card") : _("a card of the colour that was in play");
}

/** The colour's name with a capital, and how many cards of it the hand holds. */
const holdWords = (color, n) => _("{Color} · you hold {n}", { Color: COLORS[color].charAt(0).toUpperCase() + COLORS[color].slice(1), n: num(n) });

function penaltyWords(p) {
  if (!p) return "";
  if (p.give) return "";
  return `+${p.cards}`;
}

/** The prompt in words for this seat now. */
export function promptText(ctrl) {
  const { view, seat, legal } = ctrl;
  if (!view) return ctrl.table.state === "lobby" ? _("Waiting for the host to start the game.") : "";
  if (view.over) return "";
  const name = (s) => nameOf(ctrl, s);
  const toPlay = view.to_play;
  if (seat === null) return toPlay === null ? "" : _("{who} to play.", { who: name(toPlay) });
  const mine = toPlay === seat;
  const has = (verb) => legal.some((a) => a.split(" ")[0] === verb);
  if (legal.includes("challenge")) {
    const odds = ctrl.frame && ctrl.frame.challenge;
    const by = odds ? name(odds.player) : ctrl.lastPlayer !== null ? name(ctrl.lastPlayer) : _("The last player");
    const held = heldWords(odds);
    // the choice first, then the rule, then the odds: read at a glance against a turn timer
    const text = _("{by}'s Wild Draw Four: take 4, or challenge. If {by} held {held}, {by} draws 4; if not, you draw 6.", { by, held });
    if (!odds) return text;
    const win = Math.round(odds.chance * 100);
    const mean = odds.expected.toLocaleString(document.documentElement.lang || "en", { minimumFractionDigits: 1, maximumFractionDigits: 1, numberingSystem: "latn" });
    const more = _("Challenge wins {win} in 100: {mean} vs 4 cards on average.", { win: num(win), mean });
    return _("{line} {more}", { line: text, more });  // two messages: Babel misses one nested in another
  }
  if (view.pending && view.pending.cards && mine) {
    const n = view.pending.cards;
    const stack = legal.some((a) => a.startsWith("play "));
    return stack
      ? _("+{n} on you: stack a card on it to pass it on, or take the {n} cards.", { n })
      : _("+{n} on you: take the {n} cards.", { n });
  }
  if (view.pending && view.pending.give && mine) {
    return ngettext("Your Wild Give Away overloaded the pile: give {count} card to other players.", "Your Wild Give Away overloaded the pile: give {count} cards to other players.", view.pending.give);
  }
  if (view.phase === "color" && mine) return _("Name the colour: pick it below.");
  if (has("swap") && mine) return _("Seven-O / Swap Hands: choose the player to trade hands with, on their seat.");
  if (has("point")) return _("Point Taken: point at a player, on their seat. Whoever most are pointing at draws.");
  if (has("link") && mine) {
    if (ctrl.linkFirst === null) return _("Wild Drawn Together: choose the first of the two players to link, on their seat.");
    return ctrl.linkFirst === seat
      ? _("Wild Drawn Together: now choose the player to link with you.")
      : _("Wild Drawn Together: now choose the player to link with {who}.", { who: name(ctrl.linkFirst) });
  }
  if (view.pointing && !has("point")) return _("Waiting for the others to point ({n} done).", { n: num(view.pointing.chosen.length) });
  if (view.mini_pile && view.mini_pile.length && mine) {
    const colour = { color: COLORS[view.mini_color] || "", color_f: FEMININE[view.mini_color] || "" };
    // a seat holding a card of the mini pile's colour or a wild may not take it (P-DEC-8)
    if (!has("take")) return _("A mini pile is in front of you: play a {color} card or a wild on it; holding one, you may not take it.", colour);
    return ngettext("A mini pile is in front of you: play a {color} card on it, or take its {count} card.",
      "A mini pile is in front of you: play a {color} card on it, or take all {count}.", view.mini_pile.length, colour);
  }
  if (has("press") && mine) return _("Press a lit pile on the unit.");
  if (mine && view.drawn) {
    // kept with the same button whether it plays or not: the others cannot tell the two apart
    return legal.some((a) => a.startsWith("play "))
      ? _("You drew the {card}: play it or keep it.", { card: cardName(view.drawn) })
      : _("You drew the {card}: it does not match, so you keep it.", { card: cardName(view.drawn) });
  }
  if (mine) {
    const playable = legal.some((a) => a.startsWith("play "));
    return playable ? _("Your turn: play a raised card, or draw.") : _("Your turn: nothing matches, draw a card.");
  }
  if (has("jump") && ctrl.table.game === "party") {  // UNO Party!'s own Speed Play
    return toPlay === null
      ? _("You can speed play a raised card.")
      : _("{who} to play. You can speed play a raised card.", { who: name(toPlay) });
  }
  if (has("jump")) {
    return toPlay === null
      ? _("You can jump in with a raised card.")
      : _("{who} to play. You can jump in with a raised card.", { who: name(toPlay) });
  }
  return toPlay === null ? "" : _("{who} to play.", { who: name(toPlay) });
}

/** Actions aimed at a seat, by seat: shown as buttons on the seat itself. */
export function aimedActions(ctrl) {
  const out = new Map();
  const add = (s, item) => { const k = Number(s); if (!out.has(k)) out.set(k, []); out.get(k).push(item); };
  const links = [];
  for (const a of ctrl.legal) {
    const [verb, x, y] = a.split(" ");
    if (verb === "catch") add(x, { key: a, action: a, kind: "catch", label: _("Catch!"), aria: _("catch {who}: forgot to say UNO", { who: nameOf(ctrl, x) }) });
    if (verb === "swap") add(x, { key: a, action: a, kind: "swap", label: _("Trade hands"), aria: _("trade hands with {who}", { who: nameOf(ctrl, x) }) });
    if (verb === "point") add(x, { key: a, action: a, kind: "point", label: _("Point here"), aria: _("point at {whom}", { whom: nameOf(ctrl, x) }) });
    if (verb === "link") links.push([Number(x), Number(y), a]);
  }
  const first = ctrl.linkFirst;
  if (links.length && first === null) {
    const seats = new Set(links.flatMap(([a, b]) => [a, b]));
    for (const s of seats) add(s, { key: `pick ${s}`, kind: "link", label: _("Link"), aria: _("link {who} with another player", { who: nameOf(ctrl, s) }) });
  } else if (links.length) {
    add(first, { key: "unpick", kind: "cancel", label: _("Undo"), aria: _("choose another first player than {who}", { who: nameOf(ctrl, first) }) });
    for (const [a, b, action] of links) {
      if (a === first || b === first) {
        const other = a === first ? b : a;
        add(other, { key: action, action, kind: "link", label: _("Link"), aria: _("link {a} and {b}", { a: nameOf(ctrl, first), b: nameOf(ctrl, other) }) });
      }
    }
  }
  return out;
}

/** The buttons under the prompt: draw, keep, accept, challenge, take, the UNO! button. */
export function renderActions(ctrl) {
  const items = [];
  for (const a of ctrl.legal) {
    const verb = a.split(" ")[0];
    if (BARE[a]) {
      let label = BARE[a];
      if (a === "accept" && ctrl.view.pending && ctrl.view.pending.give) label = ngettext("Keep the {count} card", "Keep the {count} cards", ctrl.view.pending.give);  // a Give Away's overload, not given
      else if (a === "accept" && ctrl.view.pending) label = ngettext("Take {count} card", "Take {count} cards", ctrl.view.pending.cards);
      if (a === "challenge") label = _("Challenge the Wild Draw Four (0 or 6 cards)");
      if (a === "take" && ctrl.view.mini_pile) label = _("Take the mini pile ({n})", { n: num(ctrl.view.mini_pile.length) });
      items.push({ key: a, action: a, label, cls: a === "draw" ? "" : "primary", keys: SHORTCUT[a] });
    } else if (verb === "color") {
      const c = a.split(" ")[1];
      const n = ctrl.view.hand ? ctrl.view.hand.filter((code) => colorOf(code) === c).length : 0;
      items.push({ key: a, action: a, label: holdWords(c, n), cls: `swatch ${c}` });
    } else if (verb === "give") {
      const seats = a.split(" ").slice(1);
      items.push({ key: a, action: a, label: _("Give to {who}", { who: join(seats.map((s) => nameOf(ctrl, s))) }), cls: "" });
    }
  }
  if (ctrl.legal.includes("uno")) items.push({ key: "uno", action: "uno", label: "UNO!", cls: "uno-button", keys: "U" });
  else if (ctrl.legal.some((a) => a.startsWith("play ") && a.endsWith(" uno")) || ctrl.legal.some((a) => a.startsWith("jump ") && a.endsWith(" uno"))) {
    items.push({ key: "arm-uno", control: "uno", label: ctrl.armedUno ? _("UNO! ✓ with this card") : "UNO!", cls: `uno-button${ctrl.armedUno ? " armed" : ""}`, pressed: String(ctrl.armedUno), keys: "U" });
  }
  keyed($("#actions"), items, (i) => i.key, (i) => {
    const b = el("button", { type: "button" });
    b.addEventListener("click", () => ctrl.buttonClick(b.dataset.key));
    return b;
  }, (b, i) => setProps(b, {
    class: i.cls, text: i.label, "data-action": i.action || null, "data-control": i.control || null,
    "aria-pressed": i.pressed || null, "aria-keyshortcuts": i.keys || null,
    title: i.keys ? _("key {key}", { key: i.keys }) : null,
    "aria-label": i.control === "uno" ? (ctrl.armedUno ? _('say "UNO!" with the next card: on') : _('say "UNO!" with the next card')) : null,
  }));
}

/** Words for the choice a play action adds: a colour, a pile, a companion card, UNO. */
export function describeChoice(action, ctrl) {
  const parts = action.split(" ");
  const words = [];
  for (const p of parts.slice(2)) {
    if (COLORS[p]) {
      const n = ctrl.view.hand.filter((code) => colorOf(code) === p).length;
      words.push(holdWords(p, n));
    } else if (p === "uno") words.push(_('say "UNO!"'));
    else if (p.startsWith("@")) words.push(_("onto pile {pile}", { pile: p.slice(1) }));
    else words.push(_("with the {card}", { card: cardName(p) }));
  }
  return words.length ? join(words) : _("play it");
}

export function openChooser(title, help, options, onPick) {
  $("#chooser-title").textContent = title;
  $("#chooser-help").textContent = help;
  const box = $("#chooser-options");
  box.replaceChildren();
  for (const [action, label] of options) {
    const parts = action.split(" ");
    const color = parts.slice(2).find((p) => COLORS[p]);
    const button = el("button", { type: "button", "data-action": action, text: label, class: color ? `swatch ${color}` : "" });
    button.onclick = () => { $("#chooser").close(); onPick(action); };
    box.append(button);
  }
  $("#chooser").showModal();
}

const CODE = /(\b(?:an?|the) )?\b([RYGB](?:\d|S|R|D|P)|[RYGB]\+2|W\+4|WSH|WSW|WCL|WGA|WPU|WDT|WC|W)(?![\w+])/g;

/** A refusal from the table said for a person: names for seats, card names for codes, no
 *  command syntax. The engine's words are written for the command line. */
export function errorWords(message, ctrl) {
  const name = (s) => (ctrl.table ? nameOf(ctrl, s) : _("seat {seat}", { seat: s }));
  let m = /^it is seat (\d+)'s turn/.exec(message);
  if (m) return Number(m[1]) === ctrl.seat ? _("It is your turn now.") : _("Not yet: it is {who}'s turn.", { who: name(m[1]) });
  m = /is not identical to the (.+) on top$/.exec(message);
  if (m) return ctrl.table && ctrl.table.game === "party" ? _("Too late to speed play: the card on top has changed.") : _("Too late to jump in: the card on top has changed.");
  if (/moment to (say it|catch them) has passed|said Uno or the moment/.test(message)) return _("Too late: that moment has passed.");
  if (/is not legal now$/.test(message)) return _("That move is not possible now: the table moved on.");
  let text = message
    .replace(/\s*\([a-z_]+=\w+\)/g, "")
    .replace(/[:,]?\s*like '[^']*'/g, "")
    .replace(/:\s*(?:swap N|color R, Y, G or B|play \S+ or pass)$/g, "")
    .replace(/\bseat (\d+)/g, (_, s) => name(s))
    .replace(CODE, (_, article, code) => `${article ? "the " : ""}${cardName(code)}`);
  text = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
