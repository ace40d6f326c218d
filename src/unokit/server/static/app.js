// unokit's table page: ES modules, no build step. This module is the controller: it holds the
// last state frame and the player's half-made choices, and on each frame patches the page in
// place (table, hand, prompts, variant panels, side panels), so focus and scroll survive.
import { $, el, keyed, setProps } from "./dom.js";
import { connect, send, setToken, downloadRecord, reconnectNow, nextTry } from "./net.js";
import { cardName } from "./cards.js";
import { renderSeats, renderCenter } from "./table.js";
import { renderHand, playOptions } from "./hand.js";
import { promptText, aimedActions, renderActions, describeChoice, openChooser } from "./prompts.js";
import { refusalWords } from "./refusals.js";
import { renderUnit, renderParty } from "./variants.js";
import { addChat, appendLog, appendNote, renderChat, renderScores, renderRules, renderResult } from "./side.js";
import { refusalText, showLobby } from "./lobby.js";
import { N_, choose, lang, languages, translateDocument } from "./i18n.js";
import { setupAlerts, yourTurn } from "./alerts.js";
import { cue, frameCue } from "./cues.js";
import { askSound } from "./soundchoice.js";
import { setupSidePanel } from "./sidepanel.js";
import { setupBarMenu } from "./barmenu.js";
import { FEEL_WORDS, _, ngettext, num } from "./words.js";
import { animate } from "./motion.js";
import { renderDry } from "./dry.js";
import { renderWatchers } from "./watchers.js";
import { chatArrived, chatConnected, setupChatSheet } from "./chatsheet.js";
import { setupCardHelp } from "./cardhelp.js";
import { coach, offerFirstGame } from "./coach.js";

// The page in the reader's language (navigator.languages, or the one they chose here).
translateDocument();
{
  const pick = $("#lang-pick");
  for (const [code, name] of Object.entries(languages)) {
    pick.append(el("option", { value: code, lang: code.replace("_", "-"), selected: code === lang }, name));
  }
  pick.addEventListener("change", () => choose(pick.value));
}

const tableId = location.pathname.startsWith("/t/") ? location.pathname.slice(3) : null;
const replaying = location.pathname === "/replay";
const field = (form, name) => form.elements.namedItem(name);

const ctrl = {
  frame: null, table: null, version: null, view: null, seat: null, legal: [], aimed: new Map(),
  chat: [], newEvents: [], lastPlayer: null, pointTally: new Map(), linkFirst: null, armedUno: false,
  sortBy: localStorage.getItem("unokit:sort") || "color", handKeys: false, wasMine: false,
  deadline: null, tickedAt: null, dealAt: null, prompt: "", reclaim: null, tallyUntil: null, noticeUntil: null,
  resultShut: "", send, act,
};
const TALLY_MS = 4000;  // Point Taken's tally stays this long after the pointing, then goes
const NOTICE_MS = 6000;  // a refusal stays this long (or until your next move)

const FOLD_MS = 8000;  // a note in the strip under a phone's bar folds to its dot this late
let folding = null;

/** The connection in the bar; a lost one also makes the table visibly inert, with a banner.
 *  Its kind (connected, lost, trying again, a note) colours a phone's dot (style.css). */
function status(text) {
  const node = $("#status");
  node.textContent = _(text);  // the server's own errors stay as it wrote them
  node.title = node.textContent;  // a desktop bar too narrow for it: the whole words on hover
  node.toggleAttribute("data-connected", text === "connected");
  const lost = /^(connection lost|not connected)/.test(text);
  node.dataset.state = text === "connected" ? "ok" : lost ? "lost" : /(reconnecting|retrying)/.test(text) ? "wait" : "note";
  node.removeAttribute("data-folded");
  clearTimeout(folding);
  if (node.dataset.state === "note") folding = setTimeout(() => node.toggleAttribute("data-folded", true), FOLD_MS);
  if (lost || text === "connected") document.body.dataset.conn = lost ? "lost" : "ok";
  $("#offline").hidden = !lost;
}
/** The lost connection's banner counts down to the next try, beside "Reconnect now". While a
 *  try is under way the count keeps its room, unseen, so the button does not move under a
 *  finger about to tap it. */
function nextTryClock(now) {
  const box = $("#offline-next");
  if (!box) return;
  if ($("#offline").hidden) { box.textContent = ""; box.hidden = true; return; }
  const at = nextTry();
  const counting = at !== null && at > now;
  if (counting) box.textContent = ngettext("Next try in {count} s.", "Next try in {count} s.", Math.ceil((at - now) / 1000));
  box.hidden = !box.textContent;
  box.style.visibility = counting ? "" : "hidden";
}

