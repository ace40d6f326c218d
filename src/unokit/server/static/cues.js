// What a player hears and feels: short sounds synthesised in Web Audio (no sound files to
// fetch or license) and a buzz through navigator.vibrate where the browser has it. Sound is
// on unless the player switched it off (the choice is remembered); the system's own volume
// and mute govern Web Audio as any other sound. Each cue also marks the page
// (body data-cue, data-cues) so that what was played can be checked.

import { setVolume, tones } from "./unit/sound.js";

setVolume(2); // a player's own screen: the unit's tones, quieter than the unit in the middle

let ctx = null;
let soundOn = localStorage.getItem("unokit:sound") !== "0";

function audio() {
  if (!ctx) {
    const Ctx = globalThis.AudioContext || globalThis.webkitAudioContext;
    if (!Ctx) return null;
    ctx = new Ctx();
  }
  if (ctx.state === "suspended") ctx.resume().catch(() => {});
  return ctx;
}

/** One soft tone: `freq` Hz (or [from, to] for a sweep), `ms` long, `at` seconds from now. */
function tone(freq, ms, { type = "sine", at = 0, level = 0.12 } = {}) {
  const c = audio();
  if (!c) return;
  const t = c.currentTime + at;
  const end = t + ms / 1000;
  const osc = c.createOscillator();
  const gain = c.createGain();
  osc.type = type;
  const [from, to] = Array.isArray(freq) ? freq : [freq, freq];
  osc.frequency.setValueAtTime(from, t);
  if (to !== from) osc.frequency.exponentialRampToValueAtTime(to, end);
  gain.gain.setValueAtTime(0.0001, t);
  gain.gain.exponentialRampToValueAtTime(level, t + 0.006);
  gain.gain.exponentialRampToValueAtTime(0.0001, end);
  osc.connect(gain).connect(c.destination);
  osc.start(t);
  osc.stop(end + 0.02);
}

/** A short burst of noise (a card's swish), `ms` long, band-passed around `freq` Hz. */
function swish(ms, freq, at = 0) {
  const c = audio();
  if (!c) return;
  const n = Math.floor((c.sampleRate * ms) / 1000);
  const buffer = c.createBuffer(1, n, c.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < n; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / n);
  const src = c.createBufferSource();
  const band = c.createBiquadFilter();
  const gain = c.createGain();
  src.buffer = buffer;
  band.type = "bandpass";
  band.frequency.value = freq;
  gain.gain.value = 0.25;
  src.connect(band).connect(gain).connect(c.destination);
  src.start(c.currentTime + at);
}

/** The sounds, each distinct, and the buzz (ms, or a pattern) that goes with some of them. */
const SOUNDS = {
  turn: [() => { tone(660, 120); tone(880, 160, { at: 0.13 }); }, 40],
  play: [() => swish(70, 2400), 0],
  draw: [() => swish(110, 900), 0],
  uno: [() => { tone(988, 90, { type: "triangle" }); tone(1319, 140, { type: "triangle", at: 0.1 }); }, [30, 40, 30]],
  catch: [() => { tone(330, 90, { type: "square", level: 0.08 }); tone(247, 160, { type: "square", level: 0.08, at: 0.1 }); }, [60, 40, 60]],
  skip: [() => tone([700, 350], 140, { type: "triangle" }), 0],
  reverse: [() => { tone([400, 800], 110, { type: "triangle" }); tone([800, 400], 110, { type: "triangle", at: 0.12 }); }, 0],
  draw_four: [() => [523, 415, 330, 262].forEach((f, i) => tone(f, 110, { type: "sawtooth", level: 0.07, at: i * 0.09 })), [80, 50, 80]],
  tick: [() => tone(1175, 45, { type: "square", level: 0.06 }), 25],
  press: [() => tones.press(), 0],
  overload: [() => tones.overload(), [120, 60, 120, 60, 120]],
  win: [() => [523, 659, 784, 1047, 1319].forEach((f, i) => tone(f, 160, { type: "triangle", at: i * 0.1 })), [50, 40, 50, 40, 120]],
};

/** Play cue `name` (a key of SOUNDS): its sound when sound is on, its buzz where allowed. */
export function cue(name) {
  const found = SOUNDS[name];
  if (!found) return;
  const body = document.body.dataset;
  body.cue = name;
  body.cues = String(Number(body.cues || 0) + 1);
  const [sound, buzz] = found;
  if (soundOn) {
    try { sound(); } catch { /* a browser without Web Audio: silence */ }
  }
  if (buzz && soundOn && typeof navigator.vibrate === "function") {
    try { navigator.vibrate(buzz); } catch { /* not allowed yet: no buzz */ }
  }
}

export const cueNames = Object.keys(SOUNDS);
export const isSoundOn = () => soundOn;

/** Switch sound (and buzzes) on or off, remembered for the next visit. */
export function setSound(on) {
  soundOn = Boolean(on);
  localStorage.setItem("unokit:sound", soundOn ? "1" : "0");
  if (soundOn) audio();
}

/** Whether the player has chosen yet (the first visit asks). */
export const soundChosen = () => localStorage.getItem("unokit:sound") !== null;

/** The one cue a frame's new events call for (the most telling of them), for seat `me`. */
export function frameCue(events, me) {
  let best = null;
  const rank = ["draw", "play", "press", "skip", "reverse", "uno", "catch", "draw_four", "overload", "win"];
  const consider = (name) => { if (rank.indexOf(name) > rank.indexOf(best)) best = name; };
  for (const { event: e } of events) {
    const t = e.type;
    if (t === "round_over" && e.seat !== undefined && e.seat === me) consider("win");
    else if (t === "overload") consider("overload");
    else if ((t === "play" || t === "jump") && e.cards && e.cards[0] === "W+4") consider("draw_four");
    else if (t === "catch") consider("catch");
    else if (t === "uno" || ((t === "play" || t === "jump" || t === "mini_play") && e.uno)) consider("uno");
    else if (t === "skip") consider("skip");
    else if (t === "reverse") consider("reverse");
    else if (t === "press") consider("press");
    else if (t === "play" || t === "jump" || t === "mini_play") consider("play");
    else if (t === "draw" || t === "take") consider("draw");
  }
  return best;
}
