"""A training run of the learned bot saved whole, so that it stops and goes on exactly.

``save_run`` writes one ``.npz`` file: a JSON header (the configuration, the iterations done,
the history, Adam's step count, the random generator) and the arrays (the weights, Adam's
moments, the league's snapshots, and every collector's games in play with the decisions
whose rounds have not ended). It holds no pickle, and ``resume_run`` loads it with
``allow_pickle=False``. The ``Learner`` that ``resume_run`` makes trains on as if the run
had never stopped: bit for bit on numpy, and on the same torch device. A checkpoint is
written to a temporary name and renamed, so a run killed while saving keeps the one before.
"""

from __future__ import annotations

import json
import os
import zipfile
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from unokit.envs.learn import LearnConfig, Learner

__all__ = ["FORMAT", "resume_run", "run_notes", "save_run"]

FORMAT = "unokit-learn-run/1"


def save_run(learner: Learner, path: str | Path, **notes: Any) -> None:
    """Save ``learner``'s whole run at ``path`` (replacing it once written), with ``notes``
    (JSON values: how the run was made, say) that ``run_notes`` reads back."""
    path = Path(path)
    first, second, t = learner.adam_state()
    states = learner.collector_states()
    header = {
        "format": FORMAT,
        "config": asdict(learner.config),
        "backend": learner.backend,
        "done": learner.done,
        "adam_steps": t,
        "history": learner.history,
        "rng": learner.rng.bit_generator.state,
        "snapshots": len(learner.snapshots),
        "collectors": len(states),
        "notes": notes,
    }
    arrays: dict[str, Any] = {}  # savez takes them as keywords
    arrays |= _prefixed("net", learner.net.params)
    arrays |= _prefixed("adam_first", first) | _prefixed("adam_second", second)
    for i, snapshot in enumerate(learner.snapshots):
        arrays |= _prefixed(f"snapshot/{i}", snapshot)
    for w, state in enumerate(states):
        arrays |= _prefixed(f"collector/{w}", state)
    partial = path.with_name(path.name + ".partial")
    with open(partial, "wb") as f:
        np.savez(f, header=np.array(json.dumps(header)), **arrays)
        f.flush()
        os.fsync(f.fileno())  # on disk before it replaces the checkpoint before
    os.replace(partial, path)


def run_notes(path: str | Path) -> dict[str, Any]:
    """The ``notes`` saved with the run at ``path``."""
    notes: dict[str, Any] = _read(path)[0]["notes"]
    return notes


def resume_run(
    path: str | Path, *, device: str | None = None, iterations: int | None = None,
    backend: str | None = None,
) -> Learner:  # fmt: skip
    """The ``Learner`` that goes on with the run saved at ``path``. ``device`` moves its
    update (the rounding then differs from the saved run's device); ``iterations`` sets a new
    PPO total (to go further); ``backend`` runs its collectors locally or on Ray (as many
    workers as were saved). ``ValueError`` for a file that is no saved run."""
    header, arrays = _read(path)
    try:
        config = LearnConfig(**header["config"])
    except TypeError as error:  # a newer version's settings
        raise ValueError(f"{path} was saved with other settings: {error}") from None
    if device is not None:
        config = replace(config, device=device)
    if iterations is not None:
        trained = header["done"] - config.imitation_iterations
        if iterations < trained:
            raise ValueError(
                f"--iterations {iterations} is fewer than the {trained} PPO iterations "
                "the run has trained"
            )
        config = replace(config, iterations=iterations)
    learner = Learner(config, backend=backend or header["backend"])
    learner.set_params(_group(arrays, "net"))
    learner.load_adam_state(
        _group(arrays, "adam_first"), _group(arrays, "adam_second"), header["adam_steps"]
    )
    learner.snapshots = [_group(arrays, f"snapshot/{i}") for i in range(header["snapshots"])]
    learner.load_collector_states(
        [_group(arrays, f"collector/{w}") for w in range(header["collectors"])]
    )
    learner.rng.bit_generator.state = header["rng"]
    learner.history = header["history"]
    learner.done = header["done"]
    return learner


def _read(path: str | Path) -> tuple[dict[str, Any], dict[str, NDArray[Any]]]:
    """The header and the arrays of a saved run; ``ValueError`` for any other file."""
    try:  # the file is opened here so that it is closed when numpy refuses it
        with open(path, "rb") as f, np.load(f, allow_pickle=False) as data:
            header = json.loads(str(data["header"]))
            arrays = {k: data[k] for k in data.files if k != "header"}
    except (OSError, KeyError, ValueError, EOFError, zipfile.BadZipFile) as error:
        raise ValueError(f"{path} is not a saved training run: {error}") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise ValueError(f"{path} is not a saved training run ({FORMAT})")
    return header, arrays


def _prefixed(prefix: str, arrays: dict[str, NDArray[Any]]) -> dict[str, NDArray[Any]]:
    return {f"{prefix}/{k}": v for k, v in arrays.items()}


def _group(arrays: dict[str, NDArray[Any]], prefix: str) -> dict[str, NDArray[Any]]:
    start = prefix + "/"
    return {k[len(start) :]: v for k, v in arrays.items() if k.startswith(start)}
