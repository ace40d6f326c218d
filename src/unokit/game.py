"""The classic Uno round: state, legal actions and their effects.

A ``Game`` is one round (one deal). Its state is a handful of lists and ints so that
``clone()`` is a few list copies; ``legal_actions`` hands out shared, cached ``Action``
objects; ``apply`` checks an action against the legal list (one source of truth for what is
legal) and only on refusal works out the words that say why.

The turn is a small state machine (``phase``):

* ``play``: ``to_play`` plays a card or draws;
* ``drawn``: it drew a card on its turn and may play only that card (if it plays) or
  ``pass`` to keep it: entered after every such draw, so that other seats cannot tell a
  playable draw from an unplayable one;
* ``penalty``: it faces a Draw Two (with stacking or Jump-In) or a Wild Draw Four and may
  ``accept``, ``challenge`` (Wild Draw Four) or stack;
* ``color``: a Wild turned up first: it names the colour (older sheets);
* ``swap``: it played a Seven-O 7 or Wild Swap Hands and chooses whom to trade with;
* ``over``: the round has ended.

Out-of-turn actions (``uno``, ``catch``, ``jump``) are legal for any seat whenever their
window is open; see docs/api.md for the windows.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from unokit.actions import Action
from unokit.cards import COLOR_NAMES, COLORS, Card, Kind
from unokit.errors import ActionSyntaxError, IllegalAction
from unokit.events import Event
from unokit.record import game_record, replay_game
from unokit.rng import Random
from unokit.rules import Rules
from unokit.view import build_view

__all__ = ["PHASES", "REPEATS", "Game"]

PLAY: Final = 0
DRAWN: Final = 1
PENALTY: Final = 2
COLOR: Final = 3
SWAP: Final = 4
OVER: Final = 5
PHASES: Final = ("play", "drawn", "penalty", "color", "swap", "over")

UNO_PENALTY: Final = 2
"""'If another player catches you before you say it, you draw 2 cards.'"""
CHALLENGE_GUILTY: Final = 4
"""'If you broke the limit, you draw 4.'"""
CHALLENGE_INNOCENT: Final = 6
"""'If you hold neither, the challenger draws 6 cards, which is the 4 plus 2 more.'"""
CUSTOM_DRAW: Final = 3
"""Wild Customizable idea: 'making the next player draw 3 cards if they cannot play'."""
REPEATS: Final = 5
"""A round whose position comes back for the fifth time ends without a winner, as a chess
game on the fivefold repetition of a position (docs/rules.md, C-DEC-49)."""


_NUMBER = Kind.NUMBER
_SKIP = Kind.SKIP
_REVERSE = Kind.REVERSE
_DRAW_TWO = Kind.DRAW_TWO
_WILD = Kind.WILD
_WD4 = Kind.WILD_DRAW_FOUR
_WSH = Kind.WILD_SHUFFLE_HANDS
_WSW = Kind.WILD_SWAP_HANDS
_WC = Kind.WILD_CUSTOMIZABLE

# Shared, immutable actions: legal_actions hands these out, so apply can test membership by
# identity and no Action is built on the hot path.
_ALL_CARDS = Card.all()
_PLAY = [
    tuple(Action("play", card=c, color=col) for col in COLORS)
    if c.wild
    else (Action("play", card=c),)
    for c in _ALL_CARDS
]
_PLAY_UNO = [
    tuple(Action("play", card=c, color=col, uno=True) for col in COLORS)
    if c.wild
    else (Action("play", card=c, uno=True),)
    for c in _ALL_CARDS
]
_JUMP = [Action("jump", card=c) for c in _ALL_CARDS]
_JUMP_UNO = [Action("jump", card=c, uno=True) for c in _ALL_CARDS]
DRAW: Final = Action("draw")
PASS: Final = Action("pass")
ACCEPT: Final = Action("accept")
CHALLENGE: Final = Action("challenge")
UNO: Final = Action("uno")
_COLOR_ACTIONS = tuple(Action("color", color=c) for c in COLORS)
_CATCH = [Action("catch", target=s) for s in range(100)]
_SWAP = [Action("swap", target=s) for s in range(100)]
_TURN_KINDS = frozenset({"play", "draw", "pass", "accept", "challenge", "color", "swap"})
_INDEX = lambda card: card.index  # noqa: E731 - a key function for sorted()
_DECKS: dict[tuple[tuple[str, int], ...], tuple[Card, ...]] = {}


def _fresh_deck(rules: Rules) -> list[Card]:
    """``rules.deck()``, parsed once per deck composition: parsing 112 codes took about a
    third of ``Game.new`` (the same cards in the same order)."""
    cards = _DECKS.get(rules.deck_counts)
    if cards is None:
        cards = _DECKS[rules.deck_counts] = tuple(rules.deck())
    return list(cards)


@mypyc_attr(allow_interpreted_subclasses=True)  # Triple Play and Party! extend it
class Game:
    """One round of classic Uno. Make one with ``Game.new`` or ``Game.arranged``."""

    _engines: ClassVar[dict[str, type[Game]]] = {}

    __slots__ = (
        "_actions",
        "_active",
        "_color",
        "_dealer",
        "_direction",
        "_discard",
        "_draw",
        "_draw_three",
        "_drawn",
        "_exposed",
        "_hands",
        "_last_player",
        "_lcache",
        "_live",
        "_log",
        "_origin",
        "_pending",
        "_pending_kind",
        "_phase",
        "_pred",
        "_rng",
        "_said",
        "_seen",
        "_seen_shared",
        "_shuffled",
        "_stall",
        "_succ",
        "_to_play",
        "_turns",
        "_version",
        "_wd4",
        "_winner",
        "players",
        "rules",
    )

    rules: Rules
    players: int
    _actions: list[tuple[int, Action]]
    _active: tuple[int, ...]
    _color: str | None
    _dealer: int
    _direction: int
    _discard: list[Card]
    _draw: list[Card]
    _draw_three: int | None
    _drawn: Card | None
    _exposed: set[int]
    _hands: list[list[Card]]
    _last_player: int | None
    _lcache: tuple[int, int, tuple[Action, ...]] | None
    _live: tuple[str] | None
    _log: list[Event]
    _origin: dict[str, Any]
    _pending: int
    _pending_kind: Kind | None
    _phase: int
    _pred: list[int]
    _rng: Random
    _said: set[int]
    _seen: dict[tuple[object, ...], int] | None
    """How often each position counted by the repetition rule has been seen (C-DEC-49)."""
    _seen_shared: bool
    """Does a clone share ``_seen``? Then it is copied before the next count."""
    _shuffled: bool
    """Was the draw pile made again from the discard pile since the last turn ended?"""
    _stall: int
    _succ: list[int]
    _to_play: int | None
    _turns: int
    _version: int
    _wd4: tuple[int, str | None, tuple[Card, ...]] | None
    _winner: int | None

    # ------------------------------------------------------------------ construction --
    @classmethod
    def register_engine(cls, game: str, engine: type[Game]) -> None:
        """Let ``Game.new`` and ``Game.arranged`` build ``engine`` for ``rules.game``."""
        cls._engines[game] = engine

    @classmethod
    def _engine_for(cls, rules: Rules) -> type[Game]:
        if cls is not Game:
            return cls
        if rules.game == "classic":
            return Game
        try:
            return cls._engines[rules.game]
        except KeyError:
            raise ValueError(f"no engine plays {rules.game!r} rules") from None

    def _init(self, rules: Rules, players: int, absent: Iterable[int], rng: Random) -> None:
        if not isinstance(rules, Rules):
            raise TypeError("rules must be a Rules value, e.g. Rules.preset('mattel-2021')")
        absent_set = set(absent)
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError("players must be a whole number")
        if not rules.min_players <= players - len(absent_set) <= rules.max_players:
            raise ValueError(
                f"{rules.name} is for {rules.min_players} to {rules.max_players} players, "
                f"not {players - len(absent_set)}"
            )
        if any(not 0 <= s < players for s in absent_set):
            raise ValueError("absent seats must be seat numbers of this game")
        if rules.partners and (players != 4 or absent_set):
            raise ValueError(
                "partners is a game for exactly 4 players, in 2 teams across the table"
            )
        self.rules = rules
        self.players = players
        self._active = tuple(s for s in range(players) if s not in absent_set)
        self._succ = [0] * players
        self._pred = [0] * players
        active = self._active
        for i, s in enumerate(active):
            self._succ[s] = active[(i + 1) % len(active)]
            self._pred[s] = active[i - 1]
        for s in absent_set:  # an absent seat's neighbours are the next active seats
            n = (s + 1) % players
            while n in absent_set:
                n = (n + 1) % players
            p = (s - 1) % players
            while p in absent_set:
                p = (p - 1) % players
            self._succ[s] = n
            self._pred[s] = p
        self._hands = [[] for _ in range(players)]
        self._draw = []
        self._discard = []
        self._color = "R"
        self._direction = 1
        self._to_play = None
        self._phase = PLAY
        self._pending = 0
        self._pending_kind = None
        self._wd4 = None
        self._drawn = None
        self._exposed = set()
        self._said = set()
        self._last_player = None
        self._live = None
        self._draw_three = None
        self._stall = 0
        self._seen = None
        self._seen_shared = False
        self._shuffled = False
        self._turns = 0
        self._winner = None
        self._rng = rng
        self._log = []
        self._actions = []
        self._version = 0
        self._lcache = None
        self._dealer = players - 1

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
    ) -> Game:
        """Shuffle (or take ``deck``, top first), deal, and turn the first card.

        ``seed`` picks the shuffle and every later random event (``None``: seed 0 with an
        explicit deck, else a fresh seed from the operating system). ``absent`` seats take no
        part (a Challenge Uno match's eliminated players) but keep their numbers.
        """
        rules = rules if rules is not None else Rules.preset()
        engine = cls._engine_for(rules)
        game = engine()
        if seed is None:
            if deck is None:
                import secrets

                seed = secrets.randbits(63)
            else:
                seed = 0
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError("seed must be a whole number")
        rng = Random(seed)
        game._init(rules, players, absent, rng)
        if dealer is None:
            dealer = game._pred[game._active[0]]
        if dealer not in game._active:
            raise ValueError(f"the dealer must be a seat in play, not {dealer!r}")
        game._dealer = dealer
        if deck is None:
            cards = _fresh_deck(rules)
            rng.shuffle(cards)
        else:
            cards = [Card.parse(c) if isinstance(c, str) else c for c in deck]
        game._origin = {
            "how": "new",
            "players": players,
            "seed": seed,
            "dealer": dealer,
            "deck": None if deck is None else [c.code for c in cards],
            "absent": sorted(set(absent)),
        }
        game._draw = cards[::-1]  # top first -> top at the end
        game._deal()
        game._turn_first_card()
        return game

    @classmethod
    def arranged(
        cls,
        rules: Rules | None = None,
        *,
        hands: Sequence[Sequence[Card | str]],
        discard: Sequence[Card | str],
        draw: Sequence[Card | str] = (),
        to_play: int = 0,
        direction: int = 1,
        color: str | None = None,
        dealer: int | None = None,
        seed: int = 0,
    ) -> Game:
        """A position exactly as given: ``discard`` bottom..top, ``draw`` top first.

        No first-card rule applies. ``color`` is the colour in play when a wild is on top;
        otherwise it defaults to the top card's colour.
        """
        rules = rules if rules is not None else Rules.preset()
        engine = cls._engine_for(rules)
        game = engine()
        game._init(rules, len(hands), (), Random(seed))
        parse = Card.parse
        game._hands = [[parse(c) for c in hand] for hand in hands]
        game._discard = [parse(c) for c in discard]
        game._draw = [parse(c) for c in draw][::-1]
        if not game._discard:
            raise ValueError("the discard pile needs at least one card")
        if not 0 <= to_play < game.players:
            raise ValueError(f"to_play must be a seat, 0 to {game.players - 1}")
        if direction not in (1, -1):
            raise ValueError("direction is +1 (clockwise) or -1")
        top = game._discard[-1]
        if top.wild:
            if color is None:
                raise ValueError(f"a {top.name} is on top: say which colour is in play (color=)")
            color = color.upper()
            if color not in COLORS:
                raise ValueError("color must be R, Y, G or B")
            game._color = color
        else:
            assert top.color is not None
            if color is not None and color.upper() != top.color:
                raise ValueError(f"the colour in play is the top card's ({top.color})")
            game._color = top.color
        game._to_play = to_play
        game._direction = direction
        game._dealer = game._pred[to_play] if dealer is None else dealer
        for seat, hand in enumerate(game._hands):
            if len(hand) == 1:  # a one-card hand given without Uno said is safe: no window
                game._said.add(seat)
        game._origin = {
            "how": "arranged",
            "players": game.players,
            "hands": [[c.code for c in h] for h in game._hands],
            "discard": [c.code for c in game._discard],
            "draw": [c.code for c in game._draw[::-1]],
            "to_play": to_play,
            "direction": direction,
            "color": game._color,
            "dealer": game._dealer,
            "seed": seed,
        }
        game._after_arranged()
        return game

    def _after_arranged(self) -> None:
        """Hook for variants that keep more state."""

    def _replay_extra(self, origin: dict[str, Any]) -> None:
        """Hook for variants whose records carry more set-up than the classic game."""

    def _deal(self) -> None:
        """'Deal 7 cards to each player', one at a time from the dealer's left."""
        order = []
        seat = self._succ[self._dealer]
        for _ in self._active:
            order.append(seat)
            seat = self._succ[seat]
        draw = self._draw
        hands = self._hands
        for _ in range(self.rules.hand_size):
            for seat in order:
                if not draw:
                    raise ValueError("the deck is too small to deal")
                hands[seat].append(draw.pop())
        for seat in order:
            self._log.append(
                Event("deal", seat, tuple(hands[seat]), len(hands[seat]), audience=(seat,))
            )

    def _turn_up(self) -> Card:
        if not self._draw:
            raise ValueError("the deck ran out before a first card could be turned")
        card = self._draw.pop()
        self._discard.append(card)
        self._log.append(Event("turn_up", cards=(card,)))
        return card

    def _turn_first_card(self) -> None:
        """The first card: ignored until a number card (2021), or it takes effect (older)."""
        first = self._succ[self._dealer]
        self._to_play = first
        card = self._turn_up()
        if not self.rules.first_card_effect:
            # 2021: 'If it is not a number card, turn over another until one comes up.'
            while card.kind is not _NUMBER:
                card = self._turn_up()
            assert card.color is not None
            self._color = card.color
            return
        # 'Wild Draw 4: Put it back in the deck and turn over another card.' The card goes
        # back at random, so only a pile holding other cards can end this, and it ends with
        # certainty long before the bound (each turn finds another card with a chance of at
        # least 1 in the pile's size).
        bound = 64 * (len(self._draw) + 1)
        for _ in range(bound):
            if card.kind is not _WD4:
                break
            if all(c.kind is _WD4 for c in self._draw):
                raise ValueError("the deck holds no first card but Wild Draw Fours")
            self._discard.pop()
            self._draw.insert(self._rng.below(len(self._draw) + 1), card)
            self._log.append(Event("put_back", cards=(card,)))
            card = self._turn_up()
        else:
            raise AssertionError("no first card turned after putting back Wild Draw Fours")
        kind = card.kind
        if card.wild:
            # 'Wild: The player on the dealer's left names the color and takes the first turn.'
            self._phase = COLOR
            return
        assert card.color is not None
        self._color = card.color
        if kind is _SKIP:
            self._log.append(Event("skip", first))
            self._to_play = self._succ[first]
            self._live = ("skip",)
        elif kind is _REVERSE:
            # 'Reverse: The dealer plays first, and play moves to the right.'
            self._direction = -1
            self._log.append(Event("reverse", count=-1))
            self._to_play = self._dealer
            self._live = ("reverse",)
        elif kind is _DRAW_TWO:
            # 'Draw 2: The player on the dealer's left draws 2 cards and loses their turn.'
            self._draw_cards(first, 2, "draw_two")
            self._to_play = self._succ[first]

    # ------------------------------------------------------------------ public state --
    @property
    def to_play(self) -> int | None:
        """The seat that owes the next decision; ``None`` once the round is over."""
        return self._to_play

    @property
    def direction(self) -> int:
        return self._direction

    @property
    def top(self) -> Card:
        return self._discard[-1]

    @property
    def discard(self) -> list[Card]:
        """The discard pile, bottom..top."""
        return list(self._discard)

    @property
    def color(self) -> str | None:
        """The colour to match: ``"R"``, ``"Y"``, ``"G"`` or ``"B"``; ``None`` only while
        the first player names the colour of a Wild turned up first."""
        return None if self._phase == COLOR else self._color

    @property
    def draw_size(self) -> int:
        return len(self._draw)

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def phase(self) -> str:
        return PHASES[self._phase]

    @property
    def pending(self) -> int:
        """Cards the seat to play must draw if it accepts (a Draw Two, Wild Draw Four, stack)."""
        return self._pending

    @property
    def pending_kind(self) -> Kind | None:
        """What the pending penalty came from: ``Kind.DRAW_TWO`` or ``Kind.WILD_DRAW_FOUR``."""
        return self._pending_kind

    @property
    def challengeable(self) -> bool:
        """Is a Wild Draw Four waiting that the seat to play may challenge?"""
        return self._wd4 is not None

    @property
    def open_wild_draw_four(self) -> tuple[int, str | None] | None:
        """The Wild Draw Four waiting to be challenged: who played it and the colour in play
        before it (what a challenge checks that player's hand against), or ``None``. Both
        are public: the table saw the play."""
        wd4 = self._wd4
        return None if wd4 is None else (wd4[0], wd4[1])

    @property
    def drawn(self) -> Card | None:
        """The card the seat to play has just drawn and may play (if it plays) or keep
        (phase ``drawn``).
        Like ``hand``, this is the whole game's knowledge: a view shows it to that seat only."""
        return self._drawn

    @property
    def uno_said(self) -> frozenset[int]:
        """Seats holding one card that said "Uno"."""
        return frozenset(self._said)

    @property
    def uno_exposed(self) -> frozenset[int]:
        """Seats holding one card that have not said "Uno" while the window is open: they
        may still say it, and anyone else may catch them."""
        return frozenset(self._exposed)

    @property
    def active(self) -> tuple[int, ...]:
        """The seats taking part in this round (all, unless a match eliminated some)."""
        return self._active

    @property
    def over(self) -> bool:
        return self._phase == OVER

    @property
    def winner(self) -> int | None:
        """The seat that went out; ``None`` while playing or after a blocked round."""
        return self._winner

    @property
    def turns(self) -> int:
        """Turns ended so far (the play passing on)."""
        return self._turns

    @property
    def repeats(self) -> int:
        """The most times any position the repetition rule counts has been seen (0 before
        the first count); the round ends without a winner when it reaches ``REPEATS``
        (C-DEC-49)."""
        seen = self._seen
        return 0 if not seen else max(seen.values())

    @property
    def action_count(self) -> int:
        """Accepted actions so far (``len(actions)`` without the copy): what a harness's
        bound on a round counts."""
        return len(self._actions)

    @property
    def reserve(self) -> int:
        """The cards a draw can still bring into a hand: those left to draw and those a
        reshuffle would give."""
        return self._reserve()

    @property
    def log(self) -> list[Event]:
        """Every event so far, unredacted: for the table's owner, not for a seat."""
        return list(self._log)

    @property
    def actions(self) -> list[tuple[int, Action]]:
        """Every accepted action with its seat, in order."""
        return list(self._actions)

    def hand(self, seat: int) -> list[Card]:
        return list(self._hands[seat])

    @property
    def draw_pile(self) -> list[Card]:
        """The draw pile, top first: the table's knowledge, never a seat's."""
        return self._draw[::-1]

    def all_cards(self) -> list[Card]:
        """Every card of the game wherever it is (hands, piles): for accounting checks."""
        cards = [c for h in self._hands for c in h]
        cards += self._draw
        cards += self._discard
        return cards

    def hand_sizes(self) -> list[int]:
        return [len(h) for h in self._hands]

    def teams(self) -> list[tuple[int, int]] | None:
        """Partners: seats across the table (0 & 2, 1 & 3)."""
        return [(0, 2), (1, 3)] if self.rules.partners else None

    def events(self, seat: int | None, since: int = 0) -> list[Event]:
        """The log from ``since`` on, as ``seat`` may see it (``None``: a spectator)."""
        return [e.for_seat(seat) for e in self._log[since:]]

    def __repr__(self) -> str:
        state = "over" if self.over else f"to_play={self._to_play}"
        name = type(self).__name__
        return f"<{name} {self.rules.name} players={self.players} top={self.top} {state}>"

    # ------------------------------------------------------------------ turn order ----
    def _next(self, seat: int) -> int:
        return self._succ[seat] if self._direction == 1 else self._pred[seat]

    def _start_turn(self, seat: int) -> None:
        """A seat starts a turn of its own (it plays, draws, passes, presses, jumps in):
        'They must catch you before the next player starts their turn', so other seats'
        Uno windows close, and so does the last card's cancel window."""
        exposed = self._exposed
        if exposed:
            if seat in exposed:
                exposed.intersection_update((seat,))
            else:
                exposed.clear()
        self._answer(seat)

    def _answer(self, seat: int) -> None:
        """A seat answers a penalty (``accept``, ``challenge``): it loses its turn or has
        not begun it yet, so Uno windows stay open (docs/rules.md, "When the Uno window
        closes"), but the penalty card can no longer be cancelled by a jump."""
        self._live = None
        if self._draw_three is not None and self._draw_three != seat:
            self._draw_three = None

    def _size_changed(self, seat: int, old: int, said: bool = False) -> None:
        """Keep the Uno bookkeeping right after a hand changed size."""
        if len(self._hands[seat]) == old:
            return
        if len(self._hands[seat]) == 1:
            if said:
                self._said.add(seat)
                self._exposed.discard(seat)
            else:
                self._exposed.add(seat)
                self._said.discard(seat)
        else:
            self._exposed.discard(seat)
            self._said.discard(seat)

    # ------------------------------------------------------------------ the piles -----
    def _can_draw(self) -> bool:
        return bool(self._draw) or len(self._discard) > 1

    def _reshuffle(self) -> None:
        """'Set the top card of the discard pile aside. Shuffle the rest.'"""
        top = self._discard.pop()
        rest = self._discard
        self._rng.shuffle(rest)
        rest.reverse()  # the shuffled list is read top first; our draw keeps the top last
        self._draw = rest
        self._discard = [top]
        self._shuffled = True
        self._log.append(Event("reshuffle", count=len(rest)))

    def _draw_cards(self, seat: int, n: int, reason: str) -> list[Card]:
        """Move up to ``n`` cards to ``seat`` (fewer if even a reshuffle cannot give them)."""
        hand = self._hands[seat]
        old = len(hand)
        got: list[Card] = []
        for _ in range(n):
            if not self._draw:
                if len(self._discard) <= 1:
                    break
                self._reshuffle()
            card = self._draw.pop()
            hand.append(card)
            got.append(card)
        self._log.append(Event("draw", seat, tuple(got), len(got), reason=reason, audience=(seat,)))
        self._size_changed(seat, old)
        return got

    # ------------------------------------------------------------------ legality ------
    def playable(self, card: Card) -> bool:
        """Does ``card`` match the top card by colour, number or symbol (or is it wild)?"""
        return card.wild or card.color == self._color or card.symbol == self._discard[-1].symbol

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal action of ``seat`` (default: ``to_play``), in the documented order:
        the turn's own actions (plays by card order and colour R Y G B, each without then
        with ``uno``; draw; pass; accept; challenge; color; swap by seat), then ``uno``,
        ``catch`` by seat, ``jump`` by card order."""
        if seat is None:
            seat = self._to_play
            if seat is None:
                return []
        cache = self._lcache
        if cache is not None and cache[0] == self._version and cache[1] == seat:
            return list(cache[2])
        acts = self._legal(seat)
        self._lcache = (self._version, seat, acts)
        return list(acts)

    def out_of_turn_possible(self) -> bool:
        """May a seat other than ``to_play`` have an action now? ``False`` means none has,
        so the one-actor-at-a-time order (``unokit.turns``) need not ask every seat: no Uno
        window is open and nobody may jump in."""
        return bool(self._exposed) or (self.rules.jump_in and self._phase != OVER)

    def _legal(self, seat: int) -> tuple[Action, ...]:
        if self._phase == OVER or seat not in self._active:
            return ()
        acts: list[Action] = self._turn_actions(seat) if seat == self._to_play else []
        exposed = self._exposed
        if exposed:
            if seat in exposed:
                acts.append(UNO)
            for other in sorted(exposed):
                if other != seat:
                    acts.append(_CATCH[other])
        if self.rules.jump_in:
            self._jump_actions(seat, acts)
        return tuple(acts)

    def _turn_actions(self, seat: int) -> list[Action]:
        phase = self._phase
        hand = self._hands[seat]
        acts: list[Action] = []
        if phase == PLAY:
            color = self._color
            symbol = self._discard[-1].symbol
            two = len(hand) == 2
            playable = {c for c in hand if c.wild or c.color == color or c.symbol == symbol}
            for card in sorted(playable, key=_INDEX):
                acts.extend(_PLAY[card.index])
                if two:
                    acts.extend(_PLAY_UNO[card.index])
            if not playable or self._can_draw():
                acts.append(DRAW)
        elif phase == DRAWN:
            drawn = self._drawn
            assert drawn is not None
            if self.playable(drawn):
                acts.extend(_PLAY[drawn.index])
                if len(hand) == 2:
                    acts.extend(_PLAY_UNO[drawn.index])
            acts.append(PASS)
        elif phase == PENALTY:
            if self.rules.stacking:
                kind = self._pending_kind
                two = len(hand) == 2
                for card in sorted(set(hand), key=_INDEX):
                    if card.kind is kind:
                        acts.extend(_PLAY[card.index])
                        if two:
                            acts.extend(_PLAY_UNO[card.index])
            acts.append(ACCEPT)
            if self._wd4 is not None:
                acts.append(CHALLENGE)
        elif phase == COLOR:
            acts.extend(_COLOR_ACTIONS)
        elif phase == SWAP:
            acts.extend(_SWAP[s] for s in self._active if s != seat)
        return acts

    def _jump_actions(self, seat: int, acts: list[Action]) -> None:
        top = self._discard[-1]
        if top.wild or seat == self._last_player:
            return
        if seat == self._to_play and self._phase != PENALTY:
            return
        if self._phase in (COLOR, SWAP):  # the trade is part of the play
            return
        hand = self._hands[seat]
        if top in hand:
            acts.append(_JUMP[top.index])
            if len(hand) == 2:
                acts.append(_JUMP_UNO[top.index])

    # ------------------------------------------------------------------ apply ---------
    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """Apply one action for ``seat`` (default: ``to_play``) and return its events.

        Raises ``ActionSyntaxError`` for text that is no action and ``IllegalAction`` (with
        the reason in words) for an action that is not legal now; the game is then unchanged.
        """
        if isinstance(action, str):
            action = Action.parse(action)
        elif not isinstance(action, Action):
            raise ActionSyntaxError(f"{action!r} is not an action")
        if seat is None:
            seat = self._to_play
            if seat is None:
                raise IllegalAction("the round is over")
        elif isinstance(seat, bool) or not isinstance(seat, int):
            raise IllegalAction(f"{seat!r} is not a seat")
        cache = self._lcache
        if cache is not None and cache[0] == self._version and cache[1] == seat:
            legal = cache[2]
        else:
            legal = self._legal(seat)
        for listed in legal:  # identity first: legal_actions hands out shared actions,
            if listed is action:  # and comparing dataclasses field by field is slow
                break
        else:
            if action not in legal:
                raise IllegalAction(self._why(action, seat))
        start = len(self._log)
        self._do(action, seat)
        self._actions.append((seat, action))
        self._version += 1
        return self._log[start:]

    def _do(self, action: Action, seat: int) -> None:
        kind = action.kind
        if kind == "play":
            assert action.card is not None
            self._start_turn(seat)
            self._play(seat, action.card, action.color, action.uno, "play")
        elif kind == "draw":
            self._do_draw(seat)
        elif kind == "pass":
            self._start_turn(seat)
            self._log.append(Event("pass", seat))
            self._drawn = None
            self._end_turn(seat)
        elif kind == "accept":
            self._answer(seat)
            n = self._pending
            self._log.append(Event("accept", seat, count=n))
            reason = "wild_draw_four" if self._pending_kind is _WD4 else "draw_two"
            self._clear_pending()
            self._draw_cards(seat, n, reason)
            self._end_turn(seat)
        elif kind == "challenge":
            self._answer(seat)
            self._challenge(seat)
        elif kind == "color":
            assert action.color is not None
            self._color = action.color
            self._log.append(Event("color", seat, color=action.color))
            self._phase = PLAY
        elif kind == "swap":
            assert action.target is not None
            self._swap_hands(seat, action.target)
            self._phase = PLAY
            self._end_turn(seat)
        elif kind == "uno":
            self._exposed.discard(seat)
            self._said.add(seat)
            self._log.append(Event("uno", seat))
        elif kind == "catch":
            target = action.target
            assert target is not None
            self._log.append(Event("catch", seat, target=target))
            self._exposed.discard(target)
            self._draw_cards(target, UNO_PENALTY, "uno")
        elif kind == "jump":
            assert action.card is not None
            self._jump(seat, action.card, action.uno)
        else:  # pragma: no cover - legal_actions never offers another kind here
            raise IllegalAction(f"{kind} is not part of this game")

    def _end_turn(self, seat: int, skip: bool = False) -> None:
        nxt = self._next(seat)
        if skip:
            self._log.append(Event("skip", nxt))
            nxt = self._next(nxt)
        self._to_play = nxt
        self._phase = PLAY
        self._turn_ended()

    def _reserve(self) -> int:
        """The cards a draw can still bring into a hand: the draw pile and what a reshuffle
        would give."""
        return len(self._draw) + len(self._discard) - 1

    def _turn_ended(self) -> None:
        """Count the turn, and the position where one can come back (C-DEC-49).

        Between two reshuffles the cards left to draw only dwindle and the discard pile only
        grows, so a position can come back only across a reshuffle or while nothing at all
        is left to draw: the position is counted at the end of a turn in which the pile was
        reshuffled and at each turn end with nothing to draw, and nowhere else (most turns
        cost one test)."""
        self._turns += 1
        if self._shuffled or (not self._draw and not self._can_draw()):
            self._shuffled = False
            self._count_position()

    def _count_position(self) -> None:
        """Count the position; its ``REPEATS``-th time ends the round without a winner."""
        key = self._position()
        seen = self._seen
        if seen is None:
            seen = self._seen = {}
        elif self._seen_shared:  # a clone shares it until one of them counts
            seen = self._seen = dict(seen)
            self._seen_shared = False
        n = seen.get(key, 0) + 1
        seen[key] = n
        if n >= REPEATS and self._phase != OVER:
            self._block("repetition")

    def _position(self) -> tuple[object, ...]:
        """The position as the repetition rule compares it: the hands, the top card and the
        colour, direction, the seat to act and what it faces (a Wild Draw Four's player and
        what a challenge would find), Uno calls, and the cards left to draw and to reshuffle
        as sets (sorted card numbers: their order is not compared). The cards left to draw
        are every card not in a hand or on a pile, so the key leaves them out: a reshuffle
        has just put most cards there, and sorting them cost more than the rest of the key.
        Who played last and a card a jump could cancel matter to Jump-In only."""
        discard = self._discard
        wd4 = self._wd4
        drawn = self._drawn
        jump = self.rules.jump_in
        return (
            tuple([tuple(sorted([c.index for c in h])) for h in self._hands]),
            tuple(sorted([c.index for c in discard[:-1]])),
            discard[-1].index,
            self._color,
            self._direction,
            self._to_play,
            self._phase,
            self._pending,
            self._pending_kind,
            None if wd4 is None else (wd4[0], self._wd4_guilty(wd4[2], wd4[1])),
            None if drawn is None else drawn.index,
            tuple(sorted(self._exposed)),
            tuple(sorted(self._said)),
            self._last_player if jump else None,
            self._live if jump else None,
            self._draw_three,
            self._position_extra(),
        )

    def _position_extra(self) -> tuple[object, ...]:
        """Hook: the state a variant adds to the position (its piles, its pointers)."""
        return ()

    def _block(self, reason: str) -> None:
        """End the round without a winner (C-DEC-33, C-DEC-49); ``reason`` says why:
        ``stuck`` (nobody can play or draw) or ``repetition`` (C-DEC-49)."""
        self._log.append(Event("blocked", reason=reason))
        self._finish(None)

    def _clear_pending(self) -> None:
        self._pending = 0
        self._pending_kind = None
        self._wd4 = None

    def _do_draw(self, seat: int) -> None:
        three = self._draw_three == seat
        self._draw_three = None
        self._start_turn(seat)
        hand = self._hands[seat]
        if three and not any(self.playable(c) for c in hand):
            got = self._draw_cards(seat, CUSTOM_DRAW, "custom")
            self._stall = 0 if got else self._stall + 1
            self._end_turn(seat)
            return
        got = self._draw_cards(seat, 1, "turn")
        if self.rules.draw_to_match:
            while got and not self.playable(got[-1]):
                if self._reserve() <= 0:  # no reach for an empty pile tells the card's fate
                    break
                more = self._draw_cards(seat, 1, "turn")
                if not more:
                    break
                got.append(more[0])
        if not got:
            self._stall += 1
            if self._stall >= len(self._active):
                self._block("stuck")
                return
            self._end_turn(seat)
            return
        self._stall = 0
        # playable or not, the seat keeps it with ``pass``: the phase shows nothing of the
        # card to the other seats (C-DEC-57)
        self._drawn = got[-1]
        self._phase = DRAWN

    def _play(self, seat: int, card: Card, color: str | None, uno: bool, how: str) -> None:
        """Put ``card`` from ``seat``'s hand on the pile and let it act."""
        hand = self._hands[seat]
        old = len(hand)
        hand.remove(card)
        prior_color = self._color
        self._discard.append(card)
        self._color = card.color if color is None else color
        self._last_player = seat
        self._drawn = None
        self._stall = 0
        if self._draw_three == seat:
            self._draw_three = None
        self._log.append(Event(how, seat, (card,), color=color, uno=uno))
        self._size_changed(seat, old, said=uno)
        kind = card.kind
        if not hand:
            self._going_out(seat, card)
            return
        if self._phase == PENALTY:  # stacking: the total grows and passes on
            self._phase = PLAY
        if kind is _NUMBER:
            if self.rules.seven_o and card.number == 7:
                # a number card: a jump cancels nothing, and none is offered until the
                # trade is chosen (docs/rules.md, C-DEC-26)
                self._phase = SWAP
                return
            if self.rules.seven_o and card.number == 0:
                self._rotate_hands()
            self._end_turn(seat)
        elif kind is _SKIP:
            self._live = ("skip",)
            self._end_turn(seat, skip=True)
        elif kind is _REVERSE:
            self._direction = -self._direction
            self._log.append(Event("reverse", count=self._direction))
            self._live = ("reverse",)
            two = len(self._active) == 2 and self.rules.two_player_reverse_skip
            self._end_turn(seat, skip=two)
        elif kind is _DRAW_TWO:
            self._pending += 2
            self._pending_kind = _DRAW_TWO
            self._wd4 = None
            self._live = ("draw_two",)
            victim = self._next(seat)
            if self.rules.stacking or self.rules.jump_in:
                self._to_play = victim
                self._phase = PENALTY
            else:
                n = self._pending
                self._clear_pending()
                self._draw_cards(victim, n, "draw_two")
                self._end_turn(seat, skip=True)
        elif kind is _WD4:
            stacked = self._pending > 0
            self._pending += 4
            self._pending_kind = _WD4
            self._wd4 = None if stacked else (seat, prior_color, tuple(hand))
            self._to_play = self._next(seat)
            self._phase = PENALTY
        elif kind is _WSH:
            self._shuffle_hands(seat)
            self._end_turn(seat)
        elif kind is _WSW:
            self._phase = SWAP
        elif kind is _WC and self.rules.custom_rule == "extra_turn":
            self._log.append(Event("extra_turn", seat))
            self._to_play = seat
            self._phase = PLAY
        else:
            if kind is _WC and self.rules.custom_rule == "draw_three":
                self._draw_three = self._next(seat)
            self._end_turn(seat)

    def _wd4_guilty(self, hand: Sequence[Card], prior_color: str | None) -> bool:
        """'Play it only when you hold no card of the color on the discard pile.'"""
        counts = self.rules.wd4_wilds
        for c in hand:
            if c.color == prior_color:
                return True
            if c.wild and (
                (counts == "wild" and c.kind is _WILD) or (counts == "all" and c.kind is not _WD4)
            ):
                return True
        return False

    def _going_out(self, seat: int, card: Card) -> None:
        """'If the last card is a Draw 2 or Wild Draw 4, the next player still draws.'"""
        kind = card.kind
        if kind is _DRAW_TWO or kind is _WD4:
            n = self._pending + (2 if kind is _DRAW_TWO else 4)
            reason = "draw_two" if kind is _DRAW_TWO else "wild_draw_four"
            self._clear_pending()
            self._draw_cards(self._next(seat), n, reason)
        self._finish(seat)

    def _finish(self, winner: int | None) -> None:
        self._winner = winner
        self._phase = OVER
        self._to_play = None
        self._exposed.clear()
        self._clear_pending()
        self._log.append(Event("round_over", winner))

    def _challenge(self, seat: int) -> None:
        assert self._wd4 is not None
        player, prior_color, shown = self._wd4
        guilty = self._wd4_guilty(shown, prior_color)
        self._log.append(Event("challenge", seat, target=player))
        self._log.append(
            Event("reveal", player, shown, len(shown), target=seat, audience=(player, seat))
        )
        self._log.append(Event("verdict", player, reason="guilty" if guilty else "innocent"))
        self._clear_pending()
        if guilty:
            # 'If you broke the limit, you draw 4. The challenger ... takes their turn as usual.'
            self._draw_cards(player, CHALLENGE_GUILTY, "challenge")
            self._phase = PLAY
        else:
            self._draw_cards(seat, CHALLENGE_INNOCENT, "challenge")
            self._end_turn(seat)

    def _jump(self, seat: int, card: Card, uno: bool) -> None:
        """Jump-In: an identical card out of turn; it cancels the first card's effect if that
        is still pending, and play carries on from the jumper."""
        live = self._live
        if live is not None:
            what = live[0]
            if what == "reverse":
                self._direction = -self._direction
            elif what == "draw_two":
                self._pending -= 2
                if self._pending == 0:
                    self._pending_kind = None
            self._log.append(Event("cancel", self._last_player, reason=what))
        self._start_turn(seat)
        self._drawn = None
        self._phase = PENALTY if self._pending else PLAY
        self._to_play = seat
        self._play(seat, card, None, uno, "jump")

    def _swap_hands(self, seat: int, other: int) -> None:
        hands = self._hands
        a, b = len(hands[seat]), len(hands[other])
        hands[seat], hands[other] = hands[other], hands[seat]
        self._log.append(Event("swap", seat, target=other))
        self._new_hand_events((seat, other))
        self._size_changed(seat, a)
        self._size_changed(other, b)

    def _rotate_hands(self) -> None:
        """Seven-O: 'every player passes their whole hand to the next player in the
        direction of play'."""
        old = {s: self._hands[s] for s in self._active}
        sizes = {s: len(h) for s, h in old.items()}
        for s in self._active:
            self._hands[self._next(s)] = old[s]
        self._log.append(Event("rotate", count=self._direction))
        self._new_hand_events(self._active)
        for s in self._active:
            self._size_changed(s, sizes[s])

    def _shuffle_hands(self, seat: int) -> None:
        """Wild Shuffle Hands: gather every hand, shuffle, deal back from the player's left."""
        sizes = {s: len(self._hands[s]) for s in self._active}
        pool = [c for s in self._active for c in self._hands[s]]
        self._rng.shuffle(pool)
        for s in self._active:
            self._hands[s] = []
        target = self._succ[seat]
        for card in pool:
            self._hands[target].append(card)
            target = self._succ[target]
        self._log.append(Event("shuffle_hands", seat, count=len(pool)))
        self._new_hand_events(self._active)
        for s in self._active:
            self._size_changed(s, sizes[s])

    def _new_hand_events(self, seats: Iterable[int]) -> None:
        for s in seats:
            hand = self._hands[s]
            self._log.append(Event("hand", s, tuple(hand), len(hand), audience=(s,)))

    # ------------------------------------------------------------------ why not -------
    def _why(self, action: Action, seat: int) -> str:
        """Words for why ``action`` is not legal for ``seat`` now."""
        if not 0 <= seat < self.players:
            return f"there is no seat {seat} at this table of {self.players}"
        if self._phase == OVER:
            return "the round is over"
        if seat not in self._active:
            return f"seat {seat} is out of this game"
        kind = action.kind
        if kind in ("press", "give", "point", "link", "take", "timeout"):
            return f"'{kind}' is not part of {self.rules.name}"
        if kind == "uno":
            if len(self._hands[seat]) != 1:
                return "you say Uno when you are down to one card"
            return "you have already said Uno, or the moment to say it has passed"
        if kind == "catch":
            target = action.target
            assert target is not None
            if target == seat:
                return "you cannot catch yourself: say 'uno'"
            if not 0 <= target < self.players or len(self._hands[target]) != 1:
                return f"seat {target} does not have one card"
            return f"seat {target} said Uno or the moment to catch them has passed"
        if kind == "jump":
            return self._why_jump(action, seat)
        if kind in _TURN_KINDS and seat != self._to_play:
            return f"it is seat {self._to_play}'s turn"
        return self._why_turn(action, seat)

    def _why_jump(self, action: Action, seat: int) -> str:
        card = action.card
        assert card is not None
        top = self._discard[-1]
        if not self.rules.jump_in:
            return "Jump-In is not played at this table (jump_in=False)"
        if card is not top:
            return f"{card} is not identical to the {top.name} on top"
        if top.wild:
            return "a wild card has no colour, so no card is identical to it"
        if card not in self._hands[seat]:
            return f"seat {seat} does not hold {card}"
        if seat == self._last_player:
            return "you cannot jump in on your own card"
        if seat == self._to_play:
            return f"it is your turn: play {card}"
        if self._phase == SWAP:
            return f"seat {self._to_play} is choosing whom to trade hands with: jump after"
        if action.uno:
            return "say Uno only when the card leaves you one"
        return f"{action} is not legal now"

    def _why_turn(self, action: Action, seat: int) -> str:
        kind = action.kind
        phase = self._phase
        hand = self._hands[seat]
        if phase == COLOR and kind != "color":
            return "name the colour of the Wild turned up first: color R, Y, G or B"
        if phase == SWAP and kind != "swap":
            return "choose the seat to trade hands with first: swap N"
        if kind == "swap":
            if phase != SWAP:
                return "swap follows a Seven-O 7 or a Wild Swap Hands"
            return f"seat {action.target} is not another player at this table"
        if kind == "color":
            return "a colour is named with the wild card itself, like 'play W G'"
        if kind == "pass":
            return "pass keeps a card just drawn; you have not drawn one"
        if kind in ("accept", "challenge"):
            if phase != PENALTY:
                return f"there is nothing to {kind}"
            return "only a Wild Draw Four played on you alone can be challenged"
        if kind == "draw":
            if phase == DRAWN:
                drawn = self._drawn
                if drawn is not None and not self.playable(drawn):
                    return f"you have drawn already: keep the {drawn} with pass"
                return f"you have drawn already: play {drawn} or pass"
            if phase == PENALTY:
                return f"you must take the {self._pending} cards (accept) or stack"
            return "the draw pile is empty and you have a card to play"
        # play
        card = action.card
        assert card is not None
        if card not in hand:
            return f"seat {seat} does not hold {card}"
        if phase == DRAWN and card is not self._drawn:
            return f"after drawing, only the drawn card ({self._drawn}) may be played"
        if phase == PENALTY:
            if not self.rules.stacking:
                return f"you must accept the {self._pending} cards"
            needed = "Draw Two" if self._pending_kind is _DRAW_TWO else "Wild Draw Four"
            return f"only a {needed} can be stacked on a {needed}"
        if card.wild and action.color is None:
            return f"a {card.name} must name a colour, like 'play {card} G'"
        if not card.wild and action.color is not None:
            return "only a wild card names a colour"
        if action.uno and len(hand) != 2:
            return "say Uno with the play only when it leaves you one card"
        if not self.playable(card):
            top = self._discard[-1]
            if top.wild:
                named = COLOR_NAMES[self._color] if self._color else "not named yet"
                return f"{card} does not match: the colour in play is {named}"
            return f"{card} does not match the {top.name}"
        return f"{action} is not legal now"

    # ------------------------------------------------------------------ scoring -------
    def round_points(self) -> list[int]:
        """What each seat scores for this round, per ``rules.scoring`` (all 0 while playing)."""
        points = [0] * self.players
        if self._phase != OVER:
            return points
        scoring = self.rules.scoring
        value = self.rules.card_points
        if self._winner is None:  # nobody went out: each seat adds its own hand (C-DEC-51)
            if scoring in ("lowest", "elimination"):
                for s in self._active:
                    points[s] = sum(value(c) for c in self._hands[s])
            return points
        if scoring == "winner":
            winner = self._winner
            team = (winner, (winner + 2) % 4) if self.rules.partners else (winner,)
            total = sum(value(c) for s in self._active if s not in team for c in self._hands[s])
            for s in team:
                points[s] = total
        elif scoring in ("lowest", "elimination"):
            for s in self._active:
                points[s] = sum(value(c) for c in self._hands[s])
        return points

    # ------------------------------------------------------------------ copies --------
    def clone(self) -> Game:
        """An independent copy (cheap: list copies of shared cards)."""
        twin = type(self)()
        self._copy_into(twin)
        return twin

    def _copy_into(self, twin: Game) -> None:
        twin.rules = self.rules
        twin.players = self.players
        twin._active = self._active
        twin._succ = self._succ
        twin._pred = self._pred
        twin._hands = [h[:] for h in self._hands]
        twin._draw = self._draw[:]
        twin._discard = self._discard[:]
        twin._color = self._color
        twin._direction = self._direction
        twin._to_play = self._to_play
        twin._phase = self._phase
        twin._pending = self._pending
        twin._pending_kind = self._pending_kind
        twin._wd4 = self._wd4
        twin._drawn = self._drawn
        twin._exposed = set(self._exposed)
        twin._said = set(self._said)
        twin._last_player = self._last_player
        twin._live = self._live
        twin._draw_three = self._draw_three
        twin._stall = self._stall
        seen = twin._seen = self._seen
        if seen is not None:
            self._seen_shared = twin._seen_shared = True
        else:
            twin._seen_shared = False
        twin._shuffled = self._shuffled
        twin._turns = self._turns
        twin._winner = self._winner
        twin._rng = self._rng.copy()
        twin._log = self._log[:]
        twin._actions = self._actions[:]
        twin._version = self._version
        twin._lcache = self._lcache
        twin._origin = self._origin
        twin._dealer = self._dealer

    def resample(self, seat: int, seed: int) -> Game:
        """A copy in which every card ``seat`` cannot see (other hands, the draw pile) is
        dealt again at random, hand sizes kept: a determinization for search bots.

        The copy knows no more than the seat: the re-deal depends only on which cards are
        unseen (not on their real order), its log is the log as the seat saw it, its origin
        is gone (a seed would show the real deal, so it cannot be replayed), and another
        seat's drawn card is the last card of its new hand. It keeps only what the
        current view shows; cards a seat learned from history (a swap, a challenge) are
        re-dealt too.
        """
        twin = self.clone()
        rng = Random(seed)
        others = [s for s in self._active if s != seat]
        pool = [c for s in others for c in twin._hands[s]] + twin._draw
        pool.sort(key=_INDEX)
        rng.shuffle(pool)
        i = 0
        for s in others:
            n = len(twin._hands[s])
            twin._hands[s] = pool[i : i + n]
            i += n
        twin._draw = pool[i:]
        twin._rng = Random(rng.next64())
        twin._after_redeal(seat, others)
        twin._log = [e.for_seat(seat) for e in self._log]
        twin._origin = {"how": "resample"}
        return twin

    def redeal(
        self,
        seat: int,
        hands: dict[int, list[Card]],
        draw: list[Card],
        *,
        check: bool = True,
    ) -> None:
        """Deal the cards ``seat`` cannot see again, as the caller chooses: ``hands`` gives
        every other active seat its new hand (its size kept) and ``draw`` the draw pile,
        top first (as ``draw_pile`` lists it). For search bots that fit their own
        determinizations to what they infer: call it on a copy the bot owns (a ``clone`` or
        a ``resample``), never on the game in play.

        The cards must be exactly those ``seat`` cannot see now, in a round still in play,
        else ``ValueError`` says why and the game is as before; ``check=False`` skips that
        proof, for search loops that only permute the cards they took from this game. As
        with ``resample``, a hand another seat showed in an open Wild Draw Four challenge
        becomes that seat's first cards, and another seat's just-drawn card is the last of
        its new hand."""
        others = [s for s in self._active if s != seat]
        if check:
            self._check_redeal(seat, others, hands, draw)
        for s in others:
            self._hands[s] = list(hands[s])
        self._draw = draw[::-1]
        self._after_redeal(seat, others)

    def _check_redeal(
        self, seat: int, others: list[int], hands: dict[int, list[Card]], draw: list[Card]
    ) -> None:
        if self._phase == OVER:
            raise ValueError("the round is over: every hand is shown, none can be re-dealt")
        if seat not in self._active:
            raise ValueError(f"seat {seat} is not playing this round")
        if sorted(hands) != others:
            raise ValueError(f"hands are needed for seats {others} exactly, not {sorted(hands)}")
        for s in others:
            if len(hands[s]) != len(self._hands[s]):
                raise ValueError(f"seat {s} holds {len(self._hands[s])} cards, not {len(hands[s])}")
        if len(draw) != len(self._draw):
            raise ValueError(f"the draw pile holds {len(self._draw)} cards, not {len(draw)}")
        unseen = sorted(
            [c.index for s in others for c in self._hands[s]] + [c.index for c in self._draw]
        )
        given = sorted([c.index for s in others for c in hands[s]] + [c.index for c in draw])
        if given != unseen:
            raise ValueError(f"these are not the cards seat {seat} cannot see")

    def _after_redeal(self, seat: int, others: list[int]) -> None:
        """What a re-deal of the cards ``seat`` cannot see must keep true: another seat's
        drawn card is the last card of its hand (playable or not: no view tells), and a hand
        shown in an open challenge is its player's first cards (later draws come after
        it)."""
        to_play = self._to_play
        if self._phase == DRAWN and to_play is not None and to_play != seat:
            self._drawn = self._hands[to_play][-1]
        if self._wd4 is not None and self._wd4[0] != seat:
            player, prior_color, shown = self._wd4
            self._wd4 = (player, prior_color, tuple(self._hands[player][: len(shown)]))
        self._lcache = None

    # ------------------------------------------------------------------ views ---------
    def view(self, seat: int | None) -> dict[str, Any]:
        """All that ``seat`` may know now, JSON-ready (``None``: a spectator)."""
        return build_view(self, seat)

    def record(self, seat: int | None = None) -> dict[str, Any]:
        """The game as versioned JSON; ``record(seat)``: as that seat saw it."""
        return game_record(self, seat)

    @classmethod
    def replay(cls, record: dict[str, Any]) -> Game:
        """Rebuild a game from ``record()`` (refuses other versions and seat records)."""
        return replay_game(Game, record)
