// The score pad page: set up a match, enter each round by tapping the cards left in each hand,
// see the totals and who won. Everything is kept in this browser's storage as a unokit.scorepad
// record after every change, so a reload or a dead battery loses nothing; the arithmetic is
// pad.js, the card values the engine's (written into the page when it is served).
import * as P from "./pad.js";
import { _, N_, ngettext, num, translateDocument } from "../i18n.js";

const DATA = JSON.parse(document.getElementById("scoring-data").textContent);
const STORE = "unokit.scorepad";
const DRAFT = "unokit.scorepad.draft";
const PREVIOUS = "unokit.scorepad.previous";
const $ = (id) => document.getElementById(id);
const COLORS = ["R", "Y", "G", "B"];
const FACE = {
  S: "⊘", R: "⇄", "+2": "+2", D: "−2", P: "☝", W: "W", "W+4": "+4", WSH: "⇅", WSW: "⇆",
  WC: "✎", WCL: "⟲", WGA: "⇢", WPU: "≡", WDT: "∞",
};

// The kinds' and the editions' names come with the page in English (unokit.scorepad): the
// catalogue tells them (the card names the engine's, these few the pad's own).
N_("Discard Two"); N_("Point Taken");

/** A refusal of pad.js in the reader's language (the reason inside one told too). */
function says(err) {
  if (!(err instanceof P.PadError)) return err.message;
  const fields = {};
  for (const [k, v] of Object.entries(err.fields)) {
    fields[k] = v instanceof Error ? says(v) : k === "edition" || k === "card" ? _(v) : typeof v === "number" ? num(v) : v;
  }
  return _(err.template, fields);
}

let pad = null; // the match (pad.js object) or null
let draft = null; // the round being entered: {out, hands, tab}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== false && v !== null && v !== undefined) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) node.append(c);
  return node;
}

// -- storage ------------------------------------------------------------------------------
function save() {
  try {
    if (pad) localStorage.setItem(STORE, JSON.stringify(P.toRecord(pad)));
    else localStorage.removeItem(STORE);
    if (draft) localStorage.setItem(DRAFT, JSON.stringify(draft));
    else localStorage.removeItem(DRAFT);
    $("saved").textContent = pad ? _("saved on this phone") : "";
  } catch (err) {
    $("saved").textContent = _("not saved: this browser's storage is full or off");
  }
}

function load() {
  try {
    const text = localStorage.getItem(STORE);
    if (text) pad = P.fromRecord(DATA, JSON.parse(text));
    const d = localStorage.getItem(DRAFT);
    if (pad && d) draft = JSON.parse(d);
    const fits = draft && Array.isArray(draft.hands) && draft.hands.length === pad.players.length
      && (draft.out === null || (Number.isInteger(draft.out) && draft.out >= 0 && draft.out < pad.players.length));
    if (!fits) draft = null;
  } catch (err) {
    pad = null;
    draft = null;
  }
}

// -- what is shown ------------------------------------------------------------------------
function show(which) {
  for (const id of ["setup", "board", "entry"]) $(id).hidden = id !== which;
  window.scrollTo(0, 0);
}

function render() {
  if (!pad) { renderSetup(); show("setup"); return; }
  if (draft) { renderEntry(); show("entry"); return; }
  renderBoard();
  show("board");
}

const sideOf = (seat) => P.side(pad, seat);
const sideName = (seat) => sideOf(seat).map((s) => pad.players[s]).join(" & ");
const modeLabel = (m) => _(m.label);

// -- setup --------------------------------------------------------------------------------
function setupFill() {
  const edition = $("edition");
  if (!edition.options.length) {
    for (const e of DATA.editions) edition.append(el("option", { value: e.edition, text: _(e.label) }));
    for (const name of ["", "", ""]) addName(name);
  }
}

function addName(value = "") {
  const list = $("names");
  const n = list.children.length + 1;
  const label = _("Player {n}", { n: num(n) });
  const input = el("input", { name: "player", maxlength: P.MAX_NAME, placeholder: label, "aria-label": label, autocomplete: "off", value });
  const remove = el("button", { type: "button", class: "ghost remove", "aria-label": _("Remove player {n}", { n: num(n) }), text: "✕", onclick: () => { li.remove(); renderSetup(); } });
  const li = el("li", {}, input, remove);
  list.append(li);
  renderSetup();
  return input;
}

