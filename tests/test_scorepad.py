"""The score pad: its points, totals and match ends are the engine's, over matches the engine
plays (every edition, every scoring mode), and its records read back or are refused."""

from __future__ import annotations

import copy
import json
import zlib
from collections import Counter
from typing import Any

import pytest

from unokit import Match, RecordError, Rules
from unokit.bots import make_bot, play_game
from unokit.game import Game
from unokit.rng import Random
from unokit.scorepad import MODES, Pad, PadRound, kinds, mode_rules, scoring_data

EDITIONS = ("mattel-2021", "mattel-2015", "mattel-2003", "triple-play", "party")


def _allowed(edition: str, mode: str) -> bool:
    try:
        mode_rules(edition, mode, 500)
    except ValueError:
        return False
    return True


CASES = [(e, m) for e in EDITIONS for m in MODES if _allowed(e, m)]


def hands_of(game: Game) -> list[dict[str, int]]:
    """Each seat's cards left, as the table would count them: kind -> count."""
    return [dict(Counter(c.symbol for c in game.hand(s))) for s in range(game.players)]


def play_match(pad: Pad, match: Match, rng: Random) -> int:
    """Play ``match`` to its end with bots, entering every round on ``pad`` and checking the
    pad against the engine after each one; the number of rounds."""
    rounds = 0
    while True:
        game = match.game
        bots = [
            make_bot("greedy" if rng.below(3) else "random", seed=rng.below(10**6))
            for _ in range(match.players)
        ]
        play_game(game, bots)
        rounds += 1
        points = pad.add(game.winner, hands_of(game))
        assert points == game.round_points()
        st = pad.standing()
        assert st.totals == match.scores
        assert (st.over, st.winner, st.eliminated) == (match.over, match.winner, match.eliminated)
        if match.over:
            with pytest.raises(ValueError, match="the match is over"):
                pad.add(game.winner, hands_of(game))
            return rounds
        match.next_round()


@pytest.mark.parametrize(("edition", "mode"), CASES)
def test_the_pad_scores_as_the_engine_over_played_matches(edition: str, mode: str) -> None:
    rng = Random(zlib.crc32(f"{edition}/{mode}".encode()))
    rounds = 0
    matches = 0
    while rounds < 250:
        low, high = Rules.preset(edition).min_players, min(Rules.preset(edition).max_players, 8)
        players = 4 if mode == "partners" else low + rng.below(high - low + 1)
        target = 1 + rng.below(400)
        wilds = None
        if edition in ("mattel-2021", "mattel-2015") and rng.below(2):  # the newer wilds
            wilds = 40 + 10 * rng.below(2)
        pad = Pad(edition, mode, target, [f"P{i}" for i in range(players)], wilds)
        rules = mode_rules(edition, mode, target, wilds)
        rounds += play_match(pad, Match(rules, players=players, seed=rng.next64()), rng)
        matches += 1
        assert Pad.from_record(json.loads(json.dumps(pad.record()))).record() == pad.record()
    assert matches > 1


def test_kinds_take_their_points_from_the_engine() -> None:
    for edition in EDITIONS:
        rules = Rules.preset(edition)
        table = {k: p for k, _, p, _ in kinds(rules)}
        for card in rules.deck():
            assert table[card.symbol] == rules.card_points(card)
        assert sum(n for *_, n in kinds(rules)) == len(rules.deck())


def test_newer_wilds_at_40_or_50() -> None:
    assert Pad("mattel-2021", "winner", 500, ["A", "B"]).values["WSH"] == 50
    assert Pad("mattel-2021", "winner", 500, ["A", "B"], 40).values["WSH"] == 40
    assert Pad("mattel-2015", "winner", 500, ["A", "B"]).values["WSW"] == 40
    assert Pad("mattel-2015", "winner", 500, ["A", "B"], 50).values["WSW"] == 50


def test_the_sheets_example_round_scores_169() -> None:
    """'You play your last card and go out. The other three players show their hands, and
    you add up the cards. You score 169 points for the round.' (30 + 79 + 60)"""
    pad = Pad("mattel-2021", "winner", 500, ["You", "A", "B", "C"])
    left = {"7": 1, "3": 1, "S": 1}
    across = {"9": 1, "0": 1, "+2": 1, "W": 1}
    right = {"5": 2, "W+4": 1}
    assert [pad.hand_points(h) for h in (left, across, right)] == [30, 79, 60]
    assert pad.add(0, [{}, left, across, right]) == [169, 0, 0, 0]
    assert pad.standing().totals == [169, 0, 0, 0]


