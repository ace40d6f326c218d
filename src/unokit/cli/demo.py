"""``unokit demo``: one complete round among random players, printed move by move.

The players go by the names ``unokit replay`` tells the same record in (Ann, Bea, Cal, ...);
each action is printed in the notation of the API, where seats are numbers, so the opening
line says which seat each name has.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from unokit.cli.records import player_names
from unokit.cli.tools import (
    OutputPath,
    lang_option,
    parse_house,
    refuse_existing,
    rules_option,
    write_output,
)
from unokit.cli.words import Spoken
from unokit.game import Game
from unokit.i18n import N_, _, current, ngettext
from unokit.rng import Random
from unokit.rules import Rules
from unokit.turns import play_out, random_chooser
from unokit.words import describe, told

__all__ = ["demo"]

DEMO_HELP = N_("Play one complete round among random players and print it move by move.") + (
    "\n\n\b\nExamples:\n"
    "  unokit demo --players 3 --seed 7\n"
    "  unokit demo --house seven_o,jump_in --record game.json\n"
    "  unokit demo --house seven_o,jump_in,stacking --seed 99 --max-lines 40"
)


@click.command(cls=Spoken, help=DEMO_HELP)
@lang_option
@rules_option
@click.option("--house", default="", help=N_("house-rule switches, e.g. stacking,seven_o,jump_in"))
@click.option("--players", default=4, show_default=True, type=click.IntRange(2, 16))
@click.option("--seed", default=1, show_default=True, type=int)
@click.option(
    "--record",
    "record_path",
    type=OutputPath(),
    help=N_("also save the game record (JSON) here"),
)
@click.option("--force", is_flag=True, help=N_("replace the --record file if it exists"))
@click.option(
    "--max-lines",
    type=click.IntRange(0),
    default=None,
    help=N_(
        "print at most this many lines of moves, then only how many more there were and "
        "the result (a round among random players can run to 200,000 lines)"
    ),
)
def demo(  # noqa: PLR0917 - click passes every option
    preset: str,
    house: str,
    players: int,
    seed: int,
    record_path: Path | None,
    force: bool,
    max_lines: int | None,
) -> None:
    """Play one round among random players and print it (its help: ``DEMO_HELP``)."""
    refuse_existing(record_path, force)
    try:
        rules = Rules.preset(preset, **parse_house(house))
        game = Game.new(rules, players=players, seed=seed)
    except ValueError as err:
        raise click.UsageError(str(err)) from None
    names = player_names(players)
    seats = ", ".join(
        _("{who} (seat {seat})", who=name, seat=seat) for seat, name in enumerate(names)
    )
    click.echo(
        _(
            "unokit demo: {rules}, {players} players, seed {seed}: {seats}",
            rules=rules.name,
            players=players,
            seed=seed,
            seats=seats,
        )
    )
    lines = [describe(e, names, game=rules.game) for e in told(game.events(None))]
    left = max_lines
    hidden = 0
    for seat, action, events in play_out(game, random_chooser(Random(seed))):
        lines.append(f"[{names[seat]}] {action}")
        lines += ["    " + describe(e.for_seat(None), names, game=rules.game) for e in told(events)]
        if left is None:
            click.echo("\n".join(lines))
        else:
            shown, lines = lines[:left], lines[left:]
            if shown:
                click.echo("\n".join(shown))
            left -= len(shown)
            hidden += len(lines)
        lines = []
    if hidden:
        click.echo(
            ngettext(
                "... {count} more line of moves (--max-lines {max})",
                "... {count} more lines of moves (--max-lines {max})",
                hidden,
                max=max_lines,
            )
        )
    _print_result(game, names)
    if record_path is not None:
        write_output(record_path, json.dumps(game.record(), indent=1))
        click.echo(_("record saved to {path}", path=record_path))


def _print_result(game: Game, names: list[str]) -> None:
    if game.winner is None:
        click.echo(_("the round ended without a winner"))
    else:
        click.echo(_("{who} wins the round", who=names[game.winner]))
    width = max(len(name) for name in names)
    t = current()
    for seat, points in enumerate(game.round_points()):
        hand = " ".join(c.code for c in game.hand(seat)) or "-"
        line = t.ngettext(
            "{count} point   hand left: {hand}",
            "{count} points   hand left: {hand}",
            points,
            hand=hand,
            count=t.num(points).rjust(4),
        )
        click.echo(f"  {names[seat] + ':':<{width + 1}} {line}")
