"""unokit: the Uno family of card games, played exactly as the printed rule sheets say.

>>> from unokit import Rules, Game
>>> game = Game.new(Rules.preset("mattel-2021"), players=4, seed=7)
>>> game.to_play
0
"""

from unokit import party as party  # registers the party preset and engine
from unokit import tripleplay as tripleplay  # registers the triple-play preset and engine
from unokit.actions import Action
from unokit.cards import COLORS, Card, Kind
from unokit.errors import ActionSyntaxError, CardSyntaxError, IllegalAction, RecordError
from unokit.events import Event
from unokit.game import Game
from unokit.match import Match
from unokit.rng import Random
from unokit.rules import Rules

__version__ = "0.1.0"

__all__ = [
    "COLORS",
    "Action",
    "ActionSyntaxError",
    "Card",
    "CardSyntaxError",
    "Event",
    "Game",
    "IllegalAction",
    "Kind",
    "Match",
    "Random",
    "RecordError",
    "Rules",
    "__version__",
]
