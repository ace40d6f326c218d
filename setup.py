"""Compile the engines' inner loop with mypyc (the project's metadata is pyproject.toml).

The modules below are ordinary typed Python; mypyc turns them into C extensions that run the
same code about 4.5 times as fast (docs/performance.md); the variant engines (Triple Play and
Party!) are native subclasses of the classic ``Game``, so their overrides are C calls too;
compiling the search bot's playout policy and hand model makes its decisions about 1.65
times as fast.

Where they cannot be compiled (no C compiler or no Python headers, an interpreter other than
CPython, a failed build) unokit installs as plain Python, with the same results, and says so
once: a warning here (``pip install -v`` shows it) and ``unokit --version`` ("plain Python").
``UNOKIT_PURE=1`` at install time skips the compilation on purpose.
"""

from __future__ import annotations

import os
import platform
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

COMPILED = [
    "src/unokit/cards.py",
    "src/unokit/actions.py",
    "src/unokit/events.py",
    "src/unokit/rng.py",
    "src/unokit/game.py",
    "src/unokit/tripleplay/unit.py",
    "src/unokit/tripleplay/game.py",
    "src/unokit/party/game.py",
    "src/unokit/fast/policy.py",
    "src/unokit/bots/knowledge.py",
    "src/unokit/bots/playout.py",
]
# The build's own environment has no numpy or numba: modules outside the list are read, not
# checked (``mypy --strict`` checks the whole package in the test suite).
MYPY_FLAGS = ["--follow-imports=silent", "--ignore-missing-imports"]
# The commands that build extensions; the others (metadata, the sdist) need no compiler.
BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}
PLAIN = "the engine's core is installed as plain Python (the same results, about 4.5x slower)"


def warn(reason: str) -> None:
    print(f"WARNING: unokit: {reason}: {PLAIN}", file=sys.stderr, flush=True)


def cannot_compile() -> str | None:
    """Why C extensions cannot be built here, or None when a test compilation succeeds."""
    if platform.python_implementation() != "CPython":
        return f"mypyc compiles for CPython only, not {platform.python_implementation()}"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "the Python headers (Python.h) are missing"
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler

    compiler: Any = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp, "probe.c")
        source.write_text("#include <Python.h>\nint unokit_probe(void) { return 0; }\n")
        try:
            compiler.compile(
                [str(source)], output_dir=tmp, include_dirs=[sysconfig.get_paths()["include"]]
            )
        except Exception as err:
            return f"no working C compiler ({str(err).strip() or type(err).__name__})"
    return None


class BuildCore(build_ext):
    """Build the compiled core, or nothing at all: one failed module falls back to plain Python
    for every module (the compiled modules share one library)."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as err:
            for ext in self.extensions:
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
            warn(f"compiling failed ({err})")


def ext_modules() -> list[Any]:
    if os.environ.get("UNOKIT_PURE", "") not in ("", "0") or not BUILDS & set(sys.argv[1:]):
        return []
    reason = cannot_compile()
    if reason is not None:
        warn(reason)
        return []
    from mypyc.build import mypycify

    return list(mypycify([*MYPY_FLAGS, *COMPILED], opt_level="3", group_name="unokit"))


setup(ext_modules=ext_modules(), cmdclass={"build_ext": BuildCore})
