"""Scoring and matches (sheet: OBJECT, SCORING, CHALLENGE GAME)."""

from __future__ import annotations

from collections.abc import Callable

from unokit import Card, Match, Random, Rules
from unokit.tripleplay import TriplePlayGame
from unokit.turns import play_out, random_chooser

Arrange = Callable[..., TriplePlayGame]


def test_points_numbers_face_value_reverse_skip_20_discard_two_30_wilds_50() -> None:
    """'All cards through 9: Face Value; Reverse 20 Points; Skip 20 Points; Discard 2 30
    Points; Wild 50 Points; Wild Clear 50 Points; Wild Give-Away 50 Points'."""
    rules = Rules.preset("triple-play")
    values = {code: rules.card_points(Card.parse(code)) for code in
              ("R0", "G9", "BR", "YS", "RD", "W", "WCL", "WGA")}  # fmt: skip
    assert values == {"R0": 0, "G9": 9, "BR": 20, "YS": 20, "RD": 30, "W": 50, "WCL": 50,
                      "WGA": 50}  # fmt: skip


def test_you_get_points_for_cards_left_in_opponents_hands(arrange: Arrange) -> None:
    """'When you are out of cards, you get points for cards left in opponents' hands'."""
    game = arrange([["R7"], ["GD", "Y4"], ["WCL"]])
    game.apply("play R7 @1")
    assert game.round_points() == [30 + 4 + 50, 0, 0]


def _play_match(rules: Rules, players: int, seed: int) -> Match:
    match = Match(rules, players=players, seed=seed)
    chooser = random_chooser(Random(seed), out_of_turn=0.2)
    while True:
        for _ in play_out(match.game, chooser):
            pass
        if match.over:
            return match
        match.next_round()


def test_the_first_player_to_reach_500_points_wins() -> None:
    """'Points in rounds accumulate and the first player to reach 500 points wins.'"""
    match = _play_match(Rules.preset("triple-play"), 4, 3)
    assert match.winner is not None
    assert match.scores[match.winner] >= 500
    assert sorted(match.scores)[-2] < 500
    assert all(isinstance(g, TriplePlayGame) for g in match.rounds)


def test_alternatively_the_lowest_running_total_wins() -> None:
    """'Alternatively, the game may be scored by keeping a running total of the points each
    player is caught with at the end of each hand. When one player reaches 500 points, the
    player with the lowest points is the winner.'"""
    match = _play_match(Rules.preset("triple-play", scoring="lowest"), 3, 5)
    assert max(match.scores) >= 500
    assert match.winner is not None
    assert match.scores[match.winner] == min(match.scores)


def test_challenge_game_players_reaching_the_amount_are_eliminated() -> None:
    """Challenge Game: 'As each player reaches a designated amount, we suggest 500, that
    player is eliminated from the game. When only two players are left in the game, they
    play head to head. When a player reaches or exceeds the amount designated, they lose.
    The winner of that final hand is declared the winning player of the game.'"""
    match = _play_match(Rules.preset("triple-play", scoring="elimination"), 4, 2)
    winner = match.winner
    assert winner is not None
    assert match.scores[winner] < 500
    assert len(match.eliminated) == 3
    last = match.rounds[-1]
    assert last.winner == winner
    heads = [g for g in match.rounds if len(g.active) == 2]
    assert heads and all(set(g.active) == set(heads[0].active) for g in heads)


def test_a_timer_mode_match_to_500_plays_through_match() -> None:
    """'Timer Mode is a fast-paced version of the Regular Mode': a whole match with the clock
    running out now and then, for 2 and 10 players."""
    for players in (2, 10):
        match = Match(Rules.preset("triple-play", timer=5), players=players, seed=players)
        rng = Random(players)
        timeouts = 0
        while not match.over:
            if match.game.over:
                match.next_round()
            game = match.game
            assert isinstance(game, TriplePlayGame)
            if game.clock_running and rng.below(30) == 0:
                game.apply("timeout")
                timeouts += 1
                continue
            legal = game.legal_actions()
            game.apply(legal[rng.below(len(legal))])
        assert timeouts > 0
        assert match.winner is not None and match.scores[match.winner] >= 500
        again = Match.replay(match.record())
        assert again.scores == match.scores
