"""The pages work under their Content-Security-Policy in Chromium: the lobby creates a
table, the table deals and shows a hand, the unit and the score pad start, and the browser
reports no refused script, style or connection."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright
from tests.server.browser_kit import ARGS, CHROMIUM, DESKTOP, PHONE
from tests.server.live import Server


@pytest.fixture
def strict_browser() -> Iterator[Browser]:
    """A browser that keeps the pages' policy (the other browser tests bypass it)."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    db = f"sqlite:///{tmp_path / 't.sqlite3'}"
    live = Server(db, tmp_path / "server.log", "--bot-delay", "0.1").start()
    yield live
    live.stop()


def _watched(page: Page, problems: list[str]) -> Page:
    page.on("pageerror", lambda err: problems.append(f"error: {err}"))
    page.on(
        "console",
        lambda m: problems.append(m.text) if "Content Security Policy" in m.text else None,
    )
    return page


def test_the_pages_work_under_their_policy(
    strict_browser: Browser, server: Server, tmp_path: Path
) -> None:
    problems: list[str] = []
    page = _watched(strict_browser.new_context(viewport=DESKTOP).new_page(), problems)
    page.goto(server.base + "/")
    page.fill("#create input[name=name]", "Ann")
    page.fill("#create input[name=seats]", "3")
    page.fill("#create input[name=bots]", "2")
    page.click("#create button[type=submit]")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("body[data-seat='0']")
    page.click("[data-control=start]")
    page.wait_for_selector("body[data-state='playing']")
    page.wait_for_selector("#hand button.card")
    assert page.locator("#hand button.card").count() >= 7  # dealt (the bots may add more)
    page.screenshot(path=str(tmp_path / "table-under-csp.png"))

    phone = _watched(strict_browser.new_context(viewport=PHONE).new_page(), problems)
    phone.goto(server.base + "/unit?seed=7")
    assert phone.title().startswith("Triple Play unit")
    phone.click("#go")  # the unit's script runs: the round begins
    expect(phone.locator("#display-big")).not_to_have_text("GO")
    phone.goto(server.base + "/score")
    phone.locator("#target").fill("200")
    names = phone.locator("#names input")
    for i, name in enumerate(["Ann", "Bob", "Cy"]):
        names.nth(i).fill(name)
    phone.locator("#start").click()
    phone.wait_for_selector("#totals .total")
    phone.screenshot(path=str(tmp_path / "score-under-csp.png"))
    assert problems == []


def test_a_frame_of_the_table_is_refused(strict_browser: Browser, server: Server) -> None:
    page = strict_browser.new_page()
    page.set_content(f'<iframe id="f" src="{server.base}/"></iframe>')
    page.wait_for_timeout(1500)
    frame = page.frame_locator("#f")
    assert frame.locator("#create").count() == 0  # nothing of the page drawn in the frame
