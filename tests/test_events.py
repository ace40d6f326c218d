"""Events are immutable values, compiled (setup.py) or not."""

from __future__ import annotations

import copy
import pickle

import pytest

from unokit import Card
from unokit.events import Event


def _draw() -> Event:
    return Event("draw", 2, (Card.parse("R5"),), 1, reason="turn", audience=(2,))


def test_events_are_immutable() -> None:
    event = _draw()
    with pytest.raises(AttributeError):
        event.seat = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        event.cards = ()  # type: ignore[misc]
    assert event.seat == 2


def test_events_are_values() -> None:
    assert _draw() == _draw()
    assert hash(_draw()) == hash(_draw())
    assert _draw() != Event("draw", 2, (Card.parse("R5"),), 1, reason="turn")
    assert pickle.loads(pickle.dumps(_draw())) == _draw()
    assert copy.deepcopy(_draw()) == _draw()
    assert Event.from_json(_draw().to_json()) == _draw()


def test_repr_shows_the_fields_that_are_set() -> None:
    assert repr(Event("pass", 1)) == "Event(type='pass', seat=1)"
    assert "audience=(2,)" in repr(_draw())


def test_for_seat_removes_the_cards_for_everyone_else() -> None:
    event = _draw()
    assert event.for_seat(2) is event
    for seat in (0, 1, 3, None):
        other = event.for_seat(seat)
        assert other.cards == () and other.audience is None
        assert (other.type, other.seat, other.count, other.reason) == ("draw", 2, 1, "turn")
