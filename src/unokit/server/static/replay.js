// The replay page (/replay): a record stepped through move by move on the live table's own
// drawing. The steps are the game's engine's: a finished table's match by its link
// (/replay?table=ID, from the server), or a record given to this page (dropped or picked). A
// record the server handed out carries its steps and is read here alone, nothing sent; one
// without them (written by `unokit play`) is sent to the server only when the person asks.
import { $, el } from "./dom.js";
import { _, describe, num, told } from "./words.js";

const MAX_FILE = 16 * 1024 * 1024;  // a file read here (a long match with its steps: ~3 MB)
const MAX_SENT = 4 * 1024 * 1024;   // the server's own bound on a record it replays
const FORMATS = ["unokit.match", "unokit.game"];
const SEAT_FORMATS = ["unokit.match.seat", "unokit.game.seat"];

let data = null;   // { rules, target, names, seats, steps }
let at = 0;        // the step shown
let draw = null;   // app.js's drawStep(table, view, events, tally)
let tableId = null;
let recordText = null;  // a record given to the page, sent (when asked) to replay it
let local = false;     // the steps were read from the file: nothing is sent
let seat = null;       // whose view is shown (null: a spectator's, every hand hidden)

export function showReplay(hooks) {
  draw = hooks.draw;
  document.body.classList.add("replaying");
  document.title = _("Watch again · unokit");
  tableId = new URLSearchParams(location.search).get("table");
  if (tableId && /^[A-Za-z0-9_-]{1,64}$/.test(tableId)) { load(steps(), 0); return; }
  tableId = null;
  $("#replay-open").hidden = false;
  const input = $("#replay-file");
  input.addEventListener("change", () => { if (input.files[0]) openFile(input.files[0]); });
  $("#replay-send").addEventListener("click", () => {
    $("#replay-ask").hidden = true;
    load(steps(), 0);
  });
  const drop = $("#replay-drop");
  drop.addEventListener("dragover", (ev) => { ev.preventDefault(); drop.classList.add("over"); });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (ev) => {
    ev.preventDefault();
    drop.classList.remove("over");
    const file = ev.dataTransfer && ev.dataTransfer.files[0];
    if (file) openFile(file);
  });
}

function refuse(text) {
  const box = $("#replay-error");
  box.textContent = text;
  box.hidden = false;
}

/** A record given to the page, read and checked here. Its own steps (a record the server
 *  handed out) are stepped through here, nothing sent; a full record without them is sent
 *  to the server only on the person's word; a file that is no record is refused. */
async function openFile(file) {
  $("#replay-error").hidden = true;
  $("#replay-ask").hidden = true;
  if (file.size > MAX_FILE) { refuse(_("This file is {size} MB: a record read here is 16 MB at most.", { size: mb(file.size) })); return; }
  let record;
  const text = await file.text();
  try { record = JSON.parse(text); } catch { refuse(_("{file} is not a record: it is not JSON.", { file: file.name })); return; }
  const fmt = record && typeof record === "object" ? record.format : undefined;
  if (!FORMATS.includes(fmt) && !SEAT_FORMATS.includes(fmt)) { refuse(_("{file} is not a unokit game or match record.", { file: file.name })); return; }
  const own = stepsOf(record);
  if (own) { local = true; show(own, 0); return; }
  if (SEAT_FORMATS.includes(fmt)) { refuse(_("This is one seat's record, saved without its moves' drawing: it hides the other hands, so the table cannot be drawn from it. A seat's record downloaded from a table carries its drawing.")); return; }
  if (text.length > MAX_SENT) { refuse(_("{file} holds the moves but not their drawing, and at {size} MB it is beyond what this server replays (4 MB).", { file: file.name, size: mb(text.length) })); return; }
  recordText = text;
  $("#replay-ask-text").textContent = _("{file} holds the moves but not their drawing (a record written by the unokit command): this page cannot draw it alone.", { file: file.name });
  $("#replay-ask").hidden = false;
}

/** A size in megabytes, one decimal, as the locale writes it. */
const mb = (bytes) => (Math.round(bytes / 104857.6) / 10).toLocaleString(document.documentElement.lang || "en", { minimumFractionDigits: 1, maximumFractionDigits: 1, numberingSystem: "latn" });

/** The steps a record carries (the server wrote them with the game's engine), made whole:
 *  each compact step gives only what changed since the step before. `null`: none, or not
 *  in the shape this page draws. */
