"""Stateful property tests: hypothesis drives a table where any seat acts in any order.

Each step is one of: the seat to play takes one of its legal actions; any seat (the seat to
play included) takes one of its legal actions out of order; any seat tries an action that
is not legal, which must be refused with a reason and change nothing; Triple Play's clock
runs out. After every step:
every card is accounted for, the seat to play can act, views do not change when only the
cards a seat cannot see change, and a round that is over has a winner holding no card (or
none, blocked). When a round ends, its record replays and a new round is dealt.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, ClassVar

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from unokit import Action, Card, Game, IllegalAction, Random, Rules
from unokit.testing import check_position, snapshot

PROBES = [
    Action.parse(t)
    for t in (
        "play R5", "play W G", "play W+4 B", "play G9 uno", "draw", "pass", "accept",
        "challenge", "color G", "uno", "catch 0", "catch 3", "swap 1", "jump R5", "jump G7",
        "press @2", "play R5 @1", "play YD Y3 @2", "give 1 1", "timeout", "point 1", "point 0",
        "link 0 1", "link 1 2", "take", "play WPU", "play WDT G",
    )
]  # fmt: skip


class TableMachine(RuleBasedStateMachine):
    """A round of ``PRESETS``'s rules driven action by action (subclasses set them)."""

    PRESETS: ClassVar[list[tuple[str, dict[str, Any]]]] = []
    SEATS: ClassVar[tuple[int, int]] = (2, 6)

    def __init__(self) -> None:
        super().__init__()
        self.game: Game | None = None
        self.deck: Counter[Card] = Counter()
        self.rng = Random(0)
        self.rounds = 0

    def _deal(self, pick: int, players: int, seed: int) -> None:
        name, switches = self.PRESETS[pick % len(self.PRESETS)]
        rules = Rules.preset(name, **switches)
        if rules.partners:
            players = 4
        self.game = Game.new(rules, players=players, seed=seed)
        self.deck = Counter(self.game.all_cards())
        self.rng = Random(seed)

    @rule(
        pick=st.integers(0, 100),
        players=st.integers(2, 16),
        seed=st.integers(0, 2**32),
    )
    @precondition(lambda self: self.game is None)
    def deal(self, pick: int, players: int, seed: int) -> None:
        low, high = self.SEATS
        self._deal(pick, low + players % (high - low + 1), seed)

    @rule(choice=st.integers(0, 1000))
    @precondition(lambda self: self.game is not None and not self.game.over)
    def turn(self, choice: int) -> None:
        game = self.game
        assert game is not None
        legal = game.legal_actions()
        plays = [a for a in legal if a.kind == "play"]
        pool = plays if plays and choice % 5 else legal  # play mostly, so rounds end
        game.apply(pool[choice % len(pool)])

    @rule(seat=st.integers(0, 15), choice=st.integers(0, 1000))
    @precondition(lambda self: self.game is not None and not self.game.over)
    def any_seat_acts(self, seat: int, choice: int) -> None:
        game = self.game
        assert game is not None
        seat %= game.players
        legal = game.legal_actions(seat)
        if legal:
            game.apply(legal[choice % len(legal)], seat)

    @rule()
    @precondition(lambda self: self.game is not None and getattr(self.game, "clock_running", False))
    def the_clock_runs_out(self) -> None:
        game = self.game
        assert game is not None
        game.apply("timeout")

    @rule(seat=st.integers(0, 16), probe=st.sampled_from(PROBES))
    @precondition(lambda self: self.game is not None)
    def illegal_is_refused(self, seat: int, probe: Action) -> None:
        game = self.game
        assert game is not None
        if seat < game.players and probe in game.legal_actions(seat):
            return
        if probe.kind == "timeout" and seat == game.to_play and getattr(game, "clock_running", 0):
            return  # the table's clock, never a legal action, runs out now and then
        before = snapshot(game, full=False)
        try:
            game.apply(probe, seat)
        except IllegalAction as err:
            assert str(err)
        else:
            raise AssertionError(f"{probe} by seat {seat} was accepted but is not legal")
        assert snapshot(game, full=False) == before

    @rule()
    @precondition(lambda self: self.game is not None and self.game.over)
    def next_round(self) -> None:
        game = self.game
        assert game is not None
        again = Game.replay(json.loads(json.dumps(game.record())))
        assert snapshot(again) == snapshot(game)
        self.rounds += 1
        self.game = None

    @invariant()
    def every_card_is_accounted_for_and_the_round_can_go_on(self) -> None:
        game = self.game
        if game is None:
            return
        check_position(game, self.deck, self.rng)
        if game.over and game.winner is not None:
            assert not game.hand(game.winner)


class ClassicMachine(TableMachine):
    PRESETS: ClassVar[list[tuple[str, dict[str, Any]]]] = [
        ("mattel-2021", {}),
        ("mattel-2021", {"stacking": True, "jump_in": True, "seven_o": True}),
        ("mattel-2015", {"jump_in": True, "draw_to_match": True, "custom_rule": "draw_three"}),
        ("mattel-2003", {"first_card_effect": True, "stacking": True}),
        ("mattel-2021", {"partners": True, "jump_in": True, "custom_rule": "extra_turn"}),
    ]
    SEATS = (2, 10)


class TriplePlayMachine(TableMachine):
    PRESETS: ClassVar[list[tuple[str, dict[str, Any]]]] = [
        ("triple-play", {}),
        ("triple-play", {"timer": 20.0}),
        ("triple-play", {"two_player_reverse_skip": False}),
    ]
    SEATS = (2, 10)


class PartyMachine(TableMachine):
    PRESETS: ClassVar[list[tuple[str, dict[str, Any]]]] = [
        ("party", {}),
        ("party", {"two_player_reverse_skip": False}),
    ]
    SEATS = (2, 16)


_SETTINGS = settings(max_examples=30, stateful_step_count=120, deadline=None)
TestClassic = ClassicMachine.TestCase
TestClassic.settings = _SETTINGS
TestTriplePlay = TriplePlayMachine.TestCase
TestTriplePlay.settings = _SETTINGS
TestParty = PartyMachine.TestCase
TestParty.settings = _SETTINGS
