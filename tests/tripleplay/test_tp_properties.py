"""Random legal play of Triple Play over 2 to 10 players, regular and timer mode.

After every action: every card accounted for (hands, draw pile, three piles, set-aside
cards), the seat to play can act, views unchanged when only hidden cards and hidden
thresholds change, refused actions change nothing. At the end: the round ended, and
``replay(record())`` and ``clone()`` agree with the original.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from unokit import Action, Game, Random, Rules
from unokit.testing import (
    check_events_redacted,
    check_illegal_is_refused,
    check_position,
    check_replay,
    snapshot,
)
from unokit.tripleplay import TriplePlayGame
from unokit.turns import offers

MAX_ACTIONS = 5000


def _choose(rng: Random, legal: list[Action]) -> Action:
    plays = [a for a in legal if a.kind == "play"]
    if plays and rng.below(10) < 8:
        return plays[rng.below(len(plays))]
    return legal[rng.below(len(legal))]


def _play(game: Game, rng: Random, timer: bool, *, checks: bool) -> int:
    """Play to the end in the one-actor-at-a-time order, with the clock running out now
    and then in timer mode; returns the number of actions."""
    deck = Counter(game.rules.deck())
    acted: int | None = None
    for n in range(MAX_ACTIONS):
        if checks:
            check_position(game, deck, rng)
            if n % 5 == 0:
                check_illegal_is_refused(game, rng)
        if game.over:
            return n
        if acted is not None:
            for seat in offers(game, acted):
                legal = game.legal_actions(seat)
                if legal and rng.below(4) == 0:
                    game.apply(legal[rng.below(len(legal))], seat)
            if game.over:
                continue
        seat = game.to_play
        assert seat is not None
        assert isinstance(game, TriplePlayGame)
        if timer and game.clock_running and rng.below(25) == 0:
            game.apply("timeout", seat)
        else:
            game.apply(_choose(rng, game.legal_actions(seat)), seat)
        acted = seat
    raise AssertionError(f"the round did not end within {MAX_ACTIONS} actions")


@settings(max_examples=30)
@given(
    players=st.integers(2, 10),
    seed=st.integers(0, 2**32),
    timer=st.booleans(),
    scoring=st.sampled_from(["winner", "lowest", "elimination"]),
)
def test_random_play_keeps_every_card_and_ends_and_replays(
    players: int, seed: int, timer: bool, scoring: str
) -> None:
    rules = Rules.preset("triple-play", timer=10 if timer else None, scoring=scoring)
    game = Game.new(rules, players=players, seed=seed)
    rng = Random(seed)
    _play(game, rng, timer, checks=True)
    assert game.over and game.to_play is None
    assert game.winner is not None or game.log[-2].type == "blocked"
    check_events_redacted(game)
    check_replay(game)
    assert snapshot(game.clone()) == snapshot(game)


def test_every_table_size_ends_quickly() -> None:
    """A deterministic sweep (no checks): 2 to 10 players, 10 seeds each, every round ends."""
    rules = Rules.preset("triple-play")
    for players in range(2, 11):
        for seed in range(10):
            game = Game.new(rules, players=players, seed=seed)
            _play(game, Random(seed), False, checks=False)
            assert game.over
