"""Train a PPO policy that beats the ``random`` bot, then measure it as a unokit bot.

Numpy only (``pip install unokit[envs]``). The defaults run in a few minutes on one CPU core:

    python examples/train_ppo.py --players 2 --iterations 60 --seed 0 --out uno-ppo.npz

``--opponents greedy,self`` trains against ``greedy`` and the policy itself (seat by seat
in turn) instead of ``random``. Then play the result anywhere a bot is named:
``make_bot("policy:path=uno-ppo.npz")`` (after ``import unokit.envs``). The evaluation plays
``--eval-games`` rounds of the trained policy against ``random`` bots (``--eval-opponent``)
with the policy's seat rotated, and prints its win share with a 95% Wilson interval (a fair
share is 1/players). ``--load FILE`` evaluates a
saved policy without training.
"""

from __future__ import annotations

import argparse
import math
import time

import unokit.envs  # noqa: F401 - registers the "policy" bot
from unokit import Game, Rules
from unokit.bots import make_bot, play_game
from unokit.envs import PolicyBot, UnoEnv
from unokit.envs.ppo import PPOConfig, Trainer


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share ``wins / n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def evaluate(
    path: str, rules: Rules, players: int, games: int, *, seed: int, opponent: str = "random"
) -> tuple[int, int]:
    """Rounds won by the policy against ``opponent`` bots, its seat rotating every round."""
    wins = decided = 0
    for i in range(games):
        seat = i % players
        bots = [
            make_bot(f"policy:path={path}", seed=seed + i)
            if s == seat
            else make_bot(opponent, seed=(seed + i) * 16 + s)
            for s in range(players)
        ]
        game = play_game(Game.new(rules, players=players, seed=seed + i), bots)
        if game.winner is not None:
            decided += 1
            wins += game.winner == seat
    return wins, decided


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", default="mattel-2021")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=60)
    parser.add_argument("--episodes", type=int, default=32, help="rounds per iteration")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="uno-ppo.npz")
    parser.add_argument("--eval-games", type=int, default=2000)
    parser.add_argument("--eval-opponent", default="random", help="a bot name, e.g. greedy")
    parser.add_argument(
        "--opponents",
        default="random",
        help="the bots it trains against, seat by seat in turn: e.g. greedy,self "
        "('self': the policy being trained)",
    )
    parser.add_argument("--load", help="skip training: evaluate this saved policy")
    args = parser.parse_args()

    rules = Rules.preset(args.rules)
    if args.load:
        report_share(args, rules, args.load)
        return
    names = [n.strip() for n in args.opponents.split(",") if n.strip()]
    if not names:
        raise SystemExit("--opponents needs at least one bot name")
    env = UnoEnv(rules, players=args.players, opponents="random", seat="random")
    trainer = Trainer(env, PPOConfig(episodes=args.episodes, seed=args.seed))
    itself = PolicyBot.of(trainer.policy, seed=args.seed)
    env.opponents = [itself if n == "self" else n for n in _seat_by_seat(names, args.players)]
    start = time.perf_counter()

    def report(i: int, stats: dict[str, float]) -> None:
        print(
            f"iteration {i + 1:4d}  win share {stats['win_share']:.2f}  "
            f"entropy {stats['entropy']:.2f}  value loss {stats['value_loss']:.3f}  "
            f"steps {int(stats['steps'])}  {time.perf_counter() - start:6.0f}s",
            flush=True,
        )

    policy = trainer.train(args.iterations, report)
    policy.save(args.out)
    print(f"saved {args.out} after {time.perf_counter() - start:.0f}s of training")

    report_share(args, rules, args.out)


def _seat_by_seat(names: list[str], players: int) -> list[str]:
    """One opponent name a seat, the names in turn (the learner's seat moves each round)."""
    return [names[s % len(names)] for s in range(players)]


def report_share(args: argparse.Namespace, rules: Rules, path: str) -> None:
    wins, decided = evaluate(
        path, rules, args.players, args.eval_games, seed=10_000_000, opponent=args.eval_opponent
    )
    low, high = wilson(wins, decided)
    print(
        f"policy vs {args.eval_opponent}, {args.rules}, {args.players} players, {decided} "
        f"decided rounds (of {args.eval_games}): win share {wins / max(decided, 1):.3f} "
        f"[95% CI {low:.3f}, {high:.3f}]; a fair share is {1 / args.players:.3f}"
    )


if __name__ == "__main__":
    main()
