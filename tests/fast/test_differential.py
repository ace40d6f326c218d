"""The fast path plays exactly the reference engine's games.

Same seed, same shuffle, deal, first card, reshuffles and Wild Shuffle Hands; same policy
draws; same legal actions at every step; same end. Thousands of games per rule set.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba")

from unokit import Action, Game, Random, Rules
from unokit.fast import (
    HOUSE,
    FastGame,
    decode_action,
    encode_action,
    kernel,
    play_random_game,
    play_random_games,
    policy_action,
    policy_seed,
)
from unokit.fast.layout import SEEN_CAP

PLAIN = Rules.preset("mattel-2021")
RULE_SETS = {
    "mattel-2021": PLAIN,
    "stacking": Rules.preset("mattel-2021", stacking=True),
    "seven_o": Rules.preset("mattel-2021", seven_o=True),
    "draw_to_match": Rules.preset("mattel-2021", draw_to_match=True),
    "house": HOUSE,
}
TURN_KINDS = {"play", "draw", "pass", "accept", "challenge", "swap"}


def reference_snapshot(game: Game) -> dict[str, Any]:
    return {
        "hands": [[c.code for c in game.hand(s)] for s in range(game.players)],
        "draw": [c.code for c in game.draw_pile],
        "discard": [c.code for c in game.discard],
        "to_play": game.to_play,
        "direction": game.direction,
        "color": game.color,
        "phase": game.phase,
        "pending": game.pending,
        "winner": game.winner,
        "turns": game.turns,
        "repeats": game.repeats,
    }


def reference_legal(game: Game) -> list[int]:
    """The seat to play's turn actions as kernel numbers (Uno is said with the play)."""
    return sorted(
        {encode_action(a) for a in game.legal_actions() if a.kind in TURN_KINDS and not a.uno}
    )


def said(game: Game, number: int) -> Action:
    """The action as the reference engine takes it: Uno said when the play leaves one card."""
    to_play = game.to_play
    assert to_play is not None
    action = decode_action(number)
    if action.kind == "play" and len(game.hand(to_play)) == 2:
        action = decode_action(number, uno=True)
    return action


@pytest.mark.parametrize("players", [2, 3, 4, 7, 10])
def test_the_deal_is_the_engines_deal(players: int) -> None:
    for seed in [0, 1, 2, 2**32 + 5, 2**63 + 11, 2**64 - 1, *range(100, 140)]:
        fast = FastGame(PLAIN, players, seed)
        assert fast.snapshot() == reference_snapshot(Game.new(PLAIN, players=players, seed=seed))


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_policy_games_end_exactly_as_the_engines(name: str) -> None:
    """2,000 games (one house rule alone: 1,000; the house set: 300 more at 2 and 6 players)
    end in the same position."""
    rules = RULE_SETS[name]
    sizes = [4] if name != "house" else [4, 2, 6]
    seen: set[str] = set()
    for players in sizes:
        count = 300 if players != 4 else 2000 if name in ("mattel-2021", "house") else 1000
        seeds = list(range(7000, 7000 + count))
        batch = play_random_games(rules, players, seeds)
        for i, seed in enumerate(seeds):
            ref = play_random_game(rules, players, seed)
            fast = FastGame(rules, players, seed)
            prng = np.zeros(2, dtype=np.uint64)
            kernel.seed_rng(prng, np.uint64(policy_seed(seed)))
            n = kernel.random_playout(fast.state, fast.rng, prng, 1_000_000)
            assert fast.snapshot() == reference_snapshot(ref.game), (name, players, seed)
            assert n == ref.actions == batch.actions[i]
            assert fast.round_points() == ref.game.round_points() == batch.points[i].tolist()
            winner = -1 if ref.game.winner is None else ref.game.winner
            assert batch.winners[i] == winner
            seen.update(e.type for e in ref.game.log)
    assert "shuffle_hands" in seen
    if name == "house":  # the games compared include every mechanism of the set
        assert {"reshuffle", "shuffle_hands", "swap", "rotate"} <= seen


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_policy_games_agree_at_every_step(name: str) -> None:
    """Legal actions, the policy's choice and the whole position after every action."""
    rules = RULE_SETS[name]
    for seed in range(150):
        players = 2 + seed % 5
        game = Game.new(rules, players=players, seed=seed)
        fast = FastGame(rules, players, seed)
        rng = Random(policy_seed(seed))
        prng = np.zeros(2, dtype=np.uint64)
        kernel.seed_rng(prng, np.uint64(policy_seed(seed)))
        while not game.over:
            assert fast.legal() == reference_legal(game)
            action = policy_action(game.legal_actions(), rng)
            number = kernel.policy_action(fast.state, prng)
            assert number == encode_action(action)
            game.apply(action)
            fast.apply(number)
            assert fast.snapshot() == reference_snapshot(game)
        assert fast.over


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_any_legal_play_agrees_challenges_and_passes_included(name: str) -> None:
    """Uniformly random legal actions (challenge, pass, stacking choices, swaps) too."""
    rules = RULE_SETS[name]
    seen: set[str] = set()
    for seed in range(100):
        players = 2 + seed % 4
        game = Game.new(rules, players=players, seed=seed)
        fast = FastGame(rules, players, seed)
        chooser = Random(seed + 99)
        for _ in range(400):
            if game.over:
                break
            legal = fast.legal()
            assert legal == reference_legal(game)
            number = legal[chooser.below(len(legal))]
            game.apply(said(game, number))
            fast.apply(number)
            assert fast.snapshot() == reference_snapshot(game)
        seen.update(e.type for e in game.log)
    assert {"reshuffle", "challenge", "verdict", "pass"} <= seen


