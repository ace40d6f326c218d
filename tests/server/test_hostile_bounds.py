"""Every value a client sends meets the same bounds however deeply it is nested: the house
rules' ``target`` and ``timer`` are capped as the top-level ``target`` and ``turn_timer``."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.server.conftest import create


@pytest.mark.parametrize(
    ("body", "why"),
    [
        ({"house": {"target": 10**30}}, "house.target is 1 to 100000"),
        ({"house": {"target": 100_001}}, "house.target is 1 to 100000"),
        ({"house": {"target": 0}}, "house.target is 1 to 100000"),
        ({"house": {"target": True}}, "house.target is a whole number"),
        ({"house": {"target": "500"}}, "house.target is a whole number"),
        ({"target": 10**30}, "target: "),
        ({"preset": "triple-play", "house": {"timer": 10**9}}, "house.timer is 1 to 600"),
        ({"preset": "triple-play", "house": {"timer": 0.5}}, "house.timer is 1 to 600"),
        ({"house": {"new_wild_points": 10**20}}, "house.new_wild_points is 0 to 1000"),
        ({"house": {"custom_rule": "x" * 10_000}}, "house.custom_rule is one of"),
        ({"house": {"wd4_wilds": "<script>"}}, "house.wd4_wilds is one of"),
        ({"house": {"scoring": 3}}, "house.scoring is one of"),
        ({"house": {"stacking": "yes"}}, "house.stacking is true or false"),
        ({"house": {"x" * 41: True}}, "at most 40 characters"),
    ],
)
def test_nested_values_meet_the_top_level_bounds(
    client: TestClient, body: dict[str, Any], why: str
) -> None:
    response = client.post("/api/tables", json={"name": "Ann", **body})
    assert response.status_code == 422, response.text
    assert why in response.json()["error"]
    assert "house: house." not in response.json()["error"]  # the field named once
    assert len(response.content) < 600  # nothing long echoed back
    assert client.get("/api/tables").json() == []


def test_values_within_the_bounds_still_make_tables(client: TestClient) -> None:
    create(client, house={"target": 100_000, "stacking": True, "scoring": "lowest"})
    create(client, preset="triple-play", house={"timer": 600})
    create(client, preset="triple-play", house={"timer": 2.5})
    # an unknown switch is still named by the rules engine
    unknown = client.post("/api/tables", json={"name": "A", "house": {"flying": True}})
    assert unknown.status_code == 409 and "flying" in unknown.json()["error"]
