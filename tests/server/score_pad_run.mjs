// Runs the /score page's arithmetic (static/score/pad.js) over cases read from stdin, for
// tests/server/test_score_pad_js.py: {data, cases: [{settings, rounds: [{out, hands}], undo}]}
// -> one line of JSON: per case, each round's points or the refusal, and the final record.
import { readFileSync } from "node:fs";
import * as pad from "../../src/unokit/server/static/score/pad.js";

const { data, cases } = JSON.parse(readFileSync(0, "utf8"));
const out = cases.map((c) => {
  let p;
  try { p = pad.newPad(data, c.settings); } catch (err) { return { refused: err.message }; }
  const rounds = c.rounds.map((r) => {
    try { return pad.addRound(p, r.out, r.hands); } catch (err) { return { refused: err.message }; }
  });
  for (let i = 0; i < c.undo; i++) { try { pad.undo(p); } catch (err) { /* nothing to undo */ } }
  const record = pad.toRecord(p);
  let reread;
  try { reread = pad.toRecord(pad.fromRecord(data, JSON.parse(JSON.stringify(record)))); } catch (err) { reread = err.message; }
  return { rounds, record, reread };
});
process.stdout.write(JSON.stringify(out));
