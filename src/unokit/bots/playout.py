"""The playout policy of the search bot: the greedy bot, made fast.

A playout runs on a determinization (a full game the search owns), so it reads the game
directly instead of building views and ``Decision`` values. It makes the greedy bot's
choices (``greedy.py``) for every seat: says Uno and catches at once (never its partner),
plays the card ``greedy`` scores best (points, a stopper against a next seat about to go out,
keeping a colour it can follow, wilds kept for when nothing else plays, a Wild Draw Four only
when legal), names the colour it holds most, plays a card it drew when it plays, challenges a
Wild Draw Four when the chance of guilt is above one third, swaps with the smallest hand.
The search's model of the other seats is this policy: the closer it is to how they play, the
better the search predicts them (``tests/bots/test_ismcts.py`` checks it against ``greedy``).
"""

from __future__ import annotations

from math import comb

from unokit.actions import Action
from unokit.bots.knowledge import holds_match, trade_score
from unokit.cards import COLORS, Card, Kind
from unokit.game import Game
from unokit.rng import Random
from unokit.rules import Rules

__all__ = ["playout_action"]

_STOPPERS = frozenset({Kind.SKIP, Kind.DRAW_TWO, Kind.REVERSE, Kind.WILD_DRAW_FOUR})
_WD4 = Kind.WILD_DRAW_FOUR
_LAST_RESORT = -1000.0
_CHALLENGE = 1 / 3


def _neighbour(game: Game, seat: int, step: int) -> int:
    active = game.active
    return active[(active.index(seat) + step * game.direction) % len(active)]


def _mate(game: Game, seat: int) -> int | None:
    teams = game.teams()
    if not teams:
        return None
    for a, b in teams:
        if seat == a:
            return b
        if seat == b:
            return a
    return None


def favourite(cards: list[Card]) -> str:
    """``knowledge.favourite_color`` without the Counter: the colour held most (ties: the
    colour worth most, then R Y G B)."""
    counts = [0, 0, 0, 0]
    worth = [0, 0, 0, 0]
    for card in cards:
        color = card.color
        if color is not None:
            i = _COLOR_INDEX[color]
            counts[i] += 1
            worth[i] += card.number if card.number is not None else 20
    best = 0
    for i in (1, 2, 3):
        if (counts[i], worth[i]) > (counts[best], worth[best]):
            best = i
    return COLORS[best]


_COLOR_INDEX = {c: i for i, c in enumerate(COLORS)}
_STOPPER = [c.kind in _STOPPERS for c in Card.all()]


def playout_action(
    game: Game, seat: int, legal: list[Action], rng: Random, points: float = 1.0
) -> Action:
    """The greedy bot's choice for ``seat`` among ``legal`` (its turn's actions), with its
    ``points`` setting."""
    if len(legal) == 1:
        return legal[0]
    mate: int | None = None
    if game.rules.partners:
        mate = _mate(game, seat)
    plays: list[Action] = []
    draw: Action | None = None
    accept: Action | None = None
    challenge: Action | None = None
    others: list[Action] = []
    for a in legal:
        kind = a.kind
        if kind == "play":
            plays.append(a)
        elif kind == "uno":
            return a
        elif kind == "catch":
            if a.target != mate:
                return a
        elif kind == "jump":
            return next((j for j in legal if j.kind == "jump" and j.uno), a)
        elif kind == "draw":
            draw = a
        elif kind == "accept":
            accept = a
        elif kind == "challenge":
            challenge = a
        elif kind != "pass":
            others.append(a)
    if others:
        colors = [a for a in others if a.kind == "color"]
        if colors:
            best = favourite(game.hand(seat))
            return next((a for a in colors if a.color == best), colors[0])
        swaps = [a for a in others if a.kind == "swap"]
        if swaps:
            sizes = game.hand_sizes()
            return min(swaps, key=lambda a: (a.target == mate, sizes[a.target or 0], a.target))
    if accept is not None:
        if plays:
            return _best_play(game, seat, plays, mate, points)
        if challenge is not None and _guilt_odds(game, seat) > _CHALLENGE:
            return challenge
        return accept
    if plays:
        return _best_play(game, seat, plays, mate, points)
    if draw is not None:
        return draw
    turn = [a for a in legal if a.kind not in ("uno", "catch", "jump")]
    if len(turn) == 1:  # a drawn card that does not play: kept with its pass
        return turn[0]
    return turn[rng.below(len(turn))] if turn else legal[rng.below(len(legal))]


