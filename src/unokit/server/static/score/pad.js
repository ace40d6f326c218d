// The score pad's arithmetic, the same as unokit.scorepad (Python) and held equal to it by a
// differential test: a round's points as the engine's Game.round_points, the match settled as
// unokit.Match settles it. The card values are not written here: they come with the page, taken
// from the engine (unokit.scorepad.scoring_data). No DOM: node runs this module too.

export const FORMAT = "unokit.scorepad";
export const VERSION = 1;
export const MAX_NAME = 24;

/** A refusal: its English message, and the catalogue's message id with its fields, so the
 *  page can tell it in the reader's language (a field may be a PadError: a reason within). */
export class PadError extends Error {
  constructor(template, fields = {}) {
    super(template.replace(/\{(\w+)\}/g, (all, k) => (k in fields ? String(fields[k] instanceof Error ? fields[k].message : fields[k]) : all)));
    this.template = template;
    this.fields = fields;
  }
}

const N_ = (message) => message; // marks a message for the catalogue (unokit.i18n.extract)
function refuse(template, fields) { throw new PadError(template, fields); }

/** The data of one edition, or a PadError. */
export function editionOf(data, edition) {
  return data.editions.find((e) => e.edition === edition) || refuse(N_("there is no edition {name}"), { name: JSON.stringify(edition) });
}

/** The kinds of card of an edition with this choice of newer-wild points. */
export function kindsOf(data, edition, newWildPoints = null) {
  const ed = editionOf(data, edition);
  const w = ed.wilds.find((x) => x.new_wild_points === newWildPoints);
  if (!w) refuse(N_("{edition} scores its own cards as its sheet says"), { edition: ed.label });
  return w.kinds;
}

/** A new pad (throws PadError saying why the settings are refused). */
export function newPad(data, { edition, mode, target, players, newWildPoints = null }) {
  const ed = editionOf(data, edition);
  if (!ed.modes.some((m) => m.name === mode)) refuse(N_("{edition} has no scoring mode {mode}"), { edition: ed.label, mode: JSON.stringify(mode) });
  if (!Number.isInteger(target) || target < 1) refuse(N_("the target is a whole number of points above 0"));
  const kinds = kindsOf(data, edition, newWildPoints);
  const names = players.map((n) => String(n).trim());
  if (names.some((n) => !n)) refuse(N_("every player needs a name"));
  if (names.some((n) => n.length > MAX_NAME)) refuse(N_("a name is at most {count} characters"), { count: MAX_NAME });
  if (new Set(names.map((n) => n.toLowerCase())).size !== names.length) refuse(N_("two players have the same name"));
  if (mode === "partners" && names.length !== 4) refuse(N_("partners is a game for 4 players: 2 teams sitting across"));
  if (names.length < ed.min || names.length > ed.max) refuse(N_("{edition} is for {min} to {max} players"), { edition: ed.label, min: ed.min, max: ed.max });
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
  if (st.over) refuse(N_("the match is over: start a new one"));
  const n = pad.players.length;
  if (!Array.isArray(entry.hands) || entry.hands.length !== n) refuse(N_("a round has a hand for each of the {count} players"), { count: n });
  if (entry.out !== null) {
    if (!Number.isInteger(entry.out) || entry.out < 0 || entry.out >= n) refuse(N_("there is no player {seat}"), { seat: entry.out });
    if (st.eliminated.includes(entry.out)) refuse(N_("{who} is out of the match"), { who: pad.players[entry.out] });
  }
  const used = {};
  for (const k of pad.kinds) used[k.kind] = 0;
  entry.hands.forEach((hand, seat) => {
    if (hand === null || typeof hand !== "object" || Array.isArray(hand)) refuse(N_("a hand is a count for each kind of card"));
    const unknown = Object.keys(hand).filter((kind) => !Object.hasOwn(pad.values, kind)).sort();
    if (unknown.length) refuse(N_("{edition} has no {kind} cards; the kinds are {kinds}"), { edition: pad.label, kind: JSON.stringify(unknown[0]), kinds: pad.kinds.map((k) => k.kind).join(" ") });
    for (const { kind } of pad.kinds) {
      const count = hand[kind] ?? 0;
      if (!Number.isInteger(count) || count < 0) refuse(N_("a count of cards is a whole number, not {value}"), { value: JSON.stringify(count) });
      used[kind] += count;
    }
    if (Object.values(hand).some((c) => c)) {
      const who = pad.players[seat];
      if (seat === entry.out) refuse(N_("{who} went out and holds no cards"), { who });
      if (st.eliminated.includes(seat)) refuse(N_("{who} is out of the match and holds no cards"), { who });
    }
  });
  for (const { kind } of pad.kinds) {
    if (used[kind] > pad.deck[kind]) refuse(N_("the deck holds {deck} × {card}, not {count}"), { deck: pad.deck[kind], card: pad.kindNames[kind], count: used[kind] });
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
  if (!pad.rounds.length) refuse(N_("there is no round to undo"));
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
  if (!record || typeof record !== "object" || record.format !== FORMAT) refuse(N_("not a unokit score pad record"));
  if (record.version !== VERSION) refuse(N_("this score pad record has version {version}; this page reads version {ours} only"), { version: JSON.stringify(record.version), ours: VERSION });
  let pad;
  try {
    pad = newPad(data, {
      edition: record.edition, mode: record.mode, target: record.target,
      players: Array.isArray(record.players) ? record.players : refuse(N_("no players")),
      newWildPoints: record.new_wild_points ?? null,
    });
  } catch (err) {
    refuse(N_("the settings are refused: {reason}"), { reason: err });
  }
  if ("values" in record && !sameValues(record.values || {}, pad.values)) refuse(N_("its card values are not this edition's: it was made with other rules"));
  if (!Array.isArray(record.rounds)) refuse(N_("its rounds are not a list"));
  record.rounds.forEach((data_, i) => {
    let points;
    try {
      if (!data_ || !Array.isArray(data_.hands) || !("out" in data_)) refuse(N_("it needs out and hands"));
      points = addRound(pad, data_.out, data_.hands);
    } catch (err) {
      refuse(N_("round {round} is refused: {reason}"), { round: i + 1, reason: err });
    }
    if ("points" in data_ && !same(data_.points, points)) refuse(N_("round {round} states points {stated}, but they come to {points}: the record was changed after it was written"), { round: i + 1, stated: JSON.stringify(data_.points), points: JSON.stringify(points) });
  });
  const st = standing(pad);
  for (const key of ["totals", "eliminated", "over", "winner"]) {
    if (key in record && !same(record[key], st[key])) refuse(N_("the record states {key} {stated}, but its rounds give {found}: it was changed after it was written"), { key, stated: JSON.stringify(record[key]), found: JSON.stringify(st[key]) });
  }
  return pad;
}