def test_fast_game_refuses_an_illegal_action_and_changes_nothing() -> None:
    fast = FastGame(PLAIN, 4, 3)
    before = fast.snapshot()
    illegal = next(a for a in range(94) if a not in fast.legal())
    with pytest.raises(ValueError, match="not legal"):
        fast.apply(illegal)
    assert fast.snapshot() == before


# -- the Uno window (FLAG_UNO_CALLS) ---------------------------------------------------------
def calls_snapshot(game: Game) -> dict[str, Any]:
    """The position with the Uno bookkeeping (what ``view`` publishes as uno_said/exposed)."""
    view = game.view(None)
    return reference_snapshot(game) | {
        "uno_said": view["uno_said"],
        "uno_exposed": view["uno_exposed"],
    }


def legal_numbers(game: Game, seat: int) -> list[int]:
    """Every legal action of ``seat``, out-of-turn ones included, as kernel numbers (a list:
    two actions sharing a number would show as a repeat)."""
    return sorted(encode_action(a, calls=True) for a in game.legal_actions(seat))


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_uno_calls_agree_with_any_seat_acting(name: str) -> None:
    """Uniformly random legal actions of a seat drawn at random among the seats that have
    any (so ``uno`` and ``catch`` come at any moment the window is open, plays that leave
    one card come with and without Uno): the position, both Uno sets and every seat's legal
    actions agree after every action, 2 to 10 players."""
    rules = RULE_SETS[name]
    seen: set[str] = set()
    said_plays = plain_last_plays = 0
    for seed in range(240):
        players = 2 + seed % 9
        game = Game.new(rules, players=players, seed=seed)
        fast = FastGame(rules, players, seed, uno_calls=True)
        chooser = Random(seed + 1234)
        for _ in range(500):
            assert fast.snapshot() == calls_snapshot(game), (name, seed)
            legal = {s: legal_numbers(game, s) for s in range(players)}
            assert {s: fast.legal(s) for s in range(players)} == legal, (name, seed)
            to_play = game.to_play
            assert fast.legal() == ([] if to_play is None else legal[to_play])
            if to_play is None:
                break
            seats = [s for s in range(players) if legal[s]]
            seat = seats[chooser.below(len(seats))]
            number = legal[seat][chooser.below(len(legal[seat]))]
            action = decode_action(number)
            if action.kind == "play" and len(game.hand(seat)) == 2:
                said_plays += action.uno
                plain_last_plays += not action.uno
            game.apply(action, seat)
            fast.apply(number, seat)
        seen.update(e.type for e in game.log)
    assert {"uno", "catch", "challenge", "verdict", "reshuffle"} <= seen
    assert said_plays > 20 and plain_last_plays > 20
    if name in ("seven_o", "house"):
        assert {"swap", "rotate"} <= seen


def test_uno_calls_are_refused_when_the_window_is_shut() -> None:
    fast = FastGame(PLAIN, 3, 5, uno_calls=True)
    before = fast.snapshot()
    for number in (encode_action(Action("uno"), calls=True),
                   encode_action(Action("catch", target=1), calls=True)):  # fmt: skip
        for seat in range(3):
            with pytest.raises(ValueError, match="not legal"):
                fast.apply(number, seat)
    assert fast.snapshot() == before
    assert before["uno_said"] == before["uno_exposed"] == []


def test_action_numbers_round_trip_with_uno_calls() -> None:
    from unokit.fast.layout import NUM_ACTIONS, NUM_ACTIONS_UNO

    for number in range(NUM_ACTIONS_UNO):
        action = decode_action(number)
        assert encode_action(action, calls=True) == number
        if number < NUM_ACTIONS:  # the speed paths' numbers keep their meaning
            assert encode_action(action) == number


# -- a round ends on the fifth time its position comes back (C-DEC-49) -------------------------
_FILLER = [f"{c}{n}" for c in "YGB" for n in (1, 2, 3, 4, 6, 8, 9) for _ in range(2)]


