"""Speed of unokit against RLCard 1.2.0's UNO, side by side in one run.

    .venv/bin/python benchmarks/speed.py --rlcard-python /tmp/rlvenv/bin/python

Every contestant plays complete random 4-player games with one policy (RLCard's
random agent's: a random playable card, a Wild Draw Four only when nothing else plays,
otherwise draw; play the drawn card if it plays; accept penalties; say Uno). RLCard runs in
its own environment by subprocess (it is never a dependency of unokit). The contestants take
turns, ``--rounds`` times, and each figure is the median of its rounds; both wall-clock and
CPU-time rates are reported, since a shared machine's wall clock measures its neighbours too.

    .venv/bin/python benchmarks/speed.py --against /path/to/other/checkout/src

times unokit's own contestants in another built checkout and in this one, turn about, each in
a child process that imports unokit from its tree: an engine change measured side by side.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from unokit import Game, Rules
from unokit.fast import HOUSE, policy_seed
from unokit.fast.policy import play_random_game
from unokit.rng import Random

HERE = Path(__file__).resolve().parent
PLAIN = Rules.preset("mattel-2021")
Measure = Callable[[int], tuple[int, int, float, float]]


def timed(body: Callable[[], int], games: int) -> tuple[int, int, float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    actions = body()
    return games, actions, time.perf_counter() - wall, time.process_time() - cpu


def public_api(rules: Rules) -> Measure:
    """Game.new, legal_actions, apply (validated), the full rules and the event log."""

    def run(games: int) -> tuple[int, int, float, float]:
        def body() -> int:
            return sum(play_random_game(rules, 4, seed).actions for seed in range(games))

        return timed(body, games)

    return run


def public_api_clone(rules: Rules) -> Measure:
    """The same games, with a clone() and a resample() every action (a search bot's load)."""

    def run(games: int) -> tuple[int, int, float, float]:
        def body() -> int:
            from unokit.fast.policy import policy_action

            n = 0
            for seed in range(games):
                game = Game.new(rules, players=4, seed=seed)
                rng = Random(policy_seed(seed))
                while not game.over:
                    game.clone()
                    game.resample(game.to_play or 0, n)
                    game.apply(policy_action(game.legal_actions(), rng))
                    n += 1
            return n

        return timed(body, games)

    return run


def fast_stepped(rules: Rules) -> Measure:
    """The compiled kernel stepped from Python, one checked call an action (FastGame)."""
    import numpy as np

    from unokit.fast import FastGame, kernel

    def run(games: int) -> tuple[int, int, float, float]:
        def body() -> int:
            n = 0
            prng = np.zeros(2, dtype=np.uint64)
            for seed in range(games):
                game = FastGame(rules, 4, seed)
                kernel.seed_rng(prng, np.uint64(policy_seed(seed)))
                while not game.over:
                    game.apply(kernel.policy_action(game.state, prng))
                    n += 1
            return n

        return timed(body, games)

    run(2)
    return run


def fast_batch(rules: Rules) -> Measure:
    """The compiled kernel playing whole games in one call (kernel.random_games)."""
    import numpy as np

    from unokit.fast import kernel
    from unokit.fast.api import deck_array
    from unokit.fast.codec import flags_for

    deck, flags = deck_array(), flags_for(rules)

    def run(games: int) -> tuple[int, int, float, float]:
        seeds = np.arange(games, dtype=np.uint64)
        pseeds = np.array([policy_seed(s) for s in range(games)], dtype=np.uint64)
        winners = np.zeros(games, dtype=np.int32)
        points = np.zeros((games, 4), dtype=np.int64)
        actions = np.zeros(games, dtype=np.int64)

        def body() -> int:
            kernel.random_games(deck, 4, flags, seeds, pseeds, winners, points, actions)
            return int(actions.sum())

        return timed(body, games)

    run(10)  # compile (or load the cache) outside the timing
    return run


def rlcard(python: str, what: str) -> Measure:
    def run(games: int) -> tuple[int, int, float, float]:
        out = subprocess.run(
            [python, str(HERE / "rlcard_uno.py"), what, str(games)],
            capture_output=True, text=True, check=True,
        )  # fmt: skip
        data = json.loads(out.stdout.strip().splitlines()[-1])
        return data["games"], data["actions"], data["wall"], data["cpu"]

    return run


def public_api_plain(rules_name: str) -> Measure:
    """The public API from the same sources as plain Python (not compiled by setup.py): a
    copy of ``src/unokit`` without the built modules, timed inside a subprocess."""

    def run(games: int) -> tuple[int, int, float, float]:
        src = Path(__file__).resolve().parent.parent / "src" / "unokit"
        with tempfile.TemporaryDirectory() as tmp:
            shutil.copytree(src, Path(tmp) / "unokit", ignore=shutil.ignore_patterns("*.so"))
            env = {**os.environ, "PYTHONPATH": tmp, "UNOKIT_PURE": "1"}
            out = subprocess.run(
                [sys.executable, __file__, "--plain-child", rules_name, str(games)],
                capture_output=True, text=True, check=True, env=env,
            )  # fmt: skip
        data = json.loads(out.stdout.strip().splitlines()[-1])
        return data["games"], data["actions"], data["wall"], data["cpu"]

    return run


def plain_child(rules_name: str, games: int) -> None:
    import unokit.game

    assert unokit.game.__file__ is not None and unokit.game.__file__.endswith(".py")
    rules = PLAIN if rules_name == "mattel-2021" else HOUSE
    g, a, wall, cpu = public_api(rules)(games)
    print(json.dumps({"games": g, "actions": a, "wall": wall, "cpu": cpu}))


SIDE_BY_SIDE: dict[str, tuple[str, Callable[[], Measure], int]] = {
    "api": ("unokit public API, mattel-2021", lambda: public_api(PLAIN), 1000),
    "house": ("unokit public API, HOUSE", lambda: public_api(HOUSE), 500),
    "clone": ("unokit public API + clone + resample", lambda: public_api_clone(PLAIN), 300),
    "stepped": ("unokit.fast FastGame stepped from Python", lambda: fast_stepped(PLAIN), 2000),
    "kernel": ("unokit.fast kernel, mattel-2021", lambda: fast_batch(PLAIN), 200_000),
    "kernel-house": ("unokit.fast kernel, HOUSE", lambda: fast_batch(HOUSE), 100_000),
}
"""The contestants ``--against`` times in both trees, each in a child process."""


def side_child(key: str, games: int) -> None:
    """One ``SIDE_BY_SIDE`` contestant, warmed up, timed in this process."""
    g, a, wall, cpu = SIDE_BY_SIDE[key][1]()(games)
    print(json.dumps({"games": g, "actions": a, "wall": wall, "cpu": cpu}))


def tree_child(key: str, src: Path) -> Measure:
    """``key`` timed in a child process that imports unokit from ``src`` (a built tree)."""

    def run(games: int) -> tuple[int, int, float, float]:
        env = {**os.environ, "PYTHONPATH": str(src)}
        out = subprocess.run(
            [sys.executable, __file__, "--side-child", key, str(games)],
            capture_output=True, text=True, check=True, env=env,
        )  # fmt: skip
        data = json.loads(out.stdout.strip().splitlines()[-1])
        return data["games"], data["actions"], data["wall"], data["cpu"]

    return run


def side_by_side(against: Path) -> list[tuple[str, Measure, int]]:
    """Every ``SIDE_BY_SIDE`` contestant in ``against`` and in this tree, turn about."""
    here = Path(__file__).resolve().parent.parent / "src"
    out: list[tuple[str, Measure, int]] = []
    for key, (name, _, games) in SIDE_BY_SIDE.items():
        out.append((f"{name} (before)", tree_child(key, against), games))
        out.append((f"{name} (this tree)", tree_child(key, here), games))
    return out


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "--plain-child":
        plain_child(sys.argv[2], int(sys.argv[3]))
        return
    if len(sys.argv) == 4 and sys.argv[1] == "--side-child":
        side_child(sys.argv[2], int(sys.argv[3]))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rlcard-python", help="a Python with rlcard==1.2.0 installed")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--scale", type=float, default=1.0, help="more or fewer games")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument(
        "--against",
        type=Path,
        help="the built src folder of another checkout: time it and this tree side by side, "
        "turn about, each in a child process (no RLCard, no plain Python)",
    )
    args = parser.parse_args()

    contestants: list[tuple[str, Measure, int]] = []
    if args.against:
        contestants = side_by_side(args.against)
    elif args.rlcard_python:
        contestants += [
            ("RLCard 1.2.0 environment (env.run)", rlcard(args.rlcard_python, "env"), 300),
            ("RLCard 1.2.0 game object", rlcard(args.rlcard_python, "game"), 1000),
        ]
    if not args.against:
        contestants += [
            ("unokit public API, mattel-2021", public_api(PLAIN), 1000),
            (
                "unokit public API, mattel-2021, as plain Python",
                public_api_plain("mattel-2021"),
                500,
            ),
            ("unokit public API, HOUSE", public_api(HOUSE), 500),
            ("unokit public API + clone + resample", public_api_clone(PLAIN), 300),
        ]
        try:
            contestants += [
                ("unokit.fast FastGame stepped from Python", fast_stepped(PLAIN), 2000),
                ("unokit.fast kernel, mattel-2021", fast_batch(PLAIN), 200_000),
                ("unokit.fast kernel, HOUSE", fast_batch(HOUSE), 100_000),
            ]
        except ImportError as err:
            print(f"(skipping the fast path: {err})", file=sys.stderr)

    samples: dict[str, list[tuple[int, int, float, float]]] = {n: [] for n, _, _ in contestants}
    for r in range(args.rounds):
        for name, measure, games in contestants:
            samples[name].append(measure(max(1, int(games * args.scale))))
            g, _, w, c = samples[name][-1]
            print(f"round {r + 1}: {name}: {g / w:,.0f} games/s wall, {g / c:,.0f} cpu",
                  file=sys.stderr)  # fmt: skip

    rows: list[dict[str, Any]] = []
    for name, _, _ in contestants:
        s = samples[name]
        rows.append({
            "name": name,
            "games": s[0][0],
            "games_per_s_wall": statistics.median(g / w for g, _, w, _ in s),
            "games_per_s_cpu": statistics.median(g / c for g, _, _, c in s),
            "actions_per_s_wall": statistics.median(a / w for _, a, w, _ in s),
            "actions_per_s_cpu": statistics.median(a / c for _, a, _, c in s),
            "actions_per_game": s[0][1] / s[0][0],
        })  # fmt: skip
    ref = rows[0] if args.rlcard_python else None
    print(f"\nmachine: {platform.machine()}, {platform.processor() or platform.platform()}, "
          f"Python {platform.python_version()}, {args.rounds} rounds, medians")  # fmt: skip
    print("| contestant | games/s (CPU) | games/s (wall) | actions/s (CPU) | actions/game |"
          + (" × RLCard env (CPU) | × RLCard env (wall) |" if ref else ""))  # fmt: skip
    print("|---|---:|---:|---:|---:|" + ("---:|---:|" if ref else ""))
    for row in rows:
        line = (f"| {row['name']} | {row['games_per_s_cpu']:,.0f} | "
                f"{row['games_per_s_wall']:,.0f} | {row['actions_per_s_cpu']:,.0f} | "
                f"{row['actions_per_game']:.1f} |")  # fmt: skip
        if ref:
            line += (f" {row['games_per_s_cpu'] / ref['games_per_s_cpu']:,.1f} | "
                     f"{row['games_per_s_wall'] / ref['games_per_s_wall']:,.1f} |")  # fmt: skip
        print(line)
    if args.json:
        args.json.write_text(json.dumps({"rows": rows, "rounds": args.rounds}, indent=2))


if __name__ == "__main__":
    main()
