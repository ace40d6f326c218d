"""Shared test settings: hypothesis profiles (CI runs the default profile), and a refusal to
run on compiled modules older than their sources."""

from __future__ import annotations

import os
import re
from pathlib import Path

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.register_profile(
    "thorough",
    deadline=None,
    max_examples=1000,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def _stale_compiled_modules() -> list[str]:
    """Sources edited after mypyc compiled them (setup.py): the tests would run old code."""
    import importlib

    setup = Path(__file__).resolve().parent.parent / "setup.py"
    names = re.findall(r'"src/(unokit/[\w/]+)\.py"', setup.read_text())  # its COMPILED list
    stale = []
    for name in names:
        module = importlib.import_module(name.replace("/", "."))
        compiled = module.__file__ or ""
        if compiled.endswith(".py"):
            continue
        source = compiled.split(".cpython-")[0] + ".py"
        if os.path.exists(source) and os.path.getmtime(source) > os.path.getmtime(compiled):
            stale.append(source)
    return stale


def pytest_sessionstart(session: object) -> None:
    if stale := _stale_compiled_modules():
        import pytest

        pytest.exit(
            f"compiled modules are older than {', '.join(stale)}: run scripts/setup to rebuild "
            "them (or UNOKIT_PURE=1 scripts/setup for plain Python)",
            returncode=2,
        )
