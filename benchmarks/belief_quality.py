"""How well does the belief model know the hidden hands? Log loss a card copy (is this
unseen copy in that hand?) on positions of ``greedy`` play it was not trained on, for three
estimates side by side: even odds over the unseen cards (a hand's share of them), the
counting model (``HandModel``'s constraints, each copy spread over the room that may hold
it) and the shipped learned model. Lower is better; run offline:

    .venv/bin/python benchmarks/belief_quality.py --seed 7 --positions 3000 --players 4
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

from unokit.bots.belief import default_model
from unokit.bots.belief_train import generate, log_loss


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=7, help="not a training seed")
    parser.add_argument("--positions", type=int, default=3000)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args(argv)
    data = generate(10_000 + args.seed, args.positions, players=args.players)
    model = default_model()
    learned = np.where(
        data.counting <= 1e-4, 1e-4, 1.0 / (1.0 + np.exp(-model.logits(data.features)))
    )
    even = 1.0 / (1.0 + np.exp(-data.features[:, 2]))
    print(
        f"{args.positions} positions ({len(data)} rows), {args.players} players, "
        f"seed {args.seed}: log loss a card copy"
    )
    losses = {}
    for name, prob in (("even", even), ("counting", data.counting), ("learned", learned)):
        p = np.clip(prob, 1e-6, 1 - 1e-6)
        rows = -(data.label * np.log(p) + (1 - data.label) * np.log(1 - p)) * data.weight
        # positions are independent, the rows of one position are not: intervals by position
        losses[name] = np.bincount(data.position, weights=rows) / np.bincount(
            data.position, weights=data.weight
        )
        print(f"  {name:9s} {log_loss(prob, data):.4f}")
    for name in ("even", "learned"):
        diff = losses[name] - losses["counting"]
        half = 1.96 * diff.std(ddof=1) / np.sqrt(len(diff))
        print(
            f"  {name} - counting, mean over positions: {diff.mean():+.4f} "
            f"[{diff.mean() - half:+.4f}, {diff.mean() + half:+.4f}]"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
