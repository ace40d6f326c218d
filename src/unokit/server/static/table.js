// The table: seats around it (avatar, name, fan of card backs, count, the seat to play lit with
// its countdown, buttons for actions aimed at that seat) and the piles in the middle.
import { $, el, keyed, setProps } from "./dom.js";
import { backNode, cardName, cardNode, setCard, COLORS } from "./cards.js";
import { rtl } from "./i18n.js";
import { _, ngettext, num, pgettext } from "./words.js";
import { LANDSCAPE, placeLandscape } from "./landscape.js";

const HUES = [8, 48, 130, 205, 265, 320, 30, 170, 230, 290, 350, 90, 190, 250, 15, 110];

function initials(name) {
  const words = name.replace(/[^\p{L}\p{N} ]/gu, "").trim().split(/\s+/);
  const last = words.length > 1 ? words.at(-1) : "";
  return ((words[0] || "?")[0] + (/^\d+$/.test(last) ? last : last.slice(0, 1))).toUpperCase();
}

/** Where seat `s` sits: opponents spread over the table's rim, this seat at the bottom. */
function place(s, seat, n) {
  const me = seat === null ? 0 : seat;
  const others = seat === null ? n : n - 1;
  const i = (s - me + n) % n - (seat === null ? 0 : 1);
  if (seat !== null && s === seat) return { x: 50, y: 92 };
  const span = seat === null ? 340 : others > 9 ? 320 : others > 6 ? 300 : 200;
  const a = ((90 + span / 2 - (span * (i + 0.5)) / others) * Math.PI) / 180;
  const x = 50 + 44 * Math.cos(a);
  // right to left (Arabic), the table is seen in a mirror: the seats and the arrow of play
  return { x: rtl ? 100 - x : x, y: 50 - 41 * Math.sin(a) };
}

function seatLabel(s, ctrl) {
  const { table, view } = ctrl;
  const bits = [s.name];
  if (s.seat === table.owner) bits.push("host");
  if (s.kind === "bot") bits.push(s.strength ? `bot, ${s.strength}` : s.bot && s.bot !== "random" ? `bot, ${s.bot}` : "bot");
  if (s.kind === "open") bits.push("free seat");
  if (s.kind === "human" && !s.present) bits.push("away");
  if (s.seat === ctrl.seat) bits.push(ctrl.watching ? "watched from here" : "you");
  let label = `${bits[0]}${bits.length > 1 ? ` (${bits.slice(1).join(", ")})` : ""}`;
  if (view) {
    const n = view.hand_sizes[s.seat];
    label += `, ${n} card${n === 1 ? "" : "s"}`;
    if (view.to_play === s.seat && !view.over) label += ", to play";
    if (view.uno_said.includes(s.seat)) label += ", said UNO";
  }
  if (table.scores) label += `, ${table.scores[s.seat]} points`;
  return label;
}

function createSeat(s) {
  const node = el("div", { class: "seat", role: "group" },
    el("div", { class: "avatar", "aria-hidden": "true" }),
    el("div", { class: "who" }, el("span", { class: "name" }), el("span", { class: "tags" })),
    el("div", { class: "fan", "aria-hidden": "true" }),
    el("div", { class: "count", "aria-hidden": "true" }),
    el("div", { class: "clock", "aria-hidden": "true" }),
    el("div", { class: "seat-actions" }),
    el("div", { class: "mini" }),
    el("span", { class: "uno-flag", "aria-hidden": "true", text: "UNO!" }));
  node.dataset.seat = String(s.seat);
  if (resizes) resizes.observe(node);
  return node;
}

