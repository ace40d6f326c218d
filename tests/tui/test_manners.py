"""The terminal game's manners at 80×24: help that scrolls and explains the variant in play,
a failing bot named with its reason and replaced or left, the log in the second person, and
out-of-turn windows a person can win."""

from __future__ import annotations

import asyncio
import sys

from unokit import Game, Match, Rules
from unokit.bots import ExternalBot, Personality, make_bot
from unokit.events import Event
from unokit.tui.app import PlayApp
from unokit.tui.dialogs import ChoiceDialog, InfoScreen
from unokit.tui.table import OneRound, Table
from unokit.words import Narrator

SIZE = (80, 24)


def match_app(preset: str, players: int = 4, **switches: object) -> PlayApp:
    match = Match(Rules.preset(preset, **switches), players=players, seed=5)
    bots = {seat: make_bot("random", seed=seat) for seat in range(1, players)}
    return PlayApp(Table(match, bots), delay=60)


def _help_text(app: PlayApp) -> str:
    assert isinstance(app.screen, InfoScreen)
    return str(app.screen.body)


def test_help_fits_80x24_and_scrolls_to_its_last_line() -> None:
    app = match_app("mattel-2021", stacking=True, seven_o=True, jump_in=True)

    async def body() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("question_mark")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, InfoScreen)
            box = screen.query_one("#dialog-box").region
            assert box.width <= 80 and box.height <= 24 and box.y >= 0
            scroller = screen.scroller
            assert scroller.max_scroll_y > 0  # taller than the screen: it must scroll
            await pilot.press("end")
            await pilot.pause()
            assert scroller.scroll_y == scroller.max_scroll_y
            await pilot.press("home", "down", "down")
            await pilot.pause()
            assert scroller.scroll_y == 2
            await pilot.press("pagedown")
            await pilot.pause()
            assert scroller.scroll_y > 2
            text = _help_text(app)
            assert "Scoring" in text and "House rules" in text and "jump_in:" in text
            assert "may be challenged" in text  # one paragraph, no break inside it
            await pilot.press("escape")
            assert not app.modal_open

    asyncio.run(body())


def test_help_has_a_page_for_triple_play_and_for_party() -> None:
    for preset, words in [
        ("triple-play", ["Triple Play", "lights", "overloads", "Discard Two", "Wild Clear"]),
        ("party", ["UNO Party!", "Speed Play", "Point Taken", "Wild Pile Up", "link"]),
    ]:
        app = match_app(preset)

        async def body(app: PlayApp = app, words: list[str] = words, preset: str = preset) -> None:
            async with app.run_test(size=SIZE) as pilot:
                await pilot.press("question_mark")
                text = _help_text(app)
                for word in words:
                    assert word in text, (preset, word)
                assert "House rules" in text and "none: the sheet as printed" in text

        asyncio.run(body())


def test_the_help_names_the_tables_scoring_and_house_rules() -> None:
    app = match_app("mattel-2003", scoring="lowest", target=200, draw_to_match=True)

    async def body() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("question_mark")
            text = _help_text(app)
            assert "when one reaches 200, the lowest total wins" in text
            assert "draw_to_match: if you cannot play, draw until you can" in text

    asyncio.run(body())


def broken_bot_app(delay: float = 0.01) -> tuple[PlayApp, Game]:
    game = Game.arranged(
        Rules.preset("mattel-2021"),
        hands=[["R5", "R6", "B7"], ["B1", "B2", "B3"], ["Y1", "Y2", "Y3"]],
        discard=["R1"],
        draw=["G1", "G2", "G3", "G4", "G5", "G6"],
    )
    bots = {
        1: ExternalBot(command=[sys.executable, "-c", "import sys; sys.exit(3)"]),
        2: make_bot("random", seed=2),
    }
    labels = {1: "external:command=broken", 2: "random"}
    return PlayApp(Table(OneRound(game), bots), delay=delay, bot_names=labels), game