function stepsOf(record) {
  const r = record.replay;
  const seatOf = SEAT_FORMATS.includes(record.format) ? record.seat : null;
  if (!r || typeof r !== "object" || !Array.isArray(r.steps) || !r.steps.length) return null;
  if (!Array.isArray(r.names) || r.names.length !== record.players || !r.names.every((n) => typeof n === "string")) return null;
  if ((r.seat ?? null) !== seatOf || typeof r.rules !== "string") return null;
  if (!r.steps.every((s) => s && typeof s === "object" && s.view && typeof s.view === "object" && Array.isArray(s.events))) return null;
  let steps = r.steps;
  if (r.compact) {
    let view = {};
    let last = {};
    steps = r.steps.map((s) => {
      view = { ...view, ...s.view };
      for (const key of Array.isArray(s.drop) ? s.drop : []) delete view[key];
      const whole = { round: last.round, scores: last.scores, match_over: last.match_over, match_winner: last.match_winner };
      for (const key of Object.keys(whole)) if (key in s) whole[key] = s[key];
      whole.view = view;
      whole.events = s.events;
      last = whole;
      return whole;
    });
  }
  if (!steps.every((s) => Number.isInteger(s.round) && Array.isArray(s.scores))) return null;
  return { rules: r.rules, game: r.game, target: r.target, players: record.players, names: r.names, seat: seatOf, steps };
}

/** The steps, as a spectator or as `seat` saw them. A given record is sent as the file's own
 *  text, not the parsed object again: its seeds are 64-bit, beyond a JavaScript number. */
function steps() {
  const query = seat === null ? "" : `?seat=${seat}`;
  if (tableId) return fetch(`/api/tables/${tableId}/replay${query}`);
  return fetch(`/api/replay${query}`, { method: "POST", headers: { "content-type": "application/json" }, body: recordText });
}

async function load(request, step) {
  let res;
  try { res = await request; } catch { refuse(_("The server cannot be reached: try again in a moment.")); $("#replay-open").hidden = false; return; }
  const body = await res.json().catch(() => ({}));
  if (!res.ok) {
    $("#replay-open").hidden = false;
    refuse(_("This record cannot be replayed: {reason}", { reason: body.detail || body.error || res.status }));
    return;
  }
  show(body, step);
}

/** Steps to draw, from the server or the file: shown from `step` on. */
function show(body, step) {
  // each pile comes as how many cards it holds: the table draws no more than that
  for (const step of body.steps) {
    const v = step.view;
    if (typeof v.discard === "number") v.discard = Array.from({ length: v.discard });
    if (v.piles) v.piles = v.piles.map((n) => Array.from({ length: n }));
  }
  const first = data === null;
  data = body;
  data.seats = body.seats || body.names.map((name, s) => ({ seat: s, kind: "human", name, bot: null, strength: null, present: true }));
  if (first) start();
  buildMoves();
  go(Math.min(step, data.steps.length - 1));
}

function start() {
  $("#replay-open").hidden = true;
  $("#table").hidden = false;
  document.body.classList.add("at-table");
  $("#replay-bar").hidden = false;
  $("#moves-panel").hidden = false;
  $("#log").closest("section").hidden = true;
  $("#chat").closest("section").hidden = true;
  $("#alert-toggle").closest("p").hidden = true;
  const record = $("#record");
  if (tableId) { record.href = `/api/tables/${tableId}/record`; record.setAttribute("download", `unokit-${tableId}.json`); }
  else record.closest("p").hidden = true;
  const rounds = [...new Set(data.steps.map((s) => s.round))];
  $("#replay-round").replaceChildren(...rounds.map((r) => el("option", { value: String(r), text: _("{round} of {rounds}", { round: num(r), rounds: num(rounds.length) }) })));
  $("#replay-round").addEventListener("change", (ev) => go(firstOf(Number(ev.target.value))));
  $("#replay-first").addEventListener("click", () => go(firstOf(data.steps[at].round)));
  $("#replay-last").addEventListener("click", () => go(lastOf(data.steps[at].round)));
  $("#replay-back").addEventListener("click", () => go(at - 1));
  $("#replay-next").addEventListener("click", () => go(at + 1));
  const who = $("#replay-seat");
  // a file's own steps show the one point of view it was saved with: another seat's would
  // need the server, and nothing of the file is sent
  who.closest("label").hidden = local;
  who.replaceChildren(el("option", { value: "", text: _("the table (hands hidden)") }),
    ...data.names.map((name, s) => el("option", { value: String(s), text: _("{name}'s seat", { name }) })));
  who.addEventListener("change", () => {
    seat = who.value === "" ? null : Number(who.value);
    load(steps(), at);
  });
  document.addEventListener("keydown", onKey);
}

