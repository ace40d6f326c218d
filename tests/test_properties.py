"""Random legal play over every preset and switch combination, 2 to 10 players.

After every action: every card accounted for, the seat to play can act, views unchanged
when only hidden cards change, refused actions change nothing. At the end: the game ended,
``replay(record())`` and ``clone()`` agree with the original. Switch combinations are
covered pairwise (every pair of switch values meets in some test), plus hypothesis' own
random combinations.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from unokit import Action, Game, Random, Rules
from unokit.testing import (
    check_events_redacted,
    check_illegal_is_refused,
    check_position,
    check_replay,
    snapshot,
)
from unokit.turns import Chooser, play_out


def eager_chooser(rng: Random) -> Chooser:
    """Random legal play that mostly plays a card when it can (so games stay short) and
    still draws, passes, challenges, catches and jumps often enough to test them."""

    def choose(game: Game, seat: int, legal: list[Action], optional: bool) -> Action | None:
        if optional:
            return legal[rng.below(len(legal))] if rng.below(3) == 0 else None
        plays = [a for a in legal if a.kind == "play"]
        if plays and rng.below(10) < 8:
            return plays[rng.below(len(plays))]
        return legal[rng.below(len(legal))]

    return choose


CLASSIC = ["mattel-2021", "mattel-2015", "mattel-2003"]
FACTORS: dict[str, list[Any]] = {
    "preset": CLASSIC,
    "stacking": [False, True],
    "seven_o": [False, True],
    "jump_in": [False, True],
    "draw_to_match": [False, True],
    "first_card_effect": [False, True],
    "two_player_reverse_skip": [True, False],
    "partners": [False, True],
    "scoring": ["winner", "lowest", "elimination", "none"],
    "custom_rule": ["blank", "extra_turn", "draw_three"],
    "wd4_wilds": ["wild", "none", "all"],
}


def valid(combo: dict[str, Any]) -> bool:
    if combo.get("partners") and combo.get("scoring") in ("lowest", "elimination"):
        return False
    return not (
        combo.get("preset") == "mattel-2003" and combo.get("custom_rule", "blank") != "blank"
    )


def _gain(combo: dict[str, Any], name: str, value: Any, uncovered: set[Any]) -> int:
    """How many uncovered pairs choosing ``name=value`` next to ``combo`` would cover."""
    if not valid({**combo, name: value}):
        return -1
    hits = 0
    for (a, va), (b, vb) in uncovered:
        if (a == name and va == value and combo.get(b, vb) == vb) or (
            b == name and vb == value and combo.get(a) == va
        ):
            hits += 1
    return hits


def pairwise() -> list[dict[str, Any]]:
    """A greedy covering array: every valid pair of factor values in at least one combo."""
    names = list(FACTORS)
    uncovered = {
        ((a, va), (b, vb))
        for a, b in itertools.combinations(names, 2)
        for va in FACTORS[a]
        for vb in FACTORS[b]
        if valid({a: va, b: vb})
    }
    combos = []
    while uncovered:
        combo: dict[str, Any] = {}
        for name in names:
            combo[name] = max(FACTORS[name], key=lambda v, n=name: _gain(combo, n, v, uncovered))
        newly = {p for p in uncovered if combo[p[0][0]] == p[0][1] and combo[p[1][0]] == p[1][1]}
        if not newly:  # pragma: no cover - the greedy choice always covers something
            raise AssertionError("pairwise generation stalled")
        uncovered -= newly
        combos.append(combo)
    return combos


COMBOS = pairwise()


def rules_of(combo: dict[str, Any]) -> Rules:
    switches = {k: v for k, v in combo.items() if k != "preset"}
    return Rules.preset(combo["preset"], **switches)


def play_checked(rules: Rules, players: int, seed: int, *, check_every: int = 7) -> Game:
    """Play one random game (out-of-turn actions included) with every invariant checked."""
    game = Game.new(rules, players=players, seed=seed)
    deck = Counter(game.all_cards())
    assert sorted(deck.elements()) == sorted(rules.deck())
    rng = Random(seed)
    check_position(game, deck, rng)
    midpoint: tuple[Game, int] | None = None
    choices = []
    for n, (seat, action, _) in enumerate(play_out(game, eager_chooser(Random(seed + 1)))):
        choices.append((seat, action))
        if n % check_every == 0:
            check_position(game, deck, rng)
            check_illegal_is_refused(game, rng)
        if midpoint is None and n == 20:
            midpoint = (game.clone(), len(choices))
    check_position(game, deck, rng)
    assert game.over
    check_events_redacted(game)
    check_replay(game)
    if midpoint is not None:  # a clone taken mid-game, given the same choices, ends the same
        twin, done = midpoint
        for seat, action in choices[done:]:
            twin.apply(action, seat)
        assert snapshot(twin) == snapshot(game)
    return game


def test_pairwise_covers_every_pair() -> None:
    assert 10 <= len(COMBOS) <= 40
    for combo in COMBOS:
        assert valid(combo)


@pytest.mark.parametrize("index", range(len(COMBOS)))
def test_random_play_keeps_every_invariant_pairwise(index: int) -> None:
    combo = COMBOS[index]
    rules = rules_of(combo)
    counts = [4] if combo["partners"] else [2, 3, 4, 7, 10]
    for players in counts:
        play_checked(rules, players, seed=1000 * index + players)


@given(
    preset=st.sampled_from(CLASSIC),
    switches=st.fixed_dictionaries(
        {k: st.sampled_from(v) for k, v in FACTORS.items() if k not in ("preset", "partners")}
    ),
    players=st.integers(2, 10),
    seed=st.integers(0, 2**32),
)
def test_random_play_keeps_every_invariant(
    preset: str, switches: dict[str, Any], players: int, seed: int
) -> None:
    if not valid({"preset": preset, **switches}):
        with pytest.raises(ValueError):
            Rules.preset(preset, **switches)
        return
    play_checked(Rules.preset(preset, **switches), players, seed, check_every=13)


def test_games_end_for_many_seeds() -> None:
    """Every game ends: a blocked table ends the round too (no infinite play)."""
    rules = Rules.preset("mattel-2021", draw_to_match=True, stacking=True)
    for seed in range(40):
        game = Game.new(rules, players=10, seed=seed)
        for _ in play_out(game, eager_chooser(Random(seed)), max_actions=20000):
            pass
        assert game.over
