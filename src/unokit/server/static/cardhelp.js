// "What does this card do": hovering a card shows its help as the card's tooltip; a long
// press on a phone (over half a second, without moving) shows it in a bubble by the card and
// does not play it. Works for every card on the page: the hand, the piles, the unit, replays.
import { cardHelp } from "./words.js";

const LONG_MS = 550;
const STILL = 8;  // pixels a finger may move and still be pressing

let bubble = null;
let held = false;  // a long press just ended: the click that follows it plays nothing

function hide() { if (bubble) bubble.hidden = true; }

function show(card) {
  if (!bubble) {
    bubble = document.createElement("div");
    bubble.id = "card-help";
    bubble.setAttribute("role", "tooltip");
    document.body.append(bubble);
  }
  bubble.textContent = cardHelp(card.dataset.code);
  bubble.hidden = false;
  const r = card.getBoundingClientRect();
  const top = r.top > 120 ? r.top - 8 : r.bottom + 8;
  bubble.style.left = `${Math.min(Math.max(8, r.left + r.width / 2 - 140), window.innerWidth - 288)}px`;
  bubble.style.top = `${top}px`;
  bubble.classList.toggle("above", r.top > 120);
}

export function setupCardHelp() {
  document.addEventListener("pointerover", (ev) => {
    const card = ev.target.closest && ev.target.closest(".card[data-code]");
    if (card && ev.pointerType === "mouse" && !card.title) card.title = cardHelp(card.dataset.code);
  });
  document.addEventListener("pointerdown", (ev) => {
    hide();
    held = false;
    const card = ev.target.closest && ev.target.closest(".card[data-code]");
    if (!card || ev.pointerType === "mouse") return;
    const start = { x: ev.clientX, y: ev.clientY };
    const timer = setTimeout(() => { held = true; show(card); }, LONG_MS);
    const stop = () => {
      clearTimeout(timer);
      document.removeEventListener("pointerup", stop);
      document.removeEventListener("pointercancel", stop);
      document.removeEventListener("pointermove", moved);
    };
    const moved = (e) => { if (Math.hypot(e.clientX - start.x, e.clientY - start.y) > STILL) stop(); };
    document.addEventListener("pointerup", stop);
    document.addEventListener("pointercancel", stop);
    document.addEventListener("pointermove", moved);
  }, { capture: true });
  document.addEventListener("click", (ev) => {
    if (!held) return;
    held = false;
    ev.preventDefault();
    ev.stopPropagation();
  }, { capture: true });
  document.addEventListener("contextmenu", (ev) => {  // a long press's own menu: the help instead
    if (ev.target.closest && ev.target.closest(".card[data-code]")) ev.preventDefault();
  });
}
