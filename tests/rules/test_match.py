"""A match of rounds: choosing the dealer, the deal passing left, scoring to 500."""

from __future__ import annotations

import copy

import pytest

from unokit import Game, Match, Rules
from unokit.bots import make_bot, play_game

R = Rules.preset("mattel-2021")


def play_out(game: Game, limit: int = 20000) -> None:
    """Finish the round: play the first playable card (saying Uno), else accept, draw or pass."""
    for _ in range(limit):
        if game.over:
            return
        seat = game.to_play
        acts = [str(a) for a in game.legal_actions(seat)]
        for prefix in ("play", "color", "swap", "accept", "draw", "pass"):
            choice = [a for a in acts if a.startswith(prefix)]
            if choice:
                uno = [a for a in choice if a.endswith(" uno")]
                game.apply((uno or choice)[0], seat=seat)
                break
        else:
            raise AssertionError(f"seat {seat} has no move: {acts}")
    raise AssertionError("the round did not end")


def play_match(match: Match, rounds: int = 200) -> list[list[int]]:
    """Play the match to its end; return the scores after each round."""
    history = []
    for _ in range(rounds):
        play_out(match.game)
        history.append(match.scores)
        if match.over:
            return history
        match.next_round()
    raise AssertionError("the match did not end")


def first_player(game: Game) -> int:
    to_play = game.to_play
    assert to_play is not None
    return to_play


def test_a_dealer_is_chosen_by_drawing_cards_the_highest_number_deals_a_symbol_counts_as_0() -> (
    None
):
    seen = set()
    for seed in range(12):
        match = Match(R, players=4, seed=seed)
        dealer = (first_player(match.game) - 1) % 4  # 2021: the dealer's left plays first
        seen.add(dealer)
        # Match.dealer_draws: the cards drawn for the deal, one list per (re)draw among the tied
        draws = match.dealer_draws
        contenders = set(range(4))
        for draw in draws:
            assert {seat for seat, _ in draw} == contenders
            values = {
                seat: int(str(c)[1]) if len(str(c)) == 2 and str(c)[1].isdigit() else 0
                for seat, c in draw
            }
            best = max(values.values())
            contenders = {seat for seat, v in values.items() if v == best}
        assert contenders == {dealer}
    assert len(seen) > 1


def test_the_match_chooses_the_first_dealer_in_every_preset() -> None:
    for preset in ("mattel-2021", "mattel-2015", "mattel-2003"):
        dealers = set()
        for seed in range(12):
            match = Match(Rules.preset(preset, first_card_effect=False), players=3, seed=seed)
            dealers.add((first_player(match.game) - 1) % 3)
        assert len(dealers) > 1


def test_the_deal_passes_to_the_left_each_round() -> None:
    match = Match(R, players=4, seed=5)
    first = first_player(match.game)
    for n in range(1, 4):
        play_out(match.game)
        assert not match.over
        match.next_round()
        assert first_player(match.game) == (first + n) % 4


def test_for_another_round_shuffle_all_the_cards_and_deal_again() -> None:
    match = Match(R, players=4, seed=9)
    play_out(match.game)
    game = match.next_round()
    assert match.game is game and not game.over
    assert [len(game.hand(s)) for s in range(4)] == [7, 7, 7, 7]
    assert game.draw_size + len(game.discard) == 112 - 28


def test_after_each_round_the_points_go_to_the_player_who_went_out_and_the_other_totals_stay() -> (
    None
):
    match = Match(R, players=4, seed=3)
    totals = [0, 0, 0, 0]
    for _ in range(3):
        play_out(match.game)
        points = match.game.round_points()
        winner = match.game.winner
        assert all(p == 0 for s, p in enumerate(points) if s != winner)
        totals = [t + p for t, p in zip(totals, points, strict=True)]
        assert match.scores == totals
        if match.over:
            break
        match.next_round()


def test_the_first_player_to_500_points_wins_the_game() -> None:
    match = Match(R, players=3, seed=1)
    history = play_match(match)
    scores = history[-1]
    assert match.over and match.winner is not None
    assert scores[match.winner] >= 500
    assert all(s < 500 for seat, s in enumerate(scores) if seat != match.winner)
    assert all(max(h) < 500 for h in history[:-1])


