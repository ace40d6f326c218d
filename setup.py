"""Compile the classic engine's inner loop with mypyc (the project's metadata is pyproject.toml).

The modules below are ordinary typed Python; mypyc turns them into C extensions that run the
same code about 4.5 times as fast (docs/performance.md); compiling the search bot's playout
policy and hand model makes its decisions about 1.65 times as fast. ``UNOKIT_PURE=1`` at
install time skips the compilation: everything then runs as plain Python, with the same
results.
"""

from __future__ import annotations

import os

from setuptools import setup

COMPILED = [
    "src/unokit/cards.py",
    "src/unokit/actions.py",
    "src/unokit/events.py",
    "src/unokit/rng.py",
    "src/unokit/game.py",
    "src/unokit/fast/policy.py",
    "src/unokit/bots/knowledge.py",
    "src/unokit/bots/playout.py",
]
# The build's own environment has no numpy or numba: modules outside the list are read, not
# checked (``mypy --strict`` checks the whole package in the test suite).
MYPY_FLAGS = ["--follow-imports=silent", "--ignore-missing-imports"]


def ext_modules() -> list[object]:
    if os.environ.get("UNOKIT_PURE", "") not in ("", "0"):
        return []
    from mypyc.build import mypycify

    return list(mypycify([*MYPY_FLAGS, *COMPILED], opt_level="3", group_name="unokit"))


setup(ext_modules=ext_modules())
