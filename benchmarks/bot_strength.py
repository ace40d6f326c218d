"""How strong is a bot? One bot (the hero) against copies of another (the field).

4 players by default, ``mattel-2021``, the hero's seat rotated through every seat on the
same deal (deal ``k`` is played ``players`` times, the hero at seat 0, 1, 2, 3), win share
with its 95% Wilson interval over the games (a fair share is 1/players) and its 95%
interval over the deals (``unokit.simulate.deal_interval``: the games of one deal are not
independent, the deals are, so this is the right one for the rotated format; a little
narrower). Every game's seeds derive from ``--seed``, so a run reproduces exactly with any
``--jobs``. Run offline, not in CI:

    .venv/bin/python benchmarks/bot_strength.py --hero greedy --field random --games 20000
    .venv/bin/python benchmarks/bot_strength.py --hero ismcts:iterations=200 --field greedy \
        --games 2000 --jobs 2 --out ismcts.json

It also reports the hero's decision time: mean, median, 95th percentile and maximum over
every decision it was asked (searched or not) and over its searched decisions alone, in
wall-clock time and in CPU time (the process's own, which a busy machine inflates less).
``--max-seconds`` stops a long run early and reports the whole rotations finished.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import platform
import statistics
import sys
import time
from typing import Any

from unokit import Game, Rules
from unokit.bots import Bot, IsmctsBot, decide, make_bot
from unokit.simulate import deal_interval, wilson
from unokit.turns import play_out

_MASK = (1 << 63) - 1


def play_one(job: tuple[int, str, str, str, dict[str, Any], int, int]) -> dict[str, Any]:
    """Play game ``index`` of the run and say how it went for the hero."""
    index, hero_spec, field_spec, preset, switches, players, master = job
    deal = index // players
    hero_seat = index % players
    deal_seed = (master * 1_000_003 + deal) & _MASK
    rules = Rules.preset(preset, **switches)
    game = Game.new(rules, players=players, seed=deal_seed)
    bots: list[Bot] = [
        make_bot(hero_spec if s == hero_seat else field_spec, seed=(deal_seed * 16 + s) & _MASK)
        for s in range(players)
    ]
    hero = bots[hero_seat]
    times: list[float] = []
    searched: list[float] = []
    searched_cpu: list[float] = []

    def chooser(g: Game, seat: int, legal: list[Any], optional: bool) -> Any:
        decision = decide(g, seat, optional)
        if seat != hero_seat:
            return bots[seat].choose(decision)
        start, cpu = time.perf_counter(), time.process_time()
        action = hero.choose(decision)
        spent = time.perf_counter() - start
        times.append(spent)
        if isinstance(hero, IsmctsBot) and hero.last_iterations:
            searched.append(spent)
            searched_cpu.append(time.process_time() - cpu)
        return action

    actions = sum(1 for _ in play_out(game, chooser))
    for bot in bots:
        bot.close()
    return {
        "won": game.winner == hero_seat,
        "blocked": game.winner is None,
        "actions": actions,
        "times": times,
        "searched": searched,
        "searched_cpu": searched_cpu,
    }


def _spread(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)
    return {
        "count": len(ordered),
        "mean_ms": 1000 * statistics.fmean(ordered),
        "median_ms": 1000 * statistics.median(ordered),
        "p95_ms": 1000 * ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))],
        "max_ms": 1000 * ordered[-1],
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hero", default="greedy")
    parser.add_argument("--field", default="random")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rules", default="mattel-2021")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", help="write the results as JSON here")
    parser.add_argument(
        "--max-seconds",
        type=float,
        help="stop after this long and report the games finished (whole rotations only)",
    )
    args = parser.parse_args(argv)
    if args.games % args.players:
        parser.error("--games must be a multiple of --players (every deal with every seat)")
    jobs: list[tuple[int, str, str, str, dict[str, Any], int, int]] = [
        (i, args.hero, args.field, args.rules, {}, args.players, args.seed)
        for i in range(args.games)
    ]
    start = time.perf_counter()
    results: list[dict[str, Any]] = []
    step = max(1, args.games // 20)
    deadline = None if args.max_seconds is None else start + args.max_seconds
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            for result in pool.imap(play_one, jobs, chunksize=args.players):
                results.append(result)
                _progress(results, args, start, step)
                if deadline is not None and time.perf_counter() > deadline:
                    pool.terminate()
                    break
    else:
        for job in jobs:
            results.append(play_one(job))
            _progress(results, args, start, step)
            if deadline is not None and time.perf_counter() > deadline:
                break
    del results[len(results) - len(results) % args.players :]  # whole rotations only
    elapsed = time.perf_counter() - start
    wins = sum(r["won"] for r in results)
    low, high = wilson(wins, len(results))
    per_deal = [
        sum(r["won"] for r in results[k : k + args.players])
        for k in range(0, len(results), args.players)
    ]
    deal_low, deal_high = deal_interval(per_deal, args.players)
    summary: dict[str, Any] = {
        "hero": args.hero,
        "field": args.field,
        "rules": args.rules,
        "players": args.players,
        "games": len(results),
        "games_asked": args.games,
        "seed": args.seed,
        "hero_wins": wins,
        "won": [bool(r["won"]) for r in results],
        "win_share": wins / len(results),
        "interval_95": [low, high],
        "interval_95_deals": [deal_low, deal_high],
        "blocked": sum(r["blocked"] for r in results),
        "mean_actions": statistics.fmean(r["actions"] for r in results),
        "seconds": elapsed,
        "jobs": args.jobs,
        "decision_time_all": _spread([t for r in results for t in r["times"]]),
        "decision_time_searched": _spread([t for r in results for t in r["searched"]]),
        "decision_cpu_searched": _spread([t for r in results for t in r["searched_cpu"]]),
        "machine": f"{platform.machine()} {platform.processor() or ''} "
        f"python {platform.python_version()}".strip(),
    }
    print(
        f"{args.hero} vs 3x {args.field}" if args.players == 4 else args.hero,
        f"({args.rules}, {args.players} players, {len(results)} games, seed {args.seed}):",
        f"win share {100 * summary['win_share']:.2f}%",
        f"[95% {100 * low:.2f}% .. {100 * high:.2f}%], fair share {100 / args.players:.1f}%",
    )
    print(
        f"  95% interval over the {len(per_deal)} deals (paired seats): "
        f"{100 * deal_low:.2f}% .. {100 * deal_high:.2f}%"
    )
    print(f"  {elapsed:.0f} s with {args.jobs} job(s); {summary['mean_actions']:.0f} actions/game")
    for key in ("decision_time_all", "decision_time_searched", "decision_cpu_searched"):
        spread = summary[key]
        if spread:
            print(
                f"  hero {key.removeprefix('decision_')} decisions: {spread['count']}, "
                f"mean {spread['mean_ms']:.1f} ms, median {spread['median_ms']:.1f} ms, "
                f"p95 {spread['p95_ms']:.1f} ms, max {spread['max_ms']:.1f} ms"
            )
    if args.out:
        with open(args.out, "w") as f:
            json.dump(summary, f, indent=1)
    return summary


def _progress(results: list[dict[str, Any]], args: Any, start: float, step: int) -> None:
    n = len(results)
    if n % step and n != args.games:
        return
    wins = sum(r["won"] for r in results)
    low, high = wilson(wins, n)
    rate = n / (time.perf_counter() - start)
    print(
        f"  {n}/{args.games} games, {100 * wins / n:.1f}% [{100 * low:.1f}..{100 * high:.1f}], "
        f"{rate:.1f} games/s",
        file=sys.stderr,
        flush=True,
    )


if __name__ == "__main__":
    main()
