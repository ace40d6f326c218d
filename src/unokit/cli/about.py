"""What this installation of unokit is: its version, and whether its engine core is compiled.

Installing compiles the engine's core with mypyc (setup.py); where that cannot be done, or
``UNOKIT_PURE=1`` asks it not to be, the same modules run as plain Python. ``unokit
--version`` prints ``version_line()``.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import platform

from unokit import __version__

__all__ = ["CORE", "core_build", "version_line"]

CORE = (
    "unokit.cards",
    "unokit.actions",
    "unokit.events",
    "unokit.rng",
    "unokit.game",
    "unokit.tripleplay.unit",
    "unokit.tripleplay.game",
    "unokit.party.game",
    "unokit.fast.policy",
    "unokit.bots.knowledge",
    "unokit.bots.playout",
)
"""The modules setup.py compiles."""


def core_build() -> str:
    """``"compiled"`` when every module of the core is a C extension, else ``"plain Python"``."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    for name in CORE:
        path = importlib.import_module(name).__file__
        if path is None or not path.endswith(suffixes):
            return "plain Python"
    return "compiled"


def version_line() -> str:
    """``unokit 0.1.0 (compiled, CPython 3.11.7)``: what ``unokit --version`` prints."""
    python = f"{platform.python_implementation()} {platform.python_version()}"
    return f"unokit {__version__} ({core_build()}, {python})"
