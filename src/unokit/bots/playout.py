"""The playout policy of the search bot: the greedy bot's habits, made fast.

A playout runs on a determinization (a full game the search owns), so it reads the game
directly instead of building views: every seat says Uno and catches at once, plays its
most valuable coloured card that plays (an action card first when the next seat is about
to go out), keeps wilds until nothing else plays, names the colour it holds most, stacks a
penalty when it can, challenges a Wild Draw Four unless its player is down to one card,
plays a card it drew if it plays, and swaps with the smallest hand.
"""

from __future__ import annotations

from unokit.actions import Action
from unokit.cards import COLORS, Card, Kind
from unokit.game import Game
from unokit.rng import Random

__all__ = ["playout_action"]

_STOPPERS = frozenset({Kind.SKIP, Kind.DRAW_TWO, Kind.REVERSE})
_WD4 = Kind.WILD_DRAW_FOUR


def _neighbour(game: Game, seat: int, step: int) -> int:
    active = game.active
    return active[(active.index(seat) + step * game.direction) % len(active)]


def _favourite(hand: list[Card]) -> str:
    counts = dict.fromkeys(COLORS, 0)
    for card in hand:
        if card.color is not None:
            counts[card.color] += 1
    return max(COLORS, key=counts.__getitem__)


def playout_action(game: Game, seat: int, legal: list[Action], rng: Random) -> Action:
    """The playout's choice for ``seat`` among ``legal`` (its turn's actions)."""
    if len(legal) == 1:
        return legal[0]
    plays: list[Action] = []
    fallback: Action | None = None
    challenge: Action | None = None
    others: list[Action] = []
    for a in legal:
        kind = a.kind
        if kind == "play":
            plays.append(a)
        elif kind in ("uno", "catch"):
            return a
        elif kind in ("draw", "accept"):
            fallback = a
        elif kind == "challenge":
            challenge = a
        else:
            others.append(a)
    if plays:
        return _best_play(game, seat, plays)
    if challenge is not None and game.hand_sizes()[_neighbour(game, seat, -1)] >= 2:
        return challenge
    if fallback is not None:
        return fallback
    swaps = [a for a in others if a.kind == "swap"]
    if swaps:
        sizes = game.hand_sizes()
        return min(swaps, key=lambda a: sizes[a.target if a.target is not None else seat])
    colors = [a for a in others if a.kind == "color"]
    if colors:
        best = _favourite(game.hand(seat))
        return next((a for a in colors if a.color == best), colors[0])
    return legal[rng.below(len(legal))]


def _best_play(game: Game, seat: int, plays: list[Action]) -> Action:
    if plays[-1].uno or any(a.uno for a in plays):
        plays = [a for a in plays if a.uno]
    sizes = game.hand_sizes()
    threat = sizes[_neighbour(game, seat, 1)] <= 2
    best: Action | None = None
    best_score = -1
    wilds: list[Action] = []
    for a in plays:
        card = a.card
        if card is None:
            continue
        if card.wild:
            wilds.append(a)
            continue
        score = card.number if card.number is not None else 20
        if threat and card.kind in _STOPPERS:
            score += 60
        if score > best_score:
            best, best_score = a, score
    if best is not None:
        return best
    if not wilds:
        return plays[0]
    hand = game.hand(seat)
    color = _favourite(hand)
    plain = [a for a in wilds if a.card is not None and a.card.kind is not _WD4]
    pool = plain or wilds
    return next((a for a in pool if a.color == color or a.color is None), pool[0])
