// Beside the table: the log in words, the chat, the scores, the rules panel, and the round-end
// screen with each hand's points, the running scores and the countdown to the next deal.
import { $, el, keyed, setProps } from "./dom.js";
import { cardNode } from "./cards.js";
import { N_ } from "./i18n.js";
import { _, cap, describe, ngettext, told } from "./words.js";

const LOG_LIMIT = 300;

/** Append the frame's new events (once each: the events are only ever appended here). */
export function appendLog(frame, names, game) {
  const log = $("#log");
  if (frame.events_from === 0 && frame.events.length) log.replaceChildren();
  for (const e of told(frame.events, (item) => item.event)) {
    const both = merged(log, e);
    if (both) {
      log.lastElementChild.textContent = describe(both, names, "", null, game);
      log.lastElementChild._draw = both;
      continue;
    }
    // a seat whose player left since: its earlier lines keep that player's name
    const then = e.was ? names.map((n, s) => (e.was[s] === undefined ? n : e.was[s])) : names;
    const li = el("li", { text: describe(e.event, then, e.text, e.auto, game), "data-type": e.event.type, "data-auto": e.auto ? e.auto.why : null });
    if (plainDraw(e)) li._draw = e.event;
    log.append(li);
  }
  while (log.children.length > LOG_LIMIT) log.firstChild.remove();
  log.scrollTop = log.scrollHeight;
}

/** A draw of the player's own turn (no penalty, not the table's move for them). */
const plainDraw = (e) => e.event.type === "draw" && (!e.event.reason || e.event.reason === "turn") && !e.auto;

/** The same seat drawing one card after another (draw until you can play) reads as one line. */
function merged(log, e) {
  const last = log.lastElementChild;
  const ev = e.event;
  if (!last || !last._draw || !plainDraw(e) || last._draw.seat !== ev.seat) return null;
  const prev = last._draw;
  const both = (prev.cards || []).length && (ev.cards || []).length;
  return { ...ev, cards: both ? [...prev.cards, ...ev.cards] : undefined, count: (prev.count || (prev.cards || []).length) + (ev.count || (ev.cards || []).length) };
}

/** A line the page adds itself (a person left), not one of the table's events. */
export function appendNote(text) {
  const log = $("#log");
  log.append(el("li", { text, "data-type": "note" }));
  log.scrollTop = log.scrollHeight;
}

/** Take a chat frame's lines: the server sends each line once, and the recent ones again on
 *  every (re)connection, so lines already held (by id) are skipped; the last 30 are kept. */
export function addChat(ctrl, lines) {
  const last = ctrl.chat.length ? ctrl.chat[ctrl.chat.length - 1].id : 0;
  for (const m of lines) if (m.id > last) ctrl.chat.push(m);
  ctrl.chat.splice(0, Math.max(0, ctrl.chat.length - 30));
}

export function renderChat(ctrl) {
  const chat = ctrl.chat;
  const box = $("#chat");
  keyed(box, chat, (m) => String(m.id),
    (m) => el("li", {}, el("b", { text: `${m.name}: ` }), m.text), () => {});
  box.scrollTop = box.scrollHeight;
  $("#chat-form").hidden = ctrl.seat === null;
  $("#chat-note").hidden = ctrl.seat !== null;
}

export function renderScores(ctrl) {
  const { table } = ctrl;
  const rows = table.seats.map((s) => ({ s, pts: table.scores ? table.scores[s.seat] : 0 }));
  keyed($("#scores tbody"), rows, (r) => r.s.seat, () => el("tr", {}, el("td"), el("td")), (tr, r) => {
    tr.children[0].textContent = r.s.name;
    tr.children[1].textContent = String(r.pts);
  });
  $("#target").textContent = String(table.target);
}