/** A tap on a note under a phone's bar folds it to its dot; a tap on the dot unfolds it. */
$("#status").addEventListener("click", () => {
  const node = $("#status");
  if (node.dataset.state !== "note") return;
  clearTimeout(folding);
  node.toggleAttribute("data-folded");
});
function announce(text) { if (text) $("#live").textContent = text; }

/** A move the table refused, said for a person on the felt, and cleared a little later. */
function notice(text) {
  const box = $("#notice");
  box.textContent = text;
  box.hidden = !text;
  ctrl.noticeUntil = text ? performance.now() + NOTICE_MS : null;
}

function act(action) { ctrl.armedUno = false; ctrl.linkFirst = null; notice(""); send({ type: "act", action }); }

// ---------------------------------------------------------------- choices ---
ctrl.playCard = (code, pile = 0) => {
  let choices = playOptions(ctrl.legal, code);
  if (!choices.length) { announce(_("{card} cannot be played now", { card: cardName(code) })); return; }
  // dropped on one of Triple Play's piles: the choices for that pile, if it takes the card
  // a pile that does not take it refuses it there, in words: never played on another pile
  const onPile = choices.filter((a) => a.split(" ").includes(`@${pile}`));
  if (pile && !onPile.length) { const text = FEEL_WORDS.pileRefuses(cardName(code), pile); notice(text); announce(text); return; }
  if (pile) choices = onPile;
  const has = (a) => a.split(" ").includes("uno");
  const withUno = choices.filter(has);
  const withoutUno = choices.filter((a) => !has(a));
  if (withUno.length && withoutUno.length) choices = ctrl.armedUno ? withUno : withoutUno;
  if (choices.length === 1) { act(choices[0]); return; }
  const colours = choices.every((a) => /\s[RYGB](\s|$)/.test(a));
  const title = _("Play the {card}", { card: cardName(code) });
  const help = colours ? _("Name the colour: the number is how many cards of it you hold.") : _("Choose how to play it.");
  openChooser(title, help, choices.map((a) => [a, describeChoice(a, ctrl)]), act);
};

/** The round-end sheet put aside to look at the table and the log; "Show the result" brings it back. */
ctrl.shutResult = () => {
  ctrl.resultShut = $("#round-end").dataset.key || "";
  redraw();
  $("#show-result").focus();
};

ctrl.drawClick = () => { if (ctrl.legal.includes("draw")) act("draw"); };

ctrl.buttonClick = (key) => {
  if (key === "arm-uno") { ctrl.armedUno = !ctrl.armedUno; renderActions(ctrl); announce(ctrl.armedUno ? _("You will say UNO! with your next card") : ""); return; }
  act(key);
};

ctrl.aimedClick = (key) => {
  if (key.startsWith("pick ")) { ctrl.linkFirst = Number(key.slice(5)); redraw(); return; }
  if (key === "unpick") { ctrl.linkFirst = null; redraw(); return; }
  act(key);
};

