// Cards drawn as cards: an SVG face per card code, with a symbol for every action and wild card
// (no text codes), colour-blind marks (a shape per colour), card names in words, and backs.

import { _, pgettext } from "./i18n.js";

// The names come from the catalogue (unokit/i18n): the same messages as unokit.words.card_name.
export const COLORS = { R: _("red"), Y: _("yellow"), G: _("green"), B: _("blue") };
export const FEMININE = {
  R: pgettext("feminine", "red"), Y: pgettext("feminine", "yellow"),
  G: pgettext("feminine", "green"), B: pgettext("feminine", "blue"),
};
const FILL = { R: "#d72600", Y: "#f2c200", G: "#379711", B: "#0956bf", W: "#1b1b1b" };
const SYMBOLS = {
  S: "{color} Skip", R: "{color} Reverse", "+2": "{color} Draw Two", D: "{color} Discard Two",
  P: "{color} Point Taken",
};
export const WILDS = {
  W: _("Wild"), "W+4": _("Wild Draw Four"), WSH: _("Wild Shuffle Hands"), WSW: _("Wild Swap Hands"),
  WC: _("Wild Customizable"), WCL: _("Wild Clear"), WGA: _("Wild Give Away"), WPU: _("Wild Pile Up"),
  WDT: _("Wild Drawn Together"),
};
// one shape per colour, for colour-blind mode
export const MARKS = {
  R: '<polygon points="0,-5 5,4 -5,4"/>',
  Y: '<circle r="4.5"/>',
  G: '<rect x="-4" y="-4" width="8" height="8"/>',
  B: '<polygon points="0,-5.5 5,0 0,5.5 -5,0"/>',
};

export function cardName(code) {
  if (WILDS[code]) return WILDS[code];
  const rest = code.slice(1);
  const fields = { color: COLORS[code[0]], color_f: FEMININE[code[0]], number: rest };
  return _(SYMBOLS[rest] || "{color} {number}", fields);
}

/** "the red 7", "the Wild Draw Four" */
export function theCard(code) { return _("the {card}", { card: cardName(code) }); }

export function colorOf(code) { return WILDS[code] ? "W" : code[0]; }
export function valueOf(code) { return WILDS[code] ? code : code.slice(1); }

const S = 'stroke="currentColor" fill="none" stroke-linecap="round" stroke-linejoin="round"';
const mini = (x, y, fill, rot = 0) =>
  `<rect x="${x - 6}" y="${y - 9}" width="12" height="18" rx="2" fill="${fill}" stroke="#fff" stroke-width="1.6" transform="rotate(${rot} ${x} ${y})"/>`;
const quarters = (r) =>
  `<path d="M0 0 L0 ${-r} A${r} ${r} 0 0 1 ${r} 0Z" fill="${FILL.R}"/><path d="M0 0 L${r} 0 A${r} ${r} 0 0 1 0 ${r}Z" fill="${FILL.Y}"/>` +
  `<path d="M0 0 L0 ${r} A${r} ${r} 0 0 1 ${-r} 0Z" fill="${FILL.G}"/><path d="M0 0 L${-r} 0 A${r} ${r} 0 0 1 0 ${-r}Z" fill="${FILL.B}"/>`;

// Each symbol is drawn around (0, 0) in a box of about 28 units; `c` is the card's colour.
const DRAW = {
  S: () => `<g ${S} stroke-width="4.5"><circle r="11"/><line x1="-7.5" y1="7.5" x2="7.5" y2="-7.5"/></g>`,
  R: () => `<g ${S} stroke-width="4"><path d="M-10 3 A10 10 0 0 1 7 -7"/><path d="M10 -3 A10 10 0 0 1 -7 7"/></g>` +
    `<g fill="currentColor"><polygon points="4,-13 13,-7 3,-2"/><polygon points="-4,13 -13,7 -3,2"/></g>`,
  "+2": (c) => mini(-4, 3, c, -12) + mini(4, -3, c, 8),
  D: (c) => mini(-5, 0, c, -10) + mini(5, 0, c, 10) + `<g ${S} stroke-width="3.5"><line x1="-6" y1="14" x2="6" y2="14"/></g>`,
  P: () => `<g ${S} stroke-width="3.5"><line x1="-12" y1="0" x2="6" y2="0"/><polyline points="0,-7 8,0 0,7"/></g><circle cx="12" cy="0" r="3" fill="currentColor"/>`,
  W: () => `<g transform="rotate(-25)"><ellipse rx="13" ry="17" fill="#fff"/><g transform="scale(1,1.3)">${quarters(11)}</g></g>`,
  "W+4": () => mini(-8, 3, FILL.B, -14) + mini(-3, -2, FILL.G, -5) + mini(3, 2, FILL.R, 5) + mini(8, -3, FILL.Y, 14),
  WSH: () => `<g ${S} stroke-width="3.5"><path d="M-13 -8 C-2 -8 2 8 13 8"/><path d="M-13 8 C-2 8 2 -8 13 -8"/></g>` +
    `<g fill="currentColor"><polygon points="9,-13 16,-8 9,-3"/><polygon points="9,3 16,8 9,13"/></g>`,
  WSW: () => `<g ${S} stroke-width="3.5"><line x1="-12" y1="-5" x2="10" y2="-5"/><line x1="12" y1="5" x2="-10" y2="5"/></g>` +
    `<g fill="currentColor"><polygon points="8,-11 15,-5 8,1"/><polygon points="-8,-1 -15,5 -8,11"/></g>`,
  WC: () => `<polygon fill="none" stroke="currentColor" stroke-width="2.5" stroke-dasharray="3 2" points="0,-14 4,-4 14,-4 6,3 9,13 0,7 -9,13 -6,3 -14,-4 -4,-4"/>`,
  WCL: () => `<g ${S} stroke-width="4"><path d="M8 -9 A12 12 0 1 0 12 2"/></g><polygon fill="currentColor" points="3,-15 14,-12 7,-3"/>`,
  WGA: () => `<g fill="none" stroke="currentColor" stroke-width="3"><rect x="-11" y="-4" width="22" height="16" rx="2"/><line x1="0" y1="-4" x2="0" y2="12"/>` +
    `<line x1="-13" y1="-4" x2="13" y2="-4"/><path d="M0 -4 C-8 -14 -12 -6 0 -4 C12 -6 8 -14 0 -4"/></g>`,
  WPU: () => mini(0, 6, FILL.R) + mini(0, 0, FILL.G) + mini(0, -6, FILL.B),
  WDT: () => `<g fill="none" stroke="currentColor" stroke-width="4"><rect x="-15" y="-6" width="17" height="12" rx="6"/><rect x="-2" y="-6" width="17" height="12" rx="6"/></g>`,
};
// what the corners print: numbers, "+2"/"+4", otherwise the symbol itself
const INDEX = { "+2": "+2", "W+4": "+4" };

