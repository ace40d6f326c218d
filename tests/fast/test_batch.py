"""The batched kernel functions (one row a game) play the same games as one game at a time."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

from unokit.fast import HOUSE, FastGame, kernel, play_random_game, policy_seed
from unokit.fast.api import deck_array
from unokit.fast.codec import flags_for
from unokit.fast.layout import NUM_ACTIONS, state_size


def test_a_batch_of_games_steps_like_the_same_games_one_at_a_time() -> None:
    batch, players = 24, 4
    seeds = np.arange(500, 500 + batch, dtype=np.uint64)
    states = np.zeros((batch, state_size(players)), dtype=np.int32)
    rngs = np.zeros((batch, 2), dtype=np.uint64)
    prngs = np.zeros((batch, 2), dtype=np.uint64)
    assert kernel.new_games(states, rngs, deck_array(), players, seeds, flags_for(HOUSE)) == 0
    singles = [FastGame(HOUSE, players, int(s)) for s in seeds]
    single_prngs = []
    for i, seed in enumerate(seeds.tolist()):
        kernel.seed_rng(prngs[i], np.uint64(policy_seed(seed)))
        single_prngs.append(prngs[i].copy())
    masks = np.zeros((batch, NUM_ACTIONS), dtype=np.uint8)
    actions = np.zeros(batch, dtype=np.int64)
    for _ in range(5000):
        kernel.legal_masks(states, masks)
        kernel.policy_actions(states, prngs, actions)
        for i, game in enumerate(singles):
            assert np.array_equal(states[i], game.state)
            if game.over:
                assert actions[i] == -1
                continue
            assert masks[i].nonzero()[0].tolist() == game.legal()
            number = kernel.policy_action(game.state, single_prngs[i])
            assert number == actions[i] and masks[i, number] == 1
            game.apply(number)
        kernel.apply_actions(states, rngs, actions)
        if all(game.over for game in singles):
            break
    assert all(game.over for game in singles)
    for i, seed in enumerate(seeds.tolist()):  # and they are the reference engine's games
        reference = play_random_game(HOUSE, players, seed).game
        assert singles[i].snapshot()["hands"] == [
            [c.code for c in reference.hand(s)] for s in range(players)
        ]
        assert singles[i].round_points() == reference.round_points()
