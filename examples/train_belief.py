"""Train the belief model's weights: positions of ``greedy`` play labelled with the true
hands, a small numpy network on top of the counting model (``unokit.bots.belief``).

Numpy only. Rerunnable from its seed; ``--checkpoint`` saves after every epoch and a rerun
with the same arguments goes on from there. The shipped ``weights/belief/greedy-play.npz``
came from (docs/bots.md gives its figures):

    python examples/train_belief.py --seed 0 --positions 8000 --players 4,2 --epochs 12 \
        --hidden 32 --out src/unokit/bots/weights/belief/greedy-play.npz
"""

from __future__ import annotations

import argparse
import os
import sys
import time

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")


def main(argv: list[str] | None = None) -> int:
    import numpy as np

    from unokit.bots.belief_train import Positions, fit, generate, log_loss

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--positions", type=int, default=6000, help="positions per table size")
    parser.add_argument("--players", default="4,2", help="table sizes, comma-separated")
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--checkpoint", help="an .npz to save to and resume from")
    parser.add_argument("--out", required=True, help="where the weights go (.npz)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    parts = [
        generate(args.seed * 101 + int(n), args.positions, players=int(n))
        for n in args.players.split(",")
    ]
    data = Positions(
        *(np.concatenate([getattr(p, f) for p in parts]) for f in Positions.__dataclass_fields__)
    )
    print(f"{len(data)} rows from {args.positions} positions a table size", file=sys.stderr)
    print(f"  in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    model = fit(
        data,
        hidden=args.hidden,
        epochs=args.epochs,
        seed=args.seed,
        checkpoint=args.checkpoint,
    )
    fitted = 1.0 / (1.0 + np.exp(-model.logits(data.features)))
    fitted = np.where(data.counting <= 1e-4, 1e-4, fitted)
    print(f"training log loss: counting {log_loss(data.counting, data):.4f}", file=sys.stderr)
    print(f"                   learned  {log_loss(fitted, data):.4f}", file=sys.stderr)
    model.save(args.out)
    print(f"saved {args.out} in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
