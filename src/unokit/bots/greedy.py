"""The greedy bot: a sensible heuristic that looks one move ahead and no further.

It sheds its most valuable card that plays, keeps wild cards for when nothing else plays,
names the colour it holds most of, stops an opponent about to go out with an action card,
challenges a Wild Draw Four when the odds favour it, always says Uno, catches others and
jumps in when it can. Decisions it does not model (the variants' own actions) get a legal
action picked at random from its seeded generator.
"""

from __future__ import annotations

from collections.abc import Sequence

from unokit.actions import Action
from unokit.bots.base import Bot, Decision
from unokit.bots.knowledge import (
    color_counts,
    favourite_color,
    guilty_odds,
    holds_match,
    last_wild_draw_four,
    matching_wilds,
    next_seat,
    teammate,
    trade_score,
)
from unokit.bots.registry import register_bot
from unokit.cards import Card, Kind

__all__ = ["GreedyBot", "challenge_odds"]

_STOPPERS = (Kind.SKIP, Kind.DRAW_TWO, Kind.REVERSE, Kind.WILD_DRAW_FOUR)
_LAST_RESORT = -1000.0


class GreedyBot(Bot):
    """Shed high-value cards, keep wilds for need; ``challenge`` is the least chance of
    guilt at which it challenges a Wild Draw Four (1/3 breaks even: 6 cards against 4);
    ``points`` weighs a card's points in its score (0: play for the win, not the points:
    keep a colour, save action cards for a threat, the lowest card first among equals)."""

    name = "greedy"

    def __init__(self, seed: int = 0, challenge: float = 1 / 3, points: float = 1.0) -> None:
        super().__init__(seed)
        if not 0.0 <= challenge <= 1.0:
            raise ValueError("challenge is a probability, 0 to 1")
        if isinstance(points, bool) or not isinstance(points, (int, float)) or points < 0:
            raise ValueError(f"points must be a number, 0 or more, not {points!r}")
        self.challenge = challenge
        self.points = float(points)

    def choose(self, decision: Decision) -> Action | None:
        legal = decision.legal
        if not legal:
            return None
        mate = teammate(decision.view, decision.seat)
        for action in legal:  # say Uno before anything else
            if action.kind == "uno":
                return action
        catches = [a for a in legal if a.kind == "catch" and a.target != mate]
        if catches:
            return catches[0]
        jumps = [a for a in legal if a.kind == "jump"]
        if jumps:
            return _with_uno(jumps)[0]
        turn = [a for a in legal if a.kind not in ("catch", "uno", "jump")]
        if decision.optional or not turn:
            if decision.optional:
                return None
            return legal[self.rng.below(len(legal))]
        kinds = {a.kind for a in turn}
        if "color" in kinds:
            return _pick_color(turn, decision.hand)
        if "swap" in kinds:
            return _pick_swap(turn, decision, mate)
        if "accept" in kinds:
            return self._penalty(turn, decision)
        plays = [a for a in turn if a.kind == "play"]
        if plays and kinds <= {"play", "draw", "pass"}:
            return _best_play(plays, decision, mate, self.points)
        if "draw" in kinds and kinds <= {"play", "draw", "pass"}:
            return next(a for a in turn if a.kind == "draw")
        if kinds == {"pass"}:  # a drawn card that does not play is kept
            return turn[0]
        return turn[self.rng.below(len(turn))]  # an action kind this bot does not model

    def _penalty(self, turn: list[Action], decision: Decision) -> Action:
        stacks = [a for a in turn if a.kind == "play"]
        if stacks:
            return _best_play(stacks, decision, teammate(decision.view, decision.seat), self.points)
        for action in turn:
            if action.kind == "challenge" and challenge_odds(decision) > self.challenge:
                return action
        return next(a for a in turn if a.kind == "accept")


