"""Who acts next when actors take turns one at a time (SPEC.md, "One actor at a time").

After each action, every seat other than ``to_play`` that has out-of-turn actions (``uno``,
``catch``, ``jump``) is offered them once, in seat order starting after the seat that acted,
and may act or let it go; then ``to_play`` acts. Simulators, bots and learning environments
use this order; a server takes actions in the order they arrive instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from unokit.actions import Action
from unokit.events import Event
from unokit.game import Game
from unokit.rng import Random

__all__ = ["Chooser", "UnfinishedError", "offers", "play_out", "random_chooser"]


class UnfinishedError(RuntimeError):
    """The round was still in play at the harness's bound on actions: cut short, which is
    not a rule of the game (a bot's own failure is a ``BotError``, never this)."""


Chooser = Callable[[Game, int, list[Action], bool], Action | None]
"""``chooser(game, seat, legal, out_of_turn)`` returns an action, or ``None`` to let an
out-of-turn offer go (it must return an action when ``out_of_turn`` is False)."""


def offers(game: Game, acted: int) -> list[int]:
    """The seats other than ``to_play`` with out-of-turn actions, in the order they are asked."""
    if not game.out_of_turn_possible():
        return []
    n = game.players
    to_play = game.to_play
    seats = []
    for i in range(1, n + 1):
        seat = (acted + i) % n
        if seat != to_play and game.legal_actions(seat):
            seats.append(seat)
    return seats


def play_out(
    game: Game, chooser: Chooser, *, max_actions: int = 1_000_000
) -> Iterator[tuple[int, Action, list[Event]]]:
    """Play ``game`` to its end, yielding ``(seat, action, events)`` for every action."""
    acted: int | None = None
    for _ in range(max_actions):
        if game.over:
            return
        if acted is not None:
            for seat in offers(game, acted):
                legal = game.legal_actions(seat)
                if not legal:  # an earlier offer closed this one
                    continue
                choice = chooser(game, seat, legal, True)
                if choice is not None:
                    yield seat, choice, game.apply(choice, seat)
                    if game.over:
                        return
        player = game.to_play
        if player is None:
            return
        choice = chooser(game, player, game.legal_actions(player), False)
        if choice is None:
            raise ValueError("the seat to play must choose an action")
        yield player, choice, game.apply(choice, player)
        acted = player
    if not game.over:  # the round may end on the last action allowed
        raise UnfinishedError(f"the game did not end within {max_actions} actions")


def random_chooser(rng: Random, out_of_turn: float = 0.5) -> Chooser:
    """Uniformly random legal actions; out-of-turn offers are taken with probability
    ``out_of_turn``. Seeded by the project's generator, so a demo replays."""
    scale = 1 << 32
    threshold = int(out_of_turn * scale)

    def choose(game: Game, seat: int, legal: list[Action], optional: bool) -> Action | None:
        if optional and rng.next32() >= threshold:
            return None
        return legal[rng.below(len(legal))]

    return choose
