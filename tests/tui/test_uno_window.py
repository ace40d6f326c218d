"""The Uno window both ways: the person says Uno (with the card or just after), bots catch a
person who forgets, and the person catches a bot (see also test_dialogs.py)."""

from __future__ import annotations

import asyncio

from unokit import Game, Rules
from unokit.bots import make_bot
from unokit.tui.app import PlayApp
from unokit.tui.autoplay import settle
from unokit.tui.table import OneRound, Table


def two_cards_left(bot: str = "random", delay: float = 60.0) -> PlayApp:
    game = Game.arranged(
        Rules.preset("mattel-2021"),
        hands=[["R5", "R6"], ["B1", "B2", "B3"], ["Y1", "Y2", "Y3"]],
        discard=["R1"],
        draw=["G1", "G2", "G3", "G4", "G5", "G6"],
    )
    bots = {seat: make_bot(bot, seed=seat) for seat in (1, 2)}
    return PlayApp(Table(OneRound(game), bots), delay=delay)


def test_u_before_enter_says_uno_with_the_card() -> None:
    app = two_cards_left()

    async def body() -> None:
        async with app.run_test() as pilot:
            await pilot.press("u")
            assert app.say_uno
            assert str(app.query_one("#status").render()).startswith('"Uno!" with your next card')
            await pilot.press("1", "enter")
            assert app.view["hand"] == ["R6"]
            assert app.view["uno_said"] == [0] and app.view["uno_exposed"] == []
            assert 'You played a red 5 and said "Uno!"' in app.log_lines
            assert not app.say_uno

    asyncio.run(body())


def test_u_again_takes_the_uno_back() -> None:
    app = two_cards_left()

    async def body() -> None:
        async with app.run_test() as pilot:
            await pilot.press("u", "u", "1", "enter")
            assert app.view["uno_exposed"] == [0]

    asyncio.run(body())


def test_u_with_more_than_two_cards_explains_when_uno_is_said() -> None:
    game = Game.arranged(
        Rules.preset("mattel-2021"),
        hands=[["R5", "R6", "R7"], ["B1", "B2"], ["Y1", "Y2"]],
        discard=["R1"],
        draw=["G1", "G2"],
    )
    bots = {seat: make_bot("random", seed=seat) for seat in (1, 2)}
    app = PlayApp(Table(OneRound(game), bots), delay=60)

    async def body() -> None:
        async with app.run_test() as pilot:
            await pilot.press("u")
            assert not app.say_uno
            assert app.last_error.startswith('you say "Uno!" with your second-last card')

    asyncio.run(body())


def test_a_person_who_forgets_uno_is_caught_by_a_bot() -> None:
    app = two_cards_left(bot="random:eager=1", delay=0)  # bots take every offer at once

    async def body() -> None:
        async with app.run_test() as pilot:
            await pilot.press("1", "enter")
            await settle(pilot, app)
            # Bea starts her turn; Cal, offered the catch first, takes it
            assert "Cal caught you without Uno — you draw 2 (G1, G2) for not saying Uno" in (
                app.log_lines
            )
            assert app.view["hand_sizes"][0] == 3

    asyncio.run(body())


def test_saying_uno_before_the_bots_move_keeps_you_safe() -> None:
    app = two_cards_left(bot="random:eager=1", delay=60)  # the window: the bots' pace

    async def body() -> None:
        async with app.run_test() as pilot:
            await pilot.press("1", "enter")
            assert app.view["uno_exposed"] == [0]
            status = str(app.query_one("#status").render())
            assert status.startswith("You have one card left: press u")
            await pilot.press("u")
            assert app.view["uno_said"] == [0] and app.view["uno_exposed"] == []
            assert 'You said "Uno!"' in app.log_lines
            app.delay = 0  # now let the bots play: nobody may catch you
            app.schedule_bots()
            await settle(pilot, app)
            assert not any("caught you" in line for line in app.log_lines)

    asyncio.run(body())


def test_a_bot_that_forgets_uno_can_be_caught_until_the_next_seat_starts_its_turn() -> None:
    game = Game.arranged(
        Rules.preset("mattel-2021"),
        hands=[["B1", "B2", "B3"], ["R5", "R6"], ["Y3", "Y4", "R9"]],
        discard=["R1"],
        draw=["G1", "G2", "G3", "G4"],
        to_play=1,
    )
    game.apply("play R5", 1)  # Bea forgets
    bots = {seat: make_bot("random", seed=seat) for seat in (1, 2)}
    app = PlayApp(Table(OneRound(game), bots), delay=0)

    async def body() -> None:
        async with app.run_test() as pilot:
            await settle(pilot, app)  # Cal starts a turn: the window closes
            assert app.view["to_play"] == 0
            assert any(line.startswith("Cal ") for line in app.log_lines)
            assert app.view["uno_exposed"] == []
            await pilot.press("c")
            assert app.last_error.startswith("nobody to catch")

    asyncio.run(body())


def test_after_u_the_list_offers_each_play_with_uno_first() -> None:
    app = two_cards_left()

    async def body() -> None:
        async with app.run_test() as pilot:
            await pilot.press("m")
            before = [str(c.value) for c in app.screen.choices]  # type: ignore[attr-defined]
            assert before.index("play R5") < before.index("play R5 uno")
            await pilot.press("escape", "u", "m")
            await settle(pilot, app)
            after = [str(c.value) for c in app.screen.choices]  # type: ignore[attr-defined]
            assert after.index("play R5 uno") < after.index("play R5")
            await pilot.press("1")  # the first entry keeps the Uno the status line announced
            await settle(pilot, app)
            assert app.view["uno_said"] == [0]

    asyncio.run(body())
