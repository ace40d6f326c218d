"""A round of UNO Triple Play: three discard piles, lit piles, counters and overloads.

``TriplePlayGame`` is the classic ``Game`` with three piles instead of one; the electronic
unit is the ``Unit`` of ``unit.py``, driven by the game's own seeded generator. The turn
(``phase``):

* ``play``: ``to_play`` plays a card (or a Discard Two with its companion) onto one lit pile
  it matches, or draws;
* ``drawn``: it drew: it may play the drawn card alone, or ``press`` a lit pile;
* ``give``: its Wild Give Away overloaded the pile: it hands the cards shown to other
  players (``give``) or keeps them (``accept``: it draws them); the clock is paused;
* ``over``: the round has ended.

``timeout`` (timer mode) is applied by whoever keeps the clock, never chosen: it is not in
``legal_actions``; ``clock_running`` says when the clock may run out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from contextvars import ContextVar
from itertools import combinations_with_replacement
from typing import Any, Final, cast

from unokit.actions import Action
from unokit.cards import COLOR_NAMES, Card, Kind
from unokit.errors import ActionSyntaxError, IllegalAction
from unokit.events import Event
from unokit.game import Game
from unokit.rng import Random
from unokit.rules import Rules
from unokit.tripleplay.unit import LIT_PILES, PILES, Unit, UnitModel, UnitScript, check_lit
from unokit.tripleplay.view import build_view

__all__ = ["GIVE", "TIMEOUT_DRAW", "TriplePlayGame"]

PLAY: Final = 0
DRAWN: Final = 1
OVER: Final = 5
GIVE: Final = 6
_PHASE_NAMES: Final = {PLAY: "play", DRAWN: "drawn", OVER: "over", GIVE: "give"}

TIMEOUT_DRAW: Final = 6
"""'If you can't complete your turn before time runs out, you must take back any cards you
tried to play and draw 6 cards from the Draw Pile'."""

_SKIP: Final = Kind.SKIP
_REVERSE: Final = Kind.REVERSE
_DISCARD_TWO: Final = Kind.DISCARD_TWO
_WILD_CLEAR: Final = Kind.WILD_CLEAR
_GIVE_AWAY: Final = Kind.WILD_GIVE_AWAY

DRAW: Final = Action("draw")
KEEP: Final = Action("accept")
"""In the ``give`` phase: keep the overload cards (draw them) rather than give them away."""
TIMEOUT: Final = Action("timeout")
_PRESS: Final = {p: Action("press", pile=p) for p in PILES}
_REFUSED_KINDS: Final = {
    "pass": "Triple Play has no pass: after drawing, play the drawn card or press a lit pile",
    "accept": "accept keeps the cards a Wild Give Away's overload shows, and none are shown",
    "challenge": "Triple Play has no Wild Draw Four to challenge",
    "color": "Triple Play wilds name no colour: the next card played on that pile decides it",
    "swap": "Triple Play has no swapping of hands",
    "jump": "Triple Play has no Jump-In",
    "point": "'point' is not part of Triple Play",
    "link": "'link' is not part of Triple Play",
    "take": "'take' is not part of Triple Play",
}

_MODEL: Final = UnitModel()
"""The default model (a frozen value: one serves every game)."""
_SETUP: ContextVar[tuple[UnitModel, UnitScript | None]] = ContextVar(
    "tripleplay_setup", default=(_MODEL, None)
)
"""The unit model of the game ``TriplePlayGame.new`` is building (``Game.new`` builds the
game through hooks that take no unit)."""


_ALL_CARDS: Final = Card.all()
_PLAYS: Final = [
    [(Action("play", card=c, pile=p), Action("play", card=c, pile=p, uno=True)) for p in PILES]
    for c in _ALL_CARDS
]
"""``play C @P`` without and with ``uno``, by card index and pile: shared, built once."""
_PAIRS: Final[dict[tuple[int, int, int, bool], Action]] = {}
_GIVES: Final[dict[tuple[tuple[int, ...], int], tuple[Action, ...]]] = {}
_AT: Final = ("@0", "@1", "@2", "@3")
_LIT_REASON: Final = [" ".join(_AT[p] for p in piles) for piles in LIT_PILES]
"""The ``lit`` event's words for each mask of lit piles."""


