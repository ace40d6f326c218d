"""The belief model: how likely each unseen card is to be in each other hand, read from a
seat's own history, and re-deals weighted by it for the search bot.

The counting model (``counting``) starts from ``HandModel``'s hard constraints (a player
who drew held nothing that played) and spreads each unseen copy over the hands and the
draw pile as if every deal that fits them were as likely: in proportion to the slots of a
hand that may hold the card, scaled so each hand expects its own size.
The learned model (``BeliefModel``) adds a small network's correction to that estimate's
log-odds, from what the counting misses: the colour a player last named, the colours it
plays, what it drew on. Its weights are fitted to the true hands of simulated rounds
(``belief_train``) and stored as a small ``.npz``; playing needs numpy alone.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from unokit.bots.knowledge import HandModel, allows, unseen_cards
from unokit.cards import Card, Kind

if TYPE_CHECKING:
    from unokit.bots.base import Decision
    from unokit.game import Game
    from unokit.rng import Random

__all__ = [
    "FEATURES",
    "BeliefModel",
    "Beliefs",
    "beliefs",
    "default_model",
    "weighted_arrange",
]

Floats = npt.NDArray[np.float64]

FEATURES = 22
"""Features of one (hand, card kind) pair."""
_EPS = 1e-4
_WEIGHTS = Path(__file__).with_name("weights") / "belief" / "greedy-play.npz"
_N_KINDS = len(Card.all())


@dataclass
class Beliefs:
    """One decision's estimate: ``prob[s][i]`` is the chance that a given unseen copy of
    the card with index ``i`` is in seat ``s``'s hand (``seats`` lists the other seats
    with cards; ``unseen[i]`` the copies this seat cannot see)."""

    seats: list[int]
    unseen: npt.NDArray[np.int64]
    prob: Floats  # (len(seats), number of card faces)
    counting: Floats  # the counting model's estimate, same shape
    features: Floats  # (len(seats), number of card faces, FEATURES)
    model: HandModel | None
    allowed: dict[int, list[npt.NDArray[np.bool_]]]
    """Each other seat's constrained slots, most constrained first: the faces each allows."""


def _logit(p: Floats) -> Floats:
    q = np.clip(p, _EPS, 1 - _EPS)
    return np.asarray(np.log(q / (1 - q)), dtype=np.float64)


class _Story:
    """What one seat's public history says about one other seat's play."""

    __slots__ = ("drew_on", "last", "named", "played", "plays", "since", "switched", "wild_big")

    def __init__(self) -> None:
        self.named: str | None = None  # the colour its last wild named
        self.played: Counter[str] = Counter()  # colours of the cards it played
        self.plays = 0
        self.last: Card | None = None  # its last plain card played
        self.drew_on: str | None = None  # the colour in play when it last drew on its turn
        self.wild_big = False  # a wild played from three cards or more since it last drew
        self.switched: str | None = None  # the colour its last play changed to on a symbol
        self.since = 0  # its plays since it last drew on its turn


def _stories(decision: Decision, players: int) -> list[_Story]:
    stories = [_Story() for _ in range(players)]
    sizes = [0] * players
    color: str | None = None
    for event in decision.history:
        kind = event.type
        seat = event.seat
        if kind == "deal" and seat is not None and seat < players:
            sizes[seat] = event.count
        elif kind == "turn_up" and event.cards:
            color = event.cards[0].color
        elif kind in ("play", "jump") and event.cards and seat is not None and seat < players:
            card = event.cards[0]
            story = stories[seat]
            story.plays += 1
            story.since += 1
            story.switched = None
            if card.wild:
                story.named = event.color
                if sizes[seat] >= 3:
                    story.wild_big = True
            elif card.color is not None:
                story.played[card.color] += 1
                story.last = card
                if color is not None and card.color != color:
                    story.switched = card.color
            sizes[seat] -= 1
            color = event.color if event.color is not None else card.color
        elif kind == "draw" and seat is not None and seat < players:
            sizes[seat] += event.count
            if event.reason == "turn":
                stories[seat].drew_on = color
                stories[seat].wild_big = False
                stories[seat].since = 0
        elif kind == "color" and event.color is not None:
            color = event.color
    return stories