def test_a_failing_bot_is_named_with_its_reason_and_can_be_replaced() -> None:
    app, game = broken_bot_app()

    async def body() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("1", "enter")  # R5: now Bea's bot (the broken one) must act
            for _ in range(200):
                if app.modal_open:
                    break
                await pilot.pause(0.02)
            dialog = app.screen
            assert isinstance(dialog, ChoiceDialog)
            assert dialog.title_text == "Bea's bot (external:command=broken) failed"
            assert "ended (exit code 3) instead of answering" in dialog.note
            assert any("Bea's bot (external:command=broken) failed" in x for x in app.log_lines)
            await pilot.press("r")
            assert isinstance(app.table.bots[1], Personality)  # the built-in "normal"
            assert "Bea is now played by the built-in bot 'normal'" in app.log_lines
            for _ in range(200):
                if len(game.actions) >= 3:
                    break
                await pilot.pause(0.02)
            assert any(seat == 1 for seat, _ in game.actions[1:])  # Bea played on
            assert app.bot_failure is None and app.is_running

    asyncio.run(body())


def test_leaving_after_a_failing_bot_says_why_and_exits_non_zero() -> None:
    app, _ = broken_bot_app()

    async def body() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("1", "enter")
            for _ in range(200):
                if app.modal_open:
                    break
                await pilot.pause(0.02)
            await pilot.press("q")
            await pilot.pause()

    asyncio.run(body())
    assert app.return_code == 1
    assert app.bot_failure is not None
    assert app.bot_failure.startswith("Bea's bot (external:command=broken) failed: ")


def test_the_log_tells_a_variants_events_in_the_second_person() -> None:
    narrator = Narrator(["You", "Bea", "Cal"], 0)
    press = Event("press", seat=0, target=2)
    lines = narrator.lines([press])
    assert lines[0].startswith("You press pile"), lines
    bea = narrator.lines([Event("press", seat=1, target=2)])
    assert bea[0].startswith("Bea presses pile"), bea
    take = narrator.lines([Event("take", seat=0, count=3)])
    assert take[0].startswith("You take"), take


def test_the_pile_panel_names_linked_partners() -> None:
    match = Match(Rules.preset("party"), players=4, seed=5)
    bots = {seat: make_bot("random", seed=seat) for seat in range(1, 4)}
    app = PlayApp(Table(match, bots), delay=60)

    async def body() -> None:
        async with app.run_test(size=SIZE):
            view = {**app.table.view(), "link": [1, 3]}
            app.draw_table(view, app.table.scores, "t")
            from unokit.tui.widgets import PilePanel

            shown = str(app.query_one(PilePanel).render())
            assert "link: Bea & Dot" in shown

    asyncio.run(body())


def uno_race(reaction: float) -> tuple[PlayApp, Game]:
    game = Game.arranged(
        Rules.preset("mattel-2021"),
        hands=[["R5", "R6"], ["B1", "B2", "B3"], ["Y1", "Y2", "Y3"]],
        discard=["R1"],
        draw=["G1", "G2", "G3", "G4", "G5", "G6"],
    )
    bots = {seat: make_bot("random:eager=1", seed=seat) for seat in (1, 2)}  # always catch
    app = PlayApp(Table(OneRound(game), bots), delay=0.05, reaction=reaction)
    return app, game


def test_a_bot_waits_a_persons_reaction_time_before_catching() -> None:
    app, game = uno_race(reaction=1.0)

    async def body() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("1", "enter")  # R5 without Uno: a bot could catch at once
            await pilot.pause(0.4)  # the bots' pace is over, their reaction is not
            assert len(game.hand(0)) == 1 and 0 in app.view["uno_exposed"]
            await pilot.press("u")  # the person wins the race
            await pilot.pause(1.5)
            assert len(game.hand(0)) >= 1
            assert "catch 0" not in [str(action) for _, action in game.actions]
            assert 'You said "Uno!"' in app.log_lines

    asyncio.run(body())


def test_without_a_reaction_time_the_bot_catches_at_its_pace() -> None:
    app, game = uno_race(reaction=0.0)

    async def body() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("1", "enter")
            for _ in range(100):
                if len(game.hand(0)) > 1:
                    break
                await pilot.pause(0.02)
            assert len(game.hand(0)) == 3  # caught: two cards drawn

    asyncio.run(body())


