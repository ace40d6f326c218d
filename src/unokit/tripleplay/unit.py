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
from dataclasses import dataclass, field
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
        return {
            "lit_weights": list(self.lit_weights),
            "threshold_min": self.threshold_min,
            "threshold_max": self.threshold_max,
            "red_within": self.red_within,
            "yellow_within": self.yellow_within,
            "draw_min": self.draw_min,
            "draw_max": self.draw_max,
            "trim_at": self.trim_at,
        }

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickled by its JSON (compiled, a frozen dataclass cannot restore its own fields)."""
        return (_model_from, (self.to_json(),))

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


def _model_from(data: dict[str, Any]) -> UnitModel:
    return UnitModel.from_json(data)


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


def _lit_tables() -> tuple[list[int], list[tuple[int, ...]]]:
    """For each order the shuffle can leave the piles in (``a * 16 + b * 4 + c``) and each
    count lit, the lit piles as a bit mask; and each mask's piles in pile order."""
    masks = [0] * 64 * 3
    for a in PILES:
        for b in PILES:
            for c in PILES:
                for n in (1, 2, 3):
                    mask = 0
                    for p in (a, b, c)[:n]:
                        mask |= 1 << (p - 1)
                    masks[(a * 16 + b * 4 + c) * 3 + n - 1] = mask
    piles = [tuple(p for p in PILES if m >> (p - 1) & 1) for m in range(8)]
    return masks, piles


_LIT_MASKS: Final = _lit_tables()[0]
LIT_PILES: Final = _lit_tables()[1]
"""``LIT_PILES[mask]``: the lit piles of a mask (bit 0 is pile 1), in pile order."""


