// Per-variant panels: the Triple Play unit (three piles, lit piles, each counter's light, the
// press buttons, overload flashes) and UNO Party!'s pointing tally and link banner.
import { $, el, setProps } from "./dom.js";
import { backNode, cardName, cardNode, setCard, COLORS } from "./cards.js";
import { _, ngettext, pgettext } from "./words.js";

const LIGHT = { G: pgettext("light", "green"), Y: pgettext("light", "yellow"), R: pgettext("light", "red") };

function createSlot(n, ctrl) {
  const press = el("button", { type: "button", class: "press" }, el("span", { text: _("Press") }));
  press.addEventListener("click", () => ctrl.act(`press @${n}`));
  const card = cardNode("W");
  card.id = `pile-${n}`;
  return el("div", { class: "slot", "data-pile": String(n) },
    el("div", { class: "light-row" }, el("span", { class: "light", "aria-hidden": "true" }), el("span", { class: "counter" })),
    el("div", { class: "slot-card" }, card),
    el("div", { class: "pile-no", "aria-hidden": "true", text: _("pile {pile}", { pile: n }) }),
    press);
}

/** The Triple Play unit, or nothing at other tables. */
export function renderUnit(ctrl) {
  const { view } = ctrl;
  const unit = $("#unit");
  if (!view || !view.tops) { unit.hidden = true; return; }
  unit.hidden = false;
  const slots = $("#unit-slots");
  if (!slots.children.length) for (const n of [1, 2, 3]) slots.append(createSlot(n, ctrl));
  const overloaded = new Set(ctrl.newEvents.filter((e) => e.event.type === "overload").map((e) => e.event.reason));
  view.tops.forEach((code, i) => {
    const n = i + 1;
    const slot = slots.children[i];
    const lit = view.lit.includes(n);
    const light = view.lights[i];
    const card = slot.querySelector(".card");
    setCard(card, code);
    const color = view.colors[i] ? COLORS[view.colors[i]] : _("the next player's choice");
    const fields = { pile: n, card: cardName(code), cards: ngettext("{count} card", "{count} cards", view.piles[i].length), color, n: view.counters[i], light: LIGHT[light] };
    card.setAttribute("aria-label", lit ? _("pile {pile}, lit: {card} ({cards}), colour {color}, counter {n}, light {light}", fields)
      : _("pile {pile}: {card} ({cards}), colour {color}, counter {n}, light {light}", fields));
    setProps(slot, { class: `slot${lit ? " lit" : ""} light-${light}` });
    setProps(slot.querySelector(".light"), { title: _("light {light}", { light: LIGHT[light] }) });
    setProps(slot.querySelector(".counter"), { text: ngettext("{count} press", "{count} presses", view.counters[i]) });
    const can = ctrl.legal.includes(`press @${n}`);
    const press = slot.querySelector(".press");
    setProps(press, { disabled: !can, class: `press${can ? " can" : ""}`, "aria-label": _("press pile {pile}", { pile: n }), "data-action": can ? `press @${n}` : null });
    if (overloaded.has(`@${n}`)) { slot.classList.remove("flash"); void slot.offsetWidth; slot.classList.add("flash"); }
  });
  for (const thrown of overloadThrows(ctrl)) throwCards(unit, thrown, ctrl);
  const clock = !view.timer ? "" : view.clock === "paused" ? _("Timer mode: {s} s a turn (paused)", { s: view.timer }) : _("Timer mode: {s} s a turn", { s: view.timer });
  setProps($("#unit-note"), { text: clock });
  setProps($("#set-aside"), { text: view.set_aside.length ? ngettext("{count} card set aside", "{count} cards set aside", view.set_aside.length) : "" });
}

/** Each overload among the new events: its pile, the number shown, and the cards drawn (or
 * given away) for it, as this seat may see them (a face for its own, a back for another's). */
function overloadThrows(ctrl) {
  const events = ctrl.newEvents.map((e) => e.event);
  const out = [];
  events.forEach((e, i) => {
    if (e.type !== "overload") return;
    const after = events.slice(i + 1);
    const draws = after.filter((d) => d.type === "draw" && (d.reason === "overload" || d.reason === "give_away"));
    const cards = draws.flatMap((d) => (d.cards && d.cards.length ? d.cards : Array(d.count || 0).fill(null)));
    out.push({ pile: Number(String(e.reason || "@1").slice(1)), count: e.count, seat: e.seat, cards, give: !draws.length });
  });
  return out;
}

/** The unit throws the cards: the number in big type over the pile, the cards flying out. */
function throwCards(unit, { pile, count, seat, cards, give }, ctrl) {
  const name = ctrl.table && ctrl.table.seats[seat] ? ctrl.table.seats[seat].name : _("seat {seat}", { seat });
  const shown = cards.length ? cards : Array(count).fill(null);
  const fan = shown.map((code, i) => {
    const node = code ? cardNode(code) : backNode(ngettext("a card", "{count} cards", 1));
    node.style.setProperty("--i", String(i - (shown.length - 1) / 2));
    return node;
  });
  const box = el("div", { class: "throw", role: "img", "data-pile": String(pile),
    "aria-label": give ? ngettext("pile {pile} overloads: {who} gives {count} card away", "pile {pile} overloads: {who} gives {count} cards away", count, { pile, who: name })
    : _("pile {pile} overloads: {who} must draw {n}", { pile, who: name, n: count }) },
  el("div", { class: "throw-n", text: String(count) }),
  el("div", { class: "throw-cards" }, ...fan),
  el("div", { class: "throw-who", text: give ? ngettext("{who} gives {count} card away", "{who} gives {count} cards away", count, { who: name }) : _("{who} draws {n}", { who: name, n: count }) }));
  box.style.setProperty("--pile", String(pile - 2));
  unit.querySelectorAll(".throw").forEach((old) => old.remove());
  unit.append(box);
  setTimeout(() => box.remove(), 2600);
}

/** UNO Party!: who has pointed so far, the link between two seats. */
export function renderParty(ctrl) {
  const { view, table } = ctrl;
  const box = $("#party-note");
  if (!view || view.mini_pile === undefined) { box.hidden = true; return; }
  const name = (s) => (table.seats[s] ? table.seats[s].name : _("seat {seat}", { seat: s }));
  const bits = [];
  if (view.pointing) {
    const chosen = view.pointing.chosen.length;
    const waiting = view.active.length - chosen;
    bits.push(_("Point Taken by {who}: {chosen} pointed, {waiting} still to point", { who: name(view.pointing.player), chosen, waiting }));
  }
  if (ctrl.pointTally.size) {
    bits.push(_("Pointed at: {list}", { list: [...ctrl.pointTally].map(([s, n]) => `${name(s)} × ${n}`).join(", ") }));
  }
  if (view.link) bits.push(_("{who} and {whom} are linked: what one draws, the other draws too", { who: name(view.link[0]), whom: name(view.link[1]) }));
  box.hidden = !bits.length;
  box.replaceChildren(...bits.map((t) => el("div", { text: t })));
}
