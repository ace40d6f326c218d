"""Learning environments against RLCard's UNO, side by side in one run.

    python benchmarks/env_speed.py --rlcard-python /tmp/rlvenv/bin/python

RLCard 1.2.0 lives in its own virtual environment (it pins old numpy and is no dependency of
unokit): ``python -m venv /tmp/rlvenv && /tmp/rlvenv/bin/pip install rlcard==1.2.0``. Each
round runs every contender for ``--seconds``, in turn, and the table gives the median over
the rounds: steps a second of CPU time (``time.process_time``: one core's worth, so a busy
machine does not decide the figure) and of wall-clock time, and the ratio to RLCard.

A *step* is one decision of one seat, the environment's observation and action mask
included, with a uniformly random legal action drawn with Python's ``random`` (as RLCard's
``RandomAgent`` does). Each side builds a full observation every step and nothing else:

* RLCard: ``env.step(action)``, which returns the next state (its ``obs`` planes and
  ``legal_actions``, built every step); the action drawn from ``state["legal_actions"]``.
* PettingZoo AEC: ``env.last()`` (the observation vector and the action mask of the agent
  to act) then ``env.step(number)``, the number drawn from the mask's nonzero positions;
  ``uno_v0.env()`` (the same object as ``raw_env()``: it wears no wrapper) as it comes: its
  default backend ``auto`` runs mattel-2021 on the compiled kernel with the full Uno window,
  giving exactly the reference engine backend's observations, masks and agents; then with
  ``backend="engine"`` (the reference engine); and the default once more inside PettingZoo's
  ``OrderEnforcingWrapper``, to show what a wrapper costs.
* the reference engine alone (``Driver`` + ``game.apply`` of a random legal ``Action``, no
  observation, no mask): the floor under the default AEC environment, not an environment.
* Gymnasium: ``env.step`` (the learner's decisions only: the bots' decisions inside it are
  not counted).
* the vector environment: ``step`` of ``num_envs`` games.
RLCard's UNO seats 2 players, so every contender runs 2-player mattel-2021 (the vector
environment also at 4 players, for scale).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import time
from collections.abc import Callable
from typing import Any

import numpy as np

RLCARD = r"""
import json, random, sys, time
import rlcard
seconds = float(sys.argv[1])
env = rlcard.make("uno", config={"seed": 1})
rng = random.Random(1)
steps = 0
c0, w0 = time.process_time(), time.perf_counter()
while time.process_time() - c0 < seconds:
    state, player = env.reset()
    while not env.is_over():
        state, player = env.step(rng.choice(list(state["legal_actions"])))
        steps += 1
