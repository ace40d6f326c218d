"""The learned bot's update on PyTorch, so that training uses a GPU when one is at hand.

The same losses and the same Adam as ``Learner``'s numpy update (imitation's cross entropy,
PPO's clipped objective with its entropy bonus, the value's squared error), differentiated
by autograd instead of by hand. Only the minibatch updates move to the device: rollouts stay
in the compiled loop on the CPU, and the weights come back to numpy after every iteration,
so the collectors, the checkpoints and the saved file are the same as without PyTorch and
load with numpy alone. ``pip install unokit[gpu]`` installs PyTorch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import torch
from numpy.typing import NDArray

if TYPE_CHECKING:
    from unokit.envs.learn import LearnConfig, Params

__all__ = ["TorchUpdate", "resolve_device"]

_BATCH_KEYS = ("x", "mask", "ret", "label", "action", "logp")


def resolve_device(name: str) -> str | None:
    """The torch device that ``LearnConfig.device`` names, or ``None`` for the numpy update.

    ``"auto"`` is CUDA when PyTorch sees a CUDA device and numpy otherwise; ``"numpy"`` is
    numpy; anything else is a torch device name (``"cuda"``, ``"cuda:1"``, ``"cpu"``,
    ``"mps"``), which must be usable here."""
    if name == "numpy":
        return None
    if name == "auto":
        return "cuda" if torch.cuda.is_available() else None
    try:
        device = torch.device(name)
        if device.type == "meta":
            raise RuntimeError("a meta device holds no numbers")
        torch.zeros(1, device=device).cpu()
    except (RuntimeError, AssertionError, ImportError, ValueError) as error:
        lines = str(error).strip().splitlines()
        reason = lines[0] if lines else type(error).__name__
        if len(reason) > 120:
            reason = reason[:117] + "..."
        raise ValueError(
            f"device {name!r} cannot be used here ({reason}); the choices are 'auto', "
            "'numpy' or a torch device that this machine has, such as 'cuda' or 'cpu'"
        ) from None
    return str(device)


class TorchUpdate:
    """The network's weights and Adam's moments on ``device``; ``begin`` moves an
    iteration's batch there once, ``step`` runs one minibatch, ``params`` reads the weights
    back as numpy."""

    def __init__(self, params: Params, device: str, config: LearnConfig) -> None:
        self.device = torch.device(device)
        self.config = config
        self.weights: dict[str, torch.Tensor] = {}
        self.optimizer: torch.optim.Adam
        self.load(params)
        self._batch: dict[str, torch.Tensor] = {}
        self._adv = torch.zeros(0)

    def load(self, params: Params) -> None:
        """Start from ``params``, with Adam's moments at zero (as the numpy update does)."""
        self.weights = {
            k: torch.tensor(np.asarray(v, dtype=np.float32), device=self.device).requires_grad_()
            for k, v in params.items()
        }
        self.optimizer = torch.optim.Adam(
            list(self.weights.values()), lr=self.config.lr, betas=(0.9, 0.999), eps=1e-8
        )

    def params(self) -> Params:
        """The weights as numpy float32 arrays."""
        return {k: v.detach().cpu().numpy().astype(np.float32) for k, v in self.weights.items()}

    def adam_state(self) -> tuple[Params, Params, int]:
        """Adam's first and second moments and its step count, as numpy (zeros before the
        first step), to save with a checkpoint."""
        first: Params = {}
        second: Params = {}
        t = 0
        for k, w in self.weights.items():
            state = self.optimizer.state.get(w, {})
            if not state:
                first[k] = second[k] = np.zeros(tuple(w.shape), dtype=np.float32)
                continue
            first[k] = state["exp_avg"].detach().cpu().numpy().astype(np.float32)
            second[k] = state["exp_avg_sq"].detach().cpu().numpy().astype(np.float32)
            t = int(state["step"])
        return first, second, t

    def load_adam_state(self, first: Params, second: Params, t: int) -> None:
        """Go on with these moments and step count (from ``adam_state``, or the numpy
        update's)."""
        self.optimizer.state.clear()
        if t == 0:
            return
        for k, w in self.weights.items():
            self.optimizer.state[w] = {
                "step": torch.tensor(float(t)),
                "exp_avg": torch.tensor(np.asarray(first[k], np.float32), device=self.device),
                "exp_avg_sq": torch.tensor(np.asarray(second[k], np.float32), device=self.device),
            }

    def begin(self, batch: dict[str, NDArray[Any]], adv: NDArray[Any]) -> None:
        """Move an iteration's batch (and its normalised advantages) to the device."""
        self._batch = {
            k: torch.from_numpy(np.ascontiguousarray(batch[k])).to(self.device) for k in _BATCH_KEYS
        }
        self._adv = torch.from_numpy(np.ascontiguousarray(adv)).to(self.device, torch.float64)

    def step(
        self, idx: NDArray[np.int64], imitate: bool, *, statistics: bool = True
    ) -> dict[str, float]:
        """One Adam step on the minibatch ``idx`` of the batch given to ``begin``; its
        statistics (each read waits for the device), or none without ``statistics``."""
        loss, stats = self._loss(idx, imitate, statistics)
        self.optimizer.zero_grad(set_to_none=True)
        loss.backward()  # type: ignore[no-untyped-call]
        self.optimizer.step()
        return stats

    def gradients(self, idx: NDArray[np.int64], imitate: bool) -> Params:
        """The loss's gradient on the minibatch ``idx``, as numpy, with no step taken."""
        loss, _ = self._loss(idx, imitate, statistics=False)
        self.optimizer.zero_grad(set_to_none=True)
        loss.backward()  # type: ignore[no-untyped-call]
        out: Params = {}
        for k, v in self.weights.items():
            assert v.grad is not None
            out[k] = v.grad.detach().cpu().numpy().astype(np.float32)
        return out

    def _loss(
        self, idx: NDArray[np.int64], imitate: bool, statistics: bool
    ) -> tuple[torch.Tensor, dict[str, float]]:
        cfg, w = self.config, self.weights
        rows = torch.from_numpy(idx).to(self.device)
        b = self._batch
        x, ret = b["x"][rows], b["ret"][rows]
        legal = b["mask"][rows] > 0
        h1 = torch.relu(x @ w["w1"] + w["b1"])
        h2 = torch.relu(h1 @ w["w2"] + w["b2"])
        logits = (h2 @ w["wp"] + w["bp"]).double()
        value = (h2 @ w["wv"] + w["bv"])[:, 0]
        logp_all = torch.log_softmax(logits.masked_fill(~legal, float("-inf")), dim=1)
        logp_all = torch.where(legal, logp_all, torch.zeros_like(logp_all))
        probs = logp_all.exp() * legal
        entropy = -(probs * logp_all).sum(dim=1)
        shown: dict[str, torch.Tensor] = {"entropy": entropy.mean()}
        if imitate:
            label = b["label"][rows].long()
            policy = -logp_all.gather(1, label[:, None])[:, 0].mean()
            shown["imitation_loss"] = policy
            shown["agreement"] = (probs.argmax(dim=1) == label).double().mean()
        else:
            action = b["action"][rows].long()
            adv = self._adv[rows]
            ratio = torch.exp(logp_all.gather(1, action[:, None])[:, 0] - b["logp"][rows])
            clipped = ratio.clamp(1 - cfg.clip, 1 + cfg.clip)
            # The clipped side carries no gradient, as in the numpy update.
            active = ratio * adv <= clipped * adv
            surrogate = torch.where(active, ratio * adv, (clipped * adv).detach())
            policy = -surrogate.mean() - cfg.entropy_coef * entropy.mean()
            shown["policy_loss"] = -torch.minimum(ratio * adv, clipped * adv).mean()
        value_loss = ((value - ret) ** 2).mean()
        shown["value_loss"] = value_loss
        stats = {k: float(v.detach()) for k, v in shown.items()} if statistics else {}
        return policy + cfg.value_coef * value_loss, stats
