"""Playwright helpers shared by the browser tests: the browser, a server, and a page player
that makes whatever decision the page shows by clicking it (never an internal call)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from tests.server.live import Server

CHROMIUM = os.environ.get("UNOKIT_TEST_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
LANG = os.environ.get("UNOKIT_TEST_LANG", "")
"""``UNOKIT_TEST_LANG=ar``: the tables :func:`dealt` opens read in that language (the geometry
suite in Arabic or German: docs/languages.md)."""
# A card code in words meant for people: "R5", "B+2", "W+4", "WPU", "G7".
CARD_CODE = re.compile(r"\b(?:[RYGB](?:\d|S|R|D|P)|[RYGB]\+2|W\+4|WSH|WSW|WCL|WGA|WPU|WDT|WC)\b")


LINK_LINE = """() => {
  const svg = document.querySelector('#link-line');
  const centre = (n) => {
    const r = n.getBoundingClientRect();
    return [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
  };
  const seats = [...document.querySelectorAll('.seat.linked')].map(centre);
  if (svg.hasAttribute('hidden') || getComputedStyle(svg).display === 'none') {
    return { shown: false, seats };
  }
  const line = svg.querySelector('line');
  const box = svg.getBoundingClientRect();
  const drawn = line.getBoundingClientRect();
  const end = (x, y) => [
    box.left + box.width * Number(line.getAttribute(x)) / 100,
    box.top + box.height * Number(line.getAttribute(y)) / 100,
  ];
  return {
    shown: true,
    ends: [end('x1', 'y1'), end('x2', 'y2')],
    seats,
    length: Math.hypot(drawn.width, drawn.height),
  };
}"""
"""Party!'s link line as drawn, read in one task with the linked seats it should join (so no
frame can change the table between the two): whether it is shown, the centres of the linked
seats, and when shown its two ends in pixels and the length of the box it is drawn in."""


def link_line(page: Page) -> dict[str, Any]:
    drawn: dict[str, Any] = page.evaluate(LINK_LINE)
    return drawn


def assert_link_line_joins_the_linked_seats(
    page: Page, drawn: dict[str, Any] | None = None
) -> None:
    """The line is shown and its ends lie on the two linked seats' centres (``drawn``: a
    reading of :data:`LINK_LINE` already taken; read now when not given)."""
    drawn = link_line(page) if drawn is None else drawn
    assert drawn["shown"], f"the link line is not shown: {drawn}"
    assert len(drawn["seats"]) == 2 and drawn["length"] > 40, drawn
    for end in drawn["ends"]:
        assert min(abs(end[0] - x) + abs(end[1] - y) for x, y in drawn["seats"]) < 3, drawn


class _Harness:
    """The browser, each of its contexts able to run the tests' own predicates
    (``wait_for_function`` evaluates a string, which the pages' Content-Security-Policy
    refuses); the pages under their policy are tested in test_hostile_csp.py."""

    def __init__(self, browser: Browser) -> None:
        self._browser = browser

    def new_context(self, **options: Any) -> Any:
        return self._browser.new_context(**{"bypass_csp": True, **options})

    def new_page(self, **options: Any) -> Any:
        return self._browser.new_page(**{"bypass_csp": True, **options})

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


def harness(browser: Browser) -> Browser:
    return cast(Browser, _Harness(browser))


@pytest.fixture
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield harness(browser)
        browser.close()


@pytest.fixture(scope="module")
def module_browser() -> Iterator[Browser]:
    """One browser for a whole module of tests (each test opens its own pages)."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield harness(browser)
        browser.close()


@pytest.fixture(scope="module")
def module_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for a whole module of tests (each test deals its own tables)."""
    live = start_server(
        tmp_path_factory.mktemp("server"),
        "--bot-delay", "0.02", "--grace", "3600", "--round-pause", "3600",
    )  # fmt: skip
    yield live
    live.stop()


def dealt(browser: Browser, server: Server, preset: str, seats: int, **body: Any) -> Page:
    """A table made over the API (all bots but Ann) and started by Ann's page, seated at it,
    once the bots have played up to her turn (the table waits for her)."""
    made = server.post(
        "/api/tables",
        {"name": "Ann", "preset": preset, "seats": seats, "bots": ["greedy"] * (seats - 1), **body},
    )
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(server.base + "/health")  # the origin, to hold the seat token
    page.evaluate(f"localStorage.setItem('unokit:token:{made['table']}', '{made['token']}')")
    page.goto(f"{server.base}/t/{made['table']}" + (f"?lang={LANG}" if LANG else ""))
    page.click("[data-control=start]")
    page.wait_for_function("document.body.dataset.toPlay === '0'", timeout=60_000)
    page.wait_for_selector("#hand button.card")
    return page


def start_server(tmp_path: Path, *flags: str) -> Server:
    db = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    live = Server(db, tmp_path / "server.log", *flags)
    return live.start()


def shots_dir(tmp_path: Path) -> Path:
    """docs/screenshots with ``UNOKIT_SCREENSHOTS=1``, else a temporary folder."""
    if os.environ.get("UNOKIT_SCREENSHOTS", "") not in ("", "0"):
        DOCS.mkdir(parents=True, exist_ok=True)
        return DOCS
    return tmp_path


def my_seat(page: Page) -> str:
    return str(page.evaluate("document.body.dataset.seat || ''"))


def log_lines(page: Page) -> list[str]:
    return [str(t) for t in page.locator("#log li").all_inner_texts()]


def take_a_turn(page: Page, keys: bool = False) -> str | None:
    """Make the decision the page shows, if any, by clicking (or a key); what was done."""
    try:
        if page.locator("#chooser[open]").count():
            page.locator("#chooser-options button").first.click(timeout=1000)
            return "chooser"
        aimed = page.locator(".seat-actions button:not(.cancel):not(.catch)")
        if aimed.count():
            aimed.first.click(timeout=1000)
            return "seat"
        mine = page.evaluate("document.body.dataset.toPlay") == my_seat(page)
        pressable = page.locator("#unit .press.can")
        if pressable.count():
            pressable.first.click(timeout=1000)
            return "press"
        if not mine:
            return None
        cards = page.locator("#hand button.playable")
        if cards.count():
            if keys:
                cards.first.focus(timeout=1000)
                page.keyboard.press("Enter")
            else:
                cards.first.click(timeout=1000)
            return "card"
        buttons = page.locator("#actions button[data-action]")
        if buttons.count():
            if keys and buttons.first.get_attribute("data-action") == "draw":
                page.keyboard.press("d")
            else:
                buttons.first.click(timeout=1000)
            return "action"
    except PlaywrightError:
        pass  # the page changed under the click: look again
    return None
