"""Names and table titles are normalised and checked alike; look-alike names cannot sit at
one table; the WebSocket origin check does not trust Host once origins are named."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from tests.server.conftest import create, join

from unokit.server.names import check_name, skeleton

REFUSED = [
    "\u3164",  # Hangul filler: draws nothing
    "\u2800\u2800",  # braille blanks
    "Ann\ufeff",  # zero-width no-break space
    "Z" + "\u0336" * 5,  # stacked marks
    "A\ue000",  # private use
    "A\u2028B",  # line separator
    "\ufdfa" * 4,  # 4 characters, 72 once normalised
    "<b>x</b>",
]


@pytest.mark.parametrize("text", REFUSED)
def test_names_and_titles_are_checked_alike(client: TestClient, text: str) -> None:
    assert client.post("/api/tables", json={"name": text}).status_code == 422
    titled = client.post("/api/tables", json={"name": "Ann", "title": text})
    assert titled.status_code == 422, titled.text


@pytest.mark.parametrize("title", ["<img src=x onerror=alert(1)>", "\u202eevil", "a\x00b"])
def test_the_trials_titles_are_refused(client: TestClient, title: str) -> None:
    response = client.post("/api/tables", json={"name": "Ann", "title": title})
    assert response.status_code == 422 and response.json()["error"].startswith("title: ")


def test_names_and_titles_are_stored_normalised(client: TestClient) -> None:
    t = create(client, name="Ａｎｎ", title="Ｆｒｉｄａｙ ｎｉｇｈｔ")
    info = client.get(f"/api/tables/{t['table']}").json()
    assert info["seats"][0]["name"] == "Ann" and info["title"] == "Friday night"
    assert create(client, title="   ")["table"]  # a blank title is no title


@pytest.mark.parametrize(
    "twin",
    ["H\u043est", "\u041dost", "HOST", "H\u03bfst", "Hóst", "H o s t", "Ｈｏｓｔ", "H0st"],
)
def test_look_alike_names_cannot_sit_at_one_table(client: TestClient, twin: str) -> None:
    t = create(client, seats=3, name="Host")
    response = client.post(f"/api/tables/{t['table']}/join", json={"name": twin})
    assert response.status_code == 409 and "called" in response.json()["error"]
    join(client, t["table"], "Guest")


def test_a_skeleton_keeps_different_names_apart() -> None:
    assert skeleton("Ann") != skeleton("Anna") and skeleton("Bob") != skeleton("Rob")
    assert skeleton("Вера") == skeleton("Вера") and check_name("  Вера ") == "Вера"


def _ws_status(client: TestClient, headers: dict[str, str]) -> int | None:
    t = create(client, seats=2)
    try:
        with client.websocket_connect(f"/ws/{t['table']}", headers=headers) as ws:
            ws.send_json({"type": "auth"})
            ws.receive_json()
            return None
    except WebSocketDisconnect as err:
        return err.code


def test_a_named_origin_is_required_once_named(make_client: Any) -> None:
    client = make_client(origins=("https://uno.example",))
    rebound = {"origin": "http://evil.example", "host": "evil.example"}
    assert _ws_status(client, rebound) == 4403
    assert _ws_status(client, {"origin": "https://uno.example"}) is None
