"""``unokit replay``: print a record move by move, or play it back on the terminal screen."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import click

from unokit.cli.records import check_record, load_record, print_record
from unokit.cli.tools import lang_option
from unokit.cli.words import Spoken
from unokit.extras import install_hint
from unokit.i18n import N_, _

__all__ = ["replay"]

REPLAY_HELP = N_("Print a game or match record; a full record is replayed and checked first.") + (
    "\n\n\b\nExamples:\n  unokit replay match.json\n  unokit replay match.json --watch"
)


@click.command(cls=Spoken, help=REPLAY_HELP)
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@lang_option
@click.option("--watch", is_flag=True, help=N_("play the record back on the terminal screen"))
def replay(file: Path, watch: bool) -> None:
    """Print a record, or play it back (its help: ``REPLAY_HELP``)."""
    record = load_record(file)
    if watch:
        check_record(file, record)
        try:
            watcher = importlib.import_module("unokit.tui.watch")
        except ModuleNotFoundError as err:
            raise click.UsageError(
                _(
                    "--watch needs the 'tui' extra ({module} is missing): {hint}",
                    module=err.name,
                    hint=install_hint("tui"),
                )
            ) from None
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            raise click.UsageError(
                _(
                    "--watch needs a terminal: its input and output are not one "
                    "(run it in a terminal window; without --watch it prints the record)"
                )
            )
        watcher.watch_record(record)
        return
    print_record(file, record)
