"""The leaf value: it knows the round's winner better than hand sizes on rounds it never
saw, its training reproduces and resumes, its weights load by table size, and the search
scores its cut playouts with it when told to."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from unokit import Game, Rules
from unokit.bots import decide, make_bot
from unokit.bots.base import Bot, Decision
from unokit.bots.ismcts import IsmctsBot, chances
from unokit.bots.leaf import (
    FEATURES,
    LeafValue,
    default_value,
    hand_sizes,
    load_values,
    save_values,
    seat_features,
)
from unokit.bots.leaf_train import fit, generate, log_loss
from unokit.turns import play_out


@pytest.mark.parametrize("players", [4, 2])
def test_the_shipped_value_knows_the_winner_better_than_hand_sizes_on_unseen_rounds(
    players: int,
) -> None:
    data = generate(4242, 1500, players=players)
    learned = log_loss(default_value(players), data)
    assert learned < log_loss(hand_sizes(), data) - 0.02
    assert learned < math.log(players) - 0.05


def test_hand_sizes_as_a_leaf_value_are_the_searchs_own_estimate() -> None:
    game = Game.new(Rules.preset("mattel-2021"), players=4, seed=8)
    for seat in game.active:
        assert hand_sizes().chances(game, seat, [0, 1, 2, 3]) == pytest.approx(
            chances(game, seat, [0, 1, 2, 3])
        )


def test_the_seat_to_play_with_one_card_that_plays_is_all_but_sure_to_win() -> None:
    # a round of greedy play, stopped at the first turn whose player holds one card that plays
    rules = Rules.preset("mattel-2021")
    value = default_value(4)
    for seed in range(40):
        game = Game.new(rules, players=4, seed=seed)
        while not game.over:
            seat = game.to_play
            assert seat is not None
            hand = game.hand(seat)
            if game.phase == "play" and len(hand) == 1 and game.playable(hand[0]):
                odds = value.probabilities(seat_features(game)[1])
                assert odds[0] > 0.9 and sum(odds) == pytest.approx(1.0)
                return
            bot = make_bot("greedy", seed=seed)
            action = bot.choose(decide(game, seat))
            assert action is not None
            game.apply(action, seat)
    pytest.fail("no round reached a winning turn")


def test_positions_reproduce_from_their_seed() -> None:
    a, b = generate(3, 60), generate(3, 60)
    assert len(a) == len(b) == 60
    assert a.rows.shape == (60, 4, len(FEATURES))
    assert np.array_equal(a.rows, b.rows) and np.array_equal(a.winner, b.winner)
    assert not np.array_equal(a.rows, generate(4, 60).rows)


def test_training_lowers_the_loss_and_resumes_from_its_checkpoint(tmp_path: Path) -> None:
    data = generate(11, 400)
    whole = fit(data, steps=60, every=20)
    checkpoint = tmp_path / "run.npz"
    fit(data, steps=40, checkpoint=checkpoint, every=20)
    resumed = fit(data, steps=60, checkpoint=checkpoint, every=20)
    assert np.allclose(whole.weights, resumed.weights)
    assert log_loss(whole, data) < math.log(4) - 0.05


def test_weights_load_by_table_size_with_numpy_alone_and_refuse_other_features(
    tmp_path: Path,
) -> None:
    path = tmp_path / "copy.npz"
    save_values(path, {4: default_value(4), 2: default_value(2)})
    again = load_values(path)
    assert again[4].weights == default_value(4).weights
    assert again[2].weights == default_value(2).weights != again[4].weights
    assert default_value(3).weights == default_value(4).weights  # the nearest, larger on a tie
    assert default_value(16).weights == default_value(4).weights
    np.savez(path, features=np.array(FEATURES[:-1]), players_4=np.zeros(len(FEATURES) - 1))
    with pytest.raises(ValueError, match="other features"):
        load_values(path)
    with pytest.raises(ValueError, match="weights"):
        LeafValue([0.0])


def test_the_learned_value_needs_a_depth_and_a_known_name() -> None:
    with pytest.raises(ValueError, match="give depth too"):
        IsmctsBot(value="learned")
    with pytest.raises(ValueError, match="value must be one of count, learned"):
        IsmctsBot(value="oracle", depth=4)


def _decisions(rounds: int) -> list[tuple[Game, Decision]]:
    found: list[tuple[Game, Decision]] = []
    rules = Rules.preset("mattel-2021")
    for seed in range(rounds):
        game = Game.new(rules, players=4, seed=seed)
        bot = make_bot("greedy", seed=seed)
        while not game.over:
            seat = game.to_play
            assert seat is not None
            decision = decide(game, seat)
            if sum(a.kind == "play" for a in decision.legal) >= 2:
                copy = game.clone()
                found.append((copy, decide(copy, seat)))
            action = bot.choose(decision)
            assert action is not None
            game.apply(action, seat)
    return found


def test_the_search_scores_its_cut_playouts_with_the_learned_value_when_told() -> None:
    """At depth 1 the score decides: the learned value and hand sizes choose differently
    somewhere, and each choice reproduces with its seed."""
    differ = 0
    for _, decision in _decisions(3)[:40]:
        learned = IsmctsBot(seed=5, iterations=24, depth=1, value="learned", caution=0)
        count = IsmctsBot(seed=5, iterations=24, depth=1, caution=0)
        choice = learned.choose(decision)
        assert choice == IsmctsBot(
            seed=5, iterations=24, depth=1, value="learned", caution=0
        ).choose(decision)
        differ += choice != count.choose(decision)
    assert differ > 0


@pytest.mark.parametrize(
    ("preset", "players"),
    [("mattel-2021", 2), ("mattel-2021", 3), ("triple-play", 3), ("party", 8)],
)
def test_the_search_with_the_learned_value_plays_whole_rounds(preset: str, players: int) -> None:
    """Every engine's re-deals can be scored, at table sizes with and without weights."""
    rules = Rules.preset(preset)
    game = Game.new(rules, players=players, seed=17)
    bots: list[Bot] = [
        make_bot("ismcts:iterations=20,depth=4,value=learned" if s == 0 else "greedy", seed=s)
        for s in range(players)
    ]
    for _ in play_out(
        game, lambda g, seat, legal, opt, bots=bots: bots[seat].choose(decide(g, seat, opt))
    ):
        pass
    assert game.over and game.winner is not None
