"""A training run of the learned bot stops, is saved whole, and goes on exactly."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from unokit.bots.learned import LearnedNet
from unokit.envs.checkpoint import resume_run, save_run
from unokit.envs.learn import LearnConfig, Learner
from unokit.envs.vector import UnoVectorEnv

ROOT = Path(__file__).resolve().parents[2]
SMALL: dict[str, Any] = dict(
    envs=8, samples=256, hidden=8, minibatch=128, imitation_iterations=1, iterations=3,
    snapshot_every=1,
)  # fmt: skip


def stopped_after(config: LearnConfig, iterations: int, path: Path) -> None:
    """Train ``config`` for ``iterations`` and save the run there, as a checkpoint does."""
    learner = Learner(config)

    def report(i: int, stats: dict[str, float]) -> None:
        if i + 1 == iterations:
            save_run(learner, path)
            raise KeyboardInterrupt  # the run is stopped right after its checkpoint

    with pytest.raises(KeyboardInterrupt):
        learner.train(report)


@pytest.mark.parametrize(
    ("device", "stop"),
    [("numpy", 3), ("numpy", 1), ("cpu", 3)],
    ids=["numpy-in-ppo", "numpy-after-imitation", "torch-in-ppo"],
)
def test_a_run_saved_and_resumed_trains_on_bit_for_bit_as_if_it_never_stopped(
    device: str, stop: int, tmp_path: Path
) -> None:
    config = LearnConfig(**SMALL, device=device)
    whole = Learner(config)
    expected = whole.train()
    stopped_after(config, stop, tmp_path / "run")
    learner = resume_run(tmp_path / "run")
    assert learner.done == stop and learner.config == config and len(learner.history) == stop
    resumed = learner.train()
    assert learner.history == whole.history
    assert len(learner.snapshots) == len(whole.snapshots) == 4
    for name, value in expected.params.items():
        assert np.array_equal(resumed.params[name], value), name


def test_the_same_run_goes_on_without_its_state_differently(tmp_path: Path) -> None:
    """What the file carries matters: weights alone (``--init``) do not resume the run."""
    config = LearnConfig(**SMALL, device="numpy")
    expected = Learner(config).train()
    stopped_after(config, 3, tmp_path / "run")
    learner = resume_run(tmp_path / "run")
    fresh = Learner(config)
    fresh.set_params(learner.net.params)
    fresh.snapshots, fresh.done = learner.snapshots, learner.done  # but Adam and the games anew
    weights_only = fresh.train()
    assert any(not np.array_equal(weights_only.params[k], v) for k, v in expected.params.items())


def test_a_run_saved_on_a_torch_device_goes_on_in_numpy(tmp_path: Path) -> None:
    config = LearnConfig(**SMALL, device="cpu")
    expected = Learner(config).train()
    stopped_after(config, 3, tmp_path / "run")
    learner = resume_run(tmp_path / "run", device="numpy")
    assert learner.device is None and learner.config.device == "numpy"
    first, _, steps = learner.adam_state()
    assert steps > 0 and all(np.abs(m).max() > 0 for m in first.values())
    moved = learner.train()
    for name, value in expected.params.items():
        np.testing.assert_allclose(moved.params[name], value, atol=1e-3, err_msg=name)


def test_resuming_can_raise_the_ppo_total_but_not_undo_iterations(tmp_path: Path) -> None:
    config = LearnConfig(**SMALL, device="numpy")
    stopped_after(config, 3, tmp_path / "run")
    learner = resume_run(tmp_path / "run", iterations=5)
    learner.train()
    assert learner.done == 6 and len(learner.history) == 6
    with pytest.raises(ValueError, match="--iterations 1 is fewer than the 2 PPO iterations"):
        resume_run(tmp_path / "run", iterations=1)


def test_a_file_that_is_no_saved_run_is_refused(tmp_path: Path) -> None:
    weights = tmp_path / "weights.npz"
    Learner(LearnConfig(**SMALL)).net.save(weights)
    with pytest.raises(ValueError, match="is not a saved training run"):
        resume_run(weights)
    junk = tmp_path / "junk"
    junk.write_bytes(b"not a zip file")
    with pytest.raises(ValueError, match="is not a saved training run"):
        resume_run(junk)
    with pytest.raises(ValueError, match="is not a saved training run"):
        resume_run(tmp_path / "missing")
    stopped_after(LearnConfig(**SMALL), 1, tmp_path / "run")
    cut = tmp_path / "cut"
    cut.write_bytes((tmp_path / "run").read_bytes()[:100_000])  # a copy that was cut short
    with pytest.raises(ValueError, match="is not a saved training run"):
        resume_run(cut)


def test_training_from_new_weights_starts_adam_again() -> None:
    for device in ("numpy", "cpu"):
        learner = Learner(LearnConfig(**SMALL, device=device))
        learner.iteration(imitate=True)
        assert learner.adam_state()[2] > 0, device
        learner.set_params(learner.net.params)
        first, second, steps = learner.adam_state()
        assert steps == 0, device
        assert all(not m.any() for m in (*first.values(), *second.values())), device


def test_the_vector_env_goes_on_from_a_copy_of_its_state() -> None:
    env = UnoVectorEnv(16, players=3, seed=5)
    env.reset()
    for _ in range(40):
        env.step_inplace(env.greedy_actions())
    state = env.state_dict()
    copy = UnoVectorEnv(16, players=3, seed=99)
    copy.reset()
    copy.load_state_dict(state)
    for _ in range(200):  # through round ends, so new deals come from the same seeds
        env.step_inplace(env.greedy_actions())
        copy.step_inplace(copy.greedy_actions())
        assert np.array_equal(env.observations, copy.observations)
        assert np.array_equal(env.rewards, copy.rewards)
    assert env.dones.any() or env.state_dict()["started"] > 16


def test_a_vector_env_refuses_another_tables_state_and_keeps_its_own() -> None:
    env = UnoVectorEnv(16, players=3)
    env.reset()
    before = env.state_dict()
    other = UnoVectorEnv(16, players=4, seed=-1)  # any seed: game_seed keeps its 64 bits
    other.reset()
    with pytest.raises(ValueError, match="not one of this environment's"):
        env.load_state_dict(other.state_dict())
    same = UnoVectorEnv(16, players=3, seed=7)
    same.reset()
    partial = {k: v for k, v in same.state_dict().items() if k != "started"}
    with pytest.raises(ValueError, match="'started' differs"):
        env.load_state_dict(partial)
    for key, value in env.state_dict().items():
        assert np.array_equal(value, before[key]), key


def test_the_training_script_checkpoints_and_resumes_to_the_same_weights(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = runpy.run_path(str(ROOT / "examples" / "train_learned.py"))
    small = ["--imitation", "1", "--samples", "256", "--envs", "8", "--hidden", "8",
             "--device", "numpy"]  # fmt: skip
    whole, part = tmp_path / "whole.npz", tmp_path / "part.npz"
    assert script["main"]([*small, "--iterations", "3", "--out", str(whole)]) == 0
    stopped = [*small, "--iterations", "1", "--out", str(part), "--checkpoint", "2"]
    assert script["main"](stopped) == 0
    assert (tmp_path / "part.npz.2").exists() and (tmp_path / "part.npz.run").exists()
    resumed = tmp_path / "resumed.npz"
    args = ["--resume", str(tmp_path / "part.npz.run"), "--iterations", "3", "--out", str(resumed)]
    assert script["main"](args) == 0
    expected, got = LearnedNet.load(whole), LearnedNet.load(resumed)
    for name, value in expected.params.items():
        assert np.array_equal(got.params[name], value), name
    assert len(got.meta["history"]) == 4
    assert got.meta["command"].endswith(" ".join(stopped))
    assert got.meta["resumed"] == ["python examples/train_learned.py " + " ".join(args)]
    capsys.readouterr()
    assert script["main"]([*args, "--players", "2", "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "train_learned: --players, --seed: a resumed run keeps the settings it was saved with\n"
    )


def test_a_run_on_ray_workers_is_saved_and_resumed_on_them(tmp_path: Path) -> None:
    import ray

    config = LearnConfig(**SMALL, device="numpy", workers=2)
    try:
        whole = Learner(config, backend="ray")
        expected = whole.train()
        learner = Learner(config, backend="ray")
        learner.train(lambda i, stats: save_run(learner, tmp_path / "run") if i == 1 else None)
        resumed = resume_run(tmp_path / "run")
        assert resumed.backend == "ray" and resumed.done == 2
        got = resumed.train()
    finally:
        ray.shutdown()
    for name, value in expected.params.items():
        assert np.array_equal(got.params[name], value), name
    with pytest.raises(ValueError, match="2 collectors were saved and this run has 1"):
        resume_run(tmp_path / "run", backend="local")