// ---------------------------------------------------------------- frames ---
function onFrame(frame) {
  if (frame.type === "error") { const text = refusalWords(frame, ctrl); notice(text); announce(text); return; }
  if (frame.type === "hello") {
    document.body.dataset.seat = frame.seat === null ? "spectator" : String(frame.seat);
    ctrl.reclaim = frame.reclaim === undefined ? null : frame.reclaim;
    ctrl.table = null;
    $("#log").replaceChildren();
    chatConnected();
    return;
  }
  if (frame.type === "chat") { addChat(ctrl, frame.lines); renderChat(ctrl); chatArrived(ctrl); return; }
  if (frame.type !== "state") return;
  ctrl.frame = frame;
  const before = ctrl.table;
  // the table's public part comes only when it changed (always in a connection's first frame)
  if (frame.table) ctrl.table = frame.table;
  ctrl.version = frame.version;
  ctrl.view = frame.view;
  ctrl.seat = frame.seat;
  ctrl.legal = frame.view && frame.view.legal ? frame.view.legal : [];
  ctrl.newEvents = frame.events || [];
  if (frame.events_from === 0) ctrl.pointTally = new Map();
  for (const e of ctrl.newEvents) {
    const t = e.event.type;
    if ((t === "play" || t === "jump") && e.event.seat !== undefined) ctrl.lastPlayer = e.event.seat;
    if (t === "point") ctrl.pointTally.set(e.event.target, (ctrl.pointTally.get(e.event.target) || 0) + 1);
    if (t === "play" && e.event.cards && e.event.cards[0].endsWith("P")) { ctrl.pointTally = new Map(); ctrl.tallyUntil = null; }
  }
  // the tally stays up while the pointing lasts and a few seconds after, then goes
  if (frame.view && frame.view.pointing) ctrl.tallyUntil = null;
  else if (ctrl.pointTally.size && ctrl.tallyUntil === null) ctrl.tallyUntil = performance.now() + TALLY_MS;
  if (!ctrl.legal.some((a) => a.startsWith("link "))) ctrl.linkFirst = null;
  const clock = frame.clock || {};
  const now = performance.now();
  ctrl.deadline = clock.turn_left !== null && clock.turn_left !== undefined ? { at: now + clock.turn_left * 1000, total: clock.turn_timer } : null;
  ctrl.dealAt = clock.deal_left !== null && clock.deal_left !== undefined ? now + clock.deal_left * 1000 : null;
  if ($("#chooser").open && !ctrl.legal.length) $("#chooser").close();
  appendLog(frame, ctrl.table.seats.map((s) => s.name), ctrl.table.game);
  if (before && frame.table && frame.events_from !== 0) noteLeavers(before, frame.table);
  else if (!before && frame.table) noteFormerLeavers(frame.table);
  // one sound a frame, the most telling of its events (static/cues.js); none for a whole log
  const heard = frame.events_from === 0 ? null : frameCue(ctrl.newEvents, frame.seat);
  if (heard) cue(heard);
  redraw();
  animate(ctrl, frame);
}

function redraw() {
  const { table, view, seat } = ctrl;
  const body = document.body.dataset;
  body.seat = seat === null ? "spectator" : String(seat);
  body.version = String(ctrl.version);
  body.state = table.state;
  body.toPlay = view && view.to_play !== null ? String(view.to_play) : "";
  body.over = String(Boolean(view && view.over));
  body.rules = table.rules;
  body.game = table.game;  // the engine: UNO Party!'s jump is Speed Play, in its own words
  body.phase = view ? view.phase : "";
  $("#join").hidden = !(seat === null && table.state === "lobby" && table.seats.some((s) => s.kind === "open"));
  $("#fixed-deal").hidden = table.fixed_seed === null || table.fixed_seed === undefined;
  ctrl.aimed = aimedActions(ctrl);
  renderHost();
  renderReclaim();
  renderSeats(ctrl);
  renderCenter(ctrl);
  renderDry(ctrl);
  renderUnit(ctrl);
  renderParty(ctrl);
  renderHand(ctrl);
  renderActions(ctrl);
  if (!replaying) renderWatchers(ctrl);
  // watched again, nothing is asked of anyone: the prompt says whose turn it was
  const text = replaying ? (view && !view.over && view.to_play !== null ? _("{name} to play.", { name: table.seats[view.to_play].name }) : "") : promptText(ctrl);
  setProps($("#prompt"), { text, class: view && view.to_play === seat && seat !== null && !view.over ? "mine" : "" });
  if (text !== ctrl.prompt) { ctrl.prompt = text; announce(text); }
  renderChat(ctrl);
  renderScores(ctrl);
  renderRules(ctrl);
  renderResult(ctrl);
  if (!replaying) $("#record").onclick = (ev) => { ev.preventDefault(); downloadRecord(); };
  $("#leave").hidden = seat === null;
  const mine = Boolean(!replaying && view && !view.over && seat !== null && (view.to_play === seat || ctrl.legal.some((a) => !a.startsWith("jump ") && !a.startsWith("catch "))));
  document.title = mine ? _("● Your turn · unokit") : replaying ? _("Watch again · unokit") : "unokit";
  if (mine && !ctrl.wasMine) yourTurn(text);
  ctrl.wasMine = mine;
  if (tableId) coach(ctrl, tableId);
  tick();
}

/** One step of a record on the replay page, drawn as a spectator's state frame is: the table,
 *  the view and that step's events (Triple Play's overloads flash, Party!'s tally counts). */
