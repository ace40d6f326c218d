"""The PettingZoo environment on the compiled fast path plays the engine's games."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test

from unokit import IllegalAction, Random
from unokit.envs import uno_v0

HOUSE = {"stacking": True, "seven_o": True, "draw_to_match": True}
_STEPS = 1500
"""Steps compared per game at most."""


@pytest.mark.parametrize(("switches", "players"), [({}, 2), ({}, 4), (HOUSE, 5)])
def test_fast_backend_passes_the_pettingzoo_api_test(
    switches: dict[str, Any], players: int
) -> None:
    env = uno_v0.env(players=players, backend="fast", **switches)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation space for each agent")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(env, num_cycles=300)


def same_env_state(fast: Any, engine: Any) -> None:
    """Everything an agent can see: the agent to act, every agent's observation and mask,
    rewards, terminations, truncations and infos."""
    assert fast.agents == engine.agents
    assert fast.agent_selection == engine.agent_selection
    for agent in fast.possible_agents:
        got, want = fast.observe(agent), engine.observe(agent)
        assert np.array_equal(got["action_mask"], want["action_mask"]), agent
        assert got["action_mask"].dtype == want["action_mask"].dtype
        for name in engine.layout.slices:
            field = engine.layout.field
            assert np.array_equal(
                field(got["observation"], name), field(want["observation"], name)
            ), (agent, name)
        assert got["observation"].dtype == want["observation"].dtype
    assert fast.rewards == engine.rewards
    assert fast._cumulative_rewards == engine._cumulative_rewards
    assert fast.terminations == engine.terminations
    assert fast.truncations == engine.truncations
    assert fast.infos == engine.infos
    assert fast.render() == engine.render()


@pytest.mark.parametrize(
    ("switches", "players", "games"),
    [({}, 2, 120), ({}, 3, 80), ({}, 4, 80), (HOUSE, 2, 40), (HOUSE, 4, 40)],
)
def test_fast_backend_equals_the_engine_backend_step_by_step(
    switches: dict[str, Any], players: int, games: int
) -> None:
    """The two backends side by side, the same seeds and uniformly random action numbers
    from the mask (saying Uno or not, catching, letting offers go, challenging): everything
    agrees at every step, out-of-turn offers and their order included."""
    fast = uno_v0.env(players=players, backend="fast", render_mode="ansi", **switches)
    engine = uno_v0.env(players=players, backend="engine", render_mode="ansi", **switches)
    assert uno_v0.env(players=players, **switches).backend == "fast"  # the default: auto
    rng = Random(players * 1000 + len(switches))
    offers = catches = unos = unsaid = 0
    for seed in range(games):
        fast.reset(seed=seed)
        engine.reset(seed=seed)
        for _ in range(_STEPS):  # random play with catches can run very long: cut it
            same_env_state(fast, engine)
            if not engine.agents:
                break
            obs, _, term, trunc, _ = engine.last()
            assert obs is not None
            if term or trunc:
                fast.step(None)
                engine.step(None)
                continue
            numbers = [int(n) for n in np.flatnonzero(obs["action_mask"])]
            number = numbers[rng.below(len(numbers))]
            action = engine.codec.decode(number)
            offers += obs["action_mask"][0] == 1
            if action is not None:
                catches += action.kind == "catch"
                unos += action.kind == "uno"
                unsaid += (
                    action.kind == "play"
                    and obs["observation"][engine.layout.slices["hand"]].sum() == 2
                    and not action.uno
                )
            fast.step(number)
            engine.step(number)
    assert offers > 10 and catches > 0 and unos > 0 and unsaid > 5  # the window was met


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
