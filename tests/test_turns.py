"""The one-actor-at-a-time order (unokit.turns) and the query that lets it skip the seats."""

from __future__ import annotations

import pytest

from unokit import Game, Random, Rules
from unokit.turns import offers, play_out, random_chooser

CASES = [
    ("mattel-2021", {}, 4),
    ("mattel-2021", {"jump_in": True}, 4),
    ("mattel-2021", {"jump_in": True, "stacking": True, "seven_o": True}, 3),
    ("mattel-2015", {}, 2),
    ("mattel-2003", {"jump_in": True}, 6),
    ("triple-play", {}, 4),
    ("party", {}, 5),
]


def _rules(preset: str, switches: dict[str, bool]) -> Rules:
    return Rules.preset(preset, **switches)


@pytest.mark.parametrize(("preset", "switches", "players"), CASES)
def test_out_of_turn_possible_is_false_only_when_no_other_seat_may_act(
    preset: str, switches: dict[str, bool], players: int
) -> None:
    rules = _rules(preset, switches)
    seen_false = seen_true = 0
    for seed in range(12):
        game = Game.new(rules, players=players, seed=seed)
        chooser = random_chooser(Random(seed), out_of_turn=0.3)
        for _ in play_out(game, chooser, max_actions=100_000):
            others = [s for s in range(players) if s != game.to_play and game.legal_actions(s)]
            if game.out_of_turn_possible():
                seen_true += 1
            else:
                seen_false += 1
                assert others == [], (preset, seed, others)
    assert seen_false > 0  # the query does skip seats somewhere
    if preset != "party":
        assert seen_true > 0


def test_offers_lists_exactly_the_seats_with_actions_in_order_after_the_actor() -> None:
    rules = Rules.preset("mattel-2021")
    for seed in range(40):
        game = Game.new(rules, players=5, seed=seed)
        chooser = random_chooser(Random(seed), out_of_turn=0.0)
        for seat, _, _ in play_out(game, chooser):
            if game.over:
                break
            expected = [
                (seat + i) % 5
                for i in range(1, 6)
                if (seat + i) % 5 != game.to_play and game.legal_actions((seat + i) % 5)
            ]
            assert offers(game, seat) == expected


def test_the_uno_and_penalty_accessors_agree_with_the_views() -> None:
    rules = Rules.preset("mattel-2021", stacking=True)
    kinds = set()
    for seed in range(30):
        game = Game.new(rules, players=3, seed=seed)
        chooser = random_chooser(Random(seed), out_of_turn=0.3)
        for _ in play_out(game, chooser):
            seat = game.to_play if game.to_play is not None else 0
            view = game.view(seat)
            assert sorted(game.uno_said) == view["uno_said"]
            assert sorted(game.uno_exposed) == view["uno_exposed"]
            assert (game.drawn.code if game.drawn else None) == view["drawn"]
            if game.pending:
                assert view["pending"]["challengeable"] == game.challengeable
                assert game.pending_kind is not None
                kinds.add(game.pending_kind)
            else:
                assert not game.challengeable
    assert len(kinds) == 2
