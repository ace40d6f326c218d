"""The fuzzer: random rounds of every preset and variant with every invariant checked.

Plays the cases of ``unokit.fuzz`` (random legal switch sets, 2 to 10 seats and Party! to 16,
random, eager and greedy players, out-of-turn actions by any seat) on every core, with a
progress bar; prints rounds per CPU second, the mean and longest round, and for the first
failing case of each preset its reproduction (written to ``fuzz-failure-PRESET-INDEX.json``:
the case and the game's record up to the failing action). A run is exactly reproducible
from its seed; one case replays alone, with every check after every action, with
``--case PRESET:INDEX``.

    .venv/bin/python benchmarks/fuzz.py --games 1000000 --variant-games 100000 --jobs 2
    .venv/bin/python benchmarks/fuzz.py --case party:4711 --seed 1
    .venv/bin/python benchmarks/fuzz.py --variant-games 100000 --presets party --seats 6-16

``--seats LOW-HIGH`` narrows the table sizes (a case then differs from the same index of a
run without it; give the same ``--seats`` with ``--case``).

Exit status: 0 when every round passed, 1 when one failed, 130 when stopped with Ctrl-C or
SIGTERM (after printing what had run).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import signal
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from unokit.fuzz import case_for, run_case

CLASSIC = ("mattel-2021", "mattel-2015", "mattel-2003")
VARIANTS = ("triple-play", "party")
CHUNK = 250

Job = tuple[str, int, int, int, int, int, tuple[int, int] | None]


@dataclass
class Tally:
    """What the chunks of one preset added up to."""

    rounds: int = 0
    actions: int = 0
    longest: int = 0
    blocked: int = 0
    """Rounds that ended without a winner (docs/rules.md, C-DEC-33 and C-DEC-49)."""
    unfinished: int = 0
    """Rounds cut short at the fuzzer's bound (``unokit.fuzz.ACTION_BOUND``)."""
    seconds: float = 0.0
    failures: list[tuple[int, str, str]] = field(default_factory=list)
    """(index, failure, report JSON) of failing cases, the first few."""

    def add(self, other: Tally) -> None:
        self.rounds += other.rounds
        self.actions += other.actions
        self.longest = max(self.longest, other.longest)
        self.blocked += other.blocked
        self.unfinished += other.unfinished
        self.seconds += other.seconds
        self.failures += other.failures[: max(0, 3 - len(self.failures))]


def run_chunk(job: Job) -> tuple[str, Tally]:
    """Cases ``start`` to ``stop - 1`` of ``preset`` (one worker's share)."""
    preset, seed, start, stop, full_every, end_every, seats = job
    tally = Tally()
    began = time.process_time()
    for index in range(start, stop):
        case = case_for(preset, seed, index, seats)
        outcome = run_case(case, full_every=full_every, end_every=end_every)
        tally.rounds += 1
        tally.actions += outcome.actions
        tally.longest = max(tally.longest, outcome.actions)
        done = outcome.failure is None and not outcome.unfinished
        tally.blocked += done and outcome.winner is None
        tally.unfinished += outcome.failure is None and outcome.unfinished
        if outcome.failure is not None and len(tally.failures) < 3:
            tally.failures.append((index, outcome.failure, outcome.report()))
    tally.seconds = time.process_time() - began
    return preset, tally


def jobs(
    counts: dict[str, int],
    seed: int,
    full_every: int,
    end_every: int,
    seats: tuple[int, int] | None = None,
) -> Iterator[Job]:
    """Chunks of the presets in the order given (a long run finishes one preset before the
    next, so a stopped run has whole figures for the first ones)."""
    for preset, count in counts.items():
        for start in range(0, count, CHUNK):
            yield preset, seed, start, min(count, start + CHUNK), full_every, end_every, seats


def summarize(
    tallies: dict[str, Tally], args: argparse.Namespace, wall: float
) -> dict[str, object]:
    """The run's figures so far, JSON-ready."""
    rows = {
        preset: {
            "rounds": t.rounds,
            "rounds_per_cpu_second": round(t.rounds / t.seconds, 1) if t.seconds else 0.0,
            "mean_actions": round(t.actions / t.rounds, 1) if t.rounds else 0.0,
            "longest": t.longest,
            "blocked": t.blocked,
            "unfinished": t.unfinished,
            "failures": [{"index": i, "failure": f} for i, f, _ in t.failures],
        }
        for preset, t in tallies.items()
    }
    return {
        "seed": args.seed,
        "jobs": args.jobs,
        "full_every": args.full_every,
        "end_every": args.end_every,
        "seats": list(args.seats) if args.seats else None,
        "wall_seconds": round(wall),
        "presets": rows,
    }


