"""The Gymnasium environment: one seat learns, unokit bots play the others.

``step(number)`` applies the learner's action, then lets the bots make every decision (in the
one-actor-at-a-time order, out-of-turn offers included) until the learner is asked again or
the round ends. The learner is asked for its out-of-turn offers too (say Uno, catch, jump in),
with action ``0`` to let them go. Observations and actions are those of the PettingZoo
environment: a dict with ``observation`` and ``action_mask``; ``action_masks()`` gives the mask
too, for maskable learners (sb3-contrib's ``MaskablePPO``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from unokit.bots.base import Bot, decide
from unokit.bots.registry import make_bot
from unokit.envs.table import MAX_ACTIONS, EnvTable, declined_render_mode, describe, make_rules
from unokit.rng import Random
from unokit.rules import Rules

__all__ = ["UnoEnv"]

Obs = dict[str, NDArray[Any]]


class UnoEnv(gym.Env[Obs, np.int64]):
    """Uno for Gymnasium: ``UnoEnv(players=4, opponents="random", rules=..., **switches)``.

    ``seat`` is the learner's seat (an int, or ``"random"`` for a fresh seat each round);
    ``opponents`` is one bot for every other seat or a list of one a seat (the entry at the
    learner's seat must name a bot too, since ``seat="random"`` moves the learner; it is not
    used while the learner sits there). A bot is a name with settings, made afresh each
    round from the reset seed, or a ``Bot`` itself: ``PolicyBot.of(policy)`` around the
    policy in training plays it against itself. ``illegal="lose"`` (the default here) ends the round
    with reward -1 and ``info["illegal"]`` saying why; ``illegal="raise"`` raises
    ``IllegalAction``. Either way the illegal action is never applied nor replaced.
    ``max_actions`` bounds a round: one still in play after that many actions is truncated
    (``truncated`` true, reward 0, ``info["unfinished"]``), a bound of the environment, not a
    rule of the game.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 - Gymnasium's name

    def __init__(
        self,
        rules: Rules | str | None = None,
        *,
        players: int = 4,
        opponents: str | Bot | Sequence[str | Bot] = "random",
        seat: int | str = 0,
        illegal: str = "lose",
        reward: str = "win",
        render_mode: str | None = None,
        max_actions: int = MAX_ACTIONS,
        **switches: Any,
    ) -> None:
        self.render_mode = declined_render_mode(render_mode, self.metadata["render_modes"])
        self.table = EnvTable(make_rules(rules, switches), players, illegal, reward, max_actions)
        if isinstance(opponents, (str, Bot)):
            opponents = [opponents] * players
        if len(opponents) != players:
            raise ValueError(f"opponents: give one bot name, or one a seat ({players})")
        for name in opponents:
            if not isinstance(name, Bot):
                make_bot(name)  # fail now, with the registry's message, on an unknown name
        self.opponents = list(opponents)
        if seat != "random" and not (isinstance(seat, int) and 0 <= seat < players):
            raise ValueError(f"seat must be a seat number 0 to {players - 1}, or 'random'")
        self.seat_choice = seat
        self.seat = 0 if seat == "random" else int(seat)
        codec, layout = self.table.codec, self.table.layout
        self.observation_space = spaces.Dict(  # type: ignore[assignment]
            {
                "observation": spaces.Box(0.0, layout.high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (codec.size,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(codec.size)
        self._rng = Random(0)
        self._bots: list[Bot] = []

    # -- Gymnasium API -----------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """Deal a new round; the same ``seed`` deals the same game with the same bots."""
        super().reset(seed=seed)
        if seed is not None:
            self._rng = Random(seed)
        rng = self._rng
        players = self.table.players
        if self.seat_choice == "random":
            self.seat = rng.below(players)
        self.table.new_game(rng.next64() >> 1)
        self._bots = [
            name if isinstance(name, Bot) else make_bot(name, seed=rng.next64() >> 1)
            for name in self.opponents
        ]
        self._play_bots()
        return self._obs(), self._info()

    def step(self, action: np.int64 | int) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        table = self.table
        if table.game is None:
            raise RuntimeError("no round yet: call reset() before step()")
        if table.over or table.truncated:
            raise RuntimeError("the round is over: call reset()")
        table.act(int(action))
        self._play_bots()
        terminated = table.over
        reward = table.rewards()[self.seat] if terminated else 0.0
        return self._obs(), reward, terminated, table.truncated, self._info()

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal action numbers as booleans (what maskable learners ask for)."""
        if self.table.game is None:
            raise RuntimeError("no round yet: call reset() before action_masks()")
        return self.table.mask(self.seat).astype(bool)

    def render(self) -> str | None:
        """``ansi``: the learner's view in one line of text; ``None`` in any other mode."""
        if self.render_mode != "ansi":
            return None
        game = self.table.game
        if game is None:
            return "no game yet: call reset()"
        return f"seat {self.seat} | " + describe(game.view(self.seat))

    # -- helpers -----------------------------------------------------------------------
    def _play_bots(self) -> None:
        table = self.table
        driver = table.driver
        game = table.game
        assert driver is not None and game is not None
        learner = self.seat
        while True:
            seat = table.deciding
            if seat is None or seat == learner or table.truncated:
                return
            choice = self._bots[seat].choose(decide(game, seat, driver.optional))
            driver.act(choice)

    def _obs(self) -> Obs:
        return {
            "observation": self.table.observation(self.seat),
            "action_mask": self.table.mask(self.seat),
        }

    def _info(self) -> dict[str, Any]:
        table = self.table
        info: dict[str, Any] = {"seat": self.seat}
        if table.over:
            game = table.game
            assert game is not None
            info["winner"] = game.winner
            if table.illegal_why is not None:
                info["illegal"] = table.illegal_why
        elif table.truncated:
            info["unfinished"] = True
        return info