def beliefs(decision: Decision, model: BeliefModel | None = None) -> Beliefs:
    """The counting model's estimate for ``decision`` (and the learned one's, with
    ``model``; without, ``prob`` is the counting estimate)."""
    view = decision.view
    me = decision.seat
    sizes = [int(n) for n in view["hand_sizes"]]
    players = len(sizes)
    seats = [s for s, n in enumerate(sizes) if s != me and n]
    unseen = np.zeros(_N_KINDS, dtype=np.int64)
    for card, n in unseen_cards(decision).items():
        unseen[card.index] = n
    total = int(unseen.sum())
    hand_model = HandModel(decision) if decision.rules.game == "classic" else None
    faces = Card.all()
    present = np.flatnonzero(unseen)
    # room: a hand's free slots that may hold each face; the pile holds anything
    room = np.zeros((len(seats), _N_KINDS))
    known = np.zeros((len(seats), _N_KINDS))
    for j, s in enumerate(seats):
        slots = hand_model.slots.get(s, []) if hand_model is not None else []
        held = hand_model.known.get(s, []) if hand_model is not None else []
        for card in held:
            known[j, card.index] += 1
        free = max(sizes[s] - len(held) - len(slots), 0)
        room[j, present] = free
        for constraint in slots:
            for i in present:
                if allows(constraint, faces[i]):
                    room[j, i] += 1
    pile = max(total - sum(sizes[s] for s in seats), 0)
    rest = np.maximum(unseen - known.sum(axis=0), 0)
    share = _spread(room, [sizes[s] - known[j].sum() for j, s in enumerate(seats)], pile, rest)
    safe = np.maximum(unseen, 1)
    counting = np.clip((known + rest * share) / safe, _EPS, 1 - _EPS)
    features = _features(
        decision,
        seats=seats,
        sizes=sizes,
        unseen=unseen,
        total=total,
        room=room,
        known=known,
        counting=counting,
        players=players,
    )
    prob = counting if model is None else model.predict(features, counting)
    prob = prob * (unseen > 0)
    masks: dict[object, npt.NDArray[np.bool_]] = {}
    allowed: dict[int, list[npt.NDArray[np.bool_]]] = {}
    for s in seats:
        slots = sorted(hand_model.slots.get(s, []), key=_weight, reverse=True) if hand_model else []
        for c in slots:
            if c not in masks:
                masks[c] = np.array([allows(c, face) for face in faces], dtype=bool)
        allowed[s] = [masks[c] for c in slots]
    return Beliefs(seats, unseen, prob, counting * (unseen > 0), features, hand_model, allowed)


def _spread(room: Floats, sizes: list[float], pile: int, copies: Floats) -> Floats:
    """Each hand's share of each face's copies when every deal that fits the constraints
    is as likely: a hand takes a face in proportion to its slots that allow it, scaled
    (iterative proportional fitting) so each hand expects its size and each copy is
    somewhere."""
    fits = np.vstack([room / np.maximum(np.array(sizes)[:, None], 1), np.ones(room.shape[1])])
    fits *= copies > 0
    target = np.array([*sizes, pile], dtype=np.float64)
    scale = np.ones(len(target))
    share = fits
    for _ in range(30):
        share = scale[:, None] * fits
        share /= np.maximum(share.sum(axis=0), 1e-12)
        held = share @ copies
        scale *= np.where(held > 0, target / np.maximum(held, 1e-12), 1.0)
    return np.asarray(share[:-1], dtype=np.float64)


def _features(
    decision: Decision,
    *,
    seats: list[int],
    sizes: list[int],
    unseen: npt.NDArray[np.int64],
    total: int,
    room: Floats,
    known: Floats,
    counting: Floats,
    players: int,
) -> Floats:
    faces = Card.all()
    stories = _stories(decision, players)
    discard = decision.view.get("discard") or []
    top = Card.parse(discard[-1]) if discard else None
    in_play = decision.view.get("color") or (top.color if top is not None else None)
    active = list(decision.view["active"])
    me = decision.seat
    colors = np.array([c.color or "" for c in faces])
    symbols = np.array([c.symbol for c in faces])
    wild = np.array([c.wild for c in faces], dtype=np.float64)
    wd4 = np.array([c.kind is Kind.WILD_DRAW_FOUR for c in faces], dtype=np.float64)
    x = np.zeros((len(seats), _N_KINDS, FEATURES))
    x[:, :, 0] = 1.0
    x[:, :, 1] = _logit(counting)
    for j, s in enumerate(seats):
        story = stories[s]
        n = max(sizes[s], 1)
        x[j, :, 2] = _logit(np.full(_N_KINDS, n / max(total, 1)))
        x[j, :, 3] = 1.0 - np.minimum(room[j] + known[j], n) / n
        x[j, :, 4] = wild
        x[j, :, 5] = wd4
        if story.named is not None:
            x[j, :, 6] = colors == story.named
        if story.last is not None:
            x[j, :, 7] = colors == (story.last.color or "")
            x[j, :, 8] = (symbols == story.last.symbol) & (wild == 0)
        for color, count in story.played.items():
            x[j, :, 9] += (colors == color) * (count / (story.plays + 1))
        if story.drew_on is not None:
            x[j, :, 10] = colors == story.drew_on
        if in_play is not None:
            x[j, :, 11] = colors == in_play
        x[j, :, 12] = 1.0 / n
        x[j, :, 13] = np.log(np.maximum(unseen, 1))
        if me in active and s in active:
            gap = (active.index(s) - active.index(me)) % len(active)
            x[j, :, 14] = gap == 1
            x[j, :, 15] = gap == len(active) - 1
        x[j, :, 16] = story.wild_big
        x[j, :, 17] = (known[j] > 0) * 1.0
        if story.switched is not None:
            x[j, :, 18] = colors == story.switched
        x[j, :, 20] = min(story.since, 5) / 5
        x[j, :, 21] = min(story.plays, 10) / 10
    for color in ("R", "Y", "G", "B"):
        x[:, :, 19] += (colors == color) * (unseen[colors == color].sum() / max(total, 1))
    return x


