"""A round ends without a winner only when its position comes back (C-DEC-49).

The positions are the rules audits': with nothing left to draw but the cards the players
pass round, a Reverse answered by a Reverse, two red numbers feeding each other, Triple Play
piles that feed each other, three cards going round two seats (D1); a real deal after every
seat hoarded (drew whenever it could). Whoever plays them, greedy or random, the round ends
on the fifth time a position comes back; rounds that were called off before although they
went on to a win (F1, F2) now go on.
"""

from __future__ import annotations

import pytest

from unokit import Game, Rules
from unokit.bots import make_bot, play_game
from unokit.bots.base import Bot, decide
from unokit.game import REPEATS
from unokit.repeats import Tally, measure, play_round
from unokit.rng import Random
from unokit.tripleplay import TriplePlayGame
from unokit.turns import Chooser, play_out

PRESETS = ["mattel-2021", "mattel-2015", "mattel-2003", "triple-play", "party"]
SEATS = {"triple-play": [2, 3, 6, 10], "party": [2, 3, 6, 10, 16]}
# two cards a seat that match neither red nor a 5 or a 7, two copies of each in the deck
_FILLER = [f"{c}{n}" for c in "YGB" for n in (1, 2, 3, 4, 6, 8, 9) for _ in range(2)]


def dead_position(preset: str, seats: int) -> Game:
    """Nothing to draw; two red numbers (or, for Triple Play, a red pile over two blue
    piles) that only each other's cards match; hands that match neither."""
    hands = [_FILLER[2 * s : 2 * s + 2] for s in range(seats)]
    rules = Rules.preset(preset)
    if preset == "triple-play":
        return TriplePlayGame.arranged(
            rules, hands=hands, piles=[["R5", "R7"], ["B5"], ["B7"]], draw=[]
        )
    return Game.arranged(rules, hands=hands, discard=["R5", "R7"], draw=[])


def ended_by_repetition(game: Game) -> bool:
    last = game.log[-2]
    return (
        game.over
        and game.winner is None
        and last.type == "blocked"
        and last.reason == "repetition"
        and game.repeats == REPEATS
    )


def hoarded(rules: Rules, seats: int, seed: int) -> Game:
    """A real deal in which every seat draws (and keeps, and takes every penalty) while it
    may, until nothing is left to draw: a legal opening that leaves the round dry."""
    game = Game.new(rules, players=seats, seed=seed)
    rng = Random(seed)
    for _ in range(3000):
        if game.over:
            break
        legal = game.legal_actions()
        keep = [a for a in legal if a.kind in ("draw", "pass", "accept", "press", "take")]
        game.apply(keep[0] if keep else legal[rng.below(len(legal))])
        if game.draw_size == 0 and len(game.discard) <= 2:
            break
    return game


def chooser(bots: list[Bot]) -> Chooser:
    return lambda game, seat, _, optional: bots[seat].choose(decide(game, seat, optional))


@pytest.mark.parametrize("bot", ["greedy", "random"])
@pytest.mark.parametrize(
    ("preset", "seats"),
    [(p, n) for p in PRESETS for n in SEATS.get(p, [2, 3, 6, 10])],
)
def test_a_position_that_comes_back_for_the_fifth_time_ends_the_round(
    preset: str, seats: int, bot: str
) -> None:
    game = dead_position(preset, seats)
    play_game(game, [make_bot(bot, seed=s) for s in range(seats)], max_actions=200_000)
    assert ended_by_repetition(game)
    assert game.round_points() == [0] * seats


def test_the_reverse_answered_by_a_reverse_ends_on_a_repetition() -> None:
    """'There is no rule against playing one': the Reverses pass back and forth until the
    same position has come back five times."""
    for preset in ["mattel-2021", "mattel-2015", "mattel-2003", "party"]:
        for skip in (True, False):
            rules = Rules.preset(preset, two_player_reverse_skip=skip)
            game = Game.arranged(
                rules, hands=[["Y1", "Y2"], ["G1", "G2"]], discard=["RR", "BR"], draw=[]
            )
            play_game(game, [make_bot("greedy", seed=0), make_bot("greedy", seed=1)])
            assert ended_by_repetition(game)


