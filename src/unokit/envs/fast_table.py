"""The AEC environment's compiled backend: one fast-path game with the full Uno window.

The same action codec, observation layout, seeds and rewards as ``EnvTable`` (the engine
backend), for the rules the fast path plays (``mattel-2021`` with any of ``stacking``,
``seven_o``, ``draw_to_match``). The kernel runs with ``FLAG_UNO_CALLS`` (a play that leaves
one card with or without Uno, ``uno`` and ``catch`` out of turn), and the table asks exactly
the questions ``unokit.envs.driver.Driver`` asks, in its order: after the seat to play acts,
every other seat is offered its out-of-turn actions once, in seat order after the seat that
acted, and may let them go. So for the same seed and the same action numbers the two backends
give the same observations, masks, agents and rewards (tests/envs/test_fast_backend.py plays
them side by side).
"""

from __future__ import annotations

from typing import Final

import numpy as np
from numba import njit
from numpy.typing import NDArray

from unokit.cards import COLORS, Card
from unokit.envs.codec import LET_GO, ActionCodec
from unokit.envs.fastobs import FIELDS, card_map, field_starts, observe
from unokit.envs.observation import ObservationLayout
from unokit.envs.table import ILLEGAL_MODES, MAX_ACTIONS, check_bound, describe
from unokit.errors import IllegalAction
from unokit.fast import kernel
from unokit.fast.api import deck_array
from unokit.fast.codec import decode_action, flags_for
from unokit.fast.layout import (
    H_ACTIONS,
    H_COLOR,
    H_DIRECTION,
    H_EXPOSED,
    H_LEN,
    H_NDISCARD,
    H_PHASE,
    H_PLAYERS,
    H_SLOT,
    H_TO_PLAY,
    H_WINNER,
    NUM_ACTIONS_UNO,
    OFF_DISCARD,
    PHASE_OVER,
    state_size,
)
from unokit.rules import Rules

__all__ = ["FastTable"]

_M64: Final = (1 << 64) - 1
_CARDS: Final = Card.all()
_NFIELDS: Final = len(FIELDS)
_OFFER: Final = FIELDS.index("offer")
# the turn order's state, an int64 array (see ``_advance``)
_SEAT: Final = 0
"""The seat that owes the next decision (-1: the round is over)."""
_OPTIONAL: Final = 1
"""1 while that decision is an out-of-turn offer (it may be let go)."""
_ACTED: Final = 2
"""The seat to play that acted last: the offers go round from the seat after it."""
_CURSOR: Final = 3
"""The next offer is to seat ``(acted + cursor) % players``; past ``players``: none left."""


@njit(cache=True)
def _advance(state: NDArray[np.int32], ctl: NDArray[np.int64]) -> None:
    """``Driver._advance``: the next seat with out-of-turn actions, else the seat to play.

    In the classic game without Jump-In the only out-of-turn actions are the Uno window's:
    while any seat is exposed every seat has one (its own ``uno`` or a ``catch``), and no
    offer opens a window, so ``turns.offers``' queue is every seat but the one to play, in
    order, cut short as soon as no seat is exposed."""
    if state[H_PHASE] == PHASE_OVER:
        ctl[_SEAT] = -1
        ctl[_OPTIONAL] = 0
        return
    players = state[H_PLAYERS]
    to_play = state[H_TO_PLAY]
    if state[H_EXPOSED]:
        while ctl[_CURSOR] <= players:
            seat = (ctl[_ACTED] + ctl[_CURSOR]) % players
            ctl[_CURSOR] += 1
            if seat != to_play:
                ctl[_SEAT] = seat
                ctl[_OPTIONAL] = 1
                return
    ctl[_CURSOR] = players + 1
    ctl[_SEAT] = to_play
    ctl[_OPTIONAL] = 0


@njit(cache=True)
def _codec_mask(
    state: NDArray[np.int32], ctl: NDArray[np.int64], codes: NDArray[np.int64],
    out: NDArray[np.int8],
) -> int:  # fmt: skip
    """The deciding seat's legal actions as codec numbers (``codes``: kernel number -> codec
    number), ``LET_GO`` too for an offer; returns the deciding seat (-1: the round is over).
    Few arguments on purpose: numba's dispatch costs grow with each one."""
    out[:] = 0
    seat = ctl[_SEAT]
    if seat < 0:
        return -1
    kmask = np.empty(NUM_ACTIONS_UNO, dtype=np.uint8)
    kernel.legal_mask_seat(state, seat, kmask)
    for a in range(NUM_ACTIONS_UNO):
        if kmask[a]:
            out[codes[a]] = 1
    if ctl[_OPTIONAL]:
        out[LET_GO] = 1
    return int(seat)


