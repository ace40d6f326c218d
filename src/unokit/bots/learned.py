"""``learned``: a neural network trained by self-play against a league, played in numpy.

The network reads the environments' observation vector (``unokit.envs.ObservationLayout``)
plus a model of the other seats built from the round's public history, and scores every
number of the action codec (``unokit.envs.ActionCodec``); the bot plays the best legal one.
The opponent model (``history``): for each other seat, in the order they play after this
one, its hand size, the colours it drew on rather than follow (until it plays or names that
colour again) and the colour its last wild named. ``unokit.fast.greedy`` keeps the same
bookkeeping in the compiled loop, so the network trains at the vector env's speed
(``unokit.envs.learn``, ``examples/train_learned.py``) and plays the same at any table.

Weights ship with unokit (``unokit/bots/weights/*.npz``) and are chosen by name only
(``learned:weights=mattel-2021-4p``); without ``weights`` the bot takes the file trained
for its table's rules and players. Each file records the preset, switches and number of
players it was trained for; the bot refuses any other table with a ``ValueError``. Out of
turn chances (catching a missed Uno and the like, which the training never asks) are
answered as ``greedy`` answers them. Numpy is the only dependency (``unokit[fast]``).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from unokit.actions import Action
from unokit.bots.base import Bot, Decision
from unokit.bots.greedy import GreedyBot
from unokit.bots.registry import register_bot
from unokit.cards import COLORS, Card
from unokit.envs.codec import ActionCodec
from unokit.envs.observation import ObservationLayout
from unokit.events import Event
from unokit.i18n import _, ngettext
from unokit.rules import Rules

__all__ = [
    "FORMAT",
    "HISTORY",
    "LearnedBot",
    "LearnedNet",
    "features",
    "history",
    "shipped_weights",
]

FORMAT: Final = "unokit-learned/1"
HISTORY: Final = 8
"""History numbers a seat: 4 colours it drew on, 4 for the colour its last wild named."""
_TRAINED_KINDS: Final = frozenset({"play", "draw", "pass", "accept", "challenge"})

Array = NDArray[np.float32]


def history(events: list[Event], players: int) -> NDArray[np.float32]:
    """The public history of every seat, ``(players, HISTORY)``, from the round's events
    as a seat saw them: ``unokit.fast.greedy.observe``'s ``M_VOID`` and ``M_NAMED``."""
    out = np.zeros((players, HISTORY), dtype=np.float32)
    color = 0
    for event in events:
        kind = event.type
        if kind in ("turn_up", "play") and event.cards:
            card: Card = event.cards[0]
            if card.wild:
                if event.color is None:
                    continue
                color = COLORS.index(event.color)
                if kind == "play" and event.seat is not None:
                    out[event.seat, color] = 0.0
                    out[event.seat, 4:] = 0.0
                    out[event.seat, 4 + color] = 1.0
            else:
                color = COLORS.index(card.color)
                if kind == "play" and event.seat is not None:
                    out[event.seat, color] = 0.0
        elif kind == "color" and event.color is not None:
            color = COLORS.index(event.color)
        elif kind == "draw" and event.reason == "turn" and event.seat is not None:
            out[event.seat, color] = 1.0
    return out


def features(obs: NDArray[Any], hist: NDArray[Any], layout: ObservationLayout) -> Array:
    """The network's input for a batch: ``obs`` (observation vectors) and ``hist``
    (``(batch, players, HISTORY)``). Uno is taken as said with every one-card hand (as the
    vector env plays it) and the other seats' history is put in the order they play next."""
    players = layout.players
    x = np.asarray(obs, dtype=np.float32).copy()
    sizes = x[:, layout.slices["hand_sizes"]]
    x[:, layout.slices["uno_said"]] = sizes == 1
    x[:, layout.slices["uno_exposed"]] = 0.0
    x[:, layout.slices["offer"]] = 0.0
    x /= layout.high
    seat = np.argmax(x[:, layout.slices["seat"]], axis=1)
    step = np.where(x[:, layout.slices["direction"].start] > 0, 1, -1)
    order = (seat[:, None] + step[:, None] * np.arange(1, players)[None, :]) % players
    rows = np.arange(len(x))[:, None]
    ahead = np.concatenate(
        [sizes[rows, order][..., None] / 10.0, np.asarray(hist, dtype=np.float32)[rows, order]],
        axis=2,
    )
    out: Array = np.concatenate([x, ahead.reshape(len(x), -1)], axis=1).astype(np.float32)
    return out


