"""Statistics of the default Triple Play unit model, from a seeded run (docs/rules-triple-play.md).

Plays rounds of random legal play (a card when one can be played 8 times in 10) for 2 to 10
players and reads the unit's events from the logs: how often 1, 2 and 3 piles are lit, how
many presses a pile takes to overload, what the overloads show, how often piles are trimmed.
It also times Triple Play against classic rounds side by side, as a ratio.

    .venv/bin/python benchmarks/tripleplay_unit_stats.py --rounds 900 --seed 1
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from unokit import Action, Game, Random, Rules
from unokit.tripleplay import TriplePlayGame, UnitModel


def choose(rng: Random, legal: list[Action]) -> Action:
    plays = [a for a in legal if a.kind == "play"]
    if plays and rng.below(10) < 8:
        return plays[rng.below(len(plays))]
    return legal[rng.below(len(legal))]


def play(game: Game, rng: Random) -> int:
    n = 0
    while not game.over:
        legal = game.legal_actions()
        game.apply(choose(rng, legal))
        n += 1
    return n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=900, help="rounds, spread over 2-10 players")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    rules = Rules.preset("triple-play")
    lit_sizes: Counter[int] = Counter()
    shown: Counter[int] = Counter()
    presses_to_overload: list[int] = []
    overloads = trims = clears = actions = 0
    last_count = {p: 0 for p in ("@1", "@2", "@3")}
    seeds = Random(args.seed)
    tp_time = 0.0
    for i in range(args.rounds):
        players = 2 + i % 9
        seed = seeds.next64()
        start = time.perf_counter()
        game = Game.new(rules, players=players, seed=seed)
        actions += play(game, Random(seed))
        tp_time += time.perf_counter() - start
        assert isinstance(game, TriplePlayGame)
        for e in game.log:
            if e.type == "lit":
                lit_sizes[len((e.reason or "").split())] += 1
            elif e.type == "overload":
                overloads += 1
                shown[e.count] += 1
                presses_to_overload.append(last_count[e.reason or ""] + 1)
            elif e.type == "counter":
                last_count[e.reason or ""] = e.count
            elif e.type == "trim":
                trims += 1
            elif e.type == "clear":
                clears += 1
        last_count = dict.fromkeys(last_count, 0)

    classic = Rules.preset("mattel-2021")
    classic_actions = 0
    start = time.perf_counter()
    seeds = Random(args.seed)
    for i in range(args.rounds):
        seed = seeds.next64()
        game = Game.new(classic, players=2 + i % 9, seed=seed)
        classic_actions += play(game, Random(seed))
    classic_time = time.perf_counter() - start

    model = UnitModel()
    turns = sum(lit_sizes.values())
    print(f"## Default unit model, {args.rounds} rounds (2-10 players), seed {args.seed}\n")
    print(f"model: {model}\n")
    print("| statistic | value |")
    print("|---|---|")
    for n in (1, 2, 3):
        print(f"| turns with {n} pile{'s' if n > 1 else ''} lit | "
              f"{lit_sizes[n] / turns:.3f} ({lit_sizes[n]} of {turns}) |")  # fmt: skip
    mean = sum(presses_to_overload) / len(presses_to_overload)
    expected = (model.threshold_min + model.threshold_max) / 2
    print(f"| overloads | {overloads} (one every {turns / overloads:.2f} turns) |")
    print(f"| mean presses (cards) from reset to overload | {mean:.2f} "
          f"(model mean threshold {expected:.1f}) |")  # fmt: skip
    mean_shown = sum(k * v for k, v in shown.items()) / overloads
    spread = ", ".join(f"{k}: {shown[k] / overloads:.3f}" for k in sorted(shown))
    print(f"| cards an overload shows | mean {mean_shown:.2f} ({spread}) |")
    print(f"| piles trimmed at {model.trim_at} cards | {trims} |")
    print(f"| Wild Clear resets | {clears} |")
    print(f"| actions a round | {actions / args.rounds:.1f} |")
    tp_rate = actions / tp_time
    classic_rate = classic_actions / classic_time
    print(f"| speed, Triple Play : classic (actions/s, same run) | "
          f"{tp_rate / classic_rate:.2f} ({tp_rate:,.0f} : {classic_rate:,.0f}) |")  # fmt: skip


if __name__ == "__main__":
    main()