function symbolSvg(value, color) {
  const fill = FILL[color];
  if (DRAW[value]) return DRAW[value](fill);
  return `<text x="0" y="0" dy="0.35em" text-anchor="middle" font-size="30" font-weight="900" fill="currentColor" stroke="#0005" stroke-width="1">${value}</text>`;
}

function cornerSvg(value, color) {
  if (INDEX[value] || /^\d$/.test(value)) {
    const text = INDEX[value] || value;
    return `<text x="0" y="0" dy="0.35em" text-anchor="middle" font-size="${text.length > 1 ? 9 : 11}" font-weight="800" fill="#fff">${text}</text>`;
  }
  return `<g transform="scale(0.38)" color="#fff">${symbolSvg(value, color)}</g>`;
}

/** The SVG markup of a card face (60 x 90 units). */
export function faceSvg(code) {
  const color = colorOf(code);
  const value = valueOf(code);
  const wild = color === "W";
  const ink = wild ? "#fff" : FILL[color];
  const oval = wild && value === "W" ? "" : `<ellipse cx="30" cy="45" rx="21" ry="31" transform="rotate(28 30 45)" fill="${wild ? "#000" : "#fff"}"/>`;
  const mark = wild ? "" : `<g class="cb-mark" fill="#fff" stroke="#000" stroke-width=".8" transform="translate(51 12)">${MARKS[color]}</g>` +
    `<g class="cb-mark" fill="#fff" stroke="#000" stroke-width=".8" transform="translate(9 78)">${MARKS[color]}</g>`;
  const rainbow = wild && value !== "W"
    ? `<g transform="translate(30 45)"><g transform="scale(1.05 1.5) rotate(0)" opacity=".95">${quarters(19)}</g></g><ellipse cx="30" cy="45" rx="16" ry="24" fill="#111"/>`
    : "";
  return `<svg viewBox="0 0 60 90" aria-hidden="true" focusable="false">` +
    `<rect x="1" y="1" width="58" height="88" rx="6" fill="${FILL[color]}" stroke="#fff" stroke-width="2.5"/>` +
    oval + rainbow +
    `<g transform="translate(30 45)" color="${ink}">${symbolSvg(value, color)}</g>` +
    `<g transform="translate(10 12)">${cornerSvg(value, color)}</g>` +
    `<g transform="translate(50 78) rotate(180)">${cornerSvg(value, color)}</g>` +
    mark + `</svg>`;
}

export function backSvg() {
  return `<svg viewBox="0 0 60 90" aria-hidden="true" focusable="false"><rect x="1" y="1" width="58" height="88" rx="6" fill="#1b1b1b" stroke="#fff" stroke-width="2.5"/>` +
    `<ellipse cx="30" cy="45" rx="20" ry="31" transform="rotate(28 30 45)" fill="#d72600"/>` +
    `<text x="30" y="45" dy=".35em" text-anchor="middle" font-size="11" font-weight="900" fill="#f2c200" transform="rotate(-28 30 45)">unokit</text></svg>`;
}

/** A card element (a div, or a button in the hand) showing `code`, labelled by its name. */
export function cardNode(code, tag = "div") {
  const node = document.createElement(tag);
  setCard(node, code);
  return node;
}

export function setCard(node, code) {
  if (node.dataset.code === code) return;
  node.dataset.code = code;
  node.classList.add("card");
  node.dataset.color = colorOf(code);
  node.innerHTML = faceSvg(code);
  node.setAttribute("aria-label", cardName(code));
  if (node.tagName !== "BUTTON") node.setAttribute("role", "img");
}

export function backNode(label) {
  const node = document.createElement("div");
  node.className = "card back";
  node.innerHTML = backSvg();
  if (label) { node.setAttribute("aria-label", label); node.setAttribute("role", "img"); }
  return node;
}

const ORDER = ["R", "Y", "G", "B", "W"];
const VALUE_ORDER = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2", "D", "P",
  "W", "W+4", "WSH", "WSW", "WC", "WCL", "WGA", "WPU", "WDT"];

/** Cards by colour then value ("colour"), or by value then colour ("value"). */
export function sortCards(codes, by) {
  const c = (code) => ORDER.indexOf(colorOf(code));
  const v = (code) => VALUE_ORDER.indexOf(valueOf(code));
  return [...codes].sort((a, b) => (by === "value" ? v(a) - v(b) || c(a) - c(b) : c(a) - c(b) || v(a) - v(b)));
}
