"""The project's generator is PCG32 exactly (docs/records.md), so seeds mean the same game
everywhere."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from unokit import Random


def test_pcg32_reference_output() -> None:
    # pcg32-global-demo / pcg32_srandom_r(42, 54): the reference implementation's numbers.
    rng = Random(42)
    assert [rng.next32() for _ in range(6)] == [
        0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293, 0xBFA4784B, 0xCBED606E,
    ]  # fmt: skip


def test_below_is_in_range_and_reproducible() -> None:
    a, b = Random(7), Random(7)
    xs = [a.below(10) for _ in range(1000)]
    assert xs == [b.below(10) for _ in range(1000)]
    assert set(xs) == set(range(10))


def test_shuffle_is_fisher_yates_from_the_end() -> None:
    items = list(range(10))
    Random(1).shuffle(items)
    expected = list(range(10))
    rng = Random(1)
    for i in range(9, 0, -1):
        j = rng.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected
    assert sorted(items) == list(range(10))


def test_copy_continues_the_same_sequence() -> None:
    a = Random(3)
    a.next32()
    b = a.copy()
    assert [a.next32() for _ in range(5)] == [b.next32() for _ in range(5)]
    c = Random.fromstate(a.getstate())
    assert a.next64() == c.next64()


def test_shuffle_draws_exactly_what_below_draws_and_leaves_the_same_state() -> None:
    # shuffle() writes next32/below out for speed: it must stay the same generator.
    for seed in range(200):
        for size in (0, 1, 2, 7, 108, 112):
            items = list(range(size))
            fast = Random(seed)
            fast.shuffle(items)
            slow = Random(seed)
            expected = list(range(size))
            for i in range(size - 1, 0, -1):
                j = slow.below(i + 1)
                expected[i], expected[j] = expected[j], expected[i]
            assert items == expected
            assert fast.getstate() == slow.getstate()


@given(st.integers(0, 2**64 - 1), st.integers(0, 2**63 - 1))
def test_next32_is_the_64_bit_formula_from_any_state(state: int, half_inc: int) -> None:
    # Compiled, next32 works on 32-bit halves (no big integers): it must stay PCG32 exactly.
    inc = (half_inc << 1) | 1
    rng = Random.fromstate((state, inc))
    for _ in range(3):
        old = state
        state = (old * 6364136223846793005 + inc) % 2**64
        xorshifted = (((old >> 18) ^ old) >> 27) % 2**32
        rot = old >> 59
        expected = ((xorshifted >> rot) | (xorshifted << ((-rot) % 32))) % 2**32
        assert rng.next32() == expected
        assert rng.getstate() == (state, inc)
