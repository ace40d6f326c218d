"""Per-seat views of a Triple Play round: three piles, the lights, never a threshold.

Everything on the table is shown (the piles and the set-aside cards are face up; the
counters are the presses anyone can count; the lights and lit piles are on the unit). The
unit's hidden thresholds are not in the view, so two games that differ only in a threshold
or in cards a seat cannot see give that seat the same view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from unokit.tripleplay.game import TriplePlayGame

__all__ = ["build_view"]


def build_view(game: TriplePlayGame, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (``None``: a spectator, public information only)."""
    if seat is not None and not 0 <= seat < game.players:
        raise ValueError(f"there is no seat {seat} at this table of {game.players}")
    over = game.over
    timer = game.rules.timer
    view: dict[str, Any] = {
        "seat": seat,
        "rules": game.rules.name,
        "players": game.players,
        "active": list(game.active),
        "dealer": game.dealer,
        "to_play": game.to_play,
        "phase": game.phase,
        "direction": game.direction,
        "piles": [[c.code for c in p] for p in game._piles],
        "tops": [p[-1].code for p in game._piles],
        "colors": game.colors,
        "lit": sorted(game._lit),
        "lights": game.lights,
        "counters": game.counters,
        "set_aside": [c.code for c in game._set_aside],
        "draw_size": game.draw_size,
        "hand_sizes": game.hand_sizes(),
        "uno_said": sorted(game._said),
        "uno_exposed": sorted(game._exposed),
        "pending": {"give": game.give_pending} if game.give_pending else None,
        "timer": timer,
        "clock": None if timer is None else ("running" if game.clock_running else "paused"),
        "over": over,
        "winner": game.winner,
    }
    if seat is not None:
        view["hand"] = [c.code for c in game._hands[seat]]
        drawn = game._drawn
        view["drawn"] = drawn.code if drawn is not None and seat == game.to_play else None
        view["legal"] = [str(a) for a in game.legal_actions(seat)]
    if over:
        view["hands"] = [[c.code for c in h] for h in game._hands]
        view["round_points"] = game.round_points()
    return view
