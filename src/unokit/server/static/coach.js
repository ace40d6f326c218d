// Help for a first game: the lobby offers a guided round against one easy bot, and at that
// table short tips come up as the moments they explain first arrive (a raised card, a draw,
// the drawn card, UNO!, a catch, the round's end), each once, put away with "Got it" or all
// of them with "No more tips". The guided table is marked in this tab only (sessionStorage).
import { $, el } from "./dom.js";
import { FEEL_WORDS } from "./words.js";

const KEY = "unokit:learn";
const shown = new Set();
let current = null;

/** The lobby's offer: a 2-seat table against an easy bot, opened with the tips on. */
export function offerFirstGame(status) {
  const go = el("button", { type: "button", id: "first-game", class: "primary", text: FEEL_WORDS.firstGame });
  go.addEventListener("click", async () => {
    const name = localStorage.getItem("unokit:name") || FEEL_WORDS.firstGameName;
    const body = { name, preset: "mattel-2021", seats: 2, bots: ["easy"] };
    const res = await fetch("/api/tables", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const data = await res.json();
    if (!res.ok) { status(data.error || FEEL_WORDS.firstGameRefused); return; }
    localStorage.setItem(`unokit:token:${data.table}`, data.token);
    sessionStorage.setItem(KEY, data.table);
    location.href = data.url;
  });
  $("#lobby").prepend(el("section", { class: "panel", id: "first-game-panel" }, el("p", { text: FEEL_WORDS.firstGameWhy }), go));
}

/** Which tip the table calls for now, if any. */
function moment(ctrl) {
  const { view, table, seat, legal } = ctrl;
  if (table.state === "lobby") return "start";
  if (!view || seat === null) return null;
  if (view.over) return "over";
  if (legal.some((a) => a.startsWith("catch "))) return "catch";
  if (legal.includes("uno") || legal.some((a) => a.endsWith(" uno"))) return "uno";
  if (view.to_play !== seat) return null;
  if (view.phase === "drawn") return "drawn";
  if (legal.some((a) => a.startsWith("play "))) return "raised";
  if (legal.includes("draw")) return "draw";
  return null;
}

function put(tip) {
  let box = $("#coach");
  if (!box) {
    const done = el("button", { type: "button", class: "small", text: FEEL_WORDS.coachOk });
    done.addEventListener("click", () => { box.hidden = true; });
    const stop = el("button", { type: "button", class: "small", text: FEEL_WORDS.coachStop });
    stop.addEventListener("click", () => { sessionStorage.removeItem(KEY); box.remove(); });
    box = el("aside", { id: "coach", role: "note", "aria-live": "polite" }, el("p", { class: "tip" }), done, stop);
  }
  // the round's end is told on the sheet that covers the table: the tip goes on it (above its
  // buttons), where it can be read and put away
  const controls = $("#result-controls");
  if (tip === "over" && controls) controls.before(box);
  else if (box.parentElement !== $("#felt")) $("#felt").append(box);
  box.dataset.tip = tip;
  box.querySelector(".tip").textContent = FEEL_WORDS.coach[tip];
  box.hidden = false;
}

/** After each redraw at the guided table: the tip for a moment met for the first time. */
export function coach(ctrl, tableId) {
  if (sessionStorage.getItem(KEY) !== tableId) return;
  const tip = moment(ctrl);
  if (!tip || shown.has(tip) || tip === current) return;
  shown.add(tip);
  current = tip;
  put(tip);
}
