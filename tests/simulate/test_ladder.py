"""The rated ladder: rotated tables, ranks by the points left, OpenSkill ratings."""

from __future__ import annotations

from collections import Counter

import pytest

from unokit.simulate.ladder import Ladder, _rank, ladder_table, play_table, rate, tables

ROSTER = ("random", "greedy", "greedy:points=0", "easy:think=0", "normal:think=0")


def test_every_table_seats_four_different_bots_and_each_bot_about_as_often() -> None:
    ladder = Ladder(ROSTER, seed=3)
    seatings = tables(ladder, 50)
    assert all(len(set(t)) == 4 for t in seatings)
    counts = Counter(e for t in seatings for e in t)
    assert max(counts.values()) - min(counts.values()) <= 4
    assert tables(Ladder(ROSTER, seed=3), 50) == seatings
    with pytest.raises(ValueError, match="at least 4 bots"):
        tables(Ladder(ROSTER[:3]), 1)


def test_a_table_plays_its_deal_with_every_bot_at_every_seat() -> None:
    ladder = Ladder(ROSTER, seed=5)
    result = play_table(ladder, 0, (0, 1, 2, 3))
    assert len(result.ranks) == 4
    for ranks, wins in zip(result.ranks, result.wins, strict=True):
        assert sorted(ranks)[0] == 1 and sum(wins) <= 1
    assert play_table(ladder, 0, (0, 1, 2, 3)) == result


def test_the_winner_ranks_first_and_the_others_tie_behind_it() -> None:
    assert [_rank(2, s) for s in range(4)] == [2, 2, 1, 2]
    assert [_rank(None, s) for s in range(4)] == [1, 1, 1, 1]


def test_a_ladder_is_a_function_of_its_roster_rules_and_seed() -> None:
    ladder = Ladder(ROSTER, seed=7)
    rows = ladder_table(ladder, 30)
    again = rate(ladder, [play_table(ladder, i, t) for i, t in enumerate(tables(ladder, 30))])
    assert [(r.bot, r.mu, r.sigma) for r in rows] == [(r.bot, r.mu, r.sigma) for r in again]
    by_bot = {r.bot: r for r in rows}
    assert by_bot["greedy"].mu > by_bot["random"].mu  # 120 games tell these two apart
    assert sum(r.games for r in rows) == 4 * 30 * 4
