"""``redeal``: a search bot's own determinization, put into a copy through the public API."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unokit import Card, Game, Rules
from unokit.rng import Random


def cards(*codes: str) -> list[Card]:
    return [Card.parse(c) for c in codes]


def table() -> Game:
    return Game.arranged(
        Rules.preset(),
        hands=[["R5", "G9", "B1"], ["Y1", "Y2", "W"], ["B7", "R3"]],
        discard=["G5"],
        draw=["G1", "G2", "Y9"],
        to_play=0,
    )


def state(game: Game) -> Any:
    return (
        [game.hand(s) for s in range(game.players)],
        game.draw_pile,
        game.record(),
        game.legal_actions(),
    )


def test_a_redeal_puts_the_unseen_cards_where_asked() -> None:
    game = table()
    view = game.view(0)
    game.redeal(0, {1: cards("G2", "R3", "Y9"), 2: cards("W", "G1")}, cards("Y2", "B7", "Y1"))
    assert game.hand(1) == cards("G2", "R3", "Y9")
    assert game.hand(2) == cards("W", "G1")
    assert game.draw_pile == cards("Y2", "B7", "Y1")  # top first, as given
    assert game.view(0) == view  # the seat's own view is untouched
    game.apply("play G9")
    game.apply("draw", 1)
    assert game.hand(1)[-1] == Card.parse("Y2")  # the next draw is the new top


@pytest.mark.parametrize(
    ("seat", "hands", "draw", "why"),
    [
        (0, {1: ["G2", "R3", "R5"], 2: ["W", "G1"]}, ["Y2", "B7", "Y1"], "cannot see"),
        (0, {1: ["G2", "R3", "Y9"], 2: ["W", "G1"]}, ["Y2", "B7", "Y2"], "cannot see"),
        (0, {1: ["G2", "R3"], 2: ["W", "G1", "Y9"]}, ["Y2", "B7", "Y1"], "holds 3 cards"),
        (0, {1: ["G2", "R3", "Y9"]}, ["W", "G1", "Y2", "B7", "Y1"], "seats"),
        (0, {1: ["G2", "R3", "Y9"], 2: ["W", "G1"]}, ["Y2", "B7"], "draw pile"),
        (5, {1: ["G2", "R3", "Y9"], 2: ["W", "G1"]}, ["Y2", "B7", "Y1"], "not playing"),
    ],
)
def test_a_redeal_refuses_any_other_cards_and_changes_nothing(
    seat: int, hands: dict[int, list[str]], draw: list[str], why: str
) -> None:
    game = table()
    before = state(game)
    with pytest.raises(ValueError, match=why):
        game.redeal(seat, {s: cards(*h) for s, h in hands.items()}, cards(*draw))
    assert state(game) == before


def test_another_seats_drawn_card_is_the_last_of_its_hand_after_a_redeal() -> None:
    """Playable or not: no view tells (docs/rules.md, C-DEC-57), so the re-deal keeps none."""
    game = Game.arranged(
        Rules.preset(),
        hands=[["B2", "Y7"], ["R1", "R2"], ["Y3", "B4"]],
        discard=["G5"],
        draw=["G7", "Y1", "B3", "R8", "Y6"],
    )
    game.apply("draw")  # G7 plays: seat 0 decides whether to play it
    game.redeal(
        1, {0: cards("B2", "G7", "Y1"), 2: cards("Y3", "B4")}, cards("Y7", "B3", "R8", "Y6")
    )
    assert str(game.drawn) == "Y1" and not game.playable(game.hand(0)[-1])
    assert [str(a) for a in game.legal_actions(0)] == ["pass"]  # the search keeps it
    game.apply("pass", 0)
    assert game.to_play == 1


def test_a_hand_shown_in_an_open_challenge_is_the_re_dealt_one() -> None:
    game = Game.arranged(
        Rules.preset(),
        hands=[["W+4", "G2", "B9"], ["R1", "R2"], ["Y3", "Y4"]],
        discard=["G5"],
        draw=["B1", "B2", "B3", "B4", "B5", "B6", "B7"],
    )
    game.apply("play W+4 R")  # seat 0 held a green card: guilty as dealt
    assert game.open_wild_draw_four == (0, "G")
    innocent = game.clone()
    innocent.redeal(
        1,
        {0: cards("B9", "B1"), 2: cards("Y3", "Y4")},
        cards("G2", "B2", "B3", "B4", "B5", "B6", "B7"),
    )
    for copy, verdict in ((game, "guilty"), (innocent, "innocent")):
        copy.apply("challenge", 1)
        assert next(e.reason for e in copy.log if e.type == "verdict") == verdict
    assert game.open_wild_draw_four is None


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), moves=st.integers(0, 60))
def test_a_redeal_of_the_unseen_cards_keeps_every_card_and_the_seats_view(
    seed: int, players: int, moves: int
) -> None:
    game = Game.new(Rules.preset(), players=players, seed=seed)
    rng = Random(seed)
    for _ in range(moves):
        if game.over:
            break
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])
    seat = rng.below(players)
    if game.over:  # every hand is shown: nothing is hidden to re-deal
        with pytest.raises(ValueError, match="over"):
            game.redeal(seat, {}, [])
        return
    others = [s for s in game.active if s != seat]
    unseen = [c for s in others for c in game.hand(s)] + game.draw_pile
    rng.shuffle(unseen)
    hands, i = {}, 0
    for s in others:
        hands[s] = unseen[i : i + len(game.hand(s))]
        i += len(hands[s])
    everything, view = sorted(game.all_cards()), game.view(seat)
    game.redeal(seat, hands, unseen[i:])
    assert sorted(game.all_cards()) == everything
    if game.phase != "drawn" or game.to_play == seat:  # else the drawn card is kept playable
        assert all(game.hand(s) == hands[s] for s in others)
    assert game.view(seat) == view
    if not game.over:
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])  # play goes on from the re-deal
