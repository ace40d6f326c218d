// The /unit page: the Triple Play unit on a phone at a real table. device.js decides, this
// draws it and turns touches into presses: tap a lit pile for a press, hold it two seconds
// for a Wild Clear, Go to begin a round or to re-set the unit after an overload or a time-out.
import { $ } from "../dom.js";
import { _, join, ngettext, num, pgettext, translateDocument } from "../i18n.js";
import { Device } from "./device.js";
import { freshSeed } from "./rng.js";
import { LIGHTS } from "./model.js";
import * as sound from "./sound.js";

const SAVE = "unokit:unit";
const PREFS = "unokit:unit-prefs";
const HOLD_MS = 2000; // 'holding it down for TWO SECONDS. This will reset the Card Counter'

const prefs = { volume: 4, muted: false, timer: null, seconds: 10, ...read(PREFS) };
const urlSeed = new URLSearchParams(location.search).get("seed");
let device = restore();
let armed = null; // "clear" | "give" | "two" | null: the special card tapped before a pile
let lock = null;
let lastLeft = null;
let nextSeed = null; // a seed chosen in the settings during a round: it starts the next one
let lastPress = -Infinity;
let bounceMs = 350; // a second tap this soon after a press is a finger's bounce, not a press

function read(key) { try { return JSON.parse(localStorage.getItem(key)) || {}; } catch { return {}; } }
function save() {
  localStorage.setItem(SAVE, JSON.stringify(device.toJSON()));
  localStorage.setItem(PREFS, JSON.stringify(prefs));
}

function restore() {
  const saved = read(SAVE);
  if (!urlSeed && saved.rng) {
    try { return Device.fromJSON(saved, performance.now()); } catch { /* a stale save: start afresh */ }
  }
  return new Device({ seed: urlSeed && /^\d{1,20}$/.test(urlSeed) ? BigInt(urlSeed).toString() : String(freshSeed()), timer: prefs.timer });
}

device.setTimer(prefs.timer, performance.now());
sound.setVolume(prefs.volume);
sound.setMuted(prefs.muted);

// -- what the unit does ---------------------------------------------------------------
function run(events) {
  for (const e of events) {
    if (e.type === "start") sound.tones.start();
    else if (e.type === "press") sound.tones.press();
    else if (e.type === "lit" && !events.some((x) => x.type === "start")) sound.tones.lights();
    else if (e.type === "clear") sound.tones.clear();
    else if (e.type === "overload") { sound.tones.overload(); buzz([300, 100, 300, 100, 300]); }
    else if (e.type === "timeout") { sound.tones.timeout(); buzz([800]); }
  }
  if (events.length) { armed = null; save(); }
  keepAwake();
  draw();
}

function buzz(pattern) { if (navigator.vibrate) navigator.vibrate(pattern); }

// VOLUME CONTROL as on the unit: 'press and hold the GO button for 3 seconds until you see a
// number appear on the Center Display. Release the button and press it again to decrease and
// increase the volume. The volume range is from 1 to 5. When the button is released for 2
// seconds, the game will resume where it left off.'
const VOLUME_HOLD_MS = 3000;
const VOLUME_IDLE_MS = 2000;
let volumeMode = null; // the timer that ends volume mode, while the display shows the volume
let goHold = null;
let swallowClick = false;

function volumeShown() {
  clearTimeout(volumeMode);
  volumeMode = setTimeout(() => { volumeMode = null; draw(); }, VOLUME_IDLE_MS);
  draw();
}

function go() {
  sound.unlock();
  if (swallowClick) { swallowClick = false; return; }
  if (volumeMode !== null) {
    prefs.volume = prefs.volume % 5 + 1;
    prefs.muted = false;
    sound.setMuted(false);
    sound.setVolume(prefs.volume);
    sound.tones.press();
    save(); showPrefs(); volumeShown();
    return;
  }
  if (device.phase === "turn") return; // the round runs: Go waits for an overload or a time-out
  if (device.phase !== "off") sound.tones.go();
  else if (nextSeed !== null) { device = new Device({ seed: nextSeed, timer: prefs.timer }); nextSeed = null; }
  run(device.go(performance.now()));
}