def test_a_position_is_counted_only_across_a_reshuffle_or_with_nothing_to_draw() -> None:
    """Between reshuffles the cards left to draw only dwindle: no position is counted while
    two seats draw by choice from a full pile."""
    rules = Rules.preset("mattel-2021")
    draw = [f"{c}{n}" for c in "YGB" for n in range(1, 10)] * 2
    game = Game.arranged(rules, hands=[["R1", "R2"], ["R3", "R4"]], discard=["R5"], draw=draw)
    for _ in range(40):
        game.apply("draw")
        if game.phase == "drawn":
            game.apply("pass")
        assert game.repeats == 0
    assert not game.over and game.turns == 40


def test_a_clone_counts_its_own_positions() -> None:
    """A clone shares the counts until one of them counts a position; then each has its own."""
    rules = Rules.preset("mattel-2021", two_player_reverse_skip=False)
    game = Game.arranged(rules, hands=[["Y1", "Y2"], ["G1", "G2"]], discard=["RR", "BR"], draw=[])
    while game.repeats == 0:
        game.apply(game.legal_actions()[0])
    twin = game.clone()
    play_game(twin, [make_bot("greedy", seed=0), make_bot("greedy", seed=1)])
    assert ended_by_repetition(twin)
    assert game.repeats == 1 and not game.over
    play_game(game, [make_bot("random", seed=0), make_bot("random", seed=1)])
    assert ended_by_repetition(game)


F1_A = (
    "0 play G9|1 play GS|3 play G8|0 draw|0 play G4|1 play W+4 Y|2 challenge|3 play Y7|"
    "0 play YS|2 play GS|0 draw|0 play W+4 R|1 challenge|2 draw|3 draw|0 play R+2|2 play G+2|"
    "0 play Y+2 uno|2 draw|3 play R+2|1 play G+2|3 play G1 uno|0 draw|0 play G+2|2 play R+2|"
    "0 play Y+2 uno|2 draw|3 play G+2 uno|1 play GS|3 draw|3 play G+2 uno|1 play R+2|3 draw|"
    "0 play Y+2|2 play G+2|0 play GS uno|2 play G9|3 draw|3 play G+2|1 play R+2|3 play Y+2 uno"
)


def test_F1_a_round_with_a_last_yellow_card_on_yellow_plays_on_to_a_win() -> None:
    """F1 (a): the dry-round rule called this round off with seat 3 holding only Y4 on a
    yellow pile; [003] 'Shuffle all of the discard pile except the top card ... and keep
    playing'. Greedy players go on and win."""
    game = Game.arranged(
        Rules.preset("mattel-2021"),
        hands=[
            ["B5", "R+2", "Y+2", "G9", "YS"],
            ["YS", "B5", "W+4", "GS"],
            ["G+2"],
            ["G1", "Y7", "G8", "Y4"],
        ],
        discard=["G4"],
        draw=[],
    )
    for step in F1_A.split("|"):
        seat, text = step.split(" ", 1)
        game.apply(text, int(seat))
    assert not game.over and game.color == "Y" and [str(c) for c in game.hand(3)] == ["Y4"]
    play_game(game, [make_bot("greedy", seed=s) for s in range(4)], max_actions=1000)
    assert game.winner is not None


def test_F1_a_triple_play_round_with_a_last_card_that_matches_plays_on_to_a_win() -> None:
    """F1 (a'): two seats, seat 0 holding only YR with a YR on top of pile 1."""
    game = TriplePlayGame.arranged(
        Rules.preset("triple-play"),
        hands=[["G5", "YR"], ["B2"]],
        piles=[["YR"], ["R5"], ["R0"]],
        draw=[],
        seed=341,
    )
    steps = (
        "0 play YR @1 uno|0 draw|0 play YR @1 uno|0 draw|0 press @1|1 draw|1 press @1|"
        "0 play YR @1 uno|0 draw|0 press @3|1 draw|1 press @2|0 play G5 @2 uno|1 draw|1 press @2"
    )
    for step in steps.split("|"):
        seat, text = step.split(" ", 1)
        game.apply(text, int(seat))
    assert not game.over
    game.apply("play YR @1")
    assert game.winner == 0


