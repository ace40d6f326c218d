"""The observation: what one seat may know, as a flat vector of numbers.

Built only from ``game.view(seat)``, the engine's own redaction, so it cannot show what the
seat may not see (a test re-deals every hidden card and checks the observation does not
change), and a bot holding only a view computes exactly the same vector. The layout
(docs/envs.md, "Observations") depends only on the rules and the number of players. ``D`` is
the number of distinct cards of the deck (in card order), ``P`` the number of players, ``K``
the number of discard piles (3 in Triple Play, else 1):

===============  =======  ===========================================================
field            size     meaning
===============  =======  ===========================================================
``hand``         D        own hand: how many of each card
``top``          K*D      the top card of each discard pile (one-hot a pile)
``color``        K*4      the colour in play on each pile, R Y G B (0s while unnamed)
``drawn``        D        the card just drawn, which alone may now be played (one-hot)
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

from unokit.cards import COLORS, Card
from unokit.game import PHASES
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
        out[self.slices["played"]] = self._played(discards)
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

    def _played(self, discards: list[str]) -> NDArray[np.float32]:
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