const firstOf = (round) => data.steps.findIndex((s) => s.round === round);
function lastOf(round) {
  for (let i = data.steps.length - 1; i >= 0; i--) if (data.steps[i].round === round) return i;
  return 0;
}

function onKey(ev) {
  if (["INPUT", "TEXTAREA", "SELECT"].includes(ev.target.tagName) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const round = data.steps[at].round;
  const moves = {
    ArrowRight: () => (ev.shiftKey ? firstOf(round + 1) : at + 1),
    ArrowLeft: () => (ev.shiftKey ? firstOf(Math.max(1, at === firstOf(round) ? round - 1 : round)) : at - 1),
    Home: () => firstOf(round), End: () => lastOf(round),
  };
  if (!moves[ev.key]) return;
  const to = moves[ev.key]();
  ev.preventDefault();
  if (to >= 0) go(to);
}

/** The record's engine (Rules.game); a record saved before it was carried names its preset. */
const gameOf = (d) => (typeof d.game === "string" ? d.game : d.rules === "party" ? "party" : "classic");

/** One line per step in the move list: its events in words (the deal opens each round). */
function buildMoves() {
  const names = data.names;
  const items = data.steps.map((step, i) => {
    const first = i === 0 || data.steps[i - 1].round !== step.round;
    const words = told(step.events, (e) => e.event).map((e) => describe(e.event, names, e.text, null, gameOf(data))).filter(Boolean);
    const text = first ? _("Round {round}: the deal. {moves}", { round: num(step.round), moves: words.join(" · ") }).trim() : words.join(" · ") || "…";
    const b = el("button", { type: "button", class: "move", text });
    b.addEventListener("click", () => go(i));
    return el("li", { "data-step": String(i), class: first ? "round-start" : "" }, b);
  });
  $("#moves").replaceChildren(...items);
}

/** Party!'s pointing tally as it stood: the points of the pointing under way (or just over). */
function tallyAt(i) {
  const tally = new Map();
  for (let j = i; j >= 0; j--) {
    const step = data.steps[j];
    for (const e of step.events) if (e.event.type === "point") tally.set(e.event.target, (tally.get(e.event.target) || 0) + 1);
    if (j < i && !step.view.pointing) break;
  }
  return tally;
}

function go(i) {
  if (!data || i < 0 || i >= data.steps.length) return;
  at = i;
  const step = data.steps[i];
  const table = {
    id: tableId, title: null, settings: { house: {}, turn_timer: null }, rules: data.rules, game: gameOf(data), target: data.target,
    state: step.match_over ? "over" : "playing", fixed_seed: null, owner: null, version: i, match_no: 0,
    round: step.round, scores: step.scores, match_over: step.match_over, match_winner: step.match_winner, seats: data.seats,
  };
  draw(table, step.view, step.events, tallyAt(i), data.seat === undefined ? null : data.seat);
  document.body.dataset.watching = data.seat === null || data.seat === undefined ? "" : String(data.seat);
  document.body.dataset.step = String(i);
  const first = firstOf(step.round);
  const last = lastOf(step.round);
  $("#replay-where").textContent = _("Round {round}, move {move} of {moves}", { round: num(step.round), move: num(i - first), moves: num(last - first) });
  $("#replay-round").value = String(step.round);
  $("#replay-back").disabled = i === 0;
  $("#replay-next").disabled = i === data.steps.length - 1;
  const moves = $("#moves");
  const was = moves.querySelector("[aria-current]");
  if (was) was.removeAttribute("aria-current");
  const now = moves.children[i];
  now.setAttribute("aria-current", "step");
  // the move's words under the table too: on a phone the move list is far below it
  let said = $("#replay-said");
  if (!said) { said = el("p", { id: "replay-said", "aria-live": "polite" }); $("#replay-bar").append(said); }
  said.textContent = now.textContent;
  // the list scrolls in its own box (never the page, which on a phone holds the table above)
  if (now.offsetTop < moves.scrollTop || now.offsetTop + now.offsetHeight > moves.scrollTop + moves.clientHeight) {
    moves.scrollTop = now.offsetTop - moves.clientHeight / 2;
  }
}
