"""The command line's conventions, in one place: every failure is one line and an exit code.

- A mistake in what the user typed (an option, a bot name, a record that is not a record) is
  ``Error: ...`` on one line and exit status 2 (click's ``UsageError``, or ``BadInput``).
- A failure while working (a bot program that crashed, a file that cannot be written) is one
  line and exit status 1 (``click.ClickException``).
- Ctrl-C stops the command, keeps what is done, says ``interrupted`` and exits 130.
- Any other exception is a bug in unokit: one line naming it, exit status 1, and the
  traceback only when ``UNOKIT_TRACEBACK=1`` is set.

Output paths are checked when the options are read, before any work starts, so a typo in
``--out`` never costs a finished run.
"""

from __future__ import annotations

import contextlib
import math
import os
import re
import stat
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Final, NoReturn

import click
from click.shell_completion import CompletionItem

from unokit.extras import install_hint, missing_extra
from unokit.i18n import LANGUAGES, N_, PSEUDO, _, choose, current, use

__all__ = [
    "BadInput",
    "Duration",
    "Interrupted",
    "Jobs",
    "Number",
    "OutputPath",
    "check_bots_fit",
    "complete_bots",
    "complete_presets",
    "fail",
    "parse_bots",
    "parse_house",
    "reader_gone",
    "refuse_existing",
    "replace_file",
    "rules_option",
    "run_main",
    "switch_value",
    "write_output",
]

INTERRUPTED = 130
"""The exit status of a command stopped by Ctrl-C (128 + SIGINT), as shells report it."""


class BadInput(click.ClickException):
    """Input the command cannot use (a file that is no record): one line, exit status 2."""

    exit_code = 2


class Interrupted(click.ClickException):
    """Ctrl-C: the command stopped, what it finished is kept; exit status 130."""

    exit_code = INTERRUPTED

    def __init__(self) -> None:
        super().__init__("interrupted")


def fail(message: str) -> NoReturn:
    """Stop the command with one line and exit status 1 (a failure while working)."""
    raise click.ClickException(message)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _show(err: click.ClickException) -> None:
    if isinstance(err, Interrupted):
        click.echo(_("interrupted"), err=True)
        return
    message = _one_line(err.format_message())
    if isinstance(err, click.UsageError) and err.ctx is not None:
        help_name = err.ctx.help_option_names[0] if err.ctx.help_option_names else "--help"
        command = f"{err.ctx.command_path} {help_name}"
        message += " " + _("(see '{command}')", command=command)
    click.echo(_("Error: {message}").format(message=message), err=True)


