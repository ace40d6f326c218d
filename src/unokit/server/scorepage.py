"""The ``/score`` page: the score pad for a match played with real cards.

The page is ``static/score/index.html`` with the editions' card values written into it when
it is served, as JSON taken from the engine (``unokit.scorepad.scoring_data``): the browser
scores by the engine's values, none written twice, and a phone that opened the page once has
them offline with the page itself.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files

from fastapi import FastAPI
from fastapi.responses import HTMLResponse

from unokit.scorepad import scoring_data

__all__ = ["add_score_page", "score_page"]

PAGE = files("unokit.server") / "static" / "score" / "index.html"
SLOT = "<!--scoring-data-->"


@cache
def score_page() -> str:
    """The page with the scoring data in it (``</`` escaped inside the script element)."""
    data = json.dumps(scoring_data(), separators=(",", ":")).replace("</", "<\\/")
    html = PAGE.read_text(encoding="utf-8")
    assert SLOT in html
    return html.replace(SLOT, data)


def add_score_page(app: FastAPI) -> None:
    """Serve ``/score`` (the pad) and ``/api/scoring`` (its data, for other programs)."""

    @app.get("/score", include_in_schema=False)
    async def score() -> HTMLResponse:
        return HTMLResponse(score_page(), headers={"Cache-Control": "no-cache"})

    @app.get("/api/scoring")
    async def scoring() -> dict[str, object]:
        """Each edition's scoring modes and card values, from the engine."""
        return scoring_data()
