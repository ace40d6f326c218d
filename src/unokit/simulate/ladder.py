"""A rated ladder of bots: rotated 4-player tables, rated with OpenSkill.

Each table seats four different bots of the roster, drawn from the ladder's seed; its deal
is played four times, the bots moved one seat on each time, so every bot plays every seat
of the same cards. Every game is one result: the winner first and the other three tied
behind it (a ladder of who wins rounds, as the win shares of docs/bots.md measure; the
points left in a hand are the match's scoring, not the round's), a blocked round all tied.
Ratings are OpenSkill's Plackett-Luce model (``openskill``, a maintained multiplayer
rating library, in the ``sim`` extra), updated game by game in table order, so a ladder is
a function of its roster, rules and seed alone, however many processes play its games.

``unokit ladder`` runs it (``benchmarks/ladder.py`` writes the table and the plot of
docs/bots.md with it): ``markdown``, ``ladder_json`` and ``plot_ladder`` give its forms.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

from unokit.bots import make_bot, play_game
from unokit.game import Game
from unokit.rng import Random
from unokit.rules import Rules
from unokit.simulate.seeds import bot_seed, game_seed

__all__ = [
    "ROSTER",
    "Ladder",
    "LadderRow",
    "TableResult",
    "ladder_json",
    "ladder_table",
    "markdown",
    "play_table",
    "plot_ladder",
    "rate",
    "tables",
]

SEATS = 4

ROSTER = (
    "random",
    "easy:think=0",
    "normal:think=0",
    "hard:think=0",
    "greedy",
    "greedy:points=0",
    "greedy:points=0,challenge=1",
    "greedy:forget_uno=0.2,miss_catch=0.5",
    "ismcts:iterations=50",
    "ismcts:iterations=200",
    "strongest:think=0",
    "learned",
)
"""The roster of docs/bots.md's ladder: every bot and named strength (``think=0``: no pause
for a person's eyes)."""


@dataclass(frozen=True)
class TableResult:
    """One table: which roster entries sat down, and each rotation's ranks by entry."""

    index: int
    entries: tuple[int, ...]
    """The roster entries at seats 0..3 of the first rotation."""
    ranks: tuple[tuple[int, ...], ...]
    """For each rotation, the rank of each of ``entries`` (1 best; ties share a rank)."""
    wins: tuple[tuple[bool, ...], ...]


