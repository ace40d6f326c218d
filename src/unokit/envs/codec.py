"""The action codec: a fixed, documented numbering of every action of a preset.

Learners see actions as integers ``0 .. size-1``; the engine sees ``Action`` values. The
numbering depends only on the rules (which game, its deck, its switches) and the number of
players, never on the position, so a trained network's output layer keeps its meaning. The
layout (docs/envs.md, "Actions"), in this order:

* ``0``: *let it go*: decline an out-of-turn offer (``uno``, ``catch``, ``jump``). It is
  legal only while a seat is being offered one (SPEC.md, "One actor at a time").
* ``play``: every distinct card of the deck in card order; for each card, its colour
  choices (a wild: R Y G B; variants whose wilds may name none also get "no colour"), its
  Triple Play pile choices (@1 @2 @3), its Discard Two companions, and ``uno`` off then on.
* ``draw``, ``pass``, ``accept``, ``challenge``, ``color R/Y/G/B``, ``uno``;
* ``catch N`` and ``swap N`` for every seat ``N``;
* ``jump`` for every coloured card of the deck, ``uno`` off then on (when Jump-In or Speed
  Play is part of the game);
* variants: ``press @1..@3``, ``give`` (every multiset of 1 to 4 seats), ``point N``,
  ``link A B``, ``take``.

``timeout`` is never a learner's choice (the table's clock applies it) and has no number.
A kind that cannot happen under the rules (``swap`` without Seven-O or Wild Swap Hands,
``jump`` without Jump-In) gets no numbers either, so the space stays small.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement
from typing import Final

from unokit.actions import Action
from unokit.cards import COLORS, Card, Kind
from unokit.rules import Rules

__all__ = ["LET_GO", "ActionCodec"]

LET_GO: Final = 0
"""The number of "let it go": decline an out-of-turn offer."""

_UNO_OPTIONS: Final = (False, True)
_MAX_GIVE: Final = 4
_ID_CACHE: Final = 65_536
"""At most this many Action objects are remembered by identity (engines that build a new
Action for every legal list just miss the cache)."""


class ActionCodec:
    """int <-> Action for one preset and number of players.

    ``encode`` and ``decode`` are exact inverses over ``range(size)``; ``decode(LET_GO)`` is
    ``None``. ``encode`` of an action outside the preset raises ``ValueError``.
    """

    __slots__ = ("_by_id", "_index", "actions", "players", "rules")

    def __init__(self, rules: Rules, players: int) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or players < 2:
            raise ValueError("players must be a whole number, at least 2")
        self.rules = rules
        self.players = players
        acts: list[Action | None] = [None]
        acts.extend(_enumerate(rules, players))
        self.actions: tuple[Action | None, ...] = tuple(acts)
        self._index: dict[Action, int] = {}
        self._by_id: dict[int, tuple[Action, int]] = {}
        for i, action in enumerate(acts):
            if action is None:
                continue
            if action in self._index:  # pragma: no cover - guarded by the round-trip test
                raise AssertionError(f"the codec lists {action} twice")
            self._index[action] = i

    @property
    def size(self) -> int:
        """How many numbers the codec uses (the size of the action space)."""
        return len(self.actions)

    def encode(self, action: Action | str | None) -> int:
        """The number of ``action`` (``None``: let it go)."""
        if action is None:
            return LET_GO
        if isinstance(action, str):
            action = Action.parse(action)
        try:
            return self._index[action]
        except KeyError:
            raise ValueError(
                f"{action} is not an action of {self.rules.name} at {self.players} players"
            ) from None

    def decode(self, number: int) -> Action | None:
        """The action numbered ``number`` (``None`` for let it go)."""
        if isinstance(number, bool) or not 0 <= number < len(self.actions):
            raise ValueError(f"{number!r} is not an action number: they run 0 to {self.size - 1}")
        return self.actions[number]

    def encode_all(self, actions: Sequence[Action]) -> list[int]:
        """The numbers of several actions (the mask's positions)."""
        by_id = self._by_id
        out = []
        try:
            for a in actions:
                # the engine hands out shared Action objects: look them up by identity first
                # (hashing a dataclass costs more); the entry keeps the object, so its id is
                # never reused while cached
                hit = by_id.get(id(a))
                if hit is not None and hit[0] is a:
                    out.append(hit[1])
                    continue
                number = self._index[a]
                if len(by_id) < _ID_CACHE:
                    by_id[id(a)] = (a, number)
                out.append(number)
            return out
        except KeyError:
            missing = [str(a) for a in actions if a not in self._index]
            raise ValueError(
                f"the codec of {self.rules.name} at {self.players} players does not cover "
                f"{', '.join(missing)}: please report this as a bug"
            ) from None

    def __repr__(self) -> str:
        return f"<ActionCodec {self.rules.name} players={self.players} size={self.size}>"


def _distinct_cards(rules: Rules) -> list[Card]:
    return sorted({Card.parse(code) for code, _ in rules.deck_counts}, key=lambda c: c.index)


def _enumerate(rules: Rules, players: int) -> list[Action]:
    game = rules.game
    classic = game == "classic"
    triple = game == "triple-play"
    party = game == "party"
    cards = _distinct_cards(rules)
    seats = range(players)
    kinds = {card.kind for card in cards}
    out: list[Action] = []

    piles: Sequence[int | None] = (1, 2, 3) if triple else (None,)
    for card in cards:
        if card.wild:
            colors: Sequence[str | None] = COLORS if classic else (None, *COLORS)
        else:
            colors = (None,)
        companions: Sequence[Card | None] = (None,)
        if card.kind is Kind.DISCARD_TWO:
            companions = (None, *(c for c in cards if c.color == card.color))
        for color in colors:
            for pile in piles:
                for companion in companions:
                    for uno in _UNO_OPTIONS:
                        out.append(
                            Action(
                                "play",
                                card=card,
                                color=color,
                                uno=uno,
                                pile=pile,
                                companion=companion,
                            )
                        )
    out += [Action("draw"), Action("pass"), Action("accept"), Action("challenge")]
    out += [Action("color", color=c) for c in COLORS]
    out.append(Action("uno"))
    out += [Action("catch", target=s) for s in seats]
    if not classic or rules.seven_o or Kind.WILD_SWAP_HANDS in kinds:
        out += [Action("swap", target=s) for s in seats]
    if rules.jump_in or party:
        for card in cards:
            if not card.wild:
                out += [Action("jump", card=card, uno=uno) for uno in _UNO_OPTIONS]
    if triple:
        out += [Action("press", pile=p) for p in (1, 2, 3)]
        for k in range(1, _MAX_GIVE + 1):
            out += [Action("give", seats=c) for c in combinations_with_replacement(seats, k)]
    if party:
        out += [Action("point", target=s) for s in seats]
        out += [Action("link", seats=pair) for pair in combinations(seats, 2)]
        out.append(Action("take"))
    if not (classic or triple or party):  # an unknown variant: every kind, to be safe
        out += [Action("press", pile=p) for p in (1, 2, 3)]
        out += [Action("point", target=s) for s in seats]
        out += [Action("link", seats=pair) for pair in combinations(seats, 2)]
        out.append(Action("take"))
    return out
