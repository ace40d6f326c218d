"""UNO Party!: the Wild Draw Four and the challenge (party.txt: Wild Draw Four)."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from unokit import Game, Rules

PARTY = Rules.preset("party")
DRAW = [f"{c}{n}" for c in "YB" for n in range(1, 10)]


def codes(cards: Iterable[object]) -> list[str]:
    return sorted(str(c) for c in cards)


def legal(game: Game, seat: int | None = None) -> set[str]:
    return {str(a) for a in game.legal_actions(seat)}


def table(first: list[str], top: str = "R3", rules: Rules = PARTY) -> Game:
    hands = [first, ["G1", "G2", "G4"], ["B5", "B6", "B7"]]
    return Game.arranged(rules, hands=hands, discard=[top], draw=DRAW, to_play=0)


def verdict(first: list[str]) -> str:
    game = table(first)
    events = game.apply("play W+4 G") + game.apply("challenge")
    return next(str(e.reason) for e in events if e.type == "verdict")


def test_the_next_player_may_draw_four_and_lose_their_turn() -> None:
    game = table(["W+4", "G5", "B9"])
    game.apply("play W+4 B")
    assert game.to_play == 1 and legal(game) == {"accept", "challenge"}
    game.apply("accept")
    assert codes(game.hand(1)) == ["G1", "G2", "G4", "Y1", "Y2", "Y3", "Y4"]
    assert game.to_play == 2 and game.color == "B"


def test_a_challenge_shows_the_whole_hand_to_the_challenger_only() -> None:
    game = table(["W+4", "G5", "B9"])
    game.apply("play W+4 B")
    game.apply("challenge")
    reveal = next(e for e in game.log if e.type == "reveal")
    assert codes(reveal.cards) == ["B9", "G5"] and reveal.target == 1
    assert next(e for e in game.events(1) if e.type == "reveal").cards
    assert not next(e for e in game.events(2) if e.type == "reveal").cards
    assert not next(e for e in game.events(None) if e.type == "reveal").cards


def test_correctly_played_wild_draw_four_example_the_challenger_draws_six_and_loses_the_turn() -> (
    None
):
    game = table(["W+4", "G5", "B9"])  # 'had no red cards in their hand'
    game.apply("play W+4 G")
    game.apply("challenge")
    assert len(game.hand(1)) == 3 + 6 and game.to_play == 2
    assert len(game.hand(0)) == 2


def test_incorrectly_played_wild_draw_four_example_its_player_draws_four() -> None:
    game = table(["W+4", "R7", "B9"])  # 'had a red seven in their hand'
    game.apply("play W+4 G")
    game.apply("challenge")
    assert len(game.hand(0)) == 2 + 4 and len(game.hand(1)) == 3
    assert game.to_play == 1  # the challenger then plays as usual


def test_the_wild_draw_four_color_stands_even_if_its_player_loses_the_challenge() -> None:
    game = table(["W+4", "R7", "B9"])
    game.apply("play W+4 G")
    game.apply("challenge")
    assert game.color == "G"
    assert {a for a in legal(game) if a.startswith("play")} == {"play G1", "play G2", "play G4"}


def test_wild_cards_in_hand_are_considered_matches_for_the_wild_draw_four_limit() -> None:
    assert verdict(["W+4", "W", "B9"]) == "guilty"
    assert verdict(["W+4", "WPU", "B9"]) == "guilty"
    assert verdict(["W+4", "WDT", "B9"]) == "guilty"
    assert verdict(["W+4", "B3", "B9"]) == "innocent"  # a card matching the number only


def test_a_held_wild_draw_four_does_not_count_for_the_limit() -> None:
    assert verdict(["W+4", "W+4", "B9"]) == "innocent"
    assert PARTY.wd4_wilds == "all"


def test_the_wild_draw_four_is_played_on_any_card() -> None:
    for top in ("R3", "GP", "BS"):
        game = table(["W+4", "R7", "B9"], top=top)
        assert {"play W+4 R", "play W+4 Y", "play W+4 G", "play W+4 B"} <= legal(game)


def test_drawing_four_and_losing_the_turn_starts_no_turn_the_uno_window_stays_open() -> None:
    """'before the next player starts their turn': the seat that accepts a Wild Draw Four
    loses its turn, so the player who went down to one card can still be caught until the
    seat after it starts its own (the same rule as the classic presets)."""
    game = table(["W+4", "G5"])
    game.apply("play W+4 B")  # seat 0 is down to one card and says nothing
    game.apply("accept")
    assert game.to_play == 2 and "catch 0" in legal(game, 2)
    game.apply("play B5")
    assert "catch 0" not in legal(game, 1)


@pytest.mark.parametrize("switch", ["none", "wild"])
def test_A2_wild_cards_are_considered_matches_so_party_refuses_other_wd4_wilds(
    switch: str,
) -> None:
    """A2: 'Wild cards are considered matches for the current color': a Party! Wild Draw
    Four played while holding a Wild is always against the limit, so no other setting."""
    with pytest.raises(ValueError, match="Wild cards are considered matches"):
        Rules.preset("party", wd4_wilds=switch)
