// The page's words in the reader's language: the server's catalogue (unokit/i18n, the same
// gettext catalogue the terminal reads) fetched once, then looked up by its English message
// id. Placeholders are {named}; plurals pick a form by Intl.PluralRules' category, so a
// language's own plural forms (Arabic has six) come from the catalogue, never from code.
const STORE = "unokit:lang";
const SPOKEN = ["en", "es", "fr", "de", "it", "pt_BR", "ja", "ar"];

/** The language we speak that a BCP 47 tag asks for ("de-AT" -> "de", "pt" -> "pt_BR"). */
export function match(tag) {
  if (!tag) return null;
  if (tag === "qps") return tag;  // the pseudo-language (unokit/i18n/pseudo.py): never offered
  const base = String(tag).replace("-", "_");
  const exact = SPOKEN.find((l) => l.toLowerCase() === base.toLowerCase());
  if (exact) return exact;
  const first = base.split("_")[0].toLowerCase();
  if (first === "pt") return "pt_BR";
  return SPOKEN.includes(first) ? first : null;
}

function chosen() {
  const asked = new URLSearchParams(location.search).get("lang");
  let stored = null;
  try { stored = localStorage.getItem(STORE); } catch { /* storage off: follow the browser */ }
  for (const tag of [asked, stored, ...(navigator.languages || [navigator.language])]) {
    const found = match(tag);
    if (found) return found;
  }
  return "en";
}

export const lang = chosen();
const tag = lang.replace("_", "-");
let data = { lang, rtl: false, languages: { en: "English" }, messages: {} };
for (const wait of [0, 1000]) {  // once more a second later if the server said "too many"
  try {
    if (wait) await new Promise((done) => setTimeout(done, wait));
    const answer = await fetch(`/i18n/${lang}.json`);
    if (answer.ok) { data = await answer.json(); break; }
    if (answer.status !== 429) break;
  } catch { break; /* offline: English, the message ids themselves */ }
}
const messages = data.messages;
const plurals = new Intl.PluralRules(tag);
const numbers = new Intl.NumberFormat(`${tag}-u-nu-latn`);
const lists = new Intl.ListFormat(tag, { type: "conjunction" });

/** Each refusal code's sentence in this language (an error frame's `reason`; a plural one as
 *  forms keyed by CLDR category), filled from the frame's `params` by refusals.js. */
export const reasons = data.reasons && typeof data.reasons === "object" ? data.reasons : {};

/** The form of `forms` (keyed by CLDR category) this language uses for `n`. */
export function pluralForm(forms, n) { return forms[plurals.select(n)] || forms.other; }

/** The languages offered, each in its own words. */
export const languages = data.languages;
export const rtl = Boolean(data.rtl);

/** Remember `code` as this browser's language and read the page again in it. */
export function choose(code) {
  try { localStorage.setItem(STORE, code); } catch { /* not remembered, still shown */ }
  const url = new URL(location.href);
  url.searchParams.delete("lang");
  location.replace(url.href);
}

function fill(text, fields) {
  return fields ? text.replace(/\{(\w+)\}/g, (all, name) => (name in fields ? String(fields[name]) : all)) : text;
}

/** Marks `message` for the catalogue, untranslated here (a code compared before it is shown). */
export const N_ = (message) => message;

/** `message` in the reader's language, its {placeholders} filled from `fields`. */
export function _(message, fields) {
  const text = messages[message];
  return fill(typeof text === "string" && text ? text : message, fields);
}

/** `message` as meant in `context` (one English word, two meanings). */
export function pgettext(context, message, fields) {
  const text = messages[`${context}\u0004${message}`];
  return fill(typeof text === "string" && text ? text : message, fields);
}

/** The plural form for `n`; {count} is `n` written for the locale. */
export function ngettext(singular, plural, n, fields) {
  const all = { count: num(n), ...fields };
  const forms = messages[singular];
  if (forms && typeof forms === "object") {
    const text = forms[plurals.select(n)] || forms.other;
    if (text) return fill(text, all);
  }
  return fill(n === 1 ? singular : plural, all);
}

/** A number as the locale writes it, in the digits printed on the cards. */
export function num(n) { return numbers.format(Number(n) || 0); }

/** "a, b and c" as the language writes a list. */
export function join(items) { return lists.format(items.map(String)); }

/** Mark the document with the language and its direction, and translate the page's fixed
 *  words: elements with data-i18n carry their English text as the message id. */
export function translateDocument(root = document) {
  document.documentElement.lang = tag;
  document.documentElement.dir = rtl ? "rtl" : "ltr";
  for (const node of root.querySelectorAll("[data-i18n]")) {
    const id = node.dataset.i18n || node.textContent.trim();
    node.dataset.i18n = id;
    node.textContent = _(id);
  }
}
