"""The ``unokit`` command line: one module a command, and the conventions they share.

``main`` is the ``unokit`` program (the console script ``unokit.cli:main``). The commands
that need an optional extra (``play``, ``simulate``, ``serve``) are imported only when they
are asked for, so ``unokit demo`` starts fast and runs without the extras installed.
``unokit.cli.tools`` holds the conventions every command follows: an error is one line and
an exit status.
"""

from __future__ import annotations

from unokit.cli.app import main

__all__ = ["main"]
