"""Train the ``learned`` bot's weights: imitation of ``greedy``, then PPO against a league.

Numpy is enough (``pip install unokit[fast,envs]``; ``unokit[sim]`` adds the progress bar and
the plot, ``unokit[ray]`` the Ray backend, ``unokit[gpu]`` PyTorch, and with it the update
runs on a CUDA GPU when one is at hand: ``--device`` chooses). Rerunnable from its seed; the
shipped ``mattel-2021-4p`` weights came from (docs/bots.md gives its time and figures):

    python examples/train_learned.py --players 4 --seed 0 --imitation 30 --iterations 40 \
        --out src/unokit/bots/weights/mattel-2021-4p.npz --plot docs/learned.svg

``--checkpoint N`` saves the weights and the whole run every N iterations, and ``--resume
OUT.run`` goes on with that run exactly. The shipped weights were made in numpy: on a
machine with a GPU and PyTorch, ``--device numpy`` remakes them bit for bit. ``--backend
ray --workers N`` collects the rollouts on N Ray workers (the same code on a cluster with
``RAY_ADDRESS`` set). Each iteration prints the share the learner won of its training
rounds against three ``greedy`` (the learning curve; a fair share is 1/players).
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


SETTINGS: dict[str, Any] = {
    "rules": "mattel-2021", "players": 4, "seed": 0, "envs": 256, "imitation": 30,
    "samples": 32_768, "hidden": 128, "lr": 5e-4, "workers": 2, "init": None,
}  # fmt: skip
"""The run's settings, with their defaults: a resumed run takes them from its file."""


def main(argv: list[str] | None = None) -> int:
    from unokit.envs.checkpoint import resume_run, run_notes, save_run
    from unokit.envs.learn import LearnConfig, Learner

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", help="the preset (mattel-2021)")
    parser.add_argument("--players", type=int, help="4")
    parser.add_argument("--seed", type=int, help="0")
    parser.add_argument("--envs", type=int, help="games stepped together a worker (256)")
    parser.add_argument("--imitation", type=int, help="imitation iterations (30)")
    parser.add_argument("--iterations", type=int, help="PPO iterations (40)")
    parser.add_argument("--samples", type=int, help="decisions an iteration (32768)")
    parser.add_argument("--hidden", type=int, help="hidden units (128)")
    parser.add_argument("--lr", type=float, help="Adam's step size (5e-4)")
    parser.add_argument("--backend", choices=("local", "ray"))
    parser.add_argument("--workers", type=int, help="Ray workers (2)")
    parser.add_argument(
        "--device",
        help="where the update runs: auto (the default: a CUDA GPU when PyTorch sees one, "
        "else numpy), numpy, or a torch device such as cuda or cpu",
    )
    parser.add_argument("--out", default="learned.npz")
    parser.add_argument(
        "--init", help="start from these weights (a file this script saved; --imitation 0)"
    )
    parser.add_argument("--plot", help="write the learning curve here (.svg or .png)")
    parser.add_argument(
        "--checkpoint",
        type=int,
        default=0,
        help="every N iterations save the weights as OUT.N and the whole run as OUT.run",
    )
    parser.add_argument(
        "--resume",
        metavar="RUN",
        help="go on with a run saved by --checkpoint (its settings; --iterations sets "
        "its PPO total)",
    )
    args = parser.parse_args(argv)
    command = "python examples/train_learned.py " + " ".join(sys.argv[1:] if argv is None else argv)
    commands, seconds_before = [command], 0.0  # how the run was made, over all its sessions
    try:
        if args.resume:
            given = [f"--{k}" for k in SETTINGS if getattr(args, k) is not None]
            if given:
                raise ValueError(
                    f"{', '.join(given)}: a resumed run keeps the settings it was saved with"
                )
            learner = resume_run(
                args.resume, device=args.device, iterations=args.iterations,
                backend=args.backend,
            )  # fmt: skip
            config = learner.config
            notes = run_notes(args.resume)
            commands = [*notes.get("commands", []), command]
            seconds_before = float(notes.get("seconds", 0.0))
        else:
            opts = dict(SETTINGS)
            opts.update((k, getattr(args, k)) for k in SETTINGS if getattr(args, k) is not None)
            backend = args.backend or "local"
            config = LearnConfig(
                rules=opts["rules"], players=opts["players"], seed=opts["seed"],
                envs=opts["envs"], workers=opts["workers"] if backend == "ray" else 1,
                hidden=opts["hidden"], imitation_iterations=opts["imitation"],
                iterations=40 if args.iterations is None else args.iterations,
                samples=opts["samples"], lr=opts["lr"], minibatch=min(4096, opts["samples"]),
                device=args.device or "auto",
            )  # fmt: skip
            learner = Learner(config, backend=backend)
            if opts["init"]:
                from unokit.bots.learned import LearnedNet

                learner.start_from(LearnedNet.load(opts["init"]))
    except (ValueError, ImportError) as error:
        print(f"train_learned: {error}", file=sys.stderr)
        return 2
    print(f"the update runs on {learner.device or 'numpy'}", flush=True)
    start = time.perf_counter()
    total = config.imitation_iterations + config.iterations
    checkpoints: list[int] = []
    resumed_at = learner.done
    with _progress(total, learner.done) as advance:

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
                seconds = seconds_before + time.perf_counter() - start
                save_run(learner, f"{args.out}.run", commands=commands, seconds=seconds)
                checkpoints.append(i + 1)

        try:
            net = learner.train(report)
        except KeyboardInterrupt:
            if checkpoints:
                saved = (
                    f"the run saved after iteration {checkpoints[-1]} goes on with --resume "
                    f"{args.out}.run"
                )
            elif args.resume:
                saved = f"{args.resume} still goes on from iteration {resumed_at}"
            else:
                saved = "no run was saved (--checkpoint N saves one every N iterations)"
            print(f"stopped after {learner.done} iterations: {saved}", file=sys.stderr)
            return 130
    seconds = time.perf_counter() - start
    made: dict[str, Any] = {"command": commands[0]}
    if len(commands) > 1:
        made["resumed"] = commands[1:]
    net.save(args.out, **made, seconds=round(seconds_before + seconds, 1))
    print(f"saved {args.out} after {seconds:.0f}s of training")
    if args.plot:
        plot(learner.history, args.plot, config)
        print(f"wrote {args.plot}")
    return 0


@contextlib.contextmanager
def _progress(total: int, done: int) -> Any:
    """A rich progress bar when rich is installed, else one line an iteration."""
    try:
        from rich.progress import Progress
    except ImportError:

        def line(text: str) -> None:
            print(text, flush=True)

        yield line
        return
    with Progress(transient=False) as bar:
        task = bar.add_task("training", total=total, completed=done)

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
