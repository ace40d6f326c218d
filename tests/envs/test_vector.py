"""The batched environment plays the reference engine's games and shows the same observations."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from unokit import Game, IllegalAction, Random, Rules
from unokit.envs import ObservationLayout
from unokit.envs.vector import UnoVectorEnv

UNO_FIELDS = ("uno_said", "uno_exposed")


def _engine_obs(layout: ObservationLayout, game: Game) -> np.ndarray:
    seat = game.to_play
    assert seat is not None
    return layout.encode(game.view(seat))


@pytest.mark.parametrize(
    ("switches", "players"),
    [({}, 2), ({}, 4), ({"stacking": True, "seven_o": True, "draw_to_match": True}, 3)],
)
def test_vector_env_matches_the_engine_step_by_step(switches: dict[str, Any], players: int) -> None:
    """One slot, two games in a row: every mask (in the codec's numbers), observation,
    reward and re-deal agrees with ``Game.new(seed=game_seed(k))`` of the reference engine
    playing the same actions."""
    env = UnoVectorEnv(1, players=players, seed=3, **switches)
    rules = env.rules
    layout = env.layout
    obs, info = env.reset()
    rng = Random(5)
    for k in range(2):
        game = Game.new(rules, players=players, seed=env.game_seed(k))
        while True:
            seat = game.to_play
            assert seat is not None
            assert info["to_play"][0] == seat
            legal = game.legal_actions(seat)
            mask = obs["action_mask"][0]
            two = len(game.hand(seat)) == 2  # Uno goes with the play that leaves one card
            expected = {
                env.codec.encode(a)
                for a in legal
                if a.kind in {"play", "draw", "pass", "accept", "challenge", "swap"}
                and a.uno == (a.kind == "play" and two)
            }
            assert set(np.flatnonzero(mask)) == expected
            mine = obs["observation"][0]
            theirs = _engine_obs(layout, game)
            for name in layout.slices:
                if name not in UNO_FIELDS:
                    assert np.array_equal(layout.field(mine, name), layout.field(theirs, name)), (
                        name
                    )
            ones = [s for s, n in enumerate(game.hand_sizes()) if n == 1]
            assert list(np.flatnonzero(layout.field(mine, "uno_said"))) == ones
            number = sorted(expected)[rng.below(len(expected))]
            action = env.codec.decode(number)
            assert action is not None
            game.apply(action, seat)
            obs, rewards, terminated, truncated, info = env.step(np.array([number]))
            assert not truncated[0]
            if game.over:
                assert terminated[0]
                assert info["winner"][0] == (-1 if game.winner is None else game.winner)
                if game.winner is not None:
                    assert rewards[0, game.winner] == 1.0
                    assert rewards[0].sum() == 1.0 - (players - 1)
                break
            assert not terminated[0]
            assert not rewards.any()


def test_vector_env_refuses_an_illegal_action_and_moves_no_game() -> None:
    env = UnoVectorEnv(8, players=4, seed=1)
    obs, _ = env.reset()
    before = obs["observation"].copy()
    actions = np.array([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]])
    actions[5] = int(np.flatnonzero(obs["action_mask"][5] == 0)[0])
    with pytest.raises(IllegalAction, match=r"game\(s\) 5"):
        env.step(actions)
    with pytest.raises(IllegalAction, match="one action a game"):
        env.step(actions[:3])
    assert np.array_equal(env.observations, before)


def test_vector_env_runs_many_games_to_their_end() -> None:
    from unokit.envs.vector import random_legal
    from unokit.fast import kernel

    env = UnoVectorEnv(64, players=4, seed=2)
    env.reset()
    rng = np.zeros(2, dtype=np.uint64)
    kernel.seed_rng(rng, np.uint64(1))
    actions = np.zeros(64, dtype=np.int64)
    finished = 0
    for _ in range(300):
        random_legal(env.masks, rng, actions)
        _, rewards, done, _, info = env.step(actions)
        finished += int(done.sum())
        assert (env.masks.sum(axis=1) > 0).all()  # every game always has a legal action
        won = info["winner"] >= 0
        assert (rewards[done & won].sum(axis=1) == 1.0 - 3).all()
    assert finished > 0


def test_vector_env_refuses_rules_the_fast_path_does_not_play() -> None:
    with pytest.raises(ValueError, match="fast path"):
        UnoVectorEnv(4, rules="mattel-2015")
    with pytest.raises(ValueError, match="fast path"):
        UnoVectorEnv(4, jump_in=True)
    with pytest.raises(ValueError, match="2 to 10"):
        UnoVectorEnv(4, players=11)
    assert UnoVectorEnv(2, rules=Rules.preset("mattel-2021", stacking=True)).flags


def test_a_policy_trained_on_the_vector_env_plays_at_every_table(tmp_path: Path) -> None:
    """One action space: the vector env numbers actions as ``ActionCodec`` does, so a
    network given the vector env's observation and mask picks the action ``PolicyBot``
    (loading the same weights from a file) picks at the reference engine's table."""
    from unokit.bots import decide
    from unokit.envs import ActionCodec, MLPPolicy, PolicyBot

    env = UnoVectorEnv(1, players=4, seed=9)
    assert env.num_actions == ActionCodec(env.rules, 4).size == env.codec.size
    policy = MLPPolicy(env.rules, 4, seed=3)
    policy.save(tmp_path / "p.npz")
    bot = PolicyBot(path=str(tmp_path / "p.npz"))
    obs, _ = env.reset()
    game = Game.new(env.rules, players=4, seed=env.game_seed(0))
    compared = 0
    for _ in range(60):
        seat = game.to_play
        assert seat is not None
        probs = policy.probabilities(obs["observation"][:1], obs["action_mask"][:1])
        number = int(np.argmax(probs[0]))
        choice = bot.choose(decide(game, seat))
        assert choice is not None
        if len(game.hand(seat)) != 2:  # at two cards the table may also play without Uno
            assert env.codec.encode(choice) == number
            compared += 1
        action = env.codec.decode(number)
        assert action is not None
        game.apply(action, seat)
        obs, _, done, _, _ = env.step(np.array([number]))
        if done[0]:
            break
    assert compared > 10


@pytest.mark.parametrize(
    ("switches", "players"), [({}, 4), ({"stacking": True, "seven_o": True}, 3)]
)
def test_vector_env_with_greedy_opponents_plays_as_the_greedy_bot(
    switches: dict[str, Any], players: int
) -> None:
    """``seat=1, opponents="greedy"``: the bots play in the compiled loop exactly as
    ``GreedyBot`` plays the reference engine's game, and ``step`` returns at the caller's
    next turn with its observation and mask."""
    from unokit.bots import Decision, GreedyBot, decide

    env = UnoVectorEnv(1, players=players, seed=4, seat=1, opponents="greedy", **switches)
    layout = env.layout
    obs, info = env.reset()
    rng = Random(8)
    turn_kinds = {"play", "draw", "pass", "accept", "challenge", "swap"}
    bots = [GreedyBot(seed=s) for s in range(players)]
    for k in range(3):
        game = Game.new(env.rules, players=players, seed=env.game_seed(k))
        while not game.over:
            seat = game.to_play
            assert seat is not None
            full = decide(game, seat)
            legal = [a for a in full.legal if a.kind in turn_kinds]
            if seat != 1:
                choice = bots[seat].choose(Decision(seat, full.view, legal, False, game))
                assert choice is not None
                game.apply(choice, seat)
                continue
            assert info["to_play"][0] == 1
            mine = obs["observation"][0]
            theirs = layout.encode(game.view(1))
            for name in layout.slices:
                if name not in UNO_FIELDS:
                    assert np.array_equal(layout.field(mine, name), layout.field(theirs, name))
            numbers = sorted(np.flatnonzero(obs["action_mask"][0]))
            number = int(numbers[rng.below(len(numbers))])
            action = env.codec.decode(number)
            assert action is not None
            game.apply(action, 1)
            obs, _, done, _, info = env.step(np.array([number]))
        assert done[0] and info["winner"][0] == (-1 if game.winner is None else game.winner)


def test_vector_env_opponents_are_checked() -> None:
    with pytest.raises(ValueError, match=r"'greedy'.*'random'"):
        UnoVectorEnv(2, seat=0, opponents="ismcts")
    with pytest.raises(ValueError, match="seat must be"):
        UnoVectorEnv(2, seat=4)
    with pytest.raises(ValueError, match="one a seat"):
        UnoVectorEnv(2, seat=0, opponents=["greedy", "random"])
    env = UnoVectorEnv(16, players=4, seed=3, seat=2, opponents=["random", "greedy:points=0"] * 2)
    obs, info = env.reset()
    done_games = 0
    for _ in range(200):
        assert (info["to_play"] == 2).all()
        actions = np.array([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]])
        obs, _, done, _, info = env.step(actions)
        done_games += int(done.sum())
    assert done_games > 0
