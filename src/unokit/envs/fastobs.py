"""The observation vector written straight from the fast path's state array (numba).

The same layout and values as ``ObservationLayout.encode(game.view(seat))`` for the rules the
fast path plays (tests compare them game after game). With the kernel's ``FLAG_UNO_CALLS``
``uno_said`` and ``uno_exposed`` are the engine's Uno sets; without it (the vector
environment) Uno is always said with the play, so ``uno_said`` marks every one-card hand and
``uno_exposed`` stays 0. ``offer`` is the caller's to write (it belongs to the turn order, not
to the state). A seat sees its own hand only; the other hands appear as counts.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from numba import njit
from numpy.typing import NDArray

from unokit.cards import Card
from unokit.envs.observation import ObservationLayout
from unokit.fast.layout import (
    CAP,
    FLAG_UNO_CALLS,
    H_COLOR,
    H_DIRECTION,
    H_DRAWN,
    H_EXPOSED,
    H_FLAGS,
    H_LEN,
    H_NDISCARD,
    H_NDRAW,
    H_PENDING,
    H_PENDING_KIND,
    H_PHASE,
    H_PLAYERS,
    H_SAID,
    H_SLOT,
    H_TO_PLAY,
    H_WD4_PLAYER,
    OFF_DISCARD,
    OFF_HANDS,
    PENDING_DRAW_TWO,
    PENDING_WD4,
    PHASE_DRAWN,
)

__all__ = ["FIELDS", "card_map", "field_starts", "observe"]

FIELDS: Final = (
    "hand",
    "top",
    "color",
    "drawn",
    "played",
    "seat",
    "to_play",
    "hand_sizes",
    "uno_said",
    "direction",
    "pending",
    "phase",
    "draw_size",
    "uno_exposed",
    "offer",
)
"""The fields ``observe`` writes (``offer``: its caller), in the order of ``field_starts``
(new fields go last: the vector environment indexes the first ones)."""


def field_starts(layout: ObservationLayout) -> NDArray[np.int64]:
    return np.array([layout.slices[f].start for f in FIELDS], dtype=np.int64)


def card_map(layout: ObservationLayout) -> NDArray[np.int32]:
    """``Card.index`` (the fast path's card number) -> position in the layout's cards."""
    out = np.full(len(Card.all()), -1, dtype=np.int32)
    for card in layout.cards:
        out[card.index] = layout.card_index[card.code]
    return out


@njit(cache=True)
def observe(
    state: NDArray[np.int32], seat: int, card_map: NDArray[np.integer[Any]], at: NDArray[np.int64],
    out: NDArray[np.float32],
) -> None:  # fmt: skip
    """Write the observation of ``seat`` into ``out`` (``at``: each field's start)."""
    out[:] = 0.0
    players = state[H_PLAYERS]
    to_play = state[H_TO_PLAY]
    slot = state[H_SLOT + seat]
    base = OFF_HANDS + slot * CAP
    for k in range(state[H_LEN + slot]):
        out[at[0] + card_map[state[base + k]]] += 1.0
    out[at[5] + seat] = 1.0
    if to_play >= 0:
        out[at[6] + to_play] = 1.0
    nd = state[H_NDISCARD]
    out[at[1] + card_map[state[OFF_DISCARD + nd - 1]]] = 1.0
    out[at[2] + state[H_COLOR]] = 1.0
    if state[H_PHASE] == PHASE_DRAWN and seat == to_play:
        out[at[3] + card_map[state[H_DRAWN]]] = 1.0
    for k in range(nd):
        out[at[4] + card_map[state[OFF_DISCARD + k]]] += 1.0
    calls = state[H_FLAGS] & FLAG_UNO_CALLS
    said = state[H_SAID]
    exposed = state[H_EXPOSED]
    for s in range(players):
        n = state[H_LEN + state[H_SLOT + s]]
        out[at[7] + s] = n
        if calls:
            if said >> s & 1:
                out[at[8] + s] = 1.0
            if exposed >> s & 1:
                out[at[13] + s] = 1.0
        elif n == 1:
            out[at[8] + s] = 1.0
    if state[H_DIRECTION] == 1:
        out[at[9]] = 1.0
    if state[H_PENDING] > 0:
        out[at[10]] = state[H_PENDING]
        kind = state[H_PENDING_KIND]
        if kind == PENDING_DRAW_TWO:
            out[at[10] + 1] = 1.0
        elif kind == PENDING_WD4:
            out[at[10] + 2] = 1.0
        if state[H_WD4_PLAYER] >= 0:
            out[at[10] + 3] = 1.0
    out[at[11] + state[H_PHASE]] = 1.0
    out[at[12]] = state[H_NDRAW]
