"""Frames as JSON text, encoded by orjson: the server encodes several frames an action for
every table (each seat's state, the table's public part, the acknowledgement), and orjson
does it about ten times faster than the standard library (docs/performance.md)."""

from __future__ import annotations

import json
from typing import Any

import orjson

__all__ = ["dumps"]


def dumps(value: Any) -> str:
    """Compact JSON text of ``value``; what orjson refuses (an integer past 64 bits) is
    encoded by the standard library instead."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(value, separators=(",", ":"))
