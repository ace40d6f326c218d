"""A seed the host chose lets the host know every card: such a table says so in the lobby
and on the table before anyone sits, its record says so, and ``unokit serve`` refuses
chosen seeds unless the operator allows them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient
from tests.server.conftest import create
from tests.server.live import Server
from tests.server.test_hostile_seeds import _one_round_match


def test_the_lobby_and_the_table_say_a_deal_is_fixed(client: TestClient) -> None:
    fixed = create(client, seats=3, seed=99)
    dealt = create(client, seats=3)
    lobby = {t["id"]: t for t in client.get("/api/tables").json()}
    assert lobby[fixed["table"]]["fixed_seed"] == 99
    assert lobby[dealt["table"]]["fixed_seed"] is None
    # the pages show it: the lobby list and the join panel of the table
    lobby_js = client.get("/static/lobby.js").text
    assert "fixed deal: the host knows the cards" in lobby_js and "t.fixed_seed" in lobby_js
    page = client.get(f"/t/{fixed['table']}").text
    assert 'id="fixed-deal"' in page and "the host knows the cards" in page
    assert '$("#fixed-deal").hidden' in client.get("/static/app.js").text


def test_the_record_says_the_deal_was_fixed(make_client: Any) -> None:
    client = make_client(grace=0.0)
    fixed = _one_round_match(client, seed=5)
    dealt = _one_round_match(client)
    assert client.get(f"/api/tables/{fixed['table']}/record").json()["fixed_seed"] is True
    assert client.get(f"/api/tables/{dealt['table']}/record").json()["fixed_seed"] is False


def test_unokit_serve_refuses_chosen_seeds_unless_allowed(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 't.sqlite3'}"
    server = Server(db, tmp_path / "server.log", "--no-allow-seeds").start()
    try:
        body = {"name": "Ann", "seats": 2, "seed": 5}
        refused = httpx.post(f"{server.base}/api/tables", json=body, timeout=10)
        assert refused.status_code == 400 and "seed" in refused.json()["error"]
        assert httpx.post(f"{server.base}/api/tables", json={"name": "Ann"}).status_code == 201
    finally:
        server.stop()
    server = Server(db, tmp_path / "server2.log", "--allow-seeds").start()
    try:
        t = server.post("/api/tables", {"name": "Ann", "seats": 2, "seed": 5})
        info = httpx.get(f"{server.base}/api/tables/{t['table']}", timeout=10).json()
        assert info["fixed_seed"] == 5
    finally:
        server.stop()


def test_chosen_seeds_are_off_unless_the_operator_allows_them() -> None:
    from unokit.cli.serve import serve

    (option,) = [p for p in serve.params if p.name == "fixed_seeds"]
    assert option.default is False
    assert "--allow-seeds" in option.opts and "--no-allow-seeds" in option.secondary_opts