@pytest.mark.parametrize(
    ("out", "hands", "why"),
    [
        (0, [{"7": 1}, {}], "went out and holds no cards"),
        (1, [{"W": 5}, {}], "the deck holds 4 × Wild, not 5"),
        (1, [{"D": 1}, {}], 'has no "D" cards'),
        (1, [{"7": -1}, {}], "whole number"),
        (2, [{}, {}], "no player 2"),
        (True, [{}, {"5": 1}], "no player True"),
        (1, [{}], "a hand for each"),
    ],
)
def test_a_wrong_round_is_refused_and_changes_nothing(
    out: Any, hands: list[dict[str, int]], why: str
) -> None:
    pad = Pad("mattel-2021", "winner", 500, ["Ann", "Bob"])
    pad.add(0, [{}, {"5": 2}])
    before = pad.record()
    with pytest.raises(ValueError, match=why):
        pad.add(out, hands)
    assert pad.record() == before


def test_undo_takes_back_the_last_round() -> None:
    pad = Pad("triple-play", "winner", 100, ["Ann", "Bob"])
    pad.add(0, [{}, {"D": 2}])
    pad.add(0, [{}, {"WGA": 1}])
    assert pad.standing().over
    pad.undo()
    assert pad.standing().totals == [60, 0] and not pad.standing().over
    pad.undo()
    with pytest.raises(ValueError, match="no round to undo"):
        pad.undo()


def test_an_eliminated_player_holds_no_cards_and_cannot_go_out() -> None:
    pad = Pad("mattel-2003", "elimination", 50, ["Ann", "Bob", "Cy"])
    pad.add(0, [{}, {"W": 1}, {"5": 1}])
    assert pad.standing().eliminated == [1]
    with pytest.raises(ValueError, match="Bob is out of the match"):
        pad.add(1, [{"5": 1}, {}, {}])
    with pytest.raises(ValueError, match="Bob is out of the match and holds no cards"):
        pad.add(0, [{}, {"5": 1}, {}])


@pytest.mark.parametrize(
    ("settings", "why"),
    [
        (("party", "lowest", 500, ["A", "B"]), "scoring='lowest'"),
        (("mattel-2021", "partners", 500, ["A", "B", "C"]), "4 players"),
        (("mattel-2021", "winner", 500, ["A"]), "2 to 10 players"),
        (("mattel-2021", "winner", 500, ["A", "a"]), "same name"),
        (("mattel-2021", "winner", 0, ["A", "B"]), "target"),
        (("mattel-2021", "most", 500, ["A", "B"]), "scoring mode"),
        (("uno-1971", "winner", 500, ["A", "B"]), "unknown preset"),
    ],
)
def test_settings_no_sheet_gives_are_refused(settings: tuple[Any, ...], why: str) -> None:
    with pytest.raises(ValueError, match=why):
        Pad(*settings)


def test_a_changed_record_is_refused() -> None:
    pad = Pad("mattel-2021", "winner", 500, ["Ann", "Bob"])
    pad.add(1, [{"9": 1}, {}])
    record = pad.record()
    for key, value, why in [
        ("totals", [0, 10], "states totals"),
        ("values", {**record["values"], "9": 90}, "card values"),
        ("version", 2, "version 2"),
        ("format", "unokit.game", "not a unokit score pad"),
    ]:
        changed = copy.deepcopy(record)
        changed[key] = value
        with pytest.raises(RecordError, match=why):
            Pad.from_record(changed)
    changed = copy.deepcopy(record)
    changed["rounds"][0]["points"] = [0, 10]
    with pytest.raises(RecordError, match="round 1 states points"):
        Pad.from_record(changed)


def test_scoring_data_offers_what_the_engine_takes() -> None:
    data = scoring_data()
    for edition in data["editions"]:
        for mode in edition["modes"]:
            mode_rules(edition["edition"], mode["name"], edition["target"])
        for wilds in edition["wilds"]:
            rules = mode_rules(edition["edition"], "winner", 500, wilds["new_wild_points"])
            assert [k["points"] for k in wilds["kinds"]] == [p for _, _, p, _ in kinds(rules)]
    assert PadRound(None, ()).out is None
