"""Playing games of a simulation: one game, and a chunk of games counted into a ``Tally``.

Everything here is a function of the simulation and the game numbers only, which is what
lets any backend run any chunk.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from unokit.bots import make_bot, play_game
from unokit.game import Game
from unokit.simulate.seeds import bot_seed, game_seed, seating
from unokit.simulate.spec import Simulation
from unokit.simulate.tally import Tally

__all__ = ["GameOutcome", "play_chunk", "play_chunk_json", "play_one"]


@dataclass(frozen=True)
class GameOutcome:
    """One game: who sat where, who won, the points and the length."""

    index: int
    seed: int
    seats: tuple[int, ...]
    """``seats[seat]``: the entry of the bot list at that seat."""
    winner: int | None
    """The winning seat (``None``: a blocked round)."""
    points: tuple[int, ...]
    actions: int
    first: int
    """The seat that acted first."""


def play_one(sim: Simulation, index: int) -> GameOutcome:
    """Deal game ``index`` of ``sim`` and let its bots play it out."""
    seed = game_seed(sim.seed, index)
    seats = seating(index, sim.players)
    bots = [make_bot(sim.bots[entry], seed=bot_seed(seed, entry)) for entry in seats]
    try:
        game = Game.new(sim.rules, players=sim.players, seed=seed)
        play_game(game, bots, max_actions=sim.max_actions)
    finally:
        for bot in bots:
            bot.close()
    actions = game.actions
    return GameOutcome(
        index=index,
        seed=seed,
        seats=tuple(seats),
        winner=game.winner,
        points=tuple(game.round_points()),
        actions=len(actions),
        first=actions[0][0] if actions else 0,
    )


def play_chunk(sim: Simulation, start: int, stop: int) -> Tally:
    """Play games ``start .. stop-1`` and count them."""
    tally = Tally(sim.players)
    for index in range(start, stop):
        outcome = play_one(sim, index)
        tally.games += 1
        tally.actions += outcome.actions
        for seat, entry in enumerate(outcome.seats):
            tally.points[entry] += outcome.points[seat]
        if outcome.winner is None:
            tally.blocked += 1
        else:
            tally.wins[outcome.seats[outcome.winner]] += 1
            if outcome.winner == outcome.first:
                tally.first_wins += 1
    return tally


def play_chunk_json(sim: dict[str, Any], start: int, stop: int) -> dict[str, Any]:
    """``play_chunk`` with JSON in and out: what a worker process or a Ray task runs."""
    return play_chunk(Simulation.from_json(sim), start, stop).to_json()