def dry_position(players: int, rules: Rules = PLAIN) -> Game:
    """Nothing to draw; two red numbers that only each other match (the audit's position)."""
    hands = [_FILLER[2 * s : 2 * s + 2] for s in range(players)]
    return Game.arranged(rules, hands=hands, discard=["R5", "R7"], draw=[])


def hoarded(rules: Rules, players: int, seed: int) -> Game:
    """A real deal in which every seat draws, keeps and accepts while it may, until nothing
    is left to draw."""
    game = Game.new(rules, players=players, seed=seed)
    for _ in range(3000):
        if game.over or (game.draw_size == 0 and len(game.discard) <= 2):
            break
        legal = game.legal_actions()
        keep = [a for a in legal if a.kind in ("draw", "pass", "accept")]
        game.apply(keep[0] if keep else legal[0])
    return game


def test_a_fast_game_taken_from_a_new_deal_is_the_fast_deal() -> None:
    from unokit.fast.layout import HEADER

    for players in (2, 5, 10):
        for seed in range(20):
            made = FastGame.from_game(Game.new(PLAIN, players=players, seed=seed))
            dealt = FastGame(PLAIN, players, seed)
            assert made.state[:HEADER].tolist() == dealt.state[:HEADER].tolist()
            assert made.snapshot() == dealt.snapshot()
            assert made.rng.tolist() == dealt.rng.tolist()


def play_both(game: Game, fast: FastGame, chooser: Random) -> int:
    """Uniformly random legal actions on both, the positions compared after every one, until
    the round ends or counts more positions than the kernel holds; returns how many of them
    were taken after a position was counted."""
    counted = 0
    while not game.over:
        if len(game._seen or ()) >= SEEN_CAP:  # past the kernel's reach (layout.SEEN_CAP)
            return counted
        legal = fast.legal()
        assert legal == reference_legal(game)
        number = legal[chooser.below(len(legal))]
        game.apply(said(game, number))
        fast.apply(number)
        assert fast.snapshot() == reference_snapshot(game)
        counted += game.repeats > 0
    assert fast.over
    return counted


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_repeated_positions_end_rounds_as_the_engines(name: str) -> None:
    """The audit's dead position at 2 to 10 seats, and real deals after a hoarding opening:
    the kernel counts the same positions the same number of times and ends the same rounds."""
    rules = RULE_SETS[name]
    counted = 0
    for players in (2, 3, 6, 10):
        for seed in range(5):
            game = dry_position(players, rules)
            play_both(game, FastGame.from_game(game), Random(seed))
            if len(game._seen or ()) < SEEN_CAP:  # within the kernel's reach: it ended there
                assert game.winner is None and game.log[-2].reason == "repetition"
    for seed in range(30):
        players = 2 + seed % 5
        game = hoarded(rules, players, seed)
        fast = FastGame.from_game(game)
        assert fast.snapshot() == reference_snapshot(game)
        counted += play_both(game, fast, Random(seed))
    assert counted > 50


def test_a_fast_game_taken_mid_round_holds_the_positions_counted() -> None:
    """``FastGame.from_game`` hands the kernel the engine's counted positions, so the two end
    the round on the same repetition."""
    rules = RULE_SETS[next(iter(RULE_SETS))]
    game = dry_position(2, rules)
    chooser = Random(7)
    while game.repeats < 3:
        legal = reference_legal(game)
        game.apply(said(game, legal[chooser.below(len(legal))]))
    fast = FastGame.from_game(game)
    assert fast.repeats == game.repeats
    play_both(game, fast, chooser)
    assert game.log[-2].reason == "repetition"


def test_the_kernel_counts_with_the_engines_constant() -> None:
    from unokit import game
    from unokit.fast import layout

    assert layout.REPEATS == game.REPEATS


@pytest.mark.parametrize("drawn", ["G7", "B7"])
@pytest.mark.parametrize("draw_to_match", [False, True])
def test_a_drawn_card_is_kept_with_pass_whether_or_not_it_plays(
    drawn: str, draw_to_match: bool
) -> None:
    """The kernel enters the drawn phase after every turn draw, as the engine does
    (docs/rules.md, C-DEC-57): a card that does not play offers ``pass`` alone."""
    game = Game.arranged(
        Rules.preset(draw_to_match=draw_to_match),
        hands=[["R1", "R2", "R3"], ["Y1", "Y2", "Y3"], ["B1", "B2", "B3"]],
        discard=["G5"],
        draw=[drawn],
    )
    fast = FastGame.from_game(game)
    draw = encode_action(Action("draw"))
    game.apply("draw")
    fast.apply(draw)
    assert fast.snapshot() == reference_snapshot(game)
    assert game.phase == "drawn"
    assert fast.legal() == reference_legal(game)
    assert (encode_action(Action("pass")) in fast.legal()) and (len(fast.legal()) == 1) == (
        drawn == "B7"
    )
