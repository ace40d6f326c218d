"""Observations show exactly what the seat may know: built from its view, nothing more.

The environments write the vector straight from the game (``ObservationLayout.encode_game``)
rather than through ``game.view``: these tests hold that writer to the view's encoding at
every decision, and re-deal hidden cards under both."""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import pytest

from unokit import Game, Random, Rules
from unokit.envs import Driver, ObservationLayout, uno_v0
from unokit.envs.table import EnvTable

from .cases import all_cases, case_id
from .test_driver import eager_chooser


def _positions(rules: Rules, players: int, seed: int, every: int = 3) -> list[Game]:
    """Clones of a seeded game at every ``every``-th decision."""
    game = Game.new(rules, players=players, seed=seed)
    driver = Driver(game)
    choose = eager_chooser(Random(seed))
    out = []
    i = 0
    while driver.seat is not None:
        if i % every == 0:
            out.append(game.clone())
        driver.act(choose(game, driver.seat, driver.legal(), driver.optional))
        i += 1
    out.append(game.clone())
    return out


@pytest.mark.parametrize("case", all_cases(), ids=case_id)
def test_observation_does_not_leak_hidden_cards(case: tuple[str, dict[str, Any], int]) -> None:
    """Re-deal every card a seat cannot see: its observation stays the same."""
    preset, switches, players = case
    rules = Rules.preset(preset, **switches)
    layout = ObservationLayout(rules, players)
    rng = Random(11)
    for game in _positions(rules, players, seed=1):
        if game.over:  # every hand is shown for scoring at the end
            continue
        for seat in game.active:
            obs = layout.encode(game.view(seat))
            direct = layout.encode_game(game, seat)
            twin = game.resample(seat, rng.next32())
            assert np.array_equal(layout.encode(twin.view(seat)), obs)
            assert np.array_equal(layout.encode_game(twin, seat), direct)


def test_a_resample_changes_what_the_seat_cannot_see() -> None:
    """The leak test above is not vacuous: re-dealing does move hidden cards (other hands
    and the draw pile), and the direct writer does show the seat's own hand."""
    rules = Rules.preset("mattel-2021")
    layout = ObservationLayout(rules, 4)
    game = Game.new(rules, players=4, seed=3)
    twin = game.resample(0, 5)
    assert twin.hand(0) == game.hand(0)
    assert any(twin.hand(s) != game.hand(s) for s in (1, 2, 3))
    assert twin.draw_pile != game.draw_pile
    # seat 1 sees its own (changed) hand, so its vector changes
    assert not np.array_equal(layout.encode_game(twin, 1), layout.encode_game(game, 1))


def test_classic_layouts_write_the_vector_themselves() -> None:
    """The direct writer is in use for classic rules (if the engine renamed an attribute it
    reads, the environments would quietly fall back to the view: this test says so)."""
    for preset in ("mattel-2021", "mattel-2015", "mattel-2003"):
        assert ObservationLayout(Rules.preset(preset), 4).direct
    env = uno_v0.raw_env(players=2, backend="engine")
    assert isinstance(env.table, EnvTable) and env.table.layout.direct


@pytest.mark.parametrize("case", all_cases(), ids=case_id)
def test_direct_observation_is_the_views_encoding(case: tuple[str, dict[str, Any], int]) -> None:
    """``encode_game`` (what the environments use) equals ``encode(game.view(seat))`` at
    every decision of a seeded game, for every seat, offered or not: it reads nothing the
    view does not publish."""
    preset, switches, players = case
    rules = Rules.preset(preset, **switches)
    layout = ObservationLayout(rules, players)
    checked = 0
    for seed in (3, 4):
        for game in _positions(rules, players, seed=seed, every=1):
            for seat in range(players):
                view = game.view(seat)
                for offer in (False, True):
                    direct = layout.encode_game(game, seat, offer)
                    assert direct.dtype == np.float32
                    assert np.array_equal(direct, layout.encode(view, offer)), (seat, offer)
                    checked += 1
    assert checked > 20


