"""The PettingZoo environment on the compiled fast path plays the engine's games."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test

from unokit import Game, IllegalAction, Random
from unokit.envs import uno_v0

HOUSE = {"stacking": True, "seven_o": True, "draw_to_match": True}


@pytest.mark.parametrize(("switches", "players"), [({}, 2), ({}, 4), (HOUSE, 5)])
def test_fast_backend_passes_the_pettingzoo_api_test(
    switches: dict[str, Any], players: int
) -> None:
    env = uno_v0.env(players=players, backend="fast", **switches)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation space for each agent")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(env, num_cycles=300)


@pytest.mark.parametrize(("switches", "players"), [({}, 2), ({}, 4), (HOUSE, 3)])
def test_fast_backend_matches_the_engine_step_by_step(
    switches: dict[str, Any], players: int
) -> None:
    """Same seed, same action numbers: the engine game (the seed the environment derives)
    allows every masked action, and every observation field but the Uno ones agrees."""
    env = uno_v0.env(players=players, backend="fast", **switches)
    layout = env.layout
    rng = Random(3)
    for seed in (1, 2):
        env.reset(seed=seed)
        game = Game.new(env.table.rules, players=players, seed=Random(seed).next64() >> 1)
        while env.agents:
            obs, reward, term, _, info = env.last()
            if term:
                seat = int(env.agent_selection.split("_")[1])
                assert info["winner"] == game.winner
                assert reward == (
                    0.0 if game.winner is None else (1.0 if seat == game.winner else -1.0)
                )
                env.step(None)
                continue
            seat = game.to_play
            assert env.agent_selection == f"player_{seat}"
            legal = {a for a in game.legal_actions(seat) if a.kind not in ("uno", "catch")}
            two = len(game.hand(seat)) == 2
            legal = {a for a in legal if a.kind != "play" or a.uno == two}
            masked = {env.codec.decode(int(n)) for n in np.flatnonzero(obs["action_mask"])}
            assert masked == legal
            for name in layout.slices:
                if name not in ("uno_said", "uno_exposed"):
                    expected = layout.field(layout.encode(game.view(seat)), name)
                    assert np.array_equal(layout.field(obs["observation"], name), expected), name
            numbers = [int(n) for n in np.flatnonzero(obs["action_mask"])]
            plays = [n for n in numbers if str(env.codec.decode(n)).startswith("play")]
            if plays and rng.below(10) < 8:  # mostly play: short games, every kind still met
                numbers = plays
            number = numbers[rng.below(len(numbers))]
            game.apply(env.codec.decode(number), seat)
            env.step(number)
        assert game.over


def test_fast_backend_refuses_illegal_actions_and_unplayed_rules() -> None:
    env = uno_v0.env(players=3, backend="fast")
    env.reset(seed=4)
    agent = env.agent_selection
    before = env.observe(agent)
    illegal = int(np.flatnonzero(before["action_mask"] == 0)[1])
    with pytest.raises(IllegalAction, match="not legal"):
        env.step(illegal)
    with pytest.raises(IllegalAction, match="not an action number"):
        env.step(10_000)
    after = env.observe(agent)
    assert env.agent_selection == agent
    assert np.array_equal(after["observation"], before["observation"])
    assert np.array_equal(after["action_mask"], before["action_mask"])
    lose = uno_v0.env(players=3, backend="fast", illegal="lose")
    lose.reset(seed=4)
    lose.step(illegal)
    assert lose.rewards[agent] == -1.0 and all(lose.terminations.values())
    with pytest.raises(ValueError, match="fast path plays mattel-2021"):
        uno_v0.env(rules="mattel-2015", backend="fast")
    with pytest.raises(ValueError, match="fast path plays mattel-2021"):
        uno_v0.env(backend="fast", jump_in=True)
    with pytest.raises(ValueError, match="backend must be"):
        uno_v0.env(backend="gpu")