const PRESET_WORDS = {
  "mattel-2021": N_("UNO — 2021 rules"), "mattel-2015": N_("UNO — 2015 rules"),
  "mattel-2003": N_("UNO — 2003 rules"), "triple-play": N_("UNO Triple Play (the unit)"), party: N_("UNO Party! (up to 16)"),
};
const HOUSE_WORDS = {
  stacking: N_("Draw Two on Draw Two (and Draw Four on Draw Four) passes the penalty on"),
  seven_o: N_("a 7 trades hands with a player you choose; a 0 passes all hands along"),
  jump_in: N_("anyone holding the very same card as the top may play it out of turn"),
  draw_to_match: N_("if you cannot play, draw until you can"),
  first_card_effect: N_("the first card turned up acts as if played"),
  two_player_reverse_skip: N_("With two players a Reverse acts as a Skip"),
  partners: N_("partners sit across and score as a team"),
};
const SCORING_WORDS = {
  winner: N_("who goes out scores the cards left in the other hands; first to {t} wins"),
  lowest: N_("each player scores their own hand; when one reaches {t}, the lowest total wins"),
  elimination: N_("each scores their own hand; reaching {t} puts you out; the last one wins"),
  none: N_("one round, no points"),
};
const HOW = {
  classic: [
    N_("Match the top card by colour, number or symbol, or play a Wild. Nothing to play? Draw one; you may play it at once."),
    N_("Skip: the next player loses a turn. Reverse: play changes direction. Draw Two: the next player draws 2 and loses the turn."),
    N_("Wild Draw Four: the next player draws 4, unless they challenge and you held a card of the colour in play."),
    N_("Press UNO! when you play your second-to-last card, or be caught and draw 2. First to go out scores the others' cards."),
  ],
  "triple-play": [
    N_("Three discard piles sit in the unit. Play a card that matches any pile's top card onto that pile."),
    N_("Lit piles: after a player's turn the unit lights piles; if you play onto a lit pile, press it. Each press adds to its counter."),
    N_("Each counter has a light: green is calm, yellow is getting close, red is near overload. An overload throws the pile's cards to you."),
    N_("Discard Two plays a second card of the same colour with it; Wild Clear resets a pile's counter; Wild Give Away hands overload cards to others."),
  ],
  party: [
    N_("Up to 16 players. Match colour, number or symbol as in UNO."),
    N_("Point Taken: everybody points at a player at once; whoever most point at draws."),
    N_("Wild Drawn Together links two players: what one draws, the other draws too, until the next link."),
    N_("Wild Pile Up starts a face-up mini pile in front of the next player: play that colour on it, or take all of it."),
    N_("Speed Play: play a card identical to the top card at any time, out of turn."),
  ],
};

export function renderRules(ctrl) {
  const { table } = ctrl;
  const key = `${table.rules}|${JSON.stringify(table.settings)}|${table.target}`;
  const box = $("#rules-body");
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  const s = table.settings;
  const house = Object.entries(s.house || {}).filter(([k, v]) => v && k !== "target" && k !== "timer" && k !== "scoring");
  const facts = [
    [_("Game"), PRESET_WORDS[table.rules] ? _(PRESET_WORDS[table.rules]) : table.rules],
    [_("Target"), ngettext("{count} point", "{count} points", table.target)],
    [_("House rules"), house.length ? house.map(([k]) => (HOUSE_WORDS[k] ? _(HOUSE_WORDS[k]) : k)).join("; ") : _("none: the sheet as printed")],
    [_("Turn timer"), s.turn_timer ? _("{s} s a turn: when it runs out the table plays for you", { s: s.turn_timer }) : _("none")],
  ];
  if (s.house && s.house.timer) facts.push([_("Timer mode"), _("{s} s a turn on the unit", { s: s.house.timer })]);
  if (s.house && s.house.scoring) facts.push([_("Scoring"), SCORING_WORDS[s.house.scoring] ? _(SCORING_WORDS[s.house.scoring], { t: table.target }) : String(s.house.scoring)]);
  const how = HOW[table.rules] || HOW.classic;
  box.replaceChildren(
    el("dl", {}, ...facts.flatMap(([k, v]) => [el("dt", { text: k }), el("dd", { text: v })])),
    el("h3", { text: _("How to play") }),
    el("ul", {}, ...how.map((t) => el("li", { text: _(t) }))));
}

