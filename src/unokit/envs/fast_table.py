"""The AEC environment's compiled backend (``backend="fast"``): one fast-path game.

The same action codec, observation layout, seeds and rewards as ``EnvTable`` (the engine
backend), for the rules the fast path plays (``mattel-2021`` with any of ``stacking``,
``seven_o``, ``draw_to_match``), with the fast path's Uno model: Uno is always said with the
play, so only ``play ... uno`` is legal when a play leaves one card, nobody is caught, and no
seat is ever offered an out-of-turn action. A test plays both backends side by side.
"""

from __future__ import annotations

from typing import Final

import numpy as np
from numba import njit
from numpy.typing import NDArray

from unokit.envs.codec import ActionCodec
from unokit.envs.fastobs import FIELDS, card_map, field_starts, observe
from unokit.envs.observation import ObservationLayout
from unokit.errors import IllegalAction
from unokit.fast import kernel
from unokit.fast.api import deck_array
from unokit.fast.codec import decode_action, flags_for
from unokit.fast.layout import (
    DRAW,
    H_LEN,
    H_PHASE,
    H_SLOT,
    H_TO_PLAY,
    H_WINNER,
    NUM_ACTIONS,
    PHASE_OVER,
    state_size,
)
from unokit.rules import Rules

__all__ = ["FastTable"]

_M64: Final = (1 << 64) - 1
_NFIELDS: Final = len(FIELDS)


@njit(cache=True)
def _codec_mask(state: NDArray[np.int32], codes: NDArray[np.int64], out: NDArray[np.int8]) -> int:
    """The kernel's legal actions as codec numbers (``codes[0]``; ``codes[1]`` for a play
    that leaves one card, which says Uno); returns the seat to play (-1: the round is over).
    Few arguments on purpose: numba's dispatch costs grow with each one."""
    out[:] = 0
    seat = state[H_TO_PLAY]
    if seat < 0:
        return -1
    kmask = np.empty(NUM_ACTIONS, dtype=np.uint8)
    kernel.legal_mask(state, kmask)
    row = 1 if state[H_LEN + state[H_SLOT + seat]] == 2 else 0
    for a in range(NUM_ACTIONS):
        if kmask[a]:
            out[codes[row if a < DRAW else 0, a]] = 1
    return int(seat)


@njit(cache=True)
def _apply(
    state: NDArray[np.int32], rng: NDArray[np.uint64], action: int, codes: NDArray[np.int64],
    out: NDArray[np.int8],
) -> int:  # fmt: skip
    """Apply a kernel action, then write the next codec mask; returns the next seat."""
    kernel.apply_action(state, rng, action)
    return _codec_mask(state, codes, out)


@njit(cache=True)
def _observe(
    state: NDArray[np.int32], seat: int, meta: NDArray[np.int64], out: NDArray[np.float32]
) -> None:
    """``observe`` with the field starts and the card map in one array (see ``_observe``)."""
    observe(state, seat, meta[_NFIELDS:], meta[:_NFIELDS], out)


class FastTable:
    """One compiled game behind the PettingZoo environment (see the module docstring)."""

    def __init__(self, rules: Rules, players: int, illegal: str, reward: str) -> None:
        if reward != "win":
            raise ValueError("the fast backend gives the 'win' reward only")
        self.flags = flags_for(rules)  # ValueError, saying why, for rules it does not play
        if not 2 <= players <= 10:
            raise ValueError(f"the fast path seats 2 to 10 players, not {players}")
        self.rules = rules
        self.players = players
        self.illegal = illegal
        self.reward = reward
        self.codec = ActionCodec(rules, players)
        self.layout = ObservationLayout(rules, players)
        self._at = field_starts(self.layout)
        self._card_map = card_map(self.layout)
        self._deck = deck_array()
        self._state = np.zeros(state_size(players), dtype=np.int32)
        self._rng = np.zeros(2, dtype=np.uint64)
        plain = np.zeros(NUM_ACTIONS, dtype=np.int64)
        said = np.zeros(NUM_ACTIONS, dtype=np.int64)
        self._kernel_of = np.full(self.codec.size, -1, dtype=np.int64)
        for a in range(NUM_ACTIONS):
            action = decode_action(a)
            if action.kind == "swap" and (action.target or 0) >= players:
                continue
            try:
                plain[a] = self.codec.encode(action)
                said[a] = self.codec.encode(decode_action(a, uno=True))
            except ValueError:  # swap without Seven-O: never legal, not in the codec
                continue
            self._kernel_of[plain[a]] = a
            self._kernel_of[said[a]] = a
        self._codes = np.stack([plain, said])
        self._meta = np.concatenate([self._at, self._card_map.astype(np.int64)])
        self._size = self.codec.size
        self._mask = np.zeros(self.codec.size, dtype=np.int8)
        self._seat = -1
        self.illegal_by: int | None = None
        self.illegal_why: str | None = None

    def new_game(self, seed: int) -> None:
        if kernel.new_game(
            self._state, self._rng, self._deck, self.players, np.uint64(seed & _M64), self.flags
        ):  # pragma: no cover - the 112 cards always deal 10 hands
            raise ValueError("the deck is too small to deal")
        self._seat = _codec_mask(self._state, self._codes, self._mask)
        self.illegal_by = None
        self.illegal_why = None

    @property
    def deciding(self) -> int | None:
        seat = self._seat
        return None if seat < 0 or self.illegal_by is not None else seat

    @property
    def over(self) -> bool:
        return self.deciding is None

    @property
    def winner(self) -> int | None:
        w = int(self._state[H_WINNER])
        return None if w < 0 or self._state[H_PHASE] != PHASE_OVER else w

    def mask(self, seat: int) -> NDArray[np.int8]:
        if seat != self._seat or self.illegal_by is not None:
            return np.zeros(self.codec.size, dtype=np.int8)
        return self._mask.copy()

    def observation(self, seat: int) -> NDArray[np.float32]:
        out = np.empty(self.layout.size, dtype=np.float32)
        _observe(self._state, seat, self._meta, out)
        return out

    def act(self, number: int) -> None:
        seat = self._seat
        if seat < 0 or self.illegal_by is not None:
            raise IllegalAction("the round is over")
        size = self._size
        if not 0 <= number < size or not self._mask[number]:
            why = (
                f"{number!r} is not an action number: they run 0 to {size - 1}"
                if not 0 <= number < size
                else f"{self.codec.decode(number)} is not legal for seat {seat} now"
            )
            if self.illegal == "raise":
                raise IllegalAction(why)
            self.illegal_by = seat
            self.illegal_why = why
            return
        self._seat = _apply(
            self._state, self._rng, self._kernel_of[number], self._codes, self._mask
        )

    def rewards(self) -> list[float]:
        n = self.players
        if self.illegal_by is not None:
            out = [0.0] * n
            out[self.illegal_by] = -1.0
            return out
        winner = self.winner
        if winner is None:
            return [0.0] * n
        return [1.0 if s == winner else -1.0 for s in range(n)]

    def describe(self) -> str:
        hands = [int(self._state[H_LEN + self._state[H_SLOT + s]]) for s in range(self.players)]
        return f"fast-path game: to_play {self.deciding} cards {hands}"
