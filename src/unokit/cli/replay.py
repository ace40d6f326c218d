"""``unokit replay``: print a record move by move, or play it back on the terminal screen."""

from __future__ import annotations

import importlib
from pathlib import Path

import click

from unokit.cli.records import check_record, load_record, print_record

__all__ = ["replay"]


@click.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--watch", is_flag=True, help="play the record back on the terminal screen")
def replay(file: Path, watch: bool) -> None:
    """Print a game or match record; a full record is replayed and checked first."""
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
