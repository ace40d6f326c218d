"""JSON read strictly: ``NaN``, ``Infinity``, numbers beyond a float and lone surrogates are
refused as malformed, since no answer could render them. Free of the web framework, so a
replay process parses with the same rules as the server's routes."""

from __future__ import annotations

import json
import math
from typing import Any

__all__ = ["NotJsonError", "no_surrogates", "strict_loads"]


class NotJsonError(json.JSONDecodeError):
    """Text that JSON, read strictly, does not allow."""


def _no_constant(_name: str) -> float:
    raise NotJsonError("NaN and Infinity are not numbers JSON allows", "", 0)


def _finite(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise NotJsonError("a number too large", "", 0)
    return value


def no_surrogates(value: Any) -> None:
    """Refuse a lone surrogate (``"\\ud800"``) anywhere: no text encoding can hold it."""
    try:
        json.dumps(value, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        raise NotJsonError("text with a lone surrogate (not a character)", "", 0) from None


def strict_loads(body: bytes | str) -> Any:
    """``body`` parsed, or ``json.JSONDecodeError`` (``UnicodeDecodeError`` for bytes that
    are not UTF-8, ``RecursionError`` for nesting deeper than the parser goes)."""
    value = json.loads(body, parse_constant=_no_constant, parse_float=_finite)
    no_surrogates(value)
    return value
