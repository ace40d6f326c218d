// The score pad's arithmetic, the same as unokit.scorepad (Python) and held equal to it by a
// differential test: a round's points as the engine's Game.round_points, the match settled as
// unokit.Match settles it. The card values are not written here: they come with the page, taken
// from the engine (unokit.scorepad.scoring_data). No DOM: node runs this module too.

export const FORMAT = "unokit.scorepad";
export const VERSION = 1;
export const MAX_NAME = 24;

export class PadError extends Error {}

function refuse(message) { throw new PadError(message); }

/** The data of one edition, or a PadError. */
export function editionOf(data, edition) {
  return data.editions.find((e) => e.edition === edition) || refuse(`there is no edition ${JSON.stringify(edition)}`);
}

/** The kinds of card of an edition with this choice of newer-wild points. */
export function kindsOf(data, edition, newWildPoints = null) {
  const ed = editionOf(data, edition);
  const w = ed.wilds.find((x) => x.new_wild_points === newWildPoints);
  if (!w) refuse(`${ed.label} scores its own cards as its sheet says`);
  return w.kinds;
}

/** A new pad (throws PadError saying why the settings are refused). */
export function newPad(data, { edition, mode, target, players, newWildPoints = null }) {
  const ed = editionOf(data, edition);
  if (!ed.modes.some((m) => m.name === mode)) refuse(`${ed.label} has no scoring mode ${JSON.stringify(mode)}`);
  if (!Number.isInteger(target) || target < 1) refuse("the target is a whole number of points above 0");
  const kinds = kindsOf(data, edition, newWildPoints);
  const names = players.map((n) => String(n).trim());
  if (names.some((n) => !n)) refuse("every player needs a name");
  if (names.some((n) => n.length > MAX_NAME)) refuse(`a name is at most ${MAX_NAME} characters`);
  if (new Set(names.map((n) => n.toLowerCase())).size !== names.length) refuse("two players have the same name");
  if (mode === "partners" && names.length !== 4) refuse("partners is a game for 4 players: 2 teams sitting across");
  if (names.length < ed.min || names.length > ed.max) refuse(`${ed.label} is for ${ed.min} to ${ed.max} players`);
  const values = {}, deck = {}, names_ = {};
  for (const k of kinds) { values[k.kind] = k.points; deck[k.kind] = k.deck; names_[k.kind] = k.name; }
  return {
    edition, mode, target, newWildPoints, players: names, label: ed.label,
    kinds, values, deck, kindNames: names_, rounds: [],
  };
}

/** The seats of the side that seat belongs to (partners sit across: 0 and 2, 1 and 3). */
export function side(pad, seat) {
  return pad.mode === "partners" ? [seat, (seat + 2) % 4] : [seat];
}

export function handPoints(pad, hand) {
  let total = 0;
  for (const [kind, count] of Object.entries(hand)) total += pad.values[kind] * count;
  return total;
}

/** What each seat scores for a round {out, hands}. */
export function roundPoints(pad, entry) {
  const points = pad.players.map(() => 0);
  if (pad.mode === "winner" || pad.mode === "partners") {
    if (entry.out === null) return points; // a round nobody went out of scores nothing
    const team = side(pad, entry.out);
    let total = 0;
    entry.hands.forEach((hand, s) => { if (!team.includes(s)) total += handPoints(pad, hand); });
    for (const s of team) points[s] = total;
  } else {
    entry.hands.forEach((hand, s) => { points[s] = handPoints(pad, hand); });
  }
  return points;
}

/** Totals, each round's points, who is out, who won, settled round by round. */
export function standing(pad, rounds = pad.rounds) {
  const n = pad.players.length;
  const st = { totals: new Array(n).fill(0), points: [], eliminated: [], over: false, winner: null };
  const target = pad.target;
  for (const entry of rounds) {
    const active = [...Array(n).keys()].filter((s) => !st.eliminated.includes(s));
    const points = roundPoints(pad, entry);
    st.points.push(points);
    points.forEach((p, s) => { st.totals[s] += p; });
    const totals = st.totals;
    if (pad.mode === "winner" || pad.mode === "partners") {
      if (entry.out !== null && totals[entry.out] >= target) { st.over = true; st.winner = entry.out; }
    } else if (pad.mode === "lowest") {
      if (active.some((s) => totals[s] >= target)) {
        const low = Math.min(...active.map((s) => totals[s]));
        const best = active.filter((s) => totals[s] === low);
        if (best.length === 1) { st.over = true; st.winner = best[0]; }
      }
    } else {
      const out = active.filter((s) => totals[s] >= target);
      const left = active.filter((s) => !out.includes(s));
      st.eliminated.push(...out);
      if (left.length === 1) { st.over = true; st.winner = left[0]; }
      else if (!left.length) {
        st.over = true;
        st.winner = out.reduce((a, b) => (totals[b] < totals[a] || (totals[b] === totals[a] && b < a) ? b : a));
      }
    }
  }
  return st;
}

