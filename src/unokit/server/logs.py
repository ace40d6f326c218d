"""Structured logs: one JSON object a line, with the table and seat as fields; on a terminal
the same fields as plain lines, for a person to read.

Log lines name actions only once they are public (an accepted play); a refused action logs
its kind, never its cards, so the log shows no card a seat may not see. Seat tokens in
request lines are replaced by ``[hidden]``.
"""

from __future__ import annotations

import json
import logging
import re
import sys
import time
from typing import Any
from urllib.parse import unquote

__all__ = ["LOG_FORMATS", "JsonFormatter", "PlainFormatter", "setup_logging"]

LOG_FORMATS = ("auto", "plain", "json")
"""``--log-format``: auto is plain on a terminal, JSON otherwise (a file, a log collector)."""

_PARAM = re.compile(r"([?&;]|\b)([^=&?;\s\"']+)=([^&;\s\"']*)")
"""A ``name=value`` pair in a request line or a message."""


def _redact(text: str) -> str:
    """Hide the value of every parameter whose name, percent-decoded, mentions a token
    (``token=``, ``%74oken=``): the server refuses tokens in URLs, and never logs one."""

    def hide(m: re.Match[str]) -> str:
        if "token" in unquote(m.group(2)).lower():
            return f"{m.group(1)}{m.group(2)}=[hidden]"
        return m.group(0)

    return _PARAM.sub(hide, text)


_STANDARD = set(vars(logging.makeLogRecord({}))) | {
    "message",
    "asctime",
    "taskName",
    "color_message",
}


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "ts": round(record.created, 3),
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": _redact(record.getMessage()),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD:
                out[key] = _redact(value) if isinstance(value, str) else value
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, default=str)


class PlainFormatter(logging.Formatter):
    """``12:03:04 info  unokit.table: joined  table=ab12 seat=1``: a line a person reads,
    the same fields (and the same redaction) as the JSON lines."""

    def format(self, record: logging.LogRecord) -> str:
        clock = time.strftime("%H:%M:%S", time.localtime(record.created))
        extra = " ".join(
            f"{key}={_redact(value) if isinstance(value, str) else value}"
            for key, value in vars(record).items()
            if key not in _STANDARD
        )
        line = f"{clock} {record.levelname.lower():<7} {record.name}: "
        line += _redact(record.getMessage()) + (f"  {extra}" if extra else "")
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line


def setup_logging(level: str = "info", fmt: str = "json") -> None:
    """Send every log line to standard error as ``fmt`` says (``auto``: plain on a
    terminal, JSON otherwise)."""
    handler = logging.StreamHandler()
    plain = fmt == "plain" or (fmt == "auto" and sys.stderr.isatty())
    handler.setFormatter(PlainFormatter() if plain else JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    logging.getLogger("alembic").setLevel(max(logging.WARNING, root.level))
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).handlers[:] = []
        logging.getLogger(name).propagate = True
