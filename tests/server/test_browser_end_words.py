"""The page says why a round ended without a winner, in Chromium (docs/rules.md, C-DEC-33
and C-DEC-49): a position that came back five times, or nobody able to play or draw; an
older record's reasonless end is told without a cause it may not have had."""

from __future__ import annotations

from playwright.sync_api import Browser
from tests.server.browser_kit import module_browser, module_server
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