function pressPile(pile) {
  const now = performance.now();
  if (now - lastPress < bounceMs) { sound.tones.refuse(); return; }
  if (device.phase !== "turn" || !device.lit.includes(pile)) { sound.tones.refuse(); flashNotLit(pile); return; }
  lastPress = now;
  if (armed === "clear") run(device.clear(pile, now));
  else run(device.press(pile, { give: armed === "give", now }));
}

function flashNotLit(pile) {
  const node = pileNode(pile);
  node.classList.remove("nope");
  void node.offsetWidth;
  node.classList.add("nope");
  $("#hint").textContent = device.phase === "turn" ? _("Pile {pile} is not lit this turn.", { pile }) : hintText();
}

// -- drawing --------------------------------------------------------------------------
const pileNode = (n) => document.querySelector(`.pile[data-pile="${n}"]`);

function hintText() {
  if (device.phase === "off") return device.round ? _("Round over. Press Go to begin the next round.") : _("Deal 7 each, put one card face up on each pile, then press Go.");
  if (device.phase === "overload") return _("Draw the cards shown, then press Go for the next player.");
  if (device.phase === "timeout") return _("Time ran out: take back any cards you tried to play, draw 6, then press Go.");
  if (armed === "clear") return _("Wild Clear: lay it on a lit pile and tap that pile (or hold any lit pile two seconds).");
  if (armed === "give") return _("Wild Give Away: lay it on a lit pile and tap that pile. If it overloads, give the cards away.");
  if (armed === "two") return _("Discard Two: lay it with one more card of its colour, and press the pile once.");
  return _("Play a card on a lit pile, then tap that pile. No card to play? Draw one; if you still cannot play, tap a lit pile anyway.");
}

function draw(now = performance.now()) {
  const { phase } = device;
  document.body.dataset.phase = phase;
  const lights = device.lights();
  const counters = device.counters();
  for (const n of [1, 2, 3]) {
    const node = pileNode(n);
    const lit = phase === "turn" && device.lit.includes(n);
    const light = phase === "off" ? "blue" : LIGHTS[lights[n - 1]];
    node.className = `pile${lit ? " lit" : ""} light-${light}`;
    const presses = ngettext("{count} press", "{count} presses", counters[n - 1]);
    node.querySelector(".state").textContent = phase === "off" ? "" : lit ? _("LIT") : _("not lit");
    node.querySelector(".count").textContent = phase === "off" ? "" : presses;
    node.setAttribute("aria-disabled", String(!lit));
    const fields = { pile: n, light: pgettext("light", light), presses };
    node.setAttribute("aria-label", phase === "off" ? _("Pile {pile}", fields)
      : lit ? _("Pile {pile}, lit, light {light}, {presses}", fields) : _("Pile {pile}, not lit, light {light}, {presses}", fields));
  }
  for (const b of document.querySelectorAll("#specials button")) {
    b.setAttribute("aria-pressed", String(armed === b.dataset.arm));
    b.disabled = phase !== "turn";
  }
  const big = $("#display-big");
  const small = $("#display-small");
  const left = device.left(now);
  $("#clock-bar").hidden = left === null;
  if (left !== null) $("#clock-bar span").style.width = `${Math.max(0, (device.deadline - now) / (device.timer * 10))}%`;
  if (phase === "off") { big.textContent = _("GO"); small.textContent = device.round ? _("Press Go for the next round") : _("Press Go to begin the round"); }
  else if (phase === "turn") {
    const pattern = [1, 2, 3].map((p) => (device.lit.includes(p) ? String(p) : "–")).join(" ");
    big.textContent = left !== null ? num(left) : pattern;
    small.textContent = left !== null ? _("seconds · {lit}", { lit: litWords() }) : _("turn {turn} · {lit}", { turn: num(device.turn), lit: litWords() });
  } else { big.textContent = num(device.pending.draw); small.textContent = phase === "overload" ? _("overload") : _("time ran out"); }
  if (volumeMode !== null) { big.textContent = num(prefs.volume); small.textContent = _("volume 1–5: press Go to change"); }
  $("#display").classList.toggle("low", left !== null && left <= 3);
  $("#go").classList.toggle("ready", phase !== "turn");
  $("#go").setAttribute("aria-label", phase === "off" ? _("Go: begin the round") : phase === "turn" ? _("Go (the round is running)") : _("Go: re-set the unit for the next player"));
  $("#hint").textContent = hintText();
  $("#end-round").hidden = phase === "off";
  drawAlarm();
}

