"""The score pad: a match played with real cards, scored by the engine's own rules.

After each round the table says who went out and which cards were left in each hand (as a
count per kind of card: colour never changes a card's points). The pad gives the round's
points as ``Game.round_points`` does, by ``Rules.card_points`` of the chosen edition, keeps
the running totals, and settles the match as ``Match`` does: the target, the lowest total,
Challenge Uno's elimination, partners. ``tests/test_scorepad.py`` holds it equal to the
engine over thousands of played rounds and matches; the ``/score`` page runs the same
arithmetic in the browser (``static/score/pad.js``) from the values ``scoring_data`` takes
from the engine, and a differential test holds the two equal.

A pad is saved as a ``unokit.scorepad`` record (docs/records.md): plain JSON with the
settings, every round as entered, and the stated points and totals, which reading checks.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from unokit.cards import Card
from unokit.errors import RecordError
from unokit.i18n import N_
from unokit.rules import Rules

__all__ = [
    "MODES",
    "PAD_FORMAT",
    "PAD_VERSION",
    "Pad",
    "PadRound",
    "Standing",
    "kinds",
    "mode_rules",
    "scoring_data",
]

PAD_FORMAT: Final = "unokit.scorepad"
PAD_VERSION: Final = 1

MODES: Final = ("winner", "lowest", "elimination", "partners")
"""``winner``: who goes out scores the cards left in the other hands, first to the target
wins. ``lowest``: each player adds their own hand; when one reaches the target the lowest
total wins. ``elimination``: Challenge Uno, each adds their own hand, reaching the target
is out, the last player left wins. ``partners``: four players, two teams sitting across;
when one partner goes out the team scores both opponents' hands."""

MODE_NAMES: Final = {
    "winner": N_("Winner takes the others' hands"),
    "lowest": N_("Lowest score wins"),
    "elimination": N_("Challenge Uno (elimination)"),
    "partners": N_("Partners (2 teams of 2)"),
}

EDITION_NAMES: Final = {
    "mattel-2021": N_("UNO (2021 sheet)"),
    "mattel-2015": N_("UNO (2015 sheet)"),
    "mattel-2003": N_("UNO (2003 sheet, 108 cards)"),
    "triple-play": N_("UNO Triple Play"),
    "party": N_("UNO Party!"),
}

MAX_NAME: Final = 24


def mode_rules(edition: str, mode: str, target: int, new_wild_points: int | None = None) -> Rules:
    """The engine's ``Rules`` for a pad (``ValueError`` saying why a combination is not
    one an edition's sheet gives)."""
    if mode not in MODES:
        raise ValueError(f"the scoring mode is one of {', '.join(MODES)}, not {mode!r}")
    switches: dict[str, Any] = {"target": target}
    if mode == "partners":
        switches.update(scoring="winner", partners=True)
    else:
        switches["scoring"] = mode
    if new_wild_points is not None:
        switches["new_wild_points"] = new_wild_points
    return Rules.preset(edition, **switches)


def kinds(rules: Rules) -> list[tuple[str, str, int, int]]:
    """The kinds of card a hand can hold: ``(kind, name, points, cards in the deck)``, the
    points by ``rules.card_points``. A kind is a card code without its colour: ``7``,
    ``+2``, ``W+4``."""
    counts: dict[str, int] = {}
    samples: dict[str, Card] = {}
    for code, count in rules.deck_counts:
        card = Card.parse(code)
        counts[card.symbol] = counts.get(card.symbol, 0) + count
        samples.setdefault(card.symbol, card)
    out = []
    for symbol, card in samples.items():
        name = card.name if card.wild else card.name.split(" ", 1)[1]
        out.append((symbol, name, rules.card_points(card), counts[symbol]))
    return out


def _teams(rules: Rules, seat: int) -> tuple[int, ...]:
    return (seat, (seat + 2) % 4) if rules.partners else (seat,)


@dataclass(frozen=True, slots=True)
class PadRound:
    """One round as the table entered it: the seat that went out (``None``: a blocked
    round, nobody went out, no points) and each seat's cards left, kind -> count."""

    out: int | None
    hands: tuple[Mapping[str, int], ...]


@dataclass(slots=True)
class Standing:
    """Where the match stands after some rounds."""

    totals: list[int]
    points: list[list[int]] = field(default_factory=list)
    """Each round's points, seat by seat."""
    eliminated: list[int] = field(default_factory=list)
    """Challenge Uno: the seats out of the match, in the order they went out."""
    over: bool = False
    winner: int | None = None
    """The seat that won (partners: the one whose going out won it)."""


