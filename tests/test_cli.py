"""The ``unokit`` command: demo games and replays, through the real entry point."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from tests.jumps import a_jump_over_a_draw_two, a_speed_play

from unokit import Game
from unokit.cli import main


def test_demo_plays_a_complete_game_and_prints_the_points(tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    result = CliRunner().invoke(
        main,
        ["demo", "--rules", "mattel-2015", "--players", "3", "--seed", "5", "--record", str(out)],
    )
    assert result.exit_code == 0, result.output
    first, *lines = result.output.splitlines()
    assert (
        first
        == "unokit demo: mattel-2015, 3 players, seed 5: Ann (seat 0), Bea (seat 1), Cal (seat 2)"
    )
    assert "[Ann] " in result.output and "[Bea] " in result.output
    assert "Ann is dealt 7 cards" in lines
    game = Game.replay(json.loads(out.read_text()))
    assert game.over
    names = ["Ann", "Bea", "Cal"]
    assert f"{names[game.winner]} wins the round" in lines
    # the last move says who went out, the summary who wins: once each, not twice over
    assert [line for line in lines if "wins the round" in line] == [
        f"{names[game.winner]} wins the round"
    ]
    assert f"    {names[game.winner]} goes out" in lines
    for seat, points in enumerate(game.round_points()):
        assert any(line.startswith(f"  {names[seat]}: {points:4d} points") for line in lines)
    assert not any("seat" in line for line in lines)  # the players go by their names


def test_demo_and_replay_call_the_players_by_the_same_names(tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    demo = CliRunner().invoke(main, ["demo", "--players", "5", "--seed", "2", "--record", str(out)])
    replay = CliRunner().invoke(main, ["replay", str(out)])
    assert demo.exit_code == replay.exit_code == 0, demo.output + replay.output
    names = "Ann, Bea, Cal, Dot, Eli"
    assert demo.output.splitlines()[0].endswith(
        ", ".join(f"{name} (seat {seat})" for seat, name in enumerate(names.split(", ")))
    )
    first, *_, won, _points = replay.output.splitlines()
    assert first == f"mattel-2021, 5 players: {names} (replayed and checked)"
    assert won.endswith(" wins the round") and won in demo.output.splitlines()


def test_demo_is_reproducible_and_takes_house_rules() -> None:
    args = ["demo", "--players", "4", "--seed", "3", "--house", "stacking,seven_o,jump_in"]
    first = CliRunner().invoke(main, args)
    second = CliRunner().invoke(main, args)
    assert first.exit_code == 0, first.output
    assert first.output == second.output


def test_demo_refuses_bad_rules_clearly() -> None:
    result = CliRunner().invoke(main, ["demo", "--rules", "mattel-1999"])
    assert result.exit_code != 0
    assert "unknown preset" in result.output
    result = CliRunner().invoke(main, ["demo", "--house", "stackin"])
    assert result.exit_code != 0
    assert "unknown switch" in result.output


def test_replay_prints_a_record_and_a_seat_record(tmp_path: Path) -> None:
    full = tmp_path / "full.json"
    CliRunner().invoke(main, ["demo", "--seed", "8", "--record", str(full)])
    result = CliRunner().invoke(main, ["replay", str(full)])
    assert result.exit_code == 0, result.output
    assert "replayed and checked" in result.output
    game = Game.replay(json.loads(full.read_text()))
    seat_file = tmp_path / "seat1.json"
    seat_file.write_text(json.dumps(game.record(1)))
    result = CliRunner().invoke(main, ["replay", str(seat_file)])
    assert result.exit_code == 0, result.output
    assert "as seen by Bea (seat 1)" in result.output


def test_replay_refuses_what_is_no_record(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    result = CliRunner().invoke(main, ["replay", str(bad)])
    assert result.exit_code != 0
    assert "is not JSON" in result.output


def test_replay_tells_a_party_speed_play_as_such_and_a_jump_before_what_it_cancels(
    tmp_path: Path,
) -> None:
    """A game record and a seat's record: Party!'s jump is "speed-plays", and a classic
    jump-in is told before the Draw Two it cancels (the engine logs the cancel first)."""
    party, _ = a_speed_play()
    classic, _ = a_jump_over_a_draw_two()
    for name, record in [
        ("party", party.record()),
        ("party-seat", party.record(1)),
        ("classic", classic.record()),
        ("classic-seat", classic.record(1)),
    ]:
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(record))
        result = CliRunner().invoke(main, ["replay", str(path)])
        assert result.exit_code == 0, result.output
        lines = result.output.splitlines()
        if name.startswith("party"):
            assert "Ann speed-plays the green 5" in lines, result.output
            assert "jumps in" not in result.output
        else:
            jump = lines.index("Cal jumps in with the green Draw Two")
            assert lines[jump + 1] == "the jump cancels Bea's Draw Two", result.output