def feature_size(layout: ObservationLayout) -> int:
    return layout.size + (layout.players - 1) * (1 + HISTORY)


class LearnedNet:
    """Features -> (action scores, value): two hidden ReLU layers, a policy head over the
    action codec and a value head (the chance-weighted outcome, -1 to 1)."""

    NAMES: Final = ("w1", "b1", "w2", "b2", "wp", "bp", "wv", "bv")

    def __init__(
        self, rules: Rules, players: int, hidden: int = 128, seed: int = 0,
        meta: dict[str, Any] | None = None,
    ) -> None:  # fmt: skip
        self.rules = rules
        self.players = players
        self.layout = ObservationLayout(rules, players)
        self.codec = ActionCodec(rules, players)
        self.meta = dict(meta or {})
        n_in, n_out = feature_size(self.layout), self.codec.size
        rng = np.random.default_rng(seed)
        raw = {
            "w1": rng.normal(0.0, np.sqrt(2.0 / n_in), (n_in, hidden)),
            "b1": np.zeros(hidden),
            "w2": rng.normal(0.0, np.sqrt(2.0 / hidden), (hidden, hidden)),
            "b2": np.zeros(hidden),
            "wp": rng.normal(0.0, 0.01, (hidden, n_out)),
            "bp": np.zeros(n_out),
            "wv": rng.normal(0.0, 0.01, (hidden, 1)),
            "bv": np.zeros(1),
        }
        self.params: dict[str, Array] = {k: v.astype(np.float32) for k, v in raw.items()}

    def forward(self, x: Array) -> tuple[Array, Array, Array, Array]:
        """(first hidden, second hidden, logits, value) for a batch of features."""
        p = self.params
        h1 = np.maximum(x @ p["w1"] + p["b1"], 0.0)
        h2 = np.maximum(h1 @ p["w2"] + p["b2"], 0.0)
        return h1, h2, h2 @ p["wp"] + p["bp"], (h2 @ p["wv"] + p["bv"])[:, 0]

    def check(self, rules: Rules, players: int, name: str) -> None:
        """``ValueError`` unless these weights were trained for this table."""
        if rules != self.rules or players != self.players:
            raise ValueError(
                _(
                    "the learned weights {name} play {trained}, not {table}; the shipped "
                    "weights are: {shipped}",
                    name=repr(name),
                    trained=_describe(self.rules, self.players),
                    table=_describe(rules, players),
                    shipped=_shipped(),
                )
            )

    def save(self, path: Any, **meta: Any) -> None:
        info = {
            **self.meta,
            **meta,
            "format": FORMAT,
            "preset": self.rules.name,
            "switches": _switches(self.rules),
            "players": self.players,
            "hidden": int(self.params["b1"].shape[0]),
            "features": feature_size(self.layout),
            "actions": self.codec.size,
        }
        arrays: dict[str, Any] = {k: v.astype(np.float32) for k, v in self.params.items()}
        with open(path, "wb") as f:
            np.savez_compressed(f, meta=np.array(json.dumps(info)), **arrays)

    @classmethod
    def load(cls, source: Any) -> LearnedNet:
        with np.load(source, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            if meta.get("format") != FORMAT:
                raise ValueError(f"not a learned bot's weight file ({FORMAT})")
            rules = Rules.preset(meta["preset"], **meta["switches"])
            net = cls(rules, int(meta["players"]), hidden=int(meta["hidden"]), meta=meta)
            if feature_size(net.layout) != meta["features"] or net.codec.size != meta["actions"]:
                raise ValueError("these weights were trained on another feature layout")
            for name in cls.NAMES:
                net.params[name] = np.asarray(data[name], dtype=np.float32)
        return net


def _switches(rules: Rules) -> dict[str, Any]:
    """The switches ``rules`` sets away from its preset."""
    base = Rules.preset(rules.name).to_json()
    return {k: v for k, v in rules.to_json().items() if base.get(k) != v}


def _describe(rules: Rules, players: int) -> str:
    """``mattel-2021 with stacking at 4 players``: the house rules by name, as --house takes
    them (a switch that is on alone, one with a value as ``name=value``)."""
    switches = _switches(rules)
    extra = ", ".join(k if v is True else f"{k}={v}" for k, v in sorted(switches.items()))
    if extra:
        return ngettext(
            "{game} with {rules} at {n} player",
            "{game} with {rules} at {n} players",
            players,
            game=rules.name,
            rules=extra,
            n=players,
        )
    return ngettext(
        "{game} without house rules at {n} player",
        "{game} without house rules at {n} players",
        players,
        game=rules.name,
        n=players,
    )


@cache
def _shipped() -> str:
    return "; ".join(f"{n} ({w})" for n, w in shipped_weights().items())


def shipped_weights() -> dict[str, str]:
    """Weight name -> what it was trained for, for every file shipped with unokit."""
    out: dict[str, str] = {}
    for entry in sorted(resources.files("unokit.bots").joinpath("weights").iterdir(),
                        key=lambda e: e.name):  # fmt: skip
        if entry.name.endswith(".npz"):
            net = _load(entry.name[: -len(".npz")])
            out[entry.name[: -len(".npz")]] = _describe(net.rules, net.players)
    return out


@cache
def _load(name: str) -> LearnedNet:
    if not name or "/" in name or "\\" in name or name.startswith("."):
        raise ValueError(f"learned weights are named, not given as paths: {name!r}")
    entry = resources.files("unokit.bots").joinpath("weights").joinpath(f"{name}.npz")
    if not entry.is_file():
        raise ValueError(f"no learned weights named {name!r}")
    with entry.open("rb") as f:
        return LearnedNet.load(f)


class LearnedBot(Bot):
    """Plays the network's best legal action (``learned``, ``learned:weights=NAME``)."""

    name = "learned"

    def __init__(self, seed: int = 0, weights: str = "") -> None:
        super().__init__(seed)
        if not isinstance(weights, str):
            raise ValueError("weights names a shipped weight file, e.g. weights=mattel-2021-4p")
        if weights:
            known = shipped_weights()
            if weights not in known:
                raise ValueError(
                    _(
                        "no learned weights named {name}: the shipped weights are {shipped}",
                        name=repr(weights),
                        shipped=_shipped(),
                    )
                )
        self.weights = weights
        self._greedy = GreedyBot(seed)

    def net_for(self, rules: Rules, players: int) -> LearnedNet:
        """The network this bot plays at a table of ``rules`` and ``players``."""
        if self.weights:
            net = _load(self.weights)
            net.check(rules, players, self.weights)
            return net
        for name in shipped_weights():
            net = _load(name)
            if net.rules == rules and net.players == players:
                return net
        raise ValueError(
            _(
                "no learned weights for {table}: the shipped weights are {shipped}",
                table=_describe(rules, players),
                shipped=_shipped(),
            )
        )

    def choose(self, decision: Decision) -> Action | None:
        players = int(decision.view["players"])
        net = self.net_for(decision.rules, players)
        legal = decision.legal
        if decision.optional or any(a.kind not in _TRAINED_KINDS for a in legal):
            return self._greedy.choose(decision)
        # Uno goes with every play that leaves one card, as the network was trained
        said = {(a.card, a.color) for a in legal if a.uno}
        legal = [a for a in legal if a.uno or (a.card, a.color) not in said]
        numbers = net.codec.encode_all(legal)
        obs = net.layout.encode(decision.view)[None, :]
        hist = history(decision.history, players)[None, :, :]
        _, _, logits, _ = net.forward(features(obs, hist, net.layout))
        best = max(numbers, key=lambda n: logits[0, n])
        return net.codec.decode(best)


register_bot("learned", LearnedBot)