@njit(cache=True)
def _start(state: NDArray[np.int32], ctl: NDArray[np.int64], codes: NDArray[np.int64],
           out: NDArray[np.int8]) -> int:  # fmt: skip
    """A new round: the seat to play decides first (``Driver.__init__``)."""
    ctl[_ACTED] = 0
    ctl[_CURSOR] = state[H_PLAYERS] + 1
    _advance(state, ctl)
    return _codec_mask(state, ctl, codes, out)


@njit(cache=True)
def _apply(  # noqa: PLR0917 - numba functions take positional arguments
    state: NDArray[np.int32], rng: NDArray[np.uint64], ctl: NDArray[np.int64], action: int,
    codes: NDArray[np.int64], out: NDArray[np.int8],
) -> int:  # fmt: skip
    """``Driver.act``: apply the deciding seat's kernel action (-1: let the offer go), move
    the turn order on and write the next mask; returns the next deciding seat."""
    if action >= 0:
        seat = ctl[_SEAT]
        kernel.apply_seat_action(state, rng, seat, action)
        if not ctl[_OPTIONAL]:  # the seat to play acted: the offers start after it
            ctl[_ACTED] = seat
            ctl[_CURSOR] = 1
    _advance(state, ctl)
    return _codec_mask(state, ctl, codes, out)


@njit(cache=True)
def _observe(
    state: NDArray[np.int32], ctl: NDArray[np.int64], seat: int, meta: NDArray[np.int64],
    out: NDArray[np.float32],
) -> None:  # fmt: skip
    """``observe`` with the field starts and the card map in one array, and ``offer``."""
    observe(state, seat, meta[_NFIELDS:], meta[:_NFIELDS], out)
    if ctl[_OPTIONAL] and ctl[_SEAT] == seat:
        out[meta[_OFFER]] = 1.0


class FastTable:
    """One compiled game behind the PettingZoo environment (see the module docstring)."""

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
        if reward != "win":
            raise ValueError("the fast backend gives the 'win' reward only")
        self.flags = flags_for(rules, uno_calls=True)  # ValueError, saying why, for the rest
        if not 2 <= players <= 10:
            raise ValueError(f"the fast path seats 2 to 10 players, not {players}")
        self.rules = rules
        self.players = players
        self.illegal = illegal
        self.reward = reward
        self.max_actions = check_bound(max_actions)
        self.codec = ActionCodec(rules, players)
        self.layout = ObservationLayout(rules, players)
        self._at = field_starts(self.layout)
        self._card_map = card_map(self.layout)
        self._deck = deck_array()
        self._state = np.zeros(state_size(players), dtype=np.int32)
        self._rng = np.zeros(2, dtype=np.uint64)
        self._ctl = np.zeros(4, dtype=np.int64)
        # kernel number -> codec number (LET_GO for numbers that never come up here: a swap
        # without Seven-O, a seat past the table's); codec number -> kernel number (-1: let go)
        self._codes = np.zeros(NUM_ACTIONS_UNO, dtype=np.int64)
        self._kernel_of = np.full(self.codec.size, -1, dtype=np.int64)
        for a in range(NUM_ACTIONS_UNO):
            action = decode_action(a)
            if action.target is not None and action.target >= players:
                continue
            try:
                number = self.codec.encode(action)
            except ValueError:  # swap without Seven-O: never legal, not in the codec
                continue
            self._codes[a] = number
            self._kernel_of[number] = a
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
        self._seat = _start(self._state, self._ctl, self._codes, self._mask)
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
    def truncated(self) -> bool:
        """Still in play after ``max_actions`` actions (``EnvTable.truncated``)."""
        return not self.over and int(self._state[H_ACTIONS]) >= self.max_actions

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
        _observe(self._state, self._ctl, seat, self._meta, out)
        return out

    def act(self, number: int) -> None:
        seat = self._seat
        if seat < 0 or self.illegal_by is not None:
            raise IllegalAction("the round is over")
        size = self._size
        if not 0 <= number < size or not self._mask[number]:
            if not 0 <= number < size:
                why = f"{number!r} is not an action number: they run 0 to {size - 1}"
            elif number == LET_GO:
                why = (
                    f"seat {seat} is to play and must act: letting it go is only for "
                    "out-of-turn offers"
                )
            else:
                why = f"{self.codec.decode(number)} is not legal for seat {seat} now"
            if self.illegal == "raise":
                raise IllegalAction(why)
            self.illegal_by = seat
            self.illegal_why = why
            return
        self._seat = _apply(
            self._state, self._rng, self._ctl, self._kernel_of[number], self._codes, self._mask
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
        """The table as a spectator sees it, in one line (the engine backend's line)."""
        st = self._state
        to_play = int(st[H_TO_PLAY])
        view = {
            "top": _CARDS[int(st[OFF_DISCARD + st[H_NDISCARD] - 1])].code,
            "color": COLORS[int(st[H_COLOR])],
            "to_play": None if to_play < 0 else to_play,
            "direction": int(st[H_DIRECTION]),
            "hand_sizes": [int(st[H_LEN + st[H_SLOT + s]]) for s in range(self.players)],
        }
        return describe(view)
