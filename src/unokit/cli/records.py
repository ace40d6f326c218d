"""``unokit replay``: read any record unokit writes, check it, and tell it move by move.

A full game record (``unokit demo --record``) and a full match record (``unokit play
--record``) are replayed by the engine, and refused when the replay differs from the record:
its events, and its stated result (winner, points, scores), must be what the engine
reproduces. A one-seat record hides cards and cannot be replayed, so its events are printed
as they are, each checked to be an event. Anything else (a simulation's results, ``{}``,
text that is not JSON or not UTF-8) is refused with one line and exit status 2.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from unokit.cli.tools import BadInput
from unokit.errors import RecordError
from unokit.events import Event
from unokit.game import Game
from unokit.i18n import N_, _, current, ngettext
from unokit.match import MATCH_FORMAT, MATCH_SEAT_FORMAT, Match
from unokit.record import GAME_FORMAT, SEAT_FORMAT
from unokit.tui.names import seat_names
from unokit.words import LEFT_UNFINISHED, describe, told

__all__ = ["check_record", "load_record", "player_names", "print_record"]

_MALFORMED = (KeyError, IndexError, TypeError, ValueError, AttributeError)
"""What reading a record that is not shaped like one raises (``RecordError`` is one)."""

_FORMATS = {
    GAME_FORMAT: N_("a game record"),
    SEAT_FORMAT: N_("one seat's game record"),
    MATCH_FORMAT: N_("a match record"),
    MATCH_SEAT_FORMAT: N_("one seat's match record"),
}


def load_record(path: Path) -> dict[str, Any]:
    """The record in ``path`` as a JSON object of a format unokit writes (``BadInput``:
    why not)."""
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as err:
        raise BadInput(
            _(
                "{path} is not UTF-8 text (byte {byte}): not a unokit record",
                path=path,
                byte=err.start,
            )
        ) from None
    except OSError as err:
        raise BadInput(
            _("cannot read {path}: {error}", path=path, error=err.strerror or err)
        ) from None
    try:
        record = json.loads(text)
    except json.JSONDecodeError as err:
        raise BadInput(_("{path} is not JSON: {error}", path=path, error=err)) from None
    except RecursionError:
        raise BadInput(
            _(
                "{path} is not a unokit record: its JSON is nested too deeply to read "
                "(a record is a few levels deep)",
                path=path,
            )
        ) from None
    if not isinstance(record, dict):
        raise BadInput(_("{path} is not a unokit record (a record is a JSON object)", path=path))
    fmt = record.get("format")
    if fmt not in _FORMATS:
        if fmt == "unokit.simulation":
            raise BadInput(
                _("{path} holds a simulation's results, not a game or match record", path=path)
            )
        if fmt == "unokit.scorepad":
            raise BadInput(
                _(
                    "{path} is a score pad (a match played with real cards): "
                    "'unokit score show {path}' prints it",
                    path=path,
                )
            )
        raise BadInput(
            _(
                "{path} is not a unokit record (format {format}; replay reads {formats})",
                path=path,
                format=repr(fmt),
                formats=", ".join(_FORMATS),
            )
        )
    return record


def _detail(err: Exception) -> str:
    """What Python says went wrong reading a record (``KeyError: 'seat'``), kept as it is."""
    return f"{type(err).__name__}: {err}"


def _checked(path: Path, what: str, build: Callable[[], Any]) -> Any:
    try:
        return build()
    except RecordError as err:
        raise BadInput(
            _("{path}: {what} refused: {error}", path=path, what=what, error=err)
        ) from None
    except _MALFORMED as err:
        raise BadInput(
            _(
                "{path}: {what} is malformed: {error}",
                path=path,
                what=what,
                error=_detail(err),
            )
        ) from None


def _events(path: Path, events: Any, where: str) -> list[Event]:
    if not isinstance(events, list):
        raise BadInput(_("{path}: the events of {where} are not a list", path=path, where=where))
    out = []
    for number, data in enumerate(events):
        try:
            if not isinstance(data, dict):
                raise TypeError("an event is a JSON object")
            out.append(Event.from_json(data))
        except _MALFORMED as err:
            raise BadInput(
                _(
                    "{path}: {where}, event {number} is malformed ({error})",
                    path=path,
                    where=where,
                    number=number,
                    error=_detail(err),
                )
            ) from None
    return out


def _game_result(game: Game) -> dict[str, Any]:
    return {"over": game.over, "winner": game.winner, "round_points": game.round_points()}


def _check_stated(path: Path, stated: Any, replayed: dict[str, Any], where: str) -> None:
    """Refuse a record whose stated result is not what its replay comes to."""
    if stated is None:
        return
    if not isinstance(stated, dict):
        raise BadInput(
            _("{path}: the result of {where} is not a JSON object", path=path, where=where)
        )
    for key, value in replayed.items():
        if key in stated and stated[key] != value:
            raise BadInput(
                _(
                    "{path}: {where} states {key} {stated}, but its replay gives {value}: "
                    "the record was changed after it was written",
                    path=path,
                    where=where,
                    key=key,
                    stated=repr(stated[key]),
                    value=repr(value),
                )
            )


SEEN_BY = N_("as seen by {who} (a seat's record: not replayable)")


def _name(names: list[str], seat: Any) -> str:
    """The name seat ``seat`` goes by (as ``unokit play`` and ``replay --watch`` show it)."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return names[seat]
    return _("seat {seat}", seat=seat)


