"""The environments' turn order is SPEC.md's one-actor-at-a-time order (unokit.turns)."""

from __future__ import annotations

from typing import Any

import pytest

from unokit import Action, Game, IllegalAction, Random, Rules
from unokit.envs import Driver
from unokit.turns import Chooser, play_out

from .cases import all_cases, case_id


def eager_chooser(rng: Random) -> Chooser:
    """Random legal choices that mostly play a card (short games) and take offers often."""

    def choose(game: Game, seat: int, legal: list[Action], optional: bool) -> Action | None:
        if optional:
            return legal[rng.below(len(legal))] if rng.below(2) == 0 else None
        plays = [a for a in legal if a.kind == "play"]
        if plays and rng.below(10) < 8:
            return plays[rng.below(len(plays))]
        return legal[rng.below(len(legal))]

    return choose


def _driver_game(rules: Rules, players: int, seed: int) -> list[tuple[int, str]]:
    game = Game.new(rules, players=players, seed=seed)
    chooser = eager_chooser(Random(seed))
    driver = Driver(game)
    played: list[tuple[int, str]] = []
    while driver.seat is not None:
        seat = driver.seat
        choice = chooser(game, seat, driver.legal(), driver.optional)
        driver.act(choice)
        if choice is not None:
            played.append((seat, str(choice)))
    return played


def _play_out_game(rules: Rules, players: int, seed: int) -> list[tuple[int, str]]:
    game = Game.new(rules, players=players, seed=seed)
    chooser = eager_chooser(Random(seed))
    return [(seat, str(action)) for seat, action, _ in play_out(game, chooser)]


@pytest.mark.parametrize("case", all_cases(), ids=case_id)
def test_driver_asks_in_the_one_actor_at_a_time_order(
    case: tuple[str, dict[str, Any], int],
) -> None:
    """Same seeded chooser, same questions in the same order: the same game."""
    preset, switches, players = case
    rules = Rules.preset(preset, **switches)
    for seed in range(2):
        assert _driver_game(rules, players, seed) == _play_out_game(rules, players, seed)


def test_driver_refuses_to_let_the_seat_to_play_pass_its_turn() -> None:
    game = Game.new(Rules.preset(), players=2, seed=1)
    driver = Driver(game)
    assert not driver.optional
    with pytest.raises(IllegalAction, match="must act"):
        driver.act(None)
    with pytest.raises(IllegalAction):
        driver.act(Action.parse("challenge"))
    assert driver.seat == game.to_play
