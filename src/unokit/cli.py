"""The ``unokit`` command line."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from typing import Any

import click

from unokit.about import version_line
from unokit.errors import RecordError
from unokit.events import Event
from unokit.game import Game
from unokit.rng import Random
from unokit.rules import SWITCHES, Rules
from unokit.turns import play_out, random_chooser
from unokit.words import describe

__all__ = ["main"]


def _parse_house(house: str) -> dict[str, Any]:
    """``stacking,seven_o,target=300`` -> keyword switches."""
    switches: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in house.split(","))):
        name, _, value = item.partition("=")
        if name not in SWITCHES:
            raise click.BadParameter(
                f"unknown switch {name!r}: the switches are {', '.join(SWITCHES)}"
            )
        if not value:
            switches[name] = True
        elif value.lower() in ("true", "false"):
            switches[name] = value.lower() == "true"
        elif value.isdigit():
            switches[name] = int(value)
        else:
            switches[name] = value
    return switches


# Commands that need an optional extra live in their own modules and are imported only when
# used, so `unokit demo` starts fast and works without the extras installed.
LAZY_COMMANDS: dict[str, tuple[str, str, str]] = {
    "simulate": ("unokit.simulate.cli", "simulate", "sim"),
    "play": ("unokit.tui.cli", "play", "tui"),
    "serve": ("unokit.server.cli", "serve", "server"),
}


class LazyGroup(click.Group):
    """A group that imports a command's module the first time the command is asked for."""

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
                f"'unokit {cmd_name}' needs the {extra!r} extra: pip install 'unokit[{extra}]'"
            ) from None
        command = getattr(module, attr)
        assert isinstance(command, click.Command)
        return command


@click.group(cls=LazyGroup)
@click.version_option(version_line(), message="%(version)s")
def main() -> None:
    """unokit: Uno as the rule sheets say."""


@main.command()
@click.option("--rules", "preset", default="mattel-2021", show_default=True, help="preset name")
@click.option("--house", default="", help="house-rule switches, e.g. stacking,seven_o,jump_in")
@click.option("--players", default=4, show_default=True, type=click.IntRange(2, 16))
@click.option("--seed", default=1, show_default=True, type=int)
@click.option(
    "--record",
    "record_path",
    type=click.Path(dir_okay=False, path_type=Path),
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
        record_path.write_text(json.dumps(game.record(), indent=1))
        click.echo(f"record saved to {record_path}")


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--watch", is_flag=True, help="play the record back on the terminal screen")
def replay(file: Path, watch: bool) -> None:
    """Print a recorded game (a full record is replayed and checked first)."""
    try:
        record = json.loads(file.read_text())
    except json.JSONDecodeError as err:
        raise click.UsageError(f"{file} is not JSON: {err}") from None
    if not isinstance(record, dict):
        raise click.UsageError(f"{file} is not a unokit record")
    if watch:
        try:
            watcher = importlib.import_module("unokit.tui.watch")
        except ModuleNotFoundError:
            raise click.UsageError(
                "--watch needs the 'tui' extra: pip install 'unokit[tui]'"
            ) from None
        watcher.watch_record(record)
        return
    if record.get("format") == "unokit.game":
        try:
            game = Game.replay(record)
        except RecordError as err:
            click.echo(f"error: {err}", err=True)
            sys.exit(1)
        click.echo(f"{game.rules.name}, {game.players} players (replayed and checked)")
    events = [Event.from_json(e) for e in record.get("events", [])]
    seat = record.get("seat")
    if seat is not None:
        click.echo(f"as seen by seat {seat}")
    for event in events:
        click.echo(describe(event))
    result = record.get("result", {})
    if result:
        click.echo(f"winner: {result.get('winner')}  points: {result.get('round_points')}")


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
