"""``unokit replay FILE --watch``: a record played back on the table screen."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from unokit import Game, Match, Rules
from unokit.bots import make_bot, play_game
from unokit.cli import main
from unokit.tui.names import seat_names
from unokit.tui.watch import Playback, WatchApp, watch_record
from unokit.words import Narrator


def played_match(target: int = 60) -> Match:
    match = Match(Rules.preset(target=target), players=3, seed=5)
    bots = [make_bot("random", seed=s) for s in range(3)]
    while True:
        play_game(match.game, bots)
        if match.over:
            return match
        match.next_round()


def test_watch_plays_a_match_record_back_action_by_action_to_the_end() -> None:
    match = played_match()
    record = match.record()
    app = WatchApp(Playback(record), delay=0)  # no clock: the keys step it

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            total = app.playback.total
            assert total == sum(len(g.actions) for g in match.rounds)
            await pilot.press("right", "n")  # the step keys...
            assert app.steps == 2
            for _ in range(total + len(match.rounds)):  # ...and the rest, quicker
                app.action_step()
            await pilot.pause()
            assert app.playback.done and app.paused
            assert app.steps == total
            assert "end of the record" in str(app.query_one("#status").render())

    asyncio.run(body())
    # the log says what seat 0 saw, round by round, as the play screen would have said it
    narrator = Narrator(seat_names(3, 0), 0)
    expected: list[str] = []
    for number, game in enumerate(match.rounds, 1):
        expected.append(f"— round {number} —")
        expected.extend(narrator.lines(game.events(0)))
    assert app.log_lines[1:] == expected
    assert app.playback.rounds.scores == match.scores


def test_watch_plays_a_game_record_and_the_clock_steps_it() -> None:
    game = Game.new(Rules.preset(), players=2, seed=3)
    play_game(game, [make_bot("random", seed=1), make_bot("random", seed=2)])
    app = WatchApp(Playback(game.record()), delay=0.01)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(100):
                await pilot.pause(0.02)
                if app.steps >= 5:
                    break
            assert app.steps >= 5  # the clock steps on by itself
            while not app.playback.done:
                app.action_step()
            assert app.playback.view()["winner"] == game.winner
            assert app.playback.view()["hands"] == [[c.code for c in game.hand(s)] for s in (0, 1)]

    asyncio.run(body())


def test_space_pauses_the_playback() -> None:
    game = Game.new(Rules.preset(), players=2, seed=3)
    play_game(game, [make_bot("random", seed=1), make_bot("random", seed=2)])
    app = WatchApp(Playback(game.record()), delay=0.01)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("space")
            steps = app.steps
            await pilot.pause(0.1)
            assert app.steps == steps and app.paused

    asyncio.run(body())


def test_a_seat_record_is_refused_with_the_reason() -> None:
    game = Game.new(Rules.preset(), players=2, seed=3)
    with pytest.raises(click.ClickException, match="one seat's record"):
        watch_record(game.record(0))


def test_a_record_that_replays_differently_is_refused() -> None:
    game = Game.new(Rules.preset(), players=2, seed=3)
    play_game(game, [make_bot("random", seed=1), make_bot("random", seed=2)])
    record = game.record()
    record["events"][-1]["seat"] = 1 - record["events"][-1].get("seat", 0)
    with pytest.raises(click.ClickException, match="replays differently"):
        watch_record(record)


def test_replay_watch_refuses_a_seat_record_on_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "seat.json"
    path.write_text(json.dumps(Game.new(Rules.preset(), players=2, seed=3).record(1)))
    result = CliRunner().invoke(main, ["replay", str(path), "--watch"])
    assert result.exit_code == 2  # a refused record, as without --watch
    assert "one seat's game record: it hides the other hands" in result.output


def test_watch_names_the_house_rules_in_its_title() -> None:
    game = Game.new(Rules.preset("mattel-2021", stacking=True, seven_o=True), players=3, seed=2)
    play_game(game, [make_bot("greedy", seed=s) for s in range(3)])
    app = WatchApp(Playback(game.record()), delay=0)

    async def body() -> None:
        async with app.run_test(size=(80, 24)):
            title = str(app.query_one("#title").render())
            assert "mattel-2021 +stacking +seven_o" in title

    asyncio.run(body())
