"""Random play at scale: every preset and variant, any switch set, actions from any seat.

A fuzz run is a sequence of cases. Case ``i`` of a run is fixed by the run's seed, the
preset and ``i`` alone (``case_for``), so a run is exactly reproducible, splits over any
number of processes, and one failing case replays on its own (``run_case``).

Each case picks a switch set (alternately a row of a covering array, in which every pair of
switch values meets, and a random draw), a table size (2 to 10 seats, Party! to 16), seats
that sit out (Challenge Uno's eliminated players), and for every seat a player: ``greedy``
or random that mostly plays a card; one seat of every other table plays uniformly at random
(a whole table of those has no bound on a round's length). Some rounds open unusually:
one case in 8 opens with *hoarding* (every seat draws, keeps and accepts while it may, a legal
opening that leaves the round dry) and one in 16 deals no deck but a *dead position* (two red
numbers that only each other's cards match, nothing to draw: docs/rules.md, C-DEC-49), so the
rule that ends every round is met in every preset. Between turns a random seat
takes a random out-of-turn action (Uno, catch, jump) one time in four, in any order; with
Triple Play's timer the clock sometimes runs out. Invariants:

* after every action: the action was legal; every card is still there (counted); a round
  that is over has no seat to play and its winner holds no card; otherwise the seat to play
  has a legal action; a round still in play after ``ACTION_BOUND`` actions is cut short
  and counted *unfinished* (the fuzzer's bound, not a rule of the game);
* every ``full_every`` actions (at a random phase) and at the end: the checks of
  ``unokit.testing`` — the cards as a multiset, views unchanged when only hidden cards
  change, refused actions refused with a reason and changing nothing;
* at the end of one round in four (``end_every``): no event shows a seat a card outside its
  audience, the record replays to the same game, and a clone taken at a random point,
  given the same actions, ends the same. (Replaying costs as much as playing; one round in
  four keeps the run at millions of rounds, and every kind of round still gets it.)

The command is ``benchmarks/fuzz.py``; tests/fuzz/test_sample.py runs a fixed sample in CI.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from unokit.actions import Action
from unokit.bots.base import decide
from unokit.bots.greedy import GreedyBot
from unokit.game import Game
from unokit.rng import Random
from unokit.rules import Rules
from unokit.testing import check_illegal_is_refused, check_position

__all__ = [
    "ACTION_BOUND",
    "FACTORS",
    "OPENINGS",
    "Case",
    "Outcome",
    "case_for",
    "covering_array",
    "run_case",
]

ACTION_BOUND: Final = {"classic": 20_000, "triple-play": 20_000, "party": 60_000}
"""The most actions of a fuzzed round: one still in play then is cut short and counted
``unfinished`` (the fuzzer's bound on its own time, not a rule: the rules end a round only
when a seat goes out, nobody can play or draw, or a position comes back five times). The
players here mostly play a card when they can, so rounds are short: the longest of hundreds
of thousands of rounds of each preset is a small part of this (docs/performance.md,
"Fuzzing")."""

FACTORS: Final[dict[str, dict[str, list[Any]]]] = {
    "classic": {
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
        "new_wild_points": [None, 40, 50],
    },
    "triple-play": {
        "two_player_reverse_skip": [True, False],
        "scoring": ["winner", "lowest", "elimination", "none"],
        "timer": [None, 20],
    },
    "party": {
        "two_player_reverse_skip": [True, False],
        "scoring": ["winner", "none"],
    },
}
"""The switches each kind of game takes, and the values the fuzzer tries."""

SEATS: Final = (2, 10)
"""Table sizes of the classic presets and Triple Play; Party! goes to its maximum (16)."""

_OUT_OF_TURN: Final = 4  # one step in this many offers a random seat an out-of-turn action
OPENINGS: Final = ("deal", "hoard", "dead")
"""How a case's round opens: a plain deal; a deal followed by hoarding (every seat draws,
keeps and accepts while it may, until the round runs dry); or a dead position, arranged."""
_HOARD_KEEP: Final = frozenset({"draw", "pass", "accept", "press", "take"})
_FILLER: Final = tuple(f"{c}{n}" for c in "YGB" for n in (1, 2, 3, 4, 6, 8, 9) for _ in (0, 1))
"""Cards that match neither a red card nor a 5 or a 7: the hands of a dead position."""


_RULES: dict[tuple[str, tuple[tuple[str, Any], ...]], Rules | None] = {}


def _rules(preset: str, switches: dict[str, Any]) -> Rules | None:
    """``Rules.preset(preset, **switches)``, or ``None`` if refused (memoized: a run makes
    the same few hundred switch sets again and again)."""
    key = (preset, tuple(sorted(switches.items(), key=lambda kv: kv[0])))
    if key not in _RULES:
        try:
            _RULES[key] = Rules.preset(preset, **switches)
        except ValueError:
            _RULES[key] = None
    return _RULES[key]


def _valid(preset: str, switches: dict[str, Any]) -> bool:
    return _rules(preset, switches) is not None


def covering_array(preset: str) -> list[dict[str, Any]]:
    """Switch sets of ``preset`` in which every valid pair of switch values meets at least
    once (a greedy pairwise covering array; every set is a valid ``Rules``)."""
    factors = FACTORS[Rules.preset(preset).game]
    names = list(factors)
    uncovered = {
        ((a, va), (b, vb))
        for a, b in itertools.combinations(names, 2)
        for va in factors[a]
        for vb in factors[b]
        if _valid(preset, {a: va, b: vb})
    }
    rows: list[dict[str, Any]] = []
    while uncovered:
        row: dict[str, Any] = {}
        for name in names:
            best, gain = factors[name][0], -1
            for value in factors[name]:
                trial = {**row, name: value}
                if not _valid(preset, trial):
                    continue
                hits = sum(
                    1
                    for (a, va), (b, vb) in uncovered
                    if (a == name and va == value and trial.get(b, vb) == vb)
                    or (b == name and vb == value and trial.get(a, va) == va)
                )
                if hits > gain:
                    best, gain = value, hits
            row[name] = best
        newly = {p for p in uncovered if row[p[0][0]] == p[0][1] and row[p[1][0]] == p[1][1]}
        if not newly:
            raise AssertionError(f"no switch set of {preset} covers the pairs left: {uncovered}")
        uncovered -= newly
        rows.append(row)
    return rows


_ARRAYS: dict[str, list[dict[str, Any]]] = {}


def _array(preset: str) -> list[dict[str, Any]]:
    rows = _ARRAYS.get(preset)
    if rows is None:
        rows = _ARRAYS[preset] = covering_array(preset)
    return rows


@dataclass(frozen=True)
class Case:
    """One fuzzed round: everything needed to play it again."""

    preset: str
    index: int
    switches: dict[str, Any]
    players: int
    absent: tuple[int, ...]
    seats: tuple[str, ...]
    """The player at each seat: ``greedy`` (1 seat in 8), ``eager`` (plays a card when it
    can 9 times in 10, any legal action else) or, at one seat of every other table,
    ``random`` (uniform over the legal actions)."""
    seed: int
    """The deal's seed; the players' and the driver's generators derive from it."""
    opening: str = "deal"
    """One of ``OPENINGS``."""

    def rules(self) -> Rules:
        rules = _rules(self.preset, self.switches)
        if rules is None:
            return Rules.preset(self.preset, **self.switches)  # raises, saying why
        return rules

    def to_json(self) -> dict[str, Any]:
        return {
            "preset": self.preset,
            "index": self.index,
            "switches": self.switches,
            "players": self.players,
            "absent": list(self.absent),
            "seats": list(self.seats),
            "seed": self.seed,
            "opening": self.opening,
        }


