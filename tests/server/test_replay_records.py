"""The records the server hands out carry their replay steps, so /replay steps through a
downloaded file with no request: a finished table's record as a spectator saw the match, a
seat's record (downloaded while the match runs) as that seat saw it and nothing more. The
steps are checked against the engine's own views, and the records still load as before."""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from tests.server.conftest import create, seated
from tests.server.test_replay_api import played
from tests.server.test_tables import hub_of

from unokit import Match
from unokit.cli.records import check_record, load_record
from unokit.server.replay import compact, replay_steps

CARRIED = ("round", "scores", "match_over", "match_winner")


def expand(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Compact steps made whole again, as the page does: each view the one before with the
    keys given replaced and those dropped gone; round and scores carried until they change."""
    out: list[dict[str, Any]] = []
    view: dict[str, Any] = {}
    last: dict[str, Any] = {}
    for step in steps:
        view = {**view, **step["view"]}
        for key in step.get("drop", []):
            del view[key]
        whole = {k: step.get(k, last.get(k)) for k in CARRIED}
        whole.update(view=view, events=step["events"])
        out.append(whole)
        last = whole
    return out


def as_seen(record: dict[str, Any], seat: int | None) -> list[tuple[dict[str, Any], list[Any]]]:
    """The engine's view and new events as ``seat`` saw them, after each deal and action,
    with each event's full form alongside."""
    out: list[tuple[dict[str, Any], list[Any]]] = []
    seen = [0, -1]

    def keep(m: Match) -> None:
        if seen[1] != len(m.rounds):
            seen[:] = [0, len(m.rounds)]
        view = m.game.view(seat)
        view.pop("legal", None)
        if "discard" in view:
            view["discard"] = len(view["discard"])
        if "piles" in view:
            view["piles"] = [len(p) for p in view["piles"]]
        log = m.game.log[seen[0] :]
        seen[0] += len(log)
        out.append((view, log))

    Match.replay(record, keep)
    return out


def test_compact_steps_expand_to_the_replays_own() -> None:
    for preset, players in (("mattel-2021", 4), ("triple-play", 3), ("party", 6)):
        record = json.loads(json.dumps(played(preset, players, 8, target=200).record()))
        whole = replay_steps(record)
        small = compact(whole)
        assert small["compact"] and len(json.dumps(small)) < len(json.dumps(whole)) / 2
        again = expand(json.loads(json.dumps(small["steps"])))
        assert again == [{k: s[k] for k in (*CARRIED, "view", "events")} for s in whole["steps"]]


def finished_table(client: TestClient) -> str:
    t = create(client, seats=3, bots=["random", "random"], seed=12, target=1)
    hub = hub_of(client)
    with seated(client, t["table"], t["token"]) as ann:
        ann.send_json({"type": "start"})
        time.sleep(0.05)
    with seated(client, t["table"]):  # someone watches: the stand-in plays Ann's turns
        deadline = time.monotonic() + 30
        while hub.tables[t["table"]].state != "over" and time.monotonic() < deadline:
            time.sleep(0.05)
    return str(t["table"])


def test_a_finished_tables_record_carries_its_steps_and_still_loads(
    make_client: Any, tmp_path: Path
) -> None:
    client = make_client(grace=0.01)
    table_id = finished_table(client)
    record = client.get(f"/api/tables/{table_id}/record").json()
    steps = record["replay"]
    assert steps["compact"] and steps["seat"] is None and steps["names"] == record["names"]
    assert steps["rules"] == "mattel-2021" and steps["players"] == 3
    whole = expand(steps["steps"])
    seen = as_seen(record, None)
    assert len(whole) == len(seen)
    for step, (view, log) in zip(whole, seen, strict=True):
        assert step["view"] == view
        assert [e["event"] for e in step["events"]] == [e.for_seat(None).to_json() for e in log]
    assert whole[-1]["match_over"] and whole[-1]["scores"] == record["scores"]
    # the same steps the table's replay gives, and the record loads and replays as before
    api = client.get(f"/api/tables/{table_id}/replay").json()
    assert [{k: s[k] for k in (*CARRIED, "view", "events")} for s in api["steps"]] == whole
    Match.replay(record)
    path = tmp_path / "table.json"
    path.write_text(json.dumps(record))
    check_record(path, load_record(path))


def test_a_seats_record_carries_what_that_seat_saw_and_no_other_card(
    make_client: Any,
) -> None:
    """While the match runs, a seat's record steps through the match as far as it has gone,
    each step the engine's view of that seat: its own hand, the others' as counts, and no
    card another seat holds or drew that it was not shown."""
    client = make_client(grace=60)
    t = create(client, seats=4, bots=["random"] * 3, seed=31, target=500)
    table_id = t["table"]
    hub = hub_of(client)
    with seated(client, table_id, t["token"]) as ann:
        ann.send_json({"type": "start"})
        deadline = time.monotonic() + 30
        table = hub.tables[table_id]
        # Ann (seat 0) draws and passes on her first turn, then never plays: the match
        # waits on her once the bots have moved
        sent: list[str] = []
        while time.monotonic() < deadline:
            game = None if table.match is None else table.match.game
            legal = (
                [] if game is None or game.to_play != 0 else list(map(str, game.legal_actions(0)))
            )
            if len(sent) == 2 and legal and "pass" not in legal:
                break
            for move in ("draw", "pass"):
                if move in legal and move not in sent:
                    ann.send_json({"type": "act", "action": move})
                    sent.append(move)
                    break
            time.sleep(0.05)
        answer = client.get(f"/api/tables/{table_id}/record", headers={"X-Seat-Token": t["token"]})
        assert table.match is not None
        full = json.loads(json.dumps(table.match.record()))
    record = answer.json()
    assert record["format"] == "unokit.match.seat" and record["seat"] == 0
    steps = record["replay"]
    assert steps["seat"] == 0 and not steps["steps"][0]["match_over"]
    whole = expand(steps["steps"])
    seen = as_seen(full, 0)
    assert 5 <= len(whole) == 1 + sum(len(r["actions"]) for r in record["rounds"]) <= len(seen)
    text = json.dumps(steps)
    for step, (view, log) in zip(whole, seen, strict=False):
        assert step["view"] == view  # the seat's own view, nothing more
        assert "hands" not in step["view"] or step["view"]["over"]
        events = [e["event"] for e in step["events"]]
        assert events == [e.for_seat(0).to_json() for e in log]
        for event, full_event in zip(events, log, strict=True):
            hidden = full_event.audience is not None and 0 not in full_event.audience
            if hidden and full_event.cards:
                assert "cards" not in event, event
                # and the cards it hid appear nowhere in the steps as this event
                assert json.dumps(full_event.to_json()) not in text
    # another seat's hand is never given mid-round: its cards are not in the seat's steps
    game = table.match.game
    others = [c.code for s in (1, 2, 3) for c in game.hand(s)]
    mine = {c.code for c in game.hand(0)}
    shown = set(json.dumps(whole[-1]["view"]).replace('"', " ").split())
    assert not ({c for c in others if c not in mine} & shown - {whole[-1]["view"].get("top")})


def test_every_presets_seat_steps_are_that_seats_view_and_no_more() -> None:
    """The steps a seat's record carries, in each family of rules: at every step the
    engine's view of that seat, and every event as that seat was told it."""
    for preset, players, seat in (("party", 6, 4), ("triple-play", 3, 2), ("mattel-2021", 4, 1)):
        record = json.loads(json.dumps(played(preset, players, 3, target=150).record()))
        whole = expand(compact(replay_steps(record, None, seat))["steps"])
        seen = as_seen(record, seat)
        assert len(whole) == len(seen)
        for step, (view, log) in zip(whole, seen, strict=True):
            assert step["view"] == view, preset
            assert "hands" not in view or view["over"]
            events = [e["event"] for e in step["events"]]
            assert events == [e.for_seat(seat).to_json() for e in log], preset
            for event, full in zip(events, log, strict=True):
                if full.cards and full.audience is not None and seat not in full.audience:
                    assert "cards" not in event, (preset, event)


def test_replays_run_in_a_process_of_their_own_and_a_download_asked_again_is_kept(
    make_client: Any,
) -> None:
    """A long replay would hold the interpreter lock against every table's event loop: it
    runs in another process. The steps of a download are kept, so the same record asked
    again costs no replay (here: none could run, its process having been killed)."""
    client = make_client(grace=0.01)
    table_id = finished_table(client)
    replayer = client.app.state.replayer  # type: ignore[attr-defined]
    first = client.get(f"/api/tables/{table_id}/record").json()
    assert "replay" in first
    pids = replayer.pids
    assert pids and os.getpid() not in pids
    for pid in pids:
        os.kill(pid, signal.SIGKILL)
    again = client.get(f"/api/tables/{table_id}/record").json()
    assert again["replay"] == first["replay"]
    # a record not kept needs the (dead) process: "try again" once, then a fresh process
    # replays it
    answer = client.get(f"/api/tables/{table_id}/replay?seat=1")
    assert answer.status_code == 503 and "try again" in answer.text, answer.text
    answer = client.get(f"/api/tables/{table_id}/replay?seat=1")
    assert answer.status_code == 200, answer.text
    assert answer.json()["seat"] == 1
    assert replayer.pids and not set(replayer.pids) & set(pids)


def test_a_record_asked_again_of_an_unchanged_table_is_not_built_again(
    make_client: Any, monkeypatch: Any
) -> None:
    """Building a long match's record and encoding it took the event loop milliseconds a
    download (three addresses at their API rate held a victim's ping at 11 s): the answer
    of a table that has not changed is kept, encoded, and only for the seat that asked."""
    client = make_client(grace=3600)
    t = create(client, seats=2, bots=["random"], seed=7)
    hub = hub_of(client)
    built: list[str] = []
    record = hub.record

    def counted(table_id: str, token: str | None) -> dict[str, Any]:
        built.append(table_id)
        return record(table_id, token)

    monkeypatch.setattr(hub, "record", counted)
    url = f"/api/tables/{t['table']}/record"
    with seated(client, t["table"], t["token"]) as ann:
        ann.send_json({"type": "start"})
        deadline = time.monotonic() + 30
        table = hub.tables[t["table"]]
        while time.monotonic() < deadline:  # until the table waits on Ann (no stand-in)
            if table.match is not None and table.match.game.to_play == 0 and table.version > 1:
                break
            time.sleep(0.05)
        answers = [client.get(url, headers={"X-Seat-Token": t["token"]}) for _ in range(3)]
        assert [a.status_code for a in answers] == [200] * 3
        assert answers[0].content == answers[1].content == answers[2].content
        assert answers[0].json()["replay"]["seat"] == 0
        assert len(built) == 1
        assert client.get(url).status_code == 403
        assert client.get(url, headers={"X-Seat-Token": "x" * 43}).status_code == 403