function renderSetup() {
  setupFill();
  const ed = P.editionOf(DATA, $("edition").value);
  const modes = $("modes");
  const current = modes.querySelector("input:checked")?.value || "winner";
  modes.replaceChildren(el("legend", { text: _("Scoring") }));
  for (const m of ed.modes) {
    modes.append(el("label", { class: "choice" },
      el("input", { type: "radio", name: "mode", value: m.name, checked: m.name === current || (!ed.modes.some((x) => x.name === current) && m.name === "winner") }),
      el("span", { text: modeLabel(m) })));
  }
  const wilds = $("wilds");
  const was = wilds.value;
  wilds.replaceChildren(...ed.wilds.map((w) => el("option", {
    value: String(w.new_wild_points), text: w.new_wild_points === null ? _("as this sheet scores them") : _("{points} points each", { points: num(w.new_wild_points) }),
  })));
  if ([...wilds.options].some((o) => o.value === was)) wilds.value = was;
  $("wilds-field").hidden = ed.wilds.length < 2;
  const mode = modes.querySelector("input:checked")?.value;
  const names = [...$("names").querySelectorAll("input")];
  $("add-player").hidden = names.length >= (mode === "partners" ? 4 : ed.max);
  for (const b of $("names").querySelectorAll(".remove")) b.hidden = names.length <= ed.min;
  const note = $("teams-note");
  note.hidden = mode !== "partners";
  const v = names.map((i, k) => i.value.trim() || _("Player {n}", { n: num(k + 1) }));
  const p = (k) => v[k] || _("Player {n}", { n: num(k + 1) });
  note.textContent = _("Partners sit across: {a} & {c} against {b} & {d}.", { a: p(0), b: p(1), c: p(2), d: p(3) });
}

function startMatch(event) {
  event.preventDefault();
  const wilds = $("wilds").value;
  try {
    pad = P.newPad(DATA, {
      edition: $("edition").value,
      mode: $("modes").querySelector("input:checked")?.value,
      target: Number($("target").value),
      players: [...$("names").querySelectorAll("input")].map((i) => i.value),
      newWildPoints: wilds === "null" || wilds === "" ? null : Number(wilds),
    });
  } catch (err) {
    $("setup-error").textContent = says(err);
    return;
  }
  $("setup-error").textContent = "";
  draft = null;
  save();
  render();
}

// -- the board ----------------------------------------------------------------------------
function renderBoard() {
  const st = P.standing(pad);
  $("board-title").textContent = _(pad.label);
  const mode = modeLabel(DATA.editions.find((e) => e.edition === pad.edition).modes.find((m) => m.name === pad.mode));
  $("rules-line").textContent = _("{mode} · target {target}", { mode, target: num(pad.target) });
  const banner = $("banner");
  banner.className = st.over ? "won" : "";
  const n = pad.rounds.length;
  const round = num(n);
  if (st.over) {
    const who = sideName(st.winner);
    banner.textContent = sideOf(st.winner).length > 1
      ? ngettext("★ {who} win the match after {count} round!", "★ {who} win the match after {count} rounds!", n, { who })
      : ngettext("★ {who} wins the match after {count} round!", "★ {who} wins the match after {count} rounds!", n, { who });
  } else if (!n) banner.textContent = _("Deal the first round. When someone goes out, enter it here.");
  else {
    const last = st.points[n - 1];
    const r = pad.rounds[n - 1];
    let text;
    if (r.out === null) text = _("Round {round}: nobody went out, no points.", { round });
    else if (pad.mode === "winner" || pad.mode === "partners") {
      const fields = { round, who: sideName(r.out), points: num(last[r.out]) };
      text = sideOf(r.out).length > 1 ? _("Round {round}: {who} score {points}.", fields) : _("Round {round}: {who} scores {points}.", fields);
    } else text = _("Round {round}: {who} went out; the others add their own hands.", { round, who: pad.players[r.out] });
    if (pad.mode === "lowest" && st.totals.some((t) => t >= pad.target)) text = _("{line} A tie for the lowest total: play another round.", { line: text });
    banner.textContent = text;
  }
  const totals = $("totals");
  totals.replaceChildren();
  const order = [...pad.players.keys()];
  pad.players.forEach((name, seat) => {
    const out = st.eliminated.includes(seat);
    const won = st.over && sideOf(st.winner).includes(seat);
    const share = Math.min(100, Math.round((100 * st.totals[seat]) / pad.target));
    const tags = [];
    if (won) tags.push(_("won"));
    if (out) tags.push(_("out"));
    if (pad.mode === "partners") tags.push(seat % 2 ? _("team 2") : _("team 1"));
    totals.append(el("li", { class: `player${won ? " won" : ""}${out ? " out" : ""}`, "data-seat": seat, style: `--hue:${(seat * 67 + 140) % 360}` },
      el("span", { class: "avatar", "aria-hidden": "true", text: name.slice(0, 1).toUpperCase() }),
      el("span", { class: "who" }, el("span", { class: "name", text: name }), el("span", { class: "tags", text: tags.join(" · ") })),
      el("span", { class: "total", text: num(st.totals[seat]) }),
      el("span", { class: "bar-track", "aria-hidden": "true" }, el("span", { class: "bar-fill", style: `width:${share}%` }))));
  });
  void order;
  $("enter").textContent = _("Enter round {round}", { round: num(n + 1) });
  $("enter").hidden = st.over;
  $("undo").disabled = !n;
  $("undo").textContent = n ? _("Undo round {round}", { round }) : _("Undo last round");
  const table = $("history");
  table.tHead.replaceChildren(el("tr", {}, el("th", { text: "#" }), ...pad.players.map((p) => el("th", { text: p }))));
  table.tBodies[0].replaceChildren(...pad.rounds.map((r, i) => el("tr", {}, el("td", { text: num(i + 1) }),
    ...st.points[i].map((p, s) => el("td", { class: s === r.out ? "went-out" : "", text: (s === r.out ? "★ " : "") + num(p) })))));
  table.tFoot.replaceChildren(el("tr", {}, el("th", { text: "Σ" }), ...st.totals.map((t) => el("th", { text: num(t) }))));
  $("history-note").hidden = !n;
  $("board-error").textContent = "";
}

