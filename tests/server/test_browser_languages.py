"""The page speaks its reader's language: Arabic right to left on a phone (seats and the arrow
of play mirrored, card codes kept left to right), German's long words inside their buttons on
a desktop, a choice remembered from the bar, and the pseudo-language ``qps`` leaving no word
of the log, of the page's fixed text or of the table's feel (sound question, side panel and
chat buttons, card help) outside the catalogue. Screenshots go to docs."""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page
from tests.server.browser_kit import (
    DESKTOP,
    PHONE,
    module_browser,
    shots_dir,
    start_server,
    take_a_turn,
)
from tests.server.live import Server
from tests.server.test_browser_layout import SIZES, assert_geometry
from tests.server.test_replay_api import played

from unokit.i18n import LANGUAGES

__all__ = ["module_browser"]


@pytest.fixture(scope="module")
def module_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the module, its page rate and its tables and seats for one address
    raised: every test opens a table or more from the same address."""
    live = start_server(
        tmp_path_factory.mktemp("server"),
        "--bot-delay", "0.02", "--grace", "3600", "--round-pause", "3600",
        "--limit", "page_burst=2000", "--limit", "page_rate=200",
        "--limit", "tables_per_address=200", "--limit", "seats_per_minute=1000",
        "--limit", "seats_burst=200", "--limit", "seats_per_address=200",
    )  # fmt: skip
    yield live
    live.stop()


ARABIC = re.compile(r"[\u0600-\u06ff]")


def seated(browser: Browser, server: Server, lang: str, viewport: dict[str, int]) -> Page:
    """Ann's page at a dealt table of four (three bots), in ``lang``, at her turn."""
    made = server.post(
        "/api/tables",
        {"name": "Ann", "preset": "mattel-2021", "seats": 4, "bots": ["greedy"] * 3},
    )
    page = browser.new_page(viewport=viewport)
    page.goto(server.base + "/health")
    page.evaluate(f"localStorage.setItem('unokit:token:{made['table']}', '{made['token']}')")
    page.goto(f"{server.base}/t/{made['table']}?lang={lang}")
    page.click("[data-control=start]")
    page.wait_for_function("document.body.dataset.toPlay === '0'", timeout=60_000)
    page.wait_for_selector("#log li")
    return page


def log_lines(page: Page) -> list[str]:
    lines: list[str] = page.eval_on_selector_all("#log li", "ns => ns.map(n => n.textContent)")
    return lines


OVERFLOWING = """() => [...document.querySelectorAll('button, .seat .name, label, h1, h2')]
  .filter((n) => n.offsetParent !== null && !n.closest('.sr-only')
    && n.scrollWidth > n.clientWidth + 1
    && getComputedStyle(n).overflow !== 'visible')
  .map((n) => n.textContent.trim())"""
OUTSIDE = """() => [...document.querySelectorAll('body *')].filter((n) => {
  const r = n.getBoundingClientRect();
  return r.width > 0 && (r.right > window.innerWidth + 1 || r.left < -1);
}).slice(0, 8).map((n) => `${n.tagName}#${n.id}.${n.className} ${n.textContent.slice(0, 30)}`)"""
WIDER_THAN_WINDOW = "() => document.documentElement.scrollWidth - window.innerWidth"
ACTIVE_WORKER = """Promise.race([navigator.serviceWorker.ready.then(() => true),
  new Promise((done) => setTimeout(() => done(false), 20000))])"""


