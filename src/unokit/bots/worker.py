"""What runs in a bot worker process (``unokit.server.botpool``), kept apart from the
server so that a worker imports the engine and the bots and nothing else.

A worker starts with its CPU priority lowered before it imports anything (on Linux the idle
scheduling class, elsewhere ``os.nice(NICENESS)``: ``unokit.server.botpool``), then
``started`` makes it exit as soon as the process that started it is gone (a server killed
with ``kill -9`` leaves no worker behind). It answers ``choose`` calls.
Games and actions travel pickled; the reducers below make the compiled classes picklable
(their own state leaves a variant's fields out).
"""

from __future__ import annotations

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

__all__ = ["NICENESS", "choose", "started"]

NICENESS = 10
"""Where the idle scheduling class is missing: how much lower than the server's a worker's
CPU priority is. On a busy machine the server's event loop (people's moves, every table's
frames) runs first, searches after."""


def started(parent: int) -> int:
    """A new worker's first call (its priority is lowered already, before any import):
    watch the process ``parent`` that started it, and exit once it is gone (at once if
    it died while this worker started). Its process id."""
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
