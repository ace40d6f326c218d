"""Training the learned bot: the vector env's history is the engine's, the script runs."""

from __future__ import annotations

import importlib.util
import runpy
from pathlib import Path

import numpy as np
import pytest

from unokit import Game, Random
from unokit.bots.learned import LearnedNet, features, history
from unokit.envs.learn import Collector, LearnConfig, Learner, memory_history
from unokit.envs.vector import UnoVectorEnv

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("players", [2, 4])
def test_the_vector_env_keeps_the_history_the_bot_reads_from_the_engines_events(
    players: int,
) -> None:
    """Three rounds played by random legal actions in both: at every decision the features
    from the vector env's state and memory equal those from the seat's view and events."""
    env = UnoVectorEnv(1, players=players, seed=7)
    layout = env.layout
    env.reset()
    rng = Random(9)
    drew = named = 0
    for k in range(3):
        game = Game.new(env.rules, players=players, seed=env.game_seed(k))
        while not game.over:
            seat = game.to_play
            assert seat is not None
            mine = memory_history(env.memories, players)
            theirs = history(game.events(seat), players)[None]
            assert np.array_equal(mine, theirs)
            drew += int(theirs[..., :4].sum())
            named += int(theirs[..., 4:].sum())
            x_env = features(env.observations, mine, layout)
            x_table = features(layout.encode(game.view(seat))[None], theirs, layout)
            assert np.array_equal(x_env, x_table)
            numbers = np.flatnonzero(env.masks[0])
            number = int(numbers[rng.below(len(numbers))])
            action = env.codec.decode(number)
            assert action is not None
            game.apply(action, seat)
            env.step(np.array([number]))
    assert drew and named  # the history was exercised


def test_greedy_actions_are_legal_and_the_collector_labels_them() -> None:
    config = LearnConfig(envs=8, samples=200, hidden=8)
    collector = Collector(config)
    net = LearnedNet(collector.env.rules, 4, hidden=8)
    batch = collector.collect(net.params, None, 200, imitate=True)
    assert len(batch["x"]) >= 200
    assert np.all(batch["mask"][np.arange(len(batch["x"])), batch["label"]] == 1)
    assert set(np.unique(batch["ret"])) <= {-1.0, 0.0, 1.0}


def test_the_training_script_runs_a_tiny_configuration_end_to_end(tmp_path: Path) -> None:
    script = runpy.run_path(str(ROOT / "examples" / "train_learned.py"))
    out, plot = tmp_path / "w.npz", tmp_path / "curve.svg"
    args = ["--imitation", "1", "--iterations", "2", "--samples", "256", "--envs", "8",
            "--hidden", "16", "--out", str(out), "--plot", str(plot)]  # fmt: skip
    assert script["main"](args) == 0
    net = LearnedNet.load(out)
    assert net.players == 4 and len(net.meta["history"]) == 3
    assert "--samples 256" in net.meta["command"]
    if importlib.util.find_spec("matplotlib"):
        assert plot.read_text().startswith("<?xml")


def test_training_is_rerunnable_from_its_seed() -> None:
    config = LearnConfig(envs=8, samples=256, hidden=8, imitation_iterations=1, iterations=1)
    first, second = Learner(config).train(), Learner(config).train()
    for name, value in first.params.items():
        assert np.array_equal(second.params[name], value)


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="the ray extra")
def test_the_ray_backend_collects_on_workers() -> None:
    import ray

    config = LearnConfig(
        envs=8, samples=256, hidden=8, imitation_iterations=1, iterations=1, workers=2
    )
    try:
        net = Learner(config, backend="ray").train()
    finally:
        ray.shutdown()
    assert net.players == 4
    assert all(np.isfinite(v).all() for v in net.params.values())