def test_an_arabic_phone_reads_the_table_right_to_left(
    module_browser: Browser, module_server: Server, tmp_path: Path
) -> None:
    page = seated(module_browser, module_server, "ar", PHONE)
    root: dict[str, Any] = page.evaluate(
        "() => ({dir: document.documentElement.dir, lang: document.documentElement.lang})"
    )
    assert root == {"dir": "rtl", "lang": "ar"}
    lines = log_lines(page)
    assert lines and all(ARABIC.search(line) for line in lines), lines
    assert not [line for line in lines if "{" in line or "}" in line]
    # the arrow of play is drawn mirrored, as the seats are
    arrow = page.eval_on_selector(  # once a Reverse's flip (0.6 s) has run its course
        "#direction svg",
        "n => { n.getAnimations().forEach((a) => a.finish());"
        " return getComputedStyle(n).transform; }",
    )
    clockwise = page.eval_on_selector("#direction", "n => n.dataset.dir") == "1"
    assert arrow.startswith("matrix(-1") == clockwise, arrow
    # a card keeps its code's order inside the right-to-left page
    assert page.eval_on_selector("#hand .card", "n => getComputedStyle(n).direction") == "ltr"
    page.screenshot(path=str(shots_dir(tmp_path) / "table-ar-phone.jpg"), quality=70)
    assert page.evaluate(WIDER_THAN_WINDOW) <= 0, page.evaluate(OUTSIDE)
    page.close()


def test_german_words_stay_inside_their_buttons_on_a_desktop(
    module_browser: Browser, module_server: Server, tmp_path: Path
) -> None:
    page = seated(module_browser, module_server, "de", DESKTOP)
    assert page.evaluate("() => document.documentElement.lang") == "de"
    assert page.text_content("#log-title") == "Spielverlauf"
    assert page.evaluate(OVERFLOWING) == []
    assert page.evaluate(WIDER_THAN_WINDOW) <= 0
    page.screenshot(path=str(shots_dir(tmp_path) / "table-de-desktop.jpg"), quality=70)
    page.close()


def test_a_language_chosen_in_the_bar_is_remembered(
    module_browser: Browser, module_server: Server
) -> None:
    context = module_browser.new_context(locale="en-US")
    page = context.new_page()
    page.goto(module_server.base + "/")
    page.wait_for_function("document.documentElement.lang === 'en'")
    with page.expect_navigation():
        page.select_option("#lang-pick", "fr")
    page.wait_for_function("document.documentElement.lang === 'fr'")
    assert page.text_content("#create-title") == "Ouvrir une table"
    again = context.new_page()
    again.goto(module_server.base + "/")
    again.wait_for_function("document.documentElement.lang === 'fr'")
    assert again.text_content("#create-title") == "Ouvrir une table"
    context.close()


def test_the_browsers_languages_choose_the_page_language(
    module_browser: Browser, module_server: Server
) -> None:
    context = module_browser.new_context(locale="pt-BR")
    page = context.new_page()
    page.goto(module_server.base + "/")
    page.wait_for_function("document.documentElement.lang === 'pt-BR'")
    assert page.text_content("#create-title") == "Abrir uma mesa"
    context.close()


# The table's feel: the first visit's sound question (its words, buttons and their labels), the
# side panel's and the chat's buttons, the chat sheet, the quick reactions' group, what the
# first card of the hand does, the chat's unread count, a pile's refusal, the guided round.
FEEL_TEXTS = """async () => {
  const q = (s) => document.querySelector(s);
  const words = await import('/static/words.js');
  return [
    q('#sound-ask .ask').textContent, q('#sound-ask').title,
    ...[...document.querySelectorAll('#sound-ask button')]
      .flatMap((b) => [b.textContent, b.ariaLabel]),
    q('#side-toggle').textContent, q('#chat-open').textContent, q('#chat-open').ariaLabel,
    q('#chat-sheet').ariaLabel, q('#chat-sheet button').textContent, q('#emotes').ariaLabel,
    words.cardHelp(q('#hand .card[data-code]').dataset.code),
    ...['chatButton', 'pileRefuses'].map((k) => words.FEEL_WORDS[k](2, 3)),
    ...['firstGame', 'firstGameWhy', 'coachOk', 'coachStop', 'reconnectNow']
      .map((k) => words.FEEL_WORDS[k]),
    ...Object.values(words.FEEL_WORDS.coach),
  ];
}"""


