// Chat while playing on a phone, where the chat panel is off the first screen: a Chat button
// in the top bar with a badge of unread lines, a toast with each new line from someone else, and the chat
// as a sheet one tap away. Quick reactions (a few emotes) are ordinary chat lines, so they
// cost the server what a line costs and fall under the same rations.
import { $, el } from "./dom.js";
import { LANDSCAPE } from "./landscape.js";
import { PHONE } from "./table.js";
import { FEEL_WORDS } from "./words.js";

const TOAST_MS = 4000;
let unread = 0;
let seenId = 0;  // the last line id taken
let firstBatch = true;  // a connection's first chat frame: the recent lines, mostly old
const RECENT_S = 20;  // a line of the first batch this young is still news
let toastTimer = null;

const small = () => window.matchMedia(PHONE).matches || window.matchMedia(LANDSCAPE).matches;
const isOpen = () => document.body.classList.contains("chat-open");

function badge() {
  const b = $("#chat-open");
  if (!b) return;
  b.querySelector(".badge").textContent = unread ? String(unread) : "";
  b.querySelector(".badge").hidden = !unread;
  b.setAttribute("aria-label", FEEL_WORDS.chatButton(unread));
}

function open(show) {
  const panel = $("#chat").closest("section");
  const sheet = $("#chat-sheet");
  document.body.classList.toggle("chat-open", show);
  $("#chat-open").setAttribute("aria-expanded", String(show));
  if (show) {
    sheet.querySelector(".sheet-body").append(panel);  // the panel itself, its form and all
    sheet.hidden = false;
    unread = 0;
    badge();
    $("#chat").scrollTop = $("#chat").scrollHeight;
    $("#chat-toast").hidden = true;
  } else {
    $("#side-chat-home").after(panel);
    sheet.hidden = true;
  }
}

/** Build the button, the toast, the sheet and the emotes (once, on the table page). */
export function setupChatSheet(send) {
  const panel = $("#chat").closest("section");
  panel.before(el("span", { id: "side-chat-home", hidden: true }));
  const button = el("button", { type: "button", id: "chat-open", class: "small", "aria-expanded": "false", "aria-controls": "chat-sheet" },
    el("span", { text: FEEL_WORDS.chat }), el("span", { class: "badge", hidden: true }));
  button.addEventListener("click", () => open(!isOpen()));
  const toast = el("button", { type: "button", id: "chat-toast", hidden: true });
  toast.addEventListener("click", () => open(true));
  const close = el("button", { type: "button", class: "small", text: FEEL_WORDS.chatClose });
  close.addEventListener("click", () => open(false));
  const sheet = el("section", { id: "chat-sheet", hidden: true, "aria-label": FEEL_WORDS.chat },
    el("div", { class: "sheet-head" }, close), el("div", { class: "sheet-body" }));
  const emotes = el("div", { id: "emotes", role: "group", "aria-label": FEEL_WORDS.emotes },
    ...FEEL_WORDS.emoteList.map((text) => {
      const b = el("button", { type: "button", class: "small emote", text });
      b.addEventListener("click", () => send({ type: "chat", text }));
      return b;
    }));
  $("#chat-form").after(emotes);
  $("#sort-toggle").before(button);  // in the bar: it covers nothing of the table
  document.body.append(toast, sheet);
  document.addEventListener("keydown", (ev) => { if (ev.key === "Escape" && isOpen()) open(false); });
  badge();
}

/** A new connection: its first chat frame repeats the recent lines. */
export function chatConnected() { firstBatch = true; }

/** New chat lines (`ctrl.chat` already holds them): the badge counts the others' lines the
 *  player has not seen, and the last shows as a toast, on a phone with the sheet shut. */
export function chatArrived(ctrl) {
  const lines = ctrl.chat;
  const last = lines.length ? lines.at(-1).id : 0;
  const now = Date.now() / 1000;
  const fresh = lines.filter((m) => m.id > seenId && m.seat !== ctrl.seat && (!firstBatch || now - m.at < RECENT_S));
  seenId = Math.max(seenId, last);
  firstBatch = false;
  $("#emotes").hidden = ctrl.seat === null;
  if (!fresh.length || !small() || isOpen()) return;
  unread += fresh.length;
  badge();
  const m = fresh.at(-1);
  const toast = $("#chat-toast");
  toast.textContent = `${m.name}: ${m.text}`;
  toast.hidden = false;
  placeToast(toast);
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { toast.hidden = true; }, TOAST_MS);
}

const rect = (node) => node.getBoundingClientRect();
const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Put the toast where it covers no seat, pile or unit: under the seats along the felt's top
 *  (a phone held upright lays them out there as a grid), else just above the felt's foot,
 *  else over the top bar. */
function placeToast(toast) {
  const felt = $("#felt");
  if (!felt) return;
  const f = rect(felt);
  const keep = [...document.querySelectorAll("#seats .seat, #piles, #unit:not([hidden]), #coach")].map(rect).filter((r) => r.width);
  const { width, height } = rect(toast);
  const left = f.left + (f.width - width) / 2;
  let under = f.top + 6;  // below the top seats in the toast's own column
  for (const r of keep) {
    if (r.left < left + width && left < r.right && (r.top + r.bottom) / 2 < f.top + f.height / 3) under = Math.max(under, r.bottom + 6);
  }
  const fits = (top) => !keep.some((r) => meets(r, { left, right: left + width, top, bottom: top + height }));
  const top = [under, f.bottom - height - 6].find((t) => t >= f.top && t + height <= f.bottom && fits(t));
  toast.style.top = `${top === undefined ? 4 : top}px`;
  toast.style.left = `${f.left + f.width / 2}px`;
}
