"""The ISMCTS bot: budgets, reproducibility, and sense in a position that needs it."""

from __future__ import annotations

from typing import Any

import pytest

from unokit import Game, Rules
from unokit.bots import GreedyBot, IsmctsBot, decide, make_bot

from .positions import penalty_position, play_position


def test_ismcts_spends_its_iteration_budget() -> None:
    bot = IsmctsBot(seed=1, iterations=60)
    choice = bot.choose(decide(play_position(), 0))
    assert choice in play_position().legal_actions(0)
    assert 0 < bot.last_iterations <= 60


def test_ismcts_with_a_time_budget_stops() -> None:
    bot = make_bot("ismcts:time=0.02", seed=1)
    assert isinstance(bot, IsmctsBot)
    bot.choose(decide(play_position(), 0))
    assert bot.last_iterations >= 1


def test_ismcts_does_not_search_a_decision_with_one_choice() -> None:
    game = Game.arranged(
        Rules.preset(),
        hands=[["G7", "B2"], ["G2", "B3", "Y4"], ["G3", "B4", "Y5"], ["Y1", "Y2"]],
        discard=["R3"],
        draw=["R9", "Y7", "Y8", "Y9"],
    )
    bot = IsmctsBot(seed=1, iterations=50)
    assert str(bot.choose(decide(game, 0))) == "draw"
    assert bot.last_iterations == 0


def test_ismcts_answers_a_challenge_by_its_hand_model() -> None:
    """Seat 3 played its Wild Draw Four from three cards with R3 on top. A player who keeps
    its wilds while another card plays (as greedy does) held no red card and no 3: the
    re-deals that fit that make it innocent, so accept. Without the model the odds are
    greedy's (most hands of three hold a red card or a 3): challenge."""
    decision = decide(penalty_position(), 0)
    assert str(IsmctsBot(seed=1, iterations=50).choose(decision)) == "accept"
    assert str(IsmctsBot(seed=1, iterations=50, infer=False).choose(decision)) == "challenge"
    assert str(GreedyBot(seed=1).choose(decision)) == "challenge"


def test_ismcts_with_the_same_seed_searches_the_same_way() -> None:
    game = play_position()
    first = IsmctsBot(seed=7, iterations=80, caution=0).choose(decide(game, 0))
    again = IsmctsBot(seed=7, iterations=80, caution=0).choose(decide(game, 0))
    assert first == again


def test_ismcts_finds_the_win_greedy_misses() -> None:
    """Every card seat 0 cannot see is green and no 2: the G9 that ``greedy`` plays (it is
    worth most) lets seat 1 go out at once with its last card, the R2 stops all three
    opponents. Any re-deal shows it, so the search plays the R2 whatever its seed."""
    game = Game.arranged(
        Rules.preset(),
        hands=[["G9", "R2"], ["G5"], ["G3", "G4"], ["G6", "G7"]],
        discard=["R9"],
        draw=["G1", "G8", "G1", "G8", "G3", "G4", "G6", "G7"],
    )
    decision = decide(game, 0)
    assert str(GreedyBot().choose(decision)) == "play G9 uno"
    for seed in range(4):
        assert str(IsmctsBot(seed=seed, iterations=40).choose(decision)) == "play R2 uno"


def test_ismcts_depends_on_the_view_only() -> None:
    """Two tables that look the same from seat 0 (the others' cards and the draw pile
    differ) get the same choice from the same seed: the search sees no hidden card."""
    hands = [["R5", "G3", "W", "B9", "R7"], ["G2", "B3", "Y4"], ["G8", "B4", "Y5"], ["Y1", "Y2"]]
    draw = ["Y6", "Y7", "Y8", "Y9", "R1", "R2", "B6", "G6"]
    first = Game.arranged(Rules.preset(), hands=hands, discard=["R3"], draw=draw)
    pool = [c for h in hands[1:] for c in h] + draw
    pool.reverse()
    other = [hands[0], pool[0:3], pool[3:6], pool[6:8]]
    second = Game.arranged(Rules.preset(), hands=other, discard=["R3"], draw=pool[8:])
    assert decide(first, 0).view == decide(second, 0).view
    assert first.hand(1) != second.hand(1)
    for seed in range(3):
        a = IsmctsBot(seed=seed, iterations=60, caution=0)
        b = IsmctsBot(seed=seed, iterations=60, caution=0)
        assert a.choose(decide(first, 0)) == b.choose(decide(second, 0))