def test_the_pseudo_language_leaves_no_plain_word_in_the_log_or_the_fixed_text(
    module_browser: Browser, module_server: Server
) -> None:
    page = seated(module_browser, module_server, "qps", DESKTOP)
    names = set(page.eval_on_selector_all(".seat .name", "ns => ns.map(n => n.textContent)"))
    outside: set[str] = set()
    texts = log_lines(page) + page.eval_on_selector_all(
        "[data-i18n]", "ns => ns.map(n => n.textContent)"
    )
    labels = page.eval_on_selector_all(
        "[data-i18n-attr]",
        "ns => ns.flatMap(n => ['aria-label', 'title', 'placeholder']"
        ".map(a => n.getAttribute(a)).filter(Boolean))",
    )
    assert len(labels) > 15  # the table's regions, the replay's buttons, the chat's field...
    texts += labels
    feel = page.evaluate(FEEL_TEXTS)
    assert all(feel), feel  # the sound question, side panel and chat buttons are on the page
    texts += feel
    for text in texts:
        rest = text
        while rest != (rest := re.sub(r"⟦[^⟦⟧]*⟧", "", rest)):
            pass
        outside |= set(re.findall(r"[A-Za-z]{2,}", rest))
    assert len(texts) > 20
    assert outside - names - {"Ann"} == set()
    page.close()


def plain_words(texts: list[str]) -> set[str]:
    """The words of ``texts`` outside every ``⟦…⟧`` of the pseudo-language (innermost first)."""
    outside: set[str] = set()
    for text in texts:
        rest = text
        while rest != (rest := re.sub(r"⟦[^⟦⟧]*⟧", "", rest)):
            pass
        outside |= set(re.findall(r"[A-Za-z]{2,}", rest))
    return outside


PANEL_TEXTS = """() => [...document.querySelectorAll(
  '#unit [aria-label], #unit [title], #unit .counter, #unit .pile-no, #unit .press, #unit-note')]
  .map((n) => [n.getAttribute('aria-label'), n.getAttribute('title'), n.textContent])
  .flat().filter(Boolean).concat([document.querySelector('#rules-body').textContent])"""
RESULT_TEXTS = """(id) => import('/static/side.js').then((side) => {
  const table = { id, match_no: 9, round: 3, match_over: true, match_winner: 0, target: 500,
    seats: [{ name: 'Ann' }, { name: 'Bea' }], scores: [510, 40] };
  const view = { over: true, winner: 0, round_points: [0, 30], hands: [[], ['R5', 'WD4']] };
  side.renderResult({ table, view, seat: 0, version: 1, send() {}, shutResult() {} });
  const sheet = document.querySelector('#round-end');
  return [...sheet.querySelectorAll('h2, p, th, span, button, a')].map((n) => n.textContent)
    .concat([...sheet.querySelectorAll('[title]')].map((n) => n.title));
})"""
FORM_TEXTS = """() => [...document.querySelectorAll(
  '#create label, #create legend, #create option, #open-tables li')]
  .map((n) => [...n.childNodes].filter((c) => c.nodeName !== 'SELECT').map((c) => c.textContent)
    .join(' '))
  .concat([...document.querySelectorAll('#create optgroup, #create [aria-label]')]
    .map((n) => n.getAttribute('label') || n.getAttribute('aria-label')))"""


def test_the_pseudo_language_leaves_no_plain_word_in_the_panels_or_the_lobby(
    module_browser: Browser, module_server: Server
) -> None:
    """The host's buttons before the start, the Triple Play unit, the turn clock and the rules
    panel at a table, then the lobby's form with every preset's options and the open tables:
    all of it from the catalogue."""
    made = module_server.post(
        "/api/tables",
        {"name": "Ann", "preset": "triple-play", "seats": 3, "bots": ["greedy"] * 2,
         "house": {"timer": 600}},
    )  # fmt: skip
    page = module_browser.new_page(viewport=DESKTOP)
    page.goto(module_server.base + "/health")
    page.evaluate(f"localStorage.setItem('unokit:token:{made['table']}', '{made['token']}')")
    page.goto(f"{module_server.base}/t/{made['table']}?lang=qps")
    page.wait_for_selector("[data-control=add_bot]")
    host: list[str] = page.eval_on_selector_all(
        "#host-buttons button, #host-note", "ns => ns.map(n => n.textContent)"
    )
    assert len(host) == 5  # start, add a bot, remove each of two bots, the free seats' note
    page.click("[data-control=start]")
    page.wait_for_selector("#unit-slots .slot .counter", state="attached", timeout=60_000)
    page.wait_for_function("document.querySelector('#rules-body').textContent.length > 0")
    page.wait_for_selector("#my-clock", state="visible", timeout=60_000)
    texts: list[str] = page.evaluate(PANEL_TEXTS) + host + [page.text_content("#my-clock") or ""]
    assert len(texts) > 12
    names = set(page.eval_on_selector_all(".seat .name", "ns => ns.map(n => n.textContent)"))
    texts += page.evaluate(RESULT_TEXTS, made["table"])
    page.goto(f"{module_server.base}/?lang=qps")
    page.wait_for_selector("#preset option[value=party]", state="attached")
    page.fill("#create [name=bots]", "2")
    for preset in page.eval_on_selector_all("#preset option", "ns => ns.map(n => n.value)"):
        page.select_option("#preset", preset)
        texts += page.evaluate(FORM_TEXTS)
    programs = page.eval_on_selector_all("#create optgroup option", "ns => ns.map(n => n.value)")
    page.close()
    assert plain_words(texts) - names - set(programs) - {"Ann", "Bea"} == set()


