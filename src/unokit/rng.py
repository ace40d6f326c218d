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

__all__ = ["Random"]

_M64: Final = (1 << 64) - 1
_M32: Final = (1 << 32) - 1
_MULT: Final = 6364136223846793005
_STREAM: Final = 54

T = TypeVar("T")


class Random:
    """A PCG32 generator; copying it (``copy()``) continues the same sequence."""

    __slots__ = ("inc", "state")

    def __init__(self, seed: int = 0) -> None:
        self.inc = ((_STREAM << 1) | 1) & _M64
        self.state = 0
        self.next32()
        self.state = (self.state + (seed & _M64)) & _M64
        self.next32()

    def next32(self) -> int:
        old = self.state
        self.state = (old * _MULT + self.inc) & _M64
        xorshifted = (((old >> 18) ^ old) >> 27) & _M32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _M32

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
        """Shuffle in place (Fisher-Yates from the end).

        ``next32`` and ``below`` written out in one loop: a deal is 111 draws, and the calls
        cost more than the arithmetic (the same numbers; ``tests/test_rng.py`` checks it)."""
        state, inc = self.state, self.inc
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
        self.state = state

    def copy(self) -> Random:
        twin = Random()
        twin.state = self.state
        twin.inc = self.inc
        return twin

    def getstate(self) -> tuple[int, int]:
        return (self.state, self.inc)

    @classmethod
    def fromstate(cls, state: tuple[int, int]) -> Random:
        twin = cls()
        twin.state, twin.inc = state
        return twin