function litWords() {
  const lit = device.lit;
  return lit.length === 1 ? _("pile {pile} lit", { pile: lit[0] }) : _("piles {piles} lit", { piles: join(lit) });
}

function drawAlarm() {
  const box = $("#alarm");
  const { phase, pending } = device;
  const show = phase === "overload" || phase === "timeout";
  if (!show) { box.hidden = true; return; }
  const n = pending.draw;
  const wasHidden = box.hidden;
  box.hidden = false;
  box.className = phase;
  $("#alarm-title").textContent = phase === "overload" ? _("Pile {pile} overloads!", { pile: pending.pile }) : _("Time's up!");
  $("#alarm-number").textContent = num(n);
  $("#alarm-text").textContent = phase !== "timeout" && pending.give
    ? ngettext("Give {count} card away", "Give {count} cards away", n) : ngettext("Draw {count} card", "Draw {count} cards", n);
  $("#alarm-help").textContent = phase === "timeout"
    ? _("Take back any cards you tried to play, draw 6, then press Go for the next player.")
    : pending.give ? _("Your Wild Give Away overloaded: hand the cards to any players you choose (your last card? Then you draw them). Then press Go.")
      : _("Then press Go for the next player.");
  if (wasHidden) $("#alarm-go").focus();
}

// -- the clock ------------------------------------------------------------------------
function frame() {
  const now = performance.now();
  if (device.phase === "turn" && device.deadline !== null) {
    const left = device.left(now);
    if (left !== lastLeft && left !== null && left <= 3 && left > 0) sound.tones.tick(left === 1);
    lastLeft = left;
    const events = device.tick(now);
    if (events.length) run(events);
    else draw(now);
  }
  requestAnimationFrame(frame);
}

// -- Wake Lock: the screen stays on while a round runs ----------------------------------
async function keepAwake() {
  const want = device.phase !== "off" && document.visibilityState === "visible";
  try {
    if (want && !lock && "wakeLock" in navigator) {
      lock = await navigator.wakeLock.request("screen");
      lock.addEventListener("release", () => { lock = null; });
    } else if (!want && lock) { await lock.release(); lock = null; }
  } catch { lock = null; /* refused (battery saver): the round runs anyway */ }
  document.body.dataset.awake = lock ? "1" : "0";
}
document.addEventListener("visibilitychange", keepAwake);

// -- touches --------------------------------------------------------------------------
for (const n of [1, 2, 3]) {
  const node = pileNode(n);
  let timer = null;
  let held = false;
  const cancel = () => { clearTimeout(timer); timer = null; node.classList.remove("holding"); };
  node.addEventListener("pointerdown", (ev) => {
    sound.unlock();
    if (ev.button !== 0) return;
    held = false;
    if (device.phase !== "turn" || !device.lit.includes(n)) return;
    node.classList.add("holding");
    timer = setTimeout(() => { held = true; cancel(); run(device.clear(n, performance.now())); }, HOLD_MS);
  });
  node.addEventListener("pointerup", () => {
    const was = timer !== null;
    cancel();
    if (held) { held = false; return; }
    if (was || device.phase !== "turn" || !device.lit.includes(n)) pressPile(n);
  });
  node.addEventListener("pointerleave", cancel);
  node.addEventListener("pointercancel", cancel);
  node.addEventListener("contextmenu", (ev) => ev.preventDefault());
  node.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); if (!ev.repeat) pressPile(n); }
  });
}
$("#go").addEventListener("click", go);
$("#go").addEventListener("pointerdown", () => {
  clearTimeout(goHold);
  swallowClick = false;
  goHold = setTimeout(() => { goHold = null; swallowClick = true; sound.unlock(); volumeShown(); }, VOLUME_HOLD_MS);
});
for (const type of ["pointerup", "pointerleave", "pointercancel"]) {
  $("#go").addEventListener(type, () => {
    clearTimeout(goHold); goHold = null;
    if (volumeMode !== null) volumeShown(); // 'When the button is released for 2 seconds ...'
  });
}
$("#alarm-go").addEventListener("click", go);
for (const b of document.querySelectorAll("#specials button")) {
  b.addEventListener("click", () => { sound.unlock(); armed = armed === b.dataset.arm ? null : b.dataset.arm; draw(); });
}
$("#end-round").addEventListener("click", () => { device.endRound(); armed = null; save(); keepAwake(); draw(); });

