"""``unokit simulate``: many games among bots, with a live progress bar and a result table."""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
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
)
from rich.table import Table
from rich.text import Text

from unokit.bots import BotError
from unokit.cli.tools import (
    Duration,
    Interrupted,
    Jobs,
    OutputPath,
    check_bots_fit,
    complete_bots,
    fail,
    parse_bots,
    parse_house,
    refuse_existing,
    replace_file,
    rules_option,
    write_output,
)
from unokit.rules import Rules
from unokit.simulate.play import GameBotError
from unokit.simulate.report import PLOT_SUFFIXES, Report, make_report
from unokit.simulate.runner import BACKENDS, check_address, connect_ray, run_chunks
from unokit.simulate.spec import MAX_ACTIONS, Simulation
from unokit.simulate.tally import Tally

__all__ = ["GAMES_A_PROCESS", "GAMES_CEILING", "simulate", "usable_cpus"]

GAMES_CEILING = 1_000_000_000
"""The most games one run plays: weeks at the speed of the fastest bots on one core."""

GAMES_A_PROCESS = 200
"""``--jobs auto`` starts a process for each this many games, at most (up to the CPUs)."""


def usable_cpus() -> int:
    """The CPUs this process may run on (its affinity, as a container or ``taskset`` sets)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class _GamesPerSecond(ProgressColumn):
    """Games a second over the whole run so far (chunks finish in bursts, so a recent rate
    jumps about), or seconds a game when a game takes longer than a second."""

    def render(self, task: Task) -> Text:
        return Text(rate_text(task.completed, task.elapsed), style="cyan")


class _Remaining(ProgressColumn):
    """The time left at the whole run's pace so far. Rich's own estimate uses the last few
    updates, and chunks from several processes land together: two at once read as double
    speed, and the estimate came out far too short, then climbed."""

    def render(self, task: Task) -> Text:
        return Text(eta_text(task.completed, task.total, task.elapsed), style="cyan")


def eta_text(done: float, total: float | None, seconds: float | None) -> str:
    """``0:12:05`` left when ``done`` of ``total`` took ``seconds``; ``-:--:--`` before the
    first game."""
    if not done or not seconds or total is None:
        return "-:--:--"
    left = max(0, round(seconds * (total - done) / done))
    return f"{left // 3600}:{left // 60 % 60:02d}:{left % 60:02d}"


def rate_text(games: float, seconds: float | None) -> str:
    """``118 games/s``, or ``2.4 s/game`` for slow games; ``--`` before the first game."""
    if not games or not seconds:
        return "-- games/s"
    speed = games / seconds
    if speed < 1:
        return f"{seconds / games:,.1f} s/game"
    return f"{speed:,.0f} games/s"


def bot_cell(spec: str, names: dict[str, str] | None = None) -> str:
    """A bot as the table shows it: a program by the name from its ``ready`` (its command
    is in the results), settings spaced after their commas so a narrow table wraps between
    settings, never inside one (``iterations=1`` / ``00`` read as iterations=1)."""
    if names and spec in names:
        return f"{names[spec]} (external)"
    name, colon, settings = spec.partition(":")
    return name + (": " + settings.replace(",", ", ") if colon else "")


def program_names(specs: tuple[str, ...]) -> dict[str, str]:
    """The name each external bot program gives in its ``ready``, by spec. Starting each one
    once also finds a program that cannot start before any game is played."""
    from unokit.bots import make_bot
    from unokit.bots.external import ExternalBot

    names: dict[str, str] = {}
    for spec in dict.fromkeys(specs):
        bot = make_bot(spec, seed=0)
        inner = getattr(bot, "bot", bot)
        if not isinstance(inner, ExternalBot):
            continue
        try:
            inner.start()
        except BotError as err:
            raise click.BadParameter(str(err), param_hint="'--bots'") from None
        finally:
            bot.close()
        if inner.program_name:
            names[spec] = inner.program_name
    return names


def _table(report: Report, names: dict[str, str] | None = None) -> Table:
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
            + (f"; {report.blocked} rounds without a winner" if report.blocked else "")
            + (
                f"; {report.unfinished} unfinished at {sim.max_actions:,} actions"
                if report.unfinished
                else ""
            )
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
            bot_cell(row.bot, names),
            f"{row.wins:,}",
            f"{100 * row.share:.2f}%",
            f"[{100 * row.low:.2f}, {100 * row.high:.2f}]",
            f"{row.points:.2f}",
        )
    return table


@click.command()
@rules_option
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
    help="one bot a seat, comma-separated, settings after a colon: ismcts:iterations=500,c=0.7 "
    "(unokit bots)",
    shell_complete=complete_bots,
)
@click.option(
    "--games",
    default=None,
    type=click.IntRange(1, GAMES_CEILING),
    help=f"games to play (each one round), at most {GAMES_CEILING:,} [default: 1000; with "
    "--for: as many as the time allows]",
)
@click.option(
    "--for",
    "budget",
    default=None,
    type=Duration(),
    metavar="TIME",
    help="stop starting games after this long (90s, 10m, 1h30m) and report those finished",
)
@click.option("--seed", default=1, show_default=True, type=int, help="the master seed")
@click.option(
    "--jobs",
    default="1",
    show_default=True,
    type=Jobs(),
    help="processes; auto: one a CPU (never more than the CPUs or the games need)",
)
@click.option(
    "--max-actions",
    default=MAX_ACTIONS,
    show_default=True,
    type=click.IntRange(1),
    help="the most actions of a round: a round still in play is counted unfinished",
)
@click.option("--backend", type=click.Choice(BACKENDS), default="local", show_default=True)
@click.option("--address", default=None, help="the Ray cluster's address (--backend ray)")
@click.option(
    "--out",
    type=OutputPath(stdout_ok=True),
    help="save the results: JSON, or CSV if the name ends in .csv; - for standard output",
)
@click.option(
    "--plot",
    type=OutputPath(suffixes=PLOT_SUFFIXES),
    help="a plot of the win shares: PNG, SVG or PDF by the name's suffix",
)
@click.option("--quiet", is_flag=True, help="no progress bar")
@click.option("--force", is_flag=True, help="replace the --out and --plot files if they exist")
def simulate(
    *,
    preset: str,
    house: str,
    players: int | None,
    bots: str,
    games: int | None,
    budget: float | None,
    seed: int,
    jobs: int | None,
    max_actions: int,
    backend: str,
    address: str | None,
    out: Path | None,
    plot: Path | None,
    quiet: bool,
    force: bool,
) -> None:
    """Play many games among bots and report who wins, with 95% intervals.

    A failing bot, Ctrl-C or the --for time stops the run; the games finished are reported
    and saved.

    \b
    Examples:
      unokit simulate --bots greedy,random,random,random --games 2000 --jobs auto
      unokit simulate --bots hard,normal --for 10m --out results.json --plot win.png
      unokit simulate --rules mattel-2015 --house stacking --bots greedy --players 5
    """
    refuse_existing(out, force)
    refuse_existing(plot, force)
    if address is not None and backend != "ray":
        raise click.UsageError("--address is the Ray cluster's: use it with --backend ray")
    try:
        rules = Rules.preset(preset, **parse_house(house))
    except ValueError as err:
        raise click.UsageError(str(err)) from None
    entries = tuple(parse_bots(bots))
    entries = _seat_bots(rules, entries, players)
    check_bots_fit(entries, rules, len(entries))
    open_ended = games is None and budget is not None
    if games is None:
        games = GAMES_CEILING if open_ended else 1000
    jobs = _processes_for(jobs, games, backend)
    with contextlib.ExitStack() as stack:
        if backend == "ray":
            try:
                check_address(address)
                connect_ray(address)
            except ValueError as err:
                raise click.BadParameter(str(err), param_hint="'--address'") from None
            import ray

            stack.callback(ray.shutdown)
        _run(
            rules,
            entries,
            (games, open_ended),
            budget,
            (seed, max_actions),
            jobs,
            backend,
            address,
            out,
            plot,
            quiet,
        )


def _run(  # noqa: PLR0917 - the options, checked
    rules: Rules,
    entries: tuple[str, ...],
    count: tuple[int, bool],
    budget: float | None,
    seeding: tuple[int, int],
    jobs: int,
    backend: str,
    address: str | None,
    out: Path | None,
    plot: Path | None,
    quiet: bool,
) -> None:
    """Play the games and report them (a failing bot, Ctrl-C or the time budget: what
    finished). ``count``: the games, and whether ``--for`` alone set them; ``seeding``: the
    master seed and the most actions of a round."""
    games, open_ended = count
    seed, max_actions = seeding
    names = program_names(entries)
    try:
        sim = Simulation(rules=rules, bots=entries, games=games, seed=seed, max_actions=max_actions)
    except ValueError as err:
        raise click.UsageError(str(err)) from None
    to_stdout = out is not None and str(out) == "-"
    console = Console(stderr=True)
    total = Tally(sim.players)
    failure: str | None = None
    interrupted = out_of_time = False
    with Progress(
        TextColumn("[bold]simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        _GamesPerSecond(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        _Remaining(),
        console=console,
        disable=quiet,
        transient=False,
    ) as progress:
        task = progress.add_task("games", total=None if open_ended else games)
        deadline = None if budget is None else time.monotonic() + budget
        played = run_chunks(sim, backend=backend, jobs=jobs, address=address)
        try:
            for tally in played:
                total.add(tally)
                progress.advance(task, tally.games)
                if deadline is not None and time.monotonic() >= deadline:
                    out_of_time = total.games < games
                    break
        except BotError as err:
            cause = getattr(err, "cause", None)  # Ray wraps a task's error in its own
            failed = cause if isinstance(cause, BotError) else err
            if isinstance(failed, GameBotError) and failed.done is not None:
                total.add(Tally.from_json(failed.done))
            failure = str(failed)
        except KeyboardInterrupt:
            interrupted = True
        finally:
            played.close()  # the games still under way are stopped with their processes
    report = make_report(sim, total)
    if total.games:
        Console(stderr=to_stdout).print(_table(report, names))
    if out_of_time:
        of = "" if open_ended else f" of {games:,}"
        click.echo(f"{total.games:,}{of} games finished in the --for time", err=True)
    elif total.games < games:
        click.echo(f"{total.games:,} of {games:,} games finished", err=True)
    problems = []  # a file that could not be written does not stop the next one
    if out is not None and (total.games or not to_stdout):
        text = report.to_csv() if out.suffix.lower() == ".csv" else report.to_json_text()
        try:
            write_output(out, text)
            if not to_stdout:
                click.echo(f"results saved to {out}")
        except click.ClickException as err:
            problems.append(err.format_message())
    if plot is not None and total.games:
        try:
            try:
                replace_file(plot, report.plot)
            except OSError as err:
                _plot_elsewhere(report, plot, err)
            click.echo(f"plot saved to {plot}", err=to_stdout)
        except click.ClickException as err:
            problems.append(err.format_message())
    if failure is not None:
        problems.insert(0, failure)
    if interrupted:
        if problems:
            click.echo(f"Error: {'; '.join(problems)}", err=True)
        raise Interrupted()
    if problems:
        fail("; ".join(problems))


def _processes_for(jobs: int | None, games: int, backend: str) -> int:
    """The processes to start: ``--jobs`` (``None``: auto), never more than the CPUs this
    process may use, nor than the games need (a process costs about a second to start, the
    time of some hundred games); a lowered number is said in one line."""
    if backend == "ray":
        return jobs or 8  # the cluster has its own CPUs: this is the parts it is cut into
    cpus = usable_cpus()
    enough = max(1, -(-games // GAMES_A_PROCESS))
    if jobs is None:
        return min(cpus, enough)
    if jobs > cpus:
        many = f"{cpus} processes" if cpus != 1 else "1 process"
        click.echo(f"--jobs {jobs}: {many}, one a CPU this process may use", err=True)
        return min(cpus, games)
    return min(jobs, games)


def _plot_elsewhere(report: Report, plot: Path, err: OSError) -> None:
    """The plot could not be written where asked after all: save it in the temporary
    folder, and say where in the one line (as ``write_output`` does for the results)."""
    reason = err.strerror or str(err)
    handle, spare = tempfile.mkstemp(prefix=f"unokit-{plot.stem}-", suffix=plot.suffix)
    os.close(handle)
    try:
        report.plot(Path(spare))
    except OSError:
        fail(f"cannot write {str(plot)!r}: {reason}")
    fail(f"cannot write {str(plot)!r}: {reason}; saved to {spare} instead")


def _seat_bots(rules: Rules, entries: tuple[str, ...], players: int | None) -> tuple[str, ...]:
    """One bot a seat: a single bot fills every seat of ``--players``, otherwise the list
    must be as long as the table (the message names both numbers)."""
    named = f"--bots names {len(entries)} bot{'s' if len(entries) != 1 else ''}"
    if players is not None:
        if players == len(entries):
            return entries
        if len(entries) == 1:
            return entries * players
        raise click.UsageError(
            f"--players {players} but {named}: name one a seat, or a single bot for every seat"
        )
    if not rules.min_players <= len(entries) <= rules.max_players:
        raise click.UsageError(
            f"{named}, but {rules.name} is for {rules.min_players} to {rules.max_players} "
            "players: name one bot a seat, or one bot and --players N"
        )
    return entries