def test_a_bot_step_that_fires_as_the_window_closes_does_nothing() -> None:
    """The bots' pace is a timer; one that fires during shutdown finds no screen to read."""
    app, game = uno_race(reaction=0.0)

    async def body() -> None:
        async with app.run_test(size=SIZE):
            pass
        before = len(game.log)
        await app._bot_step()  # the timer's callback, after the screens are gone
        assert len(game.log) == before

    asyncio.run(body())


def test_triple_plays_status_line_offers_only_keys_that_work() -> None:
    match = Match(Rules.preset("triple-play"), players=3, seed=2)
    bots = {seat: make_bot("random", seed=seat) for seat in (1, 2)}
    app = PlayApp(Table(match, bots), delay=0)

    async def body() -> None:
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(400):  # play on until the person has drawn a card
                await pilot.pause()
                view = app.view
                if view.get("phase") == "drawn" and view["to_play"] == 0 and view.get("drawn"):
                    break
                if view["to_play"] == 0 and not app.modal_open and not app.busy:
                    await pilot.press("d")
            else:
                raise AssertionError("the person never got to keep a drawn card")
            status = str(app.query_one("#status").render())
            assert status.startswith(f"You drew {app.view['drawn']}: Enter plays it")
            assert "p keeps it" not in status and "press a lit pile (m)" in status

    asyncio.run(body())


def test_the_match_summary_shows_every_seat_at_16_players() -> None:
    match = Match(Rules.preset("party", target=1), players=16, seed=3)
    bots = {seat: make_bot("random", seed=seat) for seat in range(1, 16)}
    app = PlayApp(Table(match, bots), delay=60)

    async def body() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            summary = app.summary()
            app.push_screen(InfoScreen(summary, name="summary", hint="Enter: leave"))
            await pilot.pause()
            assert isinstance(app.screen, InfoScreen)
            for place in range(1, 17):
                assert f" {place:>2}. " in str(summary)
            await pilot.press("end")
            await pilot.pause()
            scroller = app.screen.scroller
            assert scroller.scroll_y == scroller.max_scroll_y
            assert scroller.region.bottom <= 40

    asyncio.run(body())


def test_no_line_of_a_whole_round_tells_you_in_the_third_person() -> None:
    import re

    from unokit.bots import play_game

    for preset, switches in [
        ("triple-play", {}),
        ("party", {}),
        ("mattel-2021", {"stacking": True, "seven_o": True, "jump_in": True}),
    ]:
        for seed in range(3):
            game = Game.new(Rules.preset(preset, **switches), players=4, seed=seed)
            play_game(game, [make_bot("random", seed=s) for s in range(4)])
            lines = Narrator(["You", "Bea", "Cal", "Dot"], 0).lines(game.events(0))
            assert lines
            for line in lines:
                for clause in re.split(r" — |, | and ", line):
                    verb = re.match(r"(?i)you (?:now )?(\w+)", clause.strip())
                    if verb:
                        word = verb.group(1)
                        third = word.endswith("s") and not word.endswith("ss")
                        assert not third or word == "was", (preset, seed, line)


def test_a_bot_that_raises_is_treated_as_a_failing_bot() -> None:
    from unokit.bots import Bot, Decision

    class Broken(Bot):
        name = "broken"

        def choose(self, decision: Decision) -> None:
            raise ZeroDivisionError("division by zero")

    game = Game.arranged(
        Rules.preset("mattel-2021"),
        hands=[["R5", "R6", "B7"], ["B1", "B2", "B3"], ["Y1", "Y2", "Y3"]],
        discard=["R1"],
        draw=["G1", "G2", "G3", "G4", "G5", "G6"],
    )
    app = PlayApp(Table(OneRound(game), {1: Broken(), 2: make_bot("random")}), delay=0)

    async def body() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("1", "enter")
            await pilot.pause()
            assert isinstance(app.screen, ChoiceDialog)
            assert app.screen.note == "ZeroDivisionError: division by zero"

    asyncio.run(body())
