"""UNO Party!: 2 to 16 players, Speed Play, Point Taken, Wild Pile Up, Wild Drawn Together.

Importing ``unokit`` registers the ``party`` preset and its engine:

>>> from unokit import Game, Rules
>>> game = Game.new(Rules.preset("party"), players=16, seed=3)
>>> type(game).__name__, len(Rules.preset("party").deck())
('PartyGame', 224)
"""

from unokit.game import Game
from unokit.party.game import PARTY_PHASES, POINT_TAKEN_MAX, PartyGame
from unokit.party.preset import PARTY_DECK, PARTY_POINTS, check_party_rules, party_rules
from unokit.rules import Rules

__all__ = ["PARTY_DECK", "PARTY_PHASES", "PARTY_POINTS", "POINT_TAKEN_MAX", "PartyGame"]

Rules.register_check("party", check_party_rules)
Rules.register("party", party_rules)
Game.register_engine("party", PartyGame)
