"""UNO Party!: what one action costs at 16 players against 4, measured side by side.

Random games (mostly playing a card when one is legal, taking out-of-turn offers now and
then, so Speed Play, Point Taken, the mini pile and links all happen) are played once to
collect their actions; then the same actions are applied again to fresh copies of the deal,
alternating 4-player and 16-player rounds so both see the same machine noise. Three costs
are timed per action:

* ``apply``: ``game.apply(action, seat)``, legality check included (a server's work);
* ``legal+apply``: ``legal_actions`` of the acting seat, then ``apply`` (a bot's turn);
* ``driver``: one step of the one-actor-at-a-time driver: ``apply`` plus the out-of-turn
  offers to every other seat (``unokit.turns.offers``) that follow each action.

Run: ``.venv/bin/python benchmarks/party_scaling.py [--games 40] [--repeat 7]``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from unokit import Action, Game, Random, Rules
from unokit.turns import Chooser, offers, play_out

RULES = Rules.preset("party")


def eager(rng: Random) -> Chooser:
    """Mostly play a card; take one out-of-turn offer in three."""

    def choose(game: Game, seat: int, legal: list[Action], optional: bool) -> Action | None:
        if optional:
            return legal[rng.below(len(legal))] if rng.below(3) == 0 else None
        plays = [a for a in legal if a.kind == "play"]
        if plays and rng.below(10) < 8:
            return plays[rng.below(len(plays))]
        return legal[rng.below(len(legal))]

    return choose


Script = tuple[Game, list[tuple[int, Action]]]


def scripts(players: int, games: int) -> list[Script]:
    """``games`` fresh deals and the actions random play made on each."""
    out = []
    for seed in range(games):
        start = Game.new(RULES, players=players, seed=seed)
        game = start.clone()
        moves = [(s, a) for s, a, _ in play_out(game, eager(Random(seed)))]
        out.append((start, moves))
    return out


def time_apply(script: Script) -> float:
    start, moves = script
    game = start.clone()
    apply = game.apply
    t = time.perf_counter()
    for seat, action in moves:
        apply(action, seat)
    return time.perf_counter() - t


def time_legal_apply(script: Script) -> float:
    start, moves = script
    game = start.clone()
    t = time.perf_counter()
    for seat, action in moves:
        game.legal_actions(seat)
        game.apply(action, seat)
    return time.perf_counter() - t


def time_driver(script: Script) -> float:
    start, moves = script
    game = start.clone()
    t = time.perf_counter()
    for seat, action in moves:
        game.apply(action, seat)
        for other in offers(game, seat):
            game.legal_actions(other)
    return time.perf_counter() - t


def per_action(
    measure: Callable[[Script], float], runs: dict[int, list[Script]], repeat: int
) -> dict[int, float]:
    """Microseconds an action: each game's fastest of ``repeat`` replays (the least
    disturbed by other work on the machine, as ``timeit`` advises), summed over the games
    of a table size and divided by their actions. 4 and 16 are interleaved game by game."""
    best: dict[int, list[float]] = {n: [float("inf")] * len(s) for n, s in runs.items()}
    for _ in range(repeat):
        for i in range(max(len(s) for s in runs.values())):
            for n, s in runs.items():
                if i < len(s):
                    best[n][i] = min(best[n][i], measure(s[i]))
    actions = {n: sum(len(m) for _, m in s) for n, s in runs.items()}
    return {n: sum(times) / actions[n] * 1e6 for n, times in best.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per table size")
    parser.add_argument("--repeat", type=int, default=7, help="timed passes (fastest taken)")
    args = parser.parse_args()
    runs = {n: scripts(n, args.games) for n in (4, 16)}
    counts = {n: sum(len(m) for _, m in s) for n, s in runs.items()}
    print(f"UNO Party! ({RULES.name}), {args.games} games a size, {args.repeat} passes")
    print(f"actions: 4 players {counts[4]}, 16 players {counts[16]}")
    print(f"{'cost per action':<14} {'4 players':>11} {'16 players':>11} {'16 / 4':>7}")
    for name, measure in (
        ("apply", time_apply),
        ("legal+apply", time_legal_apply),
        ("driver", time_driver),
    ):
        us = per_action(measure, runs, args.repeat)
        print(f"{name:<14} {us[4]:>9.2f}us {us[16]:>9.2f}us {us[16] / us[4]:>6.2f}x")


if __name__ == "__main__":
    main()
