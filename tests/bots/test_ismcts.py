"""The ISMCTS bot: budgets, reproducibility, and sense in a position that needs it."""

from __future__ import annotations

from unokit import Game, Rules
from unokit.bots import IsmctsBot, decide, make_bot

from .positions import penalty_position, play_position


def test_ismcts_spends_its_iteration_budget() -> None:
    bot = IsmctsBot(seed=1, iterations=60)
    choice = bot.choose(decide(play_position(), 0))
    assert choice in play_position().legal_actions(0)
    assert 0 < bot.last_iterations <= 60


def test_ismcts_with_a_time_budget_stops() -> None:
    bot = make_bot("ismcts:time=0.02", seed=1)
    assert isinstance(bot, IsmctsBot)
    bot.choose(decide(play_position(), 0))
    assert bot.last_iterations >= 1


def test_ismcts_does_not_search_a_decision_with_one_choice() -> None:
    game = Game.arranged(
        Rules.preset(),
        hands=[["G7", "B2"], ["G2", "B3", "Y4"], ["G3", "B4", "Y5"], ["Y1", "Y2"]],
        discard=["R3"],
        draw=["R9", "Y7", "Y8", "Y9"],
    )
    bot = IsmctsBot(seed=1, iterations=50)
    assert str(bot.choose(decide(game, 0))) == "draw"
    assert bot.last_iterations == 0


def test_ismcts_answers_a_challenge_by_the_odds() -> None:
    bot = IsmctsBot(seed=1, iterations=50)
    assert str(bot.choose(decide(penalty_position(), 0))) == "challenge"


def test_ismcts_with_the_same_seed_searches_the_same_way() -> None:
    game = play_position()
    first = IsmctsBot(seed=7, iterations=80, caution=0).choose(decide(game, 0))
    again = IsmctsBot(seed=7, iterations=80, caution=0).choose(decide(game, 0))
    assert first == again


def test_ismcts_keeps_the_skip_that_stops_the_next_player_going_out() -> None:
    """The next seat holds one card: only the Skip keeps it from winning at once."""
    game = Game.arranged(
        Rules.preset(),
        hands=[["R9", "RS", "B8", "G4", "Y6"], ["R1"], ["G3", "B4", "Y5"], ["Y1", "Y2", "G1"]],
        discard=["R3"],
        draw=["Y6", "Y7", "G8", "G9", "B1", "B2", "B3", "G2"],
    )
    bot = IsmctsBot(seed=3, iterations=200, caution=0)
    assert str(bot.choose(decide(game, 0))) == "play RS"
