"""Bots: players for every decision of every preset.

A bot gets a ``Decision`` (its seat, its view, its legal actions, whether it may let an
out-of-turn offer go, and a way to sample a full game consistent with its view for search)
and returns an ``Action`` (or ``None`` to let an optional offer go). Bots are named with
their settings wherever they are chosen: ``random``, ``greedy``, ``ismcts:iterations=2000``,
``external:command=node examples/bots/example_bot.js``; ``make_bot(name, seed=...)`` builds
one. ``easy``, ``normal`` and ``hard`` name bots of three strengths (``STRENGTHS``). See
docs/bots.md.
"""

from unokit.bots.base import Bot, BotError, Decision, achoose, decide, paced_choose
from unokit.bots.external import ExternalBot
from unokit.bots.greedy import GreedyBot
from unokit.bots.ismcts import IsmctsBot
from unokit.bots.personality import Personality
from unokit.bots.random_bot import RandomBot
from unokit.bots.registry import bot_names, make_bot, parse_settings, register_bot, split_bot_list
from unokit.bots.strengths import STRENGTHS
from unokit.bots.table import play_game

__all__ = [
    "STRENGTHS",
    "Bot",
    "BotError",
    "Decision",
    "ExternalBot",
    "GreedyBot",
    "IsmctsBot",
    "Personality",
    "RandomBot",
    "achoose",
    "bot_names",
    "decide",
    "make_bot",
    "paced_choose",
    "parse_settings",
    "play_game",
    "register_bot",
    "split_bot_list",
]
