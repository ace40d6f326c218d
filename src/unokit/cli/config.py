"""A player's defaults for ``unokit play``: a config file and ``UNOKIT_PLAY_*`` variables.

``~/.config/unokit/config.toml`` (``$XDG_CONFIG_HOME/unokit/config.toml``, or the file
``UNOKIT_CONFIG`` names) holds a ``[play]`` table; an environment variable
``UNOKIT_PLAY_<SETTING>`` overrides the file, and an option on the command line overrides
both. ``unokit config`` shows each value and where it came from.

    [play]
    rules = "mattel-2015"
    house = "stacking,seven_o"
    bots = "easy,hard"
    players = 3
    delay = 0.5
    record_folder = "~/uno"
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import click

from unokit.cli.tools import BadInput

__all__ = ["PLAY_SETTINGS", "Setting", "config", "config_path", "play_settings"]

PLAY_SETTINGS: Final = {
    "rules": (str, "mattel-2021", "the preset (--rules)"),
    "house": (str, "", "house-rule switches (--house)"),
    "players": (int, 4, "seats at the table (--players)"),
    "bots": (str, "normal", "the bots (--bots)"),
    "delay": (float, 0.8, "seconds a bot action waits (--delay)"),
    "reaction": (float, 1.5, "seconds a bot takes to say Uno, catch, jump in (--reaction)"),
    "record_folder": (str, "", "save every match's record in this folder (unless --record)"),
}
"""Each setting of ``[play]``: its type, the built-in default and what it sets."""

_OPTION_NAMES: Final = {"rules": "preset", "record_folder": "record_folder"}
"""Settings whose name in ``play``'s parameters differs."""


@dataclass(frozen=True)
class Setting:
    """A setting's value and where it came from (an option, a variable, the file, unokit)."""

    name: str
    value: Any
    source: str


def config_path() -> Path:
    """The config file: ``UNOKIT_CONFIG``, else ``$XDG_CONFIG_HOME/unokit/config.toml``."""
    named = os.environ.get("UNOKIT_CONFIG")
    if named:
        return Path(named).expanduser()
    home = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(home) / "unokit" / "config.toml"


def _read_file(path: Path) -> dict[str, Any]:
    """The ``[play]`` table of the config file (``{}`` when there is none); ``BadInput``
    names the file and what is wrong with it."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as err:
        raise BadInput(f"cannot read the config file {path}: {err}") from None
    except tomllib.TOMLDecodeError as err:
        raise BadInput(f"the config file {path} is not TOML: {err}") from None
    unknown = sorted(set(data) - {"play"})
    if unknown:
        raise BadInput(f"the config file {path} has a table {unknown[0]!r}; unokit reads [play]")
    play = data.get("play", {})
    if not isinstance(play, dict):
        raise BadInput(f"the config file {path}: play is a table, [play]")
    return play


def _typed(name: str, value: Any, where: str) -> Any:
    kind, _, _ = PLAY_SETTINGS[name]
    try:
        if kind is str and isinstance(value, str):
            return value
        if kind is int and not isinstance(value, bool):
            return int(value)
        if kind is float and not isinstance(value, bool):
            return float(value)
    except (TypeError, ValueError):
        pass
    raise BadInput(f"{where}: {name} is {kind.__name__ if kind is not str else 'text'}, "
                   f"not {value!r}")  # fmt: skip


def play_settings() -> list[Setting]:
    """Every ``[play]`` setting with its value and source: the environment over the file
    over unokit's default (``BadInput``: an unknown setting or a value of the wrong type)."""
    path = config_path()
    in_file = _read_file(path)
    for name in in_file:
        if name not in PLAY_SETTINGS:
            raise BadInput(
                f"the config file {path}: [play] has no setting {name!r}; the settings are "
                f"{', '.join(PLAY_SETTINGS)} (unokit config)"
            )
    out = []
    for name, (_, default, _) in PLAY_SETTINGS.items():
        variable = f"UNOKIT_PLAY_{name.upper()}"
        if os.environ.get(variable):
            out.append(Setting(name, _typed(name, os.environ[variable], variable), variable))
        elif name in in_file:
            out.append(Setting(name, _typed(name, in_file[name], str(path)), str(path)))
        else:
            out.append(Setting(name, default, "default"))
    return out


def play_defaults() -> dict[str, Any]:
    """``play``'s option defaults from the environment and the config file (click's
    ``default_map``: an option on the command line still wins)."""
    return {
        _OPTION_NAMES.get(s.name, s.name): s.value for s in play_settings() if s.source != "default"
    }


@click.command()
def config() -> None:
    """Show the player's defaults for play: each value and where it came from.

    \b
    Example:
      unokit config
    """
    path = config_path()
    found = "found" if path.is_file() else "not found; unokit's defaults hold"
    click.echo(f"config file: {path} ({found})")
    settings = play_settings()
    width = max(len(s.name) for s in settings)
    for s in settings:
        shown = repr(s.value) if isinstance(s.value, str) else str(s.value)
        click.echo(f"play.{s.name:<{width}}  {shown:<20}  from {s.source}")
    click.echo("Set them in the file's [play] table, or as UNOKIT_PLAY_<NAME> (docs/terminal.md)")
