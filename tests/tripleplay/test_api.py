"""The Triple Play engine behind the common API: presets, views, records, replay, clone,
IllegalAction."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from unokit import ActionSyntaxError, Game, IllegalAction, Rules
from unokit.testing import snapshot
from unokit.tripleplay import TriplePlayGame, UnitScript
from unokit.words import describe

Arrange = Callable[..., TriplePlayGame]


def test_the_triple_play_preset_is_registered() -> None:
    """`Rules.presets()` names `triple-play`; `Game.new` deals a `TriplePlayGame` for it."""
    assert "triple-play" in Rules.presets()
    rules = Rules.preset("triple-play", timer=7)
    assert rules.game == "triple-play" and rules.timer == 7
    assert Rules.from_json(json.loads(json.dumps(rules.to_json()))) == rules
    assert isinstance(Game.new(rules, players=2, seed=1), TriplePlayGame)


@pytest.mark.parametrize(
    "switch",
    [{"stacking": True}, {"seven_o": True}, {"jump_in": True}, {"partners": True},
     {"first_card_effect": True}, {"draw_to_match": True}, {"custom_rule": "extra_turn"},
     {"wd4_wilds": "wild"}, {"wd4_wilds": "all"}],
)  # fmt: skip
def test_switches_the_sheet_gives_no_meaning_are_refused(switch: dict[str, object]) -> None:
    """A combination no sheet can give meaning to is refused when the Rules is made."""
    with pytest.raises(ValueError, match="not part of Triple Play"):
        Rules.preset("triple-play", **switch)


def test_an_illegal_action_says_why_and_changes_nothing(arrange: Arrange) -> None:
    """IllegalAction as in the classic engine; ActionSyntaxError for text that is no action."""
    game = arrange([["R7", "G1"], ["B1"]], lit=[2])
    before = snapshot(game)
    for text, why in (
        ("play R7 @2", "does not match the green 5 on pile 2"),
        ("play B9 @2", "does not hold B9"),
        ("play G1 @1", "pile 1 is not lit"),
        ("give 1", "follows a Wild Give Away"),
        ("pass", "no pass"),
        ("color G", "name no colour"),
    ):
        with pytest.raises(IllegalAction, match=why):
            game.apply(text)
    with pytest.raises(ActionSyntaxError):
        game.apply("play R7 @4")
    assert snapshot(game) == before


def test_views_show_the_three_piles_lights_and_colors(arrange: Arrange) -> None:
    """game.tops / piles / colors / lit / set_aside (SPEC.md) and their view."""
    game = arrange([["R7", "G1"], ["B1"]], piles=[["B2", "R5"], ["W"], ["B5"]], lit=[1, 3],
                   set_aside=["Y3"])  # fmt: skip
    assert [str(c) for c in game.tops] == ["R5", "W", "B5"]
    assert game.colors == ["R", None, "B"]
    assert game.lit == {1, 3}
    view = game.view(1)
    assert view["tops"] == ["R5", "W", "B5"] and view["piles"][0] == ["B2", "R5"]
    assert view["colors"] == ["R", None, "B"] and view["set_aside"] == ["Y3"]
    assert view["hand"] == ["B1"] and view["hand_sizes"] == [2, 1]
    assert "hand" not in game.view(None)
    json.dumps(view)


def test_record_replay_and_clone_agree(arrange: Arrange) -> None:
    """Game.replay(record()) and clone() rebuild the same game, scripted unit included."""
    game = arrange(
        [["R7", "G1", "WGA"], ["B1", "B2"], ["Y5"]],
        counters=(0, 0, 13),
        draws=[2],
        lights=[[1, 3], [2]],
    )
    game.apply("play WGA @3")
    game.apply("give 1 2")
    again = Game.replay(json.loads(json.dumps(game.record())))
    assert snapshot(again) == snapshot(game)
    twin = game.clone()
    twin.apply(twin.legal_actions()[0])
    assert snapshot(game) == snapshot(again)


def test_a_seat_record_hides_the_cards_given_to_others(arrange: Arrange) -> None:
    """Cards given away reach only their receiver's record."""
    game = arrange([["WGA", "G1"], ["B1"], ["B2"]], counters=(13, 0, 0), draws=[2],
                   draw=["Y1", "Y2", "Y3"])  # fmt: skip
    game.apply("play WGA @1")
    game.apply("give 1 2")
    for seat in (0, 1, 2):
        draws = [e for e in game.record(seat)["events"] if e.get("reason") == "give_away"]
        assert [("cards" in e) for e in draws] == [e["seat"] == seat for e in draws]


def test_the_unit_events_read_as_words(arrange: Arrange) -> None:
    """unokit.words describes the unit's events."""
    game = arrange([["R7", "G1"], ["B1"]], counters=(13, 0, 0), draws=[1], lights=[[2]])
    lines = [describe(e) for e in game.apply("play R7 @1")]
    assert lines[0] == "seat 0 plays the red 7 on pile 1"
    assert "pile 1 overloads: 1 card for seat 0" in lines
    assert lines[-1] == "the unit lights pile 2"


def test_a_script_outside_the_model_is_refused() -> None:
    """A scripted threshold must be one the model could draw (or the lights would lie)."""
    with pytest.raises(ValueError, match="outside the model"):
        TriplePlayGame.arranged(
            hands=[["R1"], ["R2"]], piles=[["R5"], ["G5"], ["B5"]],
            script=UnitScript.of(thresholds=[99]),
        )  # fmt: skip
