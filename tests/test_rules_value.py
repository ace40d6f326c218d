"""Rules values: presets by name, switches as keywords, refused combinations, JSON."""

from __future__ import annotations

import json

import pytest

from unokit import Card, Rules
from unokit.rules import SWITCHES


def test_presets_are_listed_with_the_default_first() -> None:
    names = Rules.presets()
    assert names[0] == "mattel-2021"
    assert {"mattel-2021", "mattel-2015", "mattel-2003"} <= set(names)
    assert Rules.preset() == Rules.preset("mattel-2021")


def test_switches_are_keywords() -> None:
    rules = Rules.preset("mattel-2021", stacking=True, seven_o=True, target=300)
    assert (rules.stacking, rules.seven_o, rules.target) == (True, True, 300)
    assert not Rules.preset("mattel-2021").stacking


def test_each_preset_sets_its_sheet() -> None:
    r21, r15, r03 = (Rules.preset(n) for n in ("mattel-2021", "mattel-2015", "mattel-2003"))
    assert (r21.first_card_effect, r15.first_card_effect, r03.first_card_effect) == (
        False,
        True,
        True,
    )
    assert (r21.wd4_wilds, r15.wd4_wilds, r03.wd4_wilds) == ("wild", "none", "none")
    assert r21.card_points(Card.parse("WSH")) == 50
    assert r15.card_points(Card.parse("WSW")) == 40
    assert r15.card_points(Card.parse("WC")) == 40
    assert r15.card_points(Card.parse("W")) == 50
    assert r03.card_points(Card.parse("R7")) == 7
    assert all(r.two_player_reverse_skip for r in (r21, r15, r03))


@pytest.mark.parametrize(
    ("preset", "switches", "words"),
    [
        ("mattel-2021", {"partners": True, "scoring": "lowest"}, "partners"),
        ("mattel-2021", {"partners": True, "scoring": "elimination"}, "partners"),
        ("mattel-2003", {"custom_rule": "extra_turn"}, "Wild Customizable"),
        ("mattel-2021", {"timer": 10}, "turn clock"),
        ("mattel-2021", {"scoring": "most"}, "scoring must be one of"),
        ("mattel-2021", {"target": 0}, "target"),
        ("mattel-2021", {"stacking": "yes"}, "True or False"),
        ("mattel-2021", {"custom_rule": "dance"}, "custom_rule"),
        ("mattel-2021", {"wd4_wilds": "some"}, "wd4_wilds"),
        ("mattel-2021", {"stackin": True}, "unknown switch"),
        ("mattel-1999", {}, "unknown preset"),
    ],
)
def test_a_combination_no_sheet_gives_meaning_to_is_refused(
    preset: str, switches: dict[str, object], words: str
) -> None:
    with pytest.raises(ValueError, match=words):
        Rules.preset(preset, **switches)


def test_rules_round_trip_through_json() -> None:
    for name in ("mattel-2021", "mattel-2015", "mattel-2003"):
        rules = Rules.preset(name, stacking=True, jump_in=True, scoring="lowest", target=250)
        text = json.dumps(rules.to_json())
        assert Rules.from_json(text) == rules
        assert Rules.from_json(json.loads(text)) == rules


def test_from_json_refuses_unknown_fields() -> None:
    data = Rules.preset().to_json()
    data["colour_blind"] = True
    with pytest.raises(ValueError, match="unknown Rules field"):
        Rules.from_json(data)


def test_every_switch_is_a_field() -> None:
    rules = Rules.preset()
    for name in SWITCHES:
        assert hasattr(rules, name)
