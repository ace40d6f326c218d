"""The action codec: a fixed numbering that round-trips for every action of every preset."""

from __future__ import annotations

import pytest

from unokit import Action, Rules
from unokit.envs import LET_GO, ActionCodec

from .cases import max_players, presets


@pytest.mark.parametrize("preset", presets())
def test_codec_round_trips_every_action_of_every_preset(preset: str) -> None:
    rules = Rules.preset(preset)
    for players in range(rules.min_players, max_players(preset) + 1):
        codec = ActionCodec(rules, players)
        assert codec.decode(LET_GO) is None
        assert codec.encode(None) == LET_GO
        seen = set()
        for number in range(codec.size):
            action = codec.decode(number)
            assert codec.encode(action) == number
            if action is not None:
                text = str(action)
                assert Action.parse(text) == action, text
                assert codec.encode(text) == number
                seen.add(action)
        assert len(seen) == codec.size - 1


@pytest.mark.parametrize(
    "switches", [{}, {"seven_o": True}, {"jump_in": True}, {"stacking": True, "jump_in": True}]
)
def test_codec_round_trips_with_every_switch(switches: dict[str, bool]) -> None:
    for preset in ("mattel-2021", "mattel-2015", "mattel-2003"):
        codec = ActionCodec(Rules.preset(preset, **switches), 4)
        for number in range(codec.size):
            assert codec.encode(codec.decode(number)) == number


def test_codec_numbering_is_fixed() -> None:
    """The documented layout of mattel-2021 at 4 players (docs/envs.md): a trained
    network's outputs keep their meaning across versions."""
    codec = ActionCodec(Rules.preset("mattel-2021"), 4)
    assert codec.size == 150
    assert codec.decode(1) == Action.parse("play R0")
    assert codec.decode(2) == Action.parse("play R0 uno")
    assert codec.encode("play W G") == 109
    assert codec.encode("play W+4 B uno") == 120
    assert codec.encode("draw") == 137
    assert codec.encode("uno") == 145
    assert [str(codec.decode(n)) for n in range(codec.size - 4, codec.size)] == [
        "catch 0",
        "catch 1",
        "catch 2",
        "catch 3",
    ]


def test_codec_depends_on_switches_and_players() -> None:
    plain = ActionCodec(Rules.preset("mattel-2021"), 4)
    seven_o = ActionCodec(Rules.preset("mattel-2021", seven_o=True), 4)
    jump = ActionCodec(Rules.preset("mattel-2021", jump_in=True), 4)
    assert seven_o.size == plain.size + 4  # swap 0..3
    assert jump.size == plain.size + 52 * 2  # jump every coloured card, uno off and on
    assert ActionCodec(Rules.preset("mattel-2021"), 10).size == plain.size + 6
    # mattel-2015's Wild Swap Hands needs a target: swap is in its space without Seven-O
    assert any(
        a is not None and a.kind == "swap"
        for a in ActionCodec(Rules.preset("mattel-2015"), 4).actions
    )


def test_codec_refuses_what_is_not_in_the_preset() -> None:
    codec = ActionCodec(Rules.preset("mattel-2021"), 4)
    with pytest.raises(ValueError, match="not an action of mattel-2021"):
        codec.encode("catch 7")
    with pytest.raises(ValueError, match="not an action of mattel-2021"):
        codec.encode("swap 1")
    with pytest.raises(ValueError, match="not an action number"):
        codec.decode(codec.size)
    with pytest.raises(ValueError, match="not an action number"):
        codec.decode(-1)
