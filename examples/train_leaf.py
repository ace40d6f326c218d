"""Train the leaf value's weights: positions of ``greedy`` play labelled with the round's
winner, a softmax over the seats' scores (``unokit.bots.leaf``), reported against the
hand-size estimate the search uses without it (``ismcts.chances``).

Numpy only. Rerunnable from its seed; ``--checkpoint`` saves every 100 steps (a file a
table size) and a rerun with the same arguments goes on from there. The shipped
``weights/leaf/greedy-play.npz`` came from (docs/bots.md gives its figures):

    python examples/train_leaf.py --seed 0 --positions 60000 --players 4,2 --steps 2000 \
        --out src/unokit/bots/weights/leaf/greedy-play.npz
"""

from __future__ import annotations

import argparse
import os
import sys
import time

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")


def main(argv: list[str] | None = None) -> int:
    import math

    from unokit.bots.leaf import hand_sizes, save_values
    from unokit.bots.leaf_train import fit, generate, log_loss

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--positions", type=int, default=20000, help="per table size")
    parser.add_argument("--players", default="4,2", help="table sizes, comma-separated")
    parser.add_argument("--steps", type=int, default=2000)
    parser.add_argument("--checkpoint", help="an .npz to save to and resume from")
    parser.add_argument("--out", required=True, help="where the weights go (.npz)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    sizes = [int(n) for n in args.players.split(",")]
    train = [generate(args.seed * 101 + n, args.positions, players=n) for n in sizes]
    test = [generate(args.seed * 101 + n + 50, args.positions // 4, players=n) for n in sizes]
    print(
        f"{sum(map(len, train))} positions in {time.perf_counter() - start:.0f} s", file=sys.stderr
    )
    values = {}
    for n, data in zip(sizes, train, strict=True):
        checkpoint = args.checkpoint and f"{args.checkpoint.removesuffix('.npz')}-{n}.npz"
        values[n] = fit(data, steps=args.steps, checkpoint=checkpoint)
    print(f"held-out log loss a position ({time.perf_counter() - start:.0f} s):", file=sys.stderr)
    counting = hand_sizes()
    for n, data in zip(sizes, test, strict=True):
        value = values[n]
        print(
            f"  {n} players: even {math.log(n):.4f}, hand sizes {log_loss(counting, data):.4f},"
            f" learned {log_loss(value, data):.4f}",
            file=sys.stderr,
        )
    save_values(args.out, values)
    print(f"saved {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
