"""Compile the fast path ahead of its first game: ``python -m unokit.fast.warm``.

numba compiles each kernel on its first call and keeps the machine code on disk beside the
sources (``cache=True``), so a fresh install pays the compilation once: minutes on a 2-core
machine, more than all the games a short run plays. This plays one small game through every
entry point the package calls (single games, batches, the vector environment with greedy
opponents, the PettingZoo table), with the argument types those callers use, so that the cache
is filled before the first real run; the test script runs it beside linting and type checks.
Nothing is written but numba's cache; run it again and it returns in seconds.
"""

from __future__ import annotations

import sys
import time

try:
    import numpy as np

    from unokit.fast import HOUSE, FastGame, kernel, play_random_games, policy_seed
    from unokit.fast.api import deck_array
    from unokit.fast.codec import flags_for
    from unokit.fast.layout import NUM_ACTIONS, state_size
    from unokit.rules import Rules
except ImportError as err:  # a bare install: nothing to compile
    sys.exit(f"unokit.fast.warm: {err}")


def _single_games() -> None:
    for rules in (HOUSE, Rules.preset("mattel-2021")):
        play_random_games(rules, 4, [1, 2])
        game = FastGame(rules, 4, 3)
        copy = game.copy()
        while not copy.over:
            copy.apply(copy.legal()[0])
        copy.snapshot(), copy.round_points()
        prng = np.zeros(2, dtype=np.uint64)
        kernel.seed_rng(prng, np.uint64(policy_seed(3)))
        kernel.random_playout(game.state, game.rng, prng, 1_000_000)
        kernel.policy_action(FastGame(rules, 4, 4).state, prng)


def _batches() -> None:
    batch, players = 4, 4
    states = np.zeros((batch, state_size(players)), dtype=np.int32)
    rngs = np.zeros((batch, 2), dtype=np.uint64)
    prngs = np.zeros((batch, 2), dtype=np.uint64)
    seeds = np.arange(batch, dtype=np.uint64)
    kernel.new_games(states, rngs, deck_array(), players, seeds, flags_for(HOUSE))
    for i in range(batch):  # a policy's generator must be seeded: all zeros stays zeros
        kernel.seed_rng(prngs[i], np.uint64(policy_seed(i)))
    masks = np.zeros((batch, NUM_ACTIONS), dtype=np.uint8)
    actions = np.zeros(batch, dtype=np.int64)
    kernel.legal_masks(states, masks)
    kernel.policy_actions(states, prngs, actions)
    kernel.apply_actions(states, rngs, actions)


def _environments() -> None:
    from unokit.envs.fast_table import FastTable
    from unokit.envs.vector import UnoVectorEnv, random_legal

    env = UnoVectorEnv(4, seed=1)
    env.reset()
    rng = np.zeros(2, dtype=np.uint64)
    kernel.seed_rng(rng, np.uint64(1))
    actions = np.zeros(env.num_envs, dtype=np.int64)
    for _ in range(3):
        random_legal(env.masks, rng, actions)
        env.step(actions)
    env.greedy_actions()
    table = FastTable(HOUSE, 4, "raise", "win")
    table.new_game(5)
    while not table.over:
        seat = table.deciding
        assert seat is not None
        table.observation(seat)
        table.act(int(np.flatnonzero(table.mask(seat))[0]))


def main() -> None:
    start = time.perf_counter()
    try:  # first: the test suite reaches the environments before the kernels' own tests
        _environments()
    except ModuleNotFoundError as err:  # the envs extra is optional
        print(f"unokit.fast.warm: the environments need {err.name}; skipped", file=sys.stderr)
    _single_games()
    _batches()
    print(f"unokit.fast.warm: compiled in {time.perf_counter() - start:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