cpu, wall = time.process_time() - c0, time.perf_counter() - w0
print(json.dumps({"cpu": steps / cpu, "wall": steps / wall, "players": env.num_players}))
"""


def rlcard(python: str, seconds: float) -> tuple[float, float]:
    out = subprocess.run(
        [python, "-c", RLCARD, str(seconds)], check=True, capture_output=True, text=True
    ).stdout
    data = json.loads(out.strip().splitlines()[-1])
    assert data["players"] == 2
    return data["cpu"], data["wall"]


def timed(run: Callable[[Callable[[], bool]], int], seconds: float) -> tuple[float, float]:
    """``run(keep_going)`` returns the steps it made; the rates by CPU and wall time."""
    c0, w0 = time.process_time(), time.perf_counter()
    steps = run(lambda: time.process_time() - c0 < seconds)
    return steps / (time.process_time() - c0), steps / (time.perf_counter() - w0)


def aec(players: int, backend: str, wrapped: bool = False) -> Callable[[Callable[[], bool]], int]:
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # type: ignore[import-untyped]

    from unokit.envs import uno_v0

    raw = uno_v0.env(players=players, backend=backend)
    raw.reset(seed=1)  # compile (fast backend) before timing
    raw.step(int(np.flatnonzero(raw.observe(raw.agent_selection)["action_mask"])[0]))
    env: Any = OrderEnforcingWrapper(raw) if wrapped else raw  # the same API either way
    rng = random.Random(1)

    def run(going: Callable[[], bool]) -> int:
        env.reset(seed=1)
        steps = 0
        while going():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                if not env.agents:
                    env.reset()
                continue
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        return steps

    return run


def engine(players: int) -> Callable[[Callable[[], bool]], int]:
    from unokit.envs.table import EnvTable, make_rules

    table = EnvTable(make_rules(None, {}), players, "raise", "win")
    rng = random.Random(1)
    seeds = random.Random(1)

    def run(going: Callable[[], bool]) -> int:
        table.new_game(seeds.getrandbits(63))
        steps = 0
        while going():
            driver = table.driver
            assert driver is not None
            if driver.seat is None:
                table.new_game(seeds.getrandbits(63))
                continue
            legal = driver.legal()
            driver.act(legal[rng.randrange(len(legal))])
            steps += 1
        return steps

    return run


def gym(players: int) -> Callable[[Callable[[], bool]], int]:
    from unokit.envs import UnoEnv

    env = UnoEnv(players=players, opponents="random")
    rng = random.Random(1)

    def run(going: Callable[[], bool]) -> int:
        obs, _ = env.reset(seed=1)
        steps = 0
        while going():
            legal = obs["action_mask"].nonzero()[0]
            obs, _, done, _, _ = env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
            if done:
                obs, _ = env.reset()
        return steps

    return run


def vector(players: int, num_envs: int) -> Callable[[Callable[[], bool]], int]:
    from unokit.envs.vector import UnoVectorEnv, random_legal
    from unokit.fast import kernel

    env = UnoVectorEnv(num_envs, players=players, seed=1)
    rng = np.zeros(2, dtype=np.uint64)
    kernel.seed_rng(rng, np.uint64(1))
    actions = np.zeros(num_envs, dtype=np.int64)
    env.reset()
    random_legal(env.masks, rng, actions)  # compile before timing
    env.step(actions)

    def run(going: Callable[[], bool]) -> int:
        steps = 0
        while going():
            random_legal(env.masks, rng, actions)
            env.step(actions)
            steps += num_envs
        return steps

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description="unokit's environments against RLCard's UNO")
    parser.add_argument("--rlcard-python", default="/tmp/rlvenv/bin/python")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--num-envs", type=int, default=1024)
    args = parser.parse_args()

    players = 2
    contenders: dict[str, Callable[[], tuple[float, float]]] = {
        "RLCard 1.2.0 UNO env": lambda: rlcard(args.rlcard_python, args.seconds),
        "unokit PettingZoo AEC (uno_v0.env(), default: auto = fast)": lambda: timed(
            aec(players, "auto"), args.seconds
        ),
        'unokit PettingZoo AEC, backend="engine"': lambda: timed(
            aec(players, "engine"), args.seconds
        ),
        "unokit PettingZoo AEC (default) in OrderEnforcingWrapper": lambda: timed(
            aec(players, "auto", wrapped=True), args.seconds
        ),
        "reference engine alone (Driver, no observation or mask)": lambda: timed(
            engine(players), args.seconds
        ),
        "unokit Gymnasium (UnoEnv vs random)": lambda: timed(gym(players), args.seconds),
        f"unokit vector env ({args.num_envs} games)": lambda: timed(
            vector(players, args.num_envs), args.seconds
        ),
        f"unokit vector env ({args.num_envs} games, 4 players)": lambda: timed(
            vector(4, args.num_envs), args.seconds
        ),
    }
    results: dict[str, list[tuple[float, float]]] = {name: [] for name in contenders}
    for r in range(args.rounds):
        for name, measure in contenders.items():
            results[name].append(measure())
            cpu, wall = results[name][-1]
            print(f"round {r + 1}: {name}: {cpu:,.0f} steps/s CPU, {wall:,.0f} wall", flush=True)
    base = statistics.median(c for c, _ in results["RLCard 1.2.0 UNO env"])
    print()
    print(
        "| environment (2 players, random legal actions) | steps/s (CPU) | steps/s (wall) "
        "| × RLCard (CPU) |"
    )
    print("|---|---:|---:|---:|")
    for name, values in results.items():
        cpu = statistics.median(c for c, _ in values)
        wall = statistics.median(w for _, w in values)
        print(f"| {name} | {cpu:,.0f} | {wall:,.0f} | {cpu / base:.2f} |")


if __name__ == "__main__":
    main()