/** Refuse (PadError saying why) a round that cannot be the next one. */
export function checkRound(pad, entry) {
  const st = standing(pad);
  if (st.over) refuse("the match is over: start a new one");
  const n = pad.players.length;
  if (!Array.isArray(entry.hands) || entry.hands.length !== n) refuse(`a round has a hand for each of the ${n} players`);
  if (entry.out !== null) {
    if (!Number.isInteger(entry.out) || entry.out < 0 || entry.out >= n) refuse(`there is no player ${entry.out}`);
    if (st.eliminated.includes(entry.out)) refuse(`${pad.players[entry.out]} is out of the match`);
  }
  const used = {};
  for (const k of pad.kinds) used[k.kind] = 0;
  entry.hands.forEach((hand, seat) => {
    if (hand === null || typeof hand !== "object" || Array.isArray(hand)) refuse("a hand is a count for each kind of card");
    const unknown = Object.keys(hand).filter((kind) => !Object.hasOwn(pad.values, kind)).sort();
    if (unknown.length) refuse(`${pad.label} has no ${JSON.stringify(unknown[0])} cards; the kinds are ${pad.kinds.map((k) => k.kind).join(" ")}`);
    for (const { kind } of pad.kinds) {
      const count = hand[kind] ?? 0;
      if (!Number.isInteger(count) || count < 0) refuse(`a count of cards is a whole number, not ${JSON.stringify(count)}`);
      used[kind] += count;
    }
    if (Object.values(hand).some((c) => c)) {
      const who = pad.players[seat];
      if (seat === entry.out) refuse(`${who} went out and holds no cards`);
      if (st.eliminated.includes(seat)) refuse(`${who} is out of the match and holds no cards`);
    }
  });
  for (const { kind } of pad.kinds) {
    if (used[kind] > pad.deck[kind]) refuse(`the deck holds ${pad.deck[kind]} × ${pad.kindNames[kind]}, not ${used[kind]}`);
  }
}

function cleanHand(hand) {
  const out = {};
  for (const [kind, count] of Object.entries(hand)) if (count) out[kind] = count;
  return out;
}

/** Enter a round (checked first; the pad is unchanged when refused); its points. */
export function addRound(pad, out, hands) {
  const entry = { out, hands: hands.map((h) => (h && typeof h === "object" && !Array.isArray(h) ? cleanHand(h) : h)) };
  checkRound(pad, entry);
  pad.rounds.push(entry);
  return roundPoints(pad, entry);
}

export function undo(pad) {
  if (!pad.rounds.length) refuse("there is no round to undo");
  return pad.rounds.pop();
}

/** The pad as a unokit.scorepad record (docs/records.md). */
export function toRecord(pad) {
  const st = standing(pad);
  return {
    format: FORMAT, version: VERSION, edition: pad.edition, mode: pad.mode, target: pad.target,
    new_wild_points: pad.newWildPoints, values: { ...pad.values }, players: [...pad.players],
    rounds: pad.rounds.map((r, i) => ({ out: r.out, hands: r.hands.map((h) => ({ ...h })), points: st.points[i] })),
    totals: st.totals, eliminated: st.eliminated, over: st.over, winner: st.winner,
  };
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const sameValues = (a, b) => {
  const ka = Object.keys(a).sort(), kb = Object.keys(b).sort();
  return same(ka, kb) && ka.every((k) => a[k] === b[k]);
};

/** Read a record, checking every round and every stated figure (PadError saying why not). */
export function fromRecord(data, record) {
  if (!record || typeof record !== "object" || record.format !== FORMAT) refuse("not a unokit score pad record");
  if (record.version !== VERSION) refuse(`this score pad record has version ${JSON.stringify(record.version)}; this page reads version ${VERSION} only`);
  let pad;
  try {
    pad = newPad(data, {
      edition: record.edition, mode: record.mode, target: record.target,
      players: Array.isArray(record.players) ? record.players : refuse("no players"),
      newWildPoints: record.new_wild_points ?? null,
    });
  } catch (err) {
    refuse(`the settings are refused: ${err.message}`);
  }
  if ("values" in record && !sameValues(record.values || {}, pad.values)) refuse("its card values are not this edition's: it was made with other rules");
  if (!Array.isArray(record.rounds)) refuse("its rounds are not a list");
  record.rounds.forEach((data_, i) => {
    let points;
    try {
      if (!data_ || !Array.isArray(data_.hands) || !("out" in data_)) refuse("it needs out and hands");
      points = addRound(pad, data_.out, data_.hands);
    } catch (err) {
      refuse(`round ${i + 1} is refused: ${err.message}`);
    }
    if ("points" in data_ && !same(data_.points, points)) refuse(`round ${i + 1} states points ${JSON.stringify(data_.points)}, but they come to ${JSON.stringify(points)}: the record was changed after it was written`);
  });
  const st = standing(pad);
  for (const key of ["totals", "eliminated", "over", "winner"]) {
    if (key in record && !same(record[key], st[key])) refuse(`the record states ${key} ${JSON.stringify(record[key])}, but its rounds give ${JSON.stringify(st[key])}: it was changed after it was written`);
  }
  return pad;
}
