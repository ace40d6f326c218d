"""Records stepped through for the ``/replay`` page: the engine replays a full game or match
record and keeps, after the deal and after each action, the table as a spectator saw it then
(every hand face up once its round is over, as the live page shows them), with that step's
events in words.

Nothing here stores anything: a record goes in, the steps come out. Every bound is checked
before the engine is asked to deal: the seats, the rounds, the actions in all, the steps.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from unokit.errors import IllegalAction, RecordError
from unokit.events import Event
from unokit.game import Game
from unokit.match import MATCH_FORMAT, MATCH_SEAT_FORMAT, Match
from unokit.record import GAME_FORMAT, SEAT_FORMAT, replay_game
from unokit.words import describe

__all__ = ["MAX_ACTIONS", "REPLAY_BODY", "Compactor", "ReplayError", "compact", "replay_steps"]

REPLAY_BODY: Final = 4 * 1024 * 1024
"""Bytes of a record the stateless replay accepts (a 16-seat Party! match is about 0.3 MB)."""
MAX_ACTIONS: Final = 10_000
"""Actions in one record, all rounds together: each is a step the page is sent (about
0.4 kB a step)."""
MAX_ROUNDS: Final = 500
MAX_SEATS: Final = 16
NAME_LIMIT: Final = 40


class ReplayError(ValueError):
    """A record the replay refuses, with the reason in words."""


def replay_steps(
    record: Any,
    names: list[str] | None = None,
    seat: int | None = None,
    sink: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Every step of ``record`` (a full game or match record), JSON-ready: as a spectator
    saw it, or (``seat``) as that seat did, its own hand face up and no other. With a
    ``sink``, each step is handed to it as it is made and ``steps`` stays empty (a long
    match's steps, held whole, take a hundred MB)."""
    if not isinstance(record, dict):
        raise ReplayError("a record is a JSON object")
    fmt = record.get("format")
    if fmt in (SEAT_FORMAT, MATCH_SEAT_FORMAT):
        raise ReplayError(
            "this is one seat's record: it hides the other hands, so the table cannot be "
            "drawn from it (the full record of a finished table can)"
        )
    if fmt not in (GAME_FORMAT, MATCH_FORMAT):
        raise ReplayError("this is not a unokit game or match record")
    players = record.get("players")
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= MAX_SEATS:
        raise ReplayError(f"a record has 2 to {MAX_SEATS} players")
    rounds = record.get("rounds") if fmt == MATCH_FORMAT else [record]
    if not isinstance(rounds, list) or not rounds or len(rounds) > MAX_ROUNDS:
        raise ReplayError(f"a match record has 1 to {MAX_ROUNDS} rounds")
    total = 0
    for r in rounds:
        actions = r.get("actions") if isinstance(r, dict) else None
        if not isinstance(actions, list):
            raise ReplayError("each round of the record lists its actions")
        total += len(actions)
    if total > MAX_ACTIONS:
        raise ReplayError(f"the record has {total} actions; the replay shows {MAX_ACTIONS} at most")
    if seat is not None and not 0 <= seat < players:
        raise ReplayError(f"there is no seat {seat} at a table of {players}")
    names = _names(record.get("names") if names is None else names, players)
    steps: list[dict[str, Any]] = []
    emit = steps.append if sink is None else sink
    seen = [0]  # events of the current round already given to a step
    last_round: list[int | None] = [None]

    def keep(game: Game, round_no: int, match: Match | None) -> None:
        if last_round[0] != round_no:
            seen[0] = 0
            last_round[0] = round_no
        events = game.events(seat, seen[0])
        seen[0] += len(events)
        view = game.view(seat)
        view.pop("legal", None)  # watched, not played: no move is offered
        # the page needs only how many cards each pile holds: the lists would make the steps
        # grow with the square of the round's length
        if "discard" in view:
            view["discard"] = len(view["discard"])
        if "piles" in view:
            view["piles"] = [len(p) for p in view["piles"]]
        step: dict[str, Any] = {
            "round": round_no,
            "view": view,
            "events": [_event(e, names, game.rules.game) for e in events],
        }
        if match is not None:
            step["scores"] = match.scores
            step["match_over"] = match.over
            step["match_winner"] = match.winner
        else:
            step["scores"] = game.round_points() if game.over else [0] * players
            step["match_over"] = game.over
            step["match_winner"] = game.winner
        emit(step)

    try:
        if fmt == MATCH_FORMAT:
            last = Match.replay(record, lambda m: keep(m.game, len(m.rounds), m))
            rules = last.rules
        else:
            rules = replay_game(Game, record, lambda g: keep(g, 1, None)).rules
    except (RecordError, IllegalAction) as err:
        raise ReplayError(str(err)) from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
        raise ReplayError(f"the record is malformed: {type(err).__name__} {err}"[:300]) from None
    return {
        "format": "unokit.replay",
        "rules": rules.name,
        "game": rules.game,
        "target": rules.target,
        "players": players,
        "names": names,
        "seat": seat,
        "steps": steps,
    }


CARRIED: Final = ("round", "scores", "match_over", "match_winner")
"""A step's fields that a compact step gives only when they change."""


class Compactor:
    """Steps made compact one at a time, each against the one before (``compact``)."""

    def __init__(self) -> None:
        self.view: dict[str, Any] = {}
        self.last: dict[str, Any] = {}

    def __call__(self, step: dict[str, Any]) -> dict[str, Any]:
        now, view, last = step["view"], self.view, self.last
        out: dict[str, Any] = {
            "events": step["events"],
            "view": {k: v for k, v in now.items() if k not in view or view[k] != v},
        }
        gone = [k for k in view if k not in now]
        if gone:
            out["drop"] = gone
        for key in CARRIED:
            if key not in last or last[key] != step[key]:
                out[key] = step[key]
        self.view, self.last = now, step
        return out


def compact(data: dict[str, Any]) -> dict[str, Any]:
    """``data``'s steps as the records the server hands out carry them, for the page to step
    through with no request: each step gives its events, only the view's keys that changed
    since the step before (``drop``: the keys gone), and its round and scores only when they
    change. A classic match's steps shrink to about two fifths (docs/server.md)."""
    packer = Compactor()
    return {**data, "steps": [packer(step) for step in data["steps"]], "compact": True}


def _event(event: Event, names: list[str], game: str) -> dict[str, Any]:
    return {"text": describe(event, names, game=game), "event": event.to_json()}


def _names(given: Any, players: int) -> list[str]:
    """The seats' names the record carries (a table's record does), else "Seat 1", ...;
    anything else in their place is ignored, not trusted."""
    if (
        isinstance(given, list)
        and len(given) == players
        and all(isinstance(n, str) and 0 < len(n.strip()) <= NAME_LIMIT for n in given)
    ):
        return [n.strip() for n in given]
    return [f"Seat {s + 1}" for s in range(players)]