function updateSeat(node, s, ctrl) {
  const { table, view, seat } = ctrl;
  const n = table.seats.length;
  const pos = place(s.seat, seat, n);
  const turn = Boolean(view && view.to_play === s.seat && !view.over);
  const away = s.kind === "human" && !s.present;
  const linked = Boolean(view && view.link && view.link.includes(s.seat));
  const picked = ctrl.linkFirst === s.seat;
  setProps(node, {
    class: `seat${turn ? " turn" : ""}${s.seat === seat ? " me" : ""}${away ? " absent" : ""}` +
      `${s.kind === "bot" ? " bot" : ""}${linked ? " linked" : ""}${picked ? " picked" : ""}` +
      `${view && view.uno_said.includes(s.seat) ? " uno" : ""}`,
    "aria-label": seatLabel(s, ctrl),
  });
  node.style.setProperty("--hue", String(HUES[s.seat % HUES.length]));
  node.dataset.x = pos.x.toFixed(2);
  node.dataset.y = pos.y.toFixed(2);
  const avatar = node.querySelector(".avatar");
  setProps(avatar, { text: s.kind === "open" ? "?" : initials(s.name) });
  setProps(node.querySelector(".name"), { text: s.name });
  const tags = [];
  if (s.seat === table.owner) tags.push(pgettext("seat", "host"));
  if (s.kind === "bot") tags.push(s.strength ? _("{strength} bot", { strength: s.strength }) : pgettext("seat", "bot"));
  if (away) tags.push(pgettext("seat", "away"));
  if (s.seat === seat) tags.push(ctrl.watching ? pgettext("seat", "watched") : pgettext("seat", "you"));
  setProps(node.querySelector(".tags"), { text: tags.join(" · ") });
  const count = view ? view.hand_sizes[s.seat] : null;
  const fan = node.querySelector(".fan");
  const shown = count === null ? 0 : Math.min(count, 8);
  while (fan.children.length > shown) fan.lastChild.remove();
  while (fan.children.length < shown) fan.append(backNode());
  fan.style.setProperty("--n", String(shown));
  // the count alone: "UNO!" is a flag on the seat's edge, so it never squeezes the name
  setProps(node.querySelector(".count"), { text: count === null ? "" : String(count) });
  setProps(node.querySelector(".clock"), { hidden: !turn || !ctrl.deadline });
  // actions aimed at this seat: catch, trade hands, point, link, all in place
  const aimed = ctrl.aimed.get(s.seat) || [];
  keyed(node.querySelector(".seat-actions"), aimed, (a) => a.key, (a) => {
    const b = el("button", { type: "button" });
    b.addEventListener("click", () => ctrl.aimedClick(b.dataset.key));
    return b;
  }, (b, a) => setProps(b, { class: `aim ${a.kind}`, text: a.label, "data-action": a.action || null, "aria-label": a.aria }));
  // Party!: the Wild Pile Up mini pile lies face up in front of the seat facing it
  const mini = node.querySelector(".mini");
  const facing = view && view.mini_pile && view.mini_pile.length && view.to_play === s.seat;
  if (!facing) { mini.replaceChildren(); mini.hidden = true; }
  else {
    mini.hidden = false;
    const top = view.mini_pile.at(-1);
    let card = mini.querySelector(".card");
    if (!card) { card = cardNode(top); card.id = "mini-pile"; mini.append(card, el("span", { class: "mini-count" })); }
    setCard(card, top);
    const size = view.mini_pile.length;
    card.setAttribute("aria-label", ngettext("mini pile in front of {who}: {count} card, {card} on top", "mini pile in front of {who}: {count} cards, {card} on top", size, { who: s.name, card: cardName(top) }));
    mini.querySelector(".mini-count").textContent = _("mini pile · {count}", { count: num(size) });
  }
}

// A seat grows (its clock row, a mini pile, buttons) and the felt resizes with the window: each
// time, the seats are placed again.
const resizes = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => layoutSeats());
let observingFelt = false;

export function renderSeats(ctrl) {
  const { table } = ctrl;
  const box = $("#seats");
  box.dataset.n = String(table.seats.length);
  const n = table.seats.length;
  if (n >= 9) box.dataset.crowd = n >= 13 ? "many" : "some";
  else delete box.dataset.crowd;
  keyed(box, table.seats, (s) => s.seat, createSeat, (node, s) => updateSeat(node, s, ctrl));
  const link = ctrl.view && ctrl.view.link;
  box.dataset.link = link ? link.join(" ") : "";
  if (resizes && !observingFelt) { resizes.observe($("#felt")); resizes.observe($("#center")); observingFelt = true; }
  layoutSeats();
}

export const PHONE = "(max-width: 700px) and (min-height: 501px), (max-width: 559px)";
const EDGE = 6;  // px kept clear inside the felt's rim

/**
 * Each seat placed on the felt in pixels: centred on its point of the rim, then pulled in so
 * that all of it lies on the felt (no avatar cut at the left, nothing under the side panel);
 * your own seat stands on the felt's bottom edge and grows upwards, never over the prompt.
 * On a phone the seats are a grid above the piles and need none of this.
 */