def test_without_scoring_the_first_player_out_wins_the_match() -> None:
    match = Match(Rules.preset("mattel-2021", scoring="none"), players=4, seed=2)
    play_out(match.game)
    assert match.over and match.winner == match.game.winner and match.winner is not None
    assert match.scores == [0, 0, 0, 0]


def test_lowest_score_when_one_player_reaches_500_the_player_with_the_lowest_total_wins() -> None:
    match = Match(Rules.preset("mattel-2015", scoring="lowest"), players=4, seed=4)
    history = play_match(match)
    scores = history[-1]
    assert max(scores) >= 500
    assert all(max(h) < 500 for h in history[:-1])
    assert match.winner is not None and scores[match.winner] == min(scores)


def test_a_lowest_score_match_ends_with_a_single_lowest_total() -> None:
    for seed in range(4):
        match = Match(
            Rules.preset("mattel-2003", scoring="lowest", target=150), players=3, seed=seed
        )
        scores = play_match(match)[-1]
        assert match.winner is not None
        assert sorted(scores).count(scores[match.winner]) == 1 and scores[match.winner] == min(
            scores
        )


def test_challenge_uno_a_player_who_reaches_the_total_is_out_and_the_last_player_left_wins() -> (
    None
):
    match = Match(Rules.preset("mattel-2003", scoring="elimination"), players=4, seed=6)
    scores = play_match(match)[-1]
    assert match.winner is not None
    assert scores[match.winner] < 500
    assert all(s >= 500 for seat, s in enumerate(scores) if seat != match.winner)


def test_challenge_uno_players_who_are_out_sit_out_later_rounds_and_keep_their_seat_numbers() -> (
    None
):
    match = Match(Rules.preset("mattel-2003", scoring="elimination", target=120), players=4, seed=8)
    out: set[int] = set()
    for _ in range(200):
        game = match.game
        assert game.players == 4
        for seat in out:
            assert len(game.hand(seat)) == 0 and game.legal_actions(seat) == []
        seen_to_play = set()
        while not game.over:
            seen_to_play.add(game.to_play)
            play_out_one(game)
        assert not seen_to_play & out
        out = {s for s, total in enumerate(match.scores) if total >= 120}
        if match.over:
            break
        match.next_round()
    assert match.over and len(out) == 3


def play_out_one(game: Game) -> None:
    seat = game.to_play
    acts = [str(a) for a in game.legal_actions(seat)]
    for prefix in ("play", "color", "swap", "accept", "draw", "pass"):
        choice = [a for a in acts if a.startswith(prefix)]
        if choice:
            uno = [a for a in choice if a.endswith(" uno")]
            game.apply((uno or choice)[0], seat=seat)
            return
    raise AssertionError(f"seat {seat} has no move: {acts}")


def test_partners_both_carry_the_team_total_in_a_match() -> None:
    match = Match(Rules.preset("mattel-2021", partners=True), players=4, seed=12)
    for _ in range(3):
        play_out(match.game)
        scores = match.scores
        assert scores[0] == scores[2] and scores[1] == scores[3]
        if match.over:
            break
        match.next_round()


def test_match_scores_count_the_round_once_its_game_is_over() -> None:
    match = Match(R, players=3, seed=14)
    game = match.game
    while not game.over:
        assert match.scores == [0, 0, 0] and not match.over
        play_out_one(game)
    assert match.scores == game.round_points()
    assert sum(match.scores) > 0 or game.winner is None


def test_challenge_uno_when_2_players_are_left_they_play_head_to_head_by_the_2_player_rules() -> (
    None
):
    target = 60
    turn_kept = 0
    for seed in range(30):
        match = Match(
            Rules.preset("mattel-2003", scoring="elimination", target=target), players=4, seed=seed
        )
        while not match.over:
            game = match.game
            left = [s for s, total in enumerate(match.scores) if total < target]
            while not game.over:
                seat = game.to_play
                assert seat in left
                acts = [str(a) for a in game.legal_actions(seat)]
                plays = [
                    a
                    for a in acts
                    if a.split()[0] == "play" and a.split()[1][1:] in ("S", "R", "+2")
                ]
                if len(left) == 2 and plays and len(game.hand(seat)) > 2:
                    game.apply(plays[0], seat=seat)
                    assert game.to_play == seat, (seed, plays[0])
                    turn_kept += 1
                else:
                    play_out_one(game)
            if not match.over:
                match.next_round()
        if turn_kept >= 3:
            break
    assert turn_kept >= 3