function drawStep(table, view, events, tally, seat) {
  ctrl.table = table;
  ctrl.view = view;
  ctrl.seat = seat;
  ctrl.watching = true;
  ctrl.legal = [];
  ctrl.newEvents = events;
  ctrl.pointTally = tally;
  ctrl.tallyUntil = null;
  ctrl.deadline = null;
  ctrl.dealAt = null;
  // a record edited by hand may hold a step this page cannot draw: said on the page, and the
  // steps before and after it still draw
  try { redraw(); if (ctrl.badStep) { ctrl.badStep = false; notice(""); } } catch {
    ctrl.badStep = true;
    const text = _("This step of the record cannot be drawn: the file was changed after it was saved.");
    notice(text);
    ctrl.noticeUntil = null;  // it stays while the step is shown
  }
}

/** A person whose seat went to a bot (left, or given away by the host) is named in the log. */
function noteLeavers(before, table) {
  for (const s of table.seats) {
    const was = before.seats[s.seat];
    if (was && was.kind === "human" && s.kind === "bot") appendNote(_("{name} left the table: {bot} plays the seat from here", { name: was.name, bot: s.name }));
  }
}

/** A page that connects after someone left: the match's leavers (the table's events, codes)
 *  named in the log as they were to those who saw them go. */
function noteFormerLeavers(table) {
  for (const e of table.events || []) {
    const now = table.seats[e.seat];
    if (e.type === "left" && now) appendNote(_("{name} left the table: {bot} plays the seat from here", { name: e.name, bot: now.name }));
  }
}

/** A returning player whose seat went to a stand-in bot: told so, with the way back. */
function renderReclaim() {
  const { table, seat } = ctrl;
  const former = ctrl.reclaim;
  const box = $("#reclaim");
  const show = seat === null && former !== null && table.seats[former] && table.seats[former].kind === "bot";
  const left = seat === null && !show ? localStorage.getItem(`unokit:left:${tableId}`) : null;
  box.hidden = !show && !left;
  $("#reclaim-button").hidden = !show;
  if (left && !show) {
    const text = _("You left this table (your seat, {name}, went to a bot): you are watching.", { name: left });
    if ($("#reclaim-text").textContent !== text) $("#reclaim-text").textContent = text;
    return;
  }
  if (!show) return;
  const text = _("While you were away your seat ({name}) went to a stand-in bot: it plays your cards now, and you are watching. Take the seat back to play on with its hand.", { name: table.seats[former].name });
  if ($("#reclaim-text").textContent !== text) { $("#reclaim-text").textContent = text; announce(text); }
}

function renderHost() {
  const { table, seat } = ctrl;
  const isHost = seat !== null && table.owner === seat;
  $("#host").hidden = !(table.state === "lobby" || (isHost && table.seats.some((s) => s.kind === "human" && !s.present)));
  $("#invite-row").hidden = table.state !== "lobby";
  const items = [];
  if (isHost && table.state === "lobby") {
    items.push({ key: "start", text: _("Start the game"), cls: "primary", frame: { type: "start" } });
    items.push({ key: "add_bot", text: _("Add a bot"), frame: { type: "add_bot", bot: "normal" } });
    for (const s of table.seats) if (s.kind === "bot") items.push({ key: `rm${s.seat}`, text: _("Remove {name}", { name: s.name }), frame: { type: "remove_bot", seat: s.seat } });
  } else if (isHost) {
    for (const s of table.seats) {
      if (s.kind === "human" && !s.present && s.seat !== seat) items.push({ key: `kick${s.seat}`, text: _("Give {name}'s seat to a bot", { name: s.name }), frame: { type: "kick", seat: s.seat } });
    }
  }
  keyed($("#host-buttons"), items, (i) => i.key, (i) => {
    const b = el("button", { type: "button", "data-control": i.key.startsWith("rm") || i.key.startsWith("kick") ? null : i.key });
    b.addEventListener("click", () => { const f = b._frame; send(typeof f === "function" ? f() : f); });
    return b;
  }, (b, i) => { setProps(b, { text: i.text, class: i.cls || "" }); b._frame = i.frame; });
  const waiting = table.seats.filter((s) => s.kind === "open").length;
  $("#host-note").textContent = table.state === "lobby"
    ? (isHost ? ngettext("{count} free seat: send the link, or start now and bots fill them.", "{count} free seats: send the link, or start now and bots fill them.", waiting) : _("Waiting for the host to start the game."))
    : "";
}

