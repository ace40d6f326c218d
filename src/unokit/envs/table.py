"""The part both environments share: a game, its turn order, its codec and observations."""

from __future__ import annotations

import warnings
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from unokit.actions import Action
from unokit.envs.codec import LET_GO, ActionCodec
from unokit.envs.driver import Driver
from unokit.envs.observation import ObservationLayout
from unokit.errors import IllegalAction
from unokit.game import Game
from unokit.rules import Rules

__all__ = [
    "ILLEGAL_MODES",
    "REWARDS",
    "EnvTable",
    "declined_render_mode",
    "describe",
    "make_rules",
]

ILLEGAL_MODES: Final = ("raise", "lose")
"""``raise``: an illegal action raises ``IllegalAction`` and changes nothing. ``lose``: it
ends the game at once, nothing applied, the offender scores -1 and ``info["illegal"]`` says
why (PettingZoo's ``TerminateIllegalWrapper`` convention)."""

_MASK_CACHE: Final = 50_000
"""At most this many distinct legal lists keep a ready mask (a few MB)."""

REWARDS: Final = ("win", "points")
MAX_ACTIONS: Final = 100_000
"""The environments' default bound on one round's actions (``max_actions=``): a round still in
play then is truncated (Gymnasium's ``truncated``), a bound of the harness, not a rule."""
"""``win``: +1 for the winner (and a partner), -1 for the other seats, 0 for all after a
blocked round. ``points``: card points over 100: every loser loses the points left in its
own hand, the winner (and a partner) gains the sum of them; a blocked round only costs."""


def make_rules(rules: Rules | str | None, switches: dict[str, Any]) -> Rules:
    """A ``Rules`` from a value, a preset name (default ``mattel-2021``) and switches."""
    if rules is None:
        rules = "mattel-2021"
    if isinstance(rules, str):
        return Rules.preset(rules, **switches)
    if not isinstance(rules, Rules):
        raise TypeError("rules must be a Rules value or a preset name like 'mattel-2021'")
    return rules.replace(**switches) if switches else rules


def declined_render_mode(mode: str | None, modes: list[str]) -> str | None:
    """``mode`` if the environment renders it; another mode is declined with a warning and
    the environment made without rendering (``render_mode`` ``None``, so ``render()``
    returns ``None``): tools that ask for ``rgb_array`` by default (Stable-Baselines3's
    ``make_vec_env``) still get an environment."""
    if mode is not None and mode not in modes:
        warnings.warn(
            f"render_mode={mode!r} is not one of {modes}: made without rendering",
            UserWarning,
            stacklevel=3,
        )
        return None
    return mode


def describe(view: dict[str, Any]) -> str:
    """One line of text for a view (the environments' ``ansi`` rendering)."""
    tops = view.get("tops", [view.get("top")])
    colors = view.get("colors", [view.get("color")])
    piles = " ".join(f"{t}/{c}" for t, c in zip(tops, colors, strict=True))
    sizes = " ".join(f"{s}:{n}" for s, n in enumerate(view["hand_sizes"]))
    hand = f"hand {' '.join(view['hand'])} | " if "hand" in view else ""
    return (
        f"{hand}top {piles} | to_play {view['to_play']} direction {view['direction']:+d} "
        f"| cards {sizes}"
    )


def check_bound(max_actions: int) -> int:
    """``max_actions`` if it is a whole number above 0 (a table's bound on a round)."""
    if isinstance(max_actions, bool) or not isinstance(max_actions, int) or max_actions < 1:
        raise ValueError(f"max_actions must be a whole number above 0, not {max_actions!r}")
    return max_actions


