// Your hand along the bottom: sorted (by colour or by value), playable cards raised, played by
// click, tap, keyboard (arrow keys move along the hand, Enter or Space plays) or by dragging
// it onto the table (pointer events: mouse, pen and touch alike; on Triple Play's unit, onto
// the pile it should go on).
import { $, keyed, setProps } from "./dom.js";
import { cardName, cardNode, setCard, sortCards } from "./cards.js";
import { _, ngettext } from "./words.js";

export function playOptions(legal, code) {
  return legal.filter((a) => {
    const parts = a.split(" ");
    return (parts[0] === "play" || parts[0] === "jump") && parts[1] === code;
  });
}

export function renderHand(ctrl) {
  const { view, seat } = ctrl;
  const box = $("#hand");
  const dock = $("#dock");
  const cards = !view || seat === null ? [] : sortCards(view.hand, ctrl.sortBy);
  dock.classList.toggle("spectating", seat === null);
  const seen = new Map();
  const items = cards.map((code) => {
    const n = (seen.get(code) || 0) + 1;
    seen.set(code, n);
    return { code, key: `${code}#${n}` };
  });
  // one "just drawn" outline, on the last copy of the drawn card's face (two alike are one)
  const drawnKey = view && view.drawn ? `${view.drawn}#${seen.get(view.drawn) || 0}` : null;
  // cards arrive with a short animation: each new card after the first frame, and the deal
  const fresh = ctrl.handKeys || ctrl.newEvents.some((e) => e.event.type === "deal");
  const lost = keyed(box, items, (c) => c.key, (c) => {
    const b = cardNode(c.code, "button");
    b.type = "button";
    b.addEventListener("click", () => {
      if (b._dragged) { b._dragged = false; return; }  // the click that ends a drag
      ctrl.playCard(b.dataset.code);
    });
    b.addEventListener("keydown", onCardKey);
    b.addEventListener("pointerdown", (ev) => startDrag(ev, ctrl));
    if (fresh) b.classList.add("arrive");
    return b;
  }, (b, c) => {
    setCard(b, c.code);
    const options = playOptions(ctrl.legal, c.code);
    const drawn = c.key === drawnKey;
    setProps(b, {
      class: `card${options.length ? " playable" : ""}${drawn ? " drawn" : ""}${b.classList.contains("arrive") ? " arrive" : ""}${b.classList.contains("dragging") ? " dragging" : ""}`,
      "aria-disabled": options.length ? null : "true",
      "aria-label": handLabel(cardName(c.code), options.length > 0, drawn),
    });
  });
  ctrl.handKeys = true;
  const count = cards.length;
  box.style.setProperty("--count", String(count));
  box.classList.toggle("crowded", count >= 20);
  setProps($("#hand-title"), { text: seat === null ? "" : ngettext("Your hand: {count} card", "Your hand: {count} cards", count) });
  if (lost) {
    const next = box.querySelector("button.playable") || box.querySelector("button") || $("#draw-pile");
    if (next && !next.disabled) next.focus({ preventScroll: true });
  }
  setTimeout(() => box.querySelectorAll(".arrive").forEach((b) => b.classList.remove("arrive")), 450);
}

function onCardKey(ev) {
  if (ev.key !== "ArrowLeft" && ev.key !== "ArrowRight") return;
  const all = [...$("#hand").querySelectorAll("button")];
  const i = all.indexOf(ev.currentTarget);
  const next = all[i + (ev.key === "ArrowLeft" ? -1 : 1)];
  if (next) next.focus();
  ev.preventDefault();
}

// ---------------------------------------------------------------- dragging ---
const DRAG_START = 8;  // pixels the pointer moves before a press becomes a drag

/** Where a card dropped at (x, y) goes: a Triple Play pile (its number), the table (0). */
function dropZone(x, y) {
  for (const node of document.elementsFromPoint(x, y)) {
    if (node.closest("#hand")) continue;
    const slot = node.closest(".slot[data-pile]");
    if (slot) return { node: slot, pile: Number(slot.dataset.pile) };
    const felt = node.closest("#felt");
    if (felt) return { node: felt, pile: 0 };
  }
  return null;
}

/** A card of the hand as a screen reader says it: its name, whether it plays, whether just drawn. */
function handLabel(card, playable, drawn) {
  if (playable && drawn) return _("{card}, playable, just drawn", { card });
  if (playable) return _("{card}, playable", { card });
  return drawn ? _("{card}, just drawn", { card }) : card;
}

/** Whether Triple Play's pile `pile` takes the card `code` now (0: the table, any pile). */
export function pileTakes(legal, code, pile) {
  return !pile || playOptions(legal, code).some((a) => a.split(" ").includes(`@${pile}`));
}

/** While a card is dragged, the piles that take it are lit as targets; only those. */
function lightTargets(ctrl, code) {
  for (const slot of document.querySelectorAll(".slot[data-pile]")) {
    slot.classList.toggle("can-take", code !== null && pileTakes(ctrl.legal, code, Number(slot.dataset.pile)));
  }
}

function startDrag(ev, ctrl) {
  const card = ev.currentTarget;
  if (!card.classList.contains("playable") || ev.button > 0) return;
  const start = { x: ev.clientX, y: ev.clientY };
  const code = card.dataset.code;
  let dragging = false;
  let over = null;
  const mark = (zone) => {
    const node = zone && pileTakes(ctrl.legal, code, zone.pile) ? zone.node : null;
    if (over === node) return;
    if (over) over.classList.remove("drop-here");
    over = node;
    if (over) over.classList.add("drop-here");
  };
  const move = (e) => {
    if (e.pointerId !== ev.pointerId) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    if (!dragging && Math.hypot(dx, dy) < DRAG_START) return;
    if (!dragging) { dragging = true; card.classList.add("dragging"); lightTargets(ctrl, code); }
    card.style.translate = `${dx}px ${dy}px`;
    mark(dropZone(e.clientX, e.clientY));
  };
  const end = (e) => {
    if (e.pointerId !== ev.pointerId) return;
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", end);
    window.removeEventListener("pointercancel", end);
    mark(null);
    if (!dragging) return;  // a press without a drag: the click plays it
    lightTargets(ctrl, null);
    card.classList.remove("dragging");
    card.style.translate = "";
    card._dragged = true;
    setTimeout(() => { card._dragged = false; }, 0);
    const zone = e.type === "pointerup" ? dropZone(e.clientX, e.clientY) : null;
    if (zone) ctrl.playCard(card.dataset.code, zone.pile);
  };
  // on the window, not the card: the pointer leaves the card as soon as it moves it
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", end);
  window.addEventListener("pointercancel", end);
}