@pytest.mark.parametrize(
    ("lang", "preset", "seats", "seed"),
    [("de", "mattel-2021", 6, 1), ("de", "triple-play", 3, 1), ("de", "party", 16, 1),
     ("ar", "mattel-2021", 6, 1), ("ar", "party", 16, 3)],
    ids=str,
)  # fmt: skip
def test_the_table_holds_its_shape_at_every_size_in_german_and_arabic(
    module_browser: Browser, module_server: Server, lang: str, preset: str, seats: int, seed: int
) -> None:
    """The geometry suite's checks (tests/server/test_browser_layout.py) at every window size,
    in the longest language and right to left: a sample of its tables (six seats; the Triple
    Play unit's three piles on a small phone; sixteen Party! seats, each with its Point here
    button, or with a mini pile before you), the whole suite running in either language with
    ``UNOKIT_TEST_LANG`` (docs/languages.md)."""
    timer = {"house": {"timer": 600}} if preset == "triple-play" else {"turn_timer": 600}
    made = module_server.post(
        "/api/tables",
        {"name": "Ann", "preset": preset, "seats": seats, "bots": ["greedy"] * (seats - 1),
         "seed": seed, **timer},
    )  # fmt: skip
    page = module_browser.new_page(viewport=DESKTOP)
    page.goto(module_server.base + "/health")
    page.evaluate(f"localStorage.setItem('unokit:token:{made['table']}', '{made['token']}')")
    page.goto(f"{module_server.base}/t/{made['table']}?lang={lang}")
    page.click("[data-control=start]")
    page.wait_for_function("document.body.dataset.toPlay === '0'", timeout=60_000)
    page.wait_for_selector("#hand button.card")
    for width, height in SIZES:
        assert len(assert_geometry(page, width, height)["seats"]) == seats
        assert page.evaluate(OVERFLOWING) == [], (lang, width, height)
    page.close()


@pytest.mark.parametrize(
    ("lang", "title"),
    [("es", "Abrir una mesa"), ("fr", "Ouvrir une table"), ("it", "Apri un tavolo"),
     ("ja", "テーブルを始める"), ("en", "Start a table")],
)  # fmt: skip
def test_the_lobby_speaks_each_language(
    module_browser: Browser, module_server: Server, lang: str, title: str
) -> None:
    page = module_browser.new_page(viewport=PHONE)
    page.goto(f"{module_server.base}/?lang={lang}")
    page.wait_for_function(f"document.documentElement.lang === '{lang.replace('_', '-')}'")
    assert page.text_content("#create-title") == title
    assert page.evaluate(WIDER_THAN_WINDOW) <= 0
    page.close()


UNIT_TEXTS = """() => [document.title, document.body.innerText,
  ...[...document.querySelectorAll('[aria-label]')].map((n) => n.getAttribute('aria-label')),
  ...[...document.querySelectorAll('dialog, #alarm')].map((n) => n.textContent)]"""
