"""``greedy`` on the compiled kernel chooses as the ``greedy`` bot, move for move.

The reference engine and the kernel play the same deal (same seed); at every decision the
bot chooses from its view and the kernel's ``greedy_action`` from the state array, and the
two must name the same action; then both apply it and the positions must stay equal.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba")

from unokit import Game, Rules
from unokit.bots import Decision, GreedyBot, decide
from unokit.fast import FastGame, deck_array, encode_action
from unokit.fast.greedy import MEMORY, greedy_action, observe, reset_memory
from unokit.fast.layout import NUM_ACTIONS

from .test_differential import TURN_KINDS, reference_snapshot


def turn_decision(game: Game, seat: int) -> Decision:
    """The bot's decision with the fast path's Uno model: Uno goes with the play, nobody is
    caught (a seat left with one card by a trade is not exposed there)."""
    full = decide(game, seat)
    legal = [a for a in full.legal if a.kind in TURN_KINDS]
    return Decision(seat, full.view, legal, False, game)


CASES = [
    ({}, 2, 1.0),
    ({}, 4, 1.0),
    ({}, 4, 0.0),
    ({"stacking": True}, 5, 1.0),
    ({"seven_o": True}, 3, 1.0),
    ({"stacking": True, "seven_o": True, "draw_to_match": True}, 4, 0.5),
    ({"draw_to_match": True}, 10, 1.0),
]


@pytest.mark.parametrize(("switches", "players", "points"), CASES)
def test_kernel_greedy_chooses_as_the_greedy_bot_move_for_move(
    switches: dict[str, Any], players: int, points: float
) -> None:
    rules = Rules.preset("mattel-2021", **switches)
    deck = deck_array()
    mask = np.zeros(NUM_ACTIONS, dtype=np.uint8)
    memory = np.zeros(MEMORY, dtype=np.int32)
    kinds: set[str] = set()
    for seed in range(25):
        game = Game.new(rules, players=players, seed=seed)
        fast = FastGame(rules, players, seed)
        reset_memory(memory)
        bot = GreedyBot(seed=seed, points=points)
        steps = 0
        while not game.over:
            seat = game.to_play
            assert seat is not None
            choice = bot.choose(turn_decision(game, seat))
            assert choice is not None
            number = int(greedy_action(fast.state, memory, deck, points, 1 / 3, mask))
            assert number == encode_action(choice), (seed, steps, str(choice))
            kinds.add(choice.kind)
            observe(fast.state, memory, number)
            fast.apply(number)
            game.apply(choice, seat)
            steps += 1
            if steps % 10 == 0:
                assert fast.snapshot() == reference_snapshot(game)
        assert fast.over
    assert {"play", "draw"} <= kinds


def test_kernel_greedy_challenges_as_the_bot_does() -> None:
    """Wild Draw Fours come up often enough at 6 players for challenges and accepts both."""
    rules = Rules.preset("mattel-2021")
    deck = deck_array()
    mask = np.zeros(NUM_ACTIONS, dtype=np.uint8)
    memory = np.zeros(MEMORY, dtype=np.int32)
    answers: set[str] = set()
    for seed in range(60):
        game = Game.new(rules, players=6, seed=1000 + seed)
        fast = FastGame(rules, 6, 1000 + seed)
        reset_memory(memory)
        bot = GreedyBot(seed=seed, challenge=0.2)
        while not game.over:
            seat = game.to_play
            assert seat is not None
            choice = bot.choose(turn_decision(game, seat))
            assert choice is not None
            number = int(greedy_action(fast.state, memory, deck, 1.0, 0.2, mask))
            assert number == encode_action(choice)
            if choice.kind in ("accept", "challenge") and game.challengeable:
                answers.add(choice.kind)
            observe(fast.state, memory, number)
            fast.apply(number)
            game.apply(choice, seat)
    assert answers == {"accept", "challenge"}