function beginRound() {
  draft = { out: null, hands: pad.players.map(() => ({})), tab: null };
  save();
  render();
}

function undoRound() {
  try { P.undo(pad); } catch (err) { $("board-error").textContent = says(err); return; }
  save();
  render();
}

let armed = null;
function newMatch() {
  const button = $("new-match");
  if (pad.rounds.length && armed === null) {
    button.textContent = _("Tap again to end this match");
    button.classList.add("armed");
    armed = setTimeout(() => { armed = null; button.textContent = _("New match"); button.classList.remove("armed"); }, 4000);
    return;
  }
  clearTimeout(armed);
  armed = null;
  button.textContent = _("New match");
  button.classList.remove("armed");
  localStorage.setItem(PREVIOUS, JSON.stringify(P.toRecord(pad)));
  const names = pad.players;
  const edition = pad.edition;
  pad = null;
  draft = null;
  save();
  renderSetup();
  $("edition").value = edition;
  $("names").replaceChildren();
  for (const n of names) addName(n);
  render();
}

function exportMatch() {
  const record = P.toRecord(pad);
  const blob = new Blob([JSON.stringify(record, null, 1) + "\n"], { type: "application/json" });
  const a = el("a", { href: URL.createObjectURL(blob), download: `uno-scores-${new Date().toISOString().slice(0, 10)}.json` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

async function importMatch(event, errorId) {
  const file = event.target.files[0];
  event.target.value = "";
  if (!file) return;
  try {
    const text = await file.text();
    let record;
    try { record = JSON.parse(text); } catch { throw new P.PadError(N_("{file} is not JSON"), { file: file.name }); }
    const read = P.fromRecord(DATA, record);
    if (pad) localStorage.setItem(PREVIOUS, JSON.stringify(P.toRecord(pad)));
    pad = read;
    draft = null;
    save();
    render();
  } catch (err) {
    $(errorId).textContent = _("Not imported: {reason}", { reason: says(err) });
  }
}

// -- entering a round ---------------------------------------------------------------------
const scored = () => (draft.out === null ? [] : pad.players.map((_, s) => s).filter((s) => {
  const st = P.standing(pad);
  return !sideOf(draft.out).includes(s) && !st.eliminated.includes(s);
}));

function entryHands() {
  const keep = new Set(scored());
  return draft.hands.map((h, s) => (keep.has(s) ? h : {}));
}

function renderEntry() {
  const st = P.standing(pad);
  $("entry-title").textContent = _("Round {round}", { round: num(pad.rounds.length + 1) });
  const who = $("who-out");
  who.replaceChildren(...pad.players.map((name, seat) => el("button", {
    type: "button", class: "person", "aria-pressed": String(draft.out === seat), disabled: st.eliminated.includes(seat),
    style: `--hue:${(seat * 67 + 140) % 360}`, onclick: () => chooseOut(seat),
  }, el("span", { class: "avatar", "aria-hidden": "true", text: name.slice(0, 1).toUpperCase() }), el("span", { text: name }))));
  const counted = scored();
  $("hands-section").hidden = draft.out === null;
  if (draft.tab === null || !counted.includes(draft.tab)) draft.tab = counted[0] ?? null;
  const tabs = $("hand-tabs");
  tabs.replaceChildren(...counted.map((seat) => {
    const hand = draft.hands[seat];
    const cards = Object.values(hand).reduce((a, b) => a + b, 0);
    return el("button", {
      type: "button", role: "tab", class: "tab", "aria-selected": String(seat === draft.tab), "data-seat": seat,
      onclick: () => { draft.tab = seat; save(); renderEntry(); },
    }, el("span", { class: "name", text: pad.players[seat] }), el("span", { class: "pts", text: cards ? _("{points} pts", { points: num(P.handPoints(pad, hand)) }) : "—" }));
  }));
  const kinds = $("kinds");
  kinds.replaceChildren();
  if (draft.tab !== null) {
    const hand = draft.hands[draft.tab];
    pad.kinds.forEach((k, i) => {
      const count = hand[k.kind] || 0;
      const wild = k.kind.startsWith("W");
      const name = _(k.name);
      const color = wild ? "W" : /^\d$/.test(k.kind) ? COLORS[Number(k.kind) % 4] : COLORS[i % 4];
      const face = el("button", {
        type: "button", class: `face c-${color}`, "data-kind": k.kind,
        "aria-label": _("{card}, {points} points: add one ({count} now)", { card: name, points: num(k.points), count: num(count) }), onclick: () => setCount(k.kind, count + 1),
      }, el("span", { class: "glyph", text: FACE[k.kind] || k.kind }));
      if (!/^\d$/.test(k.kind)) face.append(el("span", { class: "val", text: _("{points} pts", { points: num(k.points) }) }));
      if (count) face.append(el("span", { class: "badge", text: `×${count}` }));
      const input = el("input", {
        type: "number", inputmode: "numeric", min: 0, max: k.deck, value: count || "",
        "aria-label": _("how many {card}", { card: name }), "data-kind": k.kind,
        onchange: (e) => setCount(k.kind, Math.max(0, Math.floor(Number(e.target.value) || 0))),
      });
      const minus = el("button", { type: "button", class: "minus", "aria-label": _("remove one {card}", { card: name }), disabled: !count, text: "−", onclick: () => setCount(k.kind, count - 1) });
      const tile = el("div", { class: `kind${count ? " has" : ""}` }, face);
      if (!/^\d$/.test(k.kind)) tile.append(el("span", { class: "kname", text: name }));
      tile.append(el("span", { class: "count" }, minus, input));
      kinds.append(tile);
    });
    const cards = Object.values(hand).reduce((a, b) => a + b, 0);
    $("hand-sum").textContent = ngettext("{who}: {count} card, {points} points", "{who}: {count} cards, {points} points", cards,
      { who: pad.players[draft.tab], points: num(P.handPoints(pad, hand)) });
  }
  const save_ = $("save-round");
  let ready = draft.out !== null;
  if (ready) {
    try { P.checkRound(pad, { out: draft.out, hands: entryHands() }); $("entry-error").textContent = ""; }
    catch (err) { ready = false; $("entry-error").textContent = says(err); }
  } else $("entry-error").textContent = "";
  save_.disabled = !ready;
  if (ready) {
    const pts = P.roundPoints(pad, { out: draft.out, hands: entryHands() });
    save_.textContent = pad.mode === "winner" || pad.mode === "partners"
      ? _("Save round · {who} +{points}", { who: sideName(draft.out), points: num(pts[draft.out]) }) : _("Save round");
  } else save_.textContent = _("Save round");
}

function chooseOut(seat) {
  draft.out = seat;
  draft.tab = null;
  save();
  renderEntry();
}

function setCount(kind, count) {
  const hand = draft.hands[draft.tab];
  if (count > 0) hand[kind] = count;
  else delete hand[kind];
  save();
  renderEntry();
}

function saveRound() {
  try { P.addRound(pad, draft.out, entryHands()); } catch (err) { $("entry-error").textContent = says(err); return; }
  draft = null;
  save();
  render();
}

// -- wiring -------------------------------------------------------------------------------
$("edition").addEventListener("change", () => {
  $("target").value = P.editionOf(DATA, $("edition").value).target;
  renderSetup();
});
$("modes").addEventListener("change", () => {
  const names = $("names");
  const mode = $("modes").querySelector("input:checked")?.value;
  if (mode === "partners") {
    while (names.children.length < 4) addName();
    while (names.children.length > 4) names.lastElementChild.remove();
  }
  renderSetup();
});
$("names").addEventListener("input", renderSetup);
$("add-player").addEventListener("click", () => addName().focus());
$("setup-form").addEventListener("submit", startMatch);
$("enter").addEventListener("click", beginRound);
$("undo").addEventListener("click", undoRound);
$("new-match").addEventListener("click", newMatch);
$("export").addEventListener("click", exportMatch);
$("import").addEventListener("change", (e) => importMatch(e, "board-error"));
$("import-setup").addEventListener("change", (e) => importMatch(e, "setup-error"));
$("cancel").addEventListener("click", () => { draft = null; save(); render(); });
$("save-round").addEventListener("click", saveRound);

translateDocument();
document.title = _("Score pad · unokit");
$("totals").setAttribute("aria-label", _("Totals"));
$("hand-tabs").setAttribute("aria-label", _("Hands"));
$("kinds").setAttribute("aria-label", _("Kinds of card"));
load();
render();
if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
