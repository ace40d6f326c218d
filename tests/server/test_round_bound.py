"""The table server's own bound on a round's actions (``ServerConfig.round_actions``): a round
still in play when it is reached is left unfinished, nobody scores it, and the next is dealt;
the cut is a stored move, so a restart and the match record come back to the same table."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from tests.server.conftest import create, join, receive, seated, until
from tests.server.test_tables import hub_of

from unokit import Match

BOUND = 6
UNOKIT = str(Path(sys.executable).with_name("unokit"))


def first_of_round(ws: Any, round_no: int) -> dict[str, Any]:
    """The state frame that opens round ``round_no`` (its events counted from 0)."""
    for _ in range(200):
        frame = receive(ws)
        if frame["type"] == "state" and (frame["table"]["round"], frame["events_from"]) == (
            round_no,
            0,
        ):
            return frame
    raise AssertionError(f"no state frame opened round {round_no}")


def test_a_round_at_the_tables_bound_is_left_unfinished_and_the_next_is_dealt(
    make_client: Callable[..., TestClient], tmp_path: Path
) -> None:
    client = make_client(round_actions=BOUND)
    t = create(client, seats=2, bots=[], seed=7)
    table = t["table"]
    bob = join(client, table, "Bob")
    hub = hub_of(client)
    with seated(client, table, t["token"]) as ann, seated(client, table, bob["token"]) as bobs:
        ann.send_json({"type": "start"})
        until(ann, "ack")
        match = hub.tables[table].match
        assert match is not None
        first = match.game
        while len(match.rounds) == 1:
            assert not first.over
            seat = first.to_play
            assert seat is not None
            ws = ann if seat == 0 else bobs
            ws.send_json({"type": "act", "action": str(first.legal_actions(seat)[0])})
            until(ws, "ack")
        # cut at the bound, still in play: nobody scores it, and round 2 is dealt at once
        assert first.action_count == BOUND and not first.over
        assert match.unfinished == [1] and match.scores == [0, 0] and not match.over
        assert match.game is match.rounds[1] and match.game.action_count == 0
        for ws, seat in ((ann, 0), (bobs, 1)):
            frame = first_of_round(ws, 2)
            told = frame["events"][0]
            # the log's first line says why round 1 ended; it names no card of anyone's
            assert told["event"] == {"type": "unfinished", "round": 1, "count": BOUND}
            assert told["text"] == (
                "round 1 was left unfinished after 6 actions, the table's bound: nobody scores it"
            )
            assert frame["table"]["unfinished"] == [1] and frame["table"]["scores"] == [0, 0]
            assert frame["view"] == match.game.view(seat)
        before = match.record()

    # a new server on the same database rebuilds the same table from the stored moves
    again = make_client(round_actions=BOUND)
    with seated(again, table, t["token"]) as ann:
        frame = first_of_round(ann, 2)
        assert frame["events"][0]["event"]["type"] == "unfinished"
        rebuilt = hub_of(again).tables[table].match
        assert rebuilt is not None
        assert rebuilt.record() == before and rebuilt.unfinished == [1]
        assert frame["view"] == rebuilt.game.view(0)

    # the match record replays the cut where it was made, and `unokit replay` tells it
    replayed = Match.replay(before)
    assert replayed.unfinished == [1] and replayed.rounds[0].action_count == BOUND
    assert replayed.scores == [0, 0] and not replayed.rounds[0].over
    path = tmp_path / "match.json"
    path.write_text(json.dumps(before))
    done = subprocess.run(
        [UNOKIT, "replay", str(path)], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "the round was left unfinished" in done.stdout.split("— round 2 —", 1)[0]
    # a record that lost the cut does not replay as though the round had been played out
    changed = {k: v for k, v in before.items() if k != "unfinished"}
    changed_path = tmp_path / "changed.json"
    changed_path.write_text(json.dumps(changed))
    refused = subprocess.run(
        [UNOKIT, "replay", str(changed_path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert refused.returncode == 2
    assert "round 1 was not over, yet the record deals another" in refused.stderr


def test_unokit_serve_round_actions_cuts_a_round_and_a_restart_keeps_the_cut(
    tmp_path: Path,
) -> None:
    from tests.server.live import Server, ws_frames

    db = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    flags = ("--bot-delay", "0", "--grace", "3600", "--round-actions", "5")
    server = Server(db, tmp_path / "server.log", *flags).start()
    try:
        t = server.post("/api/tables", {"name": "Ann", "seats": 2, "bots": ["random"], "seed": 5})
        with server.seat(t["table"], t["token"]) as ws:
            ws.send('{"type": "start", "id": 1}')
            for _ in range(500):
                frame = ws_frames(ws)
                if frame["type"] != "state" or frame["view"] is None:
                    continue
                if frame["table"]["round"] == 2 and frame["events_from"] == 0:
                    break
                view = frame["view"]
                if view["to_play"] == 0 and view.get("legal"):
                    ws.send(json.dumps({"type": "act", "action": view["legal"][0]}))
            else:
                raise AssertionError("round 1 was never cut")
            assert frame["events"][0]["event"] == {"type": "unfinished", "round": 1, "count": 5}
            assert frame["table"]["unfinished"] == [1]
        server.kill()
        server.start()
        with server.seat(t["table"], t["token"]) as ws:
            while (frame := ws_frames(ws))["type"] != "state":
                pass
            assert frame["table"]["round"] >= 2 and 1 in frame["table"]["unfinished"]
            assert frame["table"]["scores"] == [0, 0]
    finally:
        server.stop()
