"""The odds of a Wild Draw Four challenge, from what the challenger can know.

The challenger cannot see the hand they would challenge. What they do know: the deck of the
preset, their own hand, every card face up (the discard pile, Triple Play's piles, a Party!
mini pile), how many cards the other player holds, and the colour that was in play before
the Wild Draw Four (public: the table saw the play). The estimate takes that player's hand
as a random handful of the cards the challenger has not seen, so the chance that the hand
held no card of that colour (nor a wild the rules count as one) is hypergeometric:
``C(N - K, n) / C(N, n)`` for ``N`` unseen cards of which ``K`` would match, and a hand of
``n``. It reads nothing but the challenger's own view: it tells nothing hidden.

It knows nothing of how people play (a bluffer plays the card with matching cards in hand
more often than chance), so it is the chance a random hand would be caught, no more.
"""

from __future__ import annotations

from collections import Counter
from math import comb
from typing import Any

from unokit.cards import Card
from unokit.game import CHALLENGE_GUILTY, CHALLENGE_INNOCENT
from unokit.rules import Rules

__all__ = ["wild_draw_four_odds"]


def _counts_as_match(card: Card, color: str | None, wilds: str) -> bool:
    """The engine's rule for the limit (``Game._wd4_guilty``): the colour in play, and the
    wilds the rules count (``wd4_wilds``: the plain Wild, every wild but Wild Draw Four, or
    none)."""
    if card.color == color:
        return True
    if not card.wild:
        return False
    if wilds == "wild":
        return str(card) == "W"
    return wilds == "all" and str(card) != "W+4"


def _face_up(view: dict[str, Any]) -> list[str]:
    """Every card lying face up in ``view``: the discard pile(s), a mini pile, set aside."""
    out: list[str] = list(view.get("discard") or [])
    for pile in view.get("piles") or []:
        out.extend(pile)
    out.extend(view.get("mini_pile") or [])
    out.extend(view.get("set_aside") or [])
    return out


def wild_draw_four_odds(
    view: dict[str, Any], rules: Rules, player: int, prior_color: str | None
) -> dict[str, Any]:
    """What accepting and challenging cost the seat of ``view`` (its own view), in cards.

    ``player`` played the Wild Draw Four over ``prior_color``. Returns the cards drawn on
    accepting, on a challenge won (``win``: that player draws ``they_draw`` instead) and
    lost (``lose``), the estimated chance of winning it (``chance``, 0 to 1), the expected
    cards a challenge costs, and the counts behind the estimate (``unseen``, ``matching``,
    ``hand``).
    """
    unseen = Counter(dict(rules.deck_counts))
    unseen.subtract(Counter(view.get("hand") or []))
    unseen.subtract(Counter(_face_up(view)))
    n_unseen = sum(max(0, c) for c in unseen.values())
    matching = sum(
        max(0, c)
        for code, c in unseen.items()
        if _counts_as_match(Card.parse(code), prior_color, rules.wd4_wilds)
    )
    hand = int(view["hand_sizes"][player])
    n = min(hand, n_unseen)
    clean = comb(n_unseen - matching, n) / comb(n_unseen, n) if n_unseen else 1.0
    chance = 1.0 - clean
    pending = view.get("pending") or {}
    accept = int(pending.get("cards") or 4)
    return {
        "player": player,
        "color": prior_color,
        "wilds": rules.wd4_wilds,
        "accept": accept,
        "win": 0,
        "they_draw": CHALLENGE_GUILTY,
        "lose": CHALLENGE_INNOCENT,
        "chance": round(chance, 3),
        "expected": round(clean * CHALLENGE_INNOCENT, 2),
        "unseen": n_unseen,
        "matching": matching,
        "hand": hand,
    }
