"""A short training run (seconds): PPO updates, the saved policy plays as a unokit bot."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from unokit import Game, Rules
from unokit.bots import make_bot, play_game
from unokit.envs import MLPPolicy, UnoEnv
from unokit.envs.ppo import PPOConfig, Trainer


def test_training_smoke_test_saves_a_policy_that_plays_as_a_bot(tmp_path: Path) -> None:
    env = UnoEnv(players=2, opponents="random", seat="random")
    trainer = Trainer(env, PPOConfig(episodes=2, epochs=1, minibatch=256, hidden=16, seed=1))
    before = {k: v.copy() for k, v in trainer.policy.params.items()}
    policy = trainer.train(2)
    assert len(trainer.history) == 2
    for stats in trainer.history:
        assert all(np.isfinite(v) for v in stats.values())
        assert stats["steps"] > 0
    assert any(not np.array_equal(before[k], policy.params[k]) for k in before)

    path = tmp_path / "policy.npz"
    policy.save(path)
    loaded = MLPPolicy.load(path)
    for k in policy.params:
        assert np.array_equal(loaded.params[k], policy.params[k])
    bots = [make_bot(f"policy:path={path}", seed=1), make_bot("random", seed=2)]
    game = play_game(Game.new(Rules.preset(), players=2, seed=4), bots)
    assert game.over


def test_policy_bot_takes_only_legal_actions_and_refuses_other_tables(tmp_path: Path) -> None:
    path = tmp_path / "p.npz"
    MLPPolicy(Rules.preset(), 3, hidden=8, seed=2).save(path)
    bots = [make_bot(f"policy:path={path},sample=true", seed=s) for s in range(3)]
    for seed in range(3):
        game = play_game(Game.new(Rules.preset(), players=3, seed=seed), bots)
        assert game.over  # apply() would have raised on an illegal choice
    with pytest.raises(ValueError, match="this policy plays mattel-2021 at 3 players"):
        play_game(Game.new(Rules.preset(), players=2, seed=1), bots[:2])
    with pytest.raises(ValueError, match="needs a file"):
        make_bot("policy")


def test_policy_file_of_another_format_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.npz"
    np.savez(path, meta=np.array('{"format": "something-else"}'))
    with pytest.raises(ValueError, match="not a unokit policy file"):
        MLPPolicy.load(path)


def test_ppo_gradients_match_finite_differences() -> None:
    """The hand-written backward pass is the derivative of the PPO loss."""
    from unokit.envs.policy import masked_softmax

    env = UnoEnv(players=2, opponents="random")
    trainer = Trainer(env, PPOConfig(episodes=1, hidden=8, seed=3, entropy_coef=0.05))
    batch, _ = trainer.collect()
    n = min(40, len(batch.action))
    x = np.asarray(batch.obs[:n], dtype=float)
    m = np.asarray(batch.mask[:n], dtype=float)
    a = np.asarray(batch.action[:n])
    rng = np.random.default_rng(0)
    old = np.asarray(batch.logp[:n]) + rng.normal(0.0, 0.1, n)
    adv, ret = rng.normal(size=n), rng.normal(size=n)
    p, cfg = trainer.policy.params, trainer.config

    def loss() -> float:
        h = np.tanh((x * trainer.policy.scale) @ p["w1"] + p["b1"])
        probs = masked_softmax(h @ p["w2"] + p["b2"], m)
        logp_all = np.log(np.where(m > 0, probs, 1.0))
        ratio = np.exp(logp_all[np.arange(n), a] - old)
        clipped = np.clip(ratio, 1 - cfg.clip, 1 + cfg.clip)
        value = (h @ p["wv"] + p["bv"])[:, 0]
        entropy = -np.sum(probs * logp_all, axis=1).mean()
        return float(
            -np.mean(np.minimum(ratio * adv, clipped * adv))
            + cfg.value_coef * np.mean((value - ret) ** 2)
            - cfg.entropy_coef * entropy
        )

    grads: dict[str, np.ndarray] = {}
    trainer._adam_step = grads.update  # type: ignore[method-assign]
    trainer._step((x, m, a, old, adv, ret))
    seen = np.flatnonzero(x.sum(axis=0))
    probes = [("w1", (int(seen[i]), i % 8)) for i in range(3)]
    probes += [("w2", (i, int(a[i]))) for i in range(3)]
    probes += [("b1", (2,)), ("wv", (1, 0)), ("bv", (0,))]
    for name, idx in probes:
        keep = p[name][idx]
        p[name][idx] = keep + 1e-6
        up = loss()
        p[name][idx] = keep - 1e-6
        down = loss()
        p[name][idx] = keep
        assert (up - down) / 2e-6 == pytest.approx(grads[name][idx], rel=1e-4, abs=1e-9)


def test_training_against_greedy_and_itself_plays_the_live_policy() -> None:
    """``opponents`` may hold a ``Bot``: ``PolicyBot.of(policy)`` plays the weights being
    trained (self-play), so an update changes how the opponent plays too."""
    from unokit.envs import PolicyBot

    env = UnoEnv(players=3, opponents="random", seat="random")
    trainer = Trainer(env, PPOConfig(episodes=2, epochs=1, minibatch=256, hidden=16, seed=2))
    itself = PolicyBot.of(trainer.policy, seed=2)
    env.opponents = ["greedy", itself, "greedy"]
    assert itself.policy is trainer.policy
    trainer.train(2)
    assert len(trainer.history) == 2 and all(s["steps"] > 0 for s in trainer.history)
    env.reset(seed=9)
    assert itself in env._bots
