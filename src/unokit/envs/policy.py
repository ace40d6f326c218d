"""A trained policy as a unokit bot: ``make_bot("policy:path=uno-ppo.npz")``.

The policy is a small numpy network (one hidden layer, tanh) over the environments'
observation vector, with a masked softmax over the action codec. ``PolicyBot`` builds the
observation from ``Decision.view`` exactly as the environments do, so a policy trained in
``UnoEnv`` or the PettingZoo environment plays at any unokit table: the terminal, the
simulator, the server. Importing ``unokit.envs`` registers the bot name ``policy``.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from unokit.actions import Action
from unokit.bots.base import Bot, Decision
from unokit.bots.registry import register_bot
from unokit.envs.codec import LET_GO, ActionCodec
from unokit.envs.observation import ObservationLayout
from unokit.rules import Rules

__all__ = ["FORMAT", "MLPPolicy", "PolicyBot", "masked_softmax"]

FORMAT: Final = "unokit-policy/1"
"""The format name saved with every policy file."""

Array = NDArray[np.float64]


def masked_softmax(logits: Array, mask: NDArray[Any]) -> Array:
    """Row-wise softmax over the legal entries (``mask`` 1); illegal entries get 0."""
    z = np.where(mask > 0, logits, -1e9)
    z = z - z.max(axis=-1, keepdims=True)
    e = np.exp(z) * (mask > 0)
    out: Array = e / e.sum(axis=-1, keepdims=True)
    return out


class MLPPolicy:
    """Observation -> (action logits, value), for one preset and number of players."""

    def __init__(self, rules: Rules, players: int, hidden: int = 128, seed: int = 0) -> None:
        self.rules = rules
        self.players = players
        self.codec = ActionCodec(rules, players)
        self.layout = ObservationLayout(rules, players)
        rng = np.random.default_rng(seed)
        n_in, n_out = self.layout.size, self.codec.size
        self.params: dict[str, Array] = {
            "w1": rng.normal(0.0, 1.0 / np.sqrt(n_in), (n_in, hidden)),
            "b1": np.zeros(hidden),
            "w2": rng.normal(0.0, 0.01, (hidden, n_out)),
            "b2": np.zeros(n_out),
            "wv": rng.normal(0.0, 0.01, (hidden, 1)),
            "bv": np.zeros(1),
        }
        self.scale = 1.0 / self.layout.high.astype(np.float64)

    def hidden(self, obs: NDArray[Any]) -> Array:
        p = self.params
        return np.tanh((obs * self.scale) @ p["w1"] + p["b1"])

    def forward(self, obs: NDArray[Any]) -> tuple[Array, Array, Array]:
        """(hidden, logits, value) for a batch of observations."""
        p = self.params
        h = self.hidden(obs)
        return h, h @ p["w2"] + p["b2"], (h @ p["wv"] + p["bv"])[..., 0]

    def probabilities(self, obs: NDArray[Any], mask: NDArray[Any]) -> Array:
        _, logits, _ = self.forward(obs)
        return masked_softmax(logits, mask)

    # -- files -------------------------------------------------------------------------
    def save(self, path: str | Path) -> None:
        meta = {
            "format": FORMAT,
            "rules": self.rules.to_json(),
            "players": self.players,
            "obs_size": self.layout.size,
            "actions": self.codec.size,
            "hidden": int(self.params["b1"].shape[0]),
        }
        arrays: dict[str, Any] = {"meta": np.array(json.dumps(meta)), **self.params}
        with Path(path).open("wb") as f:
            np.savez(f, **arrays)

    @classmethod
    def load(cls, path: str | Path) -> MLPPolicy:
        """The policy saved in ``path`` (``ValueError`` in words when it is none)."""
        try:
            return cls._load(path)
        except FileNotFoundError:
            raise ValueError(f"there is no policy file {str(path)!r}") from None
        except OSError as err:
            raise ValueError(f"cannot read {str(path)!r}: {err.strerror or err}") from None
        except (ValueError, KeyError, EOFError, zipfile.BadZipFile) as err:
            if str(err).startswith(str(path)):
                raise
            raise ValueError(
                f"{str(path)!r} is not a unokit policy file (train one with unokit.envs)"
            ) from None

    @classmethod
    def _load(cls, path: str | Path) -> MLPPolicy:
        with np.load(Path(path), allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            if meta.get("format") != FORMAT:
                raise ValueError(f"{path} is not a unokit policy file ({FORMAT})")
            rules = Rules.from_json(meta["rules"])
            policy = cls(rules, int(meta["players"]), hidden=int(meta["hidden"]))
            if policy.layout.size != meta["obs_size"] or policy.codec.size != meta["actions"]:
                raise ValueError(
                    f"{path} was trained with another observation or action layout "
                    "(an older unokit?): train it again"
                )
            for name in policy.params:
                policy.params[name] = np.array(data[name], dtype=np.float64)
        return policy


class PolicyBot(Bot):
    """Plays a saved policy: the most likely legal action (``sample=True``: draws one)."""

    name = "policy"

    def __init__(self, seed: int = 0, path: str = "", sample: bool = False) -> None:
        super().__init__(seed)
        if not path:
            raise ValueError("the policy bot needs a file: policy:path=FILE.npz")
        self.policy = MLPPolicy.load(path)
        self.path = path
        self.sample = sample

    @classmethod
    def of(cls, policy: MLPPolicy, *, seed: int = 0, sample: bool = True) -> PolicyBot:
        """A bot playing ``policy`` itself, not a copy from a file: it plays the weights as
        they are at each decision (self-play while the policy trains)."""
        bot = cls.__new__(cls)
        Bot.__init__(bot, seed)
        bot.policy = policy
        bot.path = ""
        bot.sample = sample
        return bot

    def choose(self, decision: Decision) -> Action | None:
        policy = self.policy
        view = decision.view
        if view["rules"] != policy.rules.name or view["players"] != policy.players:
            raise ValueError(
                f"this policy plays {policy.rules.name} at {policy.players} players, "
                f"not {view['rules']} at {view['players']}"
            )
        codec = policy.codec
        mask = np.zeros(codec.size)
        mask[codec.encode_all(decision.legal)] = 1.0
        if decision.optional:
            mask[LET_GO] = 1.0
        obs = policy.layout.encode(view, decision.optional)
        probs = policy.probabilities(obs[None, :], mask[None, :])[0]
        if self.sample:
            r = self.rng.next32() / float(1 << 32)
            number = min(int(np.searchsorted(np.cumsum(probs), r)), codec.size - 1)
            if mask[number] == 0:  # a rounding edge: fall back to the likeliest
                number = int(np.argmax(probs))
        else:
            number = int(np.argmax(probs))
        return codec.decode(number)


register_bot("policy", PolicyBot)
