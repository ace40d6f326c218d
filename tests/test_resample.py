"""``resample``: a determinization that knows no more than its seat."""

from __future__ import annotations

import pytest

from unokit import Game, RecordError, Rules


def arranged(hidden_order: list[list[str]], draw: list[str]) -> Game:
    return Game.arranged(
        Rules.preset(),
        hands=[["R5", "G9", "B1"], *hidden_order],
        discard=["G5"],
        draw=draw,
        to_play=0,
    )


def test_a_resample_depends_only_on_what_the_seat_can_see() -> None:
    one = arranged([["Y1", "Y2", "W"], ["B7", "R3"]], ["G1", "G2", "Y9"])
    two = arranged([["G2", "R3", "Y9"], ["W", "G1"]], ["Y2", "B7", "Y1"])
    assert one.view(0) == two.view(0)
    for seed in range(5):
        a, b = one.resample(0, seed), two.resample(0, seed)
        assert [a.hand(s) for s in range(3)] == [b.hand(s) for s in range(3)]
        assert a.draw_pile == b.draw_pile


def test_a_resample_carries_no_history_of_the_real_deal() -> None:
    game = Game.new(Rules.preset(), players=4, seed=3)
    game.apply(game.legal_actions()[0])
    sample = game.resample(1, 9)
    assert sample.log == game.events(1)  # the history as seat 1 saw it, no more
    with pytest.raises(RecordError):
        Game.replay(sample.record())
    assert sample.view(1) == game.view(1)


def test_another_seats_drawn_card_is_the_last_of_its_hand_in_a_resample() -> None:
    """Playable or not: no view tells (docs/rules.md, C-DEC-57), so a resample keeps none."""
    game = Game.arranged(
        Rules.preset(),
        hands=[["B2", "Y7"], ["R1", "R2"], ["Y3", "B4"]],
        discard=["G5"],
        draw=["G7", "Y1", "B3", "R8", "Y6"],
    )
    game.apply("draw")  # G7 plays: seat 0 decides
    playable = set()
    for seed in range(20):
        sample = game.resample(1, seed)
        assert sample.view(1) == game.view(1)
        drawn = sample.hand(0)[-1]
        assert sample.drawn is drawn
        playable.add(sample.playable(drawn))
        offers = [str(a) for a in sample.legal_actions(0)]
        assert offers[-1] == "pass" and all(a.startswith(f"play {drawn}") for a in offers[:-1])
        sample.apply(sample.legal_actions(0)[0])  # the search can play it or keep it
    assert playable == {True, False}
