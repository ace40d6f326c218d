"""The table server through database and Redis outages: real processes, the real services.

PostgreSQL down or hung is a ``Gate`` (a TCP proxy) in front of the shared server, cut or
stalled; a Redis restart is a ``ScratchRedis`` of the test's own, stopped and started again.
In each, a change is refused cleanly (an error frame saying to try again, the game as it
was, nothing held only in memory) or goes on, and the tables play on once the service is
back.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
from sqlalchemy import make_url, select
from tests.server.faults import Gate, ScratchRedis
from tests.server.live import Server, with_table
from tests.server.test_services import postgres  # noqa: F401  (a fixture)

from unokit.server.db import moves, open_engine

WAIT = 60.0
"""Seconds a test waits for what must come (a bound for failing, never a measurement)."""


class Player:
    """A ``websockets`` connection and the last state frame it was sent."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.state: dict[str, Any] = {}
        self.frames: list[dict[str, Any]] = []

    def next(self, timeout: float = WAIT) -> dict[str, Any]:
        frame = with_table(self.ws, dict(json.loads(self.ws.recv(timeout=timeout))))
        self.frames.append(frame)
        if frame["type"] == "state":
            self.state = frame
        return frame

    def until(
        self, done: Callable[[dict[str, Any]], bool], timeout: float = WAIT
    ) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            frame = self.next(max(0.1, deadline - time.monotonic()))
            if done(frame):
                return frame

    def reply(self, frame_id: int) -> dict[str, Any]:
        """The ack or error answering frame ``frame_id``."""
        return self.until(lambda f: f["type"] in ("ack", "error") and f.get("id") == frame_id)

    def my_turn(self, seat: int) -> dict[str, Any]:
        """Wait for a state frame in which ``seat`` is to play."""
        if self._to_play(self.state) == seat:
            return self.state
        return self.until(lambda f: f["type"] == "state" and self._to_play(f) == seat)

    @staticmethod
    def _to_play(frame: dict[str, Any]) -> int | None:
        view = frame.get("view")
        return None if not view else view.get("to_play")

    def play_on(self, seat: int, frame_id: int) -> dict[str, Any]:
        """Play ``seat``'s first legal action from the next state in which it is to play,
        until one is acknowledged (a refusal waits for the next state)."""
        while True:
            fresh = self.until(lambda f: f["type"] == "state" and self._to_play(f) == seat)
            self.send(type="act", action=fresh["view"]["legal"][0], id=frame_id)
            reply = self.reply(frame_id)
            if reply["type"] == "ack":
                return reply

    def send(self, **frame: Any) -> None:
        self.ws.send(json.dumps(frame))


@pytest.fixture
def gate(postgres: str) -> Iterator[Gate]:  # noqa: F811
    url = make_url(postgres)
    proxy = Gate(url.host or "127.0.0.1", url.port or 5432)
    yield proxy
    proxy.close()


def _stored_seqs(db: str, table_id: str) -> list[int]:
    engine = open_engine(db)
    try:
        with engine.connect() as conn:
            query = select(moves.c.seq).where(moves.c.table_id == table_id)
            return sorted(conn.execute(query.order_by(moves.c.seq)).scalars())
    finally:
        engine.dispose()


def _wait_http(url: str, status: int) -> httpx.Response:
    deadline = time.monotonic() + WAIT
    while True:
        try:
            response = httpx.get(url, timeout=WAIT)
            if response.status_code == status or time.monotonic() > deadline:
                return response
        except httpx.HTTPError:
            if time.monotonic() > deadline:
                raise
        time.sleep(0.2)


def test_a_move_while_postgresql_is_down_is_refused_and_the_match_plays_on(
    postgres: str,  # noqa: F811
    gate: Gate,
    tmp_path: Path,
) -> None:
    flags = ("--bot-delay", "0", "--grace", "3600", "--db-timeout", "3")
    server = Server(gate.url(postgres), tmp_path / "server.log", *flags).start()
    try:
        t = server.post("/api/tables", {"name": "Ann", "seats": 2, "bots": ["random"], "seed": 61})
        table = t["table"]
        with server.seat(table, t["token"]) as ws:
            ann = Player(ws)
            ann.send(type="start", id=1)
            before = ann.my_turn(0)
            seen = len(ann.frames)
            action = before["view"]["legal"][0]

            gate.cut()  # PostgreSQL is down
            ann.send(type="act", action=action, id=2)
            refused = ann.reply(2)
            assert refused["type"] == "error" and "try again" in refused["message"]
            assert all(
                f["version"] <= before["version"] for f in ann.frames[seen:] if f["type"] == "state"
            ), "a move that was not stored was shown"
            ann.send(type="ping", id=3)  # the connection is still served
            ann.until(lambda f: f["type"] == "pong" and f.get("id") == 3)
            assert httpx.get(f"{server.base}/health", timeout=WAIT).status_code == 503

            gate.restore()  # PostgreSQL is back: the table as it was, then the move
            again = ann.until(lambda f: f["type"] == "state")  # loaded again, and sent
            assert again["version"] == before["version"]
            assert again["view"] == before["view"], "the game is not as it was"
            ann.send(type="act", action=action, id=4)
            reply = ann.reply(4)
            assert reply["type"] == "ack" and reply["version"] == before["version"] + 1
            final = ann.until(  # the bot has answered: the table waits for Ann
                lambda f: (
                    f["type"] == "state"
                    and f["version"] >= reply["version"]
                    and f["view"]["to_play"] == 0
                )
            )
    finally:
        server.stop()
    seqs = _stored_seqs(postgres, table)
    assert seqs == list(range(len(seqs))), f"a gap in the stored moves: {seqs}"

    # a new process rebuilds the same match from the database: nothing lived in memory only
    again_server = Server(postgres, tmp_path / "again.log", *flags).start()
    try:
        with again_server.seat(table, t["token"]) as ws:
            back = Player(ws).until(lambda f: f["type"] == "state")
        assert (back["version"], back["view"]) == (final["version"], final["view"])
    finally:
        again_server.stop()


