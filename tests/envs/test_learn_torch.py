"""The learned bot's update on PyTorch: the numpy update's gradients, run by autograd.

The test machines have no GPU, so PyTorch runs here on the CPU: the code is the same on a
CUDA device, where ``device="auto"`` puts it.
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import torch
from numpy.typing import NDArray

from unokit.bots.learned import LearnedNet
from unokit.envs.learn import Collector, LearnConfig, Learner, update_device
from unokit.envs.learn_torch import TorchUpdate

ROOT = Path(__file__).resolve().parents[2]
CONFIG = dict(envs=8, samples=512, hidden=16, minibatch=256, imitation_iterations=1, iterations=1)


def batch_and_advantages(
    learner: Learner, imitate: bool
) -> tuple[dict[str, NDArray[Any]], NDArray[Any]]:
    """A collected batch and its normalised advantages, as ``Learner.iteration`` makes them."""
    collector = learner.collectors[0]
    batch = collector.collect(learner.net.params, learner.net.params, 512, imitate)
    adv = batch["ret"] - batch["value"]
    return batch, (adv - adv.mean()) / (adv.std() + 1e-8)


@pytest.mark.parametrize("imitate", [True, False], ids=["imitation", "ppo"])
def test_the_torch_update_has_the_numpy_updates_gradients(imitate: bool) -> None:
    config = LearnConfig(**CONFIG, device="numpy", lr=5e-3)  # type: ignore[arg-type]
    learner = Learner(config)
    assert learner.device is None
    batch, adv = batch_and_advantages(learner, imitate)
    idx = np.arange(min(256, len(batch["x"])))
    if not imitate:
        # Move the weights away from the ones that played, so ratios leave the clip range.
        grads, _ = learner._numpy_grads(batch, idx, adv[idx], imitate)
        for _ in range(30):
            learner._adam_step(grads)
        update = TorchUpdate(learner.net.params, "cpu", learner.config)
        update.begin(batch, adv)
        _, _, logits, _ = learner.net.forward(batch["x"][idx])
        chosen = _probs(logits, batch["mask"][idx])[np.arange(len(idx)), batch["action"][idx]]
        ratio = chosen / np.exp(batch["logp"][idx])
        assert (np.abs(ratio - 1) > learner.config.clip).any(), "no minibatch row is clipped"
    else:
        update = TorchUpdate(learner.net.params, "cpu", learner.config)
        update.begin(batch, adv)
    expected, _ = learner._numpy_grads(batch, idx, adv[idx], imitate)
    got = update.gradients(idx, imitate)
    assert set(got) == set(expected)
    for name, value in expected.items():
        scale = float(np.abs(value).max())
        assert scale > 0, name
        np.testing.assert_allclose(got[name], value, rtol=1e-3, atol=1e-4 * scale, err_msg=name)


def _probs(logits: NDArray[Any], mask: NDArray[Any]) -> NDArray[Any]:
    z = np.where(mask > 0, logits.astype(np.float64), -np.inf)
    e = np.exp(z - z.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def test_training_with_the_torch_update_follows_the_numpy_update() -> None:
    config = dict(CONFIG, imitation_iterations=2, iterations=1)
    on_numpy = Learner(LearnConfig(**config, device="numpy")).train()  # type: ignore[arg-type]
    learner = Learner(LearnConfig(**config, device="cpu"))  # type: ignore[arg-type]
    assert learner.device == "cpu"
    on_torch = learner.train()
    start = LearnedNet(on_numpy.rules, 4, hidden=16)
    for name, value in on_numpy.params.items():
        assert on_torch.params[name].dtype == np.float32
        moved = np.abs(value - start.params[name]).max()
        assert moved > 1e-3, name  # both trained, by the same steps
        np.testing.assert_allclose(on_torch.params[name], value, atol=moved / 20, err_msg=name)
    assert [h["imitation"] for h in learner.history] == [1.0, 1.0, 0.0]


def test_the_torch_update_is_rerunnable_from_its_seed() -> None:
    config = LearnConfig(**CONFIG, device="cpu")  # type: ignore[arg-type]
    first, second = Learner(config).train(), Learner(config).train()
    for name, value in first.params.items():
        assert np.array_equal(second.params[name], value), name


def test_going_on_from_saved_weights_moves_them_to_the_device(tmp_path: Path) -> None:
    config = LearnConfig(**CONFIG, device="cpu")  # type: ignore[arg-type]
    saved = Learner(config).train()
    saved.save(tmp_path / "w.npz")
    learner = Learner(config)
    learner.start_from(LearnedNet.load(tmp_path / "w.npz"))
    for name, value in learner._torch.params().items():
        assert np.array_equal(value, saved.params[name]), name


def test_auto_is_a_cuda_device_when_torch_sees_one_and_numpy_otherwise() -> None:
    assert update_device("auto") == ("cuda" if torch.cuda.is_available() else None)
    assert update_device("numpy") is None
    assert update_device("cpu") == "cpu"


@pytest.mark.parametrize("name", ["cuda:99", "toaster", "meta", "hpu"])
def test_a_device_this_machine_lacks_is_refused_with_the_choices(name: str) -> None:
    with pytest.raises(
        ValueError, match=f"device '{name}' cannot be used here.*'auto', 'numpy'"
    ) as e:
        Learner(LearnConfig(**CONFIG, device=name))  # type: ignore[arg-type]
    assert "\n" not in str(e.value) and len(str(e.value)) < 300


def test_without_pytorch_auto_is_numpy_and_a_torch_device_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "unokit.envs.learn_torch", None)  # import fails
    assert update_device("auto") is None
    with pytest.raises(ValueError, match=r"needs PyTorch \(pip install unokit\[gpu\]\)"):
        update_device("cuda")


def test_the_training_script_chooses_the_device_and_refuses_one_it_lacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = runpy.run_path(str(ROOT / "examples" / "train_learned.py"))
    out = tmp_path / "w.npz"
    args = ["--imitation", "1", "--iterations", "1", "--samples", "256", "--envs", "8",
            "--hidden", "16", "--out", str(out)]  # fmt: skip
    assert script["main"]([*args, "--device", "cpu"]) == 0
    assert "the update runs on cpu" in capsys.readouterr().out
    assert LearnedNet.load(out).meta["config"]["device"] == "cpu"
    out.unlink()
    assert script["main"]([*args, "--device", "cuda:99"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("train_learned: device 'cuda:99' cannot be used here")
    assert err.count("\n") == 1 and not out.exists()


def test_a_collector_plays_the_weights_the_torch_update_hands_back() -> None:
    config = LearnConfig(**CONFIG, device="cpu")  # type: ignore[arg-type]
    learner = Learner(config)
    learner.iteration(imitate=True)
    assert isinstance(learner.collectors[0], Collector)
    for name, value in learner._torch.params().items():
        assert np.array_equal(learner.net.params[name], value), name
        assert isinstance(learner.net.params[name], np.ndarray)
