"""``unokit play``: the command that opens the terminal game (imported only when used)."""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import sys
import tempfile
import time
from pathlib import Path

import click
from click.core import ParameterSource

from unokit.bots import Bot, BotError, make_bot, split_bot_list
from unokit.bots.external import ExternalBot
from unokit.cli.records import load_record, replay_match
from unokit.cli.tools import (
    BadInput,
    Interrupted,
    Number,
    OutputPath,
    check_bots_fit,
    complete_bots,
    fail,
    lang_option,
    parse_bots,
    parse_house,
    refuse_existing,
    rules_option,
    write_output,
)
from unokit.cli.words import Spoken
from unokit.i18n import N_, _
from unokit.match import Match
from unokit.rng import Random
from unokit.rules import Rules
from unokit.tui.app import REACTION, PlayApp
from unokit.tui.table import Table

__all__ = ["build_table", "default_bot", "log_bot_errors", "play", "save_record"]


def default_bot() -> str:
    """``normal``: the heuristic bot with a person's lapses (``unokit.bots.strengths``)."""
    return "normal"


def build_table(
    *,
    preset: str = "mattel-2021",
    house: str = "",
    players: int = 4,
    bots: str | None = None,
    seed: int | None = None,
    target: int | None = None,
    match: Match | None = None,
) -> tuple[Table, dict[int, str]]:
    """The match and its bots as the options say (``ValueError`` says what is wrong);
    ``match``: go on with this one (``--resume``), its players and seed."""
    if match is None:
        switches = parse_house(house)
        if target is not None:
            switches["target"] = target
        rules = Rules.preset(preset, **switches)
        if seed is None:
            seed = secrets.randbits(31)
        match = Match(rules, players=players, seed=seed)
    players, seed = match.players, match.seed
    specs = split_bot_list(bots or default_bot())
    seeds = Random(seed ^ 0x5EED)
    table_bots: dict[int, Bot] = {}
    labels: dict[int, str] = {}
    for seat in range(1, players):
        spec = specs[(seat - 1) % len(specs)]
        table_bots[seat] = make_bot(spec, seed=seeds.next32())
        labels[seat] = spec
    return Table(match, table_bots, me=0), labels


def log_bot_errors(table: Table) -> str | None:
    """Send the standard error of every bot program at ``table`` to one log file (so it
    cannot write over the screen); its path, or ``None`` when no seat runs a program."""
    programs = [
        bot for bot in (getattr(b, "bot", b) for b in table.bots.values())
        if isinstance(bot, ExternalBot)
    ]  # fmt: skip
    if not programs:
        return None
    path = os.path.join(tempfile.gettempdir(), f"unokit-bots-{os.getpid()}.log")
    for bot in programs:
        bot.stderr_log = path
    return path


def _resumed(path: Path) -> Match:
    """The match saved in ``path``, replayed to where it stopped, with no other option that
    would change it (``UsageError``, ``BadInput``: why it cannot go on)."""
    ctx = click.get_current_context()
    for name in ("preset", "house", "players", "seed", "target"):
        if ctx.get_parameter_source(name) not in (ParameterSource.DEFAULT, None):
            flag = "--rules" if name == "preset" else f"--{name}"
            raise click.UsageError(
                _(
                    "--resume goes on with the record's rules, players and seed: leave out {flag}",
                    flag=flag,
                )
            )
    match = replay_match(path, load_record(path))
    if match.over:
        raise BadInput(_("the match in {path} is over: there is nothing to resume", path=path))
    return match


def _in_folder(folder: Path) -> Path:
    """A new record's path in ``folder``: ``unokit-20261205-143000.json``, by the time the
    match begins (``UsageError`` when the folder is not there)."""
    folder = folder.expanduser()
    if not folder.is_dir():
        raise click.BadParameter(
            _("there is no folder {folder}", folder=repr(str(folder))),
            param_hint="'--record-folder'",
        )
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"unokit-{stamp}.json"
    number = 1
    while path.exists():
        number += 1
        path = folder / f"unokit-{stamp}-{number}.json"
    return path


def say(line: str) -> None:
    """Print a line after the game, which the terminal may no longer take (it was closed)."""
    with contextlib.suppress(OSError):
        click.echo(line)


PLAY_HELP = N_("Play a match against bots, full screen in the terminal. You are seat 0.") + (
    "\n\n\b\nExamples:\n"
    "  unokit play --bots easy,hard --record match.json\n"
    "  unokit play --rules mattel-2015 --house stacking,seven_o --players 3\n"
    "  unokit play --resume match.json"
)


def save_record(rounds: Match, path: Path) -> None:
    """Write the full match record (written when the person leaves: it holds every hand)."""
    write_output(path, json.dumps(rounds.record(), indent=1))


