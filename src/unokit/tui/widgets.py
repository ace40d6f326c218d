"""The pieces of the table screen. Each one draws from a seat's view (a dict), nothing else.

Cards always show their code (``R7``, ``GS``, ``W+4``), so the colour letter is there when the
terminal has no colour; with colour, the card is painted in it too.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Any, Final

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.containers import Container
from textual.message import Message
from textual.widgets import RichLog, Static

from unokit.cards import COLORS, Card
from unokit.i18n import _
from unokit.words import color_name

__all__ = [
    "CardChip",
    "HandBar",
    "LogPane",
    "PilePanel",
    "SeatsPanel",
    "card_text",
    "variant_words",
]

CARD_STYLES: Final = {
    "R": "bold white on #c62828",
    "Y": "bold black on #f9d71c",
    "G": "bold black on #43a047",
    "B": "bold white on #1e63c6",
    None: "bold white on #303030",
}
_CLASSIC_KEYS: Final = frozenset(
    {
        "seat", "rules", "players", "active", "dealer", "to_play", "phase", "direction", "top",
        "color", "discard", "draw_size", "hand_sizes", "uno_said", "uno_exposed", "pending",
        "teams", "over", "winner", "hand", "drawn", "legal", "hands", "round_points",
        "tops", "piles", "colors", "lit", "set_aside", "counters",
    }
)  # fmt: skip
"""View keys the panels draw; any other key (a variant's own) is listed as it is."""


def card_text(code: str, width: int = 4) -> Text:
    """A card as a coloured label holding its code."""
    card = Card.parse(code)
    return Text(f"{code:^{width}}", style=CARD_STYLES[card.color])


class CardChip(Static):
    """One card of the hand. A click selects it; a click on the selected card plays it."""

    class Picked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, code: str, index: int, playable: bool, selected: bool) -> None:
        super().__init__(classes="card")
        self.index = index
        self.code = code
        self.playable = playable
        self.set_card(code, playable, selected)

    def set_card(self, code: str, playable: bool, selected: bool) -> None:
        self.code = code
        self.playable = playable
        self.set_class(playable, "-playable")
        self.set_class(selected, "-selected")
        self.refresh()

    def render(self) -> Text:
        text = card_text(self.code)
        if self.has_class("-selected"):
            text.stylize("reverse")
        mark = "▲" if self.playable else " "
        under = "━━━━" if self.has_class("-selected") else f"{mark:^4}"
        text.append("\n" + under)
        return text

    def on_click(self) -> None:
        self.post_message(self.Picked(self.index))


class HandBar(Container):
    """The person's hand, wrapped in rows; playable cards are marked with ▲."""

    def show(self, hand: Sequence[str], playable: set[str], selected: int) -> None:
        """Update the chips in place: the same positions keep their widgets."""
        chips = list(self.query(CardChip))
        for chip in chips[len(hand) :]:
            chip.remove()
        for i, code in enumerate(hand[: len(chips)]):
            chips[i].set_card(code, code in playable, i == selected)
        new = [
            CardChip(code, i, code in playable, i == selected)
            for i, code in enumerate(hand)
            if i >= len(chips)
        ]
        if new:
            self.mount_all(new)
        if 0 <= selected < len(hand):
            target = chips[selected] if selected < len(chips) else new[selected - len(chips)]
            self.call_after_refresh(self.scroll_to_widget, target, animate=False)

    @property
    def codes(self) -> list[str]:
        """The cards shown, in order (what the person sees)."""
        return [chip.code for chip in self.query(CardChip)]