def reader_gone() -> None:
    """The reader of standard output went away (``unokit replay x | head``): it has what it
    wanted, so the command stops as a success (a ``set -o pipefail`` script goes on), and the
    output still buffered goes nowhere rather than into a second error at exit."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def run_main(call: Callable[[], Any]) -> NoReturn:
    """Run ``call`` (a click command's ``main`` in non-standalone mode) as a program under
    the policy above, and ``sys.exit`` with its status."""
    try:
        code = call()
    except click.exceptions.NoArgsIsHelpError as err:  # bare ``unokit``: its help, as -h
        click.echo(err.ctx.get_help())
        sys.exit(0)
    except click.ClickException as err:
        _show(err)
        sys.exit(err.exit_code)
    except click.Abort as err:
        if isinstance(err.__context__, EOFError):
            click.echo("Error: end of input", err=True)
            sys.exit(1)
        click.echo(_("interrupted"), err=True)
        sys.exit(INTERRUPTED)
    except KeyboardInterrupt:
        click.echo(_("interrupted"), err=True)
        sys.exit(INTERRUPTED)
    except BrokenPipeError:
        reader_gone()
        sys.exit(0)
    except Exception as err:
        if os.environ.get("UNOKIT_TRACEBACK") not in (None, "", "0"):
            raise
        extra = missing_extra(err) if isinstance(err, ModuleNotFoundError) else None
        if isinstance(err, ModuleNotFoundError) and extra is not None:
            # an optional library this command needs after all
            click.echo(
                f"Error: this needs {err.name}, which the {extra!r} extra installs: "
                f"{install_hint(extra)}",
                err=True,
            )
            sys.exit(2)
        text = _one_line(str(err))
        click.echo(
            f"Error: unokit failed ({type(err).__name__}{': ' + text if text else ''}); "
            "this is a bug, please report it (UNOKIT_TRACEBACK=1 shows where)",
            err=True,
        )
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)


if TYPE_CHECKING:
    from unokit.rules import Rules


class Number(click.FloatRange):
    """A float option that is a real quantity: NaN and the infinities are refused (click's
    ``FloatRange`` lets NaN through every bound), then the bounds are checked."""

    def __init__(
        self, min: float | None = None, max: float | None = None, *, min_open: bool = False
    ) -> None:
        super().__init__(min=min, max=max, min_open=min_open)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = click.FLOAT.convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return super().convert(number, param, ctx)


if TYPE_CHECKING:  # click 8.2 made ParamType generic; older clicks are not subscriptable
    _PathType = click.ParamType[Path]
    _FloatType = click.ParamType[float]
    _IntType = click.ParamType[int | None]
else:
    _PathType = _FloatType = _IntType = click.ParamType


class OutputPath(_PathType):
    """A file the command will write, checked now: its folder exists and may be written,
    and it is not a folder itself. ``stdout_ok``: ``-`` means standard output."""

    name = "file"
    envvar_list_splitter: ClassVar[str | None] = None

    def __init__(self, *, stdout_ok: bool = False, suffixes: tuple[str, ...] = ()) -> None:
        self.stdout_ok = stdout_ok
        self.suffixes = suffixes

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, Path):
            path = value
        else:
            text = str(value)
            if text == "-":
                if self.stdout_ok:
                    return Path("-")
                self.fail(_("'-' (standard output) is not possible here: name a file"), param, ctx)
            if not text:
                self.fail(_("an empty name is no file"), param, ctx)
            path = Path(text)
        if self.suffixes and path.suffix.lower() not in self.suffixes:
            self.fail(
                _(
                    "{file} should end in {suffixes}: the suffix says the format",
                    file=repr(str(path)),
                    suffixes=_either(self.suffixes),
                ),
                param,
                ctx,
            )
        if path.is_dir():
            self.fail(_("{file} is a folder, not a file", file=repr(str(path))), param, ctx)
        folder = path.parent if str(path.parent) else Path(".")
        if not folder.is_dir():
            self.fail(
                _(
                    "cannot write {file}: there is no folder {folder}",
                    file=repr(str(path)),
                    folder=repr(str(folder)),
                ),
                param,
                ctx,
            )
        if path.exists() and not os.access(path, os.W_OK):
            self.fail(_("cannot write {file}: it is read-only", file=repr(str(path))), param, ctx)
        if not path.exists() and not os.access(folder, os.W_OK | os.X_OK):
            self.fail(
                _("cannot write {file}: the folder is read-only", file=repr(str(path))), param, ctx
            )
        if not path.exists():  # what access() cannot tell (/sys, a full disk): try it
            try:
                path.touch(exist_ok=False)
            except OSError as err:
                why = err.strerror or str(err)
                self.fail(
                    _("cannot write {file}: {reason}", file=repr(str(path)), reason=why),
                    param,
                    ctx,
                )
            path.unlink()
        return path


class Duration(_FloatType):
    """A span of time: ``90`` or ``90s``, ``10m``, ``2h``, ``1h30m`` (seconds, as a float)."""

    name = "time"
    UNITS: ClassVar[dict[str, float]] = {"h": 3600.0, "m": 60.0, "s": 1.0}

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, float):
            return value
        text = str(value).strip().lower()
        parts = re.findall(r"(\d+(?:\.\d+)?)\s*([hms]?)", text)
        total = sum(float(n) * self.UNITS[unit or "s"] for n, unit in parts)
        if not parts or re.sub(r"\d+(?:\.\d+)?\s*[hms]?", "", text).strip():
            self.fail(f"{value!r} is not a time: 90s, 10m, 2h or 1h30m", param, ctx)
        if not 0 < total <= 366 * 86400:
            self.fail(f"{value!r}: a time from a second to a year", param, ctx)
        return total


class Jobs(_IntType):
    """A number of processes, 1 or more, or ``auto`` (``None``: one a CPU, as the work needs)."""

    name = "n|auto"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if value is None or isinstance(value, int):
            return value
        text = str(value).strip().lower()
        if text == "auto":
            return None
        if not text.isdigit() or int(text) < 1:
            self.fail(f"{value!r} is not a number of processes (1 or more) nor auto", param, ctx)
        return int(text)


def refuse_existing(path: Path | None, force: bool) -> None:
    """Refuse (a usage error, before any work) to write over a file that is there, unless
    ``--force`` says to: a finished record or a day's results are not replaced by a slip."""
    if path is None or force or str(path) == "-":
        return
    if os.path.lexists(path) and (path.is_symlink() or path.is_file()):
        raise click.UsageError(_("{file} exists: --force replaces it", file=repr(str(path))))


def replace_file(path: Path, write: Callable[[Path], object]) -> None:
    """Have ``write`` make the file at ``path`` whole, or leave what was there untouched.

    ``write`` fills a temporary file in the same folder, which is then renamed over the
    target, so a crash or a full disk leaves the old file whole. A symbolic link is followed
    (the file it names is replaced; the link stays); a device or a pipe at the path (``/dev/
    null``) is written into, never replaced. The new file gets the old one's permissions, or
    the umask's as a plain ``open`` gives."""
    target = Path(os.path.realpath(path))
    if target.exists() and not target.is_file():  # a device, a pipe: written as they are
        write(target)
        return
    handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=target.suffix,
                                    dir=target.parent)  # fmt: skip
    os.close(handle)
    try:
        write(Path(temp))
        os.chmod(temp, _mode_for(target))
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def _mode_for(target: Path) -> int:
    """The permissions a rewritten ``target`` keeps: its own, or ``0o666`` less the umask."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def _either(items: Sequence[str]) -> str:
    """``".png or .svg or .pdf"``: alternatives as the reader's language lists them."""
    t = current()
    if t.lang in ("en", PSEUDO):  # English reads no catalogue and imports no Babel
        return " or ".join(items)
    from babel.lists import format_list

    return format_list(list(items), style="or", locale=t.locale)