OVERLOADED = """() => {
  const saved = JSON.parse(localStorage.getItem('unokit:unit'));
  Object.assign(saved, { phase: 'overload', pending: { pile: 2, draw: 4, give: true } });
  localStorage.setItem('unokit:unit', JSON.stringify(saved));
}"""


def test_the_pseudo_language_leaves_no_plain_word_on_the_triple_play_unit(
    module_browser: Browser, module_server: Server
) -> None:
    """The unit's page before a round, during one (each special card armed), at an overload of
    a Wild Give Away and in its settings: every word from the catalogue."""
    page = module_browser.new_page(viewport=PHONE)
    page.goto(f"{module_server.base}/unit?lang=qps")
    page.wait_for_function("document.documentElement.lang === 'qps'")
    texts: list[str] = page.evaluate(UNIT_TEXTS)
    page.click("#go")
    page.wait_for_function("document.body.dataset.phase === 'turn'")
    texts += page.evaluate(UNIT_TEXTS)
    for special in ("clear", "give", "two"):
        page.click(f"[data-arm={special}]")
        texts.append(page.text_content("#hint") or "")
    page.evaluate(OVERLOADED)  # the unit saved at an overload, read back by a reload
    page.reload()
    page.wait_for_selector("#alarm:not([hidden])")
    texts += page.evaluate(UNIT_TEXTS)
    page.close()
    assert len(texts) > 30
    assert plain_words(texts) - {"unokit"} == set()


def test_the_pseudo_language_leaves_no_plain_word_on_the_score_pad(
    module_browser: Browser, module_server: Server
) -> None:
    """The score pad's setup (every edition's options), a refused setup, a round entered card
    by card, and the board after it: every word from the catalogue (the names are the
    players')."""
    page = module_browser.new_page(viewport=PHONE)
    page.goto(f"{module_server.base}/score?lang=qps")
    page.wait_for_selector("#setup:not([hidden])")
    texts: list[str] = [page.title()]
    read = """() => [document.querySelector('main:not([hidden])').innerText,
      document.querySelector('.bar').innerText,
      ...[...document.querySelectorAll(
        'main:not([hidden]) [aria-label], main:not([hidden]) [placeholder]')]
        .flatMap((n) => [n.getAttribute('aria-label'), n.getAttribute('placeholder')]),
      ...[...document.querySelectorAll('main:not([hidden]) option')].map((n) => n.textContent)]
      .filter(Boolean)"""
    for edition in page.eval_on_selector_all("#edition option", "ns => ns.map(n => n.value)"):
        page.select_option("#edition", edition)
        texts += page.evaluate(read)
    page.select_option("#edition", "mattel-2021")
    names = page.locator("#names input")
    for i, name in enumerate(["Ann", "Ann", "Cy"]):
        names.nth(i).fill(name)
    page.click("#start")
    refused = page.text_content("#setup-error") or ""
    assert refused, "two players of one name are refused"
    texts.append(refused)
    names.nth(1).fill("Bea")
    page.click("#start")
    page.wait_for_selector("#board:not([hidden])")
    texts += page.evaluate(read)
    page.click("#enter")
    page.locator("#who-out button", has_text="Ann").click()
    page.locator("#kinds .face").nth(11).click()  # a Skip in Bea's hand
    texts += page.evaluate(read)
    page.click("#save-round")
    page.wait_for_selector("#board:not([hidden])")
    texts += page.evaluate(read)
    page.close()
    assert len(texts) > 30
    assert plain_words(texts) - {"Ann", "Bea", "Cy", "UNO", "unokit"} == set()


REPLAY_TEXTS = """() => [document.title, document.querySelector('#replay-where').textContent,
  document.querySelector('#replay-said').textContent,
  ...[...document.querySelectorAll('#replay-bar label, #moves-title, #replay-bar option')]
    .map((n) => n.textContent),
  ...[...document.querySelectorAll('#replay-bar [aria-label], #replay-bar, #moves')]
    .map((n) => n.getAttribute('aria-label')),
  ...[...document.querySelectorAll('#moves li')].slice(0, 12).map((n) => n.textContent)]"""