def _by_name(names: list[str], values: Any) -> str:
    """``You 0, Bea 122, Cal 0``: one number a seat, named."""
    if not isinstance(values, list):
        return str(values)
    t = current()
    return ", ".join(
        f"{_name(names, seat)} {t.num(value) if isinstance(value, int) else value}"
        for seat, value in enumerate(values)
    )


def _print_result(result: Any, names: list[str]) -> None:
    if not isinstance(result, dict) or not result:
        return
    winner = result.get("winner")
    if result.get("over") is False:  # the players left before anyone went out
        click.echo(_(LEFT_UNFINISHED))
        return
    if winner is None:
        click.echo(_("the round ended without a winner"))
    else:
        click.echo(_("{who} wins the round", who=_name(names, winner)))
    if "round_points" in result:
        click.echo(_("points this round: {points}", points=_by_name(names, result["round_points"])))


def _checked_game(path: Path, record: dict[str, Any]) -> Game:
    game: Game = _checked(path, _("the game record"), lambda: Game.replay(record))
    _check_stated(path, record.get("result"), _game_result(game), _("the game record"))
    return game


def _checked_match(path: Path, record: dict[str, Any]) -> Match:
    match: Match = _checked(path, _("the match record"), lambda: Match.replay(record))
    stated = {k: record[k] for k in ("scores", "over", "winner") if k in record}
    replayed = {"scores": match.scores, "over": match.over, "winner": match.winner}
    _check_stated(path, stated, replayed, _("the match record"))
    for number, (game, data) in enumerate(zip(match.rounds, record["rounds"], strict=True)):
        _check_stated(
            path, data.get("result"), _game_result(game), _("round {round}", round=number + 1)
        )
    return match


def replay_match(path: Path, record: dict[str, Any]) -> Match:
    """The match of a full match record, replayed and checked to where it stopped
    (``BadInput``: why it cannot be, e.g. a game record or one seat's)."""
    if record["format"] != MATCH_FORMAT:
        raise BadInput(
            _(
                "{path} is {format}, not a match: 'unokit play --record FILE' saves a match "
                "to resume",
                path=path,
                format=_(_FORMATS[record["format"]]),
            )
        )
    return _checked_match(path, record)


def check_record(path: Path, record: dict[str, Any]) -> None:
    """Refuse (``BadInput``) a full record that does not replay to what it states, or a
    one-seat record, which hides cards and cannot be played back."""
    fmt = record["format"]
    if fmt == GAME_FORMAT:
        _checked_game(path, record)
    elif fmt == MATCH_FORMAT:
        _checked_match(path, record)
    else:
        raise BadInput(
            _(
                "{path} is {format}: it hides the other hands, so it cannot be played back "
                "(--watch plays full records, e.g. unokit play --record FILE); without --watch "
                "it is printed",
                path=path,
                format=_(_FORMATS[fmt]),
            )
        )