def test_ismcts_tree_search_still_works() -> None:
    """``tree=true``: the UCB tree below the paired root."""
    bot = make_bot("ismcts:iterations=60,tree=true", seed=2)
    assert isinstance(bot, IsmctsBot)
    assert bot.choose(decide(play_position(), 0)) in play_position().legal_actions(0)
    assert bot.last_iterations == 60


def test_ismcts_judging_a_challenge_reads_the_players_last_play() -> None:
    """``judge=true``: seat 3 played its Wild Draw Four on a red 3; ``greedy`` would have
    played a red card or a 3 had it held one, so every re-deal that explains the play leaves
    it innocent, and the search (scoring hand sizes after 12 actions) accepts the four cards
    rather than risk six, where greedy's odds alone (no model, ``infer=false``) challenge."""
    decision = decide(penalty_position(), 0)
    for seed in range(3):
        bot = IsmctsBot(seed=seed, iterations=100, depth=12, judge=True)
        assert str(bot.choose(decision)) == "accept"
        assert bot.last_iterations == 100
    plain = IsmctsBot(seed=1, iterations=100, depth=12, infer=False)
    assert str(plain.choose(decision)) == "challenge"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:infer=2", "infer must be true or false"),
        ("ismcts:depth=-1", "depth must be a whole number"),
        ("ismcts:blend=1.5", "blend must be a number from 0 to 1"),
        ("ismcts:memory=0.5", "memory must be a whole number"),
        ("ismcts:points=-1", "points must be a number, 0 or more"),
        ("ismcts:prior=oracle", "prior must be one of greedy, learned"),
    ],
)
def test_ismcts_refuses_bad_settings(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(spec)


def test_ismcts_stopped_playouts_are_scored_by_hand_sizes() -> None:
    """``depth=4``: every playout stops after four actions, so the values are estimates
    strictly between 0 and 1 rather than whole wins."""
    bot = IsmctsBot(seed=1, iterations=40, depth=4, caution=0)
    seen: list[float] = []
    original = bot._pick

    def pick(decision: Any, candidates: Any, rewards: list[list[float]]) -> Any:
        seen.extend(v for r in rewards for v in r)
        return original(decision, candidates, rewards)

    bot._pick = pick  # type: ignore[method-assign]
    bot.choose(decide(play_position(), 0))
    assert len(seen) == 40
    assert all(0.0 < v < 1.0 for v in seen)


def test_ismcts_prior_follows_its_points_setting() -> None:
    """With a caution the search cannot beat, ismcts plays its prior: greedy's choice with
    its ``points`` setting (1 sheds the Skip worth 20, 0 keeps it and plays the 5)."""
    game = Game.arranged(
        Rules.preset(),
        hands=[["R5", "RS", "G3", "B8"], ["G2", "B3", "Y4", "Y1"], ["G3", "B4", "Y5"], ["Y2"]],
        discard=["R3"],
        draw=["Y6", "Y7", "Y8", "Y9", "B6", "B7", "G8", "G9"],
    )
    decision = decide(game, 0)
    shed = IsmctsBot(seed=1, iterations=30, caution=1e9)
    win = IsmctsBot(seed=1, iterations=30, caution=1e9, points=0)
    assert str(shed.choose(decision)) == "play RS"
    assert str(win.choose(decision)) == "play R5"


def test_ismcts_that_knows_nothing_more_challenges_as_greedy_does() -> None:
    """Where the hand model knows nothing beyond the view (``memory=0`` and no draws or
    wilds from three cards to read), a Wild Draw Four is judged by greedy's odds, which also
    remember a player found innocent before, not by plain re-deals."""
    judged = 0
    for seed in range(40):
        game = Game.new(Rules.preset(), players=4, seed=seed)
        bots = [GreedyBot(seed=seed * 4 + s) for s in range(4)]
        while not game.over:
            seat = game.to_play
            assert seat is not None
            decision = decide(game, seat)
            if any(a.kind == "challenge" for a in decision.legal):
                bot = IsmctsBot(seed=seed, memory=0)
                if bot._model(decision) is None:
                    judged += 1
                    assert bot.choose(decision) == GreedyBot(seed=seed).choose(decision)
            action = bots[seat].choose(decision)
            assert action is not None
            game.apply(action, seat)
    assert judged >= 5
