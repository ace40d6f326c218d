"""Addresses as networks hand them out: an IPv6 client is its prefix (configurable), one
site's prefixes share a ceiling, and the IPv6 forms of an IPv4 address are that address.
The trusted proxies are one setting of networks, shared by uvicorn and the connection
guard; the right-most untrusted ``X-Forwarded-For`` entry is the client. Slow bodies are
closed at a deadline, and a few addresses cannot take the last connections."""

from __future__ import annotations

import socket
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from tests.server.conftest import config_for, create, receive, seated
from tests.server.live import Server
from tests.server.test_tables import hub_of
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from unokit.cli import main
from unokit.server import create_app
from unokit.server.addresses import OTHER, Addresses, parse_trusted


def test_the_ipv6_forms_of_an_ipv4_address_are_that_address() -> None:
    plain = Addresses()
    for form in (
        "::ffff:192.0.2.7",
        "2002:c000:207::1",
        "2002:c000:207:ffff::2",
        "64:ff9b::c000:207",
    ):
        assert plain.client(form) == "192.0.2.7", form
    assert plain.client("anything-1") == plain.client("anything-2") == OTHER


def test_an_ipv6_client_is_its_configured_prefix_and_its_site_a_wider_one() -> None:
    wide = Addresses(prefix=56, network_prefix=40)
    assert (
        wide.client("2001:db8:1:2ff::1")
        == wide.client("2001:db8:1:200::9")
        == "2001:db8:1:200::/56"
    )
    assert wide.network("2001:db8:1:200::/56") == "2001:db8::/40"
    assert Addresses().network(Addresses().client("2001:db8:1:2::1")) == "2001:db8:1::/48"
    assert Addresses().network("192.0.2.7") == "192.0.2.7"
    with pytest.raises(ValueError, match="prefix"):
        Addresses(prefix=48, network_prefix=56)


def _behind_a_proxy(app: Any) -> TestClient:
    return TestClient(ProxyHeadersMiddleware(app, trusted_hosts="testclient"))


def test_one_sites_prefixes_share_a_ceiling_of_tables(tmp_path: Path) -> None:
    """A /48 holds 65,536 /64s: each may create its tables, and together no more than the
    site's ceiling, so one site cannot fill the server; another site still creates."""
    app = create_app(config_for(tmp_path, tables_per_network=3, seats_per_address=50))
    with _behind_a_proxy(app) as client:
        body = {"name": "Ann", "seats": 2}
        for n in range(3):
            headers = {"x-forwarded-for": f"2001:db8:77:{n}::1"}
            assert client.post("/api/tables", json=body, headers=headers).status_code == 201
        refused = client.post(
            "/api/tables", json=body, headers={"x-forwarded-for": "2001:db8:77:ff::1"}
        )
        assert refused.status_code == 429 and "from one network" in refused.json()["error"]
        other = client.post("/api/tables", json=body, headers={"x-forwarded-for": "2001:db8:78::1"})
        assert other.status_code == 201


def test_the_trusted_proxies_are_networks_and_never_everyone() -> None:
    assert [str(n) for n in parse_trusted(["10.0.0.0/8", "fd00::1"])] == [
        "10.0.0.0/8",
        "fd00::1/128",
    ]
    with pytest.raises(ValueError, match="every client"):
        parse_trusted(["*"])
    for bad in ("*", "proxy.example"):
        result = CliRunner().invoke(main, ["serve", "--trusted-proxy", bad], env={"UNOKIT_DB": "x"})
        assert result.exit_code == 2 and "Traceback" not in result.output, result.output
        assert "--trusted-proxy" in result.output


