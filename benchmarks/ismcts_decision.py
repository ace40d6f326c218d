"""How long ``ismcts`` takes to decide at 4 players (the target: under 200 ms at the
budget of its strength figure, ``ismcts:iterations=200``).

    .venv/bin/python benchmarks/ismcts_decision.py --bot ismcts:iterations=200 --games 10

Seat 0 is the search bot, the others greedy; only decisions with a real choice (more than one
legal action, the seat to play) are timed. Reports the median, 90th percentile and worst
decision, wall clock and CPU time.
"""

from __future__ import annotations

import argparse
import statistics
import time

from unokit import Action, Game, Rules
from unokit.bots import decide, make_bot
from unokit.turns import play_out


def time_game(spec: str, rules: Rules, seed: int, walls: list[float], cpus: list[float]) -> None:
    """Play one game, timing seat 0's decisions that have a real choice."""
    bots = [make_bot(spec, seed=seed)] + [make_bot("greedy", seed=seed + s) for s in (1, 2, 3)]
    game = Game.new(rules, players=4, seed=seed)

    def chooser(game: Game, seat: int, legal: list[Action], optional: bool) -> Action | None:
        decision = decide(game, seat, optional)
        if seat != 0 or optional or len(legal) < 2:
            return bots[seat].choose(decision)
        wall, cpu = time.perf_counter(), time.process_time()
        action = bots[seat].choose(decision)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        return action

    for _ in play_out(game, chooser):
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bot", default="ismcts:iterations=200")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--rules", default="mattel-2021")
    args = parser.parse_args()
    rules = Rules.preset(args.rules)
    walls: list[float] = []
    cpus: list[float] = []
    for seed in range(args.games):
        time_game(args.bot, rules, seed, walls, cpus)
    for name, times in (("wall", sorted(walls)), ("cpu", sorted(cpus))):
        ms = [1000 * t for t in times]
        print(
            f"{args.bot}: {len(ms)} decisions, {name}: median {statistics.median(ms):.0f} ms, "
            f"p90 {ms[int(0.9 * (len(ms) - 1))]:.0f} ms, worst {ms[-1]:.0f} ms"
        )


if __name__ == "__main__":
    main()
