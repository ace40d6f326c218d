"""Python entry points to the kernel: arrays made the right size and type, seeds masked.

These are thin conveniences; a batched environment may call ``unokit.fast.kernel``'s
functions directly with its own arrays (docs/fast.md).
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from unokit.cards import COLORS, Card, Kind
from unokit.fast import kernel
from unokit.fast.codec import flags_for
from unokit.fast.layout import (
    CAP,
    H_ACTIONS,
    H_COLOR,
    H_DEALER,
    H_DIRECTION,
    H_DRAWN,
    H_EXPOSED,
    H_FLAGS,
    H_LAST_PLAYER,
    H_LEN,
    H_NDISCARD,
    H_NDRAW,
    H_NSEEN,
    H_PENDING,
    H_PENDING_KIND,
    H_PHASE,
    H_PLAYERS,
    H_SAID,
    H_SEEN,
    H_SHUFFLED,
    H_SLOT,
    H_STALL,
    H_TO_PLAY,
    H_TURNS,
    H_WD4_GUILTY,
    H_WD4_PLAYER,
    H_WINNER,
    NUM_ACTIONS,
    NUM_ACTIONS_UNO,
    OFF_DISCARD,
    OFF_DRAW,
    OFF_HANDS,
    PENDING_DRAW_TWO,
    PENDING_NONE,
    PENDING_WD4,
    PHASE_OVER,
    SEEN_CAP,
    state_size,
)
from unokit.fast.policy import policy_seed
from unokit.fast.repeat import fingerprints
from unokit.game import PHASES, Game
from unokit.rules import Rules

__all__ = ["FastGame", "RandomGames", "deck_array", "play_random_games"]

_M64 = (1 << 64) - 1
_CARDS = Card.all()
_DECK = np.array([c.index for c in Rules.preset("mattel-2021").deck()], dtype=np.int32)


def deck_array() -> npt.NDArray[np.int32]:
    """The mattel-2021 deck as card numbers, in canonical order (a copy)."""
    return _DECK.copy()


class FastGame:
    """One kernel game held in its arrays: ``state`` (int32) and ``rng`` (uint64[2]).
    ``uno_calls``: play the Uno window (``FLAG_UNO_CALLS``: ``uno`` and ``catch`` out of
    turn, plays with and without Uno), as the reference engine does."""

    __slots__ = ("_mask", "flags", "players", "rng", "state", "uno_calls")

    def __init__(self, rules: Rules, players: int, seed: int, *, uno_calls: bool = False) -> None:
        if not 2 <= players <= 10:
            raise ValueError(f"the fast path seats 2 to 10 players, not {players}")
        self.flags = flags_for(rules, uno_calls=uno_calls)
        self.uno_calls = uno_calls
        self.players = players
        self.state = np.zeros(state_size(players), dtype=np.int32)
        self.rng = np.zeros(2, dtype=np.uint64)
        self._mask = np.zeros(NUM_ACTIONS_UNO if uno_calls else NUM_ACTIONS, dtype=np.uint8)
        if kernel.new_game(self.state, self.rng, _DECK, players, np.uint64(seed & _M64),
                           self.flags) < 0:  # fmt: skip
            raise ValueError(f"the deck is too small to deal {players} hands")

    @classmethod
    def from_game(cls, game: Game, *, uno_calls: bool = False) -> FastGame:
        """The kernel game in ``game``'s position (a classic round of rules the kernel
        plays, at most 10 seats, none absent), its generator included: from there both
        play the same game. For tests that start from an arranged position."""
        if type(game) is not Game or len(game.active) != game.players:
            raise ValueError("the fast path plays classic rounds with every seat in play")
        fast = cls.__new__(cls)
        fast.flags = flags_for(game.rules, uno_calls=uno_calls)
        fast.uno_calls = uno_calls
        fast.players = players = game.players
        if not 2 <= players <= 10:
            raise ValueError(f"the fast path seats 2 to 10 players, not {players}")
        fast._mask = np.zeros(NUM_ACTIONS_UNO if uno_calls else NUM_ACTIONS, dtype=np.uint8)
        st = fast.state = np.zeros(state_size(players), dtype=np.int32)
        state, inc = game._rng.getstate()
        fast.rng = np.array([state, inc], dtype=np.uint64)
        draw = [c.index for c in game.draw_pile][::-1]
        discard = [c.index for c in game.discard]
        st[OFF_DRAW : OFF_DRAW + len(draw)] = draw
        st[OFF_DISCARD : OFF_DISCARD + len(discard)] = discard
        st[H_NDRAW], st[H_NDISCARD] = len(draw), len(discard)
        for seat in range(players):
            hand = [c.index for c in game.hand(seat)]
            st[H_SLOT + seat] = seat
            st[H_LEN + seat] = len(hand)
            st[OFF_HANDS + seat * CAP : OFF_HANDS + seat * CAP + len(hand)] = hand
        kinds = {None: PENDING_NONE, Kind.DRAW_TWO: PENDING_DRAW_TWO}
        wd4 = game._wd4
        st[H_PLAYERS], st[H_DEALER], st[H_FLAGS] = players, game.dealer, fast.flags
        st[H_TO_PLAY] = -1 if game.to_play is None else game.to_play
        st[H_DIRECTION], st[H_PHASE] = game.direction, PHASES.index(game.phase)
        st[H_COLOR] = COLORS.index(game._color or "R")
        st[H_PENDING] = game.pending
        st[H_PENDING_KIND] = kinds.get(game.pending_kind, PENDING_WD4)
        st[H_DRAWN] = -1 if game.drawn is None else game.drawn.index
        st[H_WINNER] = -1 if game.winner is None else game.winner
        st[H_STALL], st[H_ACTIONS] = game._stall, len(game.actions)
        st[H_WD4_PLAYER] = -1 if wd4 is None else wd4[0]
        st[H_WD4_GUILTY] = wd4 is not None and game._wd4_guilty(wd4[2], wd4[1])
        st[H_LAST_PLAYER] = -1 if game._last_player is None else game._last_player
        st[H_SAID] = sum(1 << s for s in game.uno_said)
        st[H_EXPOSED] = sum(1 << s for s in game.uno_exposed)
        st[H_SHUFFLED] = game._shuffled
        seen = fingerprints(game, fast.flags)
        if len(seen) > SEEN_CAP:
            raise ValueError(f"the fast path holds {SEEN_CAP} positions a round, not {len(seen)}")
        for i, (h1, h2, count) in enumerate(seen):
            st[H_SEEN + 3 * i : H_SEEN + 3 * i + 3] = (h1, h2, count)
        st[H_NSEEN] = len(seen)
        st[H_TURNS] = game.turns
        return fast

    def legal(self, seat: int | None = None) -> list[int]:
        """The legal action numbers of ``seat`` (default: the seat to play), ascending."""
        mask = np.zeros_like(self._mask)
        if seat is None:
            kernel.legal_mask(self.state, mask)
        elif 0 <= seat < self.players:
            kernel.legal_mask_seat(self.state, operator.index(seat), mask)
        return [int(a) for a in np.flatnonzero(mask)]

    def apply(self, action: int, seat: int | None = None) -> None:
        """Apply a legal action number for ``seat`` (default: the seat to play); checked
        here, the kernel itself does not check."""
        who = int(self.state[H_TO_PLAY]) if seat is None else operator.index(seat)
        number = operator.index(action)
        if not kernel.step_checked_seat(self.state, self.rng, who, number, self._mask):
            raise ValueError(f"action {action} is not legal now")

    def snapshot(self) -> dict[str, Any]:
        """The whole position as card codes, in the reference engine's terms (for tests and
        debugging): hands, draw pile top first, discard bottom..top, and the turn."""
        st = self.state
        hands = []
        for seat in range(self.players):
            at = OFF_HANDS + int(st[H_SLOT + seat]) * CAP
            n = int(st[H_LEN + st[H_SLOT + seat]])
            hands.append([_CARDS[c].code for c in st[at : at + n]])
        nd, nx = int(st[H_NDRAW]), int(st[H_NDISCARD])
        return {
            "hands": hands,
            "draw": [_CARDS[c].code for c in st[OFF_DRAW : OFF_DRAW + nd][::-1]],
            "discard": [_CARDS[c].code for c in st[OFF_DISCARD : OFF_DISCARD + nx]],
            "to_play": None if st[H_TO_PLAY] < 0 else int(st[H_TO_PLAY]),
            "direction": int(st[H_DIRECTION]),
            "color": COLORS[int(st[H_COLOR])],
            "phase": PHASES[int(st[H_PHASE])],
            "pending": int(st[H_PENDING]),
            "winner": None if st[H_WINNER] < 0 else int(st[H_WINNER]),
            "turns": int(st[H_TURNS]),
            "repeats": self.repeats,
        } | (
            {
                "uno_said": [s for s in range(self.players) if st[H_SAID] >> s & 1],
                "uno_exposed": [s for s in range(self.players) if st[H_EXPOSED] >> s & 1],
            }
            if self.uno_calls
            else {}
        )

    @property
    def over(self) -> bool:
        return bool(self.state[H_PHASE] == PHASE_OVER)

    @property
    def to_play(self) -> int | None:
        seat = int(self.state[H_TO_PLAY])
        return None if seat < 0 else seat

    @property
    def turns(self) -> int:
        """Turns ended so far (``Game.turns``)."""
        return int(self.state[H_TURNS])

    @property
    def repeats(self) -> int:
        """``Game.repeats``: the most times a counted position has been seen."""
        st = self.state
        n = int(st[H_NSEEN])
        return max((int(st[H_SEEN + 3 * i + 2]) for i in range(n)), default=0)

    def round_points(self) -> list[int]:
        out = np.zeros(self.players, dtype=np.int64)
        kernel.round_points(self.state, out)
        return [int(x) for x in out]

    def copy(self) -> FastGame:
        twin = object.__new__(FastGame)
        twin.flags, twin.players, twin.uno_calls = self.flags, self.players, self.uno_calls
        twin.state, twin.rng = self.state.copy(), self.rng.copy()
        twin._mask = np.zeros_like(self._mask)
        return twin


@dataclass(frozen=True)
class RandomGames:
    """The results of ``play_random_games``, one entry a game."""

    winners: npt.NDArray[np.int32]
    points: npt.NDArray[np.int64]
    actions: npt.NDArray[np.int64]

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k).tolist() for k in ("winners", "points", "actions")}


def play_random_games(rules: Rules, players: int, seeds: npt.ArrayLike) -> RandomGames:
    """Deal one game per seed and play the speed policy for every seat (compiled)."""
    flags = flags_for(rules)
    seed_list = [int(s) & _M64 for s in np.asarray(seeds).ravel().tolist()]
    game_seeds = np.array(seed_list, dtype=np.uint64)
    pol_seeds = np.array([policy_seed(s) for s in seed_list], dtype=np.uint64)
    n = len(seed_list)
    winners = np.zeros(n, dtype=np.int32)
    points = np.zeros((n, players), dtype=np.int64)
    actions = np.zeros(n, dtype=np.int64)
    kernel.random_games(_DECK, players, flags, game_seeds, pol_seeds, winners, points, actions)
    return RandomGames(winners, points, actions)
