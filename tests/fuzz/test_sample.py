"""The fuzzer's fixed sample, run on every change (the large runs are benchmarks/fuzz.py).

Every preset and variant, thousands of rounds with the fuzzer's checks; the sample's seed is
fixed, so a failure here replays with ``benchmarks/fuzz.py --case PRESET:INDEX --seed 2026``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from unokit import Rules
from unokit.fuzz import FACTORS, OPENINGS, case_for, covering_array, run_case

SAMPLE = {
    "mattel-2021": 1500,
    "mattel-2015": 1500,
    "mattel-2003": 1500,
    "triple-play": 1500,
    "party": 600,
}
SEED = 2026


@pytest.mark.parametrize("preset", list(SAMPLE))
def test_a_fixed_sample_of_fuzzed_rounds_keeps_every_invariant(preset: str) -> None:
    winners = 0
    openings: Counter[str] = Counter()
    for index in range(SAMPLE[preset]):
        case = case_for(preset, SEED, index)
        outcome = run_case(case)
        assert outcome.failure is None, outcome.report()
        winners += outcome.winner is not None
        openings[case.opening] += 1
        if case.opening == "dead":  # nothing to draw, and only cards the others handed back
            assert outcome.winner is None, outcome.report()
    assert winners > SAMPLE[preset] // 2  # rounds end by someone going out, not blocked
    assert openings["hoard"] >= SAMPLE[preset] // 8 and openings["dead"] >= SAMPLE[preset] // 16


@pytest.mark.parametrize("preset", list(SAMPLE))
def test_greedy_tables_end_hoarded_and_dead_rounds_without_slipping(preset: str) -> None:
    """Every seat greedy (which always plays a card it has drawn): the rounds that looped for
    ever before the dry round (docs/rules.md, C-DEC-49) end, blocked or won."""
    blocked = 0
    for index in range(48):
        case = case_for(preset, SEED, index)
        case = replace(case, seats=("greedy",) * case.players, opening=OPENINGS[1 + index % 2])
        outcome = run_case(case)
        assert outcome.failure is None, outcome.report()
        blocked += outcome.winner is None
    assert blocked >= 24  # every dead position at least


def test_the_case_that_looped_before_the_dry_round_ends() -> None:
    """Two greedy seats passed one Reverse back and forth at a 9-seat mattel-2003 table
    whose draw pile was spent (docs/performance.md, "Fuzzing")."""
    case = case_for("mattel-2003", 1, 15684)
    assert case.players == 9 and "greedy" in case.seats and case.opening == "deal"
    outcome = run_case(case)
    assert outcome.failure is None, outcome.report()


@pytest.mark.parametrize("preset", list(SAMPLE))
def test_the_covering_array_meets_every_pair_of_switch_values(preset: str) -> None:
    rows = covering_array(preset)
    factors = FACTORS[Rules.preset(preset).game]
    for row in rows:
        Rules.preset(preset, **row)  # every row is a valid table
    names = list(factors)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            for va in factors[a]:
                for vb in factors[b]:
                    try:
                        Rules.preset(preset, **{a: va, b: vb})
                    except ValueError:
                        continue
                    assert any(r[a] == va and r[b] == vb for r in rows), (a, va, b, vb)


def test_a_case_is_fixed_by_its_seed_preset_and_index() -> None:
    first = [case_for("mattel-2021", 7, i) for i in range(20)]
    again = [case_for("mattel-2021", 7, i) for i in range(19, -1, -1)][::-1]
    assert first == again
    assert case_for("mattel-2021", 8, 3) != first[3]
    a, b = run_case(first[5]), run_case(first[5])
    assert (a.actions, a.winner) == (b.actions, b.winner)


def test_F2_a_round_still_in_play_at_the_fuzzers_bound_is_unfinished_not_a_failure() -> None:
    """The bound is the fuzzer's, not a rule: the round is cut short, checked as far as it
    went, and counted unfinished (neither a failure nor a round without a winner)."""
    case = case_for("party", SEED, 1)
    outcome = run_case(case, bound=5, end_every=1)
    assert outcome.failure is None and outcome.unfinished
    assert outcome.actions == 5 and outcome.winner is None


def test_a_broken_invariant_is_reported_not_raised() -> None:
    """A case whose rules cannot be made (a hand-written case) fails with the reason."""
    case = case_for("mattel-2003", SEED, 0)
    broken = type(case)(**{**case.__dict__, "switches": {"custom_rule": "extra_turn"}})
    outcome = run_case(broken)
    assert outcome.failure is not None and "Wild Customizable" in outcome.failure


def test_a_run_aimed_at_large_tables_seats_only_those_sizes() -> None:
    sizes = {case_for("party", SEED, i, seats=(6, 16)).players for i in range(300)}
    assert sizes == set(range(6, 17))
    assert {case_for("triple-play", SEED, i, seats=(9, 40)).players for i in range(50)} == {9, 10}
    with pytest.raises(ValueError, match="mattel-2021 seats 2 to 10, not 12 to 16"):
        case_for("mattel-2021", SEED, 0, seats=(12, 16))
