"""Per-game seeds and seating: a pure function of the master seed and the game's number.

A game's seed depends on nothing but ``(master, index)``, so games can run in any order, in
any process or on any machine and still be the same games: that is what makes a run
reproducible across ``--jobs`` and Ray.
"""

from __future__ import annotations

from typing import Final

__all__ = ["bot_seed", "game_seed", "seating"]

_M64: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15


def _splitmix64(x: int) -> int:
    """SplitMix64's output function (Steele, Lea, Flood 2014): a strong 64-bit mixer."""
    z = x & _M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return z ^ (z >> 31)


def game_seed(master: int, index: int) -> int:
    """The deal seed of game ``index`` of a run seeded ``master`` (63 bits)."""
    return _splitmix64(master * _GOLDEN + (index + 1) * 0xD1B54A32D192ED03) >> 1


def bot_seed(seed: int, entry: int) -> int:
    """The seed of the bot of list entry ``entry`` in the game dealt with ``seed``."""
    return _splitmix64(seed + (entry + 1) * _GOLDEN) >> 1


def seating(index: int, entries: int) -> list[int]:
    """``seating(i, n)[seat]``: which entry of the bot list sits at ``seat`` in game ``i``.

    The seats rotate one place a game: entry ``j`` sits at seat ``(j + i) mod n``, so over any
    ``n`` consecutive games every bot sits once at every seat (and plays first once).
    """
    return [(seat - index) % entries for seat in range(entries)]
