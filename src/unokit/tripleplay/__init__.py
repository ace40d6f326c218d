"""UNO Triple Play: three discard piles and the electronic unit, emulated.

Importing this package (``import unokit`` does) registers the ``triple-play`` preset and its
engine, so ``Game.new(Rules.preset("triple-play"))`` deals a ``TriplePlayGame``.
"""

from unokit.game import Game
from unokit.rules import Rules
from unokit.tripleplay.game import TIMEOUT_DRAW, TriplePlayGame
from unokit.tripleplay.rules import (
    DECK_TRIPLE_PLAY,
    POINTS_TRIPLE_PLAY,
    triple_play,
    validate_triple_play,
)
from unokit.tripleplay.unit import LIGHTS, PILES, Unit, UnitModel, UnitScript

__all__ = [
    "DECK_TRIPLE_PLAY",
    "LIGHTS",
    "PILES",
    "POINTS_TRIPLE_PLAY",
    "TIMEOUT_DRAW",
    "TriplePlayGame",
    "Unit",
    "UnitModel",
    "UnitScript",
]

Rules.register("triple-play", triple_play)
Rules.register_check("triple-play", validate_triple_play)
Game.register_engine("triple-play", TriplePlayGame)
