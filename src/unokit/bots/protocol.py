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

__all__ = [
    "OPTION_TYPES",
    "PROTOCOL_VERSION",
    "ProtocolError",
    "check_option",
    "decide_message",
    "read_message",
    "serve",
]

PROTOCOL_VERSION = 2
"""2 added the program's options (``ready``'s ``options``, the ``option`` message), the time a
decision may take (``decide``'s ``time``) and ``ping``/``pong``; a program that answers
``ready`` with protocol 1 is spoken to as version 1 was, so old bots keep working."""

OPTION_TYPES = ("bool", "int", "float", "string", "choice")
"""The kinds of option a program may declare (``ready``'s ``options``)."""


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


def decide_message(
    decision: Decision, ident: int, history: bool = False, time: float | None = None
) -> dict[str, Any]:
    """The ``decide`` message for ``decision``: the seat's view and its legal actions (and
    ``time``, the seconds the program has to answer, when given)."""
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
    if time is not None:
        message["time"] = time
    return message


def check_option(declared: dict[str, Any], value: Any) -> Any:
    """``value`` for the option a program declared as ``declared`` (``ValueError``: why it
    does not fit). A ``choice`` lists its ``values``; numbers may have ``min`` and ``max``."""
    kind = declared.get("type")
    name = declared.get("name")
    if kind == "bool":
        if not isinstance(value, bool):
            raise ValueError(f"option {name!r} is true or false, not {value!r}")
    elif kind in ("int", "float"):
        number_types = (int,) if kind == "int" else (int, float)
        if isinstance(value, bool) or not isinstance(value, number_types):
            raise ValueError(f"option {name!r} is a number ({kind}), not {value!r}")
        low, high = declared.get("min"), declared.get("max")
        if (low is not None and value < low) or (high is not None and value > high):
            raise ValueError(f"option {name!r} is from {low} to {high}, not {value!r}")
    elif kind == "choice":
        values = declared.get("values") or []
        if str(value) not in [str(v) for v in values]:
            raise ValueError(f"option {name!r} is one of {', '.join(map(str, values))}")
        value = str(value)
    else:
        value = str(value)
    return value


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
        elif kind == "ping":
            _send(stdout, {"type": "pong", "id": message.get("id")})
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
