"""What a seat can work out from its own decision: counts of unseen cards, the colour in
play before a Wild Draw Four, who is close to going out, what the others cannot hold.
Shared by the heuristic bots and the search bot."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from math import comb
from typing import TYPE_CHECKING, NamedTuple

from unokit.cards import COLORS, WILD_KINDS, Card, Kind

if TYPE_CHECKING:
    from unokit.bots.base import Decision
    from unokit.game import Game
    from unokit.rng import Random
    from unokit.rules import Rules

__all__ = [
    "HandModel",
    "LastPlay",
    "color_counts",
    "favourite_color",
    "greedy_card",
    "guilty_odds",
    "holds_match",
    "last_wild_draw_four",
    "matching_wilds",
    "next_seat",
    "teammate",
    "trade_score",
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


_MATCHING_WILDS: dict[str, tuple[Kind, ...]] = {
    "wild": (Kind.WILD,),
    "all": tuple(k for k in WILD_KINDS if k is not Kind.WILD_DRAW_FOUR),
}


def matching_wilds(wd4_wilds: str) -> tuple[Kind, ...]:
    """The wilds that count as a card of the colour in play for the Wild Draw Four limit."""
    return _MATCHING_WILDS.get(wd4_wilds, ())


def holds_match(hand: Iterable[Card], color: str | None, wd4_wilds: str) -> bool:
    """Would playing a Wild Draw Four from ``hand`` be guilty (``color`` in play)?"""
    wilds = matching_wilds(wd4_wilds)
    return any(c.color == color or c.kind in wilds for c in hand)


def trade_score(kind: Kind, sizes: Sequence[int], seat: int, mate: int | None, mine: int) -> int:
    """``greedy``'s score for a Wild Shuffle Hands or Wild Swap Hands played from ``mine``
    cards: +40 when the trade should leave ``seat`` fewer cards, -40 otherwise; 0 for any
    other card."""
    if kind is Kind.WILD_SHUFFLE_HANDS:
        others = [n for s, n in enumerate(sizes) if s != seat and n]
        return 40 if others and mine - 1 > sum(others) / len(others) else -40
    if kind is Kind.WILD_SWAP_HANDS:
        fewest = min((n for s, n in enumerate(sizes) if s not in (seat, mate) and n), default=mine)
        return 40 if fewest < mine - 1 else -40
    return 0


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


Constraint = tuple[frozenset[str], frozenset[str], bool]
"""What one unseen card of another seat's hand cannot be: colours, symbols, and whether it
can be a wild."""

_STOPPERS = (Kind.SKIP, Kind.DRAW_TWO, Kind.REVERSE, Kind.WILD_DRAW_FOUR)
_TURN_DRAW = "turn"
_TURN_EVENTS = frozenset({"play", "jump", "draw", "pass", "accept", "challenge"})


def allows(constraint: Constraint | None, card: Card) -> bool:
    """Can ``card`` be a card held under ``constraint``?"""
    if constraint is None:
        return True
    colors, symbols, no_wild = constraint
    if card.wild:
        return not no_wild
    return card.color not in colors and card.symbol not in symbols


def _merge(old: Constraint | None, new: Constraint) -> Constraint:
    if old is None:
        return new
    return (old[0] | new[0], old[1] | new[1], old[2] or new[2])


def _weight(constraint: Constraint | None) -> int:
    if constraint is None:
        return -1
    return len(constraint[0]) + len(constraint[1]) + constraint[2]


class LastPlay(NamedTuple):
    """A play from the hand, and the table as it was just before it."""

    seat: int
    card: Card
    named: str | None
    color: str | None
    symbol: str | None
    sizes: tuple[int, ...]
    after: int


def greedy_card(
    hand: list[Card],
    *,
    color: str | None,
    symbol: str | None,
    sizes: Sequence[int],
    seat: int,
    after: int,
    mate: int | None,
    rules: Rules,
) -> tuple[Card, str | None] | None:
    """The card ``greedy`` plays from ``hand`` in its turn's play phase (and the colour it
    names), or ``None`` if nothing plays: its ``_best_play`` on plain values."""
    playable = sorted(
        {c for c in hand if c.wild or c.color == color or c.symbol == symbol},
        key=lambda c: c.index,
    )
    if not playable:
        return None
    mine = len(hand)
    plain = any(not c.wild for c in playable)
    threat = after != mate and sizes[after] <= 2
    counts = color_counts(hand)
    guilty: bool | None = None
    best: tuple[Card, str | None] | None = None
    best_score = float("-inf")
    for card in playable:
        kind = card.kind
        score = float(rules.card_points(card))
        if kind in _STOPPERS:
            if threat:
                score += 60
            elif after == mate:
                score -= 60
        named: str | None = None
        if card.wild:
            rest = list(hand)
            rest.remove(card)
            named = favourite_color(rest)
            if plain and mine > 2:
                score -= 1000
            elif kind is Kind.WILD_DRAW_FOUR:
                if guilty is None:
                    guilty = holds_match(hand, color, rules.wd4_wilds)
                score += -200 if guilty else 10
            else:
                score += trade_score(kind, sizes, seat, mate, mine)
        else:
            score += 2 * (counts[card.color or ""] - 1)
        if score > best_score:
            best, best_score = (card, named), score
    return best


class HandModel:
    """What the other seats' hands cannot hold, read from this seat's history, on the
    assumption that a player plays when it can (as ``greedy`` does, and most people):

    - a player who draws on its turn held no card that played then (nothing of the colour in
      play, nothing with the top card's symbol, no wild), and the card it drew did not play
      either unless it plays it at once (one that plays and is kept, a ``pass``, breaks the
      assumption);
    - a player who plays a wild from a hand of three or more held no other card that played
      (``greedy`` keeps its wilds for when nothing else plays).

    Each unseen card of a hand is a slot with what it cannot be; a card played leaves the
    hand from the most constrained slot it fits (so no more is assumed than the history
    forces), and a history the assumption cannot explain (a player who drew holding a card
    that played) drops that seat's constraints. A hand shown to this seat (it challenged a
    Wild Draw Four) is known card for card until those cards are played. Hands swapped or
    shuffled start afresh. Only the seat's own history is read: nothing it may not see.
    """

    def __init__(self, decision: Decision, memory: int = 1) -> None:
        me = decision.seat
        sizes: list[int] = list(decision.view["hand_sizes"])
        history = decision.history
        # an arranged position has no deal: start from today's sizes less what changed since
        start = {s: n for s, n in enumerate(sizes) if n}
        reverses = 0
        for event in history:
            if event.seat in start:
                if event.type == "draw":
                    start[event.seat] -= event.count
                elif event.type in ("play", "jump"):
                    start[event.seat] += 1
            reverses += event.type == "reverse"
        count = [max(start.get(s, 0), 0) for s in range(len(sizes))]
        slots: dict[int, list[Constraint | None]] = {
            s: [None] * n for s, n in enumerate(count) if s != me and n
        }
        rules = decision.rules
        checkable = memory > 0 and not (rules.seven_o or rules.stacking or rules.game != "classic")
        active = list(decision.view["active"])
        direction = int(decision.view["direction"]) * (-1) ** reverses
        last: dict[int, list[LastPlay]] = {}
        color: str | None = None
        symbol: str | None = None
        kinds = [e.type for e in history]
        if "turn_up" not in kinds and "reshuffle" not in kinds:
            # an arranged position: the card on top before the first play is in the pile
            discard = decision.view.get("discard") or []
            below = len(discard) - 1 - kinds.count("play") - kinds.count("jump")
            if 0 <= below < len(discard):
                first = Card.parse(discard[below])
                color, symbol = first.color, first.symbol
        drew: int | None = None  # the seat that has just drawn on its turn
        known: dict[int, list[Card]] = {}  # cards a hand shown to this seat still holds
        for event in history:
            kind = event.type
            seat = event.seat
            if drew is not None and seat != drew and kind in _TURN_EVENTS:
                drew = None
            if kind == "deal" and seat is not None:
                count[seat] = event.count
                if seat != me:
                    slots[seat] = [None] * event.count
                    known.pop(seat, None)
            elif kind == "reverse":
                direction = event.count or -direction
            elif kind == "turn_up" and event.cards:
                color, symbol = event.cards[0].color, event.cards[0].symbol
            elif kind in ("play", "jump") and event.cards and seat is not None:
                card = event.cards[0]
                if kind == "play" and seat not in (me, drew) and checkable and seat in active:
                    after = active[(active.index(seat) + direction) % len(active)]
                    plays = last.setdefault(seat, [])
                    sizes_then = tuple(count)
                    plays.append(
                        LastPlay(seat, card, event.color, color, symbol, sizes_then, after)
                    )
                    del plays[:-memory]
                else:
                    last.pop(seat, None)
                count[seat] -= 1
                hand = slots.get(seat, []) if seat != me else []
                held = known.get(seat)
                if seat == drew and hand:
                    hand.pop()  # the card it drew: the one play open to it
                elif held is not None and card in held:
                    held.remove(card)
                elif hand:
                    fits = [i for i, c in enumerate(hand) if allows(c, card)]
                    if not fits:  # the assumption failed for this seat: forget it
                        hand[:] = [None] * len(hand)
                        fits = list(range(len(hand)))
                    del hand[max(fits, key=lambda i: _weight(hand[i]))]
                    if kind == "play" and card.wild and len(hand) >= 2 and color is not None:
                        plain: Constraint = (frozenset((color,)), frozenset((symbol or "",)), False)
                        hand[:] = [_merge(c, plain) for c in hand]
                color = event.color if event.color is not None else card.color
                symbol = card.symbol
                drew = None
            elif kind == "draw" and seat is not None:
                count[seat] += event.count
                last.pop(seat, None)
                if seat == me or seat not in slots:
                    continue
                hand = slots[seat]
                hand.extend([None] * event.count)
                if event.reason == _TURN_DRAW and color is not None:
                    # nothing played, and the card drawn does not play unless played next
                    dry: Constraint = (frozenset((color,)), frozenset((symbol or "",)), True)
                    hand[:] = [_merge(c, dry) for c in hand]
                    drew = seat
            elif kind == "pass" and seat is not None and seat == drew:
                # it kept the card it drew: playable or not, nobody can tell (C-DEC-57), so
                # the assumption stands that it plays a drawn card that plays
                drew = None
            elif kind == "color" and event.color is not None:
                color = event.color
            elif kind == "reveal" and event.cards and seat is not None and seat != me:
                # a hand shown to this seat (a challenge): known card for card; cards it
                # drew since it played are still unknown
                known[seat] = list(event.cards)
                slots[seat] = [None] * max(count[seat] - len(event.cards), 0)
            elif kind in ("swap", "rotate", "shuffle_hands", "hand"):
                for other, hand in slots.items():
                    slots[other] = [None] * (len(hand) + len(known.get(other, ())))
                known.clear()
                checkable = False
                last.clear()
        for seat, size in enumerate(sizes):
            if seat == me:
                continue
            hand = slots.get(seat, [])
            if len(hand) + len(known.get(seat, ())) != size:
                hand = [None] * size
                known.pop(seat, None)
            slots[seat] = hand
        self.slots = {s: [c for c in h if c is not None] for s, h in slots.items()}
        """Each other seat's constrained slots (its unconstrained cards are left out)."""
        self.known = {s: cards for s, cards in known.items() if cards}
        """Cards each other seat is known to hold: what a hand shown to this seat (a
        Wild Draw Four challenge) still holds."""
        mate = teammate(decision.view, me)
        self.last_plays = [p for s, p in last.items() if s != mate and p and checkable]
        """Each other seat's last plays from its hand (up to ``memory``, oldest first) since
        it last drew: the hand it holds now, with the cards it played since, must make
        ``greedy`` play each of them."""
        self.rules = rules
        self.mates = {s: teammate(decision.view, s) for s in active}

    def explains(self, game: Game) -> bool:
        """Would ``greedy`` holding this re-deal's hands have made each seat's last plays?"""
        return self.misfits(game, 1) == 0

    def misfits(self, game: Game, enough: int = 99) -> int:
        """How many seats' last plays this re-deal does not explain (counting stops at
        ``enough``)."""
        rules = self.rules
        wrong = 0
        for plays in self.last_plays:
            hand = game.hand(plays[0].seat)
            mate = self.mates.get(plays[0].seat)
            for play in reversed(plays):
                hand.append(play.card)
                choice = greedy_card(
                    hand,
                    color=play.color,
                    symbol=play.symbol,
                    sizes=play.sizes,
                    seat=play.seat,
                    after=play.after,
                    mate=mate,
                    rules=rules,
                )
                if choice != (play.card, play.named):
                    wrong += 1
                    if wrong >= enough:
                        return wrong
                    break
        return wrong

    @property
    def empty(self) -> bool:
        """Nothing is known beyond the view: a plain re-deal is as good."""
        return not any(self.slots.values()) and not self.known

    def arrange(self, game: Game, seat: int, rng: Random | None = None) -> None:
        """Re-deal the cards ``seat`` cannot see in ``game`` (a determinization made by
        ``Decision.sample``, already shuffled) so that every constrained slot gets a card it
        allows where the unseen cards have one. Hand sizes are kept; the draw pile takes the
        rest. The cards are scanned in their shuffled order, so each slot gets a uniformly
        random allowed card. With ``rng`` the unseen cards are shuffled again first (a new
        re-deal without a new copy of the game)."""
        others = [s for s in game.active if s != seat]
        sizes = game.hand_sizes()
        cards = [c for s in others for c in game.hand(s)]
        cards += game.draw_pile[::-1]  # bottom first, the order re-deals have always scanned
        if rng is not None:
            rng.shuffle(cards)
        pool: list[Card | None] = list(cards)
        new: dict[int, list[Card]] = {s: [] for s in others}
        for s in others:  # the cards known to be there first: a slot must not take them
            for held in self.known.get(s, ()):
                for i, unseen in enumerate(pool):
                    if unseen == held:
                        new[s].append(held)
                        pool[i] = None
                        break
        for s in others:
            for constraint in sorted(self.slots.get(s, ()), key=_weight, reverse=True):
                for i, card in enumerate(pool):
                    if card is not None and allows(constraint, card):
                        new[s].append(card)
                        pool[i] = None
                        break
        rest = [c for c in pool if c is not None]
        j = 0
        for s in others:
            need = sizes[s] - len(new[s])
            new[s].extend(rest[j : j + need])
            j += need
        game.redeal(seat, new, rest[j:][::-1], check=False)  # redeal takes the pile top first