@pytest.mark.parametrize("case", all_cases(), ids=case_id)
def test_observation_matches_the_engines_state(case: tuple[str, dict[str, Any], int]) -> None:
    """Each field holds what the docs say: the test fails if a field is wrong or missing."""
    preset, switches, players = case
    rules = Rules.preset(preset, **switches)
    layout = ObservationLayout(rules, players)
    assert layout.size == layout.slices["variant"].stop
    space_high = layout.high
    for game in _positions(rules, players, seed=2, every=5):
        for seat in game.active:
            obs = layout.encode(game.view(seat))
            assert obs.shape == (layout.size,)
            assert (obs >= 0).all() and (obs <= space_high).all()
            hand = Counter(c.code for c in game.hand(seat))
            got = {layout.cards[i].code: int(n) for i, n in enumerate(layout.field(obs, "hand"))}
            assert {k: v for k, v in got.items() if v} == dict(hand)
            assert list(layout.field(obs, "hand_sizes")) == game.hand_sizes()
            assert layout.field(obs, "seat")[seat] == 1.0
            assert layout.field(obs, "seat").sum() == 1.0
            assert layout.field(obs, "direction")[0] == (game.direction == 1)
            assert layout.field(obs, "draw_size")[0] == game.draw_size
            tops = layout.field(obs, "top").reshape(layout.piles, -1)
            game_tops = getattr(game, "tops", None) or [game.top]
            for pile, top in enumerate(game_tops):
                assert layout.cards[int(np.argmax(tops[pile]))] is top
                assert tops[pile].sum() == 1.0
            if not game.over:
                assert layout.field(obs, "to_play")[game.to_play] == 1.0
                assert layout.field(obs, "phase").sum() == 1.0
                assert layout.phases[int(np.argmax(layout.field(obs, "phase")))] == game.phase
            pending = getattr(game, "pending", 0)
            if rules.game != "triple-play":
                assert layout.field(obs, "pending")[0] == pending
            said = layout.field(obs, "uno_said")
            assert [s for s in range(players) if said[s]] == game.view(None)["uno_said"]


def test_observation_of_the_aec_env_is_the_views_encoding() -> None:
    """Every agent's observation, at every step of whole Jump-In games (offers included),
    is the encoding of its view."""
    env = uno_v0.raw_env("mattel-2021", players=3, jump_in=True)
    rng = Random(4)
    offered = 0
    for seed in range(3):
        env.reset(seed=seed)
        while env.agents:
            if env.terminations[env.agent_selection]:
                env.step(None)
                continue
            table = env.table
            assert isinstance(table, EnvTable)
            game, driver = table.game, table.driver
            assert game is not None and driver is not None
            offered += driver.optional
            for agent in env.agents:
                seat = int(agent.split("_")[1])
                obs = env.observe(agent)["observation"]
                offer = driver.optional and driver.seat == seat
                assert np.array_equal(obs, env.layout.encode(game.view(seat), offer))
            legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
            env.step(int(legal[rng.below(len(legal))]))
    assert offered > 0


def test_observations_handed_out_are_never_changed_later() -> None:
    """The environment hands out new arrays: later steps leave them alone, and a caller
    writing into one changes nothing the environment hands out next."""
    env = uno_v0.raw_env("mattel-2021", players=2)
    env.reset(seed=7)
    rng = Random(7)
    kept: list[tuple[dict[str, np.ndarray], dict[str, np.ndarray]]] = []
    while env.agents:
        obs, _, term, _, _ = env.last()
        assert obs is not None
        if term:
            env.step(None)
            continue
        copy = {k: v.copy() for k, v in obs.items()}
        kept.append((obs, copy))
        scratch = env.observe(env.agent_selection)
        for value in scratch.values():
            value[:] = 7  # the caller scribbles on what it got
        fresh = env.observe(env.agent_selection)
        for key, value in copy.items():
            assert np.array_equal(fresh[key], value)
        legal = np.flatnonzero(copy["action_mask"])
        env.step(int(legal[rng.below(len(legal))]))
    assert len(kept) > 10
    for obs, copy in kept:
        for key, value in copy.items():
            assert np.array_equal(obs[key], value)


def test_two_seats_see_different_hands() -> None:
    """The hand field is the seat's own: the observation changes with the seat."""
    rules = Rules.preset()
    layout = ObservationLayout(rules, 2)
    game = Game.arranged(rules, hands=[["R5", "G9"], ["B2", "W"]], discard=["G5"], draw=["Y1"])
    a = layout.field(layout.encode(game.view(0)), "hand")
    b = layout.field(layout.encode(game.view(1)), "hand")
    assert not np.array_equal(a, b)
    assert a[layout.card_index["R5"]] == 1.0 and a[layout.card_index["W"]] == 0.0
    assert b[layout.card_index["W"]] == 1.0
