"""Per-seat views: what a seat may know, as JSON-ready dicts.

Views are built inside the engine and nothing else leaves it: the server and the terminal
render views, never the game. A view is a function of the game's state alone, so two games
that differ only in cards a seat cannot see give that seat the same view (a property test
checks this). Other hands appear as counts; once the round is over every hand is shown, as
players show their hands for scoring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from unokit.game import Game

__all__ = ["build_view"]


def build_view(game: Game, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (``None``: a spectator, public information only)."""
    if seat is not None and not 0 <= seat < game.players:
        raise ValueError(f"there is no seat {seat} at this table of {game.players}")
    over = game.over
    pending = None
    if game.pending:
        pending = {
            "cards": game.pending,
            "kind": game.pending_kind.value if game.pending_kind is not None else None,
            "challengeable": game.challengeable,
        }
    view: dict[str, Any] = {
        "seat": seat,
        "rules": game.rules.name,
        "players": game.players,
        "active": list(game.active),
        "dealer": game.dealer,
        "to_play": game.to_play,
        "phase": game.phase,
        "direction": game.direction,
        "top": game.top.code,
        "color": game.color,
        "discard": [c.code for c in game._discard],
        "draw_size": game.draw_size,
        "hand_sizes": game.hand_sizes(),
        "uno_said": sorted(game.uno_said),
        "uno_exposed": sorted(game.uno_exposed),
        "pending": pending,
        "teams": game.teams(),
        "over": over,
        "winner": game.winner,
    }
    if seat is not None:
        view["hand"] = [c.code for c in game._hands[seat]]
        view["drawn"] = game.drawn.code if game.drawn is not None and seat == game.to_play else None
        view["legal"] = [str(a) for a in game.legal_actions(seat)]
    if over:
        view["hands"] = [[c.code for c in h] for h in game._hands]
        view["round_points"] = game.round_points()
    return view