class BeliefModel:
    """A one-hidden-layer network whose output is added to the counting model's log-odds:
    ``w1`` (features x hidden), ``b1``, ``w2`` (hidden), ``b2``."""

    def __init__(self, w1: Floats, b1: Floats, w2: Floats, b2: float) -> None:
        if w1.shape[0] != FEATURES or b1.shape != (w1.shape[1],) or w2.shape != b1.shape:
            raise ValueError("these belief weights were made for another feature layout")
        self.w1, self.b1, self.w2, self.b2 = w1, b1, w2, float(b2)

    @classmethod
    def load(cls, path: str | Path = _WEIGHTS) -> BeliefModel:
        """The model stored at ``path`` (the shipped one by default)."""
        with np.load(path) as data:
            return cls(
                np.asarray(data["w1"], dtype=np.float64),
                np.asarray(data["b1"], dtype=np.float64),
                np.asarray(data["w2"], dtype=np.float64),
                float(data["b2"]),
            )

    def save(self, path: str | Path) -> None:
        """Store the weights (numpy's ``.npz``)."""
        np.savez(path, w1=self.w1, b1=self.b1, w2=self.w2, b2=np.float64(self.b2))

    def logits(self, features: Floats) -> Floats:
        """Log-odds for each row of ``features`` (the last axis)."""
        hidden = np.tanh(features @ self.w1 + self.b1)
        return np.asarray(features[..., 1] + hidden @ self.w2 + self.b2, dtype=np.float64)

    def predict(self, features: Floats, counting: Floats) -> Floats:
        """The chance of each (hand, face) pair, a copy at a time (``counting`` gives the
        shape; the hard constraints stay hard: a face the counting rules out stays out)."""
        p = 1.0 / (1.0 + np.exp(-self.logits(features)))
        return np.asarray(np.where(counting <= _EPS, _EPS, p), dtype=np.float64)


_DEFAULT: list[BeliefModel] = []


def default_model() -> BeliefModel:
    """The shipped model (loaded once)."""
    if not _DEFAULT:
        _DEFAULT.append(BeliefModel.load())
    return _DEFAULT[0]


def weighted_arrange(game: Game, seat: int, belief: Beliefs, rng: Random) -> None:
    """Re-deal the cards ``seat`` cannot see in ``game`` so that each other hand is drawn
    with weights from ``belief``: cards known to be held first, then each constrained slot
    a card it allows, then the rest of the hand; within each, a weighted draw without
    replacement (Efraimidis-Spirakis keys: the largest ``log(u) / weight``). Hand sizes
    are kept; the pile takes the rest."""
    others = [s for s in game.active if s != seat]
    sizes = game.hand_sizes()
    pool: list[Card] = [c for s in others for c in game.hand(s)]
    pool += game.draw_pile[::-1]
    faces = np.fromiter((c.index for c in pool), dtype=np.int64, count=len(pool))
    free = np.ones(len(pool), dtype=bool)
    gen = np.random.default_rng(rng.next64())
    order = list(others)
    rng.shuffle(order)
    model = belief.model
    index = {s: j for j, s in enumerate(belief.seats)}
    new: dict[int, list[int]] = {s: [] for s in others}
    for s in order:
        for held in model.known.get(s, ()) if model is not None else ():
            hits = np.flatnonzero(free & (faces == held.index))
            if len(hits):
                new[s].append(int(hits[0]))
                free[hits[0]] = False
    for s in order:
        j = index.get(s)
        weight = belief.prob[j, faces] if j is not None else np.ones(len(pool))
        keys = np.log(gen.random(len(pool))) / np.maximum(weight, _EPS)
        for allowed in belief.allowed.get(s, ()):
            fits = free & allowed[faces]
            if fits.any():
                best = int(np.argmax(np.where(fits, keys, -np.inf)))
                new[s].append(best)
                free[best] = False
        need = sizes[s] - len(new[s])
        if need > 0:
            open_ = np.flatnonzero(free)
            top = open_[np.argsort(keys[open_])[-need:]]
            new[s].extend(int(i) for i in top)
            free[top] = False
    rest = [pool[i] for i in np.flatnonzero(free)]
    rng.shuffle(rest)
    game.redeal(seat, {s: [pool[i] for i in got] for s, got in new.items()}, rest, check=False)


def _weight(constraint: tuple[frozenset[str], frozenset[str], bool]) -> int:
    return len(constraint[0]) + len(constraint[1]) + constraint[2]