def _best_play(
    game: Game, seat: int, plays: list[Action], mate: int | None, weight: float = 1.0
) -> Action:
    """``greedy._best_play`` on a game: the play with the best ``_card_score``."""
    if len(plays) == 1:
        return plays[0]
    if plays[-1].uno:  # the Uno variants come after the plain ones: always say it
        plays = [a for a in plays if a.uno]
        if len(plays) == 1:
            return plays[0]
    hand = game.hand(seat)
    mine = len(hand)
    plain = [a for a in plays if a.card is not None and not a.card.wild]
    if plain and mine > 2:  # a wild is kept while another card plays: it scores -1000
        if len(plain) == 1:
            return plain[0]
        plays = plain
    sizes = game.hand_sizes()
    after = _neighbour(game, seat, 1)
    threat = after != mate and sizes[after] <= 2
    next_is_mate = after == mate
    rules = game.rules
    points = _points(rules)
    counts = [0, 0, 0, 0]
    for held in hand:
        if held.color is not None:
            counts[_COLOR_INDEX[held.color]] += 1
    favourites: dict[Card, str] = {}
    guilty: bool | None = None
    best: Action | None = None
    best_score = float("-inf")
    for a in plays:
        card = a.card
        assert card is not None
        kind = card.kind
        score = weight * points[card.index]
        if _STOPPER[card.index]:
            if threat:
                score += 60
            elif next_is_mate:
                score -= 60
        if card.wild:
            if plain and mine > 2:
                score += _LAST_RESORT
            elif kind is _WD4:
                if guilty is None:
                    guilty = holds_match(hand, game.color, rules.wd4_wilds)
                score += -200 if guilty else 10
            else:
                score += trade_score(kind, sizes, seat, mate, mine)
            if a.color is not None:
                named = favourites.get(card)
                if named is None:
                    rest_cards = list(hand)
                    rest_cards.remove(card)
                    named = favourites[card] = favourite(rest_cards)
                if a.color != named:
                    continue
        else:
            if rules.seven_o and card.number in (0, 7):
                return _seven_o_play(game, seat)
            score += 2 * (counts[_COLOR_INDEX[card.color or "R"]] - 1)
        if score > best_score:
            best, best_score = a, score
    assert best is not None
    return best


_POINTS: list[object] = [None, None]


def _points(rules: Rules) -> list[int]:
    """What each card (by index) scores under ``rules``; the last table is kept."""
    if _POINTS[0] is not rules:
        _POINTS[0] = rules
        deck = set(rules.deck())
        _POINTS[1] = [rules.card_points(c) if c in deck else 0 for c in Card.all()]
    table = _POINTS[1]
    assert isinstance(table, list)
    return table


def _seven_o_play(game: Game, seat: int) -> Action:
    """Seven-O tables are rare in playouts: ask the greedy bot itself."""
    from unokit.bots.base import decide
    from unokit.bots.greedy import GreedyBot

    action = GreedyBot().choose(decide(game, seat))
    assert action is not None
    return action


def _guilt_odds(game: Game, seat: int) -> float:
    """``greedy.challenge_odds`` from ``seat``'s side of the game: the chance that the Wild
    Draw Four's player held a matching card, hypergeometric over the cards this seat cannot
    see, weighed by the player's verdicts."""
    wd4 = game.open_wild_draw_four
    if wd4 is None:
        return 0.0
    player, color = wd4
    if color is None:
        return 0.0
    wilds = game.rules.wd4_wilds
    unseen = [c for s in game.active if s != seat for c in game.hand(s)] + game.draw_pile
    total = len(unseen)
    matching = 0
    for card in unseen:
        if card.color == color or (
            card.wild
            and (
                (wilds == "wild" and card.kind is Kind.WILD)
                or (wilds == "all" and card.kind is not _WD4)
            )
        ):
            matching += 1
    held = min(game.hand_sizes()[player], total)
    if held <= 0 or total <= 0:
        return 0.0
    odds = 1.0 - comb(total - matching, held) / comb(total, held)
    if odds >= 1.0:
        return 1.0
    guilty = innocent = 0
    for event in game.log:  # rare: a Wild Draw Four was just played
        if event.type == "verdict" and event.seat == player:
            if event.reason == "guilty":
                guilty += 1
            else:
                innocent += 1
    bluff = (guilty + 1) / (guilty + innocent + 1)
    return odds * bluff / (odds * bluff + (1.0 - odds))
