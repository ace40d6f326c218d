// The lobby: a create form that follows the chosen preset, and the open tables, refreshed live.
import { $, el, keyed } from "./dom.js";
import { N_, pluralForm, reasons } from "./i18n.js";
import { _, cap, ngettext, num } from "./words.js";

const field = (form, name) => form.elements.namedItem(name);
const HOUSE_LABELS = {
  stacking: N_("Stacking Draw Twos / Draw Fours"), seven_o: N_("Seven-O (7 trades hands, 0 passes them on)"),
  jump_in: N_("Jump-In (play an identical card out of turn)"), draw_to_match: N_("Draw until you can play"),
  first_card_effect: N_("First card turned up acts"),
};
const STRENGTH_NAMES = { easy: N_("Easy"), normal: N_("Normal"), hard: N_("Hard"), strongest: N_("Strongest") };
const PRESET_WORDS = {
  "mattel-2021": N_("UNO — 2021 rules"), "mattel-2015": N_("UNO — 2015 rules"), "mattel-2003": N_("UNO — 2003 rules"),
  "triple-play": N_("UNO Triple Play (the unit)"), party: N_("UNO Party! (up to 16)"),
};

export async function showLobby(status) {
  $("#lobby").hidden = false;
  const options = await (await fetch("/api/options")).json();
  const presets = new Map(options.presets.map((p) => [p.name, p]));
  const form = $("#create");
  // a seed only where this server takes one; the form's own errors said on the form
  field(form, "seed").closest("label").hidden = options.seeds === false;
  const formError = formErrorBox(form);
  for (const p of options.presets) $("#preset").append(el("option", { value: p.name, text: PRESET_WORDS[p.name] ? _(PRESET_WORDS[p.name]) : p.name }));
  const strengths = options.strengths || {};
  const others = options.bots.filter((b) => !strengths[b]);
  /** The strengths in words first, then the server's other bots. */
  function strengthOptions() {
    const named = Object.entries(strengths).map(([b, s]) => el("option", { value: b, text: _("{strength}: {words}", { strength: STRENGTH_NAMES[b] ? _(STRENGTH_NAMES[b]) : b, words: _(s.words) }) }));
    return others.length ? [...named, el("optgroup", { label: _("Other bots (docs/bots.md)") }, ...others.map((b) => el("option", { value: b, text: b })))] : named;
  }
  function botChoice(i, value) {
    const select = el("select", { name: `bot-${i}`, "aria-label": _("strength of bot {n}", { n: i + 1 }) }, ...strengthOptions());
    select.value = value;
    return el("label", { class: "bot-choice" }, _("Bot {n}", { n: i + 1 }) + " ", select);
  }
  // one strength for every bot, and under it each bot on its own (14 selects read badly)
  const all = $("#all-bots");
  all.replaceChildren(...strengthOptions());
  all.value = strengths.normal ? "normal" : options.bots[0];
  all.addEventListener("change", () => { for (const s of $("#bot-list").querySelectorAll("select")) s.value = all.value; });
  function followBots() {
    const list = $("#bot-list");
    const n = Math.max(0, Math.min(Number(field(form, "bots").value) || 0, 15));
    const kept = [...list.querySelectorAll("select")].map((s) => s.value);
    list.replaceChildren(...Array.from({ length: n }, (_, i) => botChoice(i, kept[i] || all.value)));
    $("#bot-seats").hidden = n === 0;
  }
  field(form, "bots").addEventListener("input", followBots);
  const name = localStorage.getItem("unokit:name");
  if (name) field(form, "name").value = name;

  field(form, "turn_timer").placeholder = _("none");
  const reaction = field(form, "reaction");
  if (options.reaction) {
    reaction.min = String(options.reaction.min);
    reaction.max = String(options.reaction.max);
    reaction.placeholder = String(options.reaction.default);
  }

  function follow() {
    const p = presets.get($("#preset").value);
    if (!p) return;
    const seats = field(form, "seats");
    seats.min = String(p.min);
    seats.max = String(p.max);
    if (Number(seats.value) > p.max) seats.value = String(p.max);
    field(form, "bots").max = String(p.max - 1);
    field(form, "target").placeholder = String(p.target || 500);
    const house = $("#house-rules");
    house.replaceChildren(el("legend", { text: _("House rules") }),
      ...(p.house || []).map((k) => el("label", {}, el("input", { type: "checkbox", name: k }), ` ${HOUSE_LABELS[k] ? _(HOUSE_LABELS[k]) : k}`)));
    house.hidden = !(p.house || []).length;
    $("#timer-mode").hidden = !p.timer_mode;
    // Triple Play's own timer mode stands in for the turn timer: one timer on the form, not two
    const turnTimer = field(form, "turn_timer");
    turnTimer.closest("label").hidden = Boolean(p.timer_mode);
    if (p.timer_mode) turnTimer.value = "";
    const scoring = $("#scoring");
    scoring.replaceChildren(...(p.scorings || ["winner"]).map((s) => el("option", { value: s, text: SCORING_WORDS[s] ? _(SCORING_WORDS[s], { t: p.target || 500 }) : s })));
  }
  $("#preset").addEventListener("change", () => { follow(); followBots(); });
  follow();
  followBots();

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const v = (n) => field(form, n).value;
    const house = {};
    for (const box of $("#house-rules").querySelectorAll("input[type=checkbox]")) if (box.checked) house[box.name] = true;
    const p = presets.get(v("preset"));
    if (p && p.timer_mode && v("timer")) house.timer = Number(v("timer"));
    if (v("scoring") && v("scoring") !== "winner") house.scoring = v("scoring");
    const body = {
      name: v("name"), preset: v("preset"), seats: Number(v("seats")), house,
      bots: [...$("#bot-list").querySelectorAll("select")].map((s) => s.value),
      target: v("target") ? Number(v("target")) : null,
      turn_timer: v("turn_timer") ? Number(v("turn_timer")) : null,
      reaction: v("reaction") ? Number(v("reaction")) : null,
      seed: v("seed") ? Number(v("seed")) : null,
    };
    const res = await fetch("/api/tables", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    });
    const data = await res.json();
    if (!res.ok) {
      const text = refusalText(data) || data.error || (data.detail || []).map((d) => d.msg || d).join("; ");
      status(text);
      formError(text);
      return;
    }
    localStorage.setItem("unokit:name", body.name);
    localStorage.setItem(`unokit:token:${data.table}`, data.token);
    location.href = data.url;
  });
  refreshTables();
  setInterval(refreshTables, 4000);
}

