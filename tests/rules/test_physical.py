"""Rules that only make sense at a physical table, and how the software handles them."""

from __future__ import annotations

import pytest

from unokit import ActionSyntaxError, Game, IllegalAction, Rules

R = Rules.preset("mattel-2021")


def legal(game: Game, seat: int | None = None) -> set[str]:
    return {str(a) for a in game.legal_actions(seat)}


def snapshot(game: Game) -> tuple[object, ...]:
    """Everything public about a position."""
    return (
        [[str(c) for c in game.hand(s)] for s in range(game.players)],
        game.to_play,
        game.direction,
        str(game.top),
        game.color,
        [str(c) for c in game.discard],
        game.draw_size,
        [sorted(legal(game, s)) for s in range(game.players)],
        game.over,
        game.winner,
    )


def position(rules: Rules = R, jump_in: bool = False) -> Game:
    return Game.arranged(
        Rules.preset(rules.name, jump_in=True) if jump_in else rules,
        hands=[["G5", "B2", "R1"], ["G7", "Y2", "Y3"], ["G5", "B4", "B5"]],
        discard=["G3"],
        draw=["Y6", "Y7", "Y8"],
        to_play=0,
    )


def test_a_card_that_does_not_match_is_refused_and_the_game_is_unchanged() -> None:
    game = position()
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.apply("play B2")
    assert snapshot(game) == before


def test_no_preset_penalises_a_wrong_card() -> None:
    for preset in ("mattel-2021", "mattel-2015", "mattel-2003"):
        game = position(Rules.preset(preset))
        with pytest.raises(IllegalAction):
            game.apply("play R1")
        assert len(game.hand(0)) == 3 and game.to_play == 0 and game.draw_size == 3


def test_advice_to_another_player_is_no_action_and_cannot_be_penalised() -> None:
    game = position()
    before = snapshot(game)
    for text in ("advise 1", "suggest G7", "penalty 1"):
        with pytest.raises(ActionSyntaxError):
            game.apply(text, seat=2)
    assert snapshot(game) == before


def test_playing_out_of_turn_is_refused() -> None:
    game = position()
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.apply("play G7", seat=1)
    assert snapshot(game) == before


def test_a_jump_in_after_the_top_card_changed_is_refused_without_penalty() -> None:
    game = position(jump_in=True)
    game.apply("play G5")
    game.apply("play G7")
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.apply("jump G5", seat=2)
    assert snapshot(game) == before
