"""Saying Uno and catching a player who did not (classic sheets: Say Uno)."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from unokit import Game, IllegalAction, Rules

R = Rules.preset("mattel-2021")


def codes(cards: Iterable[object]) -> list[str]:
    return sorted(str(c) for c in cards)


def legal(game: Game, seat: int | None = None) -> set[str]:
    return {str(a) for a in game.legal_actions(seat)}


def position(first: list[str] | None = None, rules: Rules = R) -> Game:
    """Seat 0 holds G9 R1 and plays on a green 5; the others hold 3 cards each."""
    return Game.arranged(
        rules,
        hands=[first or ["G9", "R1"], ["G2", "B3", "Y4"], ["G3", "B4", "Y5"]],
        discard=["G5"],
        draw=["Y6", "Y7", "Y8", "Y9", "B6", "B7"],
        to_play=0,
    )


def test_say_uno_when_you_have_1_card_left_and_you_cannot_be_caught() -> None:
    game = position()
    assert "play G9 uno" in legal(game)
    game.apply("play G9 uno")
    assert "catch 0" not in legal(game, 1) and "catch 0" not in legal(game, 2)
    with pytest.raises(IllegalAction):
        game.apply("catch 0", seat=2)
    assert codes(game.hand(0)) == ["R1"]


def test_play_and_say_uno_is_legal_only_when_the_play_leaves_1_card() -> None:
    game = position(["G9", "R1", "R2"])
    assert "play G9 uno" not in legal(game)
    with pytest.raises(IllegalAction):
        game.apply("play G9 uno")
    assert len(game.hand(0)) == 3 and game.to_play == 0


def test_if_another_player_catches_you_before_you_say_uno_you_draw_2_cards() -> None:
    game = position()
    game.apply("play G9")
    assert "catch 0" in legal(game, 1) and "catch 0" in legal(game, 2)
    game.apply("catch 0", seat=2)
    assert codes(game.hand(0)) == ["R1", "Y6", "Y7"]
    assert game.to_play == 1


def test_a_player_cannot_catch_themselves() -> None:
    game = position()
    game.apply("play G9")
    assert "catch 0" not in legal(game, 0)
    with pytest.raises(IllegalAction):
        game.apply("catch 0", seat=0)


def test_they_must_catch_you_before_the_next_player_starts_their_turn() -> None:
    game = position()
    game.apply("play G9")
    game.apply("play G2")
    assert "catch 0" not in legal(game, 2)
    with pytest.raises(IllegalAction):
        game.apply("catch 0", seat=2)
    assert codes(game.hand(0)) == ["R1"]


def test_saying_uno_late_still_counts_as_long_as_nobody_caught_you_first() -> None:
    game = position()
    game.apply("play G9")
    assert "uno" in legal(game, 0)
    game.apply("uno", seat=0)
    assert "catch 0" not in legal(game, 1) and "catch 0" not in legal(game, 2)
    assert codes(game.hand(0)) == ["R1"]


def test_if_nobody_catches_you_in_time_there_is_no_penalty() -> None:
    game = position()
    game.apply("play G9")
    game.apply("play G2")
    game.apply("play G3")
    assert codes(game.hand(0)) == ["R1"] and game.to_play == 0
    assert "uno" not in legal(game, 0)


def test_you_cannot_be_caught_until_your_second_to_last_card_is_played() -> None:
    game = position()
    assert "catch 0" not in legal(game, 1) and "catch 0" not in legal(game, 2)
    with pytest.raises(IllegalAction):
        game.apply("catch 0", seat=1)
    assert len(game.hand(0)) == 2


def test_a_turn_has_started_once_the_next_player_draws_a_card() -> None:
    game = Game.arranged(
        R,
        hands=[["G9", "R1"], ["R2", "B3", "Y4"], ["G3", "B4", "Y5"]],
        discard=["G5"],
        draw=["Y6", "Y7", "Y8"],
        to_play=0,
    )
    game.apply("play G9")
    game.apply("draw")
    assert "catch 0" not in legal(game, 2)
    with pytest.raises(IllegalAction):
        game.apply("catch 0", seat=2)


def test_draws_forced_on_a_seat_and_skipped_seats_do_not_close_the_uno_window() -> None:
    game = position(["G+2", "R1"])
    game.apply("play G+2")
    assert game.to_play == 2 and len(game.hand(1)) == 5
    assert "catch 0" in legal(game, 2) and "catch 0" in legal(game, 1)
    game.apply("catch 0", seat=2)
    assert len(game.hand(0)) == 3


@pytest.mark.parametrize(
    ("card", "switches"),
    [
        ("G+2", {}),
        ("G+2", {"stacking": True}),
        ("G+2", {"jump_in": True}),
        ("W+4", {}),
        ("W+4", {"jump_in": True}),
    ],
)
def test_a_seat_that_draws_and_loses_its_turn_starts_none_the_uno_window_stays_open(
    card: str, switches: dict[str, bool]
) -> None:
    """One rule for every card and switch: the victim of a Draw Two or Wild Draw Four
    draws and loses its turn (forced, or by ``accept``), which starts no turn, so the
    window stays open until the seat after it starts its own turn."""
    game = position([card, "R1"], rules=Rules.preset("mattel-2021", **switches))
    game.apply(f"play {card}" + (" G" if card == "W+4" else ""))
    if game.phase == "penalty":
        assert "catch 0" in legal(game, 2)
        game.apply("accept")
    assert game.to_play == 2 and len(game.hand(1)) > 3
    assert "catch 0" in legal(game, 2) and "catch 0" in legal(game, 1)
    game.apply("draw")  # seat 2 starts its turn: the window closes
    assert "catch 0" not in legal(game, 1) and "catch 0" not in legal(game, 2)
    assert codes(game.hand(0)) == ["R1"]


def test_a_challenge_starts_no_turn_and_keeps_the_uno_window_open() -> None:
    game = Game.arranged(
        R,
        hands=[["W+4", "R1"], ["G2", "B3", "Y4"], ["G3", "B4", "Y5"]],
        discard=["G5"],
        draw=["Y6", "Y7", "Y8", "Y9", "B6", "B7", "B8", "B9"],
    )
    game.apply("play W+4 G")  # seat 0 holds no green: the challenge finds it innocent
    game.apply("challenge")
    assert game.to_play == 2 and len(game.hand(1)) == 9
    game.apply("catch 0", seat=1)
    assert len(game.hand(0)) == 3


def test_uno_is_legal_only_for_a_seat_that_could_be_caught() -> None:
    game = position()
    assert "uno" not in legal(game, 0) and "uno" not in legal(game, 1)
    with pytest.raises(IllegalAction):
        game.apply("uno", seat=1)
    game.apply("play G9 uno")
    assert "uno" not in legal(game, 0)


def test_the_uno_deadline_is_the_same_in_every_preset() -> None:
    for preset in ("mattel-2021", "mattel-2015", "mattel-2003"):
        game = position(rules=Rules.preset(preset))
        game.apply("play G9")
        assert "catch 0" in legal(game, 2)
        game.apply("play G2")
        assert "catch 0" not in legal(game, 2)
