// Your hand along the bottom: sorted (by colour or by value), playable cards raised, played by
// click, tap or keyboard (arrow keys move along the hand, Enter or Space plays).
import { $, keyed, setProps } from "./dom.js";
import { cardName, cardNode, setCard, sortCards } from "./cards.js";

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
  // cards arrive with a short animation: each new card after the first frame, and the deal
  const fresh = ctrl.handKeys || ctrl.newEvents.some((e) => e.event.type === "deal");
  const lost = keyed(box, items, (c) => c.key, (c) => {
    const b = cardNode(c.code, "button");
    b.type = "button";
    b.addEventListener("click", () => ctrl.playCard(b.dataset.code));
    b.addEventListener("keydown", onCardKey);
    if (fresh) b.classList.add("arrive");
    return b;
  }, (b, c) => {
    setCard(b, c.code);
    const options = playOptions(ctrl.legal, c.code);
    const drawn = view.drawn === c.code;
    setProps(b, {
      class: `card${options.length ? " playable" : ""}${drawn ? " drawn" : ""}${b.classList.contains("arrive") ? " arrive" : ""}`,
      "aria-disabled": options.length ? null : "true",
      "aria-label": `${cardName(c.code)}${options.length ? ", playable" : ""}${drawn ? ", just drawn" : ""}`,
    });
  });
  ctrl.handKeys = true;
  const count = cards.length;
  box.style.setProperty("--count", String(count));
  setProps($("#hand-title"), { text: seat === null ? "" : `Your hand: ${count} card${count === 1 ? "" : "s"}` });
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
