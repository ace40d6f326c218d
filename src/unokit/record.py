"""Game records: versioned plain JSON that any program can read (docs/records.md).

A full record holds how the round was set up (seed or deck, or an arranged position), every
action with its seat, and every event; ``replay_game`` rebuilds the game by applying the
actions again and refuses a record whose events come out differently, so an engine change
can never replay a game silently into another one. ``record(seat)`` keeps only what that
seat saw and cannot be replayed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from unokit.errors import IllegalAction, RecordError
from unokit.rules import Rules

if TYPE_CHECKING:
    from unokit.game import Game

__all__ = ["GAME_FORMAT", "RECORD_VERSION", "SEAT_FORMAT", "game_record", "replay_game"]

GAME_FORMAT: Final = "unokit.game"
SEAT_FORMAT: Final = "unokit.game.seat"
RECORD_VERSION: Final = 1
"""Raised whenever the engine would replay an old record differently."""


def game_record(game: Game, seat: int | None = None) -> dict[str, Any]:
    """The full record (``seat=None``) or the record as ``seat`` saw it."""
    result = {"over": game.over, "winner": game.winner, "round_points": game.round_points()}
    record: dict[str, Any] = {
        "format": GAME_FORMAT if seat is None else SEAT_FORMAT,
        "version": RECORD_VERSION,
        "rules": game.rules.to_json(),
        "players": game.players,
    }
    if seat is None:
        record["origin"] = game._origin
    else:
        if not 0 <= seat < game.players:
            raise ValueError(f"there is no seat {seat} at this table of {game.players}")
        record["seat"] = seat
    record["actions"] = [[s, str(a)] for s, a in game._actions]
    if seat is None:
        record["events"] = [e.to_json() for e in game._log]
    else:
        record["events"] = [e.for_seat(seat).to_json() for e in game._log]
    record["result"] = result
    return record


def replay_game(
    engine: type[Game], record: dict[str, Any], step: Callable[[Game], None] | None = None
) -> Game:
    """Rebuild the game a full record describes, checking every event on the way;
    ``step(game)`` is called after the deal and after each action (the replay page draws
    every step).

    ``engine`` is the class whose ``new`` or ``arranged`` sets the round up (``Game``, which
    picks each variant's engine by its rules): passed in, so this module, which the game
    module imports, needs the game module for its types only.
    """
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    fmt = record.get("format")
    if fmt == SEAT_FORMAT:
        raise RecordError("this is one seat's record: it hides cards and cannot be replayed")
    if fmt != GAME_FORMAT:
        raise RecordError(f"not a unokit game record (format {fmt!r})")
    version = record.get("version")
    if version != RECORD_VERSION:
        raise RecordError(
            f"this record has format version {version!r}; this unokit reads version "
            f"{RECORD_VERSION} only, and would not replay it the same way"
        )
    try:
        rules = Rules.from_json(record["rules"])
        origin = record["origin"]
        if origin["how"] == "new":
            game = engine.new(
                rules,
                players=origin["players"],
                seed=origin["seed"],
                dealer=origin["dealer"],
                deck=origin["deck"],
                absent=origin.get("absent", ()),
            )
        elif origin["how"] == "arranged":
            game = engine.arranged(
                rules,
                hands=origin["hands"],
                discard=origin["discard"],
                draw=origin["draw"],
                to_play=origin["to_play"],
                direction=origin["direction"],
                color=origin["color"],
                dealer=origin["dealer"],
                seed=origin["seed"],
            )
        else:
            raise RecordError(f"unknown origin {origin['how']!r}")
        game._replay_extra(origin)
        actions = record["actions"]
        if step is not None:
            step(game)
    except (KeyError, TypeError, ValueError) as err:
        if isinstance(err, RecordError):
            raise
        raise RecordError(f"the record is malformed: {err!r}") from None
    for number, (seat, text) in enumerate(actions):
        try:
            game.apply(text, seat)
        except IllegalAction as err:
            raise RecordError(
                f"action {number} ({text!r} by seat {seat}) is not legal on replay: {err}"
            ) from None
        if step is not None:
            step(game)
    expected = record.get("events")
    if expected is not None:
        got = [e.to_json() for e in game._log]
        if got != expected:
            first = next(
                (i for i, (a, b) in enumerate(zip(got, expected, strict=False)) if a != b),
                min(len(got), len(expected)),
            )
            raise RecordError(
                f"the record replays differently from event {first} on: it was made by an "
                "engine that plays differently"
            )
    return game