def test_F1_c_greedy_loops_after_hoarding_end_on_a_repetition() -> None:
    """F1 (c): after a hoarding opening greedy players pass a Draw Two round for ever
    (mattel-2021, 3 seats, seeds 1, 3, 5): those rounds end on a repetition, every other
    deal is won."""
    for preset, seats, seeds, loops in (
        ("mattel-2021", 3, 8, [1, 3, 5]),
        ("mattel-2003", 2, 6, []),
    ):
        rules = Rules.preset(preset)
        ended = []
        for seed in range(seeds):
            game = hoarded(rules, seats, seed)
            bots = [make_bot("greedy", seed=seed * 31 + s) for s in range(seats)]
            for _ in play_out(game, chooser(bots)):
                assert len(game.actions) < 100_000
            assert game.over
            if game.winner is None:
                assert ended_by_repetition(game)
                ended.append(seed)
        assert ended == loops


def test_D1_three_cards_going_round_two_seats_end_on_a_repetition() -> None:
    """D1: each seat draws one of R7 RR BR and plays it back; two cards are left to draw at
    every turn's end. It ended only at the round limit (100,000 turns)."""
    rules = Rules.preset("mattel-2021", two_player_reverse_skip=False)
    game = Game.arranged(
        rules, hands=[["Y1", "Y2"], ["G1", "G2"]], discard=["R7", "RR", "BR"], draw=[]
    )
    play_game(game, [make_bot("greedy", seed=0), make_bot("greedy", seed=1)], max_actions=300_000)
    assert ended_by_repetition(game)
    assert game.turns < 1000


def _staller(game: Game) -> str:
    """Seat 0 draws and keeps whenever it may, else plays a blue card that is not a 5;
    seat 1 plays whatever plays, else draws."""
    legal = [str(a) for a in game.legal_actions()]
    if game.to_play == 0:
        keep = next((a for a in legal if a in ("draw", "pass")), None)
        return keep or next(a for a in legal if a.startswith("play B") and "5" not in a)
    return next((a for a in legal if a.startswith("play")), legal[0])


def test_D2_a_round_without_a_winner_adds_each_hand_under_lowest_scoring() -> None:
    """D2: [001] 'After each round, every player adds the points left in their own hand to
    their own running total': a seat that stalls a round into a repetition keeps its
    hand on its total."""
    hand0 = ["B1", "B2", "B3", "B4", "B6", "B8", "B9", "G1", "G2", "Y1", "Y2"]
    for scoring in ("lowest", "winner"):
        rules = Rules.preset("mattel-2021", scoring=scoring)
        game = Game.arranged(rules, hands=[hand0, ["R5"]], discard=["B3", "B7"], draw=[])
        for _ in range(20_000):
            if game.over:
                break
            game.apply(_staller(game))
        assert ended_by_repetition(game)
        hands = [sum(rules.card_points(c) for c in game.hand(s)) for s in (0, 1)]
        assert hands[0] > 0
        assert game.round_points() == (hands if scoring == "lowest" else [0, 0])


def test_F2_a_round_of_legal_play_goes_on_past_100000_turns() -> None:
    """F2: two seats that draw whenever they are down to two cards, with cards to draw: the
    round limit called this round off at 100,000 turns; no position comes back five times,
    so it goes on."""
    rules = Rules.preset("mattel-2021")
    game = Game.new(rules, players=2, seed=5)
    while not game.over and game.turns < 100_050:
        seat = game.to_play
        assert seat is not None
        legal = game.legal_actions()
        if game.phase == "drawn":
            action = legal[-1]  # pass
        elif len(game.hand(seat)) <= 2 and legal[-1].kind in ("draw", "accept"):
            action = legal[-1]
        else:
            action = legal[0]
        game.apply(action, seat)
        for s in game.uno_exposed:
            game.apply("uno", s)
    assert not game.over or game.log[-2].reason == "repetition"
    assert game.turns != 100_000


def test_a_round_the_rule_ends_is_not_won_when_played_on_with_the_rule_off() -> None:
    """The measurement of docs/rules.md (benchmarks/repetition.py), on a small sample: a
    round the rule ended, played on from before its last action with the rule off and the
    same players for 20,000 actions, never reaches a win."""
    tally = Tally()
    play_round("mattel-2003", "staller", "hoard", 2, 8706773239210854303, tally)
    assert tally.repetition == 1 and tally.played_on_won == 0
    sample = measure(1, seed=1)
    assert sample.rounds == 75 and sample.unfinished == 0
    assert sample.played_on_won == 0
