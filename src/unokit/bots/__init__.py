"""Bots: players for every decision of every preset.

A bot gets a ``Decision`` (its seat, its view, its legal actions, whether it may let an
out-of-turn offer go, and a way to sample a full game consistent with its view for search)
and returns an ``Action`` (or ``None`` to let an optional offer go). Bots are named with
their settings wherever they are chosen: ``random``, ``greedy``, ``ismcts:iterations=2000``;
``make_bot(name, seed=...)`` builds one.
"""

from unokit.bots.base import Bot, Decision, achoose, bot_names, decide, make_bot, register_bot
from unokit.bots.random_bot import RandomBot
from unokit.bots.table import play_game

__all__ = [
    "Bot",
    "Decision",
    "RandomBot",
    "achoose",
    "bot_names",
    "decide",
    "make_bot",
    "play_game",
    "register_bot",
]
