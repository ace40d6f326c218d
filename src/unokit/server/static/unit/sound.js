// The unit's tones in Web Audio: loud square and sawtooth waves through a compressor, so they
// carry across a kitchen table from a phone speaker. Volume 1..5 (as the real unit's), mute.
// The audio starts on the first touch (browsers allow sound only after a gesture).

let ctx = null;
let master = null;
let volume = 4;
let muted = false;

const LEVEL = [0, 0.18, 0.32, 0.5, 0.72, 1];

function out() {
  if (!ctx) {
    const Ctx = globalThis.AudioContext || globalThis.webkitAudioContext;
    if (!Ctx) return null;
    ctx = new Ctx();
    const squeeze = ctx.createDynamicsCompressor();
    squeeze.threshold.value = -18;
    squeeze.ratio.value = 6;
    master = ctx.createGain();
    master.connect(squeeze).connect(ctx.destination);
    apply();
  }
  if (ctx.state === "suspended") ctx.resume();
  return ctx;
}

function apply() { if (master) master.gain.value = muted ? 0 : LEVEL[volume]; }

/** One tone: `freq` Hz (or [from, to] for a sweep), `ms` long, starting `at` seconds from now. */
function tone(freq, ms, { type = "square", at = 0, level = 0.5 } = {}) {
  const c = out();
  if (!c || muted) return;
  played += 1;
  const t = c.currentTime + at;
  const end = t + ms / 1000;
  const osc = c.createOscillator();
  const gain = c.createGain();
  osc.type = type;
  const [from, to] = Array.isArray(freq) ? freq : [freq, freq];
  osc.frequency.setValueAtTime(from, t);
  if (to !== from) osc.frequency.exponentialRampToValueAtTime(to, end);
  gain.gain.setValueAtTime(0.0001, t);
  gain.gain.exponentialRampToValueAtTime(level, t + 0.008);
  gain.gain.setValueAtTime(level, Math.max(t + 0.008, end - 0.03));
  gain.gain.exponentialRampToValueAtTime(0.0001, end);
  osc.connect(gain).connect(master);
  osc.start(t);
  osc.stop(end + 0.02);
}

/** The tones of the unit (and of the card table's Triple Play panel). */
export const tones = {
  /** 'You will hear the start-up tone': a rising arpeggio. */
  start: () => [523, 659, 784, 1047].forEach((f, i) => tone(f, 140, { at: i * 0.12 })),
  /** A press: the unit's short 'beep'. */
  press: () => tone(1568, 90, { level: 0.45 }),
  /** The lights rotate for the next player. */
  lights: () => tone(2093, 45, { type: "sine", at: 0.12, level: 0.3 }),
  /** A tap on a pile that is not lit. */
  refuse: () => tone(196, 140, { type: "sawtooth", level: 0.35 }),
  /** 'you will hear the overload tone': a falling siren, three times. */
  overload: () => {
    for (let i = 0; i < 3; i++) {
      tone([880, 220], 280, { type: "sawtooth", at: i * 0.32, level: 0.6 });
      tone([440, 110], 280, { type: "square", at: i * 0.32, level: 0.35 });
    }
  },
  /** Wild Clear: a pile held two seconds resets, a falling sweep. */
  clear: () => tone([1800, 300], 450, { type: "triangle", level: 0.6 }),
  /** The last seconds of a turn in timer mode. */
  tick: (last) => tone(last ? 1760 : 1175, 70, { level: 0.4 }),
  /** The time ran out: a long buzzer. */
  timeout: () => {
    tone(150, 900, { type: "sawtooth", level: 0.7 });
    tone(155, 900, { type: "square", level: 0.3 });
  },
  /** Go: the unit is re-set for the next player. */
  go: () => { tone(784, 80); tone(1175, 110, { at: 0.09 }); },
};

export function setVolume(v) { volume = Math.min(5, Math.max(1, Math.round(v))); apply(); }
export function setMuted(m) { muted = Boolean(m); apply(); }
export function getVolume() { return volume; }
export function isMuted() { return muted; }
/** The master level now (0 when muted), and how many tones have played: for the tests. */
export function level() { return muted ? 0 : LEVEL[volume]; }
export let played = 0;
/** Start the audio inside a user gesture (a first tap), so later tones may play. */
export function unlock() { out(); }
