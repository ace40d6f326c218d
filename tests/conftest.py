"""Shared test settings: hypothesis profiles (CI runs the default profile)."""

from __future__ import annotations

import os

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

    stale = []
    for name in ("cards", "actions", "events", "rng", "game", "fast.policy"):
        module = importlib.import_module(f"unokit.{name}")
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
