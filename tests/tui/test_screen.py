"""The screen: 80×24 and resizing, monochrome, and only ever what seat 0 may see."""

from __future__ import annotations

import asyncio

import pytest

from unokit import Game, Rules
from unokit.bots import make_bot
from unokit.tui.app import PlayApp
from unokit.tui.table import OneRound, Table
from unokit.tui.widgets import CardChip, HandBar, SeatsPanel

PANELS = ("#title", "#seats", "#pile", "#log", "#hand", "#keys", "#status")


def app_for(game: Game, **kwargs: object) -> PlayApp:
    bots = {seat: make_bot("random", seed=seat) for seat in range(game.players) if seat}
    return PlayApp(Table(OneRound(game), bots), delay=60, **kwargs)  # type: ignore[arg-type]


def assert_fits(app: PlayApp, width: int, height: int) -> None:
    for selector in PANELS:
        region = app.query_one(selector).region
        assert region.width > 0 and region.height > 0, selector
        assert region.right <= width and region.bottom <= height, (selector, region)


def test_resizing_to_80x24_keeps_every_panel_on_screen() -> None:
    game = Game.new(Rules.preset(), players=10, seed=2)
    app = app_for(game)

    async def body() -> None:
        async with app.run_test(size=(132, 43)) as pilot:
            await pilot.pause()
            assert_fits(app, 132, 43)
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            assert app.size == (80, 24)
            assert_fits(app, 80, 24)
            seats = app.query_one(SeatsPanel)  # all ten seats, without scrolling
            assert seats.virtual_size.height <= seats.region.height
            chips = list(app.query(CardChip))
            assert len(chips) == 7 and all(c.region.right <= 80 for c in chips)

    asyncio.run(body())


def test_a_big_hand_wraps_and_the_picked_card_scrolls_into_view() -> None:
    hand = [f"{c}{n}" for c in "RYG" for n in range(1, 10)]  # 27 cards
    game = Game.arranged(
        Rules.preset(), hands=[hand, ["B1", "B2"]], discard=["R5"], draw=["B3", "B4"]
    )
    app = app_for(game)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press(*["left"] * 1)  # wraps to the last card
            await pilot.pause()
            assert app.selected == 26
            bar = app.query_one(HandBar)
            last = list(app.query(CardChip))[26]
            assert bar.region.contains_region(last.region)
            assert_fits(app, 80, 24)

    asyncio.run(body())


@pytest.mark.parametrize("mono", [False, True])
def test_monochrome_shows_cards_by_their_colour_letter(mono: bool) -> None:
    game = Game.arranged(
        Rules.preset(), hands=[["R5", "G7", "W"], ["B1", "B2"]], discard=["R1"], draw=["Y1"]
    )
    app = app_for(game, mono=mono)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            svg = app.export_screenshot()
            assert ("#c62828" in svg) is not mono  # the red of a red card
            assert app.query_one(HandBar).codes == ["R5", "G7", "W"]
            for code in ("R5", "G7", "R1"):  # the colour letter is on the card either way
                assert code in svg

    asyncio.run(body())


def test_the_screen_shows_only_what_seat_0_may_see() -> None:
    """Two games that differ only in cards seat 0 cannot see draw the same screen."""
    game = Game.new(Rules.preset(), players=4, seed=12, dealer=3)
    twin = game.resample(0, seed=99)
    assert twin.view(0) == game.view(0)
    assert [twin.hand(s) for s in (1, 2, 3)] != [game.hand(s) for s in (1, 2, 3)]
    shots = []
    for each in (game, twin):
        app = app_for(each)

        async def body(app: PlayApp = app) -> None:
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                shots.append((app.export_screenshot(simplify=True), list(app.log_lines)))

        asyncio.run(body())
    assert shots[0] == shots[1]


def test_the_title_names_the_preset_and_the_house_rules_in_force() -> None:
    from unokit.tui.app import house_rules

    assert house_rules(Rules.preset("mattel-2021")) == ""
    assert house_rules(Rules.preset("mattel-2021", target=200)) == ""
    rules = Rules.preset("mattel-2021", stacking=True, seven_o=True, scoring="lowest")
    assert house_rules(rules) == " +stacking +seven_o scoring=lowest"
    game = Game.arranged(rules, hands=[["R5", "G7"], ["B1", "B2"]], discard=["R1"], draw=["Y1"])
    app = app_for(game)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            title = str(app.query_one("#title").render())
            assert title.startswith("unokit · mattel-2021 +stacking +seven_o scoring=lowest")

    asyncio.run(body())
