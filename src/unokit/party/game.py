"""UNO Party!: the classic round plus Speed Play, Point Taken, Wild Pile Up and Wild Drawn
Together (../shared/rules/party.txt; the catalog is docs/rules-party.md).

``PartyGame`` reuses the classic state machine and adds three phases:

* ``point``: a Point Taken was played; every seat points at one other (``point N``), asked
  seat by seat through ``to_play`` from the card's player on, in turn order. No view shows a
  choice until the last one is made; then the choices are revealed and the seats pointed at
  draw, one at a time;
* ``link``: a Wild Drawn Together was played; its player names two seats (``link A B``);
* ``mini``: a Wild Pile Up started a mini pile; the seat facing it plays a card of its
  colour or a wild onto it, or, holding none, takes it (``take``).

Speed Play (``jump``) is open to every seat but the card's player and the seat to play while
the top card is a number card. The link lives in ``_draw_cards``: every draw a linked
seat has to make makes the other draw as many (not a draw by choice, and never a seat that
has gone out).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable
from typing import Any, Final

from unokit.actions import Action
from unokit.cards import COLOR_NAMES, Card, Kind
from unokit.events import Event
from unokit.game import DRAWN, OVER, PHASES, PLAY, Game
from unokit.party.actions import (
    BARE_PLAY,
    BARE_PLAY_UNO,
    CATCH,
    JUMP,
    JUMP_UNO,
    TAKE,
    UNO,
    Choices,
    choices_for,
    new_links_for,
)
from unokit.party.preset import check_party_rules
from unokit.party.view import hide_pending_points, party_view
from unokit.rng import Random
from unokit.rules import Rules

__all__ = ["PARTY_PHASES", "POINT_TAKEN_MAX", "PartyGame"]

POINTING: Final = len(PHASES)
LINKING: Final = POINTING + 1
MINI: Final = POINTING + 2
PARTY_PHASES: Final = (*PHASES, "point", "link", "mini")

POINT_TAKEN_MAX: Final = 5
"""'The maximum number of cards that a player can draw due to this card is five.'"""

_NUMBER: Final = Kind.NUMBER
_POINT_TAKEN: Final = Kind.POINT_TAKEN
_PILE_UP: Final = Kind.WILD_PILE_UP
_DRAWN_TOGETHER: Final = Kind.WILD_DRAWN_TOGETHER
_WPU: Final = Card.parse("WPU")
_TURN_KINDS: Final = frozenset(
    {"play", "draw", "pass", "accept", "challenge", "color", "swap", "point", "link", "take"}
)
_INDEX = lambda card: card.index  # noqa: E731 - a key function for sorted()


class PartyGame(Game):
    """One round of UNO Party!. Made by ``Game.new`` / ``Game.arranged`` with party rules."""

    __slots__ = ("_by_choice", "_choices", "_link", "_mini", "_point_from", "_pointer")

    _by_choice: bool
    """True while the seat to play draws holding a card it could play instead."""
    _choices: dict[int, int]
    """Point Taken: each seat's choice so far (seat -> the seat it points at)."""
    _link: tuple[int, int] | None
    _mini: list[Card]
    """The mini pile, bottom..top; empty when there is none."""
    _point_from: int
    """Index in the action list where the current pointing began (for seat records)."""
    _pointer: int | None
    """The seat that played the Point Taken being answered."""

    # ------------------------------------------------------------------ construction --
    def _init(self, rules: Rules, players: int, absent: Iterable[int], rng: Random) -> None:
        if isinstance(rules, Rules):
            check_party_rules(rules)
        super()._init(rules, players, absent, rng)
        self._by_choice = False
        self._choices = {}
        self._link = None
        self._mini = []
        self._point_from = 0
        self._pointer = None

    def _copy_into(self, twin: Game) -> None:
        super()._copy_into(twin)
        assert isinstance(twin, PartyGame)
        twin._by_choice = False
        twin._choices = dict(self._choices) if self._choices else {}
        twin._link = self._link
        twin._mini = self._mini[:] if self._mini else []
        twin._point_from = self._point_from
        twin._pointer = self._pointer

    def _position_extra(self) -> tuple[object, ...]:
        """The link, the mini pile and a Point Taken being answered (P-DEC-27)."""
        mini = tuple([c.index for c in self._mini])
        return (self._link, mini, self._pointer, tuple(sorted(self._choices.items())))

    # ------------------------------------------------------------------ public state --
    @property
    def phase(self) -> str:
        """The classic phases plus ``point``, ``link`` and ``mini``."""
        return PARTY_PHASES[self._phase]

    @property
    def direction_tracker(self) -> str:
        """The Direction Tracker Card's face up side: ``clockwise`` or ``counterclockwise``."""
        return "clockwise" if self._direction == 1 else "counterclockwise"

    @property
    def link(self) -> tuple[int, int] | None:
        """The two linked seats (smaller first), or ``None``."""
        return self._link

    @property
    def mini_pile(self) -> list[Card]:
        """The mini pile, bottom..top (empty when there is none); face up, public."""
        return list(self._mini)

    @property
    def pointing(self) -> dict[str, Any] | None:
        """While seats point: who played the Point Taken and which seats have chosen (never
        what they chose)."""
        if self._phase != POINTING:
            return None
        return {"player": self._pointer, "chosen": sorted(self._choices)}

    def all_cards(self) -> list[Card]:
        """Every card of the game: hands, draw and discard piles, and the mini pile."""
        return super().all_cards() + self._mini

    # ------------------------------------------------------------------ the link ------
    def _draw_cards(self, seat: int, n: int, reason: str) -> list[Card]:
        """'Should either of the players with a Link Card in front of them have to draw cards
        for any reason, the other linked player has to draw the same number of cards.'

        'When one of the players is forced to draw cards': a draw by choice (holding a card
        it could play) does not reach the other seat, and a seat that has gone out draws
        nothing ('The game ends when one of the players play the last card')."""
        got = super()._draw_cards(seat, n, reason)
        link = self._link
        if link is not None and got and reason != "link" and seat in link and not self._by_choice:
            other = link[1] if link[0] == seat else link[0]
            if self._hands[other]:
                super()._draw_cards(other, len(got), "link")
        return got

    def _do_draw(self, seat: int) -> None:
        hand = self._hands[seat]
        self._by_choice = any(self.playable(c) for c in hand)
        try:
            super()._do_draw(seat)
        finally:
            self._by_choice = False

    def _unlink(self, reason: str) -> None:
        link = self._link
        assert link is not None
        self._link = None
        self._log.append(Event("unlink", link[0], target=link[1], reason=reason))

    # ------------------------------------------------------------------ legality ------
    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """As ``Game.legal_actions``, plus Speed Play (``jump``) and the Party follow-ups.

        The one-actor-at-a-time driver asks every other seat after each action; with no Uno
        window open their only possible action is a speed play, found directly."""
        if seat is None or seat == self._to_play or self._exposed:
            return super().legal_actions(seat)
        return list(self._speed_actions(seat))

    def out_of_turn_possible(self) -> bool:
        """An Uno window, or Speed Play: another seat holds the top number card."""
        if self._exposed:
            return True
        top = self._discard[-1]
        if top.kind is not _NUMBER or self._phase == OVER:
            return False
        skip = (self._to_play, self._last_player)
        return any(top in hand for seat, hand in enumerate(self._hands) if seat not in skip)

    def _legal(self, seat: int) -> tuple[Action, ...]:
        phase = self._phase
        if seat == self._to_play:
            if phase in (POINTING, LINKING):
                return self._choices_of(seat)
            return super()._legal(seat)  # the seat to play plays its identical card instead
        acts = super()._legal(seat) if self._exposed else ()
        speed = self._speed_actions(seat)
        return (*acts, *speed) if speed else acts

    def _speed_actions(self, seat: int) -> tuple[Action, ...]:
        """'Should the top card on the Discard Pile be a number card that matches both the
        number and color of one of the cards in your hand, you may immediately play the
        card to the Discard Pile. You can do this even if it is not currently your turn.'
        (For a seat other than ``to_play``.)"""
        top = self._discard[-1]
        if top.kind is not _NUMBER or seat == self._last_player or self._phase == OVER:
            return ()
        if not 0 <= seat < self.players:
            return ()
        hand = self._hands[seat]  # a seat out of the game holds nothing
        if top not in hand:
            return ()
        if len(hand) == 2:
            return (JUMP[top.index], JUMP_UNO[top.index])
        return (JUMP[top.index],)

    def _choices_of(self, seat: int) -> tuple[Action, ...]:
        """The follow-up choices (shared, fast ``in``), then ``uno`` and ``catch``."""
        base = self._points_of(seat) if self._phase == POINTING else self._new_links()
        exposed = self._exposed
        if not exposed:
            return base
        extra = [UNO] if seat in exposed else []
        extra += [CATCH[s] for s in sorted(exposed) if s != seat]
        return Choices((*base, *extra))

    def _turn_actions(self, seat: int) -> list[Action]:
        phase = self._phase
        if phase == POINTING:
            return list(self._points_of(seat))
        if phase == LINKING:
            return list(self._new_links())
        if phase == MINI:
            return self._mini_actions(seat)
        acts = super()._turn_actions(seat)
        if phase in (PLAY, DRAWN) and _WPU in self._hands[seat]:
            # 'You do not get to pick the color by playing the Wild Pile Up card.'
            out = []
            for a in acts:
                if a.card is _WPU:
                    if a.color == "R":
                        out.append(BARE_PLAY_UNO[_WPU.index] if a.uno else BARE_PLAY[_WPU.index])
                else:
                    out.append(a)
            acts = out
        return acts

    def _points_of(self, seat: int) -> Choices:
        return choices_for(self._active)[1][seat]

    def _new_links(self) -> Choices:
        """'If two players are already linked when a Wild Drawn Together card is played, you
        will have to choose two new players': every pair but the linked one."""
        return new_links_for(self._active, self._link)

    def _mini_actions(self, seat: int) -> list[Action]:
        """'must then play a card that matches the color of the top card on the mini pile.
        You can play wild cards'; the first who cannot takes it (our decision: only then)."""
        color = self._color
        hand = self._hands[seat]
        two = len(hand) == 2
        acts: list[Action] = []
        for card in sorted(set(hand), key=_INDEX):
            if card.wild or card.color == color:
                acts.append(BARE_PLAY[card.index])
                if two:
                    acts.append(BARE_PLAY_UNO[card.index])
        if not acts:
            acts.append(TAKE)
        return acts

    # ------------------------------------------------------------------ apply ---------
    def _do(self, action: Action, seat: int) -> None:
        kind = action.kind
        if self._phase == MINI and kind == "play":
            assert action.card is not None
            self._start_turn(seat)
            self._mini_play(seat, action.card, action.uno)
        elif kind == "take":
            self._take(seat)
        elif kind == "point":
            assert action.target is not None
            self._point(seat, action.target)
        elif kind == "link":
            a, b = action.seats
            if self._link is not None:
                # 'If two players are already linked ... choose two new players'
                self._unlink("moved")
            self._link = (a, b)
            self._log.append(Event("link", a, target=b))
            self._end_turn(seat)
        else:
            super()._do(action, seat)

    def _play(self, seat: int, card: Card, color: str | None, uno: bool, how: str) -> None:
        prior_color = self._color
        super()._play(seat, card, color, uno, how)  # the classic card, or a wild that ends the turn
        if self._phase == OVER:  # a last card ends the round before its own effect
            if card is _WPU:
                self._color = prior_color  # it named no colour
            return
        kind = card.kind
        if kind is _POINT_TAKEN:
            self._start_pointing(seat)
        elif kind is _DRAWN_TOGETHER:
            if not self._new_links():  # two players, already linked: no new pair exists
                link = self._link
                assert link is not None
                self._log.append(Event("link_kept", link[0], target=link[1]))
                return
            # 'you will choose two of the players': a follow-up, to_play stays on its player
            self._to_play = seat
            self._phase = LINKING
        elif kind is _PILE_UP:
            self._start_mini(seat, prior_color)

    # -- Point Taken ----------------------------------------------------------------------
    def _start_pointing(self, seat: int) -> None:
        """'The effect of the Wild Drawn Together card ends when a Point Taken card is
        played.' Then every seat points, asked from the card's player on in turn order."""
        if self._link is not None:
            self._unlink("point_taken")
        self._pointer = seat
        self._choices = {}
        self._point_from = len(self._actions) + 1  # the Point Taken play itself comes first
        self._to_play = seat
        self._phase = POINTING

    def _point(self, seat: int, target: int) -> None:
        self._choices[seat] = target
        self._log.append(Event("point_chosen", seat))  # that it chose, never whom
        if len(self._choices) < len(self._active):
            self._to_play = self._next(seat)
            return
        pointer = self._pointer
        assert pointer is not None
        order = [pointer]
        s = self._next(pointer)
        while s != pointer:
            order.append(s)
            s = self._next(s)
        choices = self._choices
        for s in order:  # 'On one all of the players will point towards one other player.'
            self._log.append(Event("point", s, target=choices[s]))
        fingers = Counter(choices.values())
        self._choices = {}
        self._pointer = None
        # 'have one player draw cards at a time': from the seat after its player, in turn order
        for s in (*order[1:], pointer):
            n = fingers.get(s, 0)
            if n:
                self._draw_cards(s, min(n, POINT_TAKEN_MAX), "point_taken")
        self._end_turn(pointer)

    # -- Wild Pile Up ---------------------------------------------------------------------
    def _start_mini(self, seat: int, prior_color: str | None) -> None:
        """'take the top card from the Draw Pile ... place the card face up in front of the
        next player ... If the card is one of the wild cards, draw another card'."""
        facing = self._to_play  # the classic play ended the turn: the next seat in turn order
        assert facing is not None
        card = self._turn_for_mini()
        if card is None:  # no card that is not wild left anywhere: no mini pile (our decision)
            self._color = prior_color
            self._log.append(Event("no_mini_pile", seat, color=prior_color))
            return
        assert card.color is not None
        self._mini = [card]
        self._color = card.color
        self._log.append(Event("mini_start", target=facing, cards=(card,), color=card.color))
        self._phase = MINI

    def _turn_for_mini(self) -> Card | None:
        """The first card that is not wild from the draw pile; wild ones go face up into the
        discard pile under the Wild Pile Up (our decision), reshuffling when needed.

        Every step takes a card off the draw pile, and the cards it sets aside come back
        only through a reshuffle of the discard pile, where a card that is not wild lies
        too: so it ends within two passes over the draw and discard piles."""
        if all(c.wild for c in self._draw) and all(c.wild for c in self._discard[:-1]):
            return None
        bound = 2 * (len(self._draw) + len(self._discard)) + 1
        for _ in range(bound):
            if not self._draw:
                self._reshuffle()  # a new discard list: never hold on to the old one
            card = self._draw.pop()
            if not card.wild:
                return card
            discard = self._discard
            discard.insert(len(discard) - 1, card)
            self._log.append(Event("set_aside", cards=(card,)))
        raise AssertionError("Wild Pile Up turned no card that is not wild: no progress")

    def _mini_play(self, seat: int, card: Card, uno: bool) -> None:
        """'You can play wild cards, but they do not change the color. Action cards can also
        be played, but you do not take the corresponding action.'"""
        hand = self._hands[seat]
        old = len(hand)
        hand.remove(card)
        self._mini.append(card)
        self._drawn = None
        self._stall = 0
        self._log.append(Event("mini_play", seat, (card,), uno=uno))
        self._size_changed(seat, old, said=uno)
        if not hand:  # going out on the mini pile wins the round (our decision)
            self._finish(seat)
            return
        self._to_play = self._next(seat)

    def _take(self, seat: int) -> None:
        """'has to add all of the cards in the mini pile to their hand. Play will then
        continue with the next player in current turn order.' The colour stays the mini
        pile's. Not a draw: a linked seat does not draw with it (our decision)."""
        self._start_turn(seat)
        cards = self._mini
        self._mini = []
        hand = self._hands[seat]
        old = len(hand)
        hand.extend(cards)
        self._stall = 0
        self._log.append(Event("take", seat, tuple(cards), len(cards), color=self._color))
        self._size_changed(seat, old)
        self._end_turn(seat)

    # ------------------------------------------------------------------ why not -------
    def _why(self, action: Action, seat: int) -> str:
        if (
            not 0 <= seat < self.players
            or self._phase == OVER
            or seat not in self._active
            or action.kind in ("press", "give", "timeout", "uno", "catch")
        ):
            return super()._why(action, seat)
        kind = action.kind
        if kind == "jump":
            return self._why_speed(action, seat)
        if kind in _TURN_KINDS and seat != self._to_play:
            if self._phase == POINTING:
                return f"seat {self._to_play} is pointing now; your turn to point comes"
            return f"it is seat {self._to_play}'s turn"
        phase = self._phase
        if phase == POINTING:
            if kind != "point":
                return "everyone points at one other player first: point N"
            if action.target == seat:
                return "point at another player, not at yourself"
            return f"seat {action.target} is not a player in this game"
        if phase == LINKING:
            if kind != "link":
                return "name the two players to link first: link A B"
            if action.seats == self._link:
                return (
                    f"seats {action.seats[0]} and {action.seats[1]} are linked already: "
                    "choose two new players"
                )
            return f"seats {action.seats[0]} and {action.seats[1]} are not both in this game"
        if phase == MINI:
            return self._why_mini(action, seat)
        if kind == "point":
            return "point follows a Point Taken"
        if kind == "link":
            return "link follows a Wild Drawn Together"
        if kind == "take":
            return "there is no mini pile to take"
        if kind == "play" and action.card is _WPU:
            if action.color is not None:
                return "the Wild Pile Up names no colour: play WPU"
            # ask the classic words about a wild with a colour; the colour is not the problem
            return super()._why(dataclasses.replace(action, color="R"), seat)
        return super()._why(action, seat)

    def _why_mini(self, action: Action, seat: int) -> str:
        assert self._color is not None  # a mini pile always has its colour
        color = COLOR_NAMES[self._color]
        kind = action.kind
        if kind == "take":
            return f"you hold a {color} card or a wild: play it on the mini pile"
        if kind != "play":
            return f"play a {color} card or a wild on the mini pile, or take it"
        card = action.card
        assert card is not None
        if card not in self._hands[seat]:
            return f"seat {seat} does not hold {card}"
        if action.color is not None:
            return "a card played on the mini pile names no colour: wilds do not change it"
        if not card.wild and card.color != self._color:
            return f"{card} is not {color}, the mini pile's colour, nor a wild"
        if action.uno:
            return "say Uno with the play only when it leaves you one card"
        return f"{action} is not legal now"

    def _why_speed(self, action: Action, seat: int) -> str:
        card = action.card
        assert card is not None
        top = self._discard[-1]
        if top.kind is not _NUMBER:
            return f"Speed Play needs a number card on top, and the {top.name} is on top"
        if card is not top:
            return f"{card} is not identical to the {top.name} on top"
        if card not in self._hands[seat]:
            return f"seat {seat} does not hold {card}"
        if seat == self._last_player:
            return "you played that card yourself"
        if seat == self._to_play:
            return f"it is your turn: play {card}"
        if action.uno:
            return "say Uno only when the card leaves you one"
        return f"{action} is not legal now"

    # ------------------------------------------------------------------ copies, views --
    def resample(self, seat: int, seed: int) -> Game:
        """As ``Game.resample``; pointing choices ``seat`` has not seen are drawn again too."""
        twin = super().resample(seat, seed)
        assert isinstance(twin, PartyGame)
        if twin._choices:
            rng = Random(seed ^ 0x9E3779B97F4A7C15)
            for s in sorted(twin._choices):
                if s != seat:
                    others = [t for t in self._active if t != s]
                    twin._choices[s] = others[rng.below(len(others))]
        return twin

    def view(self, seat: int | None) -> dict[str, Any]:
        """The classic view plus the Direction Tracker, the link, the mini pile and who has
        pointed (never at whom, until all have)."""
        return party_view(self, super().view(seat))

    def record(self, seat: int | None = None) -> dict[str, Any]:
        """As ``Game.record``; a seat's record hides the other seats' pending pointing
        choices as ``point ?`` until all are made."""
        record = super().record(seat)
        if seat is not None and self._phase == POINTING:
            hide_pending_points(record, seat, self._point_from)
        return record
