"""The pages run only the package's own scripts and cannot be framed; responses are not
sniffed and send no referrer; the API docs are off unless the operator turns them on."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient


@pytest.mark.parametrize(
    "path", ["/", "/t/abc", "/unit", "/score", "/sw.js", "/static/app.js", "/api/tables", "/health"]
)
def test_every_response_carries_the_security_headers(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    csp = response.headers["content-security-policy"]
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    assert directives["script-src"] == "'self'"  # no inline script, no other origin
    assert directives["frame-ancestors"] == "'none'"
    assert directives["default-src"] == "'self'"
    assert response.headers["x-frame-options"] == "DENY"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "no-referrer"


def test_refusals_carry_them_too(client: TestClient) -> None:
    for response in (client.get("/nowhere"), client.get("/api/tables/" + "x" * 5000)):
        assert response.status_code in (404, 414)
        assert response.headers["x-frame-options"] == "DENY"


def test_the_pages_hold_no_inline_script(client: TestClient) -> None:
    import re

    for path in ("/", "/unit", "/score"):
        html = client.get(path).text
        for attrs, body in re.findall(r"<script([^>]*)>(.*?)</script>", html, re.S):
            if "application/json" in attrs:
                continue  # data, never run
            assert "src=" in attrs and not body.strip(), (path, attrs)
        assert not re.search(r"\son[a-z]+\s*=", html), path  # no inline handlers


def test_the_api_docs_are_off_by_default(client: TestClient) -> None:
    for path in ("/api/docs", "/docs", "/redoc", "/openapi.json", "/api/openapi.json"):
        assert client.get(path).status_code == 404, path


def test_the_operator_may_serve_the_schema_but_never_a_cdn_page(make_client: Any) -> None:
    client = make_client(api_docs=True)
    schema = client.get("/api/openapi.json")
    assert schema.status_code == 200 and "/api/tables" in schema.json()["paths"]
    assert client.get("/api/docs").status_code == 404
    assert "cdn" not in schema.text.lower()
