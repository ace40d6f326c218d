"""Positions for the Triple Play scenario tests: ``arrange(...)`` with a scripted unit."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pytest

from unokit import Rules
from unokit.tripleplay import TriplePlayGame, UnitModel, UnitScript

Arrange = Callable[..., TriplePlayGame]


def _arrange(
    hands: Sequence[Sequence[str]],
    piles: Sequence[Sequence[str]] = (["R5"], ["G5"], ["B5"]),
    *,
    draw: Sequence[str] = ("Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8", "Y9"),
    lit: Iterable[int] = (1, 2, 3),
    counters: Sequence[int] = (0, 0, 0),
    thresholds: Sequence[int] = (14, 14, 14),
    lights: Iterable[Iterable[int]] = (),
    next_thresholds: Iterable[int] = (),
    draws: Iterable[int] = (),
    unit: UnitModel | None = None,
    timer: float | None = None,
    **more: Any,
) -> TriplePlayGame:
    rules = Rules.preset("triple-play", timer=timer)
    return TriplePlayGame.arranged(
        rules,
        hands=hands,
        piles=piles,
        draw=draw,
        lit=lit,
        counters=counters,
        thresholds=thresholds,
        unit=unit,
        script=UnitScript.of(lights=lights, thresholds=next_thresholds, draws=draws),
        **more,
    )


@pytest.fixture
def arrange() -> Arrange:
    """``arrange(hands, piles, draw=, lit=, counters=, thresholds=, lights=[next turns' lit
    piles], next_thresholds=, draws=[overload numbers], timer=)``: a Triple Play position
    whose unit does exactly what the test says."""
    return _arrange
