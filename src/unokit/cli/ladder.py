"""``unokit ladder``: the rated ladder of bots (``unokit.simulate.ladder``), with progress, a
table of ratings and intervals, JSON and a plot."""

from __future__ import annotations

import json
import multiprocessing
from collections.abc import Iterator, Sequence
from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from unokit.cli.simulate import eta_text, usable_cpus
from unokit.cli.tools import (
    Interrupted,
    Jobs,
    OutputPath,
    complete_bots,
    parse_bots,
    parse_house,
    refuse_existing,
    replace_file,
    rules_option,
    write_output,
)
from unokit.rules import Rules
from unokit.simulate.ladder import (
    ROSTER,
    SEATS,
    Ladder,
    LadderRow,
    TableResult,
    ladder_json,
    play_table,
    plot_ladder,
    rate,
    tables,
)
from unokit.simulate.report import PLOT_SUFFIXES

__all__ = ["ladder"]

TABLES_CEILING = 1_000_000
"""The most tables one ladder plays (four games each)."""


def _play(job: tuple[Ladder, int, tuple[int, ...]]) -> TableResult:
    return play_table(*job)


def _ignore_interrupts() -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _results(
    ladder: Ladder, seatings: Sequence[tuple[int, ...]], jobs: int
) -> Iterator[TableResult]:
    """Each table's result as it finishes, in this process or in ``jobs`` processes."""
    work = [(ladder, i, entries) for i, entries in enumerate(seatings)]
    if jobs == 1:
        yield from map(_play, work)
        return
    with multiprocessing.get_context("spawn").Pool(jobs, initializer=_ignore_interrupts) as pool:
        yield from pool.imap_unordered(_play, work)


@click.command()
@rules_option
@click.option("--house", default="", help="house-rule switches, e.g. stacking,seven_o")
@click.option(
    "--bots",
    default=",".join(ROSTER),
    help="the roster, 4 bots or more, comma-separated as for simulate "
    "[default: every bot and strength of docs/bots.md]",
    shell_complete=complete_bots,
)
@click.option(
    "--tables",
    "count",
    default=100,
    show_default=True,
    type=click.IntRange(1, TABLES_CEILING),
    help="tables to play: each seats 4 bots of the roster and deals 4 times, rotated",
)
@click.option("--seed", default=2026, show_default=True, type=int, help="the ladder's seed")
@click.option(
    "--jobs",
    default="1",
    show_default=True,
    type=Jobs(),
    help="processes; auto: one a CPU (the ladder is the same whatever the number)",
)
@click.option(
    "--out",
    type=OutputPath(stdout_ok=True),
    help="save the ladder as JSON; - for standard output",
)
@click.option(
    "--plot",
    type=OutputPath(suffixes=PLOT_SUFFIXES),
    help="a plot of the ratings with their intervals: PNG, SVG or PDF by the suffix",
)
@click.option("--markdown", is_flag=True, help="print the table as Markdown (docs/bots.md's)")
@click.option("--quiet", is_flag=True, help="no progress bar")
@click.option("--force", is_flag=True, help="replace the --out and --plot files if they exist")
def ladder(  # noqa: PLR0917 - click passes every option
    preset: str,
    house: str,
    bots: str,
    count: int,
    seed: int,
    jobs: int | None,
    out: Path | None,
    plot: Path | None,
    markdown: bool,
    quiet: bool,
    force: bool,
) -> None:
    """Rate bots against each other: a ladder of rotated 4-player tables (OpenSkill).

    Each table seats four bots of the roster and plays its deal four times, the bots moved a
    seat each time; every game rates its winner above the other three. The table lists the
    bots best first: the rating with its 95% interval, the conservative ordinal it is sorted
    by (mu - 3 sigma), games and win share (fair: 25%). Reproducible from the seed.

    \b
    Examples:
      unokit ladder --tables 50 --jobs auto
      unokit ladder --bots random,greedy,easy,normal,hard --out ladder.json --plot ladder.png
    """
    refuse_existing(out, force)
    refuse_existing(plot, force)
    try:
        rules = Rules.preset(preset, **parse_house(house))
    except ValueError as err:
        raise click.UsageError(str(err)) from None
    roster = tuple(parse_bots(bots))
    if len(roster) < SEATS:
        raise click.BadParameter(
            f"a ladder needs {SEATS} bots or more, not {len(roster)}", param_hint="'--bots'"
        )
    if rules.min_players > SEATS or rules.max_players < SEATS:
        raise click.UsageError(f"{rules.name} is not played by {SEATS}: a ladder's tables are")
    board = Ladder(roster, rules, seed)
    seatings = tables(board, count)
    processes = min(jobs or usable_cpus(), usable_cpus(), count)
    finished: list[TableResult] = []
    interrupted = False
    to_stdout = out is not None and str(out) == "-"
    with Progress(
        TextColumn("[bold]laddering"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TextColumn("{task.fields[eta]}"),
        console=Console(stderr=True),
        disable=quiet,
    ) as progress:
        task = progress.add_task("tables", total=count, eta="-:--:--")
        try:
            for result in _results(board, seatings, processes):
                finished.append(result)
                elapsed = progress.tasks[0].elapsed
                progress.update(task, advance=1, eta=eta_text(len(finished), count, elapsed))
        except KeyboardInterrupt:
            interrupted = True
    rows = rate(board, finished)
    if finished:
        if markdown:
            from unokit.simulate.ladder import markdown as as_markdown

            click.echo(as_markdown(rows), err=to_stdout)
        else:
            Console(stderr=to_stdout).print(_table(board, rows, len(finished)))
    if len(finished) < count:
        click.echo(f"{len(finished):,} of {count:,} tables finished", err=True)
    if out is not None and finished:
        write_output(out, json.dumps(ladder_json(board, rows, len(finished)), indent=1) + "\n")
        if not to_stdout:
            click.echo(f"ladder saved to {out}")
    if plot is not None and finished:
        title = f"unokit ladder: {rules.name}, {SEATS * len(finished):,} games"
        replace_file(plot, lambda temp: plot_ladder(rows, temp, title))
        click.echo(f"plot saved to {plot}", err=to_stdout)
    if interrupted:
        raise Interrupted()


def _table(board: Ladder, rows: Sequence[LadderRow], played: int) -> Table:
    table = Table(
        title=f"{board.rules.name}, {played:,} tables ({SEATS * played:,} games), seed {board.seed}"
    )
    for name, justify in [("#", "right"), ("bot", "left"), ("rating", "right"),
                          ("95% interval", "right"), ("ordinal", "right"),
                          ("games", "right"), ("win share", "right")]:  # fmt: skip
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for rank, r in enumerate(rows, 1):
        table.add_row(
            str(rank), r.bot, f"{r.mu:.1f}", f"[{r.low:.1f}, {r.high:.1f}]",
            f"{r.ordinal:.1f}", f"{r.games:,}", f"{100 * r.win_share:.1f}%",
        )  # fmt: skip
    table.caption = "sorted by ordinal (mu - 3 sigma); a fair win share at 4 seats is 25%"
    return table
