"""Personalities: forgetting Uno, missing catches, thinking time; unset means full strength."""

from __future__ import annotations

from unokit import Game, Rules
from unokit.bots import Personality, decide, make_bot, play_game

from .positions import play_position, uno_position


def two_cards() -> Game:
    return Game.arranged(
        Rules.preset(),
        hands=[["R5", "G3"], ["G2", "B3", "Y4"], ["G3", "B4", "Y5"], ["Y1", "Y2"]],
        discard=["R3"],
        draw=["Y6", "Y7", "Y8", "Y9"],
    )


def test_a_bot_that_always_forgets_uno_never_says_it() -> None:
    bot = make_bot("greedy:forget_uno=1", seed=1)
    assert str(bot.choose(decide(two_cards(), 0))) == "play R5"
    assert bot.choose(decide(uno_position(), 0, optional=True)) is None


def test_a_bot_that_never_forgets_says_uno() -> None:
    bot = make_bot("greedy:forget_uno=0", seed=1)
    assert str(bot.choose(decide(two_cards(), 0))) == "play R5 uno"


def test_forgetting_uno_happens_about_as_often_as_set() -> None:
    bot = make_bot("greedy:forget_uno=0.3", seed=4)
    decision = decide(two_cards(), 0)
    forgot = sum(str(bot.choose(decision)) == "play R5" for _ in range(2000))
    assert 500 <= forgot <= 700


def test_a_bot_that_always_misses_catches_never_catches() -> None:
    game = uno_position()
    assert make_bot("greedy:miss_catch=1").choose(decide(game, 1, optional=True)) is None
    assert str(make_bot("greedy").choose(decide(game, 1, optional=True))) == "catch 0"


def test_an_unset_personality_plays_exactly_like_the_bot() -> None:
    def actions(spec: str) -> list[object]:
        game = Game.new(Rules.preset(jump_in=True, seven_o=True), players=4, seed=8)
        play_game(game, [make_bot(spec, seed=s) for s in range(4)])
        return game.actions

    assert actions("ismcts:iterations=6,forget_uno=0,miss_catch=0,think=0") == actions(
        "ismcts:iterations=6"
    )


def test_thinking_time_varies_around_its_mean_and_reflexes_are_quicker() -> None:
    bot = make_bot("greedy:think=2", seed=3)
    assert isinstance(bot, Personality)
    turns = [bot.think_time(decide(play_position(), 0)) for _ in range(200)]
    assert all(1.0 <= t <= 3.0 for t in turns)
    assert max(turns) - min(turns) > 1.0
    reflexes = [bot.think_time(decide(uno_position(), 1, optional=True)) for _ in range(200)]
    assert sum(reflexes) < sum(turns) / 2
    assert make_bot("greedy").think_time(decide(play_position(), 0)) == 0.0
