"""The ``unokit`` command line."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import click

from unokit.about import version_line
from unokit.clitools import (
    Interrupted,
    OutputPath,
    parse_house,
    rules_option,
    run_main,
    write_output,
)
from unokit.events import Event
from unokit.game import Game
from unokit.rng import Random
from unokit.rules import Rules
from unokit.turns import play_out, random_chooser
from unokit.words import describe

__all__ = ["main"]


_parse_house = parse_house  # the name the command modules used to import


# Commands that need an optional extra live in their own modules and are imported only when
# used, so `unokit demo` starts fast and works without the extras installed.
LAZY_COMMANDS: dict[str, tuple[str, str, str]] = {
    "simulate": ("unokit.simulate.cli", "simulate", "sim"),
    "play": ("unokit.tui.cli", "play", "tui"),
    "serve": ("unokit.server.cli", "serve", "server"),
}


class LazyGroup(click.Group):
    """A group that imports a command's module the first time the command is asked for, and
    runs every command under the conventions of ``unokit.clitools`` (one line an error)."""

    def main(
        self,
        args: Any = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if complete_var is not None:
            extra["complete_var"] = complete_var
        if not standalone_mode:
            return super().main(args, prog_name, standalone_mode=False, **extra)
        run_main(
            lambda: super(LazyGroup, self).main(args, prog_name, standalone_mode=False, **extra)
        )

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            raise Interrupted() from None

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *LAZY_COMMANDS])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in LAZY_COMMANDS:
            return super().get_command(ctx, cmd_name)
        module_name, attr, extra = LAZY_COMMANDS[cmd_name]
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as err:
            if err.name is not None and err.name.startswith("unokit"):
                return None  # not built yet
            raise click.UsageError(
                f"'unokit {cmd_name}' needs the {extra!r} extra: pip install -e '.[{extra}]' "
                "in a clone of unokit (or pip install 'unokit[{extra}]')"
            ) from None
        command = getattr(module, attr)
        assert isinstance(command, click.Command)
        return command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(version_line(), message="%(version)s")
def main() -> None:
    """unokit: Uno as the rule sheets say.

    Shell completion of commands, options, presets and bots: add this line to ~/.bashrc
    (zsh_source for zsh, fish_source for fish; docs/terminal.md).

    \b
        eval "$(_UNOKIT_COMPLETE=bash_source unokit)"
    """


@main.command()
@rules_option
@click.option("--house", default="", help="house-rule switches, e.g. stacking,seven_o,jump_in")
@click.option("--players", default=4, show_default=True, type=click.IntRange(2, 16))
@click.option("--seed", default=1, show_default=True, type=int)
@click.option(
    "--record",
    "record_path",
    type=OutputPath(),
    help="also save the game record (JSON) here",
)
def demo(preset: str, house: str, players: int, seed: int, record_path: Path | None) -> None:
    """Play one complete round among random players and print it move by move."""
    try:
        rules = Rules.preset(preset, **_parse_house(house))
        game = Game.new(rules, players=players, seed=seed)
    except ValueError as err:
        raise click.UsageError(str(err)) from None
    click.echo(f"unokit demo: {rules.name}, {players} players, seed {seed}")
    _print_events(game.events(None))
    for seat, action, events in play_out(game, random_chooser(Random(seed))):
        click.echo(f"[seat {seat}] {action}")
        _print_events([e.for_seat(None) for e in events], indent="    ")
    _print_result(game)
    if record_path is not None:
        write_output(record_path, json.dumps(game.record(), indent=1))
        click.echo(f"record saved to {record_path}")


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--watch", is_flag=True, help="play the record back on the terminal screen")
def replay(file: Path, watch: bool) -> None:
    """Print a game or match record; a full record is replayed and checked first."""
    from unokit.records_cli import check_record, load_record, print_record

    record = load_record(file)
    if watch:
        check_record(file, record)
        try:
            watcher = importlib.import_module("unokit.tui.watch")
        except ModuleNotFoundError:
            raise click.UsageError(
                "--watch needs the 'tui' extra: pip install -e '.[tui]' in a clone of unokit "
                "(or pip install 'unokit[tui]')"
            ) from None
        watcher.watch_record(record)
        return
    print_record(file, record)


def _print_events(events: list[Event], indent: str = "") -> None:
    for event in events:
        click.echo(indent + describe(event))


def _print_result(game: Game) -> None:
    if game.winner is None:
        click.echo("the round ended blocked: no winner")
    else:
        click.echo(f"seat {game.winner} wins the round")
    for seat, points in enumerate(game.round_points()):
        hand = " ".join(c.code for c in game.hand(seat)) or "-"
        click.echo(f"  seat {seat}: {points:4d} points   hand left: {hand}")


def _add_lists() -> None:
    from unokit.lists_cli import bots, presets
    from unokit.score_cli import score

    main.add_command(presets)
    main.add_command(bots)
    main.add_command(score)


_add_lists()
