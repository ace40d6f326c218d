"""The /score page carries the engine's scoring data and its own files."""

from __future__ import annotations

import json
import re

from fastapi.testclient import TestClient

from unokit.scorepad import scoring_data


def test_the_page_carries_the_engines_card_values(client: TestClient) -> None:
    page = client.get("/score")
    assert page.status_code == 200
    found = re.search(
        r'<script type="application/json" id="scoring-data">(.*?)</script>', page.text
    )
    assert found is not None
    assert json.loads(found.group(1)) == scoring_data()
    assert client.get("/api/scoring").json() == scoring_data()
    for name in ("app.js", "pad.js", "score.css", "manifest.webmanifest", "icon.svg"):
        assert client.get(f"/static/score/{name}").status_code == 200, name
    manifest = client.get("/static/score/manifest.webmanifest").json()
    assert manifest["start_url"] == "/score" and manifest["display"] == "standalone"
