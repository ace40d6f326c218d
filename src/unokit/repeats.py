"""Does the repetition rule end rounds that would still be won? Measured by playing them on.

The rule (docs/rules.md, C-DEC-49) ends a round without a winner on the fifth time its
position comes back. ``measure`` plays rounds of the mixes the rules audits fuzzed (tables
of greedy, uniformly random, playable-random, mixed players or greedy ones with a staller;
openings dealt, hoarded or half hoarded; Jump-In after hoarding; 2 to 10 seats; every
preset) and plays each round the rule ended on from the position before its last action,
with the rule off (its counts cleared) and the same players, up to ``PLAY_ON`` actions: the
rule is right where none of them goes on to a win. The command is
``benchmarks/repetition.py``; tests/rules/test_repetition.py runs a small sample.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from unokit.actions import Action
from unokit.bots.base import decide
from unokit.bots.greedy import GreedyBot
from unokit.game import REPEATS, Game
from unokit.rng import Random
from unokit.rules import Rules

__all__ = ["MIXES", "PLAY_ON", "PRESETS", "Tally", "measure", "play_round"]

PRESETS: Final = ("mattel-2021", "mattel-2015", "mattel-2003", "triple-play", "party")
MIXES: Final = ("greedy", "random", "randplay", "mixed", "staller")
"""The tables: every seat greedy, uniformly random over the legal actions, playable-random
(a card whenever one plays), a mix of the three, or greedy with one staller (it draws and
keeps while another seat holds two cards or fewer)."""
OPENINGS: Final = ("deal", "hoard", "half")
PLAY_ON: Final = 20_000
"""Actions a round the rule ended is played on for, with the rule off."""
BOUND: Final = 50_000
"""The harness's bound on a round's actions: a round still in play is unfinished."""

Chooser = Callable[[Game, int, list[Action]], Action]


def _chooser(kind: str, seed: int, rng: Random) -> Chooser:
    if kind in {"greedy", "staller"}:
        bot = GreedyBot(seed=seed)

        def greedy(game: Game, seat: int, legal: list[Action]) -> Action:
            if kind == "staller" and any(len(game.hand(s)) <= 2 for s in game.active if s != seat):
                keep = [a for a in legal if a.kind in ("draw", "pass")]
                if keep:
                    return keep[0]
            choice = bot.choose(decide(game, seat))
            return choice if choice is not None else legal[0]

        return greedy
    if kind == "randplay":

        def randplay(game: Game, seat: int, legal: list[Action]) -> Action:
            plays = [a for a in legal if a.kind == "play"]
            pool = plays or legal
            return pool[rng.below(len(pool))]

        return randplay
    return lambda game, seat, legal: legal[rng.below(len(legal))]


@dataclass
class Tally:
    """What the rounds did: each count by (preset, mix, opening) too."""

    rounds: int = 0
    won: int = 0
    repetition: int = 0
    stuck: int = 0
    unfinished: int = 0
    played_on_won: int = 0
    """Rounds the rule ended that play with the rule off goes on to win: the figure that
    must stay 0."""
    played_on_ended: int = 0
    """Of those, played on, that ended some other way (stuck) within ``PLAY_ON``."""
    actions: int = 0
    by_case: Counter[str] = field(default_factory=Counter)
    ended: list[tuple[str, str, str, int, int]] = field(default_factory=list)
    """The rounds the rule ended: preset, mix, opening, seats, seed (``play_round``'s)."""
    wins_after: list[str] = field(default_factory=list)
    """The rounds played on to a win: preset, mix, opening, seats, seed."""


def _hoard(game: Game, rng: Random, half: bool) -> None:
    """Every seat draws, keeps and accepts while it may (``half``: until half the draw pile
    is gone), then the table plays."""
    stop = game.draw_size // 2 if half else 0
    for _ in range(5000):
        if game.over or (game.draw_size <= stop and (half or game.reserve < len(game.active))):
            return
        seat = game.to_play
        assert seat is not None
        legal = game.legal_actions()
        keep = [a for a in legal if a.kind in ("draw", "pass", "accept", "press", "take")]
        game.apply(keep[0] if keep else legal[rng.below(len(legal))], seat)


def _step(game: Game, players: list[Chooser]) -> None:
    seat = game.to_play
    assert seat is not None
    game.apply(players[seat](game, seat, game.legal_actions()), seat)
    for s in sorted(game.uno_exposed):  # every seat says Uno: the rule is about play
        if not game.over and s != game.to_play:
            game.apply("uno", s)


def play_round(  # noqa: PLR0917 - a case is these five values
    preset: str, mix: str, opening: str, seats: int, seed: int, tally: Tally
) -> None:
    """Deal, open, play to the end or ``BOUND``; a round the rule ended is played on."""
    switches = {"jump_in": True} if opening != "deal" and preset.startswith("mattel") else {}
    game = Game.new(Rules.preset(preset, **switches), players=seats, seed=seed)
    rng = Random(seed * 7 + 1)
    if opening != "deal":
        _hoard(game, rng, opening == "half")
    kinds = [mix] * seats
    if mix == "mixed":
        kinds = [("greedy", "random", "randplay")[rng.below(3)] for _ in range(seats)]
    elif mix == "staller":
        kinds = ["greedy"] * seats
        kinds[rng.below(seats)] = "staller"
    players = [_chooser(k, seed * 31 + s, rng) for s, k in enumerate(kinds)]
    key = f"{preset} {mix} {opening}"
    tally.rounds += 1
    before = game.clone()
    while not game.over and len(game.actions) < BOUND:
        before = game.clone()
        _step(game, players)
    tally.actions += len(game.actions)
    if not game.over:
        tally.unfinished += 1
        tally.by_case[key + " unfinished"] += 1
        return
    if game.winner is not None:
        tally.won += 1
        return
    reason = game.log[-2].reason
    if reason == "stuck":
        tally.stuck += 1
        return
    assert reason == "repetition" and game.repeats == REPEATS
    tally.repetition += 1
    tally.by_case[key + " repetition"] += 1
    tally.ended.append((preset, mix, opening, seats, seed))
    again = before  # the position before the last action, the rule off from here
    for _ in range(PLAY_ON):
        if again.over:
            break
        if again.repeats >= REPEATS - 1:
            again._seen = None  # the rule off: nothing it counted is kept
        _step(again, players)
    if again.over and again.winner is not None:
        tally.played_on_won += 1
        tally.wins_after.append(f"{key} seats={seats} seed={seed}")
    elif again.over:
        tally.played_on_ended += 1


def measure(rounds_each: int, seed: int = 0, presets: tuple[str, ...] = PRESETS) -> Tally:
    """``rounds_each`` rounds of every preset, mix and opening, 2 to 10 seats."""
    tally = Tally()
    rng = Random(seed)
    for preset in presets:
        for mix in MIXES:
            for opening in OPENINGS:
                for _ in range(rounds_each):
                    seats = 2 + rng.below(9)
                    play_round(preset, mix, opening, seats, rng.next64() >> 1, tally)
    return tally
