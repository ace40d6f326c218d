"""The engine's core is compiled by mypyc (setup.py), or plain Python when asked to be."""

from __future__ import annotations

import importlib
import os
from pathlib import Path

import pytest

CORE = (
    "cards",
    "actions",
    "events",
    "rng",
    "game",
    "fast.policy",
    "bots.knowledge",
    "bots.playout",
)


@pytest.mark.parametrize("name", CORE)
def test_the_core_is_compiled_unless_installed_as_plain_python(name: str) -> None:
    module = importlib.import_module(f"unokit.{name}")
    assert module.__file__ is not None
    pure = os.environ.get("UNOKIT_PURE", "") not in ("", "0")
    assert module.__file__.endswith(".py") == pure, module.__file__


def test_setup_compiles_exactly_the_core() -> None:
    setup = (Path(__file__).parent.parent / "setup.py").read_text()
    listed = {line.strip().strip('",') for line in setup.splitlines() if "src/unokit/" in line}
    assert listed == {f"src/unokit/{name.replace('.', '/')}.py" for name in CORE}
