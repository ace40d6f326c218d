"""A card drawn on a turn is kept with ``pass`` whether or not it plays (C-DEC-57): at a
table "drew and kept" looks the same either way, so no other seat may tell the two apart."""

from __future__ import annotations

from typing import Any

import pytest

from unokit import Game, Rules

CLASSIC_AND_PARTY = [p for p in Rules.presets() if p != "triple-play"]


def _drew(rules: Rules, card: str, rest: tuple[str, ...] = ("Y9", "B9")) -> Game:
    """Seat 0 holds nothing that plays on G5 and draws ``card``."""
    game = Game.arranged(
        rules,
        hands=[["R1", "R2", "R3"], ["Y1", "Y2", "Y3"], ["B1", "B2", "B3"]],
        discard=["G5"],
        draw=[card, *rest],
    )
    game.apply("draw")
    return game


def _seen_by(game: Game, seat: int | None) -> dict[str, Any]:
    """All a seat (or a spectator) has: its view, its events and its record."""
    seen = {"view": game.view(seat), "events": [e.to_json() for e in game.events(seat)]}
    if seat is not None:
        seen["record"] = game.record(seat)
    return seen


def _assert_others_see_the_same(a: Game, b: Game) -> None:
    for seat in (1, 2, None):
        assert _seen_by(a, seat) == _seen_by(b, seat), f"seat {seat} tells the draws apart"


@pytest.mark.parametrize("preset", CLASSIC_AND_PARTY)
def test_other_seats_cannot_tell_a_playable_draw_from_an_unplayable_one(preset: str) -> None:
    rules = Rules.preset(preset)
    playable, unplayable = _drew(rules, "G7"), _drew(rules, "B7")
    assert playable.phase == unplayable.phase == "drawn"
    assert playable.to_play == unplayable.to_play == 0
    _assert_others_see_the_same(playable, unplayable)
    for game in (playable, unplayable):
        game.apply("pass")
        assert game.to_play == 1
    _assert_others_see_the_same(playable, unplayable)


@pytest.mark.parametrize("preset", CLASSIC_AND_PARTY)
def test_a_drawn_card_that_does_not_play_is_kept_with_pass_alone(preset: str) -> None:
    game = _drew(Rules.preset(preset), "B7")
    assert [str(a) for a in game.legal_actions(0)] == ["pass"]
    assert game.view(0)["drawn"] == "B7"
    assert game.view(1)["drawn"] is None
    game.apply("pass")
    assert sorted(str(c) for c in game.hand(0)) == ["B7", "R1", "R2", "R3"]
    assert game.to_play == 1 and str(game.top) == "G5"


def test_draw_to_match_that_finds_nothing_playable_is_kept_with_pass_too() -> None:
    """With ``draw_to_match`` the last card drawn plays unless nothing was left to draw; the
    seat keeps it with ``pass`` either way, as without the house rule."""
    rules = Rules.preset(draw_to_match=True)
    playable, unplayable = _drew(rules, "G7", rest=()), _drew(rules, "B7", rest=())
    assert [str(a) for a in unplayable.legal_actions(0)] == ["pass"]
    assert [str(a) for a in playable.legal_actions(0)] == ["play G7", "pass"]
    _assert_others_see_the_same(playable, unplayable)
