"""The lobby's refusals of a new table's form and of a join carry, beside the English
``error``, the refusal's ``reason`` code and ``params``, which the page tells in its
reader's language (docs/server.md)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from tests.server.conftest import create

from unokit.i18n import catalogue
from unokit.refusals import Refusal, tell


def _refused(client: TestClient, body: dict[str, Any], path: str = "/api/tables") -> Any:
    response = client.post(path, json=body)
    assert response.status_code in (400, 409, 422, 429), response.text
    return response.json()


def test_each_refusal_of_the_form_and_a_join_says_its_code(make_client: Any) -> None:
    client = make_client(min_reaction=0.5, max_reaction=4.0)
    cases: list[tuple[dict[str, Any], str, dict[str, Any]]] = [
        (
            {"preset": "mattel-2021", "seats": 12},
            "players_range",
            {"game": "mattel-2021", "low": 2, "high": 10, "count": 12},
        ),
        ({"seats": 3, "bots": ["random"] * 3}, "bots_fit", {"n": 2, "count": 3}),
        ({"reaction": 9}, "reaction_range", {"least": "0.5", "most": "4", "value": "9"}),
        ({"house": {"target": 0}}, "house_range", {"key": "target", "low": 1, "high": 100000}),
        ({"house": {"stacking": "yes"}}, "house_bool", {"key": "stacking"}),
        ({"house": {"target": True}}, "house_whole", {"key": "target"}),
        ({"name": "x" * 41}, "field_long", {"where": "name", "n": 40}),
        ({"name": ""}, "field_short", {"where": "name", "n": 1}),
        ({"name": "<b>"}, "name_angle", {}),
        ({"name": "Ann\u200d"}, "name_format", {"hex": "200D"}),
        ({"title": "--"}, "title_blank", {}),
        ({"seats": "many"}, "field_integer", {"where": "seats"}),
    ]
    for body, code, params in cases:
        answer = _refused(client, {"name": "Ann", **body})
        assert (answer["reason"], answer["params"]) == (code, params), answer
        told = tell(Refusal(code, params), catalogue("fr"))
        assert told and told != answer["error"]
    table = create(client, seats=2)["table"]
    taken = _refused(client, {"name": "ann"}, f"/api/tables/{table}/join")
    assert taken["reason"] == "name_taken"
    missing = _refused(client, {}, f"/api/tables/{table}/join")
    assert (missing["reason"], missing["params"]) == ("field_missing", {"where": "name"})
    assert tell(Refusal("field_missing", missing["params"]), catalogue("de")) == (
        "name: dieses Feld fehlt"
    )