def test_rules_combinations_no_sheet_gives_meaning_to_are_refused() -> None:
    for preset in ("mattel-2021", "mattel-2015", "mattel-2003"):
        for scoring in ("lowest", "elimination"):
            with pytest.raises(ValueError):
                Rules.preset(preset, partners=True, scoring=scoring)
        with pytest.raises(ValueError):
            Rules.preset(preset, timer=30)
    for rule in ("extra_turn", "draw_three"):
        with pytest.raises(ValueError):
            Rules.preset("mattel-2003", custom_rule=rule)
    for points in (40, 50):  # the 108-card deck has none of the newer wild cards
        with pytest.raises(ValueError, match="newer wild cards"):
            Rules.preset("mattel-2003", new_wild_points=points)
    assert Rules.preset("mattel-2021", partners=True, scoring="winner").partners is True


def test_a_round_may_be_dealt_from_its_own_seed_and_the_record_replays_it() -> None:
    match = Match(R, players=3, seed=11)
    play_out(match.game)
    game = match.next_round(seed=2**64 - 5)
    assert game.record()["origin"]["seed"] == 2**64 - 5
    assert game.view(None) == Game.new(R, players=3, seed=2**64 - 5, dealer=game.dealer).view(None)
    play_out(match.game)
    if not match.over:
        match.next_round(seed=7)
    again = Match.replay(match.record())
    assert again.record() == match.record()
    with pytest.raises(ValueError, match="seed"):
        Match(R, players=3, seed=11).next_round(seed=-1)


def test_a_record_whose_rounds_came_from_the_match_seed_still_replays() -> None:
    match = Match(R, players=3, seed=12)
    for _ in range(2):
        play_out(match.game)
        match.next_round()
    record = match.record()
    assert Match.replay(record).record() == record
    older = copy.deepcopy(record)
    for round_record in older["rounds"]:
        del round_record["origin"]["seed"]  # an older writer's round, without its seed
    assert Match.replay(older).record() == record


def _block(game: Game) -> None:
    """Hoard (every seat draws, keeps and accepts while it may), then let greedy bots play:
    some rounds that follow come back to the same position (C-DEC-49)."""
    while not game.over and not (game.draw_size == 0 and len(game.discard) <= 2):
        seat = game.to_play
        acts = game.legal_actions(seat)
        keep = [a for a in acts if a.kind in ("draw", "pass", "accept")]
        game.apply((keep or acts)[0], seat=seat)
    play_game(game, [make_bot("greedy", seed=s) for s in range(game.players)])


@pytest.mark.parametrize("scoring", ["winner", "lowest", "elimination", "none"])
def test_a_round_without_a_winner_scores_each_hand_or_nothing_and_the_match_deals_on(
    scoring: str,
) -> None:
    """C-DEC-51: nobody went out, so with ``winner`` scoring nobody scores; with ``lowest``
    and ``elimination`` 'every player adds the points left in their own hand' (a target
    above the hoarded hands' points, so that the match goes on)."""
    rules = Rules.preset("mattel-2021", scoring=scoring, target=5000)
    for seed in range(60):
        match = Match(rules, players=3, seed=seed)
        game = match.game
        _block(game)
        if game.winner is None:
            break
    else:
        raise AssertionError("no round came to a stop")
    hands = [sum(rules.card_points(c) for c in game.hand(s)) for s in range(3)]
    expected = hands if scoring in ("lowest", "elimination") else [0, 0, 0]
    assert game.round_points() == expected and match.scores == expected
    if scoring == "none":  # a match of one round: it is over, without a winner
        assert match.over and match.winner is None
        return
    assert not match.over and match.eliminated == []
    dealer = game.dealer
    nxt = match.next_round()
    assert nxt.dealer == (dealer + 1) % 3 and not nxt.over
