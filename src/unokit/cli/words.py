"""The command line in the reader's language: the player-facing commands' help, and click's
own words ("Usage:", "Options", "No such option...") on every command.

The language is chosen before click reads the arguments (``--lang`` anywhere on the line,
else ``LC_ALL``/``LC_MESSAGES``/``LANG``), so ``unokit play --help`` and its usage errors
read in it. Click looks its words up with ``gettext.gettext``, bound as ``_`` in each of its
modules at import, and ``gettext`` reads compiled ``.mo`` files in a language named by the
environment; our catalogues are ``.po`` read with Babel and the language may come from
``--lang``. So for a language other than English the command line points those few names
at the catalogue (:func:`speak`), in this process only: the messages are click's own
English ids, listed below so extraction puts them in the catalogue.
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Iterator, Sequence
from typing import Any

import click

from unokit.i18n import LANGUAGES, N_, PSEUDO, Nn_, choose, current, use

__all__ = ["CLICK", "Spoken", "speak"]

CLICK = (
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    N_("Show this message and exit."),
    N_("Show the version and exit."),
    N_("default: {default}"),
    N_("Error: {message}"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Invalid value: {message}"),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("No such option {name!r}."),
    N_("No such command {name!r}."),
    N_("Try '{command} {option}' for help."),
    N_("{value} is not in the range {range}."),
    N_("{value!r} is not a valid {number_type}."),
    N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a directory."),
    N_("file"),
    N_("path"),
)
"""Click's words a player meets in ``--help`` and a usage error (its message ids)."""


CLICK_PLURALS = (
    Nn_("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."),
    Nn_("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"),
)
"""Click's words with a plural form (those whose forms name different fields, like "Did you
mean {possibility}?", stay English: a catalogue's forms share their fields)."""

_CLICK_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "types")


def _gettext(message: str) -> str:
    return current()._(message)


def _ngettext(singular: str, plural: str, n: int) -> str:
    return current().form(singular, plural, n)


def speak(args: Sequence[str]) -> str:
    """Choose the language of this command line from ``args`` and the environment, speak
    it, and give click's words to the catalogue; returns the language."""
    option = None
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args):
            option = args[i + 1]
        elif arg.startswith("--lang="):
            option = arg.split("=", 1)[1]
    if option is not None and option not in (*LANGUAGES, PSEUDO):
        option = None  # click refuses it, in English, with the list of languages
    lang = choose(option)
    use(lang)
    if lang != "en":
        for name in _CLICK_MODULES:
            module = importlib.import_module(f"click.{name}")
            if hasattr(module, "_"):
                module._ = _gettext  # type: ignore[attr-defined]
            if hasattr(module, "ngettext"):
                module.ngettext = _ngettext  # type: ignore[attr-defined]
    return lang


class Spoken(click.Command):
    """A player-facing command (``play``, ``demo``, ``replay``): its help and its options'
    help read in the reader's language. The English texts are the message ids, marked with
    ``N_`` where they are written; each paragraph of the command's help is one message."""

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with translated(self):
            super().format_help(ctx, formatter)

    def get_short_help_str(self, limit: int = 45) -> str:
        with translated(self):
            return super().get_short_help_str(limit)


@contextlib.contextmanager
def translated(command: click.Command) -> Iterator[None]:
    """``command``'s help texts in the current language while the block runs."""
    t = current()
    saved: list[tuple[Any, str | None]] = [(command, command.help)]
    if command.help:
        command.help = "\n\n".join(_paragraph(p) for p in command.help.split("\n\n"))
    for param in command.params:
        text = getattr(param, "help", None)
        if text:
            saved.append((param, text))
            param.help = t._(text)
    try:
        yield
    finally:
        for owner, text in saved:
            owner.help = text


def _paragraph(text: str) -> str:
    """One paragraph of a command's help: a whole message, or a ``\\b`` block of examples
    whose first line ("Examples:") is one."""
    t = current()
    if text.startswith("\b\n"):
        head, _sep, rest = text[2:].partition("\n")
        return f"\b\n{t._(head)}\n{rest}"
    return t._(text)


EXAMPLES = N_("Examples:")