@dataclass
class LadderRow:
    """A bot's place on the ladder."""

    bot: str
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0

    @property
    def low(self) -> float:
        """The rating's 95% interval, ``mu`` ± 1.96 sigma."""
        return self.mu - 1.96 * self.sigma

    @property
    def high(self) -> float:
        return self.mu + 1.96 * self.sigma

    @property
    def ordinal(self) -> float:
        """OpenSkill's conservative rating, ``mu - 3 sigma``: what the ladder sorts by."""
        return self.mu - 3.0 * self.sigma

    @property
    def win_share(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class Ladder:
    """A roster, its rules and seed: everything a ladder's games depend on."""

    roster: tuple[str, ...]
    rules: Rules = field(default_factory=Rules.preset)
    seed: int = 0
    max_actions: int = 100_000


def tables(ladder: Ladder, count: int) -> list[tuple[int, ...]]:
    """The seatings of the ladder's first ``count`` tables (four different entries each,
    every entry about as often: a fresh shuffle of the roster whenever it runs low)."""
    if len(ladder.roster) < SEATS:
        raise ValueError(f"a ladder needs at least {SEATS} bots, not {len(ladder.roster)}")
    rng = Random(game_seed(ladder.seed, 0x1ADDE7))
    pool: list[int] = []
    out = []
    for _ in range(count):
        if len(pool) < SEATS:
            fresh = list(range(len(ladder.roster)))
            rng.shuffle(fresh)
            pool = [e for e in fresh if e not in pool] + pool
        out.append(tuple(pool.pop() for _ in range(SEATS)))
    return out


def play_table(ladder: Ladder, index: int, entries: Sequence[int]) -> TableResult:
    """Play table ``index``: its deal four times, the bots rotated one seat each time."""
    seed = game_seed(ladder.seed, index)
    ranks = []
    wins = []
    for turn in range(SEATS):
        at_seat = [entries[(s - turn) % SEATS] for s in range(SEATS)]
        bots = [make_bot(ladder.roster[e], seed=bot_seed(seed, e)) for e in at_seat]
        game = play_game(
            Game.new(ladder.rules, players=SEATS, seed=seed), bots, max_actions=ladder.max_actions
        )
        order = [_rank(game.winner, s) for s in range(SEATS)]
        seat_of = {e: s for s, e in enumerate(at_seat)}
        ranks.append(tuple(order[seat_of[e]] for e in entries))
        wins.append(tuple(game.winner == seat_of[e] for e in entries))
    return TableResult(index, tuple(entries), tuple(ranks), tuple(wins))


def _rank(winner: int | None, seat: int) -> int:
    """1 for the winner, 2 for every other seat; all 1 after a blocked round."""
    return 1 if winner is None or seat == winner else 2


def rate(ladder: Ladder, results: Iterable[TableResult]) -> list[LadderRow]:
    """The ladder's ratings after ``results`` (in table order), best first."""
    model = PlackettLuce()
    ratings = [model.rating(name=bot) for bot in ladder.roster]
    rows = [LadderRow(bot, r.mu, r.sigma) for bot, r in zip(ladder.roster, ratings, strict=True)]
    for result in sorted(results, key=lambda r: r.index):
        for ranks, won in zip(result.ranks, result.wins, strict=True):
            teams = [[ratings[e]] for e in result.entries]
            new = model.rate(teams, ranks=list(ranks))
            for e, team, w in zip(result.entries, new, won, strict=True):
                ratings[e] = team[0]
                rows[e].games += 1
                rows[e].wins += w
    for row, rating in zip(rows, ratings, strict=True):
        row.mu, row.sigma = rating.mu, rating.sigma
    return sorted(rows, key=lambda r: r.ordinal, reverse=True)


def ladder_table(ladder: Ladder, count: int) -> list[LadderRow]:
    """Play ``count`` tables in this process and rate them (``benchmarks/ladder.py`` plays
    them on every core with ``play_table``, then ``rate``)."""
    results = [play_table(ladder, i, entries) for i, entries in enumerate(tables(ladder, count))]
    return rate(ladder, results)


def markdown(rows: Sequence[LadderRow]) -> str:
    """The ladder as a Markdown table (docs/bots.md's)."""
    lines = [
        "| rank | bot | rating (95% interval) | ordinal | games | win share |",
        "|---:|---|---|---:|---:|---:|",
    ]
    for i, r in enumerate(rows, 1):
        lines.append(
            f"| {i} | `{r.bot}` | {r.mu:.1f} [{r.low:.1f}, {r.high:.1f}] | {r.ordinal:.1f} "
            f"| {r.games} | {100 * r.win_share:.1f}% |"
        )
    return "\n".join(lines)


def ladder_json(ladder: Ladder, rows: Sequence[LadderRow], tables: int) -> dict[str, Any]:
    """The ladder as JSON: what was played and each bot's rating, best first."""
    return {
        "format": "unokit.ladder",
        "rules": ladder.rules.name,
        "seed": ladder.seed,
        "roster": list(ladder.roster),
        "tables": tables,
        "ladder": [
            {"bot": r.bot, "mu": r.mu, "sigma": r.sigma, "low": r.low, "high": r.high,
             "ordinal": r.ordinal, "games": r.games, "wins": r.wins}
            for r in rows
        ],
    }  # fmt: skip


def plot_ladder(rows: Sequence[LadderRow], path: Path, title: str) -> None:
    """Each bot's rating with its 95% interval, best at the top (PNG, SVG or PDF by the
    suffix)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 0.45 * len(rows) + 1.2))
    try:
        names = [r.bot for r in rows][::-1]
        mus = [r.mu for r in rows][::-1]
        errs = [1.96 * r.sigma for r in rows][::-1]
        ax.errorbar(mus, range(len(rows)), xerr=errs, fmt="o", capsize=3)
        ax.set_yticks(range(len(rows)), names)
        ax.set_xlabel("OpenSkill rating (mu, 95% interval)")
        ax.set_title(title)
        ax.grid(axis="x", alpha=0.3)
        fig.tight_layout()
        fig.savefig(path, format=path.suffix.lstrip(".").lower() or None)
    finally:
        plt.close(fig)
