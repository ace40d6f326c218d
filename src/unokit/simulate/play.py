"""Playing games of a simulation: one game, and a chunk of games counted into a ``Tally``.

Everything here is a function of the simulation and the game numbers only, which is what
lets any backend run any chunk.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from unokit.bots import BotError, make_bot, play_game
from unokit.game import Game
from unokit.simulate.seeds import bot_seed, game_seed, seating
from unokit.simulate.spec import Simulation
from unokit.simulate.tally import Tally
from unokit.turns import UnfinishedError

__all__ = ["GameBotError", "GameOutcome", "play_chunk", "play_chunk_json", "play_one"]


class GameBotError(BotError):
    """A bot failed in game ``index`` of a run (the message names the game, its seed, the
    bot and what it sent). ``done`` holds the tally (as JSON) of the games of the same chunk
    finished before it, so a run keeps every finished game. Pickles for worker processes."""

    def __init__(self, message: str, done: dict[str, Any] | None = None) -> None:
        super().__init__(message, done)
        self.message = message
        self.done = done

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class GameOutcome:
    """One game: who sat where, who won, the points and the length."""

    index: int
    seed: int
    seats: tuple[int, ...]
    """``seats[seat]``: the entry of the bot list at that seat."""
    winner: int | None
    """The winning seat (``None``: a round without a winner, or unfinished)."""
    points: tuple[int, ...]
    actions: int
    first: int
    """The seat that acted first."""
    unfinished: bool = False
    """Still in play after the simulation's ``max_actions``: cut short, not a result."""


def play_one(sim: Simulation, index: int) -> GameOutcome:
    """Deal game ``index`` of ``sim`` and let its bots play it out."""
    seed = game_seed(sim.seed, index)
    seats = seating(index, sim.players)
    bots = [make_bot(sim.bots[entry], seed=bot_seed(seed, entry)) for entry in seats]
    try:
        game = Game.new(sim.rules, players=sim.players, seed=seed)
        with suppress(UnfinishedError):  # the simulation's bound, not a rule of the game
            play_game(game, bots, max_actions=sim.max_actions)
    except BotError as err:
        raise GameBotError(f"game {index} (seed {seed}): {err}") from None
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
        unfinished=not game.over,
    )


def play_chunk(sim: Simulation, start: int, stop: int) -> Tally:
    """Play games ``start .. stop-1`` and count them."""
    tally = Tally(sim.players)
    for index in range(start, stop):
        try:
            outcome = play_one(sim, index)
        except GameBotError as err:
            raise GameBotError(err.message, tally.to_json()) from None
        tally.games += 1
        tally.actions += outcome.actions
        for seat, entry in enumerate(outcome.seats):
            tally.points[entry] += outcome.points[seat]
        if outcome.unfinished:
            tally.unfinished += 1
        elif outcome.winner is None:
            tally.blocked += 1
        else:
            tally.wins[outcome.seats[outcome.winner]] += 1
            if outcome.winner == outcome.first:
                tally.first_wins += 1
    return tally


def play_chunk_json(sim: dict[str, Any], start: int, stop: int) -> dict[str, Any]:
    """``play_chunk`` with JSON in and out: what a worker process or a Ray task runs."""
    return play_chunk(Simulation.from_json(sim), start, stop).to_json()
