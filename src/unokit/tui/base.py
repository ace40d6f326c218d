"""The table screen shared by play and playback: seats, pile, log, hand, keys, status.

Laid out for 80×24 and up: the seats and the pile on the left, the log on the right, the hand
and the action keys along the bottom. Variants fill the same places: Triple Play's three lit
piles go in the pile panel, a variant's own public state is listed there by name, and actions
the screen has no key for are offered through the generic list (``m``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.filter import Monochrome
from textual.screen import ModalScreen
from textual.widgets import Static

from unokit.i18n import _
from unokit.rules import SWITCHES, Rules
from unokit.tui.widgets import HandBar, LogPane, PilePanel, SeatsPanel

__all__ = ["MIN_HEIGHT", "MIN_WIDTH", "TableApp", "TooSmall", "house_rules"]

MIN_WIDTH, MIN_HEIGHT = 80, 24
"""The smallest window the table is laid out for."""

CSS = """
Screen { layout: vertical; }
#title { height: 1; background: $primary-background; color: $text; padding: 0 1; }
#middle { height: 1fr; }
#seats { width: 27; height: 1fr; overflow-y: auto; }
#pile { width: 16; height: 1fr; overflow-y: auto; }
#log { width: 1fr; border-left: solid $primary; padding: 0 1; scrollbar-size-vertical: 1;
       overflow-x: hidden; }
#hand { layout: grid; grid-size: 11; grid-gutter: 0 1; grid-columns: 5; height: auto;
        max-height: 6; overflow-y: auto; padding: 0 1; border-top: solid $primary; }
.card { width: 5; height: 2; }
#keys { height: 1; }
#keys Button { margin: 0 1 0 0; min-width: 4; }
#keys.tight Button { margin: 0; }
#status { height: 1; padding: 0 1; background: $boost; }
TooSmall { align: center middle; background: $background; }
#too-small { width: 100%; height: auto; content-align: center middle; text-align: center;
             text-style: bold; padding: 1 2; }
ChoiceDialog, InfoScreen { align: center middle; }
#dialog-box { width: 76; max-width: 100%; height: auto; max-height: 100%;
              border: thick $primary; background: $surface; padding: 0 1; }
#dialog-options { height: auto; max-height: 12; }
#info-scroll { height: auto; max-height: 75vh; scrollbar-size-vertical: 1; }
#info-body { height: auto; }
"""


def house_rules(rules: Rules) -> str:
    """``" +stacking +seven_o"``: the switches that differ from the preset (target aside)."""
    try:
        base = Rules.preset(rules.name)
    except ValueError:
        return ""
    out = []
    for name in SWITCHES:
        value = getattr(rules, name)
        if name != "target" and value != getattr(base, name):
            out.append(f" +{name}" if value is True else f" {name}={value}")
    return "".join(out)


class TooSmall(ModalScreen[None]):
    """Covers the table while the window is below 80×24, saying so (instead of clipping)."""

    def __init__(self, note: str) -> None:
        super().__init__()
        self._note = Static(note, id="too-small")

    def compose(self) -> ComposeResult:
        yield self._note

    def show(self, note: str) -> None:
        """Say the window's new size (also before the screen is drawn: a window being
        dragged sends sizes faster than screens are built)."""
        self._note.update(note)


class TableApp(App[None]):
    """A Textual app showing one seat's table. Subclasses feed it views and events."""

    CSS: ClassVar[str] = CSS
    TITLE = "unokit"

    def __init__(self, *, names: Sequence[str], mono: bool = False) -> None:
        super().__init__()
        self.names = list(names)
        self.mono = mono
        if mono and not self.no_color:
            self.no_color = True
            self._filters.append(Monochrome())
        self.log_lines: list[str] = []
        """Every line written to the log panel, for tests and the record of what was said."""

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        with Horizontal(id="middle"):
            yield SeatsPanel(id="seats")
            yield PilePanel(id="pile")
            yield LogPane(id="log")
        yield HandBar(id="hand")
        yield from self.compose_keys()
        yield Static(id="status")

    def compose_keys(self) -> ComposeResult:
        """The row of action buttons (none by default)."""
        yield from ()

    # -- drawing ------------------------------------------------------------------------
    def draw_table(
        self,
        view: dict[str, Any],
        scores: Sequence[int],
        title: str,
        *,
        playable: set[str] | None = None,
        selected: int = -1,
    ) -> None:
        """Redraw every panel from ``view`` (one seat's view) and the match scores."""
        self.query_one("#title", Static).update(Text(title, style="bold"))
        self.query_one(SeatsPanel).show(view, self.names, scores, self.mono)
        self.query_one(PilePanel).show(view, self.names)
        hand = view.get("hand") or []
        self.query_one(HandBar).show(hand, playable or set(), selected)

    def write_log(self, lines: Sequence[str], style: str = "") -> None:
        log = self.query_one(LogPane)
        for line in lines:
            self.log_lines.append(line)
            log.say(Text(line, style=style))

    def on_resize(self, event: events.Resize) -> None:
        """Below 80×24 say so instead of clipping the table (once the new size is laid out;
        the log panel wraps its lines again itself)."""
        self.call_after_refresh(self._fit_window)

    def _fit_window(self) -> None:
        width, height = self.size
        if width < MIN_WIDTH or height < MIN_HEIGHT:
            note = _(
                "The window is {width}×{height}: the table needs {min_width}×{min_height} "
                "at least. Make it larger to play on (Ctrl-C leaves).",
                width=width,
                height=height,
                min_width=MIN_WIDTH,
                min_height=MIN_HEIGHT,
            )
            if isinstance(self.screen, TooSmall):
                self.screen.show(note)
            else:
                self.push_screen(TooSmall(note))
        elif isinstance(self.screen, TooSmall):
            self.pop_screen()

    def set_status(self, text: str | Text) -> None:
        self.query_one("#status", Static).update(text)
