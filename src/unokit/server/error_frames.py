"""The server's error frames: the English ``message`` for API clients, with the refusal's
``reason`` code and ``params`` beside it, which a page tells in its reader's language.

The protocol stays free of words a reader is meant to read: the code names the sentence in
the catalogue (``unokit.refusals``: the engines' reasons, and the server's own below), the
params fill it (seat numbers, card codes, colour letters). docs/server.md gives the shape.
"""

from __future__ import annotations

from typing import Any

from unokit.i18n import N_
from unokit.refusals import Template, refusal_of, register

__all__ = ["LOBBY", "SERVER", "error_frame", "reason_fields"]

SERVER: tuple[Template, ...] = tuple(
    Template(code, text)
    for code, text in (
        ("no_table", N_("there is no such table (it may have expired)")),
        ("no_database", N_("the server cannot reach its database: try again")),
        ("no_database_now", N_("the server cannot reach its database: try again in a moment")),
        ("not_stored", N_("the server could not store that: try again in a moment")),
        ("seat_limit", N_("at most {n} seats from one address at tables that have not started")),
        ("not_loaded", N_("the server could not load this table: try again")),
        ("no_redis", N_("the server cannot reach Redis: try again in a moment")),
        ("no_redis_now", N_("the server cannot reach Redis")),
        ("moved", N_("this table is served by another process: reconnecting")),
        ("moved_away", N_("this table moved to another process")),
        (
            "fenced",
            N_("the table moved to another process before that was stored: try again in a moment"),
        ),
        ("started_watch", N_("the game has started: you can watch it")),
        ("full_watch", N_("every seat is taken: you can watch the game")),
        ("seat_taken", N_("seat {seat} is not free; free seats: {free}")),
        ("name_taken", N_("someone at this table is called {name}: choose another name")),
        ("bad_token", N_("this seat token is not valid at this table")),
        ("seat_connections", N_("this seat has {n} connections open already: close one first")),
        ("too_many_seats", N_("too many seats taken from one address: wait a moment")),
        ("spectator", N_("spectators can watch, not act: join the table to play")),
        ("seat_lost", N_("you no longer hold this seat")),
        ("no_bot_seat", N_("no seat of yours is played by a bot here")),
        ("not_yours", N_("that seat is no longer yours to take back")),
        ("not_playing", N_("the game is not being played")),
        ("not_started", N_("the game has not started")),
        ("next_round_frame", N_("a player deals the next round with a next_round frame")),
        ("match_playing", N_("the match is still being played")),
        ("host_only", N_("only the table's host can do that")),
        ("already_started", N_("the game has already started")),
        ("bots_before_start", N_("bots join before the start (the host can kick an absent seat)")),
        ("no_free_seat", N_("there is no free seat for a bot")),
        ("bots_leave_before", N_("bots leave before the start only")),
        ("not_a_bot", N_("seat {seat} is not a bot")),
        ("not_a_player", N_("seat {seat} is not a player's seat")),
        ("kick_self", N_("leave the table instead of kicking yourself")),
        ("absent_only", N_("only an absent player's seat can be given to a bot")),
        ("record_seated", N_("while the match runs, a record is for a seated player only")),
        ("chat_slow", N_("too many chat lines: wait a moment before the next")),
        ("chat_busy", N_("this table's chat is too busy: wait a moment before the next line")),
        ("slow_down", N_("too many frames: slow down")),
        ("behind", N_("too many frames unread: reconnect to catch up")),
        ("stand_in", N_("your seat was given to a stand-in bot: reconnect to take it back")),
        ("seat_taken_over", N_("someone else holds this seat now")),
        ("seat_gone", N_("this seat is no longer yours: you left it or the host freed it")),
        ("no_auth", N_("no auth frame in time")),
        ("connections", N_("at most {n} connections from one address")),
        ("too_long", N_("frame too long: {size} bytes, at most {limit}")),
        ("bad_frame", N_("bad frame: {where}: {detail}")),
    )
)
"""The refusals a player can meet at a table, written by the server itself."""