def report(
    tallies: dict[str, Tally], args: argparse.Namespace, wall: float, console: Console
) -> None:
    seats = f", {args.seats[0]} to {args.seats[1]} seats" if args.seats else ""
    print(
        f"fuzz seed {args.seed}, {args.jobs} jobs{seats}, full checks every {args.full_every} "
        f"actions, end-of-round checks on 1 round in {args.end_every}"
    )
    print(
        f"{'preset':>12} {'rounds':>9} {'rounds/s':>9} {'mean':>6} {'longest':>8} "
        f"{'blocked':>8} {'unfinished':>10} failures"
    )
    for preset, t in tallies.items():
        rate = t.rounds / t.seconds if t.seconds else 0.0  # per core: CPU seconds
        mean = t.actions / t.rounds if t.rounds else 0.0
        print(
            f"{preset:>12} {t.rounds:>9} {rate:>9.1f} {mean:>6.0f} {t.longest:>8} "
            f"{t.blocked:>8} {t.unfinished:>10} {len(t.failures)}"
        )
        if t.failures:
            index, failure, text = t.failures[0]
            path = Path(f"fuzz-failure-{preset}-{index}.json")
            path.write_text(text + "\n")
            console.print(f"[red]{preset} case {index} failed[/]: {failure} (reproduction: {path})")
    total = sum(t.rounds for t in tallies.values())
    print(f"{total} rounds in {wall:.0f} s of wall time ({total / max(wall, 1e-9):.0f} rounds/s)")


def _seats(text: str) -> tuple[int, int]:
    low, sep, high = text.partition("-")
    try:
        seats = (int(low), int(high if sep else low))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not LOW-HIGH, e.g. 6-16") from None
    if not 2 <= seats[0] <= seats[1]:
        raise argparse.ArgumentTypeError(f"{text!r}: from 2 seats up, LOW at most HIGH")
    return seats


def _stop(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _worker() -> None:
    """Workers leave Ctrl-C to the parent, which stops them (no tracebacks from them)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def main(argv: list[str] | None = None) -> int:
    # a stopped run still reports what it ran: SIGTERM stops it as Ctrl-C does, and Ctrl-C
    # works even where the shell started it with SIGINT ignored (in the background)
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="rounds per classic preset")
    parser.add_argument(
        "--variant-games", type=int, default=None, help="rounds of triple-play and of party"
    )
    parser.add_argument("--presets", default=",".join(CLASSIC + VARIANTS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    parser.add_argument(
        "--full-every", type=int, default=256, help="full checks every N actions (1: all)"
    )
    parser.add_argument(
        "--end-every", type=int, default=4, help="end-of-round checks on 1 round in N"
    )
    parser.add_argument("--out", type=Path, help="write the summary as JSON here (each minute)")
    parser.add_argument("--case", help="replay one case, PRESET:INDEX, and print its report")
    parser.add_argument(
        "--seats", type=_seats, help="table sizes LOW-HIGH (default: 2-10, Party! 2-16)"
    )
    args = parser.parse_args(argv)
    console = Console(stderr=True)
    if args.case:
        preset, _, index = args.case.partition(":")
        case = case_for(preset, args.seed, int(index), args.seats)
        outcome = run_case(case, full_every=1, end_every=1)
        print(outcome.report() if outcome.failure else json.dumps(outcome.case.to_json()))
        console.print(outcome.failure or f"passed: {outcome.actions} actions")
        return 1 if outcome.failure else 0
    variant_games = args.games // 10 if args.variant_games is None else args.variant_games
    presets = [p for p in args.presets.split(",") if p]
    counts = {p: variant_games if p in VARIANTS else args.games for p in presets}
    tallies = {p: Tally() for p in presets}
    wall = saved = time.perf_counter()
    stopped = False
    columns = (TextColumn("{task.description:>12}"), BarColumn(), MofNCompleteColumn())
    with (
        multiprocessing.Pool(args.jobs, initializer=_worker) as pool,
        Progress(*columns, TimeElapsedColumn(), console=console) as progress,
    ):
        tasks = {p: progress.add_task(p, total=counts[p]) for p in presets}
        work = jobs(counts, args.seed, args.full_every, args.end_every, args.seats)
        try:
            for preset, tally in pool.imap_unordered(run_chunk, work):
                tallies[preset].add(tally)
                progress.advance(tasks[preset], tally.rounds)
                if args.out and time.perf_counter() - saved > 60:
                    summary = summarize(tallies, args, time.perf_counter() - wall)
                    args.out.write_text(json.dumps(summary, indent=1) + "\n")
                    saved = time.perf_counter()
        except KeyboardInterrupt:
            stopped = True
            pool.terminate()
    wall = time.perf_counter() - wall
    report(tallies, args, wall, console)
    if args.out:
        args.out.write_text(json.dumps(summarize(tallies, args, wall), indent=1) + "\n")
    if stopped:
        return 130
    return 1 if any(t.failures for t in tallies.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
