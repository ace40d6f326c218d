// A refusal from the table, told in the reader's language: the server's error frame carries,
// beside its English `message`, the refusal's code (`reason`) and its `params` (seat numbers,
// card codes, colour letters: never words); the catalogue the page reads
// (`GET /i18n/<lang>.json`) carries each code's sentence in its language under `reasons`.
// A frame with no code the page can tell is said from its English message, as before.
import { COLORS, FEMININE, cardName } from "./cards.js";
import { num, pluralForm, reasons as REASONS } from "./i18n.js";
import { errorWords } from "./prompts.js";

// The refusals a player meets most, said for a person (with names) rather than as the engine
// writes them (with seat numbers); prompts.js's errorWords has their own messages.
const PLAIN = new Set(["not_your_turn", "not_identical", "uno_passed", "catch_passed", "not_legal"]);
const CARDS = ["card", "drawn", "companion", "top", "wild"];

function fields(params) {
  const out = {};
  for (const [k, v] of Object.entries(params)) {
    if (CARDS.includes(k) && typeof v === "string") out[k] = cardName(v);
    else if (k === "color" && COLORS[v]) { out[k] = COLORS[v]; out.color_f = FEMININE[v]; }
    else if (typeof v === "number") out[k] = num(v);
    else out[k] = String(v);
  }
  return out;
}

/** The words for an error frame: its code's sentence in the reader's language, its params
 *  filled, or (no code, one the catalogue lacks, or params that do not fill its sentence)
 *  its English message said for a person. `reasons`: code -> sentence (the catalogue's). */
export function refusalWords(frame, ctrl, reasons = REASONS) {
  const code = typeof frame.reason === "string" ? frame.reason : null;
  const message = String(frame.message || "");
  const sentence = code && !PLAIN.has(code) && Object.hasOwn(reasons, code) ? reasons[code] : null;
  const params = frame.params && typeof frame.params === "object" ? frame.params : {};
  let text = null;
  if (typeof sentence === "string") text = sentence;
  else if (sentence && typeof sentence === "object" && Number.isFinite(params.n)) text = pluralForm(sentence, params.n);
  if (typeof text !== "string") return errorWords(message, ctrl);
  const filled = fields(params);
  if ([...text.matchAll(/\{(\w+)\}/g)].some((m) => !(m[1] in filled))) return errorWords(message, ctrl);
  text = text.replace(/\{(\w+)\}/g, (all, k) => filled[k]);
  text = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?。؟]$/.test(text) ? text : `${text}.`;
}