/** The round-end screen: the winner, each hand with its points, the running scores. */
export function renderResult(ctrl) {
  const { table, view, seat } = ctrl;
  const over = Boolean(view && view.over);
  const screen = $("#round-end");
  const key = `${table.match_no}:${table.round}:${table.match_over}`;
  const shut = over && ctrl.resultShut === key;
  const wasOpen = !screen.hidden;
  screen.hidden = !over || shut;
  $("#show-result").hidden = !shut;
  if (!over) {
    screen.dataset.key = "";
    // the sheet had the focus (its Deal button): it goes to the new hand, not to the page's top
    const focus = document.activeElement;
    if (wasOpen && (!focus || focus === document.body || screen.contains(focus))) {
      const first = $("#hand button.playable") || $("#hand button") || $("#log");
      first.focus();
    }
    return;
  }
  const fresh = screen.dataset.key !== key;
  if (screen.dataset.shown !== `${key}:${ctrl.version}`) {
    screen.dataset.shown = `${key}:${ctrl.version}`;
    screen.dataset.key = key;
    screen.dataset.key = key;
    const box = $("#result");
    const w = view.winner;
    // a round without a winner says why, in the words of its blocked event (words.js)
    const why = w === null ? [...document.querySelectorAll("#log li[data-type=blocked]")].pop() : null;
    const title = w !== null ? _("{who} wins the round", { who: table.seats[w].name })
      : why ? why.textContent : cap(_("the round ends without a winner"));
    const rows = view.round_points.map((pts, s) => el("tr", {},
      el("th", { scope: "row", text: table.seats[s].name }),
      el("td", { class: "left" }, ...(view.hands[s].length ? view.hands[s].map((c) => cardNode(c)) : [el("span", { text: _("out") })])),
      el("td", { text: String(pts) }),
      el("td", { text: table.scores ? String(table.scores[s]) : "" })));
    const parts = [el("h2", { id: "result-title", text: title })];
    if (table.match_over) {
      const mw = table.match_winner;
      parts.push(el("p", { class: "match-winner", text: mw === null ? _("The match is over.") : _("{who} wins the match!", { who: table.seats[mw].name }) }));
    }
    parts.push(el("table", { class: "points" },
      el("thead", {}, el("tr", {}, el("th", { text: _("Player") }), el("th", { text: _("Cards left") }), el("th", { text: _("Round points") }), el("th", { text: _("Total (target {target})", { target: table.target }) }))),
      el("tbody", {}, ...rows)));
    box.replaceChildren(...parts);
    screen.classList.toggle("celebrate", Boolean(table.match_over));
  }
  const controls = $("#result-controls");
  // a replay deals nothing: watched from a seat or not, it offers no next round, no rematch
  const want = seat === null || location.pathname === "/replay" ? "" : table.match_over ? "rematch" : "next_round";
  // a finished match can be watched again, move by move (not from the replay itself)
  const again = table.match_over && table.id && location.pathname !== "/replay" ? `/replay?table=${encodeURIComponent(table.id)}` : "";
  if (controls.dataset.want !== `${want}|${again}` || !controls.children.length) {
    controls.dataset.want = `${want}|${again}`;
    controls.replaceChildren();
    if (want) {
      const b = el("button", { type: "button", "data-control": want, class: "primary", text: want === "rematch" ? _("Rematch") : _("Deal the next round") });
      b.addEventListener("click", () => ctrl.send({ type: want }));
      controls.append(b);
    }
    if (again) controls.append(el("a", { class: "button", id: "watch-again", href: again, text: _("Watch this match again") }));
    const look = el("button", { type: "button", id: "shut-result", text: _("Look at the table"), title: _("key Esc") });
    look.addEventListener("click", () => ctrl.shutResult());
    controls.append(look);
  }
  // a new result takes the focus on its first button: Enter deals the next round
  // (not while the chat is being typed in)
  const typing = ["INPUT", "TEXTAREA"].includes(document.activeElement && document.activeElement.tagName);
  if (fresh && !screen.hidden && !typing) controls.querySelector("button").focus({ preventScroll: true });
}
