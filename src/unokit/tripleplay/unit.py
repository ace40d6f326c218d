"""The Triple Play electronic unit, emulated: lit piles, card counters, lights, overloads.

The real unit's thresholds and probabilities are not published, so this is a model with
every number a documented field of ``UnitModel`` (docs/rules-triple-play.md, "The unit
model"). The unit draws its decisions from the game's own seeded generator, so a seed
replays every light and overload; a ``UnitScript`` lets a test (or a table standing in for
a broken unit) dictate the next decisions instead.

Each pile has a counter (presses since its last reset) and a hidden threshold: the press
that brings the counter to the threshold overloads the pile. The light shows how close that
is (green, yellow, red), and is all a player learns about the threshold; ``Unit`` keeps the
bounds the lights have revealed so that a determinization (``forget``) redraws thresholds
that show the same lights.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Final

from unokit.rng import Random

__all__ = ["GREEN", "LIGHTS", "PILES", "RED", "YELLOW", "Unit", "UnitModel", "UnitScript"]

PILES: Final = (1, 2, 3)
"""The unit's three Discard Pile Spaces, ``@1`` to ``@3``."""
GREEN: Final = "G"
YELLOW: Final = "Y"
RED: Final = "R"
LIGHTS: Final = {GREEN: "green", YELLOW: "yellow", RED: "red"}
"""'the Card Counter light will change from GREEN (safe), to YELLOW (caution), to RED (close
to OVERLOAD)'."""


