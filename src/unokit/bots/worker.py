"""What runs in a bot worker process (``unokit.server.botpool``), kept apart from the
server so that a worker imports the engine and the bots and nothing else.

A worker's initializer, ``begin``, runs before it takes any call: it lowers the worker's CPU
priority (on Linux the idle scheduling class, elsewhere ``os.nice(NICENESS)``) and makes it
exit as soon as the process that started it is gone, so a server killed with ``kill -9``
leaves no worker behind, even one still starting, whose first call had not reached it. It
answers ``choose`` calls.
Games and actions travel pickled; the reducers below make the compiled classes picklable
(their own state leaves a variant's fields out).
"""

from __future__ import annotations

import contextlib
import copyreg
import dataclasses
import os
import threading
import time
from typing import Any

from unokit.actions import Action
from unokit.bots.base import Bot, decide
from unokit.game import Game
from unokit.party.game import PartyGame
from unokit.tripleplay.game import TriplePlayGame

__all__ = ["NICENESS", "begin", "choose", "lower", "started"]

NICENESS = 10
"""Where the idle scheduling class is missing: how much lower than the server's a worker's
CPU priority is. On a busy machine the server's event loop (people's moves, every table's
frames) runs first, searches after."""


def lower(pid: int) -> None:
    """Make process ``pid`` (0: this one) think only on CPU time the server leaves: on Linux
    the idle scheduling class (the event loop, waking, takes the core from it at once; a
    lowered nice value would still share the core), elsewhere a nice value NICENESS lower."""
    if hasattr(os, "SCHED_IDLE"):
        with contextlib.suppress(ProcessLookupError):
            os.sched_setscheduler(pid, os.SCHED_IDLE, os.sched_param(0))
    elif pid == 0:
        os.nice(NICENESS)


def begin(parent: int) -> None:
    """A bot worker's initializer, run before it takes any call: its priority lowered, and
    ``parent`` watched (``started``)."""
    lower(0)
    started(parent)


def started(parent: int) -> int:
    """Watch the process ``parent`` that started this one, and exit once it is gone (at once
    if it died while this one started). This process's id."""
    threading.Thread(target=_watch, args=(parent,), daemon=True).start()
    return os.getpid()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)


def choose(bot: Bot, game: Game, seat: int, optional: bool) -> tuple[Action | None, Bot]:
    """The bot's choice of ``seat``'s decision in ``game``, and the bot as it left it."""
    return bot.choose(decide(game, seat, optional)), bot


def _reduce_action(action: Action) -> tuple[type[Action], tuple[Any, ...]]:
    """Pickle an ``Action`` by its fields (the compiled class cannot restore its own)."""
    return Action, tuple(getattr(action, f.name) for f in dataclasses.fields(Action))


def _reduce_game(game: Game) -> tuple[Any, tuple[Any, ...]]:
    """Pickle a variant's game: the compiled ``Game`` keeps its own fields, the variant's
    slots are added (the compiled state leaves them out)."""
    extra = {
        name: getattr(game, name)
        for cls in type(game).__mro__
        if cls is not Game and cls is not object
        for name in getattr(cls, "__slots__", ())
        if hasattr(game, name)
    }
    return _rebuild_game, (type(game), Game.__getstate__(game), extra)


def _rebuild_game(cls: type[Game], state: Any, extra: dict[str, Any]) -> Game:
    game = cls.__new__(cls)
    Game.__setstate__(game, state)  # type: ignore[attr-defined]  # the compiled class has it
    for name, value in extra.items():
        setattr(game, name, value)
    return game


copyreg.pickle(Action, _reduce_action)
for _variant in (PartyGame, TriplePlayGame):
    copyreg.pickle(_variant, _reduce_game)
