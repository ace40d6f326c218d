"""The one source of randomness of unokit: PCG32 (O'Neill, pcg-random.org, "pcg32").

Python's ``random`` may change between versions and cannot be reproduced by a compiled fast
path; this generator is 20 lines, fully specified here and in docs/records.md, and gives the
same numbers everywhere:

* state and increment are 64-bit; ``seed(s)``: ``inc = (54 << 1) | 1``, ``state = 0``,
  step, ``state += s mod 2**64``, step (PCG's ``pcg32_srandom_r(s, 54)``);
* ``next32``: ``old = state; state = old * 6364136223846793005 + inc (mod 2**64)``; output
  ``rotr32(((old >> 18) ^ old) >> 27, old >> 59)``;
* ``below(n)``: PCG's ``pcg32_boundedrand_r``: draw until ``r >= (2**32 - n) % n``, return
  ``r % n``;
* ``shuffle(xs)``: Fisher-Yates from the end: for ``i = len-1 .. 1``: swap ``xs[i]`` with
  ``xs[below(i + 1)]``.
"""

from __future__ import annotations

from typing import Final, TypeVar

from mypy_extensions import i64

__all__ = ["Random"]

_M64: Final = (1 << 64) - 1
_M32: Final = (1 << 32) - 1
_MULT: Final = 6364136223846793005
_STREAM: Final = 54

# The 64-bit state is kept as two 32-bit halves and the multiplier in 16-bit pieces, so no
# intermediate value needs more than 50 bits: compiled (setup.py) that is machine arithmetic,
# where a 64 x 64-bit product would be a big-integer allocation on every draw.
_MH0: Final = (_MULT >> 32) & 0xFFFF
_MH1: Final = _MULT >> 48
_ML0: Final = _MULT & 0xFFFF
_ML1: Final = (_MULT >> 16) & 0xFFFF

T = TypeVar("T")


class Random:
    """A PCG32 generator; copying it (``copy()``) continues the same sequence."""

    __slots__ = ("_hi", "_inc_hi", "_inc_lo", "_lo")

    _hi: i64
    _lo: i64
    _inc_hi: i64
    _inc_lo: i64

    def __init__(self, seed: int = 0) -> None:
        self._inc_hi = 0
        self._inc_lo = (_STREAM << 1) | 1
        self._hi = self._lo = 0
        self.next32()
        self._set_state(self.state + (seed & _M64))
        self.next32()

    @property
    def state(self) -> int:
        return (int(self._hi) << 32) | int(self._lo)  # int(): i64 << 32 would wrap

    @property
    def inc(self) -> int:
        return (int(self._inc_hi) << 32) | int(self._inc_lo)

    def _set_state(self, state: int) -> None:
        state &= _M64
        self._hi = state >> 32
        self._lo = state & _M32

    def next32(self) -> int:
        hi: i64 = self._hi
        lo: i64 = self._lo
        # output: rotr32(((old >> 18) ^ old) >> 27, old >> 59)
        x: i64 = ((lo ^ ((lo >> 18) | ((hi << 14) & _M32))) >> 27) | ((hi ^ (hi >> 18)) << 5)
        x &= _M32
        rot: i64 = hi >> 27
        k: i64 = (32 - rot) & 31
        # state = old * _MULT + inc (mod 2**64), by halves
        p1: i64 = lo * _ML1
        t: i64 = lo * _ML0 + ((p1 & 0xFFFF) << 16) + self._inc_lo
        self._lo = t & _M32
        self._hi = (
            (t >> 32)
            + (p1 >> 16)
            + lo * _MH0
            + (((lo * _MH1) & 0xFFFF) << 16)
            + hi * _ML0
            + (((hi * _ML1) & 0xFFFF) << 16)
            + self._inc_hi
        ) & _M32
        return int((x >> rot) | ((x & ((1 << (32 - k)) - 1)) << k))

    def next64(self) -> int:
        """Two outputs, high word first: used to derive the seed of each round of a match."""
        return (self.next32() << 32) | self.next32()

    def below(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1`` (``n`` from 1 to 2**32)."""
        threshold = ((1 << 32) - n) % n
        while True:
            r = self.next32()
            if r >= threshold:
                return r % n

    def shuffle(self, items: list[T]) -> None:
        """Shuffle in place (Fisher-Yates from the end)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> Random:
        twin = Random()
        twin._hi, twin._lo = self._hi, self._lo
        twin._inc_hi, twin._inc_lo = self._inc_hi, self._inc_lo
        return twin

    def getstate(self) -> tuple[int, int]:
        return (self.state, self.inc)

    @classmethod
    def fromstate(cls, state: tuple[int, int]) -> Random:
        twin = cls()
        twin._set_state(state[0])
        twin._inc_hi, twin._inc_lo = (state[1] >> 32) & _M32, state[1] & _M32
        return twin


# As plain Python (not compiled by setup.py) the generator is faster on whole 64-bit integers:
# the same numbers, computed as the module docstring writes them.


def _plain_next32(self: Random) -> int:
    old = (self._hi << 32) | self._lo
    state = (old * _MULT + ((self._inc_hi << 32) | self._inc_lo)) & _M64
    self._hi, self._lo = state >> 32, state & _M32
    xorshifted = (((old >> 18) ^ old) >> 27) & _M32
    rot = old >> 59
    return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _M32


def _plain_shuffle(self: Random, items: list[T]) -> None:
    """``shuffle`` with ``below`` and ``next32`` written out: a deal is 111 draws."""
    state, inc = (self._hi << 32) | self._lo, (self._inc_hi << 32) | self._inc_lo
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        threshold = (0x100000000 - n) % n
        while True:
            old = state
            state = (old * _MULT + inc) & _M64
            xorshifted = (((old >> 18) ^ old) >> 27) & _M32
            rot = old >> 59
            r = ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _M32
            if r >= threshold:
                break
        j = r % n
        items[i], items[j] = items[j], items[i]
    self._hi, self._lo = state >> 32, state & _M32


if __file__.endswith(".py"):
    setattr(Random, "next32", _plain_next32)  # noqa: B010
    setattr(Random, "shuffle", _plain_shuffle)  # noqa: B010