def challenge_odds(decision: Decision) -> float:
    """The chance that the Wild Draw Four just played on this seat was played illegally.

    The hypergeometric chance that its player held a matching card, weighed by how often
    that player was found guilty before in this round (a player never caught bluffing
    counts as half as likely to bluff once it has been found innocent)."""
    found = last_wild_draw_four(decision)
    if found is None:
        return 0.0
    player, color = found
    held = guilty_odds(decision, player, color, matching_wilds(decision.rules.wd4_wilds))
    guilty = innocent = 0
    for event in decision.history:
        if event.type == "verdict" and event.seat == player:
            if event.reason == "guilty":
                guilty += 1
            else:
                innocent += 1
    bluff = (guilty + 1) / (guilty + innocent + 1)  # P(plays it holding a match) / P(not)
    return held * bluff / (held * bluff + (1.0 - held)) if held < 1.0 else 1.0


def _with_uno(actions: Sequence[Action]) -> list[Action]:
    """The ``uno`` variant of each play where there is one (always say Uno)."""
    said = {(a.card, a.color, a.pile, a.companion) for a in actions if a.uno}
    return [a for a in actions if a.uno or (a.card, a.color, a.pile, a.companion) not in said]


def _pick_color(turn: list[Action], hand: list[Card]) -> Action:
    best = favourite_color(hand)
    return next((a for a in turn if a.color == best), turn[0])


def _pick_swap(turn: list[Action], decision: Decision, mate: int | None) -> Action:
    sizes = decision.view["hand_sizes"]
    swaps = [a for a in turn if a.kind == "swap"]
    return min(swaps, key=lambda a: (a.target == mate, sizes[a.target], a.target))


def _best_play(
    plays: list[Action], decision: Decision, mate: int | None, points: float = 1.0
) -> Action:
    """The play that scores best (the first of equals); a wild names the colour held most
    of after playing it."""
    hand = decision.hand
    view = decision.view
    sizes: list[int] = view["hand_sizes"]
    seat = decision.seat
    after = next_seat(view, seat)
    threat = after != mate and sizes[after] <= 2
    plain = any(a.card is not None and not a.card.wild for a in plays)
    rules = decision.rules
    guilty = holds_match(hand, view.get("color"), rules.wd4_wilds)
    best: Action | None = None
    best_score = float("-inf")
    for action in _with_uno(plays):
        card = action.card
        assert card is not None
        rest = list(hand)
        rest.remove(card)
        score = _card_score(
            card,
            rest,
            decision,
            threat=threat,
            next_is_mate=after == mate,
            plain=plain,
            guilty=guilty,
            mate=mate,
            points=points,
        )
        if card.wild:
            if action.color is not None and action.color != favourite_color(rest):
                continue
        else:
            score += 2 * color_counts(rest)[card.color or ""]  # keep a colour we can follow
        if score > best_score:
            best, best_score = action, score
    assert best is not None
    return best


def _card_score(
    card: Card,
    rest: list[Card],
    decision: Decision,
    *,
    threat: bool,
    next_is_mate: bool,
    plain: bool,
    guilty: bool,
    mate: int | None,
    points: float = 1.0,
) -> float:
    rules = decision.rules
    sizes: list[int] = decision.view["hand_sizes"]
    mine = len(rest) + 1
    kind = card.kind
    score = points * rules.card_points(card)
    if kind in _STOPPERS:
        if threat:
            score += 60
        elif next_is_mate:
            score -= 60
    if card.wild:
        if plain and mine > 2:
            return _LAST_RESORT + score  # keep wilds for when nothing else plays
        if kind is Kind.WILD_DRAW_FOUR:
            score += -200 if guilty else 10
        else:
            score += trade_score(kind, sizes, decision.seat, mate, mine)
    elif rules.seven_o and card.number == 7:
        fewest = min(
            (n for s, n in enumerate(sizes) if s not in (decision.seat, mate) and n),
            default=mine,
        )
        score += 30 if fewest < mine - 1 else -30
    elif rules.seven_o and card.number == 0:
        view = decision.view
        before = next_seat({**view, "direction": -view["direction"]}, decision.seat)
        score += 30 if sizes[before] < mine - 1 else -30
    return score


register_bot("greedy", GreedyBot)
