"""The external-bot protocol: JSON lines over a program's stdin and stdout (docs/protocol.md).

This module holds the message shapes both ends share and ``serve``, the loop that lets any
Python ``Bot`` run as an external program (``python -m unokit.bots greedy``).
"""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from unokit.actions import Action
from unokit.bots.base import Bot, Decision
from unokit.errors import IllegalAction
from unokit.events import Event
from unokit.rules import Rules

__all__ = ["PROTOCOL_VERSION", "ProtocolError", "decide_message", "read_message", "serve"]

PROTOCOL_VERSION = 1


class ProtocolError(ValueError):
    """A line that is not a message of this protocol."""


def read_message(line: str) -> dict[str, Any]:
    """One line as a message: a JSON object with a string ``type``."""
    try:
        message = json.loads(line)
    except json.JSONDecodeError as err:
        raise ProtocolError(f"not JSON ({err.msg}): {line.strip()[:200]!r}") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError(f"not a message (a JSON object with a 'type'): {line.strip()[:200]!r}")
    return message


def decide_message(decision: Decision, ident: int, history: bool = False) -> dict[str, Any]:
    """The ``decide`` message for ``decision``: the seat's view and its legal actions."""
    message: dict[str, Any] = {
        "type": "decide",
        "id": ident,
        "seat": decision.seat,
        "optional": decision.optional,
        "legal": [str(a) for a in decision.legal],
        "view": decision.view,
    }
    if history:
        message["history"] = [e.to_json() for e in decision.history]
    return message


def _send(out: TextIO, message: dict[str, Any]) -> None:
    out.write(json.dumps(message, separators=(",", ":")) + "\n")
    out.flush()


def serve(bot: Bot, name: str, stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
    """Answer the protocol on ``stdin``/``stdout`` with ``bot`` until ``quit`` or end of input.

    The decisions it rebuilds carry the view, the legal actions, the rules and (if the
    table sends it) the history, but no game: ``Decision.sample`` is not available, so a
    search bot falls back to its heuristic.
    """
    stdin = stdin if stdin is not None else sys.stdin
    stdout = stdout if stdout is not None else sys.stdout
    rules = Rules.preset()
    for line in stdin:
        if not line.strip():
            continue
        message = read_message(line)
        kind = message["type"]
        if kind == "hello":
            _send(stdout, {"type": "ready", "name": name, "protocol": PROTOCOL_VERSION})
        elif kind == "rules":
            rules = Rules.from_json(message["rules"])
        elif kind == "decide":
            legal = [Action.parse(text) for text in message["legal"]]
            events = message.get("history")
            decision = Decision.from_message(
                int(message["seat"]),
                message["view"],
                legal,
                bool(message["optional"]),
                rules=rules,
                history=None if events is None else tuple(Event.from_json(e) for e in events),
            )
            action = bot.choose(decision)
            if action is not None and action not in legal:
                raise IllegalAction(f"{bot!r} chose {action}, which is not legal")
            answer = None if action is None else str(action)
            _send(stdout, {"type": "action", "id": message["id"], "action": answer})
        elif kind == "quit":
            return
