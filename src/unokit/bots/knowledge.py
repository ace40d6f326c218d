"""What a seat can work out from its own decision: counts of unseen cards, the colour in
play before a Wild Draw Four, who is close to going out. Shared by the heuristic bots."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from math import comb
from typing import TYPE_CHECKING

from unokit.cards import COLORS, WILD_KINDS, Card, Kind

if TYPE_CHECKING:
    from unokit.bots.base import Decision

__all__ = [
    "color_counts",
    "favourite_color",
    "guilty_odds",
    "last_wild_draw_four",
    "matching_wilds",
    "next_seat",
    "teammate",
    "unseen_cards",
]


def color_counts(cards: Iterable[Card]) -> Counter[str]:
    """How many cards of each colour (wilds count for none)."""
    counts: Counter[str] = Counter()
    for card in cards:
        if card.color is not None:
            counts[card.color] += 1
    return counts


def favourite_color(cards: Iterable[Card]) -> str:
    """The colour held most (ties: the one whose cards are worth most, then R Y G B)."""
    counts: Counter[str] = Counter()
    worth: Counter[str] = Counter()
    for card in cards:
        if card.color is not None:
            counts[card.color] += 1
            worth[card.color] += card.number if card.number is not None else 20
    return max(COLORS, key=lambda c: (counts[c], worth[c], -COLORS.index(c)))


def next_seat(view: dict[str, object], seat: int) -> int:
    """The seat after ``seat`` in the direction of play (skipping seats not in the round)."""
    active = list(view["active"])  # type: ignore[call-overload]
    direction = view["direction"]
    i = active.index(seat)
    return int(active[(i + (1 if direction == 1 else -1)) % len(active)])


def teammate(view: dict[str, object], seat: int) -> int | None:
    """The partner across the table when partners play, else ``None``."""
    teams = view.get("teams")
    if not teams:
        return None
    for pair in teams:  # type: ignore[attr-defined]
        if seat in pair:
            return int(pair[1] if pair[0] == seat else pair[0])
    return None


def unseen_cards(decision: Decision) -> Counter[Card]:
    """The cards this seat cannot see: the deck minus its hand and the discard pile."""
    pool = Counter(decision.rules.deck())
    pool.subtract(decision.hand)
    view = decision.view
    piles = [view.get("discard") or [], *(view.get("piles") or [])]
    pool.subtract(Card.parse(c) for pile in piles for c in pile)
    return +pool


def last_wild_draw_four(decision: Decision) -> tuple[int, str | None] | None:
    """Who played the last Wild Draw Four and the colour in play just before it, from the
    seat's history (``None`` if no Wild Draw Four was played)."""
    color: str | None = None
    found: tuple[int, str | None] | None = None
    for event in decision.history:
        if event.type in ("play", "jump") and event.cards:
            card = event.cards[0]
            if card.kind is Kind.WILD_DRAW_FOUR and event.seat is not None:
                found = (event.seat, color)
            color = event.color if event.color is not None else card.color
        elif event.type == "turn_up" and event.cards and event.cards[0].color is not None:
            color = event.cards[0].color
        elif event.type == "color" and event.color is not None:
            color = event.color
    if found is not None and found[1] is None:  # no history (an arranged position)
        discard = decision.view.get("discard") or []
        if len(discard) >= 2 and Card.parse(discard[-1]).kind is Kind.WILD_DRAW_FOUR:
            found = (found[0], Card.parse(discard[-2]).color)
    if found is None and decision.view.get("pending"):
        discard = decision.view.get("discard") or []
        if len(discard) >= 2 and Card.parse(discard[-1]).kind is Kind.WILD_DRAW_FOUR:
            player = next_seat(
                {**decision.view, "direction": -decision.view["direction"]}, decision.seat
            )
            found = (player, Card.parse(discard[-2]).color)
    return found


def matching_wilds(wd4_wilds: str) -> tuple[Kind, ...]:
    """The wilds that count as a card of the colour in play for the Wild Draw Four limit."""
    if wd4_wilds == "wild":
        return (Kind.WILD,)
    if wd4_wilds == "all":
        return tuple(k for k in WILD_KINDS if k is not Kind.WILD_DRAW_FOUR)
    return ()


def guilty_odds(
    decision: Decision, player: int, color: str | None, matching_wilds: Sequence[Kind]
) -> float:
    """The chance that ``player`` held a card of ``color`` (or a wild that counts as one)
    when it played its Wild Draw Four: hypergeometric over the cards this seat cannot see."""
    if color is None:
        return 0.0
    unseen = unseen_cards(decision)
    total = sum(unseen.values())
    matching = sum(
        n for card, n in unseen.items() if card.color == color or card.kind in matching_wilds
    )
    held = int(decision.view["hand_sizes"][player])  # its hand after playing the Wild Draw 4
    if held <= 0 or total <= 0:
        return 0.0
    held = min(held, total)
    return 1.0 - comb(total - matching, held) / comb(total, held)
