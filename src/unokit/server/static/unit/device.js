// The unit at a real table: the Go button, the three piles, the lit piles of each turn, the
// overload and timer-mode displays. No DOM here (page.js draws it); every decision is the
// model's (model.js), and the unit is driven in the order TriplePlayGame drives it:
// a press or a Wild Clear ends the turn and lights the next one; after an overload or a
// time-out the next lights come when Go is pressed ("press the Go button to re-set the unit
// for the next player in current order").
import { Random } from "./rng.js";
import { Unit, UnitModel } from "./model.js";

export const TIMEOUT_DRAW = 6; // 'draw 6 cards from the Draw Pile ... (That's right…6 cards!)'

/** Phases: off (blue lights, press Go), turn (lit piles), overload, timeout (both wait for Go). */
export class Device {
  constructor({ seed = 0, model = new UnitModel(), timer = null } = {}) {
    this.seed = seed;
    this.rng = new Random(seed);
    this.unit = new Unit(model);
    this.phase = "off";
    this.lit = [];
    this.turn = 0;
    this.round = 0;
    this.timer = timer; // seconds a turn in timer mode, or null
    this.deadline = null; // ms (the caller's clock) when the turn's time runs out
    this.pending = null; // { pile, draw, give } after an overload; { draw: 6 } after a time-out
    this.overloads = 0;
  }

  /** The Go button: begin the round, or re-set the unit for the next player. */
  go(now = 0) {
    if (this.phase === "off") {
      this.unit.start(this.rng);
      this.round += 1;
      this.turn = 0;
      this.overloads = 0;
      return [{ type: "start" }, ...this._next(now)];
    }
    if (this.phase === "overload" || this.phase === "timeout") {
      this.pending = null;
      return this._next(now);
    }
    return [];
  }

  /** One press on a lit pile: a card played (a Discard Two pair presses once), or a press
   * with no card. `give`: the card was a Wild Give Away (its overload is given away). */
  press(pile, { give = false, now = 0 } = {}) {
    if (!this._can(pile)) return [];
    const draw = this.unit.press(pile, this.rng);
    const events = [{ type: "press", pile }];
    if (draw === null) return [...events, ...this._next(now)];
    this.overloads += 1;
    this.phase = "overload";
    this.deadline = null; // 'If a Discard Pile overloads on your turn, the timer stops'
    this.pending = { pile, draw, give };
    return [...events, { type: "overload", pile, draw, give }];
  }

  /** Wild Clear: the card held down two seconds on a lit pile resets its counter. */
  clear(pile, now = 0) {
    if (!this._can(pile)) return [];
    this.unit.reset(pile, this.rng);
    return [{ type: "clear", pile }, ...this._next(now)];
  }

  /** Timer mode: the clock ran out on this turn; the player draws 6, then presses Go. */
  timeout() {
    if (this.phase !== "turn" || this.timer === null) return [];
    this.phase = "timeout";
    this.deadline = null;
    this.pending = { draw: TIMEOUT_DRAW };
    return [{ type: "timeout", draw: TIMEOUT_DRAW }];
  }

  /** Let the clock run: a time-out once `now` passes the deadline. */
  tick(now) {
    if (this.phase === "turn" && this.deadline !== null && now >= this.deadline) return this.timeout();
    return [];
  }

  /** Seconds left on the turn's clock (null outside timer mode or while it is stopped). */
  left(now) {
    if (this.deadline === null) return null;
    return Math.max(0, Math.ceil((this.deadline - now) / 1000));
  }

  /** A player went out (or the table stops): back to blue, Go begins the next round. */
  endRound() {
    this.phase = "off";
    this.lit = [];
    this.deadline = null;
    this.pending = null;
  }

  setTimer(seconds, now = 0) {
    this.timer = seconds;
    this.deadline = this.phase === "turn" && seconds !== null ? now + seconds * 1000 : null;
  }

  lights() { return this.unit.lights(); }
  counters() { return [...this.unit.counters]; }

  _can(pile) { return this.phase === "turn" && this.lit.includes(pile); }

  _next(now) {
    this.phase = "turn";
    this.turn += 1;
    this.lit = this.unit.choose_lit(this.rng);
    this.deadline = this.timer === null ? null : now + this.timer * 1000;
    return [{ type: "lit", lit: [...this.lit] }];
  }

  /** Everything, to survive a reload or a locked phone (localStorage). */
  toJSON() {
    const { seed, phase, lit, turn, round, timer, pending, overloads } = this;
    return { seed, rng: this.rng.getstate(), unit: this.unit.toJSON(), phase, lit, turn, round, timer, pending, overloads };
  }

  static fromJSON(data, now = 0) {
    const device = new Device({ seed: data.seed, timer: data.timer });
    device.rng = Random.fromstate(data.rng);
    device.unit = Unit.fromJSON(data.unit);
    Object.assign(device, { phase: data.phase, lit: [...data.lit], turn: data.turn, round: data.round, pending: data.pending, overloads: data.overloads });
    if (device.phase === "turn" && device.timer !== null) device.deadline = now + device.timer * 1000; // a fresh clock
    return device;
  }
}