def write_output(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` (``-``: standard output) through ``replace_file``. If that
    fails after all (the folder went away while the work ran), the text is saved in the
    temporary folder instead and the one line says where, so the work is not lost."""
    if str(path) == "-":
        click.echo(text, nl=not text.endswith("\n"))
        return
    try:
        replace_file(path, lambda temp: temp.write_text(text, encoding="utf-8"))
    except OSError as err:
        reason = err.strerror or str(err)
        try:
            handle, spare = tempfile.mkstemp(prefix=f"unokit-{path.stem}-", suffix=path.suffix)
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
        except OSError:
            fail(_("cannot write {file}: {reason}", file=repr(str(path)), reason=reason))
        fail(
            _(
                "cannot write {file}: {reason}; saved to {spare} instead",
                file=repr(str(path)),
                reason=reason,
                spare=spare,
            )
        )


TRUE_WORDS: Final = ("on", "true", "yes", "1")
FALSE_WORDS: Final = ("off", "false", "no", "0")
"""The words a yes-or-no switch takes: ``unokit presets`` prints on and off."""


def switch_value(name: str, text: str) -> Any:
    """The value of switch ``name`` written as ``text``, typed as the switch is (``ValueError``
    says what it takes): on/off, true/false, yes/no, 1/0 for a yes-or-no switch; ``none`` for
    a switch that may be unset."""
    from dataclasses import fields

    from unokit.rules import Rules

    kind = {f.name: str(f.type) for f in fields(Rules)}[name]
    word = text.strip().lower()
    if kind == "bool":
        if word in TRUE_WORDS:
            return True
        if word in FALSE_WORDS:
            return False
        raise ValueError(f"{name} is on or off (true/false, yes/no, 1/0), not {text!r}")
    if word == "none" and "None" in kind:
        return None
    if kind.startswith("int"):
        try:
            return int(word)
        except ValueError:
            raise ValueError(f"{name} is a whole number, not {text!r}") from None
    if kind.startswith("float"):
        try:
            seconds = float(word)
        except ValueError:
            raise ValueError(f"{name} is a number of seconds, not {text!r}") from None
        if not math.isfinite(seconds) or seconds < 0:
            raise ValueError(f"{name} is a number of seconds, 0 or more, not {text!r}")
        return seconds
    return text.strip()


def parse_house(house: str) -> dict[str, Any]:
    """``stacking,seven_o=off,target=300`` -> keyword switches; a bare name turns it on."""
    from unokit.rules import SWITCHES

    switches: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in house.split(","))):
        name, eq, value = (part.strip() for part in item.partition("="))
        if name not in SWITCHES:
            raise click.BadParameter(
                f"unknown switch {name!r}: the switches are {', '.join(SWITCHES)}",
                param_hint="'--house'",
            )
        try:
            switches[name] = switch_value(name, value) if eq else True
        except ValueError as err:
            raise click.BadParameter(str(err), param_hint="'--house'") from None
    return switches


def parse_bots(text: str) -> list[str]:
    """The bot specs of a ``--bots`` list (``unokit.bots.split_bot_list``), each checked by
    building it once: a bad name or setting is a usage error before anything is played."""
    from unokit.bots import make_bot, split_bot_list

    try:
        specs = split_bot_list(text)
        for spec in specs:
            make_bot(spec, seed=0).close()
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="'--bots'") from None
    return specs


def check_bots_fit(specs: Sequence[str], rules: Rules, players: int) -> None:
    """Refuse (a usage error naming what fits) a bot that cannot play this table: a learned
    bot without weights for it, a saved policy trained for another game or player count."""
    from unokit.bots import make_bot

    for spec in dict.fromkeys(specs):
        bot = make_bot(spec, seed=0)
        try:
            _check_fit(bot, rules, players)
        except ValueError as err:
            name = spec.split(":", 1)[0]
            raise click.BadParameter(
                _("{bot} cannot play this table: {reason}", bot=name, reason=err),
                param_hint="'--bots'",
            ) from None
        finally:
            bot.close()


def _check_fit(bot: Any, rules: Rules, players: int) -> None:
    """``ValueError`` when ``bot`` (or the bot a personality wraps) plays only other tables."""
    inner = getattr(bot, "bot", bot)
    net_for = getattr(inner, "net_for", None)
    if callable(net_for):  # the learned bot: weights for this rule set and player count
        net_for(rules, players)
    policy = getattr(inner, "policy", None)
    if policy is not None and (policy.rules.name, policy.players) != (rules.name, players):
        raise ValueError(
            _(
                "the policy {file} plays {game} at {n} players, not {table} at {players}",
                file=repr(getattr(inner, "path", "")),
                game=policy.rules.name,
                n=policy.players,
                table=rules.name,
                players=players,
            )
        )


def complete_presets(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """Shell completion of ``--rules``: the preset names."""
    from unokit.rules import Rules

    return [CompletionItem(name) for name in Rules.presets() if name.startswith(incomplete)]


def _use_language(_ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    use(choose(value))


lang_option = click.option(
    "--lang",
    type=click.Choice([*LANGUAGES, PSEUDO]),
    default=None,
    expose_value=False,
    is_eager=True,
    callback=_use_language,
    help=N_(
        "the language of the words (qps: a pseudo-language that shows words left "
        "untranslated) [default: from LC_ALL, LC_MESSAGES or LANG, else en]"
    ),
)
"""``--lang``: the player-facing commands speak it (``play``, ``demo``, ``replay``)."""

rules_option = click.option(
    "--rules",
    "preset",
    default="mattel-2021",
    show_default=True,
    help=N_("preset name (unokit presets)"),
    shell_complete=complete_presets,
)
"""The ``--rules PRESET`` option every command that plays takes, completing preset names."""


def complete_bots(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """Shell completion of ``--bots``: bot and strength names after the last comma."""
    from unokit.bots import STRENGTHS, bot_names

    head, comma, last = incomplete.rpartition(",")
    prefix = head + comma
    if ":" in last:
        return []
    names = [*STRENGTHS, *bot_names()]
    return [CompletionItem(prefix + name) for name in names if name.startswith(last)]
