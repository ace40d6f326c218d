"""Dialogs: one generic chooser (colour, challenge, swap seat, catch, any legal action) and
the screens between rounds (score table, match summary, help).

A choice has a hotkey, a label and the action text it stands for; the dialog answers with the
text (or ``None`` when cancelled), so the same dialog serves every variant's follow-ups.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from unokit.i18n import _

__all__ = ["Choice", "ChoiceDialog", "InfoScreen"]


@dataclass(frozen=True)
class Choice:
    key: str
    """A single key that picks it (shown in brackets)."""
    label: str | Text
    value: str
    """The action text the dialog answers with."""


class ChoiceDialog(ModalScreen[str | None]):
    """Pick one of a few choices with its key, the arrows and Enter, or the mouse."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "cancel")]

    def __init__(
        self, title: str, choices: Sequence[Choice], *, note: str = "", cancel: bool = True
    ) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.choices = list(choices)
        self.note = note
        self.cancellable = cancel

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog-box"):
            yield Static(Text(self.title_text, style="bold"), id="dialog-title")
            options = []
            for i, choice in enumerate(self.choices):
                label = Text(f"[{choice.key}] ")
                label.append_text(
                    choice.label if isinstance(choice.label, Text) else Text(choice.label)
                )
                options.append(Option(label, id=f"choice-{i}"))
            yield OptionList(*options, id="dialog-options")
            hint = (
                _("keys, ↑/↓ and Enter, or click; Esc: back")
                if self.cancellable
                else _("keys, ↑/↓ and Enter, or click")
            )
            yield Static(Text((self.note + "\n" if self.note else "") + hint, style="dim"))

    def on_mount(self) -> None:
        self.query_one(OptionList).highlighted = 0

    def on_key(self, event: Key) -> None:
        for choice in self.choices:
            if event.character is not None and event.character.lower() == choice.key.lower():
                event.stop()
                self.dismiss(choice.value)
                return

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = int(str(event.option.id).removeprefix("choice-"))
        self.dismiss(self.choices[index].value)

    def action_cancel(self) -> None:
        if self.cancellable:
            self.dismiss(None)


class InfoScreen(ModalScreen[None]):
    """A page of text (score table, summary, help) closed with Enter, Space or Esc; a page
    taller than the screen scrolls with the arrows, PgUp/PgDn, Home/End and the wheel."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", "continue"),
        Binding("space", "close", "continue", show=False),
        Binding("escape", "close", "close", show=False),
        Binding("question_mark", "close", "close", show=False),
        Binding("up,k", "scroll_rows(-1)", "scroll", show=False),
        Binding("down,j", "scroll_rows(1)", "scroll", show=False),
        Binding("pageup", "scroll_page(-1)", show=False),
        Binding("pagedown", "scroll_page(1)", show=False),
        Binding("home", "scroll_to_end(0)", show=False),
        Binding("end", "scroll_to_end(1)", show=False),
    ]

    def __init__(self, body: Text, *, name: str = "info", hint: str = "") -> None:
        super().__init__(classes="dialog", id=f"{name}-screen")
        self.body = body
        self.hint = hint or _("Enter: continue")

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog-box"):
            with VerticalScroll(id="info-scroll"):
                yield Static(self.body, id="info-body")
            yield Static(Text(self.hint, style="dim"), id="info-hint")

    @property
    def scroller(self) -> VerticalScroll:
        return self.query_one("#info-scroll", VerticalScroll)

    def action_scroll_rows(self, rows: int) -> None:
        self.scroller.scroll_relative(y=rows, animate=False)

    def action_scroll_page(self, pages: int) -> None:
        scroller = self.scroller
        scroller.scroll_relative(y=pages * max(1, scroller.size.height - 1), animate=False)

    def action_scroll_to_end(self, end: int) -> None:
        if end:
            self.scroller.scroll_end(animate=False)
        else:
            self.scroller.scroll_home(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
