"""``unokit replay FILE --watch``: a record played back on the table screen.

The record is replayed and checked first (a record the engine would play differently is
refused, as ``Game.replay`` and ``Match.replay`` do); then it is stepped through one action at
a time and each frame is drawn from seat 0's view, as the person at that seat saw the game.
"""

from __future__ import annotations

from typing import Any, ClassVar

import click
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.timer import Timer

from unokit.errors import RecordError
from unokit.game import Game
from unokit.match import MATCH_FORMAT, Match
from unokit.record import GAME_FORMAT, RECORD_VERSION, apply_recorded
from unokit.rules import Rules
from unokit.tui.base import TableApp, house_rules
from unokit.tui.names import seat_names
from unokit.tui.table import OneRound, Rounds
from unokit.words import Narrator

__all__ = ["Playback", "WatchApp", "watch_record"]


class Playback:
    """A full game or match record, stepped one action at a time from its start."""

    def __init__(self, record: dict[str, Any], seat: int = 0) -> None:
        fmt = record.get("format") if isinstance(record, dict) else None
        self.rounds: Rounds
        if fmt == MATCH_FORMAT:
            Match.replay(record)  # refuses a record that replays differently
            rules = Rules.from_json(record["rules"])
            self.rounds = Match(rules, players=record["players"], seed=record["seed"])
            self._actions = [[tuple(a) for a in r["actions"]] for r in record["rounds"]]
            self._versions = [r.get("version", RECORD_VERSION) for r in record["rounds"]]
        elif fmt == GAME_FORMAT:
            Game.replay(record)
            self.rounds = OneRound(Game.replay({**record, "actions": [], "events": None}))
            self._actions = [[tuple(a) for a in record["actions"]]]
            self._versions = [record["version"]]
        elif fmt in (f"{MATCH_FORMAT}.seat", f"{GAME_FORMAT}.seat"):
            raise RecordError(
                "this is one seat's record: it hides the other hands, so it cannot be played "
                "back on the table; --watch plays full records (unokit play --record FILE)"
            )
        else:
            raise RecordError(f"not a unokit game or match record (format {fmt!r})")
        if not 0 <= seat < self.rounds.players:
            raise RecordError(f"there is no seat {seat} in this record")
        self.seat = seat
        self.round_index = 0
        self.action_index = 0
        self._seen = 0

    @property
    def total(self) -> int:
        return sum(len(a) for a in self._actions)

    @property
    def done(self) -> bool:
        last = len(self._actions) - 1
        return self.round_index == last and self.action_index >= len(self._actions[last])

    def view(self) -> dict[str, Any]:
        return self.rounds.game.view(self.seat)

    def new_events(self) -> list[Any]:
        events = self.rounds.game.events(self.seat, since=self._seen)
        self._seen += len(events)
        return events

    def step(self) -> str | None:
        """Apply the next action; ``"round"`` when a new round was dealt, ``None`` at the end."""
        if self.done:
            return None
        actions = self._actions[self.round_index]
        if self.action_index >= len(actions):
            self.rounds.next_round()
            self.round_index += 1
            self.action_index = 0
            self._seen = 0
            return "round"
        seat, text = actions[self.action_index]
        # an old record's implied keep of a drawn card that does not play comes with it
        apply_recorded(self.rounds.game, int(seat), str(text), self._versions[self.round_index])
        self.action_index += 1
        return "action"


class WatchApp(TableApp):
    """The table screen, driven by a ``Playback`` instead of a person and bots."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "pause_play", "pause"),
        Binding("right,n", "step", "step"),
        Binding("plus", "faster", "faster"),
        Binding("minus", "slower", "slower"),
        Binding("q,escape", "quit", "quit"),
    ]

    def __init__(self, playback: Playback, *, delay: float = 0.8, mono: bool = False) -> None:
        super().__init__(names=seat_names(playback.rounds.players, playback.seat), mono=mono)
        self.playback = playback
        self.delay = delay
        self.paused = False
        self.narrator = Narrator(self.names, playback.seat, game=playback.rounds.rules.game)
        self.steps = 0
        self._timer: Timer | None = None

    def on_mount(self) -> None:
        rules = self.playback.rounds.rules
        self.write_log([f"playback: {rules.name}, as seat {self.playback.seat} saw it"], "bold")
        self.write_log(["— round 1 —"], "bold")
        self.redraw()
        if self.delay > 0:
            self._timer = self.set_interval(self.delay, self._tick)

    def _tick(self) -> None:
        if not self.paused:
            self.action_step()

    def redraw(self) -> None:
        pb = self.playback
        view = pb.view()
        rules = pb.rounds.rules
        title = f"unokit · playback · {rules.name}{house_rules(rules)} · round {pb.round_index + 1}"
        self.draw_table(view, pb.rounds.scores, title)
        self.write_log(self.narrator.lines(pb.new_events()))
        state = "paused" if self.paused else "playing"
        where = "end of the record" if pb.done else f"action {self.steps}/{pb.total}"
        self.set_status(Text(f"{where} · {state} · space pause, → step, +/- speed, q quit"))

    def action_step(self) -> None:
        what = self.playback.step()
        if what is None:
            self.paused = True
        elif what == "round":
            self.write_log([f"— round {self.playback.round_index + 1} —"], "bold")
        else:
            self.steps += 1
        self.redraw()

    def action_pause_play(self) -> None:
        self.paused = not self.paused
        self.redraw()

    def action_faster(self) -> None:
        self._retime(0.5)

    def action_slower(self) -> None:
        self._retime(2.0)

    def _retime(self, factor: float) -> None:
        if self._timer is not None:
            self.delay = min(5.0, max(0.05, self.delay * factor))
            self._timer.stop()
            self._timer = self.set_interval(self.delay, self._tick)


def watch_record(record: dict[str, Any], *, delay: float = 0.8, mono: bool = False) -> None:
    """Play ``record`` back full screen (``unokit replay FILE --watch``)."""
    try:
        playback = Playback(record)
    except (RecordError, KeyError, TypeError, ValueError) as err:
        raise click.ClickException(f"cannot play this record back: {err}") from None
    WatchApp(playback, delay=delay, mono=mono).run()
