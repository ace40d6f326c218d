// A phone held sideways (a short, wide window): the seats sit in slots along the rim of a
// compact felt (a top row, a bottom row, a column each side; the whole felt when the rim is
// too short for a full table), never on each other, the piles or the Triple Play unit; your
// own seat stands on the bottom edge nearest the middle, and the others follow in play order
// (clockwise from your left). The ellipse of the desktop layout
// would pile 8 seats onto each other in 390 px of height.

export const LANDSCAPE = "(max-height: 500px) and (min-width: 560px)";
const GAP = 4;

function hits(a, b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** The slots of a W×H felt for w×h seats, in ring order: clockwise from the bottom middle. */
function ring(W, H, w, h, edge) {
  const cols = Math.max(1, Math.floor((W - 2 * edge + GAP) / (w + GAP)));
  const rows = Math.max(2, Math.floor((H - 2 * edge + GAP) / (h + GAP)));
  const x = (i) => edge + (cols === 1 ? 0 : (i * (W - 2 * edge - w)) / (cols - 1));
  const y = (j) => edge + (j * (H - 2 * edge - h)) / (rows - 1);
  const half = Math.floor(cols / 2);
  const out = [];
  for (let i = half; i >= 0; i--) out.push({ x: x(i), y: y(rows - 1) });          // bottom, leftwards
  for (let j = rows - 2; j >= 1; j--) out.push({ x: x(0), y: y(j) });             // left, upwards
  for (let i = 0; i < cols; i++) out.push({ x: x(i), y: y(0) });                  // top, rightwards
  for (let j = 1; j <= rows - 2; j++) out.push({ x: x(cols - 1), y: y(j) });      // right, downwards
  for (let i = cols - 1; i > half; i--) out.push({ x: x(i), y: y(rows - 1) });    // bottom, back
  return out;
}

/** The angle of a point seen from the felt's middle, clockwise on screen from straight down. */
function angle(x, y, W, H) {
  return Math.atan2(-(x - W / 2), y - H / 2);
}

/** Every slot of the W×H grid, clockwise by angle from the bottom middle: the fallback when
 *  the rim has too few free slots for a full table. */
function grid(W, H, w, h, edge, from = 0) {
  const cols = Math.max(1, Math.floor((W - 2 * edge + GAP) / (w + GAP)));
  const rows = Math.max(2, Math.floor((H - 2 * edge + GAP) / (h + GAP)));
  const out = [];
  for (let i = 0; i < cols; i++) {
    for (let j = 0; j < rows; j++) {
      const x = edge + (cols === 1 ? 0 : (i * (W - 2 * edge - w)) / (cols - 1));
      const y = edge + (j * (H - 2 * edge - h)) / (rows - 1);
      // clockwise on screen from straight down: down, left, up, right
      const turn = angle(x + w / 2, y + h / 2, W, H) - from;
      out.push({ x, y, turn: (turn + 4 * Math.PI) % (2 * Math.PI) });
    }
  }
  return out.sort((a, b) => a.turn - b.turn);
}

/**
 * Place `nodes` (seat elements; the one with class `me` is yours) on a W×H felt, keeping clear
 * of `avoid` (the middle's box, in felt pixels). Every slot is as large as the largest seat.
 */
export function placeLandscape(nodes, W, H, avoid, edge) {
  if (!nodes.length || W <= 0 || H <= 0) return;
  const me = nodes.find((n) => n.classList.contains("me"));
  const others = nodes.filter((n) => n !== me);
  const middle = { x: avoid.x - GAP, y: avoid.y - GAP, w: avoid.w + 2 * GAP, h: avoid.h + 2 * GAP };
  const keepOff = [middle];
  let from = 0;  // the angle of your seat: the others follow from there
  if (me) {
    // yours stands on the bottom edge, as near the middle as the piles allow, growing upwards
    const mw = me.offsetWidth;
    const mh = me.offsetHeight;
    const y = H - edge - mh;
    let x = (W - mw) / 2;
    for (let step = 0; step < 40 && hits({ x, y, w: mw, h: mh }, middle); step++) {
      x = (W - mw) / 2 + (step % 2 ? 1 : -1) * Math.ceil(step / 2 + 0.5) * (mw / 2 + GAP);
    }
    x = Math.max(edge, Math.min(x, W - edge - mw));
    put(me, x, y);
    from = angle(x + mw / 2, y + mh / 2, W, H);
    keepOff.push({ x: x - GAP, y: y - GAP, w: mw + 2 * GAP, h: mh + 2 * GAP });
  }
  if (!others.length) return;
  const w = Math.max(...others.map((n) => n.offsetWidth));
  const h = Math.max(...others.map((n) => n.offsetHeight));
  const free = (list) => list.filter((s) => !keepOff.some((k) => hits({ ...s, w, h }, k)));
  let slots = free(ring(W, H, w, h, edge));
  // the ring from the first slot on your left along the bottom
  const low = Math.max(...slots.map((t) => t.y));
  const mid = me ? me.offsetLeft + me.offsetWidth / 2 : W / 2;
  const first = slots.findIndex((t) => t.y !== low || t.x + w / 2 < mid);
  if (first > 0) slots = [...slots.slice(first), ...slots.slice(0, first)];
  if (slots.length < others.length) {
    const more = free(grid(W, H, w, h, edge, from));
    if (more.length > slots.length) slots = more;
  }
  if (!slots.length) slots = ring(W, H, w, h, edge);
  // the others spread evenly along the ring, in play order, starting at your left
  const order = others.sort((a, b) => rank(a, me, nodes.length) - rank(b, me, nodes.length));
  order.forEach((node, k) => {
    const s = slots[Math.min(slots.length - 1, Math.floor(((k + 0.5) * slots.length) / order.length))];
    put(node, s.x, s.y);
  });
}

function rank(node, me, n) {
  const first = me ? Number(me.dataset.seat) : 0;
  return (Number(node.dataset.seat) - first + n) % n;
}

function put(node, x, y) {
  node.style.left = `${x.toFixed(1)}px`;
  node.style.top = `${y.toFixed(1)}px`;
}
