"""What an action of Triple Play and Party! costs against a classic action, side by side.

    .venv/bin/python benchmarks/variant_speed.py
    .venv/bin/python benchmarks/variant_speed.py --rounds 9 --scale 2
    .venv/bin/python benchmarks/variant_speed.py --profile triple-play

Every table plays whole rounds through the public API with one simple policy: the seat to
play takes ``legal_actions()``, plays a random playable card if it has one, else draws, else
takes the first action listed (a Triple Play ``press`` or ``give``, a Party! ``point``,
``link`` or ``take``); ``apply``. The tables take turns in slices (one slice of games each,
``--rounds`` times) so that a busy machine slows them all alike, and each figure is the median
of its slices in CPU time. The cost of an action is the classic table's rate over the
table's (``mattel-2021`` at 4 players is 1.0).

``clone()`` is timed the same way, on positions saved along the same games (every fifth
action of ten rounds, each cloned ten times a slice), and reported per clone against a
classic game's.

``--profile PRESET[:PLAYERS]`` runs cProfile over that table's games instead and prints where
the time goes. cProfile sees Python functions only: run it on a copy of ``src`` without the
built modules (``UNOKIT_PURE=1 PYTHONPATH=copy``) to see the engine's functions, or use
``perf record`` on the compiled build.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import platform
import pstats
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from unokit import Action, Game, Rules
from unokit.rng import Random

TABLES: tuple[tuple[str, int, int], ...] = (
    ("mattel-2021", 4, 400),
    ("triple-play", 4, 100),
    ("party", 4, 150),
    ("party", 12, 40),
)
"""(preset, players, games a slice): a slice of each takes roughly as long."""
CLONES = 10
"""Clones of every saved position a slice."""
CAP = 5000
"""Actions after which a round is left unfinished (none of these policies comes near)."""


def choose(legal: list[Action], rng: Random) -> Action:
    """A random playable card, else ``draw``, else the first action listed."""
    plays = [a for a in legal if a.kind == "play"]
    if plays:
        return plays[rng.below(len(plays))]
    for action in legal:
        if action.kind == "draw":
            return action
    return legal[0]


def play(rules: Rules, players: int, seed: int, keep: list[Game] | None = None) -> int:
    """One round with ``choose`` at every seat; the number of actions applied."""
    game = Game.new(rules, players=players, seed=seed)
    rng = Random(seed ^ 0x5DEECE66D)
    n = 0
    while not game.over and n < CAP:
        if keep is not None and n % 5 == 0:
            keep.append(game.clone())
        game.apply(choose(game.legal_actions(), rng))
        n += 1
    return n


@dataclass
class Table:
    preset: str
    players: int
    games: int
    rules: Rules
    positions: list[Game]
    rates: list[float]
    clone_costs: list[float]

    @property
    def name(self) -> str:
        return f"{self.preset}, {self.players} players"


def cpu(body: Callable[[], int]) -> tuple[int, float]:
    began = time.process_time()
    n = body()
    return n, time.process_time() - began


def slice_of(table: Table, first_seed: int) -> None:
    """One slice: ``table.games`` rounds, then a clone of every saved position."""
    rules, players = table.rules, table.players
    seeds = range(first_seed, first_seed + table.games)
    actions, seconds = cpu(lambda: sum(play(rules, players, s) for s in seeds))
    table.rates.append(actions / seconds)
    positions = table.positions

    def clones() -> int:
        for _ in range(CLONES):
            for game in positions:
                game.clone()
        return CLONES * len(positions)

    n, seconds = cpu(clones)
    table.clone_costs.append(seconds / n)


def profile(spec: str, games: int) -> None:
    preset, _, players = spec.partition(":")
    rules = Rules.preset(preset)
    seats = int(players) if players else 4
    profiler = cProfile.Profile()
    profiler.enable()
    actions = sum(play(rules, seats, s) for s in range(games))
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(30)
    total = stats.total_tt  # type: ignore[attr-defined]
    print(f"{spec}: {games} games, {actions} actions, {1e6 * total / actions:.1f} us an action")
    print(out.getvalue())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--scale", type=float, default=1.0, help="more or fewer games a slice")
    parser.add_argument("--profile", metavar="PRESET[:PLAYERS]", help="profile one table")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    if args.profile:
        profile(args.profile, max(1, int(100 * args.scale)))
        return
    tables = []
    for preset, players, games in TABLES:
        rules = Rules.preset(preset)
        table = Table(preset, players, max(1, int(games * args.scale)), rules, [], [], [])
        for seed in range(10_000, 10_000 + 10):  # positions to clone, warm-up included
            play(rules, players, seed, table.positions)
        tables.append(table)
    for r in range(args.rounds):
        for table in tables:
            slice_of(table, 1000 * r)
    base = tables[0]
    base_rate = statistics.median(base.rates)
    base_clone = statistics.median(base.clone_costs)
    import unokit.game

    build = "compiled" if not (unokit.game.__file__ or "").endswith(".py") else "plain Python"
    print(f"machine: {platform.machine()}, Python {platform.python_version()}, engine {build}, "
          f"{args.rounds} interleaved slices, medians of CPU time")  # fmt: skip
    print("| table | actions/s (CPU) | cost × classic | clone (µs) | clone × classic |")
    print("|---|---:|---:|---:|---:|")
    rows = []
    for table in tables:
        rate = statistics.median(table.rates)
        clone = statistics.median(table.clone_costs)
        rows.append({
            "table": table.name,
            "actions_per_s_cpu": rate,
            "cost_vs_classic": base_rate / rate,
            "clone_us": 1e6 * clone,
            "clone_vs_classic": clone / base_clone,
        })  # fmt: skip
        print(f"| {table.name} | {rate:,.0f} | {base_rate / rate:.2f}× | {1e6 * clone:.1f} | "
              f"{clone / base_clone:.2f}× |")  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps({"rows": rows, "rounds": args.rounds}, indent=2))


if __name__ == "__main__":
    main()