// ---------------------------------------------------------------- clocks ---
function tick() {
  const now = performance.now();
  nextTryClock(now);
  if (ctrl.tallyUntil !== null && now >= ctrl.tallyUntil) { ctrl.pointTally = new Map(); ctrl.tallyUntil = null; if (ctrl.view) renderParty(ctrl); }
  if (ctrl.noticeUntil !== null && now >= ctrl.noticeUntil) notice("");
  const seatNode = ctrl.view && ctrl.view.to_play !== null ? document.querySelector(`.seat[data-seat="${ctrl.view.to_play}"] .clock`) : null;
  if (seatNode && ctrl.deadline) {
    const left = Math.max(0, (ctrl.deadline.at - now) / 1000);
    seatNode.hidden = false;
    seatNode.textContent = ngettext("{count} s", "{count} s", Math.ceil(left));
    seatNode.style.setProperty("--left", String(ctrl.deadline.total ? left / ctrl.deadline.total : 0));
    seatNode.classList.toggle("low", left <= 5);
    const mine = ctrl.view.to_play === ctrl.seat;
    $("#my-clock").hidden = !mine;
    if (mine) $("#my-clock").textContent = ngettext("{count} s left", "{count} s left", Math.ceil(left));
    lastSeconds(mine, left);
  } else $("#my-clock").hidden = true;
  const deal = $("#deal-clock");
  if (ctrl.dealAt && ctrl.view && ctrl.view.over) {
    const left = Math.max(0, Math.ceil((ctrl.dealAt - now) / 1000));
    deal.textContent = left >= 60
      ? _("The next round is dealt in {minutes} min {seconds} s.", { minutes: num(Math.floor(left / 60)), seconds: num(left % 60) })
      : ngettext("The next round is dealt in {count} s.", "The next round is dealt in {count} s.", left);
  } else deal.textContent = "";
}

/** The last 5 s of your own turn: a tick (and a short buzz on phones) each second. */
function lastSeconds(mine, left) {
  const second = Math.ceil(left);
  if (!mine || second > 5) ctrl.tickedAt = null;
  if (!mine || left <= 0 || second > 5 || second === ctrl.tickedAt) return;
  ctrl.tickedAt = second;
  cue("tick");
}

