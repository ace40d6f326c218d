"""Bots around a table: play a game to its end in the one-actor-at-a-time order."""

from __future__ import annotations

from collections.abc import Sequence

from unokit.actions import Action
from unokit.bots.base import Bot, decide
from unokit.game import Game
from unokit.turns import play_out

__all__ = ["play_game"]


def play_game(game: Game, bots: Sequence[Bot], *, max_actions: int = 1_000_000) -> Game:
    """Let ``bots[seat]`` make every decision of ``seat`` until the round is over."""

    def chooser(game: Game, seat: int, legal: list[Action], optional: bool) -> Action | None:
        return bots[seat].choose(decide(game, seat, optional))

    for _ in play_out(game, chooser, max_actions=max_actions):
        pass
    return game