def test_the_pseudo_language_leaves_no_plain_word_in_the_replay_viewer(
    module_browser: Browser, module_server: Server, tmp_path: Path
) -> None:
    """A file that is no record refused, a record the command wrote asked about and sent, then
    the viewer: its title, step counter, round and seat menus, buttons and moves."""
    page = module_browser.new_page(viewport=DESKTOP)
    page.goto(f"{module_server.base}/replay?lang=qps")
    page.wait_for_selector("#replay-open:not([hidden])")
    junk = tmp_path / "junk.json"
    junk.write_text("not json")
    page.set_input_files("#replay-file", str(junk))
    page.wait_for_selector("#replay-error:not([hidden])")
    texts = [page.text_content("#replay-error") or ""]
    record = tmp_path / "match.json"
    record.write_text(json.dumps(played("mattel-2021", 3, 4, target=100).record()))
    page.set_input_files("#replay-file", str(record))
    page.wait_for_selector("#replay-ask:not([hidden])")
    texts.append(page.text_content("#replay-ask-text") or "")
    page.click("#replay-send")
    page.wait_for_selector("#moves li")
    page.click("#replay-next")
    texts += page.evaluate(REPLAY_TEXTS)
    names = set(page.eval_on_selector_all(".seat .name", "ns => ns.map(n => n.textContent)"))
    page.close()
    assert len(texts) > 20
    files = {"junk", "json", "match"}
    assert plain_words(texts) - names - files == set()


def test_an_error_frame_is_told_from_its_code_else_from_its_message(
    module_browser: Browser, module_server: Server
) -> None:
    """A refusal whose code the catalogue tells (its ``reasons``, here German sentences as
    /i18n/de.json carries them) is told in that sentence, its params filled: card codes as the
    reader's card names, colour letters as colour names, ``n`` choosing the plural form. One
    with no code, an unknown code or params that do not fill its sentence is said from its
    English message, as before; the commonest keep the page's own words, with names."""
    page = seated(module_browser, module_server, "de", PHONE)
    told = page.evaluate(
        """() => Promise.all([import('/static/refusals.js'), import('/static/cards.js')])
          .then(([r, c]) => {
            const ctrl = { seat: 0, table: { seats: [{ name: 'Ann' }, { name: 'Bob' }] } };
            const reasons = {
              no_match: '{card} passt nicht auf {top}',
              no_match_color: '{card} passt nicht: die Farbe im Spiel ist {color}',
              must_accept: { one: 'du musst die Karte nehmen',
                             other: 'du musst die {n} Karten nehmen' },
              not_your_turn: 'Spieler {turn} ist dran',
            };
            const say = (frame) => r.refusalWords({ type: 'error', ...frame }, ctrl, reasons);
            const match = 'R7 does not match the green 5';
            return {
              known: say({ reason: 'no_match', params: { card: 'R7', top: 'G5' }, message: match }),
              names: [c.cardName('R7'), c.cardName('G5'), c.COLORS.G],
              color: say({ reason: 'no_match_color', params: { card: 'R7', color: 'G' } }),
              one: say({ reason: 'must_accept', params: { n: 1 }, message: '' }),
              three: say({ reason: 'must_accept', params: { n: 3 }, message: '' }),
              turn: say({ reason: 'not_your_turn', params: { turn: 1 },
                          message: "it is seat 1's turn" }),
              unknown: say({ reason: 'no_such_code', params: {}, message: 'the table is full' }),
              unfilled: say({ reason: 'no_match', params: { card: 'R7' }, message: match }),
              plain: say({ message: match }),
              closing: r.refusalWords(
                { type: 'error', code: 4404, message: 'there is no such table' }, ctrl),
            };
          })"""
    )
    page.close()
    card, top, green = told["names"]
    assert told["known"] == f"{card} passt nicht auf {top}.", told
    assert told["color"] == f"{card} passt nicht: die Farbe im Spiel ist {green}.", told
    assert (told["one"], told["three"]) == (
        "Du musst die Karte nehmen.",
        "Du musst die 3 Karten nehmen.",
    )
    assert told["turn"] == "Noch nicht: Bob ist dran.", told
    assert told["unknown"] == "The table is full.", told
    assert told["unfilled"] == told["plain"] != told["known"], told
    assert told["closing"] == "There is no such table.", told


