"""The observation: what one seat may know, as a flat vector of numbers.

``ObservationLayout.encode`` builds it from ``game.view(seat)``, the engine's own redaction,
so a bot holding only a view computes exactly the same vector. The environments call
``encode_game``, which reads the same public facts straight from the game (a classic game's
seat's own hand and the table; no view dict, strings or sorting) and falls back to the view
for the variants. Tests hold both to the redaction: at every decision of every preset and
switch ``encode_game`` equals ``encode(view)``, and re-dealing every card a seat cannot see
changes neither. The layout
(docs/envs.md, "Observations") depends only on the rules and the number of players. ``D`` is
the number of distinct cards of the deck (in card order), ``P`` the number of players, ``K``
the number of discard piles (3 in Triple Play, else 1):

===============  =======  ===========================================================
field            size     meaning
===============  =======  ===========================================================
``hand``         D        own hand: how many of each card
``top``          K*D      the top card of each discard pile (one-hot a pile)
``color``        K*4      the colour in play on each pile, R Y G B (0s while unnamed)
``drawn``        D        the card just drawn, the only one that may now be played (one-hot)
``played``       D        cards seen played: every discard pile (and Triple Play's
                          set-aside cards), how many of each card; the pile is what was
                          played or turned up since it last became a new draw pile
``seat``         P        own seat (one-hot)
``to_play``      P        the seat whose turn it is (one-hot; 0s once the round is over)
``hand_sizes``   P        every seat's number of cards
``uno_said``     P        1 where a seat with one card has said Uno
``uno_exposed``  P        1 where a seat with one card has not said it: it can be caught
``direction``    1        1 clockwise, 0 counter-clockwise
``pending``      4        cards a penalty makes the seat to play draw (Triple Play: cards
                          to give away); Draw Two; Wild Draw Four; can be challenged
``phase``        F        the phase of the turn (one-hot over the game's phase names)
``offer``        1        1 when this decision is an out-of-turn offer (may let it go)
``draw_size``    1        cards left in the draw pile
``variant``      V        Triple Play: lit piles (3), each light G/Y/R (9), counters (3);
                          Party: linked seats (P), mini pile (D), mini pile colour (4),
                          seats that have pointed (P); classic: nothing (V = 0)
===============  =======  ===========================================================
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from unokit.cards import COLORS, Card, Kind
from unokit.game import PHASES, Game
from unokit.rules import Rules

__all__ = ["FIELDS", "ObservationLayout", "phase_names"]

FIELDS: Final = (
    "hand",
    "top",
    "color",
    "drawn",
    "played",
    "seat",
    "to_play",
    "hand_sizes",
    "uno_said",
    "uno_exposed",
    "direction",
    "pending",
    "phase",
    "offer",
    "draw_size",
    "variant",
)
_COLOR_INDEX: Final = {c: i for i, c in enumerate(COLORS)}
_LIGHTS: Final = {"G": 0, "Y": 1, "R": 2}
_FLOAT32: Final = np.dtype(np.float32)
_NOWHERE: Final = 1 << 40
"""What ``build_view`` publishes that ``Game`` has no public accessor for (the drawn card,
the Uno sets, the penalty's kind and challenge): ``encode_game`` reads these directly."""
_GAME_PHASES: Final = {
    "classic": PHASES,
    "triple-play": ("play", "drawn", "give", "over"),
    "party": (*PHASES, "point", "link", "mini"),
}


def phase_names(rules: Rules) -> tuple[str, ...]:
    """The phase names a game of ``rules`` goes through, in the observation's order."""
    return _GAME_PHASES.get(rules.game, PHASES)


class ObservationLayout:
    """Where each field sits in the vector, and how to fill it from a view."""

    def __init__(self, rules: Rules, players: int) -> None:
        self.rules = rules
        self.players = players
        self.cards: tuple[Card, ...] = tuple(
            sorted({Card.parse(code) for code, _ in rules.deck_counts}, key=lambda c: c.index)
        )
        self.card_index: dict[str, int] = {c.code: i for i, c in enumerate(self.cards)}
        self.piles = 3 if rules.game == "triple-play" else 1
        self.phases = phase_names(rules)
        self._phase_index = {p: i for i, p in enumerate(self.phases)}
        d = len(self.cards)
        variant = 0
        if rules.game == "triple-play":
            variant = 3 + 9 + 3
        elif rules.game == "party":
            variant = players + d + 4 + players
        sizes = {
            "hand": d,
            "top": self.piles * d,
            "color": self.piles * 4,
            "drawn": d,
            "played": d,
            "seat": players,
            "to_play": players,
            "hand_sizes": players,
            "uno_said": players,
            "uno_exposed": players,
            "direction": 1,
            "pending": 4,
            "phase": len(self.phases),
            "offer": 1,
            "draw_size": 1,
            "variant": variant,
        }
        self.slices: dict[str, slice] = {}
        start = 0
        for name in FIELDS:
            self.slices[name] = slice(start, start + sizes[name])
            start += sizes[name]
        self.size = start
        self._starts = {name: sl.start for name, sl in self.slices.items()}
        self._last_played: tuple[list[str], NDArray[np.float32]] = (
            [],
            np.zeros(d, dtype=np.float32),
        )
        deck_size = sum(n for _, n in rules.deck_counts)
        copies = dict(rules.deck_counts)
        high = np.ones(self.size, dtype=np.float32)
        per_card = [copies[c.code] for c in self.cards]
        for name in ("hand", "played"):
            high[self.slices[name]] = per_card
        for name in ("hand_sizes", "draw_size"):
            high[self.slices[name]] = deck_size
        high[self.slices["pending"].start] = deck_size
        if rules.game == "triple-play":
            counters = self.slices["variant"].start + 12
            high[counters : counters + 3] = deck_size
        elif rules.game == "party":
            mini = self.slices["variant"].start + players
            high[mini : mini + d] = per_card
        self.high = high
        self.direct = rules.game == "classic" and deck_size < 256
        """Does ``encode_game`` write a classic game's vector itself (else: through the
        view)? Its counts go through a byte buffer, so they must stay below 256 (no count
        exceeds the deck's size)."""
        if self.direct:
            self._init_direct(d)

    # -- the direct writer (classic games) ---------------------------------------------
    def _init_direct(self, d: int) -> None:
        """Position tables indexed by ``Card.index``, so a step never touches a string."""
        s = self._starts
        width = max(c.index for c in Card.all()) + 1
        # a card outside the deck gets a position past any buffer: IndexError, never a
        # silent write (the view's encoding raises KeyError for it)
        spot = [_NOWHERE] * width
        for i, card in enumerate(self.cards):
            spot[card.index] = i
        self._hand_at = [s["hand"] + i for i in spot]
        self._top_at = [s["top"] + i for i in spot]
        self._drawn_at = [s["drawn"] + i for i in spot]
        self._played_spot = spot
        self._color_at = {c: s["color"] + i for i, c in enumerate(COLORS)}
        self._phase_at = {p: s["phase"] + i for i, p in enumerate(self.phases)}
        self._pending_kind_at = {
            Kind.DRAW_TWO: s["pending"] + 1,
            Kind.WILD_DRAW_FOUR: s["pending"] + 2,
        }
        blank = bytearray(self.size)
        self._blank = []
        for seat in range(self.players):
            mine = bytearray(blank)
            mine[s["seat"] + seat] = 1
            self._blank.append(bytes(mine))
        self._played_cache: tuple[list[Card], bytearray] = ([], bytearray(d))
        self._work = bytearray(self.size)
        self._work_view = np.frombuffer(self._work, np.uint8)
        self._offsets = (
            s["played"],
            s["played"] + d,
            s["to_play"],
            s["hand_sizes"],
            s["hand_sizes"] + self.players,
            s["uno_said"],
            s["uno_exposed"],
            s["direction"],
            s["pending"],
            s["offer"],
            s["draw_size"],
        )

    def encode_game(self, game: Game, seat: int, offer: bool = False) -> NDArray[np.float32]:
        """The vector of ``seat`` in ``game``: equal to ``encode(game.view(seat), offer)``
        (tested at every decision of every preset), written straight from the game's
        public state for classic games and through the view for the variants. A new array
        every call: the caller may keep it."""
        if not self.direct or type(game) is not Game:
            return self.encode(game.view(seat), offer)
        pending = game.pending
        if pending > 255:  # pragma: no cover - no classic deck holds that many draw cards
            return self.encode(game.view(seat), offer)
        (played, played_end, to_play_at, sizes, sizes_end, said_at, exposed_at, forward_at,
         pending_at, offer_at, draw_at) = self._offsets  # fmt: skip
        # a byte a number: every count of a classic game fits, and bytearray item
        # assignment is cheaper than numpy's; one conversion to a new float32 array at the
        # end, through a numpy view of the buffer made once
        buf = self._work
        buf[:] = self._blank[seat]
        at = self._hand_at
        for card in game.hand(seat):
            buf[at[card.index]] += 1
        buf[self._top_at[game.top.index]] = 1
        color = game.color
        if color is not None:
            buf[self._color_at[color]] = 1
        to_play = game.to_play
        # the engine's state read below is exactly what ``build_view`` publishes
        # (unokit/view.py): the drawn card to its drawer only, the Uno sets, the penalty
        drawn = game.drawn
        if drawn is not None and seat == to_play:
            buf[self._drawn_at[drawn.index]] = 1
        buf[played:played_end] = self._played(game.discard)
        if to_play is not None:
            buf[to_play_at + to_play] = 1
        buf[sizes:sizes_end] = game.hand_sizes()
        for other in game.uno_said:
            buf[said_at + other] = 1
        for other in game.uno_exposed:
            buf[exposed_at + other] = 1
        if game.direction == 1:
            buf[forward_at] = 1
        if pending:
            buf[pending_at] = pending
            kind_at = self._pending_kind_at.get(game.pending_kind)  # type: ignore[arg-type]
            if kind_at is not None:
                buf[kind_at] = 1
            if game.challengeable:
                buf[pending_at + 3] = 1
        phase_at = self._phase_at.get(game.phase)
        if phase_at is not None:
            buf[phase_at] = 1
        if offer:
            buf[offer_at] = 1
        buf[draw_at] = game.draw_size
        return self._work_view.astype(_FLOAT32)

    def _played(self, discard: list[Card]) -> bytearray:
        """Counts by card of a classic discard pile (a fresh list the caller gave away).
        The pile mostly grows by one card a step: the counts of the last pile are reused
        when it is a prefix of this one, so the result is always the pile's own counts."""
        last, counts = self._played_cache
        n = len(last)
        if len(discard) >= n and discard[:n] == last:
            if len(discard) == n:
                return counts
            tail = discard[n:]  # the counts are only ever copied out: grow them in place
        else:
            counts = bytearray(len(self.cards))
            tail = discard
        spot = self._played_spot
        for card in tail:
            counts[spot[card.index]] += 1
        self._played_cache = (discard, counts)
        return counts

    def encode(self, view: dict[str, Any], offer: bool = False) -> NDArray[np.float32]:
        """The vector of ``view`` (a ``game.view(seat)``); ``offer``: is the seat being
        offered an out-of-turn action (``Decision.optional``)?"""
        s = self._starts
        index = self.card_index
        d = len(self.cards)
        # every count and one-hot entry is a sum of ones: gather their positions, count once
        hand = s["hand"]
        units = [hand + index[code] for code in view["hand"]]
        if self.piles == 1:
            tops = [view["top"]]
            colors = [view["color"]]
            discards = view["discard"]
        else:
            tops = view["tops"]
            colors = view["colors"]
            discards = [c for pile in view["piles"] for c in pile] + view["set_aside"]
        for pile, (top, color) in enumerate(zip(tops, colors, strict=True)):
            units.append(s["top"] + pile * d + index[top])
            if color is not None:
                units.append(s["color"] + pile * 4 + _COLOR_INDEX[color])
        drawn = view.get("drawn")
        if drawn is not None:
            units.append(s["drawn"] + index[drawn])
        units.append(s["seat"] + view["seat"])
        to_play = view["to_play"]
        if to_play is not None:
            units.append(s["to_play"] + to_play)
        said = s["uno_said"]
        units += [said + seat for seat in view["uno_said"]]
        exposed = s["uno_exposed"]
        units += [exposed + seat for seat in view["uno_exposed"]]
        if view["direction"] == 1:
            units.append(s["direction"])
        pending = view["pending"]
        if pending is not None:
            base = s["pending"]
            kind = pending.get("kind")
            if kind == "+2":
                units.append(base + 1)
            elif kind == "W+4":
                units.append(base + 2)
            if pending.get("challengeable"):
                units.append(base + 3)
        phase = self._phase_index.get(view["phase"])
        if phase is not None:
            units.append(s["phase"] + phase)
        if offer:
            units.append(s["offer"])
        out = np.bincount(units, minlength=self.size).astype(np.float32)
        out[self.slices["played"]] = self._played_codes(discards)
        out[self.slices["hand_sizes"]] = view["hand_sizes"]
        if pending is not None:
            out[s["pending"]] = pending.get("cards", pending.get("give", 0))
        out[s["draw_size"]] = view["draw_size"]
        game = self.rules.game
        if game == "triple-play":
            self._triple_play(out, view)
        elif game == "party":
            self._party(out, view)
        return out

    def _played_codes(self, discards: list[str]) -> NDArray[np.float32]:
        """Counts by card of the discard pile(s). Piles mostly grow by one card a step, so
        the counts of the last pile seen are reused when it is a prefix of this one (checked:
        the result is always the pile's own counts)."""
        last, counts = self._last_played
        n = len(last)
        if len(discards) >= n and discards[:n] == last:
            if len(discards) == n:
                return counts
            counts = counts.copy()
            tail = discards[n:]
        else:
            counts = np.zeros(len(self.cards), dtype=np.float32)
            tail = discards
        index = self.card_index
        for code in tail:
            counts[index[code]] += 1.0
        self._last_played = (list(discards), counts)
        return counts

    def _triple_play(self, out: NDArray[np.float32], view: dict[str, Any]) -> None:
        base = self.slices["variant"].start
        for pile in view["lit"]:
            out[base + pile - 1] = 1.0
        for i, light in enumerate(view["lights"]):
            out[base + 3 + i * 3 + _LIGHTS[light]] = 1.0
        out[base + 12 : base + 15] = view["counters"]

    def _party(self, out: NDArray[np.float32], view: dict[str, Any]) -> None:
        base = self.slices["variant"].start
        p = self.players
        _ones(out, base, view.get("link") or ())
        index = self.card_index
        for code in view.get("mini_pile", ()):
            out[base + p + index[code]] += 1.0
        color = view.get("mini_color")
        d = len(self.cards)
        if color is not None:
            out[base + p + d + _COLOR_INDEX[color]] = 1.0
        pointing = view.get("pointing")
        if pointing:
            _ones(out, base + p + d + 4, pointing.get("chosen", ()))

    def field(self, vector: NDArray[np.float32], name: str) -> NDArray[np.float32]:
        """One field of an observation vector, by name."""
        return vector[self.slices[name]]


def _ones(out: NDArray[np.float32], base: int, seats: Iterable[int]) -> None:
    for seat in seats:
        out[base + seat] = 1.0
