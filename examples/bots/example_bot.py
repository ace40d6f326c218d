#!/usr/bin/env python3
"""A tiny unokit bot as a separate program, using nothing but the standard library.

It speaks the external-bot protocol (docs/protocol.md): JSON lines on stdin and stdout.
Seat it with ``make_bot("external:command=python3 examples/bots/example_bot.py")``.
Strategy: say Uno and catch at once, play the first card that plays, otherwise draw. Its one
option, ``catch`` (true by default), says whether it catches others:
``external:command=python3 examples/bots/example_bot.py,catch=false``.
"""

import json
import sys

OPTIONS = [{"name": "catch", "type": "bool", "default": True}]
settings = {"catch": True}


def choose(message):
    legal = message["legal"]
    # message["time"]: the seconds this answer may take (protocol 2); this bot needs none
    for action in legal:
        if action == "uno" or (settings["catch"] and action.startswith("catch ")):
            return action
    if message["optional"]:
        return None  # let other out-of-turn offers go
    plays = [a for a in legal if a.startswith("play ")]
    if plays:
        return plays[-1]  # the last play listed says Uno when it can
    return "draw" if "draw" in legal else legal[0]


for line in sys.stdin:
    if not line.strip():
        continue
    message = json.loads(line)
    if message["type"] == "hello":
        answer = {"type": "ready", "name": "example-py", "protocol": 2, "options": OPTIONS}
    elif message["type"] == "option":
        settings[message["name"]] = message["value"]
        continue
    elif message["type"] == "ping":
        answer = {"type": "pong", "id": message["id"]}
    elif message["type"] == "decide":
        answer = {"type": "action", "id": message["id"], "action": choose(message)}
    elif message["type"] == "quit":
        break
    else:  # "rules" and anything newer need no answer
        continue
    print(json.dumps(answer), flush=True)