class Pad:
    """A score pad: the settings and the rounds entered so far."""

    def __init__(
        self,
        edition: str,
        mode: str,
        target: int,
        players: Sequence[str],
        new_wild_points: int | None = None,
    ) -> None:
        if isinstance(target, bool) or not isinstance(target, int):
            raise ValueError(f"the target is a whole number of points, not {target!r}")
        self.rules = mode_rules(edition, mode, target, new_wild_points)
        self.edition = edition
        self.mode = mode
        self.target = target
        self.new_wild_points = new_wild_points
        names = [str(n).strip() for n in players]
        if any(not n for n in names):
            raise ValueError("every player needs a name")
        if any(len(n) > MAX_NAME for n in names):
            raise ValueError(f"a name is at most {MAX_NAME} characters")
        if len({n.casefold() for n in names}) != len(names):
            raise ValueError("two players have the same name")
        low, high = self.rules.min_players, self.rules.max_players
        if mode == "partners" and len(names) != 4:
            raise ValueError("partners is a game for 4 players: 2 teams sitting across")
        if not low <= len(names) <= high:
            raise ValueError(f"{EDITION_NAMES[edition]} is for {low} to {high} players")
        self.players = names
        self.kinds = kinds(self.rules)
        self.values = {kind: points for kind, _, points, _ in self.kinds}
        self._deck = {kind: count for kind, _, _, count in self.kinds}
        self._names = {kind: name for kind, name, _, _ in self.kinds}
        self.rounds: list[PadRound] = []

    # -- the arithmetic -----------------------------------------------------------------
    def hand_points(self, hand: Mapping[str, int]) -> int:
        """The points of the cards left in a hand (kind -> count)."""
        return sum(self.values[kind] * count for kind, count in hand.items())

    def round_points(self, entry: PadRound) -> list[int]:
        """What each seat scores for the round, as ``Game.round_points``."""
        points = [0] * len(self.players)
        if self.rules.scoring == "winner":
            if entry.out is None:  # a round nobody went out of scores nothing
                return points
            team = _teams(self.rules, entry.out)
            total = sum(
                self.hand_points(hand) for s, hand in enumerate(entry.hands) if s not in team
            )
            for s in team:
                points[s] = total
        else:
            for s, hand in enumerate(entry.hands):
                points[s] = self.hand_points(hand)
        return points

    def standing(self, rounds: Sequence[PadRound] | None = None) -> Standing:
        """Totals, each round's points, who is out, and who won: settled round by round as
        ``Match`` settles it."""
        rounds = self.rounds if rounds is None else rounds
        seats = range(len(self.players))
        st = Standing(totals=[0] * len(self.players))
        target = self.target
        for entry in rounds:
            active = [s for s in seats if s not in st.eliminated]
            points = self.round_points(entry)
            st.points.append(points)
            for s, p in enumerate(points):
                st.totals[s] += p
            totals = st.totals
            if self.rules.scoring == "winner":
                if entry.out is not None and totals[entry.out] >= target:
                    st.over, st.winner = True, entry.out
            elif self.rules.scoring == "lowest":
                if any(totals[s] >= target for s in active):
                    low = min(totals[s] for s in active)
                    best = [s for s in active if totals[s] == low]
                    if len(best) == 1:  # a tie for the lowest total plays another round
                        st.over, st.winner = True, best[0]
            else:  # elimination: 'A player who reaches an agreed total is out.'
                out = [s for s in active if totals[s] >= target]
                left = [s for s in active if s not in out]
                st.eliminated.extend(out)
                if len(left) == 1:
                    st.over, st.winner = True, left[0]
                elif not left:  # all reached it at once: the lowest total of them wins
                    st.over, st.winner = True, min(out, key=lambda s: (totals[s], s))
        return st

    # -- entering rounds ----------------------------------------------------------------
    def check(self, entry: PadRound) -> None:
        """Refuse (``ValueError`` saying why) a round that cannot be the next one."""
        st = self.standing()
        if st.over:
            raise ValueError("the match is over: start a new one")
        n = len(self.players)
        if len(entry.hands) != n:
            raise ValueError(f"a round has a hand for each of the {n} players")
        if entry.out is not None:
            if (
                isinstance(entry.out, bool)
                or not isinstance(entry.out, int)
                or not 0 <= entry.out < n
            ):
                raise ValueError(f"there is no player {entry.out}")
            if entry.out in st.eliminated:
                raise ValueError(f"{self.players[entry.out]} is out of the match")
        used: dict[str, int] = {}
        for seat, hand in enumerate(entry.hands):
            unknown = sorted(kind for kind in hand if kind not in self.values)
            if unknown:
                raise ValueError(
                    f"{EDITION_NAMES[self.edition]} has no {json.dumps(unknown[0])} cards; "
                    f"the kinds are {' '.join(self.values)}"
                )
            for kind in self.values:
                count = hand.get(kind, 0)
                if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                    raise ValueError(f"a count of cards is a whole number, not {json.dumps(count)}")
                used[kind] = used.get(kind, 0) + count
            if any(hand.values()):
                who = self.players[seat]
                if seat == entry.out:
                    raise ValueError(f"{who} went out and holds no cards")
                if seat in st.eliminated:
                    raise ValueError(f"{who} is out of the match and holds no cards")
        for kind in self.values:
            if used[kind] > self._deck[kind]:
                raise ValueError(
                    f"the deck holds {self._deck[kind]} × {self._names[kind]}, not {used[kind]}"
                )

    def add(self, out: int | None, hands: Sequence[Mapping[str, int]]) -> list[int]:
        """Enter a round (checked first; nothing changes when it is refused); its points."""
        entry = PadRound(out, tuple({k: c for k, c in h.items() if c} for h in hands))
        self.check(entry)
        self.rounds.append(entry)
        return self.round_points(entry)

    def undo(self) -> PadRound:
        """Take back the last round entered."""
        if not self.rounds:
            raise ValueError("there is no round to undo")
        return self.rounds.pop()

    def seat(self, name: str) -> int:
        """A player's seat by name (any case)."""
        for seat, player in enumerate(self.players):
            if player.casefold() == name.strip().casefold():
                return seat
        raise ValueError(f"no player is called {name!r}: the players are {', '.join(self.players)}")

    # -- records ------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The pad as a ``unokit.scorepad`` record (JSON-ready)."""
        st = self.standing()
        return {
            "format": PAD_FORMAT,
            "version": PAD_VERSION,
            "edition": self.edition,
            "mode": self.mode,
            "target": self.target,
            "new_wild_points": self.new_wild_points,
            "values": dict(self.values),
            "players": list(self.players),
            "rounds": [
                {"out": r.out, "hands": [dict(h) for h in r.hands], "points": p}
                for r, p in zip(self.rounds, st.points, strict=True)
            ],
            "totals": st.totals,
            "eliminated": st.eliminated,
            "over": st.over,
            "winner": st.winner,
        }

    @classmethod
    def from_record(cls, record: Any) -> Pad:
        """Read a ``unokit.scorepad`` record, checking every round and every stated figure
        (``RecordError`` saying why it is refused)."""
        if not isinstance(record, dict) or record.get("format") != PAD_FORMAT:
            raise RecordError("not a unokit score pad record")
        if record.get("version") != PAD_VERSION:
            raise RecordError(
                f"this score pad record has version {record.get('version')!r}; this unokit "
                f"reads version {PAD_VERSION} only"
            )
        try:
            pad = cls(
                record["edition"],
                record["mode"],
                record["target"],
                record["players"],
                record.get("new_wild_points"),
            )
        except (KeyError, TypeError, ValueError) as err:
            raise RecordError(f"the settings are refused: {err}") from None
        if "values" in record and record["values"] != pad.values:
            raise RecordError(
                "its card values are not this edition's: it was made with other rules"
            )
        rounds = record.get("rounds")
        if not isinstance(rounds, list):
            raise RecordError("its rounds are not a list")
        for number, data in enumerate(rounds, 1):
            try:
                hands = [dict(h) for h in data["hands"]]
                points = pad.add(data["out"], hands)
            except (KeyError, TypeError, ValueError, AttributeError) as err:
                raise RecordError(f"round {number} is refused: {err}") from None
            if "points" in data and data["points"] != points:
                raise RecordError(
                    f"round {number} states points {data['points']}, but they come to "
                    f"{points}: the record was changed after it was written"
                )
        st = pad.standing()
        for key in ("totals", "eliminated", "over", "winner"):
            if key in record and record[key] != getattr(st, key):
                raise RecordError(
                    f"the record states {key} {record[key]!r}, but its rounds give "
                    f"{getattr(st, key)!r}: it was changed after it was written"
                )
        return pad


def scoring_data() -> dict[str, Any]:
    """What the ``/score`` page needs, taken from the engine: each edition's modes, target,
    player limits and kinds of card with their points (for each ``new_wild_points`` choice
    the edition takes)."""
    editions = []
    for preset in EDITION_NAMES:
        base = Rules.preset(preset)
        modes = []
        for mode in MODES:
            try:
                mode_rules(preset, mode, base.target)
            except ValueError:
                continue
            modes.append({"name": mode, "label": MODE_NAMES[mode]})
        wilds: list[dict[str, Any]] = []
        for choice in (None, 40, 50):
            try:
                rules = mode_rules(preset, "winner", base.target, choice)
            except ValueError:
                continue
            wilds.append(
                {
                    "new_wild_points": choice,
                    "kinds": [
                        {"kind": k, "name": name, "points": p, "deck": n}
                        for k, name, p, n in kinds(rules)
                    ],
                }
            )
        editions.append(
            {
                "edition": preset,
                "label": EDITION_NAMES[preset],
                "target": base.target,
                "min": base.min_players,
                "max": base.max_players,
                "modes": modes,
                "wilds": wilds,
            }
        )
    return {"format": PAD_FORMAT, "version": PAD_VERSION, "editions": editions}