export function layoutSeats() {
  const felt = $("#felt");
  const box = $("#seats");
  const phone = window.matchMedia(PHONE).matches;
  const W = felt.clientWidth;
  const H = felt.clientHeight;
  if (!phone && window.matchMedia(LANDSCAPE).matches) {
    const f = felt.getBoundingClientRect();
    const c = $("#center").getBoundingClientRect();
    const avoid = c.width ? { x: c.left - f.left, y: c.top - f.top, w: c.width, h: c.height } : { x: -1e4, y: -1e4, w: 0, h: 0 };
    placeLandscape([...box.children], W, H, avoid, EDGE);
    drawLink(box, phone, W, H);
    return;
  }
  for (const node of box.children) {
    if (phone) { node.style.left = ""; node.style.top = ""; continue; }
    const w = node.offsetWidth;
    const h = node.offsetHeight;
    const x = (Number(node.dataset.x) / 100) * W;
    const y = (Number(node.dataset.y) / 100) * H;
    const left = Math.max(EDGE, Math.min(x - w / 2, W - EDGE - w));
    const top = Math.max(EDGE, Math.min(node.classList.contains("me") ? H - EDGE - h : y - h / 2, H - EDGE - h));
    node.style.left = `${left.toFixed(1)}px`;
    node.style.top = `${top.toFixed(1)}px`;
  }
  drawLink(box, phone, W, H);
}

/** Party!'s link: a line drawn between the two linked seats, centre to centre. */
function drawLink(box, phone, W, H) {
  const svg = $("#link-line");
  const ends = (box.dataset.link || "").split(" ").filter(Boolean)
    .map((s) => box.querySelector(`.seat[data-seat="${s}"]`)).filter(Boolean);
  // an SVG element has no `hidden` property: the attribute itself is set and removed
  const show = ends.length === 2 && !phone && W > 0 && H > 0;
  svg.toggleAttribute("hidden", !show);
  if (!show) return;
  const line = svg.querySelector("line");
  const [a, b] = ends.map((n) => ({
    x: ((n.offsetLeft + n.offsetWidth / 2) / W) * 100, y: ((n.offsetTop + n.offsetHeight / 2) / H) * 100,
  }));
  line.setAttribute("x1", a.x.toFixed(2)); line.setAttribute("y1", a.y.toFixed(2));
  line.setAttribute("x2", b.x.toFixed(2)); line.setAttribute("y2", b.y.toFixed(2));
}

/** The middle: the draw pile, the discard pile (one, or Triple Play's three), the colour, direction. */
export function renderCenter(ctrl) {
  const { view, table } = ctrl;
  const piles = $("#piles");
  const waiting = $("#waiting");
  $("#center").hidden = !view;
  waiting.hidden = Boolean(view);
  if (!view) {
    waiting.textContent = table.state === "lobby" ? "Waiting for the host to start the game." : "";
    return;
  }
  let draw = $("#draw-pile");
  if (!draw) {
    draw = el("button", { type: "button", id: "draw-pile", class: "pile-draw" }, backNode(), el("span", { class: "pile-count" }));
    draw.addEventListener("click", () => ctrl.drawClick());
    piles.prepend(draw);
  }
  const canDraw = ctrl.legal.includes("draw");
  setProps(draw, { disabled: !canDraw, class: `pile-draw${canDraw ? " can" : ""}`, "aria-label": canDraw
    ? ngettext("draw pile, {count} card: press to draw a card", "draw pile, {count} cards: press to draw a card", view.draw_size)
    : ngettext("draw pile, {count} card", "draw pile, {count} cards", view.draw_size) });
  draw.querySelector(".pile-count").textContent = num(view.draw_size);
  const dir = $("#direction");
  const cw = view.direction === 1;
  if (dir.dataset.dir !== String(view.direction)) {
    if (dir.dataset.dir) { dir.classList.remove("flip"); void dir.offsetWidth; dir.classList.add("flip"); }
    dir.dataset.dir = String(view.direction);
  }
  setProps(dir, { "aria-label": cw ? _("play goes clockwise") : _("play goes counterclockwise"), title: cw ? _("clockwise") : _("counterclockwise") });
  const discard = $("#discard");
  if (view.tops) { discard.hidden = true; $("#color").hidden = true; return; }
  discard.hidden = false;
  let top = $("#top");
  if (!top) { top = cardNode(view.top); top.id = "top"; discard.append(top); }
  if (top.dataset.code !== view.top || discard.dataset.size !== String(view.discard.length)) {
    setCard(top, view.top);
    top.classList.remove("landed"); void top.offsetWidth; top.classList.add("landed");
    discard.dataset.size = String(view.discard.length);
  }
  const named = view.color && COLORS[view.color];
  top.setAttribute("aria-label", named ? _("top of the discard pile: {card}, colour in play {color}", { card: cardName(view.top), color: named })
    : _("top of the discard pile: {card}", { card: cardName(view.top) }));
  const chip = $("#color");
  setProps(chip, { class: `color-chip ${view.color || ""}`, text: named ? `${named}` : "", hidden: !named });
}
