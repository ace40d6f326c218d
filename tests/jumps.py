"""Two out-of-turn plays the narrators tell in their own words, shared by the tests of every
surface that tells them (the terminal, `unokit replay`, the replay page)."""

from __future__ import annotations

from unokit import Event, Game, Rules
from unokit.party import PartyGame


def a_speed_play() -> tuple[Game, list[Event]]:
    """UNO Party!: Bea plays the green 5, and Ann (seat 0), holding the same card, speed-plays
    it; the game and the speed play's events."""
    game = PartyGame.arranged(
        Rules.preset("party"),
        hands=[["G5", "R2"], ["G5", "B3"], ["R1", "B5"]],
        discard=["G4"],
        draw=["Y1", "Y2", "Y3", "Y4"],
        to_play=1,
    )
    game.apply("play G5", 1)
    return game, game.apply("jump G5", 0)


def a_jump_over_a_draw_two() -> tuple[Game, list[Event]]:
    """Jump-In: Bea plays the green Draw Two, and Cal (seat 2) jumps in with his, cancelling
    hers; the game and the jump's events (the engine logs the cancel first)."""
    game = Game.arranged(
        Rules.preset("mattel-2021", jump_in=True),
        hands=[["R1", "R2"], ["G+2", "B3"], ["G+2", "B5"]],
        discard=["G4"],
        draw=["Y1", "Y2", "Y3", "Y4"],
        to_play=1,
    )
    game.apply("play G+2", 1)
    return game, game.apply("jump G+2", 2)