class Unit:
    """The unit's state: counters, hidden thresholds, and what the lights revealed.

    The state is one list of twelve integers (each pile's counter, threshold, and the low
    and high bounds the lights revealed), so a copy is one list copy; the model's numbers
    are kept in integer fields too (``_red``, ``_yellow``...): the unit is consulted on every
    action, and reading them off the frozen model each time cost more than the arithmetic."""

    __slots__ = (
        "_dmin",
        "_dspan",
        "_red",
        "_script",
        "_state",
        "_tmax",
        "_tmin",
        "_weights",
        "_wtotal",
        "_yellow",
        "model",
        "trim_at",
    )

    model: UnitModel
    trim_at: int
    """The model's ``trim_at``: the pile size at which a pile is trimmed."""
    _state: list[int]
    """``counter, threshold, low, high`` of pile 1, then of pile 2, then of pile 3."""
    _script: UnitScript | None
    """The scripted decisions still to come; ``None`` when there are none left to make."""
    _red: int
    _yellow: int
    _tmin: int
    _tmax: int
    _dmin: int
    _dspan: int
    _weights: tuple[int, int, int]
    _wtotal: int

    def __init__(self, model: UnitModel, script: UnitScript | None = None) -> None:
        self.model = model
        self._red = model.red_within
        self._yellow = model.red_within + model.yellow_within
        tmin = self._tmin = model.threshold_min
        tmax = self._tmax = model.threshold_max
        self._dmin = model.draw_min
        self._dspan = model.draw_max - model.draw_min + 1
        self._weights = model.lit_weights
        self._wtotal = sum(model.lit_weights)
        self.trim_at = model.trim_at
        self._state = [0, tmin, tmin, tmax] * 3
        self._script = script.copy() if script else None

    def counter(self, pile: int) -> int:
        """The presses on ``pile`` since its last reset."""
        return self._state[4 * (pile - 1)]

    @property
    def counters(self) -> list[int]:
        """Each pile's presses since its last reset."""
        return self._state[0::4]

    @property
    def thresholds(self) -> list[int]:
        """Hidden: never in a view, a seat's record or an event."""
        return self._state[1::4]

    @property
    def low(self) -> list[int]:
        """The least threshold of each pile still consistent with every light shown."""
        return self._state[2::4]

    @property
    def high(self) -> list[int]:
        """The greatest threshold of each pile still consistent with every light shown."""
        return self._state[3::4]

    @property
    def script(self) -> UnitScript:
        """The unit's scripted decisions still to come (a copy)."""
        script = self._script
        return script.copy() if script is not None else UnitScript()

    def copy(self) -> Unit:
        twin = Unit(self.model)
        twin._state = self._state[:]
        script = self._script
        if script is not None:
            twin._script = script.copy()
        return twin

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickling (a search bot's worker processes): compiled, a ``Unit`` cannot be made
        without its model, so it is rebuilt from its model, state and script."""
        return (_unit_from, (self.model, self._state[:], self._script))

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
        state: list[int] = []
        for c, t in zip(counters, thresholds, strict=True):
            state += [int(c), int(t), self._tmin, self._tmax]
        self._state = state
        for pile in PILES:
            self._observe(pile)

    # -- decisions ------------------------------------------------------------------------
    def choose_lit(self, rng: Random) -> frozenset[int]:
        """The piles lit for the next turn."""
        return frozenset(LIT_PILES[self.pick_lit(rng)])

    def pick_lit(self, rng: Random) -> int:
        """The piles lit for the next turn as a bit mask (bit 0 is pile 1): ``choose_lit``'s
        decision, drawing the same numbers."""
        script = self._script
        if script is not None and script.lights:
            mask = 0
            for p in script.lights.pop(0):
                mask |= 1 << (p - 1)
            self._spent()
            return mask
        weights = self._weights
        pick = rng.below(self._wtotal)
        n = 1
        while pick >= weights[n - 1]:
            pick -= weights[n - 1]
            n += 1
        # rng.shuffle([1, 2, 3]), unrolled: Fisher-Yates from the end
        order = [1, 2, 3]
        j = rng.below(3)
        order[2], order[j] = order[j], order[2]
        j = rng.below(2)
        order[1], order[j] = order[j], order[1]
        return _LIT_MASKS[(order[0] * 16 + order[1] * 4 + order[2]) * 3 + n - 1]

    def _spent(self) -> None:
        script = self._script
        if script is not None and not script:
            self._script = None

    def press(self, pile: int, rng: Random) -> int | None:
        """Count one press on ``pile``; the number of cards to draw if it overloads."""
        i = 4 * (pile - 1)
        state = self._state
        counter = state[i] + 1
        state[i] = counter
        if counter < state[i + 1]:
            self._observe(pile)
            return None
        script = self._script
        if script is not None and script.draws:
            shown = script.draws.pop(0)
            self._spent()
        else:
            shown = self._dmin + rng.below(self._dspan)
        self.reset(pile, rng)
        return shown

    def reset(self, pile: int, rng: Random) -> None:
        """Counter back to 0, light back to green, a new hidden threshold."""
        i = 4 * (pile - 1)
        script = self._script
        if script is not None and script.thresholds:
            threshold = script.thresholds.pop(0)
            self._spent()
        else:
            threshold = self._tmin + rng.below(self._tmax - self._tmin + 1)
        state = self._state
        state[i] = 0
        state[i + 1] = threshold
        state[i + 2] = self._tmin
        state[i + 3] = self._tmax

    def light(self, pile: int) -> str:
        i = 4 * (pile - 1)
        state = self._state
        counter = state[i]
        if counter == 0:
            return GREEN
        left = state[i + 1] - counter
        if left <= self._red:
            return RED
        if left <= self._yellow:
            return YELLOW
        return GREEN

    def lights(self) -> list[str]:
        return [self.light(p) for p in PILES]

    def _observe(self, pile: int) -> None:
        """Narrow the public bounds on the threshold by the light now shown."""
        i = 4 * (pile - 1)
        state = self._state
        c = state[i]
        if c == 0:  # a reset pile is green whatever its threshold: it tells nothing
            return
        red = self._red
        yellow = self._yellow
        left = state[i + 1] - c
        low, high = max(state[i + 2], c + 1), state[i + 3]
        if left <= red:
            high = min(high, c + red)
        elif left <= yellow:
            low, high = max(low, c + red + 1), min(high, c + yellow)
        else:
            low = max(low, c + yellow + 1)
        state[i + 2] = low
        state[i + 3] = high

    def forget(self, rng: Random) -> None:
        """Redraw every hidden threshold among those the lights still allow, and drop the
        script: a determinization for search, in which nothing hidden is kept."""
        state = self._state
        for i in (0, 4, 8):
            state[i + 1] = state[i + 2] + rng.below(state[i + 3] - state[i + 2] + 1)
        self._script = None


def _unit_from(model: UnitModel, state: list[int], script: UnitScript | None) -> Unit:
    unit = Unit(model)
    unit._state = state
    unit._script = script
    return unit
