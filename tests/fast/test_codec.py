"""The fast path's action numbers, rule check and lazy import (no numba needed)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from unokit import Action, Card, Rules
from unokit.fast import HOUSE, decode_action, encode_action, flags_for
from unokit.fast.layout import CATCH, NUM_ACTIONS, NUM_ACTIONS_UNO, PLAY_UNO, UNO


def test_every_action_number_round_trips_through_its_action() -> None:
    for number in range(NUM_ACTIONS):
        action = decode_action(number)
        card = action.card
        if card is not None and card.kind.name in ("DISCARD_TWO", "POINT_TAKEN"):
            continue  # numbers kept for the card order; those cards are not in the deck
        assert encode_action(action) == number
        assert encode_action(Action.parse(str(action))) == number


def test_card_numbers_are_the_card_index() -> None:
    for card in Card.all()[:60]:
        assert encode_action(Action.play(card)) == card.index


def test_the_fast_path_plays_mattel_2021_and_its_three_house_rules_only() -> None:
    assert flags_for(Rules.preset("mattel-2021")) == 0
    assert flags_for(HOUSE) == 7
    assert flags_for(HOUSE, uno_calls=True) == 15
    assert flags_for(Rules.preset("mattel-2021", target=200)) == 0
    for rules in (
        Rules.preset("mattel-2015"),
        Rules.preset("mattel-2021", jump_in=True),
        Rules.preset("mattel-2021", scoring="lowest"),
    ):
        with pytest.raises(ValueError, match="fast path plays mattel-2021"):
            flags_for(rules)


def test_unknown_numbers_and_out_of_turn_actions_are_refused() -> None:
    with pytest.raises(ValueError):
        decode_action(NUM_ACTIONS_UNO)
    with pytest.raises(ValueError, match="FLAG_UNO_CALLS"):
        encode_action(Action.parse("catch 2"))
    with pytest.raises(ValueError, match="FLAG_UNO_CALLS"):
        encode_action(Action.parse("uno"))
    assert encode_action(Action.parse("catch 2"), calls=True) == CATCH + 2
    assert encode_action(Action.parse("uno"), calls=True) == UNO
    assert encode_action(Action.parse("play R5 uno"), calls=True) == PLAY_UNO + 5
    assert encode_action(Action.parse("play R5 uno")) == 5  # Uno implied without the flag
    with pytest.raises(ValueError):
        encode_action(Action("play", card=Card.parse("W")))


def test_unokit_fast_imports_without_numba() -> None:
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('numba', 'numpy'):\n"
        "            raise ModuleNotFoundError(name, name=name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "import unokit.fast as f\n"
        "assert f.encode_action(f.decode_action(80)) == 80\n"
        "from unokit import Rules\n"
        "assert f.play_random_game(Rules.preset(), 4, 1).actions > 0\n"
        "try:\n"
        "    f.FastGame\n"
        "except ImportError as err:\n"
        "    assert \"'fast' extra\" in str(err)\n"
        "    print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
