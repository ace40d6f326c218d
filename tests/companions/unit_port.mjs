// Runs seeded sequences on the JavaScript port of the unit (static/unit/) and prints what it
// did at every step, for tests/companions/test_unit_port.py to compare with the Python model.
// node unit_port.mjs DIR < cases.json  (DIR: the folder holding rng.js, model.js, device.js)
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const dir = process.argv[2];
const load = (name) => import(pathToFileURL(path.join(dir, name)).href);
const { Random } = await load("rng.js");
const { Unit, UnitModel, UnitScript } = await load("model.js");
const { Device } = await load("device.js");

const state = (rng) => rng.getstate()[0];
const snap = (unit, rng) => [[...unit.counters], [...unit.thresholds], [...unit.low], [...unit.high], unit.lights(), state(rng)];

function runUnit(c) {
  const rng = new Random(BigInt(c.seed));
  const unit = new Unit(new UnitModel(c.model), c.script ? new UnitScript(c.script) : null);
  return c.ops.map(([op, arg]) => {
    let out = null;
    if (op === "start") unit.start(rng);
    else if (op === "lit") out = unit.choose_lit(rng);
    else if (op === "press") out = unit.press(arg, rng);
    else if (op === "reset") unit.reset(arg, rng);
    else if (op === "forget") unit.forget(rng);
    else if (op === "below") out = rng.below(arg);
    else if (op === "shuffle") { out = [...Array(arg).keys()]; rng.shuffle(out); }
    else throw new Error(`unknown op ${op}`);
    return [out, ...snap(unit, rng)];
  });
}

function runDevice(c) {
  let device = new Device({ seed: 0, timer: 10 });
  device.rng = new Random(BigInt(c.seed));
  device.unit.place(c.counters, c.thresholds);
  device.phase = "turn";
  device.lit = [...c.lit];
  return c.ops.map(([op, pile, give]) => {
    let events;
    if (op === "press") events = device.press(pile, { give });
    else if (op === "clear") events = device.clear(pile);
    else if (op === "timeout") events = device.timeout();
    else if (op === "go") events = device.go();
    else if (op === "reload") { // the page saved and read back (localStorage), as on a reload
      device = Device.fromJSON(JSON.parse(JSON.stringify(device.toJSON())));
      events = device.pending ? [{ type: device.phase, ...device.pending }] : [];
    }
    else throw new Error(`unknown op ${op}`);
    const over = events.find((e) => e.type === "overload" || e.type === "timeout");
    return [device.phase, [...device.lit], device.counters(), device.lights(), over ? over.draw : null, over ? Boolean(over.give) : false];
  });
}

const cases = JSON.parse(readFileSync(0, "utf8"));
const run = { unit: runUnit, device: runDevice, defaults: () => new UnitModel().toJSON() };
const out = cases.map((c) => run[c.kind](c));
process.stdout.write(JSON.stringify(out));
