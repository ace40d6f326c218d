"""PettingZoo's api_test and Gymnasium's check_env, over presets, switches and table sizes."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium as gym
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from unokit.envs import GYM_ID, UnoEnv, uno_v0

from .cases import case_id, variant_cases

# api_test's two advisory warnings for a dict observation with an action mask, which
# PettingZoo's own classic environments (chess, connect four) raise as well
_ADVISORY = (
    "Observation space for each agent probably should be",
    "Observation is not a NumPy array",
)

API_CASES: list[tuple[str, dict[str, Any], int]] = [
    ("mattel-2021", {}, 2),
    ("mattel-2021", {}, 4),
    ("mattel-2021", {"stacking": True, "jump_in": True, "seven_o": True}, 10),
    ("mattel-2015", {"draw_to_match": True}, 3),
    ("mattel-2003", {"partners": True}, 4),
    *variant_cases(),
]


def _api_test(env: Any) -> None:
    with warnings.catch_warnings():
        for message in _ADVISORY:
            warnings.filterwarnings("ignore", message=message, category=UserWarning)
        api_test(env, num_cycles=300)


@pytest.mark.parametrize("case", API_CASES, ids=case_id)
def test_pettingzoo_api_test_passes(case: tuple[str, dict[str, Any], int]) -> None:
    preset, switches, players = case
    _api_test(uno_v0.env(preset, players=players, **switches))


@pytest.mark.parametrize("case", API_CASES, ids=case_id)
def test_gymnasium_check_env_passes(case: tuple[str, dict[str, Any], int]) -> None:
    preset, switches, players = case
    env = gym.make(GYM_ID, rules=preset, players=players, **switches)
    check_env(env.unwrapped)
    env.close()


def test_gymnasium_env_in_raise_mode_plays_a_round_within_its_spaces() -> None:
    """``illegal='raise'`` cannot take check_env's unmasked random actions, so this runs the
    checker's own steps through a legal-action sampler instead: reset, spaces and step
    results are checked the same way."""
    env = UnoEnv(players=3, opponents="random", illegal="raise", seat="random")
    obs, info = env.reset(seed=5)
    assert env.observation_space.contains(obs)
    steps = 0
    terminated = False
    while not terminated:
        legal = [i for i, ok in enumerate(obs["action_mask"]) if ok]
        obs, reward, terminated, truncated, info = env.step(legal[steps % len(legal)])
        assert env.observation_space.contains(obs)
        assert not truncated
        steps += 1
    assert reward in (-1.0, 1.0, 0.0)
    assert "winner" in info


def test_a_render_mode_the_env_cannot_draw_is_declined_not_refused() -> None:
    """Stable-Baselines3's ``make_vec_env`` asks for ``rgb_array``: Gymnasium's ``make``
    declines a mode the env lacks with a warning, and so does the env; ``render()`` then
    returns ``None`` (the env is made without rendering)."""
    with pytest.warns(UserWarning, match="rgb_array"):
        env = gym.make(GYM_ID, render_mode="rgb_array")
    env.reset(seed=1)
    assert env.unwrapped.render_mode is None and env.render() is None
    with pytest.warns(UserWarning, match="rgb_array"):
        aec = uno_v0.env(render_mode="rgb_array")
    aec.reset(seed=1)
    assert aec.render() is None
    ansi = UnoEnv(render_mode="ansi")
    ansi.reset(seed=1)
    assert "top" in str(ansi.render())


def test_action_masks_and_step_before_reset_say_to_call_reset() -> None:
    env = UnoEnv()
    with pytest.raises(RuntimeError, match=r"call reset\(\) before action_masks"):
        env.action_masks()
    with pytest.raises(RuntimeError, match=r"call reset\(\) before step"):
        env.step(0)


def test_pettingzoo_render_test_passes_in_human_and_ansi_modes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """PettingZoo's ``render_test``: ``human`` prints and returns ``None``, ``ansi`` returns
    the text."""
    from pettingzoo.test import render_test

    render_test(lambda render_mode=None: uno_v0.env(render_mode=render_mode))
    assert "top" in capsys.readouterr().out
