"""The kernel's fingerprint of a position, computed from the reference engine's positions.

The kernel counts positions for the repetition rule (``unokit.game.REPEATS``, docs/rules.md
C-DEC-49) by two 31-bit fingerprints each; ``FastGame.from_game`` hands it the positions a
``Game`` has already counted, so this module computes the same numbers from the engine's
position keys (``Game._position``). Plain Python: the kernel's ``_fingerprint`` is the
same arithmetic on its state array.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, cast

from unokit.cards import COLORS, Kind
from unokit.fast.layout import FLAG_UNO_CALLS, PENDING_DRAW_TWO, PENDING_NONE, PENDING_WD4
from unokit.game import Game

__all__ = ["MODULI", "fingerprints"]

MODULI = ((2147483647, 48271), (2147483629, 69621))
"""Each fingerprint's prime modulus and multiplier (the kernel's ``_count_position``)."""
_KINDS = {None: PENDING_NONE, Kind.DRAW_TWO: PENDING_DRAW_TWO, Kind.WILD_DRAW_FOUR: PENDING_WD4}


def _item(x: int, p: int, a: int) -> int:
    v = (x * a + 11) % p
    v = (v * v + 7) % p
    return (v * v + 3) % p


def _fingerprint(key: tuple[Any, ...], draw: list[int], uno: bool, p: int, a: int) -> int:
    hands, below, top, color, direction, to_play, phase, pending, kind, wd4, drawn = key[:11]
    exposed, said = key[11], key[12]
    h = 0
    for seat, hand in enumerate(hands):
        h += sum(_item(seat * 128 + c, p, a) for c in hand)
    h += sum(_item(20 * 128 + c, p, a) for c in draw)
    h += sum(_item(21 * 128 + c, p, a) for c in below)
    h %= p
    fields = (
        top,
        COLORS.index(color or "R"),
        direction,
        -1 if to_play is None else to_play,
        phase,
        pending,
        _KINDS[kind],
        -1 if wd4 is None else wd4[0],
        0 if wd4 is None else int(wd4[1]),
        -1 if drawn is None else drawn,
        sum(1 << s for s in exposed) if uno else 0,
        sum(1 << s for s in said) if uno else 0,
    )
    for f in fields:
        h = (h * 1000003 + f + 7) % p
    return h


def fingerprints(game: Game, flags: int) -> list[tuple[int, int, int]]:
    """The positions ``game`` has counted, as the kernel holds them: both fingerprints and
    how often each was seen, in the order they were first seen."""
    uno = bool(flags & FLAG_UNO_CALLS)
    deck = Counter(c.index for c in game.all_cards())
    out = []
    for key, count in (game._seen or {}).items():
        hands, below, top = cast(tuple[tuple[int, ...], ...], key[0]), key[1], key[2]
        draw = deck.copy()  # the engine's key leaves out what is left to draw: the rest
        draw.subtract([c for hand in hands for c in hand] + [*cast(tuple[int, ...], below)])
        draw.subtract([cast(int, top)])
        left = list(draw.elements())
        h1, h2 = (_fingerprint(key, left, uno, p, a) for p, a in MODULI)
        out.append((h1, h2, count))
    return out
