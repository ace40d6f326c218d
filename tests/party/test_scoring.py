"""UNO Party!: winning, the alternative scoring and a match to 500
(party.txt: Winning UNO Party!, Alternative Scoring)."""

from __future__ import annotations

import pytest

from unokit import Card, Game, Match, Random, Rules
from unokit.turns import play_out, random_chooser

PARTY = Rules.preset("party")


def test_scoring_example_twelve_cards_score_302_points() -> None:
    left = ["R2", "Y4", "G7", "B9", "R+2", "GP", "BR", "YS", "W", "W+4", "WDT", "WPU"]
    game = Game.arranged(
        PARTY,
        hands=[["G5"], left[:4], left[4:8], left[8:]],
        discard=["G3"],
        draw=["B1", "B2"],
    )
    game.apply("play G5")
    assert game.over and game.winner == 0
    assert game.round_points() == [302, 0, 0, 0]


def test_numbers_score_face_value_action_cards_20_and_wilds_50() -> None:
    value = PARTY.card_points
    assert [value(Card.parse(c)) for c in ("R0", "Y5", "G9")] == [0, 5, 9]
    assert {value(Card.parse(c)) for c in ("B+2", "GP", "RR", "YS")} == {20}
    assert {value(Card.parse(c)) for c in ("W", "W+4", "WDT", "WPU")} == {50}


def test_the_round_winner_scores_every_card_left_in_the_other_hands() -> None:
    game = Game.arranged(
        PARTY,
        hands=[["G1", "B3"], ["G5"], ["YP", "R9"]],
        discard=["G3"],
        draw=["B1", "B2"],
        to_play=1,
    )
    game.apply("play G5")
    assert game.round_points() == [0, 1 + 3 + 20 + 9, 0]


def test_the_one_round_game_ends_the_match_after_one_round() -> None:
    match = Match(Rules.preset("party", scoring="none"), players=6, seed=3)
    for _ in play_out(match.game, random_chooser(Random(3), 0.3)):
        pass
    assert match.over and match.winner == match.game.winner is not None
    assert match.scores == [0] * 6


def test_a_match_ends_when_a_player_reaches_500_and_the_highest_total_wins() -> None:
    match = Match(PARTY, players=6, seed=8)  # a match of three rounds, two seats scoring
    rng = Random(8)
    rounds = 0
    while True:
        before = match.scores
        for _ in play_out(match.game, random_chooser(rng, 0.3)):
            pass
        rounds += 1
        after = match.scores
        winner = match.game.winner
        # only the round's winner scores, so nobody else's total moves
        assert all(after[s] == before[s] for s in range(6) if s != winner)
        if match.over:
            break
        assert max(after) < 500
        match.next_round()
    assert rounds == 3 and sum(1 for x in match.scores if x) == 2
    assert match.winner is not None and match.scores[match.winner] >= 500
    assert match.scores[match.winner] == max(match.scores)
    assert sorted(match.scores).count(max(match.scores)) == 1
    again = Match.replay(match.record())
    assert again.scores == match.scores and again.winner == match.winner


def test_party_refuses_scorings_its_sheet_does_not_have() -> None:
    for scoring in ("lowest", "elimination"):
        with pytest.raises(ValueError, match="scoring"):
            Rules.preset("party", scoring=scoring)