def test_a_hung_postgresql_never_stops_the_other_tables_or_the_pings(
    postgres: str,  # noqa: F811
    gate: Gate,
    tmp_path: Path,
) -> None:
    flags = ("--bot-delay", "0", "--grace", "3600", "--db-timeout", "2")
    server = Server(gate.url(postgres), tmp_path / "server.log", *flags).start()
    try:
        a = server.post("/api/tables", {"name": "Ann", "seats": 2, "bots": ["random"], "seed": 62})
        b = server.post("/api/tables", {"name": "Bea", "seats": 2, "bots": ["random"], "seed": 63})
        with (
            server.seat(a["table"], a["token"]) as ws_a,
            server.seat(b["table"], b["token"]) as ws_b,
        ):
            ann, bea = Player(ws_a), Player(ws_b)
            ann.send(type="start", id=1)
            bea.send(type="start", id=1)
            before = ann.my_turn(0)
            bea.my_turn(0)

            gate.stall()  # PostgreSQL hangs: Ann's move waits on it
            try:
                ann.send(type="act", action=before["view"]["legal"][0], id=2)
                bea.send(type="ping", id=3)  # another table, no database: answered meanwhile
                bea.until(lambda f: f["type"] == "pong" and f.get("id") == 3)
                refused = ann.reply(2)  # after the database's time limit, still hung
                assert refused["type"] == "error" and "try again" in refused["message"]
                health = httpx.get(f"{server.base}/health", timeout=WAIT)
                assert health.status_code == 503
            finally:
                gate.restore()

            # the database answers again: the table is loaded as the database has it (the
            # hung write may have landed after all) and the match plays on
            assert _wait_http(f"{server.base}/health", 200).status_code == 200
            assert _wait_http(f"{server.base}/api/tables/{a['table']}", 200).status_code == 200
            assert ann.play_on(0, 4)["type"] == "ack"
    finally:
        server.stop()
    seqs = _stored_seqs(postgres, a["table"])
    assert seqs == list(range(len(seqs))), f"a gap in the stored moves: {seqs}"


@pytest.fixture
def scratch_redis(tmp_path: Path) -> Iterator[ScratchRedis]:
    redis = ScratchRedis(tmp_path).start()
    yield redis
    redis.stop()


def test_after_a_redis_restart_each_process_hears_the_others_again(
    postgres: str,  # noqa: F811
    scratch_redis: ScratchRedis,
    tmp_path: Path,
) -> None:
    flags = ("--redis", scratch_redis.url, "--bot-delay", "0", "--grace", "3600")
    one = Server(postgres, tmp_path / "one.log", *flags).start()
    two = Server(postgres, tmp_path / "two.log", *flags).start()
    try:
        t = one.post("/api/tables", {"name": "Ann", "seats": 2, "seed": 64})
        bob = two.post(f"/api/tables/{t['table']}/join", {"name": "Bob"})
        with one.seat(t["table"], t["token"]) as ws1, two.seat(t["table"], bob["token"]) as ws2:
            players = {0: Player(ws1), 1: Player(ws2)}
            players[0].send(type="start", id=1)
            for player in players.values():
                player.until(lambda f: f["type"] == "state" and f["view"] is not None)

            def move(frame_id: int) -> None:
                """The seat to play plays; the other process's player sees it."""
                latest = max((p.state for p in players.values()), key=lambda f: f["version"])
                seat = latest["view"]["to_play"]
                mover, other = players[seat], players[1 - seat]
                if mover.state["version"] < latest["version"]:
                    mover.until(
                        lambda f: f["type"] == "state" and f["version"] >= latest["version"]
                    )
                reply: dict[str, Any] = {"type": "error"}
                while reply["type"] == "error":  # Redis may still be on its way back
                    mover.send(type="act", action=mover.state["view"]["legal"][0], id=frame_id)
                    reply = mover.reply(frame_id)
                    if reply["type"] == "error":
                        assert "try again" in reply["message"], reply
                        time.sleep(0.5)
                other.until(lambda f: f["type"] == "state" and f["version"] >= reply["version"])

            move(2)
            scratch_redis.stop()  # a restart: every subscription and key lost
            time.sleep(1.0)
            scratch_redis.start()
            move(3)
            move(4)
    finally:
        one.stop()
        two.stop()


