"""Records: versioned JSON that replays into the same game, seat records that hide what the
seat did not see, and clear refusals."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from unokit import Game, Match, RecordError, Rules
from unokit.bots import make_bot, play_game
from unokit.testing import snapshot


def finished(seed: int = 4, players: int = 4, **switches: object) -> Game:
    game = Game.new(Rules.preset("mattel-2021", **switches), players=players, seed=seed)
    return play_game(game, [make_bot("random", seed=seed + s) for s in range(players)])


def test_record_is_plain_versioned_json_and_replays() -> None:
    game = finished()
    record = json.loads(json.dumps(game.record()))
    assert record["format"] == "unokit.game"
    assert record["version"] == 3
    assert record["origin"]["seed"] == 4
    assert Game.replay(record).log == game.log
    assert snapshot(Game.replay(record)) == snapshot(game)


def test_same_seed_same_game() -> None:
    assert finished(seed=9).log == finished(seed=9).log
    assert finished(seed=9).log != finished(seed=10).log


def test_record_of_another_version_is_refused() -> None:
    record = finished().record()
    record["version"] = 4
    with pytest.raises(RecordError, match="version 4"):
        Game.replay(record)


def test_record_that_replays_differently_is_refused() -> None:
    record = finished().record()
    tampered = copy.deepcopy(record)
    tampered["origin"]["seed"] = 5  # another shuffle: the actions stop fitting, or events differ
    with pytest.raises(RecordError):
        Game.replay(tampered)
    tampered = copy.deepcopy(record)
    tampered["events"][0]["cards"] = ["R0"] * 7
    with pytest.raises(RecordError, match="replays differently"):
        Game.replay(tampered)


def test_malformed_records_are_refused_clearly() -> None:
    with pytest.raises(RecordError):
        Game.replay({"format": "unokit.game", "version": 1})
    with pytest.raises(RecordError, match="not a unokit game record"):
        Game.replay({"format": "chess"})


def test_seat_record_hides_other_hands_and_draws() -> None:
    game = finished(seed=11)
    for seat in range(game.players):
        record = json.loads(json.dumps(game.record(seat)))
        assert record["format"] == "unokit.game.seat"
        assert "origin" not in record  # no seed, no deck order
        for event, full in zip(record["events"], game.log, strict=True):
            if full.audience is not None and seat not in full.audience:
                assert "cards" not in event
                assert event["count"] == full.count
        with pytest.raises(RecordError, match="one seat's record"):
            Game.replay(record)


def test_arranged_games_replay_too() -> None:
    rules = Rules.preset()
    game = Game.arranged(
        rules, hands=[["R5", "G9"], ["B2", "W"]], discard=["G5"], draw=["Y1", "B3"] * 5
    )
    game.apply("play G9 uno")
    game.apply("play W R", 1)
    assert Game.replay(game.record()).log == game.log


def test_match_record_replays() -> None:
    match = Match(Rules.preset(target=150), players=3, seed=2)
    while True:
        play_game(match.game, [make_bot("random", seed=s) for s in range(3)])
        if match.over:
            break
        match.next_round()
    record = json.loads(json.dumps(match.record()))
    assert record["format"] == "unokit.match"
    again = Match.replay(record)
    assert again.scores == match.scores
    assert again.winner == match.winner
    assert len(again.rounds) == len(match.rounds)
    seat_record = match.record(1)
    assert "seed" not in seat_record
    with pytest.raises(RecordError, match="one seat's record"):
        Match.replay(seat_record)


# -- version 1 records: a drawn card that did not play ended the turn at once ----------------
OLD = Path(__file__).resolve().parent / "fixtures" / "records_v1"
"""Records written by unokit before records had version 2 (tests/fixtures/records_v1): a
3-seat game of the random policy with many unplayable draws, a draw-to-match run that ended
on an empty pile, and a 2-round match."""


def old(name: str) -> dict[str, Any]:
    record: dict[str, Any] = json.loads((OLD / f"{name}.json").read_text())
    assert record["version"] == 1 or all(r["version"] == 1 for r in record["rounds"])
    return record


def test_a_version_1_record_replays_with_the_implied_keep_of_each_unplayable_draw() -> None:
    record = old("game")
    game = Game.replay(record)
    kept = len(game.actions) - len(record["actions"])
    assert kept > 0  # a pass for every draw whose card did not play
    assert game.over and game.winner == record["result"]["winner"]
    assert game.round_points() == record["result"]["round_points"]
    again = json.loads(json.dumps(game.record()))  # written again: version 3, replays as is
    assert again["version"] == 3
    assert snapshot(Game.replay(again)) == snapshot(game)


def test_a_version_1_draw_to_match_record_replays_without_the_empty_reach() -> None:
    game = Game.replay(old("draw_to_match"))
    assert [str(a) for _, a in game.actions] == ["draw", "pass", "play G2"]
    assert [e.count for e in game.log if e.type == "draw"] == [1, 1]


def test_a_version_1_match_record_replays_round_by_round() -> None:
    record = old("match")
    match = Match.replay(record)
    assert match.scores == record["scores"]


def test_a_version_1_record_that_replays_differently_is_still_refused() -> None:
    record = old("game")
    record["events"][-3:] = []
    with pytest.raises(RecordError, match="replays differently"):
        Game.replay(record)


# -- version 2 records: before the repetition rule (docs/rules.md, C-DEC-49) ---------------
V2 = Path(__file__).resolve().parent / "fixtures" / "records_v2"
"""Version 2 records (tests/fixtures/records_v2): F1 (a)'s round, which the dry-round rule
called off, and a round that stopped because nobody could play or draw."""


def test_F1_a_version_2_record_of_a_round_the_dry_round_rule_ended_is_refused_saying_why() -> None:
    record = json.loads((V2 / "dry_round.json").read_text())
    with pytest.raises(RecordError, match="a rule this unokit no longer has"):
        Game.replay(record)


def test_a_version_2_record_of_a_round_nobody_could_play_or_draw_replays() -> None:
    record = json.loads((V2 / "stuck.json").read_text())
    game = Game.replay(record)
    assert game.over and game.winner is None and game.log[-2].reason == "stuck"
    again = json.loads(json.dumps(game.record()))
    assert again["version"] == 3 and Game.replay(again).record() == again