def print_record(path: Path, record: dict[str, Any]) -> None:
    """Check ``record`` as its format allows, then print it move by move."""
    fmt = record["format"]
    if fmt == GAME_FORMAT:
        game = _checked_game(path, record)
        names = player_names(game.players)
        click.echo(
            _(
                "{rules}, {players} players: {names} (replayed and checked)",
                rules=game.rules.name,
                players=game.players,
                names=", ".join(names),
            )
        )
        for event in told(game.log):
            click.echo(describe(event, names, game=game.rules.game))
        _print_result(_game_result(game), names)
    elif fmt == SEAT_FORMAT:
        events = _events(path, record.get("events", []), _("the record"))
        names = _seat_record_names(record)
        click.echo(
            _("as seen by {who} (a seat's record: not replayable)", who=_seen_by(names, record))
        )
        for event in told(events):
            click.echo(describe(event, names, game=_engine(record)))
        _print_result(record.get("result"), names)
    elif fmt == MATCH_FORMAT:
        match = _checked_match(path, record)
        names = player_names(match.players)
        click.echo(
            ngettext(
                "{rules}, {players} players: {names}; {count} round (replayed and checked)",
                "{rules}, {players} players: {names}; {count} rounds (replayed and checked)",
                len(match.rounds),
                rules=match.rules.name,
                players=match.players,
                names=", ".join(names),
            )
        )
        for number, game in enumerate(match.rounds, 1):
            click.echo(_("— round {round} —", round=number))
            for event in told(game.log):
                click.echo(describe(event, names, game=game.rules.game))
            _print_result(_game_result(game), names)
        _print_match_end(names, match.scores, match.over, match.winner)
    else:  # MATCH_SEAT_FORMAT
        rounds = record.get("rounds")
        if not isinstance(rounds, list):
            raise BadInput(_("{path}: the match record's rounds are not a list", path=path))
        names = _seat_record_names(record)
        click.echo(
            _("as seen by {who} (a seat's record: not replayable)", who=_seen_by(names, record))
        )
        for number, data in enumerate(rounds, 1):
            if not isinstance(data, dict):
                raise BadInput(
                    _("{path}: round {round} is not a JSON object", path=path, round=number)
                )
            events = _events(path, data.get("events", []), _("round {round}", round=number))
            click.echo(_("— round {round} —", round=number))
            for event in told(events):
                click.echo(describe(event, names, game=_engine(record)))
            _print_result(data.get("result"), names)
        _print_match_end(names, record.get("scores"), record.get("over"), record.get("winner"))


def player_names(players: int) -> list[str]:
    """Ann at seat 0 (the person, in ``unokit play``), then the names the bots go by there:
    the names a record is told in, and a demo round played."""
    return ["Ann", *seat_names(players, 0)[1:]]


def _engine(record: dict[str, Any]) -> str:
    """The engine a seat's record names (``Rules.game``), for its words only: such a record
    is not replayed, so anything but UNO Party! is told in the classic words."""
    rules = record.get("rules")
    return "party" if isinstance(rules, dict) and rules.get("game") == "party" else "classic"


def _seat_record_names(record: dict[str, Any]) -> list[str]:
    players = record.get("players")
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 64:
        return []
    return player_names(players)


def _seen_by(names: list[str], record: dict[str, Any]) -> str:
    seat = record.get("seat")
    name = _name(names, seat)
    if isinstance(seat, int) and name != _("seat {seat}", seat=seat):
        return _("{who} (seat {seat})", who=name, seat=seat)
    return name


def _print_match_end(names: list[str], scores: Any, over: Any, winner: Any) -> None:
    if over:
        click.echo(
            _(
                "match over: {who} wins; scores {scores}",
                who=_name(names, winner),
                scores=_by_name(names, scores),
            )
        )
    else:
        click.echo(_("match left unfinished; scores {scores}", scores=_by_name(names, scores)))