def test_a_redis_outage_while_bots_plan_does_not_stop_their_table(
    postgres: str,  # noqa: F811
    scratch_redis: ScratchRedis,
    tmp_path: Path,
) -> None:
    flags = (
        "--redis", scratch_redis.url, "--bot-delay", "0.2", "--grace", "3600",
        "--round-pause", "0.5",
    )  # fmt: skip
    log = tmp_path / "server.log"
    server = Server(postgres, log, *flags).start()
    try:
        t = server.post("/api/tables", {"name": "Ann", "seats": 2, "bots": ["random"], "seed": 65})
        with server.seat(t["table"], t["token"]) as ws:
            ann = Player(ws)
            ann.send(type="start", id=1)
            ann.until(lambda f: f["type"] == "state" and f["view"] is not None)
            ann.send(type="leave", id=2)  # a stand-in plays Ann's seat: bots only, watched
            left = ann.reply(2)
            assert left["type"] == "ack"
            ann.until(lambda f: f["type"] == "state" and f["version"] >= left["version"] + 3)

            scratch_redis.stop()
            deadline = time.monotonic() + WAIT
            while not any(
                line in log.read_text()
                for line in ("the driver failed", "presence could not be read")
            ):  # a driver looked at the table and Redis failed it
                assert time.monotonic() < deadline, "no driver met the outage"
                time.sleep(0.1)
            scratch_redis.start()
            at = ann.state["version"]
            ann.until(lambda f: f["type"] == "state" and f["version"] >= at + 5)
    finally:
        server.stop()


def test_after_a_redis_restart_each_owner_holds_its_tables_again_and_play_goes_on(
    postgres: str,  # noqa: F811
    scratch_redis: ScratchRedis,
    tmp_path: Path,
) -> None:
    """With one owner per table, a Redis restart loses every lease: each owner holds its
    tables' leases again (their epochs still its own), and its players play on."""
    servers = []
    for n in (1, 2):
        flags = (
            "--redis", scratch_redis.url, "--route", f"/p/{n}", "--lease", "2",
            "--bot-delay", "0", "--grace", "3600", "--round-pause", "0.5",
        )  # fmt: skip
        servers.append(Server(postgres, tmp_path / f"server{n}.log", *flags).start())
    client = redis.Redis.from_url(scratch_redis.url)
    try:
        tables = []
        for n, server in enumerate(servers):
            body = {"name": "Ann", "seats": 2, "bots": ["random"], "seed": 66 + n}
            tables.append(server.post("/api/tables", body))  # its creator's process owns it
        with contextlib.ExitStack() as stack:
            anns = [
                Player(stack.enter_context(server.seat(t["table"], t["token"])))
                for server, t in zip(servers, tables, strict=True)
            ]
            acked = []
            for ann in anns:
                ann.send(type="start", id=1)
                started = ann.reply(1)
                assert started["type"] == "ack"
                acked.append(_act(ann, 2, started["version"]))
            scratch_redis.stop()  # a restart: every lease, presence count and subscription lost
            time.sleep(1.0)
            scratch_redis.start()
            for n, ann in enumerate(anns):
                for frame_id in (3, 4):
                    acked[n] = _act(ann, frame_id, acked[n])
        for n, t in enumerate(tables):
            deadline = time.monotonic() + WAIT
            while (holder := client.get(f"unokit:owner:{t['table']}")) is None:
                assert time.monotonic() < deadline, "the owner never held its lease again"
                time.sleep(0.1)  # the owner's next beat (a third of the lease)
            assert holder.decode().endswith(f" /p/{n + 1}")  # the same owner
            seqs = _stored_seqs(postgres, t["table"])
            assert seqs == list(range(len(seqs))), "a move lost or applied twice"
    finally:
        client.close()
        for server in servers:
            server.stop()


def _act(ann: Player, frame_id: int, after: int) -> int:
    """Seat 0 plays its first legal action from a state of version ``after`` or later in
    which it is to play, again while the server says to try again (Redis on its way back)
    or the table moved on meanwhile; the acknowledged version."""

    def mine(frame: dict[str, Any]) -> bool:
        view = frame.get("view") if frame.get("type") == "state" else None
        return bool(view) and frame["version"] >= after and view["to_play"] == 0

    while True:
        if not mine(ann.state):
            ann.until(mine)
        ann.send(type="act", action=ann.state["view"]["legal"][0], id=frame_id)
        reply = ann.reply(frame_id)
        if reply["type"] == "ack":
            return int(reply["version"])
        if "try again" in reply["message"]:
            time.sleep(0.5)
        else:  # refused by the rules: the table moved on (a bot's catch), play from there
            after = ann.state["version"] + 1