def _mix(*parts: int) -> int:
    """A 63-bit seed from several numbers (splitmix64 steps), for independent cases."""
    x = 0x9E3779B97F4A7C15
    for part in parts:
        x = (x ^ (part & 0xFFFFFFFFFFFFFFFF)) * 0xBF58476D1CE4E5B9 & 0xFFFFFFFFFFFFFFFF
        x ^= x >> 31
    return x & 0x7FFFFFFFFFFFFFFF


def case_for(preset: str, seed: int, index: int, seats: tuple[int, int] | None = None) -> Case:
    """Case ``index`` of the run with ``seed`` for ``preset``; ``seats`` (lowest, highest)
    narrows the table sizes (within what the preset allows) for a run aimed at large
    or small tables (partners always seat 4); without it, a case is what it has always
    been."""
    rng = Random(_mix(seed, sum(map(ord, preset)) * 131 + len(preset), index))
    factors = FACTORS[Rules.preset(preset).game]
    if index % 2 == 0:
        rows = _array(preset)
        switches = dict(rows[(index // 2) % len(rows)])
    else:
        while True:
            switches = {k: v[rng.below(len(v))] for k, v in factors.items()}
            if _valid(preset, switches):
                break
    rules = _rules(preset, switches)
    assert rules is not None
    low, high = SEATS
    high = max(high, rules.max_players) if rules.game == "party" else high
    if seats is not None:
        low, high = max(low, seats[0]), min(high, seats[1])
        if low > high:
            raise ValueError(f"{preset} seats {SEATS[0]} to {high}, not {seats[0]} to {seats[1]}")
    players = 4 if rules.partners else low + rng.below(high - low + 1)
    opening = "dead" if index % 16 == 7 else "hoard" if index % 8 == 3 else "deal"
    absent: tuple[int, ...] = ()
    if opening != "dead" and rules.scoring == "elimination" and players > 2 and rng.below(2):
        out = rng.below(players - 1)  # at least two seats stay in
        order = list(range(players))
        rng.shuffle(order)
        absent = tuple(sorted(order[:out]))
    kinds = ["greedy" if rng.below(8) == 0 else "eager" for _ in range(players)]
    if rng.below(2):  # a table of uniform players has no bound on its length: one at most
        kinds[rng.below(players)] = "random"
    seats_kinds = tuple(kinds)
    seed_ = rng.next64() >> 1
    return Case(preset, index, switches, players, absent, seats_kinds, seed_, opening)


@dataclass
class Outcome:
    """What one case did: its size, and the failure if an invariant broke."""

    case: Case
    actions: int = 0
    winner: int | None = None
    unfinished: bool = False
    """Still in play at ``ACTION_BOUND``: cut short, checked as far as it went."""
    failure: str | None = None
    record: dict[str, Any] | None = field(default=None, repr=False)
    """With a failure: the game's record up to the failing action (replay it to look)."""
    action: tuple[int, str] | None = None
    """With a failure during an action: the seat and the action being applied."""

    def report(self) -> str:
        """The failure with its reproduction, as JSON text."""
        return json.dumps(
            {
                "case": self.case.to_json(),
                "failure": self.failure,
                "action": self.action,
                "record": self.record,
            },
            indent=1,
        )


Chooser = Callable[[Game, int, list[Action]], Action]


def _players(case: Case, rng: Random) -> list[Chooser]:
    def uniform(game: Game, seat: int, legal: list[Action]) -> Action:
        return legal[rng.below(len(legal))]

    def eager(game: Game, seat: int, legal: list[Action]) -> Action:
        plays = [a for a in legal if a.kind == "play"]
        if plays and rng.below(10):
            return plays[rng.below(len(plays))]
        return legal[rng.below(len(legal))]

    out: list[Chooser] = []
    for seat, kind in enumerate(case.seats):
        if kind == "greedy":
            bot = GreedyBot(seed=case.seed ^ seat)

            def greedy(game: Game, seat: int, legal: list[Action], bot: GreedyBot = bot) -> Action:
                choice = bot.choose(decide(game, seat))
                assert choice is not None, "greedy chose nothing for a turn"
                return choice

            out.append(greedy)
        else:
            out.append(uniform if kind == "random" else eager)
    return out


def _cheap_checks(game: Game, size: int) -> None:
    """The invariants checked after every action (cheap enough for millions of rounds)."""
    held = len(game.all_cards())
    assert held == size, f"{held} cards in the game, not {size}"
    if game.over:
        assert game.to_play is None, "a round that is over still has a seat to play"
        winner = game.winner
        if winner is not None:
            assert not game.hand(winner), f"the winner, seat {winner}, holds cards"
    else:
        seat = game.to_play
        assert seat is not None, "a round in play has no seat to play"
        assert seat in game.active, f"seat {seat} is to play but sits out"


def run_case(
    case: Case, *, full_every: int = 256, end_every: int = 4, bound: int | None = None
) -> Outcome:
    """Play ``case`` with every invariant checked: the full position checks every
    ``full_every`` actions and at the end, the end-of-round checks (redaction, replay,
    clone) on one round in ``end_every``; 1 and 1 check everything after every action and
    every round. Never raises for a broken invariant: the ``Outcome`` says what broke."""
    outcome = Outcome(case)
    rng = Random(_mix(case.seed, 1))
    check_rng = Random(_mix(case.seed, 2))
    game: Game | None = None
    current: tuple[int, Action] | None = None
    try:
        rules = case.rules()
        game = _open(case, rules)
        deck = Counter(game.all_cards())
        size = sum(deck.values())
        players = _players(case, rng)
        limit = bound if bound is not None else ACTION_BOUND[rules.game]
        phase = check_rng.below(full_every)
        clone_at = 1 + check_rng.below(64)
        twin: tuple[Game, int] | None = None
        done: list[tuple[int, Action]] = []
        check_position(game, deck, check_rng)
        timer = rules.timer is not None
        hoarding = case.opening == "hoard"
        while not game.over:
            if len(done) >= limit:
                outcome.unfinished = True
                break
            hoarding = hoarding and game.reserve >= len(game.active)
            if hoarding:
                seat, action = _hoard(game, rng)
            else:
                seat, action = _next_action(game, players, rng, timer)
            current = (seat, action)
            game.apply(action, seat)
            current = None
            done.append((seat, action))
            _cheap_checks(game, size)
            if len(done) % full_every == phase:
                check_position(game, deck, check_rng)
                check_illegal_is_refused(game, check_rng)
            if len(done) == clone_at:
                twin = (game.clone(), len(done))
        check_position(game, deck, check_rng)
        check_illegal_is_refused(game, check_rng)
        if check_rng.below(end_every) == 0:
            _check_end(game, check_rng, twin, done)
        outcome.actions = len(done)
        outcome.winner = game.winner
    except Exception as err:  # a fuzzer reports every failure, whatever it is
        outcome.failure = f"{type(err).__name__}: {err}"
        if game is not None:
            outcome.actions = len(game.actions)
            try:
                outcome.record = game.record()
            except Exception as inner:  # the record itself may be what broke
                outcome.record = {"error": f"{type(inner).__name__}: {inner}"}
        if current is not None:
            outcome.action = (current[0], str(current[1]))
    return outcome


def _open(case: Case, rules: Rules) -> Game:
    """The case's round as it opens: dealt, or a dead position (nothing to draw; two red
    numbers, or for Triple Play a red pile over two blue ones, that only each other match)."""
    if case.opening != "dead":
        return Game.new(rules, players=case.players, seed=case.seed, absent=case.absent)
    hands = [list(_FILLER[2 * s : 2 * s + 2]) for s in range(case.players)]
    if rules.game == "triple-play":
        from unokit.tripleplay import TriplePlayGame

        piles = [["R5", "R7"], ["B5"], ["B7"]]
        return TriplePlayGame.arranged(rules, hands=hands, piles=piles, seed=case.seed)
    return Game.arranged(rules, hands=hands, discard=["R5", "R7"], seed=case.seed)


def _hoard(game: Game, rng: Random) -> tuple[int, Action]:
    """The hoarding opening's move for the seat to play: draw, keep, accept or take while it
    may (any legal action where none of those is)."""
    seat = game.to_play
    assert seat is not None
    legal = game.legal_actions(seat)
    keep = [a for a in legal if a.kind in _HOARD_KEEP]
    return seat, (keep[0] if keep else legal[rng.below(len(legal))])


def _same(a: Game, b: Game, seat: int) -> bool:
    """Two games in the same state: the log, the actions, every hand and pile, and the views
    of ``seat`` and of a spectator (what ``snapshot`` compares, without the JSON)."""
    return (
        a.log == b.log
        and a.actions == b.actions
        and all(a.hand(s) == b.hand(s) for s in range(a.players))
        and a.draw_pile == b.draw_pile
        and a.all_cards() == b.all_cards()
        and a.view(seat) == b.view(seat)
        and a.view(None) == b.view(None)
    )


def _check_end(
    game: Game, rng: Random, twin: tuple[Game, int] | None, done: list[tuple[int, Action]]
) -> None:
    """The end of a round: events redacted for one seat and a spectator, the record replays
    (through JSON text one round in 16) to the same game, a clone given the same actions
    ends the same."""
    seat = game.active[rng.below(len(game.active))]
    for who in (seat, None):
        for original, seen in zip(game.log, game.events(who), strict=True):
            if original.audience is not None and (who is None or who not in original.audience):
                assert not seen.cards, f"seat {who} sees hidden cards in {original.type}"
    record = game.record()
    if rng.below(16) == 0:  # through JSON text now and then (the record's own tests do more)
        record = json.loads(json.dumps(record))
    again = Game.replay(record)
    assert _same(again, game, seat), "the replayed record differs from the game"
    if twin is not None:
        copy, start = twin
        for acted, action in done[start:]:
            copy.apply(action, acted)
        assert _same(copy, game, seat), "a clone given the same actions differs"


def _next_action(
    game: Game, players: Sequence[Chooser], rng: Random, timer: bool
) -> tuple[int, Action]:
    """Who acts next, and how: a random seat's out-of-turn action one time in four (when a
    window is open), the clock running out now and then (timer mode), else the seat to
    play as its player chooses."""
    to_play = game.to_play
    assert to_play is not None
    if game.out_of_turn_possible() and rng.below(_OUT_OF_TURN) == 0:
        other = rng.below(game.players)
        if other != to_play:
            legal = game.legal_actions(other)
            if legal:
                return other, legal[rng.below(len(legal))]
    seat = to_play
    if timer and rng.below(50) == 0 and getattr(game, "clock_running", False):
        return seat, _TIMEOUT
    legal = game.legal_actions(seat)
    assert legal, f"seat {seat} is to play and has no legal action"
    return seat, players[seat](game, seat, legal)


_TIMEOUT: Final = Action("timeout")


def cases(
    preset: str, seed: int, start: int, stop: int, seats: tuple[int, int] | None = None
) -> Iterator[Case]:
    """Cases ``start`` to ``stop - 1`` of a run."""
    for index in range(start, stop):
        yield case_for(preset, seed, index, seats)
