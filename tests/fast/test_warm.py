"""``python -m unokit.fast.warm`` leaves nothing for a later process to compile."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("numba")

MISSES = """
import json
from numba.core.registry import CPUDispatcher
from unokit.fast import kernel, greedy, warm
from unokit.envs import fast_table, fastobs, vector
warm.main()
misses = {
    f"{module.__name__}.{name}": [str(s) for s in value.stats.cache_misses]
    for module in (kernel, greedy, fast_table, fastobs, vector)
    for name, value in vars(module).items()
    if isinstance(value, CPUDispatcher) and value.stats.cache_misses
}
print(json.dumps(misses))
"""


def test_after_the_warm_up_a_new_process_compiles_nothing() -> None:
    first = subprocess.run(
        [sys.executable, "-m", "unokit.fast.warm"],
        check=False,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert first.returncode == 0, first.stderr
    assert "compiled in" in first.stderr
    second = subprocess.run(
        [sys.executable, "-c", MISSES], check=False, capture_output=True, text=True, timeout=600
    )
    assert second.returncode == 0, second.stderr
    assert second.stdout.strip().splitlines()[-1] == "{}"
