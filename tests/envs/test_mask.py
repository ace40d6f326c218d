"""The action mask equals the engine's legal actions, and illegal actions are rejected."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from unokit import IllegalAction, Random, Rules
from unokit.envs import LET_GO, uno_v0
from unokit.envs.aec import UnoAEC
from unokit.testing import snapshot

from .cases import all_cases, case_id


def eager_number(mask: np.ndarray, env: UnoAEC, rng: Random) -> int:
    """A random legal number that mostly plays a card (short games) and still lets offers go,
    draws, passes and takes every other kind of action."""
    legal = np.flatnonzero(mask)
    plays = [n for n in legal if (a := env.codec.decode(int(n))) is not None and a.kind == "play"]
    if plays and rng.below(10) < 8:
        return int(plays[rng.below(len(plays))])
    return int(legal[rng.below(len(legal))])


def play_checking_masks(env: UnoAEC, seed: int) -> int:
    """Play one seeded game; at every decision the mask is exactly the legal actions."""
    env.reset(seed=seed)
    rng = Random(seed)
    steps = 0
    while env.agents:
        agent = env.agent_selection
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        table = env.table
        game = table.game
        driver = table.driver
        assert game is not None and driver is not None
        seat = int(agent.split("_")[1])
        assert seat == driver.seat
        mask = obs["action_mask"]
        expected = set(game.legal_actions(seat))
        got = {env.codec.decode(int(n)) for n in np.flatnonzero(mask)}
        if driver.optional:
            expected.add(None)
            assert mask[LET_GO] == 1
        else:
            assert mask[LET_GO] == 0
        assert got == expected
        assert int(mask.sum()) == len(expected)  # no action listed twice
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(eager_number(mask, env, rng))
        steps += 1
    return steps


@pytest.mark.parametrize("case", all_cases(), ids=case_id)
def test_mask_equals_the_engines_legal_actions_over_random_play(
    case: tuple[str, dict[str, Any], int],
) -> None:
    preset, switches, players = case
    env = uno_v0.raw_env(preset, players=players, backend="engine", **switches)
    for seed in range(2):
        assert play_checking_masks(env, seed) > 0


def test_out_of_turn_offers_are_asked_with_let_it_go() -> None:
    """Jump-In at 4 players: some decisions are offers, and letting them go is legal."""
    env = uno_v0.raw_env("mattel-2021", players=4, jump_in=True)
    offers = 0
    for seed in range(5):
        env.reset(seed=seed)
        rng = Random(seed)
        while env.agents:
            obs, _, term, _, _ = env.last()
            if term:
                env.step(None)
                continue
            if obs["action_mask"][LET_GO]:
                offers += 1
                assert obs["observation"][env.layout.slices["offer"]][0] == 1.0
            env.step(eager_number(obs["action_mask"], env, rng))
    assert offers > 0


def test_illegal_action_raises_and_changes_nothing() -> None:
    env = uno_v0.raw_env("mattel-2021", players=4, backend="engine")
    env.reset(seed=3)
    game = env.table.game
    assert game is not None
    before = snapshot(game)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[1])
    with pytest.raises(IllegalAction):
        env.step(illegal)
    assert snapshot(game) == before
    assert env.agent_selection == agent
    with pytest.raises(IllegalAction, match="only for out-of-turn offers"):
        env.step(LET_GO)
    with pytest.raises(IllegalAction, match="not an action number"):
        env.step(env.codec.size)
    assert snapshot(game) == before


def test_illegal_action_in_lose_mode_ends_the_round_unapplied() -> None:
    env = uno_v0.raw_env("mattel-2021", players=3, illegal="lose", backend="engine")
    env.reset(seed=3)
    game = env.table.game
    assert game is not None
    before = snapshot(game)
    agent = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[1])
    env.step(illegal)
    assert snapshot(game) == before  # rejected, not replaced by another action
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1.0
    assert "illegal" in env.infos[agent]
    assert sum(env.rewards.values()) == -1.0


def test_wrapped_env_enforces_reset_first() -> None:
    env = uno_v0.env(players=2)
    with pytest.raises(Exception, match="reset"):
        env.step(0)


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="2 to 10 players"):
        uno_v0.env(players=11)
    with pytest.raises(ValueError, match="unknown switch"):
        uno_v0.env(stackin=True)
    with pytest.raises(ValueError, match="illegal must be"):
        uno_v0.env(illegal="ignore")
    with pytest.raises(ValueError, match="partners"):
        uno_v0.env(players=3, partners=True).reset(seed=0)
    assert uno_v0.raw_env(Rules.preset("mattel-2003"), players=2).table.rules.name == (
        "mattel-2003"
    )