@click.command(cls=Spoken, help=PLAY_HELP)
@lang_option
@rules_option
@click.option("--house", default="", help=N_("house-rule switches, e.g. stacking,seven_o,jump_in"))
@click.option("--players", default=4, show_default=True, type=click.IntRange(2, 16))
@click.option(
    "--bots",
    default=None,
    help=N_(
        "bots for seats 1, 2, ... (repeated as needed), with settings as for simulate: "
        "greedy:forget_uno=0.2,miss_catch=0.5,hard; strengths easy, normal, hard, strongest "
        "(unokit bots) [default: normal]"
    ),
    shell_complete=complete_bots,
)
@click.option("--seed", default=None, type=int, help=N_("replay the same deal [default: random]"))
@click.option("--target", default=None, type=click.IntRange(min=1), help=N_("points to win [500]"))
@click.option(
    "--record",
    "record_path",
    type=OutputPath(),
    help=N_("save the match record (JSON) here when you leave (checked before the game)"),
)
@click.option(
    "--delay", default=0.8, show_default=True, type=Number(0, 60), help=N_("bot pace (s)")
)
@click.option(
    "--reaction",
    default=REACTION,
    show_default=True,
    type=Number(0, 60),
    help=N_("seconds a bot takes, at least, to say Uno, catch or jump in (your window)"),
)
@click.option("--mono", is_flag=True, help=N_("no colour (also when NO_COLOR is set)"))
@click.option("--force", is_flag=True, help=N_("replace the --record file if it exists"))
@click.option(
    "--record-folder",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help=N_(
        "save each match's record in this folder, named by the time it began, unless "
        "--record names a file (a player's default: unokit config)"
    ),
)
@click.option(
    "--resume",
    "resume_path",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help=N_(
        "go on with the match saved in this record (by --record), where it stopped; it is "
        "saved there again unless --record names another file"
    ),
)
def play(  # noqa: PLR0917 - click passes every option
    preset: str,
    house: str,
    players: int,
    bots: str | None,
    seed: int | None,
    target: int | None,
    record_path: Path | None,
    delay: float,
    reaction: float,
    mono: bool,
    force: bool,
    record_folder: Path | None,
    resume_path: Path | None,
) -> None:
    """Play a match against bots (its help: ``PLAY_HELP``)."""
    resumed = _resumed(resume_path) if resume_path is not None else None
    if record_path is None and resumed is None and record_folder is not None:
        record_path = _in_folder(record_folder)
    if resumed is not None and record_path is None:
        record_path = resume_path  # the match goes on in its own file
    else:
        refuse_existing(record_path, force)
    if bots is not None:
        parse_bots(bots)  # a bad name or setting is a usage error, with --bots named
    try:
        table, labels = build_table(
            preset=preset, house=house, players=players, bots=bots, seed=seed, target=target,
            match=resumed,
        )  # fmt: skip
    except ValueError as err:
        raise click.UsageError(str(err)) from None
    rounds = table.rounds
    check_bots_fit(list(labels.values()), rounds.rules, rounds.players)
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        for bot in table.bots.values():
            with contextlib.suppress(BotError, OSError):
                bot.close()
        raise click.UsageError(
            _(
                "play needs a terminal: its input and output are not one "
                "(run it in a terminal window; unokit simulate plays bots without one)"
            )
        )
    assert isinstance(rounds, Match)
    subtitle = _("seed {seed}", seed=rounds.seed)
    bot_log = log_bot_errors(table)
    app = PlayApp(
        table,
        delay=delay,
        mono=mono or "NO_COLOR" in os.environ,
        subtitle=subtitle,
        bot_names=labels,
        reaction=reaction,
        bot_log=bot_log,
    )
    try:
        app.run()
    finally:
        if record_path is not None:  # also when the game stopped on an error: keep the match
            save_record(rounds, record_path)
            say(_("match record saved to {path}", path=record_path))
        for bot in table.bots.values():
            with contextlib.suppress(BotError, OSError):  # a failed bot has nothing more to say
                bot.close()
    scores = ", ".join(f"{app.names[s]} {p}" for s, p in enumerate(rounds.scores))
    say(_("scores: {scores}", scores=scores))
    if app.stopped_by is not None:  # SIGHUP or SIGTERM: saved, and the status says which
        sys.exit(128 + app.stopped_by)
    if app.interrupted:
        raise Interrupted()
    if app.bot_failure is not None:
        fail(app.bot_failure)
    if app.return_code:
        fail(
            _(
                "the terminal game stopped on an error (exit status {status})",
                status=app.return_code,
            )
        )
