"""RLCard 1.2.0's UNO at 4 players with its random agent: the speed reference.

Run it with the Python of a separate environment that has RLCard (never a dependency of
unokit): ``python3 -m venv /tmp/rlvenv && /tmp/rlvenv/bin/pip install rlcard==1.2.0 numpy``.
``benchmarks/speed.py`` calls it; on its own it prints one JSON line:

    /tmp/rlvenv/bin/python benchmarks/rlcard_uno.py env 300
"""

from __future__ import annotations

import json
import sys
import time

import numpy as np
import rlcard
from rlcard.agents import RandomAgent
from rlcard.games.uno.game import UnoGame


def through_env(games: int, seed: int) -> tuple[int, int]:
    """Complete games through the environment (``env.run``), as a learner sees it."""
    env = rlcard.make("uno", config={"game_num_players": 4, "seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(4)])
    actions = 0
    for _ in range(games):
        trajectories, _ = env.run(is_training=False)
        actions += sum((len(t) - 1) // 2 for t in trajectories)
    return games, actions


def through_game(games: int, seed: int) -> tuple[int, int]:
    """Complete games through the game object, a random legal action each step."""
    game = UnoGame(num_players=4)
    game.np_random = np.random.RandomState(seed)
    choice = np.random.RandomState(seed + 1)
    actions = 0
    for _ in range(games):
        game.init_game()
        while not game.is_over():
            legal = game.get_legal_actions()
            game.step(legal[choice.randint(len(legal))])
            actions += 1
    return games, actions


def main() -> None:
    what, games = sys.argv[1], int(sys.argv[2])
    run = {"env": through_env, "game": through_game}[what]
    run(5, 0)  # warm up
    wall, cpu = time.perf_counter(), time.process_time()
    played, actions = run(games, 1)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(json.dumps({"games": played, "actions": actions, "wall": wall, "cpu": cpu,
                      "rlcard": rlcard.__version__}))  # fmt: skip


if __name__ == "__main__":
    main()