def _spectator(port: int, source: str, forwarded: str) -> socket.socket:
    """A connection from ``source`` holding a request open (as a proxy's would)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
    sock.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: " + forwarded.encode())
    return sock


def test_a_proxy_trusted_by_network_forwards_its_clients_to_every_limit(tmp_path: Path) -> None:
    """Behind a proxy at 127.0.0.5, trusted as 127.0.0.0/8: its connections are not capped
    as one address's, and the client is the right-most entry it did not write itself."""
    flags = ("--trusted-proxy", "127.0.0.0/8", "--limit", "conns_per_address=4")
    flags += ("--limit", "tables_per_address=1")
    server = Server(f"sqlite:///{tmp_path / 't.sqlite3'}", tmp_path / "server.log", *flags)
    server.start()
    held: list[socket.socket] = []
    try:
        held = [_spectator(server.port, "127.0.0.5", f"198.51.100.{n}") for n in range(8)]
        with httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.5")) as proxy:
            assert proxy.get(f"{server.base}/health", timeout=5).status_code == 200
            body = {"name": "Ann", "seats": 2}
            created = []
            for left in ("10.1.1.1", "10.1.1.2", "10.1.1.3"):
                headers = {"x-forwarded-for": f"{left}, 198.51.100.250"}
                created.append(proxy.post(f"{server.base}/api/tables", json=body, headers=headers))
            assert [a.status_code for a in created] == [201, 429, 429]  # one client: the right
    finally:
        for sock in held:
            sock.close()
        server.stop()


def _closed_within(sock: socket.socket, seconds: float) -> bool:
    sock.settimeout(seconds)
    try:
        while sock.recv(4096):
            pass
        return True
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_a_body_sent_a_byte_at_a_time_is_closed_at_the_body_deadline(tmp_path: Path) -> None:
    flags = ("--header-timeout", "1", "--body-timeout", "1")
    server = Server(f"sqlite:///{tmp_path / 't.sqlite3'}", tmp_path / "server.log", *flags)
    server.start()
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    try:
        sock.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 16000\r\n\r\n{"
        )
        closed = False
        for _ in range(30):  # a byte now and then does not keep it open
            try:
                sock.sendall(b" ")
            except OSError:
                closed = True
                break
            if _closed_within(sock, 0.5):
                closed = True
                break
        assert closed
    finally:
        sock.close()
        server.stop()


def test_a_few_addresses_at_their_caps_leave_the_last_connections_to_others(
    tmp_path: Path,
) -> None:
    """Four addresses holding their 12 connections each would take all 48: the last six
    are kept for clients holding fewer than four, so /health from a fresh address answers."""
    flags = ("--limit", "conns_per_address=12", "--limit", "max_connections=48")
    server = Server(f"sqlite:///{tmp_path / 't.sqlite3'}", tmp_path / "server.log", *flags)
    server.start()
    held: list[socket.socket] = []
    try:
        for n in range(4):
            for _ in range(12):
                sock = socket.create_connection(
                    ("127.0.0.1", server.port), timeout=5, source_address=(f"127.0.3.{n}", 0)
                )
                sock.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")
                held.append(sock)
        time.sleep(0.2)
        with httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.3.99")) as fresh:
            assert fresh.get(f"{server.base}/health", timeout=5).status_code == 200
    finally:
        for sock in held:
            sock.close()
        server.stop()


def test_a_table_its_creator_left_before_the_start_makes_room_for_a_newcomer(
    make_client: Any,
) -> None:
    """A full server refuses a newcomer; the tables nobody watches and nobody started go
    after ``lobby_expiry`` (not the 6 h of a table in play), and the newcomer gets in."""
    client = make_client(max_tables=3, seats_per_address=50)
    hub = hub_of(client)
    left = [create(client, seats=2) for _ in range(2)]
    watched = create(client, seats=2)
    full = client.post("/api/tables", json={"name": "New", "seats": 2})
    assert full.status_code == 429 and "all the tables" in full.json()["error"]
    with seated(client, watched["table"], watched["token"]) as ws:
        receive(ws)  # connected
        gone = hub.expire_idle(now=time.time() + hub.config.lobby_expiry + 1)
    assert sorted(gone) == sorted(t["table"] for t in left)
    assert client.post("/api/tables", json={"name": "New", "seats": 2}).status_code == 201
    assert hub.expire_idle(now=time.time() + hub.config.lobby_expiry - 60) == []
