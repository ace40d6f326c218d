"""End to end in a real browser: Debian's chromium driven by Playwright.

Two people (two browser contexts) and two bots play a seeded round to its end by clicking;
one page is reloaded mid-game and keeps its seat; a screenshot is saved for the docs.
Chromium is found at ``UNOKIT_TEST_CHROMIUM`` (default ``/usr/bin/chromium``;
``scripts/services`` installs it).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from tests.server.browser_kit import harness
from tests.server.live import Server

CHROMIUM = os.environ.get("UNOKIT_TEST_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
# The page in docs/server.md is this test's screenshot: `UNOKIT_SCREENSHOTS=1` refreshes it;
# otherwise the test still takes it (the page must render) but keeps the working tree clean.
DOCS_SCREENSHOT = Path(__file__).resolve().parents[2] / "docs" / "server-screenshot.png"


@pytest.fixture
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield harness(browser)
        browser.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    db = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    live = Server(
        db, tmp_path / "server.log", "--bot-delay", "0.05", "--grace", "3600",
        "--round-pause", "3600",
    )  # fmt: skip
    live.start()
    yield live
    live.stop()


def my_seat(page: Page) -> str:
    return str(page.evaluate("document.body.dataset.seat || ''"))


def take_a_turn(page: Page) -> bool:
    """If this page has a decision to make, click one; True if it clicked."""
    try:
        if page.locator("#chooser[open]").count():
            page.locator("#chooser-options button").first.click(timeout=1000)
            return True
        if page.evaluate("document.body.dataset.toPlay") != my_seat(page):
            return False
        cards = page.locator("#hand button.playable")
        if cards.count():
            cards.first.click(timeout=1000)
            return True
        buttons = page.locator("#actions button[data-action]")
        if buttons.count():
            buttons.first.click(timeout=1000)
            return True
    except PlaywrightError:
        pass  # the page re-rendered under the click: look again
    return False


def test_two_people_and_two_bots_play_a_round_in_chromium(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    refresh = os.environ.get("UNOKIT_SCREENSHOTS", "") not in ("", "0")
    screenshot = DOCS_SCREENSHOT if refresh else tmp_path / "server-screenshot.png"
    ann_ctx = browser.new_context(viewport={"width": 1000, "height": 900})
    bob_ctx = browser.new_context(viewport={"width": 390, "height": 844})  # a phone
    ann, bob = ann_ctx.new_page(), bob_ctx.new_page()
    errors: list[str] = []
    for page in (ann, bob):
        page.on("pageerror", lambda err: errors.append(str(err)))

    ann.goto(server.base + "/")
    ann.fill("#create input[name=name]", "Ann")
    ann.fill("#create input[name=seats]", "4")
    ann.fill("#create input[name=bots]", "2")
    ann.fill("#create input[name=seed]", "41")
    ann.click("#create button[type=submit]")
    ann.wait_for_url("**/t/*")
    ann.wait_for_function("document.body.dataset.seat === '0'")
    invite = ann.input_value("#invite")

    bob.goto(invite)
    bob.wait_for_selector("#join:not([hidden])")
    bob.fill("#join-form input[name=name]", "Bob")
    bob.click("#join-form button[type=submit]")
    bob.wait_for_function("document.body.dataset.seat === '1'")

    ann.click("[data-control=start]")
    for page in (ann, bob):
        page.wait_for_function("document.body.dataset.state === 'playing'")
    assert ann.locator("#hand button.card").count() == 7
    assert bob.get_by_role("group", name="Ann").count() == 1  # seats are labelled

    clicks = {"Ann": 0, "Bob": 0}
    reloaded = shot = False
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline:
        if ann.evaluate("document.body.dataset.over") == "true":
            break
        for name, page in (("Ann", ann), ("Bob", bob)):
            if take_a_turn(page):
                clicks[name] += 1
        if not shot and sum(clicks.values()) >= 4:
            ann.screenshot(path=str(screenshot), full_page=True)
            shot = True
        if not reloaded and clicks["Bob"] >= 2:
            hand_before = bob.locator("#hand button.card").count()
            bob.reload()
            bob.wait_for_function("document.body.dataset.seat === '1'")
            bob.wait_for_selector("#hand button.card")
            assert abs(bob.locator("#hand button.card").count() - hand_before) <= 4
            reloaded = True
        time.sleep(0.05)
    assert ann.evaluate("document.body.dataset.over") == "true", "the round did not end"
    bob.wait_for_function("document.body.dataset.over === 'true'")
    assert reloaded and shot and clicks["Ann"] > 0 and clicks["Bob"] > 0
    assert screenshot.stat().st_size > 10_000  # a page, not an empty image
    result = ann.locator("#result").inner_text()
    assert "wins the round" in result or "without a winner" in result
    assert bob.locator("#result").inner_text() == result
    assert not errors, errors
    ann_ctx.close()
    bob_ctx.close()


@pytest.mark.parametrize("preset", ["triple-play", "party"])
def test_a_spectator_page_follows_a_variant_table(
    browser: Browser, server: Server, preset: str
) -> None:
    t = server.post(
        "/api/tables",
        {"name": "Ann", "preset": preset, "seats": 3, "bots": ["random", "random"], "seed": 7},
    )
    with server.seat(t["table"], t["token"]) as ws:
        ws.send('{"type": "start"}')
        ws.recv(timeout=10)
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(f"{server.base}/t/{t['table']}")
    page.wait_for_function("document.body.dataset.state === 'playing'")
    page.wait_for_selector("#piles .card")
    if preset == "triple-play":
        assert page.locator("#pile-1, #pile-2, #pile-3").count() == 3
    else:
        assert page.locator("#top").count() == 1
    assert page.locator("#hand button").count() == 0  # a spectator has no hand
    assert not errors, errors
    page.close()
