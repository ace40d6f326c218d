"""How long ``ismcts`` takes to decide at 4 players (the target: under 200 ms at the
budget of its strength figure, ``ismcts:iterations=200``).

    .venv/bin/python benchmarks/ismcts_decision.py --bot ismcts:iterations=200 --games 10

Seat 0 is the search bot, the others greedy; only decisions with a real choice (more than one
legal action, the seat to play) are timed. Reports the median, 90th percentile and worst
decision, wall clock and CPU time. With several presets (``--rules
mattel-2021,triple-play,party``) their games are played in turn, seed by seed, and each
preset's CPU median is also given against the first's.
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
    parser.add_argument(
        "--rules",
        default="mattel-2021",
        help="a preset, or several separated by commas: their games interleaved, game by game",
    )
    args = parser.parse_args()
    presets = args.rules.split(",")
    times: dict[str, tuple[list[float], list[float]]] = {p: ([], []) for p in presets}
    for seed in range(args.games):
        for preset in presets:
            walls, cpus = times[preset]
            time_game(args.bot, Rules.preset(preset), seed, walls, cpus)
    first = statistics.median(times[presets[0]][1]) if times[presets[0]][1] else 0.0
    for preset in presets:
        walls, cpus = times[preset]
        if not cpus:
            print(f"{preset}: no decision with a real choice")
            continue
        for name, spent in (("wall", sorted(walls)), ("cpu", sorted(cpus))):
            ms = [1000 * t for t in spent]
            print(
                f"{preset}: {args.bot}: {len(ms)} decisions, {name}: median "
                f"{statistics.median(ms):.0f} ms, p90 {ms[int(0.9 * (len(ms) - 1))]:.0f} ms, "
                f"worst {ms[-1]:.0f} ms"
            )
        if len(presets) > 1 and first:
            print(f"{preset}: CPU median × {presets[0]}'s: {statistics.median(cpus) / first:.2f}")


if __name__ == "__main__":
    main()