def test_the_unit_keeps_its_language_offline(
    module_browser: Browser, module_server: Server, tmp_path: Path
) -> None:
    """The unit read once in Arabic through its service worker opens in Arabic, right to left,
    with no network (the worker keeps the catalogue it fetched). Its screenshot goes to docs."""
    context = module_browser.new_context(viewport=PHONE, service_workers="allow")
    page = context.new_page()
    page.goto(f"{module_server.base}/unit?lang=ar")
    assert page.evaluate(ACTIVE_WORKER), "no service worker at /sw.js became active"
    page.reload()  # now through the worker, which keeps the catalogue it fetches
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=10_000)
    page.wait_for_function("document.documentElement.dir === 'rtl'")
    # the browser's own cache forgotten (it keeps a catalogue an hour): the worker's copy only
    context.new_cdp_session(page).send("Network.clearBrowserCache")
    context.set_offline(True)
    page.reload()
    page.wait_for_function("document.documentElement.dir === 'rtl'")
    page.click("#go")
    page.wait_for_function("document.body.dataset.phase === 'turn'")
    assert ARABIC.search(page.text_content("#go") or ""), page.text_content("#go")
    assert ARABIC.search(page.text_content("#hint") or ""), page.text_content("#hint")
    assert page.evaluate(WIDER_THAN_WINDOW) <= 0, page.evaluate(OUTSIDE)
    page.screenshot(path=str(shots_dir(tmp_path) / "unit-ar-phone.jpg"), quality=70)
    context.close()


def test_the_score_pad_reads_right_to_left_in_arabic_with_its_card_faces_left_to_right(
    module_browser: Browser, module_server: Server
) -> None:
    """The score pad in Arabic on a phone: laid out right to left, in Arabic, no sideways
    scrolling, and a card's face ("+2", "×1") still read left to right."""
    page = module_browser.new_page(viewport=PHONE)
    page.goto(f"{module_server.base}/score?lang=ar")
    page.wait_for_selector("#setup:not([hidden])")
    assert page.evaluate("() => document.documentElement.dir") == "rtl"
    for i, name in enumerate(["سارة", "Bob", "يوسف"]):
        page.locator("#names input").nth(i).fill(name)
    page.click("#start")
    page.click("#enter")
    page.locator("#who-out button").first.click()
    page.locator("#kinds .face[data-kind='+2']").click()
    assert ARABIC.search(page.text_content("#save-round") or "")
    faces = page.eval_on_selector_all(
        "#kinds .face[data-kind='+2'] .glyph, #kinds .face[data-kind='+2'] .badge",
        "ns => ns.map((n) => getComputedStyle(n).direction)",
    )
    assert faces == ["ltr", "ltr"], faces
    assert page.evaluate(WIDER_THAN_WINDOW) <= 0, page.evaluate(OUTSIDE)
    page.close()


def test_a_refusal_the_server_sends_is_told_in_the_readers_language(
    module_browser: Browser, module_server: Server
) -> None:
    """End to end: the server refuses a spectator's move with its code, and the German page,
    with the catalogue it was served, tells that code's German sentence, not the English."""
    made = module_server.post("/api/tables", {"name": "Ann", "seats": 2, "bots": ["greedy"]})
    with module_server.seat(made["table"]) as ws:  # a spectator
        assert json.loads(ws.recv(timeout=10))["type"] == "hello"
        ws.send(json.dumps({"type": "act", "action": "draw", "id": 1}))
        frame = json.loads(ws.recv(timeout=10))
        while frame["type"] != "error":
            frame = json.loads(ws.recv(timeout=10))
    assert frame["reason"] == "spectator" and frame["message"].startswith("spectators")
    german = httpx.get(f"{module_server.base}/i18n/de.json", timeout=10).json()["reasons"]
    german = german["spectator"]
    page = seated(module_browser, module_server, "de", PHONE)
    told = page.evaluate(
        """(frame) => import('/static/refusals.js').then((r) =>
             r.refusalWords(frame, { seat: 0, table: { seats: [{ name: 'Ann' }] } }))""",
        frame,
    )
    page.close()
    assert told.lower().startswith(german.lower().rstrip(".")), (told, german)
    assert "spectators" not in told