@dataclass(frozen=True, slots=True, kw_only=True)
class UnitModel:
    """The numbers of our model of the unit (none of them is published by Mattel)."""

    lit_weights: tuple[int, int, int] = (1, 2, 1)
    """Relative chances of lighting 1, 2 or 3 piles for a turn; which piles are lit is then
    uniform. 'on one turn all three piles may be lit up, on the next turn there may be only
    two lit up and so on'."""
    threshold_min: int = 4
    threshold_max: int = 14
    """A pile's hidden threshold is uniform in ``threshold_min..threshold_max`` presses,
    drawn afresh at the start and after every overload or Wild Clear."""
    red_within: int = 2
    """After the first press the light is red while at most this many presses remain
    before the overload."""
    yellow_within: int = 3
    """Yellow while at most ``red_within + yellow_within`` remain; green otherwise. At
    counter 0 the light is always green: 'All the Card Counter lights will flash GREEN' at
    the start, and after a Wild Clear 'its light will go back to green'."""
    draw_min: int = 1
    draw_max: int = 4
    """The number an overload shows is uniform in ``draw_min..draw_max``: 'anywhere
    between 1-4 cards'."""
    trim_at: int = 20
    """'after a Discard Pile has approximately 20 cards on it, remove those cards, returning
    only the top card'."""

    def __post_init__(self) -> None:
        weights = self.lit_weights
        if len(weights) != 3 or any(not _whole(w) or w < 0 for w in weights) or not any(weights):
            raise ValueError("lit_weights are three whole numbers >= 0, not all 0")
        for name in ("threshold_min", "threshold_max", "draw_min", "draw_max", "trim_at"):
            if not _whole(getattr(self, name)):
                raise ValueError(f"{name} must be a whole number")
        if not 1 <= self.threshold_min <= self.threshold_max:
            raise ValueError("thresholds need 1 <= threshold_min <= threshold_max")
        if not _whole(self.red_within) or not _whole(self.yellow_within):
            raise ValueError("red_within and yellow_within must be whole numbers")
        if self.red_within < 0 or self.yellow_within < 0:
            raise ValueError("red_within and yellow_within cannot be negative")
        if not 1 <= self.draw_min <= self.draw_max <= 4:
            raise ValueError(
                "an overload shows draw_min..draw_max cards, 1 <= min <= max <= 4 "
                "(the Center Display: 'anywhere between 1-4 cards')"
            )
        if self.trim_at < 2:
            raise ValueError("trim_at must be at least 2 (the top card stays)")

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["lit_weights"] = list(self.lit_weights)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> UnitModel:
        values = dict(data)
        if "lit_weights" in values:
            values["lit_weights"] = tuple(values["lit_weights"])
        return cls(**values)

    def light(self, counter: int, threshold: int) -> str:
        """The light of a pile ``threshold - counter`` presses from its overload: green at
        counter 0 (a reset pile), then by the presses left."""
        if counter == 0:
            return GREEN
        left = threshold - counter
        if left <= self.red_within:
            return RED
        if left <= self.red_within + self.yellow_within:
            return YELLOW
        return GREEN


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(slots=True, kw_only=True)
class UnitScript:
    """Decisions the unit makes next, in order, before it falls back to its generator:
    for tests, and for a table whose real unit decides."""

    lights: list[frozenset[int]] = field(default_factory=list)
    """The lit piles of the coming turns."""
    thresholds: list[int] = field(default_factory=list)
    """The thresholds drawn at the coming resets (after an overload or a Wild Clear)."""
    draws: list[int] = field(default_factory=list)
    """The numbers the coming overloads show."""

    @classmethod
    def of(
        cls,
        lights: Iterable[Iterable[int]] = (),
        thresholds: Iterable[int] = (),
        draws: Iterable[int] = (),
    ) -> UnitScript:
        return cls(
            lights=[frozenset(x) for x in lights],
            thresholds=list(thresholds),
            draws=list(draws),
        )

    def copy(self) -> UnitScript:
        return UnitScript(
            lights=list(self.lights), thresholds=list(self.thresholds), draws=list(self.draws)
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "lights": [sorted(x) for x in self.lights],
            "thresholds": list(self.thresholds),
            "draws": list(self.draws),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> UnitScript:
        return cls.of(data.get("lights", ()), data.get("thresholds", ()), data.get("draws", ()))

    def __bool__(self) -> bool:
        return bool(self.lights or self.thresholds or self.draws)


def check_lit(lit: Iterable[int]) -> frozenset[int]:
    """Lit piles as given by a test or a table: one to three of 1, 2, 3."""
    piles = frozenset(lit)
    if not piles or not piles <= set(PILES):
        raise ValueError(f"lit piles are one to three of 1, 2, 3, not {sorted(piles)}")
    return piles


class Unit:
    """The unit's state: counters, hidden thresholds, and what the lights revealed."""

    __slots__ = ("counters", "high", "low", "model", "script", "thresholds")

    model: UnitModel
    counters: list[int]
    thresholds: list[int]
    """Hidden: never in a view, a seat's record or an event."""
    low: list[int]
    high: list[int]
    """The least and greatest threshold still consistent with every light shown."""
    script: UnitScript

    def __init__(self, model: UnitModel, script: UnitScript | None = None) -> None:
        self.model = model
        self.counters = [0, 0, 0]
        self.thresholds = [model.threshold_min] * 3
        self.low = [model.threshold_min] * 3
        self.high = [model.threshold_max] * 3
        self.script = script.copy() if script is not None else UnitScript()

    def copy(self) -> Unit:
        twin = Unit.__new__(Unit)
        twin.model = self.model
        twin.counters = self.counters[:]
        twin.thresholds = self.thresholds[:]
        twin.low = self.low[:]
        twin.high = self.high[:]
        twin.script = self.script.copy()
        return twin

    # -- set-up ---------------------------------------------------------------------------
    def start(self, rng: Random) -> None:
        """'All the Card Counter lights will flash GREEN': every counter at 0."""
        for pile in PILES:
            self.reset(pile, rng)

    def place(self, counters: Sequence[int], thresholds: Sequence[int]) -> None:
        """Set counters and thresholds as a test or a table says (checked against the model)."""
        model = self.model
        if len(counters) != 3 or len(thresholds) != 3:
            raise ValueError("give three counters and three thresholds, one a pile")
        for pile, (c, t) in enumerate(zip(counters, thresholds, strict=True), 1):
            if not _whole(c) or not _whole(t) or not 0 <= c < t:
                raise ValueError(f"pile {pile}: need 0 <= counter < threshold, got {c} and {t}")
            if not model.threshold_min <= t <= model.threshold_max:
                raise ValueError(
                    f"pile {pile}: the threshold {t} is outside the model's "
                    f"{model.threshold_min}..{model.threshold_max}"
                )
        self.counters = list(counters)
        self.thresholds = list(thresholds)
        self.low = [model.threshold_min] * 3
        self.high = [model.threshold_max] * 3
        for pile in PILES:
            self._observe(pile)

    # -- decisions ------------------------------------------------------------------------
    def choose_lit(self, rng: Random) -> frozenset[int]:
        """The piles lit for the next turn."""
        if self.script.lights:
            return self.script.lights.pop(0)
        weights = self.model.lit_weights
        pick = rng.below(sum(weights))
        n = 1
        while pick >= weights[n - 1]:
            pick -= weights[n - 1]
            n += 1
        piles = list(PILES)
        rng.shuffle(piles)
        return frozenset(piles[:n])

    def press(self, pile: int, rng: Random) -> int | None:
        """Count one press on ``pile``; the number of cards to draw if it overloads."""
        i = pile - 1
        self.counters[i] += 1
        if self.counters[i] < self.thresholds[i]:
            self._observe(pile)
            return None
        if self.script.draws:
            shown = self.script.draws.pop(0)
        else:
            model = self.model
            shown = model.draw_min + rng.below(model.draw_max - model.draw_min + 1)
        self.reset(pile, rng)
        return shown

    def reset(self, pile: int, rng: Random) -> None:
        """Counter back to 0, light back to green, a new hidden threshold."""
        i = pile - 1
        model = self.model
        if self.script.thresholds:
            threshold = self.script.thresholds.pop(0)
        else:
            threshold = model.threshold_min + rng.below(
                model.threshold_max - model.threshold_min + 1
            )
        self.counters[i] = 0
        self.thresholds[i] = threshold
        self.low[i] = model.threshold_min
        self.high[i] = model.threshold_max
        self._observe(pile)

    def light(self, pile: int) -> str:
        i = pile - 1
        return self.model.light(self.counters[i], self.thresholds[i])

    def lights(self) -> list[str]:
        return [self.light(p) for p in PILES]

    def _observe(self, pile: int) -> None:
        """Narrow the public bounds on the threshold by the light now shown."""
        i = pile - 1
        c = self.counters[i]
        if c == 0:  # a reset pile is green whatever its threshold: it tells nothing
            return
        red = self.model.red_within
        yellow = red + self.model.yellow_within
        shown = self.light(pile)
        low, high = max(self.low[i], c + 1), self.high[i]
        if shown == RED:
            high = min(high, c + red)
        elif shown == YELLOW:
            low, high = max(low, c + red + 1), min(high, c + yellow)
        else:
            low = max(low, c + yellow + 1)
        self.low[i], self.high[i] = low, high

    def forget(self, rng: Random) -> None:
        """Redraw every hidden threshold among those the lights still allow, and drop the
        script: a determinization for search, in which nothing hidden is kept."""
        for i in range(3):
            self.thresholds[i] = self.low[i] + rng.below(self.high[i] - self.low[i] + 1)
        self.script = UnitScript()