// -- sound and settings ---------------------------------------------------------------
const form = $("#settings form");
const muteWords = () => (prefs.muted ? _("Muted") : _("Sound {volume}", { volume: num(prefs.volume) }));
function showPrefs() {
  $("#mute").setAttribute("aria-pressed", String(prefs.muted));
  $("#mute").textContent = muteWords();
  form.elements.volume.value = String(prefs.volume);
  form.elements["volume-out"].value = String(prefs.volume);
  form.elements.muted.checked = prefs.muted;
  form.elements.mode.value = prefs.timer === null ? "regular" : "timer";
  form.elements.seconds.value = String(prefs.seconds);
  form.elements.seed.value = String(device.seed);
}
$("#mute").addEventListener("click", () => {
  prefs.muted = !prefs.muted;
  sound.setMuted(prefs.muted);
  if (!prefs.muted) sound.tones.press();
  save(); showPrefs();
});
$("#open-settings").addEventListener("click", () => { showPrefs(); $("#settings").showModal(); });
form.addEventListener("input", () => {
  const seconds = Number(form.elements.seconds.value);
  if (Number.isInteger(seconds) && seconds >= 3 && seconds <= 60) prefs.seconds = seconds;
  prefs.timer = form.elements.mode.value === "timer" ? prefs.seconds : null;
  device.setTimer(prefs.timer, performance.now());
  prefs.volume = Number(form.elements.volume.value);
  form.elements["volume-out"].value = String(prefs.volume);
  prefs.muted = form.elements.muted.checked;
  sound.setVolume(prefs.volume);
  sound.setMuted(prefs.muted);
  save();
  $("#mute").textContent = muteWords();
  $("#mute").setAttribute("aria-pressed", String(prefs.muted));
  draw();
});
form.elements.volume.addEventListener("change", () => sound.tones.press());
$("#settings").addEventListener("close", () => {
  const wanted = form.elements.seed.value.trim();
  if (/^\d{1,20}$/.test(wanted) && wanted !== String(device.seed)) {
    if (device.phase === "off") { device = new Device({ seed: wanted, timer: prefs.timer }); save(); }
    else nextSeed = wanted;
  }
  draw();
});

// -- offline: one service worker for the companion pages --------------------------------
if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});

translateDocument();
document.title = _("Triple Play unit · unokit");
$("#device").setAttribute("aria-label", _("The Triple Play unit"));
$("#piles").setAttribute("aria-label", _("The three discard piles: tap a lit pile when you play on it, hold it two seconds for a Wild Clear"));
$("#specials").setAttribute("aria-label", _("Special cards: tap one, then the lit pile you play it on"));
form.elements.seconds.setAttribute("aria-label", _("seconds a turn"));
showPrefs();
draw();
keepAwake();
requestAnimationFrame(frame);
// for the browser tests (which tap faster than any table) and the curious
window.unokitUnit = { get device() { return device; }, get bounceMs() { return bounceMs; }, set bounceMs(ms) { bounceMs = ms; } };