ENGLISH = re.compile(r"\b(?:draws|plays|wins|you|turn|card|cards|player)\b", re.I)
"""English words of the log and the round-end sheet that no other language's line keeps
("round" is Italian too: "Punti del round")."""
SHEET_OPEN = "() => !document.querySelector('#round-end').hidden"


def play_the_round(page: Page) -> int:
    """Ann's page plays until the round-end sheet shows, by its own controls only (a raised
    card, a colour or choice asked, else draw, then play or keep): the decisions it made."""
    made, give_up = 0, time.monotonic() + 180  # generous: two busy cores
    while time.monotonic() < give_up:
        if page.evaluate(SHEET_OPEN):
            return made
        if take_a_turn(page) is None:
            page.wait_for_timeout(40)  # the bot's move, or a frame on its way
        else:
            made += 1
    raise AssertionError(f"no round end after {made} decisions: {log_lines(page)[-5:]}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_round_is_played_through_the_page_in_each_language(
    module_browser: Browser, module_server: Server, lang: str, tmp_path: Path
) -> None:
    """A whole round against one bot, played by the page's own controls in ``lang``: the log
    and the round-end sheet speak it, every placeholder filled, and its sheet's headings and
    its title are the served catalogue's (its words, never code's)."""
    words = httpx.get(f"{module_server.base}/i18n/{lang}.json", timeout=10).json()["messages"]
    made = module_server.post(
        "/api/tables",
        {"name": "Ann", "preset": "mattel-2021", "seats": 2, "bots": ["greedy"], "seed": 5},
    )
    page = module_browser.new_page(viewport=DESKTOP)
    page.goto(module_server.base + "/health")
    page.evaluate(f"localStorage.setItem('unokit:token:{made['table']}', '{made['token']}')")
    page.goto(f"{module_server.base}/t/{made['table']}?lang={lang}")
    page.click("[data-control=start]")
    page.wait_for_selector("#hand button.card", timeout=60_000)
    assert play_the_round(page) > 0
    lines = log_lines(page)
    title = page.text_content("#result-title") or ""
    heads = page.eval_on_selector_all("#result thead th", "ns => ns.map(n => n.textContent)")
    names = page.eval_on_selector_all("#result tbody th", "ns => ns.map(n => n.textContent)")
    if os.environ.get("UNOKIT_SCREENSHOTS", "") not in ("", "0"):
        page.screenshot(path=str(shots_dir(tmp_path) / f"round-end-{lang}.jpg"), quality=70)
    page.close()
    said = [*lines, title, *heads]
    assert len(lines) > 3 and not [t for t in said if "{" in t or "}" in t], said
    assert heads[:2] == [words.get("Player") or "Player", words.get("Cards left") or "Cards left"]
    sentence = words.get("{who} wins the round") or "{who} wins the round"
    assert title in {sentence.replace("{who}", name) for name in names}, (title, sentence)
    if lang != "en":
        mine = {word.lower() for name in names for word in name.split()}  # "greedy bot 1"
        english = [
            t
            for t in said
            if ENGLISH.search(" ".join(w for w in t.split() if w.lower() not in mine))
        ]
        assert english == [], english


def test_a_narrow_phone_shows_the_connection_whole_in_the_longest_language(
    module_browser: Browser, module_server: Server
) -> None:
    """At 360 px in German the bar had room for one letter of "verbunden": connected, it shows
    a dot instead (its words still read by a screen reader)."""
    page = seated(module_browser, module_server, "de", {"width": 360, "height": 640})
    page.wait_for_function("document.body.dataset.conn === 'ok'")
    status = page.evaluate(
        """() => { const s = document.querySelector('#status');
                   return [getComputedStyle(s).fontSize, s.clientWidth, s.textContent]; }"""
    )
    page.close()
    # no letter drawn to be cut short, the dot on screen, the words there for a screen reader
    assert status[0] == "0px" and status[1] > 0 and status[2] == "verbunden", status
