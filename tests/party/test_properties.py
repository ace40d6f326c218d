"""UNO Party!: random play at 2, 6, 10 and 16 players, out-of-turn speed plays included.

After every few actions: every card accounted for (the mini pile too), the seat to play can
act, views unchanged when only hidden cards (and hidden pointing choices) change, refused
actions change nothing. At the end: the game ended, ``replay(record())`` and a mid-game
``clone()`` agree with the original, no event shows a hidden card, and no view or event
showed a pointing choice before the last one was made.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unokit import Action, Card, Game, Kind, Random, Rules
from unokit.testing import (
    check_events_redacted,
    check_illegal_is_refused,
    check_position,
    check_replay,
    snapshot,
)
from unokit.turns import Chooser, play_out

PARTY = Rules.preset("party")
PROBES = [Action.parse(t) for t in ("point 0", "point 1", "link 0 1", "take", "play WPU")]


def eager_chooser(rng: Random) -> Chooser:
    """Random legal play that mostly plays a card (so games stay short) and takes an
    out-of-turn offer (speed play, Uno, catch) one time in two."""

    def choose(game: Game, seat: int, legal: list[Action], optional: bool) -> Action | None:
        if optional:
            return legal[rng.below(len(legal))] if rng.below(2) == 0 else None
        plays = [a for a in legal if a.kind == "play"]
        if plays and rng.below(10) < 8:
            return plays[rng.below(len(plays))]
        return legal[rng.below(len(legal))]

    return choose


def check_points_hidden(game: Game, seat: int) -> None:
    """While seats point, neither ``seat`` nor a spectator sees a target: no ``point`` event
    since the Point Taken was played, and ``seat``'s record writes the others' choices as
    ``point ?``. (The views are checked by ``check_position``: its resampled twin points
    elsewhere and must give the same view.)"""
    if game.phase != "point":
        return
    for who in (seat, None):
        events = game.events(who)
        start = max(i for i, e in enumerate(events) if e.type == "play" and _point_taken(e.cards))
        assert all(e.type != "point" for e in events[start + 1 :])
        assert all(e.target is None for e in events[start + 1 :] if e.type == "point_chosen")
    actions = game.record(seat)["actions"]
    start = max(
        i
        for i, (_, text) in enumerate(actions)
        if text.split()[1:2] in (["GP"], ["RP"], ["YP"], ["BP"])
    )
    assert all(
        text == "point ?" for s, text in actions[start:] if s != seat and text[:5] == "point"
    )


def _point_taken(cards: tuple[Card, ...]) -> bool:
    return bool(cards) and cards[0].kind is Kind.POINT_TAKEN


def play_checked(players: int, seed: int, *, check_every: int = 5) -> Game:
    game = Game.new(PARTY, players=players, seed=seed)
    deck = Counter(game.all_cards())
    assert sorted(deck.elements()) == sorted(PARTY.deck())
    rng = Random(seed)
    check_position(game, deck, rng)
    midpoint: tuple[Game, int] | None = None
    choices: list[tuple[int, Action]] = []
    jumps = 0
    for n, (seat, action, _) in enumerate(play_out(game, eager_chooser(Random(seed + 1)))):
        choices.append((seat, action))
        jumps += action.kind == "jump"
        check_points_hidden(game, rng.below(players))
        if n % check_every == 0:
            check_position(game, deck, rng)
            check_illegal_is_refused(game, rng)
            probe = PROBES[rng.below(len(PROBES))]
            if probe not in game.legal_actions(seat):
                before = snapshot(game, full=False)
                with pytest.raises(ValueError):
                    game.apply(probe, seat)
                assert snapshot(game, full=False) == before
        if midpoint is None and n == 30:
            midpoint = (game.clone(), len(choices))
    check_position(game, deck, rng)
    assert game.over
    check_events_redacted(game)
    check_replay(game)
    if midpoint is not None:
        twin, done = midpoint
        for seat, action in choices[done:]:
            twin.apply(action, seat)
        assert snapshot(twin) == snapshot(game)
    return game


@pytest.mark.parametrize("players", [2, 6, 10, 16])
def test_random_play_keeps_every_invariant(players: int) -> None:
    kinds: Counter[str] = Counter()
    for seed in range(4):
        game = play_checked(players, seed=100 * players + seed)
        kinds.update(a.kind for _, a in game.actions)
    if players >= 6:  # the Party mechanics all come up at a real party
        assert {"jump", "point", "link", "take"} <= set(kinds)


@settings(max_examples=25)
@given(players=st.sampled_from([2, 6, 10, 16]), seed=st.integers(0, 2**32))
def test_random_play_keeps_every_invariant_for_any_seed(players: int, seed: int) -> None:
    play_checked(players, seed, check_every=11)


def test_a_16_player_game_always_ends() -> None:
    for seed in range(10):
        game = Game.new(PARTY, players=16, seed=seed)
        for _ in play_out(game, eager_chooser(Random(seed)), max_actions=50_000):
            pass
        assert game.over
