"""``unokit simulate``: many games among bots, with a live progress bar and a result table."""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from unokit.cli import _parse_house
from unokit.rules import Rules
from unokit.simulate.report import Report, make_report
from unokit.simulate.runner import BACKENDS, run
from unokit.simulate.spec import Simulation

__all__ = ["simulate"]


class _GamesPerSecond(ProgressColumn):
    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("-- games/s" if speed is None else f"{speed:,.0f} games/s", style="cyan")


def _table(report: Report) -> Table:
    sim = report.simulation
    table = Table(
        title=(
            f"{sim.rules.name}, {sim.players} players, {report.tally.games:,} games, "
            f"seed {sim.seed}"
        ),
        caption=(
            f"fair share {100 * report.fair_share:.1f}%; seats rotate every game. "
            f"Mean game length {report.mean_length:.1f} actions; first mover wins "
            f"{100 * report.first_share:.2f}% [{100 * report.first_low:.2f}, "
            f"{100 * report.first_high:.2f}] "
            f"(edge {100 * report.first_edge:+.2f} percentage points)"
            + (f"; {report.blocked} blocked rounds" if report.blocked else "")
        ),
    )
    table.add_column("#", justify="right")
    table.add_column("bot", overflow="fold")
    table.add_column("wins", justify="right")
    table.add_column("win share", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("points / round", justify="right")
    for row in report.rows:
        table.add_row(
            str(row.entry),
            row.bot,
            f"{row.wins:,}",
            f"{100 * row.share:.2f}%",
            f"[{100 * row.low:.2f}, {100 * row.high:.2f}]",
            f"{row.points:.2f}",
        )
    return table


@click.command()
@click.option("--rules", "preset", default="mattel-2021", show_default=True, help="preset name")
@click.option("--house", default="", help="house-rule switches, e.g. stacking,seven_o")
@click.option(
    "--players",
    type=click.IntRange(2, 16),
    default=None,
    help="seats at the table (default: as many as --bots names)",
)
@click.option(
    "--bots",
    default="greedy,random,random,random",
    show_default=True,
    help="one bot a seat, comma-separated, settings after a colon: ismcts:iterations=500",
)
@click.option("--games", default=1000, show_default=True, type=click.IntRange(1), help="rounds")
@click.option("--seed", default=1, show_default=True, type=int, help="the master seed")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(1), help="processes")
@click.option("--backend", type=click.Choice(BACKENDS), default="local", show_default=True)
@click.option("--address", default=None, help="the Ray cluster's address (--backend ray)")
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="save the results: JSON, or CSV if the name ends in .csv",
)
@click.option("--plot", type=click.Path(dir_okay=False, path_type=Path), help="a PNG of shares")
@click.option("--quiet", is_flag=True, help="no progress bar")
def simulate(
    *,
    preset: str,
    house: str,
    players: int | None,
    bots: str,
    games: int,
    seed: int,
    jobs: int,
    backend: str,
    address: str | None,
    out: Path | None,
    plot: Path | None,
    quiet: bool,
) -> None:
    """Play many games among bots and report who wins, with 95% intervals."""
    entries = tuple(b.strip() for b in _split_bots(bots))
    if players is not None and players != len(entries):
        if len(entries) != 1:
            raise click.UsageError(
                f"--players {players} but --bots names {len(entries)} bots: name one a seat, "
                "or a single bot for every seat"
            )
        entries = entries * players
    if address is not None and backend != "ray":
        raise click.UsageError("--address is the Ray cluster's: use it with --backend ray")
    try:
        rules = Rules.preset(preset, **_parse_house(house))
        sim = Simulation(rules=rules, bots=entries, games=games, seed=seed)
    except ValueError as err:
        raise click.UsageError(str(err)) from None
    console = Console(stderr=True)
    with Progress(
        TextColumn("[bold]simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        _GamesPerSecond(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
        disable=quiet,
        transient=False,
    ) as progress:
        task = progress.add_task("games", total=games)
        tally = run(
            sim,
            backend=backend,
            jobs=jobs,
            address=address,
            progress=lambda n: progress.advance(task, n),
        )
    report = make_report(sim, tally)
    Console().print(_table(report))
    if out is not None:
        report.write(out)
        click.echo(f"results saved to {out}")
    if plot is not None:
        report.plot(plot)
        click.echo(f"plot saved to {plot}")


def _split_bots(text: str) -> list[str]:
    """Split at commas that start a new bot: ``ismcts:iterations=50,c=0.7,random`` has two
    bots, because ``c=0.7`` is a setting of the bot before it."""
    bots: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if bots and "=" in part and ":" not in part:
            bots[-1] += "," + part
        else:
            bots.append(part)
    if not bots:
        raise click.UsageError("--bots names no bot")
    return bots
