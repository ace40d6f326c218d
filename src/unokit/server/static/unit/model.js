// The Triple Play unit's model, ported line for line from unokit.tripleplay.unit (unit.py):
// lit piles, counters, hidden thresholds, lights, overloads, and the bounds the lights reveal.
// tests/tripleplay/test_unit_port.py holds it equal to the Python model over thousands of
// seeded press sequences. Field names follow the Python ones (snake_case) so the two read alike.

export const PILES = [1, 2, 3];
export const GREEN = "G", YELLOW = "Y", RED = "R";
export const LIGHTS = { G: "green", Y: "yellow", R: "red" };

const whole = (v) => Number.isInteger(v);

/** The numbers of the model (none is published by Mattel); defaults as UnitModel's. */
export class UnitModel {
  constructor(fields = {}) {
    const d = {
      lit_weights: [1, 2, 1], threshold_min: 4, threshold_max: 14, red_within: 2,
      yellow_within: 3, draw_min: 1, draw_max: 4, trim_at: 20, ...fields,
    };
    const w = d.lit_weights;
    if (!Array.isArray(w) || w.length !== 3 || w.some((x) => !whole(x) || x < 0) || !w.some((x) => x)) {
      throw new RangeError("lit_weights are three whole numbers >= 0, not all 0");
    }
    for (const name of ["threshold_min", "threshold_max", "draw_min", "draw_max", "trim_at", "red_within", "yellow_within"]) {
      if (!whole(d[name])) throw new RangeError(`${name} must be a whole number`);
    }
    if (!(1 <= d.threshold_min && d.threshold_min <= d.threshold_max)) throw new RangeError("thresholds need 1 <= threshold_min <= threshold_max");
    if (d.red_within < 0 || d.yellow_within < 0) throw new RangeError("red_within and yellow_within cannot be negative");
    if (!(1 <= d.draw_min && d.draw_min <= d.draw_max && d.draw_max <= 4)) throw new RangeError("an overload shows draw_min..draw_max cards, 1 <= min <= max <= 4");
    if (d.trim_at < 2) throw new RangeError("trim_at must be at least 2 (the top card stays)");
    Object.assign(this, d, { lit_weights: [...w] });
    Object.freeze(this);
  }

  toJSON() {
    const { lit_weights, threshold_min, threshold_max, red_within, yellow_within, draw_min, draw_max, trim_at } = this;
    return { lit_weights: [...lit_weights], threshold_min, threshold_max, red_within, yellow_within, draw_min, draw_max, trim_at };
  }

  /** Green at counter 0 (a reset pile), then by the presses left before the overload. */
  light(counter, threshold) {
    if (counter === 0) return GREEN;
    const left = threshold - counter;
    if (left <= this.red_within) return RED;
    if (left <= this.red_within + this.yellow_within) return YELLOW;
    return GREEN;
  }
}

/** Decisions the unit makes next, before it falls back to its generator. */
export class UnitScript {
  constructor({ lights = [], thresholds = [], draws = [] } = {}) {
    this.lights = lights.map((x) => [...new Set(x)].sort());
    this.thresholds = [...thresholds];
    this.draws = [...draws];
  }
  copy() { return new UnitScript(this); }
  toJSON() { return { lights: this.lights.map((x) => [...x]), thresholds: [...this.thresholds], draws: [...this.draws] }; }
}

/** The unit's state: counters, hidden thresholds, and what the lights revealed. */
export class Unit {
  constructor(model = new UnitModel(), script = null) {
    this.model = model;
    this.counters = [0, 0, 0];
    this.thresholds = [model.threshold_min, model.threshold_min, model.threshold_min];
    this.low = [model.threshold_min, model.threshold_min, model.threshold_min];
    this.high = [model.threshold_max, model.threshold_max, model.threshold_max];
    this.script = script ? script.copy() : new UnitScript();
  }

  /** 'All the Card Counter lights will flash GREEN': every counter at 0. */
  start(rng) { for (const pile of PILES) this.reset(pile, rng); }

