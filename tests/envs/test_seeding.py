"""Seeded resets reproduce games, in both environments."""

from __future__ import annotations

import numpy as np

from unokit import Random
from unokit.envs import UnoEnv, uno_v0


def _aec_trace(seed: int, resets: int = 2) -> list[tuple[str, int, bytes]]:
    env = uno_v0.env(players=3, jump_in=True)
    env.reset(seed=seed)
    rng = Random(0)
    trace = []
    for _ in range(resets):
        while env.agents:
            obs, _, term, _, _ = env.last()
            if term:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            number = int(legal[rng.below(len(legal))])
            trace.append((env.agent_selection, number, obs["observation"].tobytes()))
            env.step(number)
        env.reset()  # no seed: the next game of the same seeded stream
    return trace


def test_seeded_aec_resets_reproduce_games() -> None:
    assert _aec_trace(5) == _aec_trace(5)
    assert _aec_trace(5) != _aec_trace(6)


def _gym_trace(seed: int) -> list[tuple[int, bytes, float]]:
    env = UnoEnv(players=4, opponents=["random", "random", "random", "random"], seat="random")
    obs, _ = env.reset(seed=seed)
    trace = []
    done = False
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        number = int(legal[len(trace) % len(legal)])
        obs, reward, done, _, _ = env.step(number)
        trace.append((number, obs["observation"].tobytes(), float(reward)))
    return trace


def test_seeded_gym_resets_reproduce_games() -> None:
    assert _gym_trace(9) == _gym_trace(9)
    assert _gym_trace(9) != _gym_trace(10)
