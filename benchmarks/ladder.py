"""The ladder: every bot and named strength rated in rotated 4-player tables (OpenSkill).

    .venv/bin/python benchmarks/ladder.py --tables 400 --seed 2026 --jobs 2 \\
        --plot docs/ladder.svg --out ladder.json

Each table seats four different bots of the roster and plays its deal four times, the bots
rotated a seat each time (``unokit.simulate.ladder``). Prints the ladder best first, as a
Markdown table for docs/bots.md: the rating ``mu`` with its 95% interval (± 1.96 sigma),
OpenSkill's conservative ordinal (``mu - 3 sigma``, the sort), games and win share (a fair
share at 4 players is 25%). The named strengths play with ``think=0`` (no pause for a
person's eyes). Reproducible from the seed, whatever ``--jobs``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import time
from pathlib import Path

from unokit.rules import Rules
from unokit.simulate.ladder import Ladder, LadderRow, TableResult, play_table, rate, tables

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


def _play(job: tuple[Ladder, int, tuple[int, ...]]) -> TableResult:
    ladder, index, entries = job
    return play_table(ladder, index, entries)


def markdown(rows: list[LadderRow]) -> str:
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


def plot(rows: list[LadderRow], path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 0.45 * len(rows) + 1.2))
    names = [r.bot for r in rows][::-1]
    mus = [r.mu for r in rows][::-1]
    errs = [1.96 * r.sigma for r in rows][::-1]
    ax.errorbar(mus, range(len(rows)), xerr=errs, fmt="o", capsize=3)
    ax.set_yticks(range(len(rows)), names)
    ax.set_xlabel("OpenSkill rating (mu, 95% interval)")
    ax.set_title(title)
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", type=int, default=400)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rules", default="mattel-2021")
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--roster", default=";".join(ROSTER), help="bot names, ';' between")
    parser.add_argument("--plot", type=Path, help="write the ladder as a plot (.svg, .png)")
    parser.add_argument("--out", type=Path, help="write the ladder as JSON")
    args = parser.parse_args()
    roster = tuple(b.strip() for b in args.roster.split(";") if b.strip())
    ladder = Ladder(roster, Rules.preset(args.rules), args.seed)
    jobs = [(ladder, i, entries) for i, entries in enumerate(tables(ladder, args.tables))]
    start = time.perf_counter()
    with multiprocessing.Pool(args.jobs) as pool:
        results = pool.map(_play, jobs, chunksize=4)
    rows = rate(ladder, results)
    seconds = time.perf_counter() - start
    print(
        f"{args.tables} tables ({4 * args.tables} games), {args.rules}, seed {args.seed}, "
        f"{args.jobs} jobs, {seconds:.0f} s"
    )
    print(markdown(rows))
    if args.plot:
        plot(rows, args.plot, f"unokit ladder: {args.rules}, {4 * args.tables} games")
    if args.out:
        data = [
            {"bot": r.bot, "mu": r.mu, "sigma": r.sigma, "games": r.games, "wins": r.wins}
            for r in rows
        ]
        args.out.write_text(json.dumps({"seed": args.seed, "ladder": data}, indent=1) + "\n")


if __name__ == "__main__":
    main()