LOBBY: tuple[Template, ...] = tuple(
    Template(code, text)
    for code, text in (
        ("players_range", N_("{game} seats {low} to {high} players, not {count}")),
        ("bots_fit", N_("at most {n} bots fit at {count} seats")),
        ("no_fixed_seeds", N_("this server deals every table at random: no fixed seeds")),
        (
            "reaction_range",
            N_("the bots' reaction time is {least} to {most} s on this server, not {value}"),
        ),
        ("tables_full", N_("this server holds all the tables it can: try again later")),
        ("requests_slow", N_("too many requests from one address: slow down")),
        ("opened_slow", N_("too many connections opened from one address: slow down")),
        (
            "tables_per_address",
            N_(
                "at most {n} tables from one address at once: play at one of yours, "
                "or wait for an old one to expire"
            ),
        ),
        (
            "tables_per_network",
            N_(
                "at most {n} tables from one network at once: play at one of yours, "
                "or wait for an old one to expire"
            ),
        ),
        # a player's name and a table's title (unokit.server.names)
        ("name_long", N_("a name is at most {n} characters")),
        ("title_long", N_("a title is at most {n} characters")),
        ("name_angle", N_("a name may not hold < or >")),
        ("title_angle", N_("a title may not hold < or >")),
        ("name_marks", N_("a name may not stack more than {n} marks on a letter")),
        ("title_marks", N_("a title may not stack more than {n} marks on a letter")),
        ("name_control", N_("a name may not hold a control character (U+{hex})")),
        ("name_format", N_("a name may not hold a formatting or direction character (U+{hex})")),
        ("name_surrogate", N_("a name may not hold a lone surrogate (U+{hex})")),
        ("name_private", N_("a name may not hold a private-use character (U+{hex})")),
        ("name_unassigned", N_("a name may not hold an unassigned character (U+{hex})")),
        ("name_line", N_("a name may not hold a line separator (U+{hex})")),
        ("name_paragraph", N_("a name may not hold a paragraph separator (U+{hex})")),
        ("name_filler", N_("a name may not hold a blank filler character (U+{hex})")),
        ("title_control", N_("a title may not hold a control character (U+{hex})")),
        ("title_format", N_("a title may not hold a formatting or direction character (U+{hex})")),
        ("title_surrogate", N_("a title may not hold a lone surrogate (U+{hex})")),
        ("title_private", N_("a title may not hold a private-use character (U+{hex})")),
        ("title_unassigned", N_("a title may not hold an unassigned character (U+{hex})")),
        ("title_line", N_("a title may not hold a line separator (U+{hex})")),
        ("title_paragraph", N_("a title may not hold a paragraph separator (U+{hex})")),
        ("title_filler", N_("a title may not hold a blank filler character (U+{hex})")),
        ("name_blank", N_("a name needs a letter or a digit, not only spaces")),
        ("title_blank", N_("a title needs a letter or a digit, not only spaces")),
        # the house rules' bounds (unokit.server.bounds)
        ("house_key_long", N_("a house rule's name is at most {n} characters")),
        ("house_bool", N_("house.{key} is true or false")),
        ("house_choice", N_("house.{key} is one of {choices}")),
        ("house_whole", N_("house.{key} is a whole number")),
        ("house_number", N_("house.{key} is a number")),
        ("house_range", N_("house.{key} is {low} to {high}")),
        # the form's fields as the validation of a request writes them (pydantic)
        ("field_missing", N_("{where}: Field required")),
        (
            "field_integer",
            N_("{where}: Input should be a valid integer, unable to parse string as an integer"),
        ),
        ("field_long", N_("{where}: String should have at most {n} characters")),
        ("field_short", N_("{where}: String should have at least {n} character")),
        ("field_low", N_("{where}: Input should be greater than or equal to {n}")),
        ("field_high", N_("{where}: Input should be less than or equal to {n}")),
    )
)
"""The lobby's refusals of a new table's form and of a join, answered over HTTP as
``{"error", "reason", "params"}``."""


def _server() -> tuple[Template, ...]:
    return SERVER + LOBBY


register(_server)


def error_frame(err: BaseException | str, frame_id: Any = None) -> dict[str, Any]:
    """The error frame for ``err``: ``{"type": "error", "id", "message", "reason",
    "params"}`` (``reason`` ``"other"`` with no params when no template writes it)."""
    return {"type": "error", "id": frame_id, **reason_fields(err)}


def reason_fields(err: BaseException | str) -> dict[str, Any]:
    """``message`` (English), ``reason`` (the code) and ``params`` of ``err``."""
    r = refusal_of(err)
    return {"message": r.message, "reason": r.code, "params": dict(r.params)}
