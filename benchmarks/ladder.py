"""The ladder: every bot and named strength rated in rotated 4-player tables (OpenSkill).

    .venv/bin/python benchmarks/ladder.py --tables 400 --seed 2026 --jobs 2 \\
        --plot docs/ladder.svg --out ladder.json

(``unokit ladder`` plays the same ladder, with a progress bar; this script prints the
Markdown table of docs/bots.md and reads its roster with ';' between bots.)

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
from unokit.simulate.ladder import (
    ROSTER,
    Ladder,
    TableResult,
    markdown,
    play_table,
    plot_ladder,
    rate,
    tables,
)


def _play(job: tuple[Ladder, int, tuple[int, ...]]) -> TableResult:
    ladder, index, entries = job
    return play_table(ladder, index, entries)


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
        plot_ladder(rows, args.plot, f"unokit ladder: {args.rules}, {4 * args.tables} games")
    if args.out:
        data = [
            {"bot": r.bot, "mu": r.mu, "sigma": r.sigma, "games": r.games, "wins": r.wins}
            for r in rows
        ]
        args.out.write_text(json.dumps({"seed": args.seed, "ladder": data}, indent=1) + "\n")


if __name__ == "__main__":
    main()
