"""The learned bot's training iteration: collecting against updating, numpy against PyTorch.

    python benchmarks/learn_update.py                      # the shipped run's sizes
    python benchmarks/learn_update.py --devices numpy,cpu,cuda

One iteration of ``examples/train_learned.py`` collects ``--samples`` decisions in the
compiled loop (on the CPU, whatever the device) and then updates the network on them
(``--epochs`` passes in minibatches). This times both parts, in one process, side by side:
the collection once, then the same batch's update on each device, ``--repeats`` times each
(the median, in wall-clock seconds, with the device synchronised). The update's share of the
iteration says how much any device can save.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")  # as examples/train_learned.py runs


def main(argv: list[str] | None = None) -> int:
    from unokit.envs.learn import LearnConfig, Learner

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--samples", type=int, default=32_768)
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--minibatch", type=int, default=4096)
    parser.add_argument("--devices", default="numpy,cpu", help="comma-separated devices")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)

    def config(device: str) -> LearnConfig:
        return LearnConfig(
            players=args.players, samples=args.samples, hidden=args.hidden, epochs=args.epochs,
            minibatch=args.minibatch, device=device,
        )  # fmt: skip

    learner = Learner(config("numpy"))
    learner.iteration(imitate=True)  # compiles the loop; the batch below is a second one
    start = time.perf_counter()
    batch = learner._collect(imitate=False)
    collect = time.perf_counter() - start
    print(f"collect {len(batch['x'])} decisions ({args.players} players): {collect:.2f} s")
    for device in args.devices.split(","):
        trainer = Learner(config(device))
        times = []
        for _ in range(args.repeats):
            start = time.perf_counter()
            trainer.update(batch, imitate=False)  # reads the weights back: waits for the device
            times.append(time.perf_counter() - start)
        update = statistics.median(times)
        share = update / (update + collect)
        print(
            f"update on {device:>6} ({trainer.device or 'numpy'}): {update:.2f} s, "
            f"{share:.0%} of the iteration"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
