"""No frame ever carries a card its seat may not see: four people and a spectator play a
whole round over WebSockets, and every frame each of them receives is scanned."""

from __future__ import annotations

import json
import logging
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.server.conftest import create, join, receive, seated, until

from unokit.cards import Card
from unokit.errors import CardSyntaxError
from unokit.game import Game
from unokit.rng import Random
from unokit.words import describe

TOKEN = re.compile(r"[A-Za-z0-9+]+")


def card_codes(frame: dict[str, Any], table_id: str) -> set[str]:
    """Every word of the frame that reads as a card code, except in the table's id.

    The id is checked to be the one the table got at its creation, before any card was dealt,
    and then left out: drawn at random (``secrets.token_urlsafe``) apart from the deal, it tells
    nothing of any card, yet about one id in 400 has a word that reads as one
    (``"Ab-R8-xyzQ12"`` reads as ``R8``).
    """
    assert frame["table"]["id"] == table_id
    scanned = {**frame, "table": {**frame["table"], "id": ""}}
    codes = set()
    for word in TOKEN.findall(json.dumps(scanned)):
        if not word[0].isupper():
            continue
        try:
            codes.add(Card.parse(word).code)
        except CardSyntaxError:
            continue
    return codes


def logged_words(record: logging.LogRecord, table_id: str) -> set[str]:
    """Every word of a log record, with its table's id left out as in ``card_codes``."""
    fields = dict(vars(record))
    assert fields.pop("table") == table_id
    return set(TOKEN.findall(json.dumps(fields, default=str)))


def hidden_from(game: Game, seat: int | None) -> set[str]:
    """Codes in other seats' hands that ``seat`` has never been shown: each copy of such a
    code is somewhere it may not look (another hand or the draw pile)."""
    seen: set[str] = {c.code for c in game.discard}
    if seat is not None:
        seen |= {c.code for c in game.hand(seat)}
    for event in game.log:  # the unredacted log: what was shown to whom
        if event.audience is None or (seat is not None and seat in event.audience):
            seen |= {c.code for c in event.cards}
    others = [s for s in range(game.players) if s != seat]
    held = {c.code for s in others for c in game.hand(s)} | {c.code for c in game.draw_pile}
    return held - seen


def test_a_table_id_that_reads_as_a_card_is_not_a_card_sent() -> None:
    frame = {
        "type": "state",
        "view": {"hand": ["R5", "W"], "top": "Y8"},
        "events": [{"text": "Ann plays GS", "event": {"cards": ["GS"]}}],
        "table": {"id": "Ab-R8-xyzQ12", "title": "", "seats": [{"name": "Ann"}]},
    }
    assert card_codes(frame, "Ab-R8-xyzQ12") == {"R5", "W", "Y8", "GS"}
    with pytest.raises(AssertionError):
        card_codes(frame, "another-table")


def test_a_log_record_is_scanned_by_words_without_its_table_id() -> None:
    record = logging.LogRecord(
        "unokit.server", logging.INFO, "hub.py", 1, "action refused", None, None
    )
    record.__dict__.update(table="0d8oO_jG89N6", seat=0, kind="play")
    assert "G8" not in logged_words(record, "0d8oO_jG89N6")
    record.__dict__.update(action="play G8")
    assert "G8" in logged_words(record, "0d8oO_jG89N6")
    with pytest.raises(AssertionError):
        logged_words(record, "another-table")


@pytest.mark.parametrize("seed", [23, 22])
def test_no_frame_carries_a_card_its_seat_may_not_see(
    make_client: Any, seed: int, caplog: pytest.LogCaptureFixture
) -> None:
    client: TestClient = make_client(rate=10_000.0, burst=10_000)  # a fast test, not a flood
    caplog.set_level(logging.INFO, logger="unokit.server")
    t = create(client, seats=4, seed=seed, house={"jump_in": True})
    table_id = t["table"]
    tokens = [t["token"]] + [join(client, table_id, n)["token"] for n in ("Bo", "Cy", "Di")]
    rng = Random(seed)
    with (
        seated(client, table_id, tokens[0]) as s0,
        seated(client, table_id, tokens[1]) as s1,
        seated(client, table_id, tokens[2]) as s2,
        seated(client, table_id, tokens[3]) as s3,
        seated(client, table_id) as spectator,
    ):
        conns: list[tuple[int | None, Any]] = [
            (0, s0),
            (1, s1),
            (2, s2),
            (3, s3),
            (None, spectator),
        ]
        for _, ws in conns:  # everything queued so far, up to each pong
            ws.send_json({"type": "ping"})
            until(ws, "pong")
        s0.send_json({"type": "start", "id": 1})
        until(s0, "ack")
        hub = client.app.state.hub  # type: ignore[attr-defined]
        table = hub.tables[table_id]
        game = table.match.game
        names = table.names()
        sent = {seat: 0 for seat, _ in conns}
        scanned = hidden_seen = 0

        def check_frames(actor: int | None) -> None:
            nonlocal scanned, hidden_seen
            for seat, ws in conns:
                if seat == actor:
                    until(ws, "ack")
                frame = receive(ws)
                assert frame["type"] == "state"
                assert frame["view"] == game.view(seat)
                expected = [describe(e, names) for e in game.events(seat, sent[seat])]
                assert [e["text"] for e in frame["events"]] == expected
                sent[seat] = len(game.log)
                if not game.over:
                    hidden = hidden_from(game, seat)
                    hidden_seen += len(hidden)
                    leaked = card_codes(frame, table_id) & hidden
                    assert not leaked, f"seat {seat} was sent {leaked}"
                scanned += 1

        check_frames(-1)  # the start's frame for everyone (seat 0's ack came above)
        refused_once = False
        for _ in range(10_000):  # random play with jump-ins and keeps: a few thousand moves
            if game.over:
                break
            movers = [s for s in range(4) if game.legal_actions(s)]
            seat = game.to_play
            others = [s for s in movers if s != seat]
            if others and rng.below(3) == 0:
                seat = others[rng.below(len(others))]
            if not refused_once and seat is not None:
                # an illegal play of a card in hand: an error frame, and no card in the log
                bad = next(
                    (
                        c
                        for c in game.hand(seat)
                        if f"play {c.code}" not in map(str, game.legal_actions(seat)) and not c.wild
                    ),
                    None,
                )
                if bad is not None:
                    ws = conns[seat][1]
                    ws.send_json({"type": "act", "action": f"play {bad.code}", "id": 2})
                    assert until(ws, "error")["id"] == 2
                    refused = [r for r in caplog.records if r.getMessage() == "action refused"]
                    assert refused and bad.code not in logged_words(refused[-1], table_id)
                    refused_once = True
            legal = game.legal_actions(seat)
            action = str(legal[rng.below(len(legal))])
            conns[seat][1].send_json({"type": "act", "action": action})
            check_frames(seat)
        assert game.over
        assert scanned > 100 and hidden_seen > 1000  # the scan had something to find
        for record in caplog.records:  # logs name only public plays
            if record.getMessage() == "action":
                assert record.__dict__["action"] in {str(a) for _, a in game.actions}
