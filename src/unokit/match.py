"""A match: rounds dealt until the scoring mode of the rules decides a winner.

The first dealer is found as the 2015 sheet says ("Each player draws a card and the highest
number deals. Cards with a symbol count as zero"; the tied draw again), the deal passes to
the left. Each round's seed comes from the match's own generator (so a match seed alone
replays an offline match), unless ``next_round(seed=...)`` names it: the table server draws
every later round's seed from the operating system's CSPRNG, so knowing one round's seed
tells nothing about the next. A record holds every round's seed (in its ``origin``), and
replay deals each round from it.

A harness that bounds a round's actions (the table server's ``round_actions``) ends a round
still in play with ``cut_round``: the round is *unfinished*, nobody scores it, and the next
round may be dealt; the record lists it (``unfinished``) so replay cuts it where it was cut.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from unokit.cards import Card, Kind
from unokit.errors import IllegalAction, RecordError
from unokit.game import Game
from unokit.record import READ_VERSIONS, RECORD_VERSION, apply_recorded, recorded_events_match
from unokit.rng import Random
from unokit.rules import Rules

__all__ = ["MATCH_FORMAT", "Match"]

MATCH_FORMAT: Final = "unokit.match"
MATCH_SEAT_FORMAT: Final = "unokit.match.seat"
MATCH_VERSION: Final = 1


class Match:
    """Rounds to the target score. ``match.game`` is the round being played."""

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        players: int = 4,
        seed: int | None = None,
        dealer: int | None = None,
    ) -> None:
        self.rules = rules if rules is not None else Rules.preset()
        self.players = players
        if seed is None:
            import secrets

            seed = secrets.randbits(63)
        self.seed = seed
        self._rng = Random(seed)
        self.dealer_draws: list[list[tuple[int, Card]]] = []
        """The cards drawn to choose the first dealer, one list per draw."""
        if dealer is None:
            dealer = self._draw_for_dealer()
        self._totals = [0] * players
        self._eliminated: list[int] = []
        self._settled = False
        self._over = False
        self._winner: int | None = None
        self.rounds: list[Game] = []
        """Every round dealt so far, the current one last."""
        self._unfinished: list[int] = []
        self.game = self._deal(dealer)

    # -- the deal -----------------------------------------------------------------------
    def _draw_for_dealer(self) -> int:
        """'Each player draws a card and the highest number deals.'"""
        deck = self.rules.deck()
        self._rng.shuffle(deck)
        contenders = list(range(self.players))
        while True:
            if len(deck) < len(contenders):
                deck = self.rules.deck()
                self._rng.shuffle(deck)
            draws = [(seat, deck.pop(0)) for seat in contenders]  # the top card first
            self.dealer_draws.append(draws)
            values = {seat: (c.number if c.kind is Kind.NUMBER else 0) or 0 for seat, c in draws}
            best = max(values.values())
            contenders = [seat for seat, v in values.items() if v == best]
            if len(contenders) == 1:
                return contenders[0]

    def _deal(self, dealer: int, seed: int | None = None) -> Game:
        game = Game.new(
            self.rules,
            players=self.players,
            seed=self._rng.next64() if seed is None else seed,
            dealer=dealer,
            absent=self._eliminated,
        )
        self.rounds.append(game)
        self._settled = False
        return game

    # -- scores and the end ---------------------------------------------------------------
    @property
    def teams(self) -> list[tuple[int, int]] | None:
        return [(0, 2), (1, 3)] if self.rules.partners else None

    @property
    def scores(self) -> list[int]:
        """Each seat's total, counting the current round once it is over."""
        self._settle()
        return list(self._totals)

    @property
    def over(self) -> bool:
        self._settle()
        return self._over

    @property
    def winner(self) -> int | None:
        """The seat that won the match (partners: the one whose going out won it)."""
        self._settle()
        return self._winner

    @property
    def eliminated(self) -> list[int]:
        """Challenge Uno: the seats out of the match, in the order they went out."""
        self._settle()
        return list(self._eliminated)

    @property
    def unfinished(self) -> list[int]:
        """The rounds (counted from 1) a harness's bound cut short with ``cut_round``."""
        return list(self._unfinished)

    def cut_round(self) -> None:
        """End the round in play unfinished (a harness's bound on its actions, not a rule of
        the game): nobody scores it, its hands stay hidden, and ``next_round`` may deal."""
        if self.game.over:
            raise IllegalAction("the round is over")
        if len(self.rounds) not in self._unfinished:
            self._unfinished.append(len(self.rounds))

    def _settle(self) -> None:
        game = self.game
        if self._settled or not game.over:
            return
        self._settled = True
        for seat, points in enumerate(game.round_points()):
            self._totals[seat] += points
        scoring = self.rules.scoring
        target = self.rules.target
        totals = self._totals
        if scoring == "none":
            self._over, self._winner = True, game.winner
        elif scoring == "winner":
            if game.winner is not None and totals[game.winner] >= target:
                self._over, self._winner = True, game.winner
        elif scoring == "lowest":
            if any(totals[s] >= target for s in game.active):
                low = min(totals[s] for s in game.active)
                best = [s for s in game.active if totals[s] == low]
                if len(best) == 1:  # a tie for the lowest total plays another round
                    self._over, self._winner = True, best[0]
        else:  # elimination: 'A player who reaches an agreed total is out.'
            out = [s for s in game.active if totals[s] >= target]
            left = [s for s in game.active if s not in out]
            self._eliminated.extend(out)
            if len(left) == 1:
                self._over, self._winner = True, left[0]
            elif not left:  # everyone reached it at once: the lowest total of them wins
                self._over, self._winner = True, min(out, key=lambda s: (totals[s], s))

    def next_round(self, seed: int | None = None) -> Game:
        """Deal the next round; the deal passes to the left (to the next seat still in).
        ``seed``: the round's own seed (``None``: the next from the match's generator)."""
        if seed is not None and (
            isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64
        ):
            raise ValueError(f"a round's seed is a whole number from 0 to 2**64 - 1, not {seed!r}")
        if not self.game.over and len(self.rounds) not in self._unfinished:
            raise IllegalAction("the round is still being played")
        self._settle()
        if self._over:
            raise IllegalAction("the match is over")
        dealer = (self.game.dealer + 1) % self.players
        while dealer in self._eliminated:
            dealer = (dealer + 1) % self.players
        self.game = self._deal(dealer, seed)
        return self.game

    # -- records --------------------------------------------------------------------------
    def record(self, seat: int | None = None) -> dict[str, Any]:
        """The match as versioned JSON; ``record(seat)``: as that seat saw it."""
        out: dict[str, Any] = {
            "format": MATCH_FORMAT if seat is None else MATCH_SEAT_FORMAT,
            "version": MATCH_VERSION,
            "rules": self.rules.to_json(),
            "players": self.players,
        }
        if seat is None:
            out["seed"] = self.seed
        else:
            out["seat"] = seat
        out["dealer_draws"] = [[[s, c.code] for s, c in draws] for draws in self.dealer_draws]
        out["rounds"] = [g.record(seat) for g in self.rounds]
        if self._unfinished:
            out["unfinished"] = list(self._unfinished)
        out["scores"] = self.scores
        out["over"] = self.over
        out["winner"] = self.winner
        return out

    @classmethod
    def replay(cls, record: dict[str, Any], step: Callable[[Match], None] | None = None) -> Match:
        """Rebuild a match from ``record()``, round by round, checking every round;
        ``step(match)`` is called after each deal and each action (the replay page draws
        every step)."""
        if not isinstance(record, dict) or record.get("format") != MATCH_FORMAT:
            if isinstance(record, dict) and record.get("format") == MATCH_SEAT_FORMAT:
                raise RecordError(
                    "this is one seat's record: it hides cards and cannot be replayed"
                )
            raise RecordError("not a unokit match record")
        if record.get("version") != MATCH_VERSION:
            raise RecordError(
                f"this match record has format version {record.get('version')!r}; this unokit "
                f"reads version {MATCH_VERSION} only"
            )
        rules = Rules.from_json(record["rules"])
        first_dealer = record["rounds"][0]["origin"]["dealer"] if record["rounds"] else None
        unfinished = _unfinished_rounds(record)
        match = cls(rules, players=record["players"], seed=record["seed"])
        if first_dealer is not None and match.game.dealer != first_dealer:
            raise RecordError("the match replays with another dealer: it was made differently")
        for i, round_record in enumerate(record["rounds"]):
            if i:
                if not match.game.over and i not in unfinished:
                    raise RecordError(f"round {i} was not over, yet the record deals another")
                match.next_round(seed=_round_seed(round_record, i + 1))
            version = round_record.get("version", RECORD_VERSION)
            if version not in READ_VERSIONS or isinstance(version, bool):
                raise RecordError(f"round {i + 1}: its record version {version!r} is unknown")
            implied: list[int] = []
            if step is not None:
                step(match)
            for seat, action in round_record["actions"]:
                try:
                    implied += apply_recorded(match.game, seat, action, version)
                except IllegalAction as err:
                    raise RecordError(
                        f"round {i + 1}: {action!r} is not legal on replay: {err}"
                    ) from None
                if step is not None:
                    step(match)
            if (
                recorded_events_match(match.game, round_record["events"], implied, version)
                is not None
            ):
                raise RecordError(f"round {i + 1} replays differently: it was made differently")
            if i + 1 in unfinished:
                if match.game.over:
                    raise RecordError(f"round {i + 1} is over: it cannot have been left unfinished")
                match.cut_round()
        return match


def _unfinished_rounds(record: dict[str, Any]) -> set[int]:
    """The rounds the record says a harness's bound cut short (none if it says none)."""
    listed = record.get("unfinished", [])
    rounds = record.get("rounds")
    count = len(rounds) if isinstance(rounds, list) else 0
    if not isinstance(listed, list) or not all(
        isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= count for n in listed
    ):
        raise RecordError("its unfinished rounds are not a list of its rounds' numbers")
    return set(listed)


def _round_seed(round_record: Any, number: int) -> int | None:
    """The seed recorded round ``number`` (counted from 1) was dealt from (``None``: the
    record does not say, so the match's generator deals it, as it did)."""
    origin = round_record.get("origin") if isinstance(round_record, dict) else None
    seed = origin.get("seed") if isinstance(origin, dict) else None
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
        raise RecordError(f"round {number}: its seed {seed!r} is not a whole number below 2**64")
    return seed
