"""Rewards at the end of a round: win/lose, partners, card points; rendering."""

from __future__ import annotations

import numpy as np

from unokit import Random
from unokit.envs import uno_v0
from unokit.envs.aec import UnoAEC


def _play_to_end(env: UnoAEC, seed: int) -> dict[str, float]:
    env.reset(seed=seed)
    rng = Random(seed)
    final: dict[str, float] = {}
    while env.agents:
        obs, reward, term, _, _ = env.last()
        if term:
            final[env.agent_selection] = reward
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        plays = [n for n in legal if str(env.codec.decode(int(n))).startswith("play")]
        pick = plays if plays and rng.below(10) < 8 else legal
        env.step(int(pick[rng.below(len(pick))]))
    return final


def test_win_reward_is_plus_one_for_the_winner_minus_one_for_the_rest() -> None:
    env = uno_v0.env(players=3, backend="engine")  # reads env.table.game
    final = _play_to_end(env, 1)
    game = env.table.game
    assert game is not None and game.winner is not None
    assert final == {f"player_{s}": 1.0 if s == game.winner else -1.0 for s in range(3)}


def test_partners_share_the_win() -> None:
    env = uno_v0.env(players=4, partners=True)
    final = _play_to_end(env, 2)
    game = env.table.game
    assert game is not None and game.winner is not None
    team = {game.winner, (game.winner + 2) % 4}
    assert final == {f"player_{s}": 1.0 if s in team else -1.0 for s in range(4)}


def test_points_reward_moves_the_losers_card_points_to_the_winner() -> None:
    env = uno_v0.env(players=3, reward="points")
    final = _play_to_end(env, 3)
    game = env.table.game
    assert game is not None and game.winner is not None
    rules = game.rules
    own = {s: sum(rules.card_points(c) for c in game.hand(s)) / 100 for s in range(3)}
    for s in range(3):
        expected = sum(own.values()) if s == game.winner else -own[s]
        assert abs(final[f"player_{s}"] - expected) < 1e-9
    assert abs(sum(final.values())) < 1e-9
    assert final[f"player_{game.winner}"] > 0


def test_ansi_render_shows_the_public_table_only() -> None:
    env = uno_v0.env(players=2, render_mode="ansi", backend="engine")
    env.reset(seed=1)
    text = env.render()
    game = env.table.game
    assert game is not None and text is not None
    assert f"top {game.top}/{game.color}" in text
    assert "hand" not in text  # a spectator's line: no seat's cards


def test_a_blocked_round_is_terminal_with_defined_rewards() -> None:
    """A round that ends blocked (docs/rules.md, "Every round ends": here a dry round after
    a hoarding opening, greedy seats passing a Draw Two round) ends the episode like any
    other: every agent terminates; "win" gives 0 to all, "points" costs each seat its own
    hand."""
    from unokit.bots import GreedyBot, decide

    for reward in ("win", "points"):
        blocked = 0
        for seed in range(12):
            env = uno_v0.env(players=3, backend="engine", reward=reward)
            env.reset(seed=seed)
            bots = [GreedyBot(seed=s) for s in range(3)]
            final: dict[str, float] = {}
            while env.agents:
                _, value, term, trunc, _ = env.last()
                assert not trunc
                if term:
                    final[env.agent_selection] = value
                    env.step(None)
                    continue
                game = env.table.game
                assert game is not None
                seat = env.possible_agents.index(env.agent_selection)
                optional = seat != game.to_play
                legal = game.legal_actions(seat)
                keep = [a for a in legal if a.kind in ("draw", "pass", "accept")]
                if game.draw_size and keep and not optional:  # hoard while cards are left
                    action = keep[0]
                else:
                    action = bots[seat].choose(decide(game, seat, optional))
                env.step(env.codec.encode(action))
            game = env.table.game
            assert game is not None and game.over and set(final) == set(env.possible_agents)
            if game.winner is not None:
                continue
            blocked += 1
            if reward == "win":
                assert final == dict.fromkeys(env.possible_agents, 0.0)
            else:
                rules = game.rules
                for s, agent in enumerate(env.possible_agents):
                    own = sum(rules.card_points(c) for c in game.hand(s)) / 100
                    assert abs(final[agent] + own) < 1e-9
        assert blocked > 0
