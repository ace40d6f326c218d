"""A small PPO trainer in numpy: enough to learn to beat ``random`` on a laptop CPU.

Proximal Policy Optimization (Schulman et al. 2017) with a clipped objective, a shared
one-hidden-layer network (``MLPPolicy``), a masked softmax so only legal actions are ever
sampled, generalized advantage estimation (the reward comes at the end of the round) over a
learned value baseline, Adam updates, and the gradients written out by hand so that numpy
is the only dependency. ``examples/train_ppo.py`` is the command-line front end.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from unokit.envs.gym_env import UnoEnv
from unokit.envs.policy import MLPPolicy, masked_softmax

__all__ = ["PPOConfig", "Trainer"]

Array = NDArray[np.float64]


@dataclass
class PPOConfig:
    """The knobs, with defaults that learn at 2 players in a few minutes."""

    episodes: int = 32
    """Rounds played per iteration (one batch)."""
    epochs: int = 4
    minibatch: int = 512
    lr: float = 1e-3
    gamma: float = 0.99
    lam: float = 0.95
    clip: float = 0.2
    value_coef: float = 0.5
    entropy_coef: float = 0.01
    hidden: int = 128
    seed: int = 0


@dataclass
class _Batch:
    obs: list[NDArray[Any]] = field(default_factory=list)
    mask: list[NDArray[Any]] = field(default_factory=list)
    action: list[int] = field(default_factory=list)
    logp: list[float] = field(default_factory=list)
    value: list[float] = field(default_factory=list)
    adv: list[float] = field(default_factory=list)


class Trainer:
    """Trains ``policy`` in ``env`` (a ``UnoEnv``, the learner against bots)."""

    def __init__(self, env: UnoEnv, config: PPOConfig | None = None) -> None:
        self.env = env
        self.config = config or PPOConfig()
        table = env.table
        self.policy = MLPPolicy(
            table.rules, table.players, hidden=self.config.hidden, seed=self.config.seed
        )
        self._rng = np.random.default_rng(self.config.seed)
        self._adam: dict[str, tuple[Array, Array]] = {
            k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.policy.params.items()
        }
        self._t = 0
        self._next_seed = self.config.seed * 1_000_003
        self.history: list[dict[str, float]] = []

    # -- collecting --------------------------------------------------------------------
    def collect(self) -> tuple[_Batch, list[float]]:
        """Play ``episodes`` rounds with the current policy (sampling)."""
        batch = _Batch()
        rewards = []
        policy = self.policy
        for _ in range(self.config.episodes):
            obs, _ = self.env.reset(seed=self._next_seed)
            self._next_seed += 1
            start = len(batch.action)
            done = False
            reward = 0.0
            while not done:
                x, m = obs["observation"], obs["action_mask"]
                _, logits, value = policy.forward(x[None, :])
                probs = masked_softmax(logits, m[None, :])[0]
                a = int(self._rng.choice(len(probs), p=probs))
                batch.obs.append(x)
                batch.mask.append(m)
                batch.action.append(a)
                batch.logp.append(float(np.log(probs[a])))
                batch.value.append(float(value[0]))
                obs, r, done, _, _ = self.env.step(a)
                reward = float(r)
            batch.adv.extend(self._advantages(batch.value[start:], reward))
            rewards.append(reward)
        return batch, rewards

    def _advantages(self, values: list[float], reward: float) -> list[float]:
        """GAE over one round: the only reward is the last step's, the end is worth 0."""
        gamma, lam = self.config.gamma, self.config.lam
        out = [0.0] * len(values)
        running = 0.0
        next_value = 0.0
        r = reward
        for t in range(len(values) - 1, -1, -1):
            delta = r + gamma * next_value - values[t]
            running = delta + gamma * lam * running
            out[t] = running
            next_value = values[t]
            r = 0.0
        return out

    # -- learning ----------------------------------------------------------------------
    def update(self, batch: _Batch) -> dict[str, float]:
        cfg = self.config
        obs = np.asarray(batch.obs, dtype=np.float64)
        mask = np.asarray(batch.mask, dtype=np.float64)
        act = np.asarray(batch.action)
        old_logp = np.asarray(batch.logp)
        raw = np.asarray(batch.adv)
        ret = raw + np.asarray(batch.value)  # the value target: GAE's lambda-return
        n = len(act)
        adv = (raw - raw.mean()) / (raw.std() + 1e-8)
        stats: dict[str, float] = {}
        for _ in range(cfg.epochs):
            order = self._rng.permutation(n)
            for lo in range(0, n, cfg.minibatch):
                idx = order[lo : lo + cfg.minibatch]
                stats = self._step(
                    (obs[idx], mask[idx], act[idx], old_logp[idx], adv[idx], ret[idx])
                )
        return stats

    def _step(
        self, minibatch: tuple[Array, Array, NDArray[Any], Array, Array, Array]
    ) -> dict[str, float]:
        """One Adam step on (observations, masks, actions, old log-probabilities,
        advantages, value targets)."""
        x, mask, act, old_logp, adv, ret = minibatch
        cfg = self.config
        p = self.policy.params
        b = len(act)
        xs = x * self.policy.scale
        h = np.tanh(xs @ p["w1"] + p["b1"])
        logits = h @ p["w2"] + p["b2"]
        value = (h @ p["wv"] + p["bv"])[:, 0]
        probs = masked_softmax(logits, mask)
        logp_all = np.log(np.where(mask > 0, probs, 1.0))
        rows = np.arange(b)
        logp = logp_all[rows, act]
        ratio = np.exp(logp - old_logp)
        clipped = np.clip(ratio, 1 - cfg.clip, 1 + cfg.clip)
        active = (ratio * adv) <= (clipped * adv)  # where the unclipped term is the minimum
        policy_loss = -np.mean(np.minimum(ratio * adv, clipped * adv))
        entropy = -np.sum(probs * logp_all, axis=1)
        # d(loss)/d(logp) for the surrogate, then through the softmax
        g_logp = np.where(active, -adv * ratio, 0.0) / b
        onehot = np.zeros_like(probs)
        onehot[rows, act] = 1.0
        d_logits = g_logp[:, None] * (onehot - probs)
        # entropy bonus: loss -= c * H, dH/dz_j = -p_j (log p_j + H)
        d_logits += cfg.entropy_coef * probs * (logp_all + entropy[:, None]) / b
        d_value = cfg.value_coef * 2.0 * (value - ret) / b
        grads = {
            "w2": h.T @ d_logits,
            "b2": d_logits.sum(axis=0),
            "wv": h.T @ d_value[:, None],
            "bv": np.array([d_value.sum()]),
        }
        d_h = d_logits @ p["w2"].T + d_value[:, None] @ p["wv"].T
        d_z = d_h * (1.0 - h * h)
        grads["w1"] = xs.T @ d_z
        grads["b1"] = d_z.sum(axis=0)
        self._adam_step(grads)
        return {
            "policy_loss": float(policy_loss),
            "value_loss": float(np.mean((value - ret) ** 2)),
            "entropy": float(entropy.mean()),
        }

    def _adam_step(self, grads: dict[str, Array]) -> None:
        self._t += 1
        lr, b1, b2, eps = self.config.lr, 0.9, 0.999, 1e-8
        for k, g in grads.items():
            m, v = self._adam[k]
            m = b1 * m + (1 - b1) * g
            v = b2 * v + (1 - b2) * g * g
            self._adam[k] = (m, v)
            m_hat = m / (1 - b1**self._t)
            v_hat = v / (1 - b2**self._t)
            self.policy.params[k] = self.policy.params[k] - lr * m_hat / (np.sqrt(v_hat) + eps)

    def train(
        self, iterations: int, report: Callable[[int, dict[str, float]], None] | None = None
    ) -> MLPPolicy:
        """Collect and update ``iterations`` times; ``report(i, stats)`` after each."""
        for i in range(iterations):
            batch, rewards = self.collect()
            stats = self.update(batch)
            stats["win_share"] = float(np.mean([r > 0 for r in rewards]))
            stats["steps"] = float(len(batch.action))
            self.history.append(stats)
            if report is not None:
                report(i, stats)
        return self.policy