def _play(card: Card, companion: Card | None, pile: int, uno: bool) -> Action:
    """The shared ``play`` action (a Discard Two's pairs are built once, when first met)."""
    if companion is None:
        return _PLAYS[card.index][pile - 1][1 if uno else 0]
    key = (card.index, companion.index, pile, uno)
    action = _PAIRS.get(key)
    if action is None:
        action = Action("play", card=card, companion=companion, pile=pile, uno=uno)
        _PAIRS[key] = action
    return action


def _insert(cards: list[Card], card: Card) -> None:
    """Put ``card`` into ``cards`` (kept in card order), unless an equal card is there."""
    index = card.index
    at = len(cards)
    for i in range(len(cards)):
        other = cards[i].index
        if other == index:
            return
        if other > index:
            at = i
            break
    cards.insert(at, card)


def _gives(others: tuple[int, ...], n: int) -> tuple[Action, ...]:
    key = (others, n)
    gives = _GIVES.get(key)
    if gives is None:
        combos = combinations_with_replacement(others, n)
        gives = _GIVES[key] = tuple(Action("give", seats=c) for c in combos)
    return gives


def _at(pile: int) -> str:
    return _AT[pile]


def _check_rules(rules: Rules) -> None:
    if not isinstance(rules, Rules) or rules.game != "triple-play":
        raise ValueError("TriplePlayGame plays triple-play rules: Rules.preset('triple-play')")


