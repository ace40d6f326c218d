"""The page says why a round ended without a winner, in Chromium (docs/rules.md, C-DEC-33
and C-DEC-49): a position that came back five times, or nobody able to play or draw; an
older record's reasonless end is told without a cause it may not have had."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser
from tests.server.browser_kit import (
    dealt,
    log_lines,
    module_browser,
    module_server,
    start_server,
    take_a_turn,
)
from tests.server.live import Server

__all__ = ["module_browser", "module_server"]  # the fixtures

SAY = """(events) => import('/static/words.js').then((w) =>
  events.map((e) => w.describe(e, ['Ann', 'Bob'], '')))"""


def test_F1_the_page_says_why_a_round_ended_without_a_winner(
    module_browser: Browser, module_server: Server
) -> None:
    page = module_browser.new_page()
    page.goto(module_server.base + "/health")  # the origin, for the page's modules
    said = page.evaluate(
        SAY,
        [
            {"type": "blocked", "reason": "repetition"},
            {"type": "blocked", "reason": "stuck"},
            {"type": "blocked"},
        ],
    )
    assert said == [
        "The same position has come back five times: the round ends without a winner",
        "Nobody can play or draw: the round ends without a winner",
        "The round ends without a winner",
    ]
    page.close()


def test_the_page_says_a_round_was_left_unfinished_at_the_tables_bound(
    module_browser: Browser, module_server: Server
) -> None:
    from unokit.words import left_unfinished

    page = module_browser.new_page()
    page.goto(module_server.base + "/health")
    said = page.evaluate(SAY, [{"type": "unfinished", "round": 3, "count": 100_000}])
    assert said == [
        "Round 3 was left unfinished after 100,000 actions, the table's bound: nobody scores it"
    ]
    assert said[0] == left_unfinished(3, 100_000).capitalize()
    page.close()


def test_a_table_page_opens_the_next_rounds_log_with_the_cut_at_the_tables_bound(
    module_browser: Browser, tmp_path: Path
) -> None:
    server = start_server(tmp_path, "--bot-delay", "0", "--round-actions", "6")
    try:
        page = dealt(module_browser, server, "mattel-2021", 2)
        for _ in range(600):
            lines = log_lines(page)
            if lines and "left unfinished" in lines[0]:
                break
            take_a_turn(page)
            page.wait_for_timeout(100)
        # a later round may have been cut too by the time the page is read (bots at no delay)
        assert re.fullmatch(
            r"Round \d+ was left unfinished after 6 actions, the table's bound: nobody scores it",
            log_lines(page)[0],
        ), log_lines(page)[:3]
        page.close()
    finally:
        server.stop()
