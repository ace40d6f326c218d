"""Limits count an IPv6 /64 as one client (one subscriber holds a whole /64); the lobby
lists a page of open tables, not all of them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from tests.server.conftest import config_for, create
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from unokit.server import create_app
from unokit.server.app import LOBBY_PAGE
from unokit.server.guards import client_address


def test_an_ipv6_64_is_one_address() -> None:
    one = client_address("2001:db8:1:2:aaaa::1")
    assert one == client_address("2001:db8:1:2:ffff:ffff:ffff:fffe") == "2001:db8:1:2::/64"
    assert one != client_address("2001:db8:1:3::1")
    assert client_address("::ffff:192.0.2.7") == "192.0.2.7"
    assert client_address("192.0.2.7") != client_address("192.0.2.8")


def _behind_a_proxy(app: Any) -> TestClient:
    """The app as ``unokit serve`` runs it behind a proxy: the client's address is taken
    from X-Forwarded-For (uvicorn's own middleware)."""
    return TestClient(ProxyHeadersMiddleware(app, trusted_hosts="*"))


def _from(address: str) -> dict[str, str]:
    return {"x-forwarded-for": address}


def test_table_limits_count_an_ipv6_64_together(tmp_path: Path) -> None:
    app = create_app(config_for(tmp_path, tables_per_address=2, seats_per_address=50))
    with _behind_a_proxy(app) as client:
        for address in ("2001:db8:1:2::1", "2001:db8:1:2::2"):
            body = {"name": "Ann", "seats": 2}
            assert client.post("/api/tables", json=body, headers=_from(address)).status_code == 201
        neighbour = _from("2001:db8:1:2:dead:beef:0:1")
        refused = client.post("/api/tables", json={"name": "Eve", "seats": 2}, headers=neighbour)
        assert refused.status_code == 429 and "at most 2 tables" in refused.json()["error"]
        elsewhere = _from("2001:db8:1:3::1")
        body = {"name": "Bob", "seats": 2}
        assert client.post("/api/tables", json=body, headers=elsewhere).status_code == 201


def test_the_api_rate_counts_an_ipv6_64_together(tmp_path: Path) -> None:
    app = create_app(config_for(tmp_path, api_rate=1, api_burst=3))
    with _behind_a_proxy(app) as client:
        answers = [client.get("/api/tables", headers=_from(f"2001:db8:9:9::{n}")) for n in range(4)]
        assert [a.status_code for a in answers] == [200, 200, 200, 429]
        assert client.get("/api/tables", headers=_from("2001:db8:9:a::1")).status_code == 200


def test_the_lobby_lists_a_page_of_the_newest_open_tables(make_client: Any) -> None:
    client: TestClient = make_client(
        tables_per_address=LOBBY_PAGE + 20,
        seats_per_address=LOBBY_PAGE + 20,
        seats_burst=LOBBY_PAGE + 20,
        api_burst=1000,
    )
    made = [create(client, seats=2)["table"] for _ in range(LOBBY_PAGE + 10)]
    listed = [t["id"] for t in client.get("/api/tables").json()]
    assert len(listed) == LOBBY_PAGE
    assert set(listed) == set(made[-LOBBY_PAGE:])
