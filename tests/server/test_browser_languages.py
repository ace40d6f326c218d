"""The page speaks its reader's language: Arabic right to left on a phone (seats and the arrow
of play mirrored, card codes kept left to right), German's long words inside their buttons on
a desktop, a choice remembered from the bar, and the pseudo-language ``qps`` leaving no word
of the log, of the page's fixed text or of the table's feel (sound question, side panel and
chat buttons, card help) outside the catalogue. Screenshots go to docs."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from tests.server.browser_kit import DESKTOP, PHONE, module_browser, shots_dir, start_server
from tests.server.live import Server
from tests.server.test_browser_layout import SIZES, assert_geometry

__all__ = ["module_browser"]


@pytest.fixture(scope="module")
def module_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the module, its page rate raised: five pages load a table each."""
    live = start_server(
        tmp_path_factory.mktemp("server"),
        "--bot-delay", "0.02", "--grace", "3600", "--round-pause", "3600",
        "--limit", "page_burst=2000", "--limit", "page_rate=200",
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


@pytest.mark.parametrize("lang", ["de", "ar"])
def test_the_table_holds_its_shape_at_every_size_in_german_and_arabic(
    module_browser: Browser, module_server: Server, lang: str
) -> None:
    """The geometry suite's checks (tests/server/test_browser_layout.py) for a table of six,
    at every window size, in the longest language and right to left."""
    made = module_server.post(
        "/api/tables",
        {"name": "Ann", "preset": "mattel-2021", "seats": 6, "bots": ["greedy"] * 5},
    )
    page = module_browser.new_page(viewport=DESKTOP)
    page.goto(module_server.base + "/health")
    page.evaluate(f"localStorage.setItem('unokit:token:{made['table']}', '{made['token']}')")
    page.goto(f"{module_server.base}/t/{made['table']}?lang={lang}")
    page.click("[data-control=start]")
    page.wait_for_function("document.body.dataset.toPlay === '0'", timeout=60_000)
    for width, height in SIZES:
        assert len(assert_geometry(page, width, height)["seats"]) == 6
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
