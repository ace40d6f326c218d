"""UNO Party! through the public API: views, records, replay, clone and refusals."""

from __future__ import annotations

import json

import pytest

from unokit import ActionSyntaxError, Game, IllegalAction, Random, Rules
from unokit.testing import snapshot
from unokit.turns import play_out, random_chooser

PARTY = Rules.preset("party")


def test_a_16_player_game_plays_through_the_api_with_views_records_and_replay() -> None:
    game = Game.new(PARTY, players=16, seed=22)
    kinds = set()
    for _, action, _ in play_out(game, random_chooser(Random(22), 0.5)):
        kinds.add(action.kind)
    assert game.over and game.winner is not None
    assert {"play", "draw", "jump", "point", "link", "take", "challenge", "catch"} <= kinds
    record = json.loads(json.dumps(game.record()))
    again = Game.replay(record)
    assert snapshot(again) == snapshot(game) and type(again).__name__ == "PartyGame"
    seat_record = game.record(5)
    assert seat_record["format"] == "unokit.game.seat"
    assert all(len(e.get("cards", ())) == 0 or e.get("audience") in (None, [5])
               for e in seat_record["events"] if e["type"] in ("deal", "draw"))  # fmt: skip


def test_the_view_shows_the_party_table_state() -> None:
    game = Game.arranged(
        PARTY,
        hands=[["WDT", "WPU", "R1", "R2"], ["Y1", "Y2"], ["G1", "G2"]],
        discard=["R5"],
        draw=["Y5", "B9", "B8", "B7", "G6"],
    )
    game.apply("play WDT R")
    game.apply("link 1 2")
    game.apply("draw")  # seat 1: Y5, and seat 2 draws B9 with it
    game.apply("pass")
    game.apply("draw")  # seat 2: B8, and seat 1 draws B7 with it
    game.apply("pass")
    game.apply("play WPU")  # the G6 starts a mini pile in front of seat 1
    view = game.view(1)
    assert view["link"] == [1, 2] and view["direction_tracker"] == "clockwise"
    assert view["phase"] == "mini" and view["mini_pile"] == ["G6"] and view["mini_color"] == "G"
    assert view["pointing"] is None and view["hand"] == [str(c) for c in game.hand(1)]
    assert "hand" not in game.view(None)


def test_a_clone_is_independent_of_its_original() -> None:
    game = Game.arranged(
        PARTY,
        hands=[["GP", "WPU", "R1"], ["Y1", "Y2", "G4"], ["G1", "G2", "B3"]],
        discard=["G5"],
        draw=["Y5", "B9", "B8", "R7"],
    )
    game.apply("play GP")
    game.apply("point 1")
    twin = game.clone()
    game.apply("point 0")
    game.apply("point 1")
    assert twin.phase == "point" and twin.to_play == 1 and twin.hand_sizes() == [2, 3, 3]
    twin.apply("point 2")
    twin.apply("point 0")
    assert twin.hand_sizes() == [3, 4, 4] and game.hand_sizes() == [3, 5, 3]


def test_party_actions_outside_their_moment_are_refused_with_a_reason() -> None:
    game = Game.arranged(
        PARTY, hands=[["R1", "B2", "GP"], ["Y1", "Y2"], ["G1", "G2"]], discard=["R5"], draw=["B1"]
    )
    before = snapshot(game)
    for text, words in (
        ("point 1", "point follows a Point Taken"),
        ("link 1 2", "link follows a Wild Drawn Together"),
        ("take", "no mini pile"),
        ("jump R1", "not identical"),
    ):
        with pytest.raises(IllegalAction, match=words):
            game.apply(text)
    with pytest.raises(ActionSyntaxError):
        game.apply("link 1 1")
    with pytest.raises(ActionSyntaxError):
        game.apply("point")
    assert snapshot(game) == before
