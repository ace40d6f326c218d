"""Count fixtures like perft: positions and their exact legal actions, seat by seat.

The positions and the expected lists live in tests/fixtures/legal_actions.json, written by
scripts/legal_fixtures.py and reviewed by hand; a change in any list is a rules change.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = json.loads((ROOT / "tests" / "fixtures" / "legal_actions.json").read_text())

_spec = importlib.util.spec_from_file_location(
    "legal_fixtures", ROOT / "scripts" / "legal_fixtures.py"
)
assert _spec is not None and _spec.loader is not None
legal_fixtures = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(legal_fixtures)


def test_there_are_a_few_dozen_positions() -> None:
    assert len(FIXTURES) >= 30
    assert len({p["name"] for p in FIXTURES}) == len(FIXTURES)


@pytest.mark.parametrize("position", FIXTURES, ids=[p["name"] for p in FIXTURES])
def test_legal_actions_match_the_fixture(position: dict[str, Any]) -> None:
    game = legal_fixtures.build(position)
    assert game.to_play == position["then_to_play"]
    for seat, expected in position["legal"].items():
        assert [str(a) for a in game.legal_actions(int(seat))] == expected, f"seat {seat}"