/** A refusal of the form or of a join in the reader's language: its code's sentence from
 *  the catalogue, filled from its params; null (its English `error` is said) when the page
 *  has no sentence for the code or the params do not fill it. */
export function refusalText(data) {
  const params = data.params && typeof data.params === "object" ? data.params : {};
  let text = typeof data.reason === "string" && Object.hasOwn(reasons, data.reason) ? reasons[data.reason] : null;
  if (text && typeof text === "object" && Number.isFinite(params.n)) text = pluralForm(text, params.n);
  if (typeof text !== "string" || [...text.matchAll(/\{(\w+)\}/g)].some((m) => !(m[1] in params))) return null;
  const said = (k) => (typeof params[k] === "number" ? num(params[k]) : k === "where" ? fieldLabel(params[k]) : String(params[k]));
  return cap(text.replace(/\{(\w+)\}/g, (all, k) => said(k)));
}

/** A field the server names (`name`, `target`) as the form's label for it says it. */
function fieldLabel(where) {
  const input = document.querySelector(`form [name="${CSS.escape(String(where))}"]`);
  const label = input && input.closest("label") && input.closest("label").querySelector("span");
  return label ? label.textContent.trim() : String(where);
}

/** The place under the create button where a refusal of the form is said. */
function formErrorBox(form) {
  const box = el("p", { id: "create-error", role: "alert", hidden: true });
  form.append(box);
  return (text) => { box.textContent = text; box.hidden = !text; };
}

const SCORING_WORDS = {
  winner: N_("who goes out scores the cards left in the other hands; first to {t} wins"),
  lowest: N_("each player scores their own hand; when one reaches {t}, the lowest total wins"),
  elimination: N_("each scores their own hand; reaching {t} puts you out; the last one wins"),
  none: N_("one round, no points"),
};

async function refreshTables() {
  let tables = [];
  try { tables = await (await fetch("/api/tables")).json(); } catch { return; }
  const items = tables.length ? tables : [null];
  keyed($("#open-tables"), items, (t) => (t ? `${t.id}:${t.seats.filter((s) => s.kind === "open").length}` : "none"), (t) => {
    if (!t) return el("li", { text: _("No open tables yet: start one and send the link.") });
    const host = t.seats[t.owner] ? t.seats[t.owner].name : "";
    const free = t.seats.filter((s) => s.kind === "open").length;
    const fixed = t.fixed_seed !== null && t.fixed_seed !== undefined;
    return el("li", {}, el("a", { href: `/t/${t.id}`, text: _("{rules} with {host}", { rules: PRESET_WORDS[t.rules] ? _(PRESET_WORDS[t.rules]) : t.rules, host }) }), " " + ngettext("({count} free seat)", "({count} free seats)", free),
      ...(fixed ? [" ", el("strong", { class: "fixed-deal", text: _("fixed deal: the host knows the cards") })] : []));
  }, () => {});
}
