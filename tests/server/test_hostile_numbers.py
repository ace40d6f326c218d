"""Malformed numbers and text in a JSON body are refused with a short answer: no 500, no
traceback in the log, nothing echoed that cannot be rendered; the API has a request rate
per address."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.server.conftest import create

BAD_BODIES = [
    '{"name": "h", "turn_timer": NaN}',
    '{"name": "h", "reaction": Infinity}',
    '{"name": "h", "seats": -Infinity}',
    '{"name": "h", "turn_timer": 1e400}',
    '{"name": "h", "house": {"target": NaN}}',
    '{"name": "\\ud800"}',
    '{"name": "h", "title": "x\\udfff"}',
    '{"name": "h", "house": {"\\ud800": true}}',
    '{"name": "h", "bots": ["\\udc00"]}',
]


@pytest.mark.parametrize("body", BAD_BODIES)
def test_malformed_numbers_and_lone_surrogates_are_a_short_422(
    client: TestClient, caplog: pytest.LogCaptureFixture, body: str
) -> None:
    with caplog.at_level(logging.DEBUG):
        response = client.post(
            "/api/tables", content=body, headers={"content-type": "application/json"}
        )
    assert response.status_code == 422, response.text
    answer = response.json()["error"]
    assert len(response.content) < 500
    assert "ud800" not in answer and "input" not in response.text
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


def test_a_join_with_a_lone_surrogate_is_a_422(client: TestClient) -> None:
    t = create(client, seats=2)
    response = client.post(
        f"/api/tables/{t['table']}/join",
        content='{"name": "B\\ud83d"}',
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 422 and "surrogate" in response.json()["error"]


def test_a_422_names_the_field_and_the_rule_not_the_value(client: TestClient) -> None:
    response = client.post("/api/tables", json={"name": "h", "seats": "sixty-six"})
    assert response.status_code == 422
    answer = response.json()["error"]
    assert answer.startswith("seats: ") and "sixty-six" not in answer


def test_a_large_body_is_refused(client: TestClient) -> None:
    response = client.post("/api/tables", json={"name": "h", "title": "x" * 100_000})
    assert response.status_code == 413


def test_the_api_has_a_request_rate_per_address(make_client: Any) -> None:
    client = make_client(api_rate=1, api_burst=5)
    answers = [client.get("/api/tables").status_code for _ in range(8)]
    assert answers[:5] == [200] * 5 and answers[5:] == [429] * 3
    refused = client.get("/api/options")
    assert refused.status_code == 429 and refused.headers["retry-after"] == "1"
    assert "slow down" in refused.json()["error"]
    assert (refused.json()["reason"], refused.json()["params"]) == ("requests_slow", {})
    assert client.get("/health").status_code == 200  # the page and health are not counted
