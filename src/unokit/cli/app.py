"""The ``unokit`` group: its help, ``--version``, and where each command is found."""

from __future__ import annotations

import importlib
import sys
from typing import Any

import click

from unokit.cli.about import version_line
from unokit.cli.config import config, play_defaults
from unokit.cli.demo import demo
from unokit.cli.lists import bots, presets
from unokit.cli.replay import replay
from unokit.cli.score import score
from unokit.cli.tools import Interrupted, reader_gone, run_main
from unokit.cli.words import speak, translated
from unokit.extras import install_hint
from unokit.i18n import N_, _

__all__ = ["main"]


# Commands that need an optional extra live in their own modules and are imported only when
# used, so `unokit demo` starts fast and works without the extras installed.
LAZY_COMMANDS: dict[str, tuple[str, str, str]] = {
    "simulate": ("unokit.cli.simulate", "simulate", "sim"),
    "ladder": ("unokit.cli.ladder", "ladder", "sim"),
    "play": ("unokit.cli.play", "play", "tui"),
    "serve": ("unokit.cli.serve", "serve", "server"),
}


class LazyGroup(click.Group):
    """A group that imports a command's module the first time the command is asked for, and
    runs every command under the conventions of ``unokit.cli.tools`` (one line an error)."""

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
        speak(sys.argv[1:] if args is None else list(args))
        run_main(
            lambda: super(LazyGroup, self).main(args, prog_name, standalone_mode=False, **extra)
        )

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            raise Interrupted() from None
        except BrokenPipeError:  # click would end it with status 1
            reader_gone()
            raise click.exceptions.Exit(0) from None

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with translated(self):
            super().format_help(ctx, formatter)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *LAZY_COMMANDS])

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Each command with its whole first line of help (click cuts them to fit), and a
        command whose extra is missing with the extra it needs, so ``unokit -h`` works on a
        bare install."""
        rows = []
        for name in self.list_commands(ctx):
            try:
                command = self.get_command(ctx, name)
            except click.UsageError:
                extra = LAZY_COMMANDS[name][2]
                rows.append((name, f"(needs the {extra!r} extra: pip install 'unokit[{extra}]')"))
                continue
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit=1000)))
        if rows:
            with formatter.section(_("Commands")):
                formatter.write_dl(rows)

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
                f"'unokit {cmd_name}' needs the {extra!r} extra ({err.name} is missing): "
                + install_hint(extra)
            ) from None
        command = getattr(module, attr)
        assert isinstance(command, click.Command)
        return command


MAIN_HELP = "\n\n".join(
    (
        N_("unokit: Uno as the rule sheets say."),
        N_(
            "Shell completion of commands, options, presets and bots: add this line to "
            "~/.bashrc (zsh_source for zsh, fish_source for fish; docs/terminal.md)."
        ),
        '\b\n    eval "$(_UNOKIT_COMPLETE=bash_source unokit)"',
    )
)


@click.group(
    cls=LazyGroup, help=MAIN_HELP, context_settings={"help_option_names": ["-h", "--help"]}
)
@click.version_option(version_line(), message="%(version)s")
@click.pass_context
def main(ctx: click.Context) -> None:
    """The ``unokit`` command (its help: ``MAIN_HELP``)."""
    if ctx.invoked_subcommand == "play":  # a player's defaults (unokit config)
        ctx.default_map = {"play": play_defaults()}


for _command in (demo, replay, presets, bots, score, config):
    main.add_command(_command)
