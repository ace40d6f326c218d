"""Invariant checks any engine of unokit must pass, for the project's and users' tests.

``check_position`` runs after every action of the property tests of every preset: cards are
conserved, the seat to play can act, views hide what they must. ``check_replay`` compares a
game with its replayed record and its clone.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from unokit.actions import Action
from unokit.cards import Card
from unokit.errors import IllegalAction
from unokit.game import Game
from unokit.rng import Random

__all__ = [
    "check_events_redacted",
    "check_illegal_is_refused",
    "check_position",
    "check_replay",
    "snapshot",
]


def snapshot(game: Game, *, full: bool = True) -> str:
    """Everything observable about ``game``, as one string, for equality checks
    (``full=False``: the state and the log's length instead of the whole record)."""
    state: dict[str, Any] = {
        "hands": [[c.code for c in game.hand(s)] for s in range(game.players)],
        "draw": [c.code for c in game.draw_pile],
        "views": [game.view(s) for s in range(game.players)] + [game.view(None)],
        "log": len(game.log),
        "actions": len(game.actions),
    }
    if full:
        state["record"] = game.record()
    return json.dumps(state, sort_keys=True)


def check_position(game: Game, deck: Counter[Card], rng: Random) -> None:
    """Every card accounted for; ``to_play`` has a legal action; views hide hidden cards."""
    now = Counter(game.all_cards())
    assert now == deck, f"cards not accounted for: +{now - deck} -{deck - now}"
    if game.over:
        assert game.to_play is None
        assert all(not game.legal_actions(s) for s in range(game.players))
    else:
        assert game.to_play is not None
        assert game.legal_actions(game.to_play), "the seat to play has no legal action"
    seat = game.active[rng.below(len(game.active))]
    view = game.view(seat)
    if not game.over:  # at the end every hand is shown for scoring
        twin = game.resample(seat, rng.next32())
        assert twin.view(seat) == view, "a view changed when only cards it may not see changed"
    json.dumps(view)


def check_events_redacted(game: Game) -> None:
    """No seat's event stream carries a card outside that event's audience."""
    log = game.log
    for seat in [*range(game.players), None]:
        for original, seen in zip(log, game.events(seat), strict=True):
            if original.audience is not None and (seat is None or seat not in original.audience):
                assert not seen.cards, f"seat {seat} sees hidden cards in {original.type}"
            else:
                assert seen == original


_PROBES = [Action.parse(t) for t in (
    "play R5", "play W", "play W G", "play W+4 B", "play G9 uno", "draw", "pass", "accept",
    "challenge", "color G", "uno", "catch 0", "catch 1", "swap 1", "swap 0", "jump R5",
    "press @1", "take", "play WSH", "play Y+2", "play BS", "play GR",
)]  # fmt: skip


def check_illegal_is_refused(game: Game, rng: Random) -> None:
    """Actions outside the legal list raise IllegalAction and change nothing."""
    before = snapshot(game, full=False)
    for _ in range(3):
        seat = rng.below(game.players + 1)  # one seat past the table, too
        action = _PROBES[rng.below(len(_PROBES))]
        if seat < game.players and action in game.legal_actions(seat):
            continue
        try:
            game.apply(action, seat)
        except IllegalAction as err:
            assert str(err), "an IllegalAction must say why"
        else:
            raise AssertionError(f"{action} by seat {seat} was accepted but is not legal")
    assert snapshot(game, full=False) == before, "a refused action changed the game"


def check_replay(game: Game) -> None:
    """``Game.replay(record())`` rebuilds the same game, through JSON text."""
    record = json.loads(json.dumps(game.record()))
    again = Game.replay(record)
    assert snapshot(again) == snapshot(game)