class TriplePlayGame(Game):
    """One round of UNO Triple Play. Make one with ``TriplePlayGame.new`` (or ``Game.new``
    with the ``triple-play`` rules) or ``TriplePlayGame.arranged``."""

    __slots__ = ("_give", "_last_pile", "_lit", "_piles", "_set_aside", "_unit")

    _piles: list[list[Card]]
    _set_aside: list[Card]
    _lit: tuple[int, ...]
    """The lit piles, in pile order."""
    _unit: Unit
    _give: int
    _last_pile: int

    # ------------------------------------------------------------------ construction --
    @classmethod
    def new(
        cls,
        rules: Rules | None = None,
        *,
        players: int = 4,
        seed: int | None = None,
        dealer: int | None = None,
        deck: Sequence[Card | str] | None = None,
        absent: Iterable[int] = (),
        unit: UnitModel | None = None,
        script: UnitScript | None = None,
    ) -> TriplePlayGame:
        """Shuffle, deal 7 each and put one card face up on each pile (``Game.new``);
        ``unit`` is the model of the unit (default ``UnitModel()``), ``script`` the unit's
        first decisions, if a test or a table dictates them."""
        rules = rules if rules is not None else Rules.preset("triple-play")
        _check_rules(rules)
        token = _SETUP.set((unit if unit is not None else _MODEL, script))
        try:
            # Game.new builds the engine registered for triple-play rules: this class
            game = Game.new(
                rules,
                players=players,
                seed=seed,
                dealer=dealer,
                deck=deck,
                absent=absent,
            )
        finally:
            _SETUP.reset(token)
        return cast(TriplePlayGame, game)

    @classmethod
    def arranged(  # type: ignore[override]
        cls,
        rules: Rules | None = None,
        *,
        hands: Sequence[Sequence[Card | str]],
        piles: Sequence[Sequence[Card | str]],
        draw: Sequence[Card | str] = (),
        set_aside: Sequence[Card | str] = (),
        to_play: int = 0,
        direction: int = 1,
        dealer: int | None = None,
        seed: int = 0,
        lit: Iterable[int] = PILES,
        counters: Sequence[int] = (0, 0, 0),
        thresholds: Sequence[int] | None = None,
        unit: UnitModel | None = None,
        script: UnitScript | None = None,
    ) -> TriplePlayGame:
        """A position exactly as given: ``piles`` three lists bottom..top, ``draw`` top
        first, the piles ``lit`` for this turn, each pile's ``counters`` and hidden
        ``thresholds`` (drawn from ``seed`` if not given), ``script`` the unit's next
        decisions (lit piles, thresholds after a reset, overload numbers)."""
        rules = rules if rules is not None else Rules.preset("triple-play")
        _check_rules(rules)
        if len(piles) != 3 or any(not p for p in piles):
            raise ValueError("give three piles, each with at least its top card")
        model = unit if unit is not None else _MODEL
        script = script if script is not None else UnitScript()
        for t in script.thresholds:
            if not model.threshold_min <= t <= model.threshold_max:
                raise ValueError(f"a scripted threshold {t} is outside the model's range")
        extra: dict[str, Any] = {
            "piles": [[Card.parse(c).code for c in p] for p in piles],
            "set_aside": [Card.parse(c).code for c in set_aside],
            "lit": sorted(check_lit(lit)),
            "counters": list(counters),
            "thresholds": None if thresholds is None else list(thresholds),
            "unit": model.to_json(),
            "script": script.to_json(),
        }
        first = Card.parse(piles[0][-1])
        game = Game.arranged(
            rules,
            hands=hands,
            discard=list(piles[0]),
            draw=draw,
            to_play=to_play,
            direction=direction,
            color="R" if first.wild else None,  # the classic position wants one; unused
            dealer=dealer,
            seed=seed,
        )
        game._replay_extra({**game._origin, "tripleplay": extra})
        return cast(TriplePlayGame, game)

    def _init(self, rules: Rules, players: int, absent: Iterable[int], rng: Random) -> None:
        _check_rules(rules)
        super()._init(rules, players, absent, rng)
        model, script = _SETUP.get()
        self._piles = [[], [], []]
        self._discard = self._piles[0]
        self._set_aside = []
        self._lit = ()
        self._unit = Unit(model, script)
        self._give = 0
        self._last_pile = 1

    def _turn_first_card(self) -> None:
        """'Place 1 card face-up in each of the unit's 3 Discard Pile Spaces.' A Reverse or
        Skip: 'place it back into the middle of the draw pile and pick another card.'"""
        self._to_play = self._succ[self._dealer]
        draw = self._draw
        for pile in PILES:
            for _ in range(len(draw) + 1):
                if not draw:
                    raise ValueError("the deck ran out before the piles could be started")
                card = draw.pop()
                self._piles[pile - 1].append(card)
                self._log.append(Event("turn_up", cards=(card,), reason=_AT[pile]))
                if card.kind is not _SKIP and card.kind is not _REVERSE:
                    break
                self._piles[pile - 1].pop()
                draw.insert(len(draw) // 2, card)
                self._log.append(Event("put_back", cards=(card,), reason=_AT[pile]))
            else:
                raise ValueError("the deck holds only Reverse and Skip cards")
        unit = self._unit
        self._origin["tripleplay"] = {
            "unit": unit.model.to_json(),
            "script": unit.script.to_json(),
        }
        unit.start(self._rng)
        self._light_up()

    def _replay_extra(self, origin: dict[str, Any]) -> None:
        """Rebuild what a Triple Play record adds: the unit model, and an arranged position."""
        extra = origin.get("tripleplay")
        if extra is None:
            raise ValueError("a Triple Play record needs its 'tripleplay' set-up")
        model = UnitModel.from_json(extra["unit"])
        script = UnitScript.from_json(extra.get("script", {}))
        if origin["how"] == "new":
            if model == self._unit.model and not script:
                return
            fresh = TriplePlayGame.new(
                self.rules,
                players=origin["players"],
                seed=origin["seed"],
                dealer=origin["dealer"],
                deck=origin["deck"],
                absent=origin.get("absent", ()),
                unit=model,
                script=script,
            )
            fresh._copy_into(self)
            return
        self._origin["tripleplay"] = extra
        parse = Card.parse
        self._piles = [[parse(c) for c in p] for p in extra["piles"]]
        self._discard = self._piles[0]
        self._set_aside = [parse(c) for c in extra["set_aside"]]
        self._lit = tuple(sorted(check_lit(extra["lit"])))
        unit = Unit(model, script)
        counters = list(extra["counters"])
        thresholds = extra["thresholds"]
        if thresholds is None:
            thresholds = []
            for c in counters:
                low = max(model.threshold_min, int(c) + 1)
                if low > model.threshold_max:
                    raise ValueError(f"a counter of {c} is past every threshold of the model")
                thresholds.append(low + self._rng.below(model.threshold_max - low + 1))
        unit.place(counters, thresholds)
        self._unit = unit

    # ------------------------------------------------------------------ public state --
    @property
    def piles(self) -> list[list[Card]]:
        """The three discard piles, bottom..top; index 0 is pile ``@1``."""
        return [list(p) for p in self._piles]

    @property
    def tops(self) -> list[Card]:
        """The top card of each pile."""
        return [p[-1] for p in self._piles]

    @property
    def colors(self) -> list[str | None]:
        """Each pile's colour; ``None`` while a wild is on top: 'the next player that plays
        to that pile ... decides the color'."""
        return [p[-1].color for p in self._piles]

    @property
    def color(self) -> str | None:
        """The colour of the pile played to last (``colors`` has all three)."""
        return self._piles[self._last_pile - 1][-1].color

    @property
    def lit(self) -> set[int]:
        """The numbers of the piles lit for this turn."""
        return set(self._lit)

    @property
    def set_aside(self) -> list[Card]:
        """The cards trimmed off full piles, waiting to become the next draw pile."""
        return list(self._set_aside)

    @property
    def counters(self) -> list[int]:
        """Each pile's card counter: presses since its last reset."""
        return list(self._unit.counters)

    @property
    def lights(self) -> list[str]:
        """Each pile's counter light: ``G`` green, ``Y`` yellow, ``R`` red."""
        return self._unit.lights()

    @property
    def unit_model(self) -> UnitModel:
        return self._unit.model

    @property
    def phase(self) -> str:
        return _PHASE_NAMES[self._phase]

    @property
    def give_pending(self) -> int:
        """Cards a Wild Give Away's player must hand out now (0 outside the ``give`` phase)."""
        return self._give

    @property
    def clock_running(self) -> bool:
        """Timer mode: the clock of ``to_play`` is running, so ``timeout`` may be applied
        (it is paused while an overload is settled)."""
        return self.rules.timer is not None and self._phase in (PLAY, DRAWN)

    def all_cards(self) -> list[Card]:
        cards = [c for h in self._hands for c in h]
        cards += self._draw
        for p in self._piles:
            cards += p
        cards += self._set_aside
        return cards

    def __repr__(self) -> str:
        state = "over" if self.over else f"to_play={self._to_play}"
        tops = " ".join(c.code for c in self.tops)
        lit = "".join(str(p) for p in self._lit)
        return f"<TriplePlayGame players={self.players} tops={tops} lit={lit} {state}>"

    # ------------------------------------------------------------------ the unit ------
    def _light_up(self) -> None:
        """'The lights will rotate to be ready for the next player.'"""
        mask = self._unit.pick_lit(self._rng)
        self._lit = LIT_PILES[mask]
        self._log.append(Event("lit", self._to_play, reason=_LIT_REASON[mask]))

    def _counter_event(self, pile: int) -> None:
        unit = self._unit
        self._log.append(
            Event(
                "counter",
                count=unit.counter(pile),
                color=unit.light(pile),
                reason=_AT[pile],
            )
        )

    def _press_pile(self, seat: int, pile: int) -> int | None:
        """One press on ``pile``: the number shown if it overloads."""
        shown = self._unit.press(pile, self._rng)
        if shown is not None:
            self._log.append(Event("overload", seat, count=shown, reason=_AT[pile]))
        self._counter_event(pile)
        return shown

    # ------------------------------------------------------------------ the piles -----
    def _trim(self, pile: int) -> None:
        """'after a Discard Pile has approximately 20 cards on it, remove those cards,
        returning only the top card ... Place the removed cards to the side.'"""
        cards = self._piles[pile - 1]
        if len(cards) < self._unit.trim_at:
            return
        self._cut(pile)

    def _cut(self, pile: int) -> None:
        cards = self._piles[pile - 1]
        removed = tuple(cards[:-1])
        del cards[:-1]
        self._set_aside.extend(removed)
        self._log.append(Event("trim", cards=removed, count=len(removed), reason=_AT[pile]))

    def _can_draw(self) -> bool:
        return bool(self._draw or self._set_aside) or any(len(p) > 1 for p in self._piles)

    def _refill(self) -> bool:
        """'If you run out of cards in the Draw Pile, shuffle the removed cards and place them
        facedown to create a new Draw Pile.' With none set aside, the piles are trimmed first
        (our decision)."""
        if not self._set_aside:
            for pile in PILES:
                if len(self._piles[pile - 1]) > 1:
                    self._cut(pile)
        if not self._set_aside:
            return False
        cards = self._set_aside
        self._rng.shuffle(cards)
        self._draw = cards
        self._set_aside = []
        self._shuffled = True
        self._log.append(Event("reshuffle", count=len(cards)))
        return True

    def _draw_cards(self, seat: int, n: int, reason: str) -> list[Card]:
        hand = self._hands[seat]
        old = len(hand)
        got: list[Card] = []
        for _ in range(n):
            if not self._draw and not self._refill():
                break
            card = self._draw.pop()
            hand.append(card)
            got.append(card)
        self._log.append(Event("draw", seat, tuple(got), len(got), reason=reason, audience=(seat,)))
        self._size_changed(seat, old)
        return got

    # ------------------------------------------------------------------ legality ------
    def _matches(self, card: Card, pile: int) -> bool:
        """'You match cards either by number, color or symbol'; a wild plays on any card,
        and any card plays on a wild, whose colour the next card decides."""
        top = self._piles[pile - 1][-1]
        return card.wild or top.wild or card.color == top.color or card.symbol == top.symbol

    def playable(self, card: Card) -> bool:
        """Can ``card`` be played on one of the lit piles?"""
        return any(self._matches(card, p) for p in self._lit)

    def _turn_actions(self, seat: int) -> list[Action]:
        """Plays by card order, then companion, then pile, each without then with ``uno``;
        ``draw``; ``press`` by pile; ``give`` by seats, then ``accept`` (keep them)."""
        phase = self._phase
        hand = self._hands[seat]
        acts: list[Action] = []
        lit = self._lit
        if phase == PLAY:
            size = len(hand)
            piles = self._piles
            tops = [piles[p - 1][-1] for p in lit]
            every = False  # a wild on a lit pile: every card plays on it
            for top in tops:
                every = every or top.wild
            found: list[Card] = []  # the playable cards, each once, by card order
            for card in hand:
                playable = every or card.wild
                if not playable:
                    color, symbol = card.color, card.symbol
                    for top in tops:
                        if color == top.color or symbol == top.symbol:
                            playable = True
                            break
                if playable:
                    _insert(found, card)
            for card in found:
                wild, color, symbol = card.wild, card.color, card.symbol
                plays = _PLAYS[card.index]
                on: list[int] = []
                for i, top in enumerate(tops):
                    if wild or top.wild or color == top.color or symbol == top.symbol:
                        p = lit[i]
                        on.append(p)
                        acts.append(plays[p - 1][0])
                        if size == 2:
                            acts.append(plays[p - 1][1])
                if card.kind is _DISCARD_TWO:
                    self._pair_actions(card, hand, on, acts)
            if not acts or self._can_draw():
                acts.append(DRAW)
        elif phase == DRAWN:
            drawn = self._drawn
            if drawn is not None:
                for p in lit:
                    if self._matches(drawn, p):
                        acts.append(_play(drawn, None, p, False))
                        if len(hand) == 2:
                            acts.append(_play(drawn, None, p, True))
            acts.extend(_PRESS[p] for p in lit)
        elif phase == GIVE:
            others = tuple(s for s in self._active if s != seat)
            acts.extend(_gives(others, self._give))
            acts.append(KEEP)
        return acts

    def _pair_actions(
        self, card: Card, hand: list[Card], on: list[int], acts: list[Action]
    ) -> None:
        """A Discard Two with each companion it may take (another card of its colour)."""
        rest = list(hand)
        rest.remove(card)
        left = len(hand) - 2
        for index in sorted({c.index for c in rest if c.color == card.color}):
            companion = _ALL_CARDS[index]
            for p in on:
                acts.append(_play(card, companion, p, False))
                if left == 1:
                    acts.append(_play(card, companion, p, True))

    # ------------------------------------------------------------------ apply ---------
    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """As ``Game.apply``; also takes ``timeout`` from the table's clock (timer mode)."""
        if isinstance(action, str):
            action = Action.parse(action)
        elif not isinstance(action, Action):
            raise ActionSyntaxError(f"{action!r} is not an action")
        if action.kind != "timeout":
            return super().apply(action, seat)
        if seat is None:
            seat = self._to_play
        why = self._why_timeout(seat)
        if why is not None:
            raise IllegalAction(why)
        assert seat is not None
        start = len(self._log)
        self._timeout(seat)
        self._actions.append((seat, action))
        self._version += 1
        return self._log[start:]

    def _why_timeout(self, seat: int | None) -> str | None:
        if self._phase == OVER:
            return "the round is over"
        if self.rules.timer is None:
            return "timer mode is off (timer=None): there is no clock to run out"
        if seat != self._to_play:
            return f"the clock runs for seat {self._to_play}, not seat {seat}"
        if self._phase == GIVE:
            return "the clock is paused while an overload is settled"
        return None

    def _do(self, action: Action, seat: int) -> None:
        kind = action.kind
        if kind == "play":
            assert action.card is not None and action.pile is not None
            self._start_turn(seat)
            self._play_card(seat, action.card, action.companion, action.pile, action.uno)
        elif kind == "draw":
            self._start_turn(seat)
            got = self._draw_cards(seat, 1, "turn")
            self._drawn = got[0] if got else None
            self._phase = DRAWN
        elif kind == "press":
            assert action.pile is not None
            self._start_turn(seat)
            self._log.append(Event("press", seat, reason=_AT[action.pile]))
            shown = self._press_pile(seat, action.pile)
            if shown:
                self._draw_cards(seat, shown, "overload")
            self._end_turn(seat)
        elif kind == "give":
            self._give_away(seat, action.seats)
        elif kind == "accept":
            # 'you may take all the cards ... and give them away': or keep them
            n, self._give = self._give, 0
            self._draw_cards(seat, n, "overload")
            self._end_turn(seat)
        else:
            super()._do(action, seat)

    def _play_card(
        self, seat: int, card: Card, companion: Card | None, pile: int, uno: bool
    ) -> None:
        """Lay the card (and a Discard Two's companion) on ``pile`` and press it once."""
        hand = self._hands[seat]
        old = len(hand)
        hand.remove(card)
        cards: tuple[Card, ...] = (card,)
        if companion is not None:
            hand.remove(companion)
            cards = (card, companion)  # 'always put the Discard Two ... on the bottom'
        self._piles[pile - 1].extend(cards)
        self._discard = self._piles[pile - 1]
        self._last_pile = pile
        self._last_player = seat
        self._drawn = None
        self._log.append(Event("play", seat, cards, uno=uno, reason=_AT[pile]))
        self._size_changed(seat, old, said=uno)
        shown: int | None = None
        if card.kind is _WILD_CLEAR:
            # 'holding it down for TWO SECONDS. This will reset the Card Counter'
            self._unit.reset(pile, self._rng)
            self._log.append(Event("clear", seat, reason=_AT[pile]))
            self._counter_event(pile)
        else:
            shown = self._press_pile(seat, pile)
        self._trim(pile)
        if shown:
            if card.kind is _GIVE_AWAY and hand:
                self._give = shown
                self._phase = GIVE
                return
            # 'If you play your last card on a Discard Pile that overloads, you cannot go out.'
            self._draw_cards(seat, shown, "overload")
        elif not hand:
            self._finish(seat)
            return
        self._card_acts(seat, cards[-1])

    def _card_acts(self, seat: int, last: Card) -> None:
        """'If the last card played is a Special card, the next player in order must do the
        action.'"""
        if last.kind is _SKIP:
            self._end_turn(seat, skip=True)
        elif last.kind is _REVERSE:
            self._direction = -self._direction
            self._log.append(Event("reverse", count=self._direction))
            two = len(self._active) == 2 and self.rules.two_player_reverse_skip
            self._end_turn(seat, skip=two)
        else:
            self._end_turn(seat)

    def _give_away(self, seat: int, seats: Sequence[int]) -> None:
        """'you may take all the cards you are required to draw ... and give them away to any
        player or players you choose.'"""
        self._give = 0
        for receiver, n in sorted(Counter(seats).items()):
            self._log.append(Event("give", seat, target=receiver, count=n))
            self._draw_cards(receiver, n, "give_away")
        self._end_turn(seat)

    def _timeout(self, seat: int) -> None:
        """'take back any cards you tried to play and draw 6 cards' (a card only tried never
        reached the engine; a card drawn this turn stays in the hand)."""
        self._log.append(Event("timeout", seat))
        self._drawn = None
        self._draw_cards(seat, TIMEOUT_DRAW, "timeout")
        self._end_turn(seat)

    def _end_turn(self, seat: int, skip: bool = False) -> None:
        self._drawn = None
        super()._end_turn(seat, skip)  # may end the round on a repetition (T-OUT-8)
        if self._phase == OVER:
            return
        if self._blocked():
            self._block("stuck")
            return
        self._light_up()

    def _position_extra(self) -> tuple[object, ...]:
        """The three piles (top, and the cards under it as a set), the cards set aside (a
        set), a Give Away waiting. The unit is left out, as the order of the draw pile is: a
        random device that decides when cards come out of the draw pile, not which
        (docs/rules-triple-play.md, T-OUT-8)."""
        piles = tuple(
            [(p[-1].index, tuple(sorted([c.index for c in p[:-1]]))) for p in self._piles]
        )
        aside = tuple(sorted([c.index for c in self._set_aside]))
        return (piles, aside, self._give)

    def _reserve(self) -> int:
        """The draw pile, the cards set aside and those a trim would set aside."""
        piles = self._piles
        on_piles = len(piles[0]) + len(piles[1]) + len(piles[2]) - 3
        return len(self._draw) + len(self._set_aside) + on_piles

    def _blocked(self) -> bool:
        """Nothing left to draw and no card in any hand matches any pile: nothing can ever
        change again (our decision: the round ends without a winner, as in classic)."""
        if self._can_draw():
            return False
        for s in self._active:
            for card in self._hands[s]:
                if any(self._matches(card, p) for p in PILES):
                    return False
        return True

    # ------------------------------------------------------------------ why not -------
    def _why(self, action: Action, seat: int) -> str:
        kind = action.kind
        if (
            kind in ("uno", "catch")
            or not 0 <= seat < self.players
            or self._phase == OVER
            or seat not in self._active
        ):
            return super()._why(action, seat)
        if kind in _REFUSED_KINDS:
            return _REFUSED_KINDS[kind]
        if seat != self._to_play:
            return f"it is seat {self._to_play}'s turn"
        return self._why_turn(action, seat)

    def _why_turn(self, action: Action, seat: int) -> str:
        kind = action.kind
        phase = self._phase
        lit = " ".join(_at(p) for p in self._lit)
        if phase == GIVE:
            if kind not in ("give", "accept"):
                other = next(s for s in self._active if s != seat)
                example = " ".join([str(other)] * self._give)
                return (
                    f"give the {self._give} overload cards first, like 'give {example}', "
                    "or keep them: accept"
                )
            if len(action.seats) != self._give:
                return f"give names one seat for each of the {self._give} cards"
            return "each card goes to another player still in the round"
        if kind == "give":
            return "give follows a Wild Give Away whose pile overloads"
        if kind == "press":
            if phase == PLAY:
                return "play a card or draw first: you press a pile when you play no card"
            return f"pile {action.pile} is not lit: the lit piles are {lit}"
        if kind == "draw":
            if phase == DRAWN:
                return "you have drawn already: play the drawn card or press a lit pile"
            return "nothing is left to draw and you have a card to play"
        return self._why_play(action, seat)

    def _why_play(self, action: Action, seat: int) -> str:
        card = action.card
        assert card is not None
        hand = self._hands[seat]
        companion = action.companion
        if action.color is not None:
            return "Triple Play wilds name no colour: the next card played on that pile decides it"
        if action.pile is None:
            return f"say which pile to play on, like 'play {card} @1'"
        if card not in hand:
            return f"seat {seat} does not hold {card}"
        if companion is not None:
            rest = list(hand)
            rest.remove(card)
            if companion not in rest:
                return f"seat {seat} does not hold another {companion} to play with {card}"
            if companion.color != card.color:
                return f"the card played with {card} must be {COLOR_NAMES[card.color or 'R']}"
        if self._phase == DRAWN and (card is not self._drawn or companion is not None):
            return f"after drawing, only the drawn card ({self._drawn}) may be played, alone"
        if action.pile not in self._lit:
            return f"pile {action.pile} is not lit: the lit piles are " + " ".join(
                _at(p) for p in self._lit
            )
        if not self._matches(card, action.pile):
            top = self._piles[action.pile - 1][-1]
            return f"{card} does not match the {top.name} on pile {action.pile}"
        if action.uno:
            return "say Uno with the play only when it leaves you one card"
        return f"{action} is not legal now"

    # ------------------------------------------------------------------ copies --------
    def _copy_into(self, twin: Game) -> None:
        super()._copy_into(twin)
        assert isinstance(twin, TriplePlayGame)
        piles = self._piles
        twin._piles = [piles[0][:], piles[1][:], piles[2][:]]
        twin._discard = twin._piles[self._last_pile - 1]
        twin._set_aside = self._set_aside[:]
        twin._lit = self._lit
        twin._unit = self._unit.copy()
        twin._give = self._give
        twin._last_pile = self._last_pile

    def clone(self) -> TriplePlayGame:
        return cast(TriplePlayGame, super().clone())

    def resample(self, seat: int, seed: int) -> TriplePlayGame:
        """As ``Game.resample``; the unit's hidden thresholds are redrawn too, among those
        the lights shown allow, and its script (future decisions) is forgotten."""
        twin = cast(TriplePlayGame, super().resample(seat, seed))
        twin._unit.forget(twin._rng)
        twin._lcache = None
        return twin

    def _after_redeal(self, seat: int, others: list[int]) -> None:
        super()._after_redeal(seat, others)
        to_play = self._to_play
        if self._drawn is not None and to_play is not None and to_play != seat:
            self._drawn = self._hands[to_play][-1]  # the card drawn is the last one taken

    # ------------------------------------------------------------------ views ---------
    def view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)
