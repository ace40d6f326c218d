"""A round past an environment's bound is truncated, never ended (docs/envs.md).

The bound (``max_actions``, default ``unokit.envs.table.MAX_ACTIONS``) belongs to the
environment: the rules end a round only when a seat goes out, nobody can play or draw, or a
position comes back five times (docs/rules.md, C-DEC-49). A round cut short by the bound
is Gymnasium's ``truncated``, PettingZoo's ``truncations``, with no reward and
``info["unfinished"]``.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from unokit.envs import uno_v0
from unokit.envs.gym_env import UnoEnv
from unokit.envs.table import MAX_ACTIONS


def test_F2_a_gym_round_past_its_bound_is_truncated_not_terminated() -> None:
    env = UnoEnv(players=2, opponents="random", max_actions=6)
    obs, _ = env.reset(seed=1)
    terminated = truncated = False
    reward: float = 0.0
    info: dict[str, object] = {}
    for _ in range(100):
        action = int(obs["action_mask"].nonzero()[0][-1])  # draw or pass: a long round
        obs, reward, terminated, truncated, info = env.step(action)  # type: ignore[assignment]
        if terminated or truncated:
            break
    assert truncated and not terminated
    assert reward == 0.0 and info["unfinished"] is True and "winner" not in info
    assert env.table.game is not None and not env.table.game.over
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


@pytest.mark.parametrize("backend", ["engine", "fast"])
def test_F2_a_pettingzoo_round_past_its_bound_truncates_every_agent(backend: str) -> None:
    if backend == "fast":
        pytest.importorskip("numba")
    aec = uno_v0.env(players=3, backend=backend, max_actions=9)
    aec.reset(seed=2)
    seen: dict[str, tuple[bool, bool, object]] = {}
    for agent in aec.agent_iter(200):
        obs, _, terminated, truncated, info = aec.last()
        if terminated or truncated:
            seen[agent] = (terminated, truncated, info.get("unfinished"))
            aec.step(None)
            continue
        assert obs is not None
        aec.step(int(obs["action_mask"].nonzero()[0][-1]))
    assert not aec.agents
    assert seen == dict.fromkeys(aec.possible_agents, (False, True, True))


def test_the_environments_bound_has_a_default_and_refuses_nonsense() -> None:
    assert UnoEnv(players=2).table.max_actions == MAX_ACTIONS == 100_000
    for bad in (0, -3, 2.5, True):
        with pytest.raises(ValueError, match="max_actions"):
            UnoEnv(players=2, max_actions=bad)  # type: ignore[arg-type]


def test_F2_a_batched_game_past_its_bound_is_truncated_and_dealt_again() -> None:
    pytest.importorskip("numba")
    from unokit.envs.vector import TRUNCATED, UnoVectorEnv

    env = UnoVectorEnv(4, players=2, seat=0, opponents="random", max_actions=3, seed=5)
    obs, _ = env.reset()
    seen = False
    for _ in range(20):
        actions = np.array([int(np.flatnonzero(m)[-1]) for m in obs["action_mask"]])
        obs, rewards, terminated, truncated, info = env.step(actions)
        assert not (terminated & truncated).any()
        assert (info["winner"][truncated] == TRUNCATED).all()
        assert (rewards[truncated] == 0).all()
        seen = seen or bool(truncated.any())
    assert seen
