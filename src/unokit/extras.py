"""Which optional extra brings which library, so a missing one is named in one line.

``pip install unokit`` installs the engine, the bots that need nothing more and the commands
``demo``, ``replay``, ``presets``, ``bots``, ``score``; everything else imports its library
only where it is used and, without it, says which extra to install (``missing_extra``).
"""

from __future__ import annotations

import importlib
from typing import Final

__all__ = ["EXTRA_OF", "install_hint", "missing_extra", "require"]

EXTRA_OF: Final = {
    "numpy": "fast",
    "numba": "fast",
    "rich": "sim",
    "matplotlib": "sim",
    "openskill": "sim",
    "ray": "ray",
    "textual": "tui",
    "fastapi": "server",
    "starlette": "server",
    "uvicorn": "server",
    "websockets": "server",
    "orjson": "server",
    "sqlalchemy": "server",
    "alembic": "server",
    "psycopg": "server",
    "redis": "server",
    "platformdirs": "server",
    "gymnasium": "envs",
    "pettingzoo": "envs",
    "torch": "gpu",
}
"""Top-level module -> the extra of pyproject.toml that installs it."""


def install_hint(extra: str) -> str:
    """How to install ``extra``, from a clone or from the package index."""
    return f"pip install 'unokit[{extra}]' (or pip install -e '.[{extra}]' in a clone of unokit)"


def missing_extra(err: ModuleNotFoundError) -> str | None:
    """The extra that would have brought the module ``err`` misses, or ``None`` when that
    module is no optional dependency of unokit."""
    name = (err.name or "").split(".", 1)[0]
    return EXTRA_OF.get(name)


def require(module: str, what: str) -> None:
    """``ValueError`` saying that ``what`` needs ``module`` and the extra that brings it,
    when ``module`` is not installed."""
    try:
        importlib.import_module(module)
    except ModuleNotFoundError:
        extra = EXTRA_OF[module]
        raise ValueError(
            f"{what} needs {module}, which the {extra!r} extra installs: " + install_hint(extra)
        ) from None