class EnvTable:
    """One round at a time for a learning environment."""

    def __init__(
        self,
        rules: Rules,
        players: int,
        illegal: str,
        reward: str,
        max_actions: int = MAX_ACTIONS,
    ) -> None:
        if illegal not in ILLEGAL_MODES:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL_MODES)}, not {illegal!r}")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if not rules.min_players <= players <= rules.max_players:
            raise ValueError(
                f"{rules.name} is for {rules.min_players} to {rules.max_players} players, "
                f"not {players}"
            )
        self.rules = rules
        self.players = players
        self.illegal = illegal
        self.reward = reward
        self.max_actions = check_bound(max_actions)
        self.codec = ActionCodec(rules, players)
        self.layout = ObservationLayout(rules, players)
        self.game: Game | None = None
        self.driver: Driver | None = None
        self.illegal_by: int | None = None
        self.illegal_why: str | None = None
        self._masks: dict[tuple[int, ...], tuple[tuple[Action, ...], NDArray[np.int8]]] = {}
        self._canon: list[Action | None] = list(self.codec.actions)
        """Number -> the engine's own object for that action, once a mask has met it."""

    def new_game(self, seed: int) -> Game:
        self.game = Game.new(self.rules, players=self.players, seed=seed)
        self.driver = Driver(self.game)
        self.illegal_by = None
        self.illegal_why = None
        return self.game

    @property
    def deciding(self) -> int | None:
        """The seat that owes the next decision (``None``: the round is over)."""
        assert self.driver is not None
        if self.illegal_by is not None:
            return None
        return self.driver.seat

    @property
    def over(self) -> bool:
        return self.deciding is None

    @property
    def truncated(self) -> bool:
        """Still in play after ``max_actions`` actions: the round is cut short, unfinished."""
        game = self.game
        return game is not None and not self.over and game.action_count >= self.max_actions

    @property
    def winner(self) -> int | None:
        """The seat that went out (``None`` while playing, after a blocked round)."""
        return None if self.game is None else self.game.winner

    def describe(self) -> str:
        """The table as a spectator sees it, in one line."""
        return "no game yet: call reset()" if self.game is None else describe(self.game.view(None))

    def mask(self, seat: int) -> NDArray[np.int8]:
        """1 at the number of every legal action of ``seat`` now (0s when it is not asked).
        A new array every call: the caller may keep it."""
        driver = self.driver
        assert driver is not None
        if seat != driver.seat or self.illegal_by is not None:
            return np.zeros(self.codec.size, dtype=np.int8)
        legal = driver.game.legal_actions(seat)
        # the engine hands out shared Action objects, so the same legal list recurs: its
        # mask is built once, keyed by the objects' identities (the entry keeps them alive,
        # so no other object can take one of their ids while it is cached)
        key = tuple(map(id, legal))
        hit = self._masks.get(key)
        if hit is None:
            hit = self._new_mask(key, legal)
        mask = hit[1].copy()
        if driver.optional:
            mask[LET_GO] = 1
        return mask

    def _new_mask(
        self, key: tuple[int, ...], legal: list[Action]
    ) -> tuple[tuple[Action, ...], NDArray[np.int8]]:
        built = np.zeros(self.codec.size, dtype=np.int8)
        canon = self._canon
        for number, action in zip(self.codec.encode_all(legal), legal, strict=True):
            built[number] = 1
            canon[number] = action
        entry = (tuple(legal), built)
        if len(self._masks) < _MASK_CACHE:  # full: the lists seen first (the common ones) stay
            self._masks[key] = entry
        return entry

    def observation(self, seat: int) -> NDArray[np.float32]:
        """The observation vector of ``seat`` (see ``unokit.envs.observation``)."""
        game = self.game
        driver = self.driver
        assert game is not None and driver is not None
        offer = driver.optional and driver.seat == seat
        return self.layout.encode_game(game, seat, offer)

    def act(self, number: int) -> None:
        """Apply the deciding seat's action number (``LET_GO``: let an offer go).

        Raises ``IllegalAction`` (mode ``raise``), or ends the round (mode ``lose``).
        """
        driver = self.driver
        assert driver is not None
        seat = driver.seat
        if seat is None or self.illegal_by is not None:
            raise IllegalAction("the round is over")
        try:
            # the engine's own Action object for the number when a mask has shown it (the
            # engine checks legality by identity first): equal to ``codec.decode(number)``
            canon = self._canon
            action = canon[number] if 0 < number < len(canon) else self.codec.decode(number)
            driver.act(action)
        except (ValueError, TypeError) as err:
            # IllegalAction is a ValueError; a number outside the codec is one too
            if self.illegal == "raise":
                if isinstance(err, IllegalAction):
                    raise
                raise IllegalAction(str(err)) from None
            self.illegal_by = seat
            self.illegal_why = str(err)

    def rewards(self) -> list[float]:
        """Each seat's reward for the round (0s until it is over)."""
        game = self.game
        assert game is not None
        n = self.players
        if self.illegal_by is not None:
            out = [0.0] * n
            out[self.illegal_by] = -1.0
            return out
        if not game.over:
            return [0.0] * n
        winner = game.winner
        if self.reward == "points":
            value = self.rules.card_points
            own = [sum(value(c) for c in game.hand(s)) / 100.0 for s in range(n)]
            side = self._winners(winner)
            gain = sum(own[s] for s in range(n) if s not in side)
            return [gain if s in side else -own[s] for s in range(n)]
        if winner is None:
            return [0.0] * n
        side = self._winners(winner)
        return [1.0 if s in side else -1.0 for s in range(n)]

    def _winners(self, winner: int | None) -> set[int]:
        """The winner and, with partners, its partner (empty after a blocked round)."""
        if winner is None:
            return set()
        game = self.game
        assert game is not None
        for team in game.teams() or ():
            if winner in team:
                return set(team)
        return {winner}
