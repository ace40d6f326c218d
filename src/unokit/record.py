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

__all__ = [
    "GAME_FORMAT",
    "OLD_BLOCK",
    "READ_VERSIONS",
    "RECORD_VERSION",
    "SEAT_FORMAT",
    "apply_recorded",
    "game_record",
    "recorded_events_match",
    "replay_game",
]

GAME_FORMAT: Final = "unokit.game"
SEAT_FORMAT: Final = "unokit.game.seat"
RECORD_VERSION: Final = 3
"""Raised whenever the engine would replay an old record differently. Version 1 came before a
drawn card that does not play was kept with ``pass`` (rules.md, C-DEC-57): there the turn
passed at once, and its records replay with that ``pass`` implied (``apply_recorded``).
Versions 1 and 2 came before the repetition rule (rules.md, C-DEC-49): their ``blocked``
event has no reason; a round they show blocked by nobody being able to play or draw
replays, one the dry-round rule or the round limit ended is refused (``OLD_BLOCK``)."""
READ_VERSIONS: Final = (1, 2, 3)
"""The game record versions ``replay_game`` reads."""


OLD_BLOCK: Final = (
    "the record's round was ended by a rule this unokit no longer has (a dry round with four "
    "orbits without progress, or 100,000 turns; a round now ends without a winner only when "
    "its position comes back five times), so it cannot be replayed"
)


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
    if version not in READ_VERSIONS or isinstance(version, bool):
        raise RecordError(
            f"this record has format version {version!r}; this unokit reads versions "
            f"{', '.join(map(str, READ_VERSIONS))} only, and would not replay it the same way"
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
    implied: list[int] = []
    for number, (seat, text) in enumerate(actions):
        try:
            implied += apply_recorded(game, seat, text, version)
        except IllegalAction as err:
            raise RecordError(
                f"action {number} ({text!r} by seat {seat}) is not legal on replay: {err}"
            ) from None
        if step is not None:
            step(game)
    expected = record.get("events")
    if expected is not None:
        first = recorded_events_match(game, expected, implied, version)
        if first is not None and version < 3 and _blocked_at(expected, first):
            raise RecordError(OLD_BLOCK)
        if first is not None:
            raise RecordError(
                f"the record replays differently from event {first} on: it was made by an "
                "engine that plays differently"
            )
    return game


def apply_recorded(game: Game, seat: int | None, text: str, version: int) -> list[int]:
    """Apply one recorded action of a record of format ``version``; returns the log
    indices of the events of what it implied: in a version 1 record a ``draw`` whose card
    does not play ended the turn, so its ``pass`` is applied here."""
    game.apply(text, seat)
    if version != 1 or text != "draw":
        return []
    drawn = game.drawn
    keeper = game.to_play
    if game.phase != "drawn" or drawn is None or keeper is None or game.playable(drawn):
        return []
    start = len(game._log)
    game.apply("pass", keeper)
    return list(range(start, len(game._log)))


def recorded_events_match(
    game: Game, expected: list[Any], implied: list[int], version: int
) -> int | None:
    """``None`` when ``game``'s log is the recorded ``expected``, else the first event that
    differs. The events of implied actions are left out, and of a version 1 record the empty
    turn draw that ended a draw-to-match run on an empty pile (now never tried)."""
    skip = set(implied)
    got = [e.to_json() for i, e in enumerate(game._log) if i not in skip]
    if version < 3:  # no reason then: nobody could play or draw was the only one that stays
        got = [_without_reason(e) if e.get("reason") == "stuck" else e for e in got]
    if version == 1:
        expected = [e for i, e in enumerate(expected) if not _empty_reach(expected, i)]
    if got == expected:
        return None
    return next(
        (i for i, (a, b) in enumerate(zip(got, expected, strict=False)) if a != b),
        min(len(got), len(expected)),
    )


def _without_reason(event: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in event.items() if k != "reason"}


def _blocked_at(events: list[Any], first: int) -> bool:
    """Does the recorded round end blocked where the replay departs from it?"""
    return any(isinstance(e, dict) and e.get("type") == "blocked" for e in events[first:])


def _empty_reach(events: list[Any], i: int) -> bool:
    """Is ``events[i]`` a turn draw of nothing right after a turn draw of the same seat?"""
    event, before = events[i], events[i - 1] if i else None
    return (
        isinstance(event, dict)
        and isinstance(before, dict)
        and event.get("type") == before.get("type") == "draw"
        and event.get("reason") == before.get("reason") == "turn"
        and event.get("seat") == before.get("seat")
        and not event.get("count")
    )
