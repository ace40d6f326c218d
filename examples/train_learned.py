"""Train the ``learned`` bot's weights: imitation of ``greedy``, then PPO against a league.

Numpy only (``pip install unokit[fast,envs]``; ``unokit[sim]`` adds the progress bar and the
plot, ``unokit[ray]`` the Ray backend). Rerunnable from its seed; the shipped
``mattel-2021-4p`` weights came from (docs/bots.md gives its time and figures):

    python examples/train_learned.py --players 4 --seed 0 --imitation 30 --iterations 40 \
        --out src/unokit/bots/weights/mattel-2021-4p.npz --plot docs/learned.svg

``--backend ray --workers N`` collects the rollouts on N Ray workers (the same code on a
cluster with ``RAY_ADDRESS`` set). Each iteration prints the share the learner won of its
training rounds against three ``greedy`` (the learning curve; a fair share is 1/players).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from pathlib import Path
from typing import Any

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")  # small matrices: one thread a process is fastest


def main(argv: list[str] | None = None) -> int:
    from unokit.envs.learn import LearnConfig, Learner

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", default="mattel-2021")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--envs", type=int, default=256, help="games stepped together a worker")
    parser.add_argument("--imitation", type=int, default=30, help="imitation iterations")
    parser.add_argument("--iterations", type=int, default=40, help="PPO iterations")
    parser.add_argument("--samples", type=int, default=32_768, help="decisions an iteration")
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--lr", type=float, default=5e-4)
    parser.add_argument("--backend", choices=("local", "ray"), default="local")
    parser.add_argument("--workers", type=int, default=2, help="Ray workers")
    parser.add_argument("--out", default="learned.npz")
    parser.add_argument(
        "--init", help="start from these weights (a file this script saved; --imitation 0)"
    )
    parser.add_argument("--plot", help="write the learning curve here (.svg or .png)")
    parser.add_argument(
        "--checkpoint", type=int, default=0, help="also save OUT.N every N iterations"
    )
    args = parser.parse_args(argv)
    config = LearnConfig(
        rules=args.rules, players=args.players, seed=args.seed, envs=args.envs,
        workers=args.workers if args.backend == "ray" else 1, hidden=args.hidden,
        imitation_iterations=args.imitation, iterations=args.iterations,
        samples=args.samples, lr=args.lr, minibatch=min(4096, args.samples),
    )  # fmt: skip
    try:
        learner = Learner(config, backend=args.backend)
    except (ValueError, ImportError) as error:
        print(f"train_learned: {error}", file=sys.stderr)
        return 2
    if args.init:
        from unokit.bots.learned import LearnedNet

        learner.start_from(LearnedNet.load(args.init))
    start = time.perf_counter()
    total = config.imitation_iterations + config.iterations
    with _progress(total) as advance:

        def report(i: int, stats: dict[str, float]) -> None:
            phase = "imitation" if stats["imitation"] else "ppo"
            curve = f"vs greedy {stats['vs_greedy']:.3f}" if "vs_greedy" in stats else ""
            agree = f"agrees {stats['agreement']:.3f}" if "agreement" in stats else ""
            advance(
                f"{phase} {i + 1}/{total} {curve}{agree} value loss {stats['value_loss']:.3f} "
                f"{time.perf_counter() - start:.0f}s"
            )
            if args.checkpoint and (i + 1) % args.checkpoint == 0:
                learner.net.save(f"{args.out}.{i + 1}", iteration=i + 1)

        net = learner.train(report)
    seconds = time.perf_counter() - start
    command = "python examples/train_learned.py " + " ".join(sys.argv[1:] if argv is None else argv)
    net.save(args.out, command=command, seconds=round(seconds, 1))
    print(f"saved {args.out} after {seconds:.0f}s of training")
    if args.plot:
        plot(learner.history, args.plot, config)
        print(f"wrote {args.plot}")
    return 0


@contextlib.contextmanager
def _progress(total: int) -> Any:
    """A rich progress bar when rich is installed, else one line an iteration."""
    try:
        from rich.progress import Progress
    except ImportError:

        def line(text: str) -> None:
            print(text, flush=True)

        yield line
        return
    with Progress(transient=False) as bar:
        task = bar.add_task("training", total=total)

        def advance(text: str) -> None:
            bar.update(task, advance=1, description=text)
            bar.console.print(text)

        yield advance


def plot(history: list[dict[str, float]], path: str, config: Any) -> None:
    """The learning curve: the win share against three greedy by PPO iteration."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    points = [(i, h["vs_greedy"]) for i, h in enumerate(history) if "vs_greedy" in h]
    agree = [(i, h["agreement"]) for i, h in enumerate(history) if "agreement" in h]
    fig, ax = plt.subplots(figsize=(7, 3.6))
    if points:
        ax.plot(*zip(*points, strict=True), marker=".", label="win share vs greedy (training)")
    if agree:
        ax.plot(*zip(*agree, strict=True), marker=".", label="agreement with greedy (imitation)")
    ax.axhline(1 / config.players, color="grey", linestyle="--", label="fair share")
    ax.set_xlabel("iteration")
    ax.set_ylim(0, 1)
    ax.set_title(f"learned bot, {config.rules}, {config.players} players, seed {config.seed}")
    ax.legend(loc="center right", fontsize=8)
    fig.tight_layout()
    fig.savefig(Path(path))
    plt.close(fig)


if __name__ == "__main__":
    raise SystemExit(main())
