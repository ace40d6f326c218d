// Per-variant panels: the Triple Play unit (three piles, lit piles, each counter's light, the
// press buttons, overload flashes) and UNO Party!'s pointing tally and link banner.
import { $, el, setProps } from "./dom.js";
import { cardName, cardNode, setCard, COLORS } from "./cards.js";

const LIGHT = { G: "green", Y: "yellow", R: "red" };

function createSlot(n, ctrl) {
  const press = el("button", { type: "button", class: "press" }, el("span", { text: "Press" }));
  press.addEventListener("click", () => ctrl.act(`press @${n}`));
  const card = cardNode("W");
  card.id = `pile-${n}`;
  return el("div", { class: "slot", "data-pile": String(n) },
    el("div", { class: "light-row" }, el("span", { class: "light", "aria-hidden": "true" }), el("span", { class: "counter" })),
    el("div", { class: "slot-card" }, card),
    el("div", { class: "pile-no", "aria-hidden": "true", text: `pile ${n}` }),
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
    const color = view.colors[i] ? COLORS[view.colors[i]] : "the next player's choice";
    card.setAttribute("aria-label", `pile ${n}: ${cardName(code)} (${view.piles[i].length} card${view.piles[i].length === 1 ? "" : "s"}), colour ${color}` +
      `${lit ? ", lit" : ""}, counter ${view.counters[i]}, light ${LIGHT[light]}`);
    setProps(slot, { class: `slot${lit ? " lit" : ""} light-${light}` });
    setProps(slot.querySelector(".light"), { title: `light ${LIGHT[light]}` });
    setProps(slot.querySelector(".counter"), { text: `${view.counters[i]} press${view.counters[i] === 1 ? "" : "es"}` });
    const can = ctrl.legal.includes(`press @${n}`);
    const press = slot.querySelector(".press");
    setProps(press, { disabled: !can, class: `press${can ? " can" : ""}`, "aria-label": `press pile ${n}`, "data-action": can ? `press @${n}` : null });
    if (overloaded.has(`@${n}`)) { slot.classList.remove("flash"); void slot.offsetWidth; slot.classList.add("flash"); }
  });
  const clock = view.timer ? `Timer mode: ${view.timer} s a turn${view.clock === "paused" ? " (paused)" : ""}` : "";
  setProps($("#unit-note"), { text: clock });
  setProps($("#set-aside"), { text: view.set_aside.length ? `${view.set_aside.length} card${view.set_aside.length === 1 ? "" : "s"} set aside` : "" });
}

/** UNO Party!: who has pointed so far, the link between two seats. */
export function renderParty(ctrl) {
  const { view, table } = ctrl;
  const box = $("#party-note");
  if (!view || view.mini_pile === undefined) { box.hidden = true; return; }
  const name = (s) => (table.seats[s] ? table.seats[s].name : `seat ${s}`);
  const bits = [];
  if (view.pointing) {
    const chosen = view.pointing.chosen.length;
    const waiting = view.active.length - chosen;
    bits.push(`Point Taken by ${name(view.pointing.player)}: ${chosen} pointed, ${waiting} still to point`);
  }
  if (ctrl.pointTally.size) {
    bits.push(`Pointed at: ${[...ctrl.pointTally].map(([s, n]) => `${name(s)} × ${n}`).join(", ")}`);
  }
  if (view.link) bits.push(`${name(view.link[0])} and ${name(view.link[1])} are linked: what one draws, the other draws too`);
  box.hidden = !bits.length;
  box.replaceChildren(...bits.map((t) => el("div", { text: t })));
}