class LogPane(RichLog):
    """The log panel: what was said, wrapped at the panel's width, and wrapped again when
    that width changes (a ``RichLog`` keeps each line as it was first wrapped, so a window
    made wider would keep the narrow lines, and one made narrower would clip them)."""

    KEPT: Final = 2000
    """Lines kept (and scrolled back through); older ones are dropped."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, min_width=20, max_lines=self.KEPT)
        self.can_focus = False  # the arrow keys pick cards, not scroll the log
        self._said: deque[Text] = deque(maxlen=self.KEPT)
        self._wrapped_at: int | None = None

    def say(self, text: Text) -> None:
        """Add one line at the bottom (wrapped at the panel's width)."""
        self._said.append(text)
        self.write(text)

    def on_resize(self, event: events.Resize) -> None:
        """Wrap every line again at the new width. This runs once the panel itself has its
        new size, so the lines fit the layout of the window as it is now."""
        width = event.size.width
        if self._wrapped_at not in (None, width):
            self.clear()
            for text in self._said:
                self.write(text)
        if width:
            self._wrapped_at = width


def _direction(view: dict[str, Any]) -> str:
    return _("↻ clockwise") if view["direction"] == 1 else _("↺ counterclockwise")


class SeatsPanel(Static):
    """Every seat: whose turn, cards in hand, Uno said or catchable, match score."""

    def show(
        self, view: dict[str, Any], names: Sequence[str], scores: Sequence[int], mono: bool
    ) -> None:
        text = Text()
        to_play = view["to_play"]
        said = set(view["uno_said"])
        exposed = set(view["uno_exposed"])
        active = set(view["active"])
        teams = view.get("teams")
        # columns by display width: a Japanese word takes two cells a character
        who, cards, score = _("who"), _("cards"), _("score")
        header = f"   {_pad(who, 4)}{_pad(cards, 6, right=True)}{_pad(score, 11, right=True)}\n"
        text.append(header, style="bold")
        for seat, size in enumerate(view["hand_sizes"]):
            turn = seat == to_play
            marker = "▶" if turn else " "
            line = Text(f" {marker} {_pad(names[seat], 4)}{size:>3}  ")
            if seat not in active:
                line.append(_pad(_("out"), 7), style="dim")
            elif seat in exposed:
                line.append(_pad(_("1 left!"), 7), style="bold red" if not mono else "bold reverse")
            elif seat in said:
                line.append(_pad(_("UNO!"), 7), style="bold yellow" if not mono else "bold")
            else:
                line.append("       ")
            line.append(f"{scores[seat]:>5}")
            if teams:
                team = next((i for i, pair in enumerate(teams) if seat in pair), None)
                if team is not None:
                    line.append(f" {'AB'[team]}")
            if turn:
                line.stylize("bold")
            text.append_text(line)
            text.append("\n")
        draw_pile = _("draw pile: {n}", n=view["draw_size"])
        text.append(f"\n {_direction(view)}\n {draw_pile}")
        self.update(text)


class PilePanel(Static):
    """The discard pile's top and the colour in play (three piles for Triple Play)."""

    def show(self, view: dict[str, Any], names: Sequence[str] = ()) -> None:
        text = Text()
        if "tops" in view:  # Triple Play: three piles, the lit ones marked
            lit = set(view.get("lit") or ())
            colors = view.get("colors") or [None] * len(view["tops"])
            counters = view.get("counters") or [None] * len(view["tops"])
            for i, top in enumerate(view["tops"]):
                light = "●" if i + 1 in lit else "○"
                text.append(f" @{i + 1} {light} ")
                if top:
                    text.append_text(card_text(top))
                text.append("\n   ")
                if colors[i]:
                    text.append(color_name(colors[i]))
                if counters[i] is not None:
                    text.append(f" ·{counters[i]}", style="dim")
                text.append("\n")
            text.append(" " + _("·N: presses") + "\n", style="dim")
        else:
            top_style = CARD_STYLES[Card.parse(view["top"]).color]
            text.append(" " + _("discard") + "\n ")
            text.append(" " * 8, style=top_style)
            text.append("\n ")
            text.append_text(card_text(view["top"], 8))
            text.append("\n ")
            text.append(" " * 8, style=top_style)
            text.append("\n")
            color = view.get("color")
            if color:
                text.append(" " + _("colour") + "\n ")
                text.append(f" {color_name(color)} ({color}) ", style=CARD_STYLES[color])
                text.append("\n")
            else:
                text.append(" " + _("colour") + "\n " + _("not named yet") + "\n")
        pending = view.get("pending")
        if isinstance(pending, dict) and "cards" in pending:
            text.append(" " + _("penalty: {n}", n=pending["cards"]) + "\n", style="bold")
        elif pending:  # a variant's own pending follow-up, as it is
            text.append(f" pending: {_short(pending)}\n", style="bold")
        drawn = view.get("drawn")
        if drawn:
            text.append(" " + _("you drew") + " ")
            text.append_text(card_text(drawn))
            text.append("\n")
        for key, value in view.items():  # a variant's own public state, in words
            if key not in _CLASSIC_KEYS and value not in (None, [], {}):
                text.append(f" {variant_words(key, value, names)}\n")
        self.update(text)


def _pad(text: str, width: int, *, right: bool = False) -> str:
    """``text`` padded to ``width`` terminal cells (a wide character takes two)."""
    gap = " " * max(0, width - cell_len(text))
    return gap + text if right else text + gap


def variant_words(key: str, value: Any, names: Sequence[str] = ()) -> str:
    """A variant's own public state as a line a player reads (Party!'s pointing, mini
    pile, Direction Tracker; Triple Play's lights); any other key by its name."""
    if key == "pointing" and isinstance(value, dict):
        who = _seat_name(names, value.get("player"))
        chosen = value.get("chosen") or []
        return _("{who}'s Point Taken: {n} pointed", who=who, n=len(chosen))
    if key == "direction_tracker":
        return _("play goes {direction}", direction=value)
    if key == "mini_pile" and isinstance(value, list):
        return _("mini pile: {card} ({n})", card=value[-1], n=len(value))
    if key == "mini_color":
        return _("mini colour: {color}", color=color_name(value) if value in COLORS else value)
    if key == "lights" and isinstance(value, list):
        return _("lights: {lights}", lights=" ".join(str(v) for v in value))
    if key in _SEAT_LISTS and isinstance(value, list):
        return f"{key.replace('_', ' ')}: " + " & ".join(_seat_name(names, s) for s in value)
    return f"{key.replace('_', ' ')}: {_short(value)}"


_SEAT_LISTS: Final = frozenset({"link"})
"""Variant state that lists seats (Party!'s linked pair): shown by the players' names."""


def _seat_name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return str(seat)


def _short(value: Any) -> str:
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    return str(value)