  /** Set counters and thresholds as a test or a table says (checked against the model). */
  place(counters, thresholds) {
    const m = this.model;
    if (counters.length !== 3 || thresholds.length !== 3) throw new RangeError("give three counters and three thresholds, one a pile");
    counters.forEach((c, i) => {
      const t = thresholds[i];
      if (!whole(c) || !whole(t) || !(0 <= c && c < t)) throw new RangeError(`pile ${i + 1}: need 0 <= counter < threshold, got ${c} and ${t}`);
      if (!(m.threshold_min <= t && t <= m.threshold_max)) throw new RangeError(`pile ${i + 1}: the threshold ${t} is outside the model's ${m.threshold_min}..${m.threshold_max}`);
    });
    this.counters = [...counters];
    this.thresholds = [...thresholds];
    this.low = [m.threshold_min, m.threshold_min, m.threshold_min];
    this.high = [m.threshold_max, m.threshold_max, m.threshold_max];
    for (const pile of PILES) this._observe(pile);
  }

  /** The piles lit for the next turn, ascending. */
  choose_lit(rng) {
    if (this.script.lights.length) return this.script.lights.shift();
    const weights = this.model.lit_weights;
    let pick = rng.below(weights[0] + weights[1] + weights[2]);
    let n = 1;
    while (pick >= weights[n - 1]) { pick -= weights[n - 1]; n += 1; }
    const piles = [...PILES];
    rng.shuffle(piles);
    return piles.slice(0, n).sort();
  }

  /** Count one press on `pile`; the number of cards to draw if it overloads, else null. */
  press(pile, rng) {
    const i = pile - 1;
    this.counters[i] += 1;
    if (this.counters[i] < this.thresholds[i]) { this._observe(pile); return null; }
    let shown;
    if (this.script.draws.length) shown = this.script.draws.shift();
    else shown = this.model.draw_min + rng.below(this.model.draw_max - this.model.draw_min + 1);
    this.reset(pile, rng);
    return shown;
  }

  /** Counter back to 0, light back to green, a new hidden threshold (overload, Wild Clear). */
  reset(pile, rng) {
    const i = pile - 1;
    const m = this.model;
    const threshold = this.script.thresholds.length
      ? this.script.thresholds.shift()
      : m.threshold_min + rng.below(m.threshold_max - m.threshold_min + 1);
    this.counters[i] = 0;
    this.thresholds[i] = threshold;
    this.low[i] = m.threshold_min;
    this.high[i] = m.threshold_max;
    this._observe(pile);
  }

  light(pile) { return this.model.light(this.counters[pile - 1], this.thresholds[pile - 1]); }
  lights() { return PILES.map((p) => this.light(p)); }

  /** Narrow the public bounds on the threshold by the light now shown. */
  _observe(pile) {
    const i = pile - 1;
    const c = this.counters[i];
    if (c === 0) return; // a reset pile is green whatever its threshold: it tells nothing
    const red = this.model.red_within;
    const yellow = red + this.model.yellow_within;
    const shown = this.light(pile);
    let low = Math.max(this.low[i], c + 1), high = this.high[i];
    if (shown === RED) high = Math.min(high, c + red);
    else if (shown === YELLOW) { low = Math.max(low, c + red + 1); high = Math.min(high, c + yellow); }
    else low = Math.max(low, c + yellow + 1);
    this.low[i] = low;
    this.high[i] = high;
  }

  /** Redraw every hidden threshold among those the lights still allow, and drop the script. */
  forget(rng) {
    for (let i = 0; i < 3; i++) this.thresholds[i] = this.low[i] + rng.below(this.high[i] - this.low[i] + 1);
    this.script = new UnitScript();
  }

  toJSON() {
    return { model: this.model.toJSON(), counters: [...this.counters], thresholds: [...this.thresholds], low: [...this.low], high: [...this.high], script: this.script.toJSON() };
  }

  static fromJSON(data) {
    const unit = new Unit(new UnitModel(data.model), new UnitScript(data.script));
    for (const k of ["counters", "thresholds", "low", "high"]) unit[k] = [...data[k]];
    return unit;
  }
}
