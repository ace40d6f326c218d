# ruff: noqa: E501
"""Regenerate tests/fixtures/legal_actions.json: positions with their exact legal actions.

Like chess perft files: each position is built with ``Game.arranged`` (plus a few actions),
and the file holds every seat's legal actions. Run it after a deliberate rules change and
review the diff line by line; tests/test_legal_fixtures.py checks the engine against it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from unokit import Game, Rules

OUT = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "legal_actions.json"

D = ["Y1", "B3", "R8", "G2", "Y6", "B7", "R4", "G1"]  # a draw pile for positions that need one

POSITIONS: list[dict[str, Any]] = [
    {"name": "green 5 example", "hands": [["R5", "G9", "GS", "B2", "YR", "W", "W+4"], ["B1"]],
     "discard": ["G5"], "draw": D},
    {"name": "nothing matches: draw only", "hands": [["B2", "YR"], ["B1", "R1"]],
     "discard": ["G5"], "draw": D},
    {"name": "two cards: play with or without uno", "hands": [["G9", "W"], ["B1", "R1"]],
     "discard": ["G5"], "draw": D},
    {"name": "symbol matches across colours", "hands": [["RS", "BR", "Y+2", "G3"], ["B1"]],
     "discard": ["GS"], "draw": D},
    {"name": "colour named after a wild", "hands": [["B4", "R4", "YS"], ["B1"]],
     "discard": ["G5", "W"], "color": "B", "draw": D},
    {"name": "duplicate cards listed once", "hands": [["R5", "R5", "G5", "G5"], ["B1"]],
     "discard": ["R1"], "draw": D},
    {"name": "drawn card playable: play it or pass", "hands": [["B2", "Y7"], ["R1", "R2"]],
     "discard": ["G5"], "draw": ["G7", *D], "actions": [[0, "draw"]]},
    {"name": "drawn card not playable: pass alone keeps it", "hands": [["B2", "Y7"], ["R1", "R2"]],
     "discard": ["G5"], "draw": ["B7", *D], "actions": [[0, "draw"]]},
    {"name": "drawn wild: colours or pass", "hands": [["B2", "Y7"], ["R1", "R2"]],
     "discard": ["G5"], "draw": ["W", *D], "actions": [[0, "draw"]]},
    {"name": "draw two without stacking is applied at once", "hands": [["G+2", "G1"], ["G+2", "R1"], ["B2"]],
     "discard": ["G5"], "draw": D, "actions": [[0, "play G+2"]]},
    {"name": "draw two with stacking", "switches": {"stacking": True},
     "hands": [["G+2", "G1"], ["B+2", "R1", "W+4"], ["B2"]], "discard": ["G5"], "draw": D,
     "actions": [[0, "play G+2"]]},
    {"name": "wild draw four: accept or challenge", "hands": [["W+4", "G1"], ["B+2", "R1", "W+4"], ["B2"]],
     "discard": ["G5"], "draw": D, "actions": [[0, "play W+4 R"]]},
    {"name": "wild draw four with stacking", "switches": {"stacking": True},
     "hands": [["W+4", "G1"], ["B+2", "R1", "W+4"], ["B2"]], "discard": ["G5"], "draw": D,
     "actions": [[0, "play W+4 R"]]},
    {"name": "a stacked wild draw four cannot be challenged", "switches": {"stacking": True},
     "hands": [["W+4", "G1"], ["B+2", "R1", "W+4"], ["B2", "W+4"]], "discard": ["G5"], "draw": D,
     "actions": [[0, "play W+4 R"], [1, "play W+4 Y"]]},
    {"name": "guilty challenger plays as usual", "hands": [["W+4", "G1"], ["B+2", "R1"], ["B2"]],
     "discard": ["G5"], "draw": D, "actions": [[0, "play W+4 R"], [1, "challenge"]]},
    {"name": "missed uno: anyone may catch", "hands": [["G9", "G1"], ["B1", "R1"], ["Y2", "Y3"]],
     "discard": ["G5"], "draw": D, "actions": [[0, "play G9"]]},
    {"name": "said uno: nothing to catch", "hands": [["G9", "G1"], ["B1", "R1"], ["Y2", "Y3"]],
     "discard": ["G5"], "draw": D, "actions": [[0, "play G9 uno"]]},
    {"name": "catch window closes when the next seat starts", "hands": [["G9", "G1"], ["B1", "R1"], ["Y2", "Y3"]],
     "discard": ["G5"], "draw": D, "actions": [[0, "play G9"], [1, "draw"], [1, "pass"]]},
    {"name": "seven-o: a 7 asks whom to swap with", "switches": {"seven_o": True},
     "hands": [["G7", "G1", "B1"], ["B1", "R1"], ["Y2", "Y3"]], "discard": ["G5"], "draw": D,
     "actions": [[0, "play G7"]]},
    {"name": "wild swap hands: swap follows", "preset": "mattel-2015",
     "hands": [["WSW", "G1", "B1"], ["B1", "R1"], ["Y2", "Y3"]], "discard": ["G5"], "draw": D,
     "actions": [[0, "play WSW B"]]},
    {"name": "jump-in offered to holders of the identical card", "switches": {"jump_in": True},
     "hands": [["G5", "G1"], ["G5", "R1"], ["G5"], ["B5", "R2"]], "discard": ["Y5"], "draw": D,
     "actions": [[0, "play G5"]]},
    {"name": "jump-in on a draw two: the victim may jump", "switches": {"jump_in": True},
     "hands": [["R+2", "G1"], ["R+2", "R1"], ["R+2", "B4"], ["B5", "R2"]], "discard": ["R5"], "draw": D,
     "actions": [[0, "play R+2"]]},
    {"name": "no jump on a wild", "switches": {"jump_in": True},
     "hands": [["W", "G1"], ["W", "R1"], ["B4"]], "discard": ["R5"], "draw": D,
     "actions": [[0, "play W G"]]},
    {"name": "empty piles: a seat that can play must play", "hands": [["G9", "B1"], ["B1", "R1"]],
     "discard": ["G5"], "draw": []},
    {"name": "empty piles: a seat that cannot play draws nothing", "hands": [["B1", "B2"], ["B1", "R1"]],
     "discard": ["G5"], "draw": []},
    {"name": "customizable draw three", "switches": {"custom_rule": "draw_three"},
     "hands": [["WC", "G1"], ["B1", "R1"], ["Y2"]], "discard": ["G5"], "draw": D,
     "actions": [[0, "play WC Y"]]},
    {"name": "customizable extra turn", "switches": {"custom_rule": "extra_turn"},
     "hands": [["WC", "G1", "Y8"], ["B1", "R1"], ["Y2"]], "discard": ["G5"], "draw": D,
     "actions": [[0, "play WC Y"]]},
    {"name": "two players: a reverse plays again", "hands": [["GR", "G1", "Y8"], ["B1", "R1"]],
     "discard": ["G5"], "draw": D, "actions": [[0, "play GR"]]},
    {"name": "two players, reverse rule off", "switches": {"two_player_reverse_skip": False},
     "hands": [["GR", "G1", "Y8"], ["B1", "R1"]], "discard": ["G5"], "draw": D, "actions": [[0, "play GR"]]},
    {"name": "draw to match keeps drawing", "switches": {"draw_to_match": True},
     "hands": [["B2", "Y7"], ["R1", "R2"]], "discard": ["G5"], "draw": ["Y1", "B3", "G8", *D],
     "actions": [[0, "draw"]]},
    {"name": "round over: nothing is legal", "hands": [["G9"], ["B1", "R1"]],
     "discard": ["G5"], "draw": D, "actions": [[0, "play G9"]]},
]  # fmt: skip


def build(spec: dict[str, Any]) -> Game:
    rules = Rules.preset(spec.get("preset", "mattel-2021"), **spec.get("switches", {}))
    game = Game.arranged(
        rules,
        hands=spec["hands"],
        discard=spec["discard"],
        draw=spec.get("draw", []),
        to_play=spec.get("to_play", 0),
        color=spec.get("color"),
    )
    for seat, action in spec.get("actions", []):
        game.apply(action, seat)
    return game


def expected(spec: dict[str, Any]) -> dict[str, Any]:
    game = build(spec)
    return {
        **spec,
        "then_to_play": game.to_play,
        "legal": {str(s): [str(a) for a in game.legal_actions(s)] for s in range(game.players)},
    }


if __name__ == "__main__":
    OUT.write_text(json.dumps([expected(s) for s in POSITIONS], indent=1) + "\n")
    print(f"wrote {len(POSITIONS)} positions to {OUT}")