// ---------------------------------------------------------------- keyboard ---
function onKey(ev) {
  if (ev.key === "Escape" && !$("#round-end").hidden) { ctrl.shutResult(); ev.preventDefault(); return; }
  if (!ctrl.view || ["INPUT", "TEXTAREA", "SELECT"].includes(ev.target.tagName) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if ($("#chooser").open) return;
  const key = ev.key.toLowerCase();
  const shortcut = { d: "draw", p: "pass", a: "accept", c: "challenge", t: "take" }[key];
  if (shortcut && ctrl.legal.includes(shortcut)) { act(shortcut); ev.preventDefault(); return; }
  if (key === "u") {
    if (ctrl.legal.includes("uno")) act("uno");
    else if ($("#actions [data-control=uno]")) ctrl.buttonClick("arm-uno");
    ev.preventDefault();
    return;
  }
  if (["1", "2", "3"].includes(key) && ctrl.legal.includes(`press @${key}`)) { act(`press @${key}`); ev.preventDefault(); return; }
  if (key === "h") { const first = $("#hand button.playable") || $("#hand button"); if (first) first.focus(); ev.preventDefault(); }
  // the buttons aimed at seats: K catches at once (a race), X walks the focus along them
  // (Catch!, Trade hands, Point here, Link), Enter presses the one focused
  if (key === "k") { const c = $(".seat-actions button.catch"); if (c) c.click(); ev.preventDefault(); }
  if (key === "x") {
    const aimed = [...document.querySelectorAll(".seat-actions button")];
    if (aimed.length) aimed[(aimed.indexOf(document.activeElement) + 1) % aimed.length].focus();
    ev.preventDefault();
  }
}

// ---------------------------------------------------------------- page ---
function setupToggles() {
  const cb = $("#cb-toggle");
  const applyCb = (on) => { document.body.classList.toggle("cb", on); cb.setAttribute("aria-pressed", String(on)); };
  applyCb(localStorage.getItem("unokit:cb") === "1");
  cb.addEventListener("click", () => { const on = !document.body.classList.contains("cb"); localStorage.setItem("unokit:cb", on ? "1" : "0"); applyCb(on); });
  const sort = $("#sort-toggle");
  const applySort = () => { sort.textContent = ctrl.sortBy === "color" ? _("Sort: colour") : _("Sort: number"); sort.title = sort.textContent; sort.setAttribute("aria-label", ctrl.sortBy === "color" ? _("sort the hand by colour (press for number)") : _("sort the hand by number (press for colour)")); };
  applySort();
  sort.addEventListener("click", () => { ctrl.sortBy = ctrl.sortBy === "color" ? "value" : "color"; localStorage.setItem("unokit:sort", ctrl.sortBy); applySort(); if (ctrl.table) redraw(); });
}

function copyInvite() {
  const input = $("#invite");
  const text = input.value;
  const done = () => { $("#copy").textContent = _("Copied ✓"); announce(_("The invite link is copied")); setTimeout(() => { $("#copy").textContent = _("Copy"); }, 2000); };
  if (navigator.clipboard && window.isSecureContext) { navigator.clipboard.writeText(text).then(done, () => fallback()); return; }
  fallback();
  function fallback() {
    input.focus(); input.select();
    let ok = false;
    try { ok = document.execCommand("copy"); } catch { ok = false; }
    if (ok) done(); else { $("#copy").textContent = _("Press Ctrl+C"); announce(_("The link is selected: press Ctrl+C to copy it")); }
  }
}

function showTable() {
  $("#table").hidden = false;
  document.body.classList.add("at-table");
  $("#invite").value = `${location.origin}/t/${tableId}`;
  $("#copy").addEventListener("click", copyInvite);
  const name = localStorage.getItem("unokit:name");
  if (name) field($("#join-form"), "name").value = name;
  $("#join-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const nameValue = field(ev.target, "name").value;
    const res = await fetch(`/api/tables/${tableId}/join`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: nameValue }),
    });
    const data = await res.json();
    if (!res.ok) { status(refusalText(data) || data.error || N_("could not join")); return; }
    localStorage.setItem("unokit:name", nameValue);
    setToken(data.token);
    connect(tableId, { onFrame, onStatus: status });
  });
  $("#chat-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const input = field(ev.target, "text");
    const text = input.value.trim();
    if (text) send({ type: "chat", text });
    input.value = "";
  });
  $("#leave").addEventListener("click", () => {
    const playing = ctrl.table && ctrl.table.state !== "lobby";
    const ask = playing ? _("Leave the table? A bot will play your seat for the rest of the match, and you will watch as a spectator.") : _("Leave the table? Your seat opens again for someone else.");
    if (!confirm(ask)) return;
    send({ type: "leave" });
    const me = ctrl.table && ctrl.seat !== null ? ctrl.table.seats[ctrl.seat] : null;
    if (playing && me) localStorage.setItem(`unokit:left:${tableId}`, me.name);
    setToken(null);
    status(playing ? N_("You left: a bot plays your seat. You are watching.") : N_("You left the table."));
  });
  $("#chooser-cancel").addEventListener("click", () => $("#chooser").close());
  $("#reclaim-button").addEventListener("click", () => { send({ type: "reclaim" }); ctrl.reclaim = null; status(N_("you take your seat back")); });
  $("#show-result").addEventListener("click", () => { ctrl.resultShut = ""; redraw(); $("#round-end button").focus(); });
  document.addEventListener("keydown", onKey);
  setupSidePanel();
  setupChatSheet(send);
  const again = el("button", { type: "button", id: "reconnect-now", class: "small", text: FEEL_WORDS.reconnectNow });
  again.addEventListener("click", reconnectNow);
  $("#offline").append(" ", el("span", { id: "offline-next", hidden: true }), " ", again);
  askSound(() => refreshSound());
  setInterval(tick, 250);
  // a dead link (the table ended, or a mistyped address) says so, rather than an empty felt
  fetch(`/api/tables/${tableId}`).then(async (res) => {
    const body = res.ok ? null : await res.json().catch(() => ({}));
    if (res.ok || !/no such table/.test((body && body.error) || "")) { connect(tableId, { onFrame, onStatus: status }); return; }
    $("#table").hidden = true;
    document.body.classList.remove("at-table");
    $("#gone").hidden = false;
  }, () => connect(tableId, { onFrame, onStatus: status }));
}

setupToggles();
setupBarMenu();
setupCardHelp();
const refreshSound = setupAlerts($("#sound-toggle"), $("#alert-toggle"));
if (replaying) {
  document.addEventListener("keydown", (ev) => { if (ev.key === "Escape" && !$("#round-end").hidden) { ctrl.shutResult(); ev.preventDefault(); } });
  $("#show-result").addEventListener("click", () => { ctrl.resultShut = ""; redraw(); $("#round-end button").focus(); });
  setInterval(tick, 250);
  setupSidePanel();
  import("./replay.js").then((m) => m.showReplay({ draw: drawStep, status }));
} else if (tableId) showTable(); else { offerFirstGame(status); showLobby(status); }
