"""The page's chat, now in frames of its own: each line shows once, and after the socket is
lost and the page reconnects the recent lines are there again, none of them twice."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser
from tests.server.browser_kit import DESKTOP, browser, shots_dir, start_server

__all__ = ["browser"]  # the fixture

# Keep the page's sockets within reach, so the test can cut one as a network would.
TRACK_SOCKETS = """(() => {
  const Real = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = class extends Real {
    constructor(...args) { super(...args); window.__sockets.push(this); }
  };
})();"""

CHAT = "() => [...document.querySelectorAll('#chat li')].map((li) => li.textContent)"


def test_chat_lines_show_once_and_survive_a_reconnection(browser: Browser, tmp_path: Path) -> None:
    server = start_server(tmp_path, "--grace", "3600", "--round-pause", "3600")
    try:
        made = server.post("/api/tables", {"name": "Ann", "seats": 2})
        bob = server.post(f"/api/tables/{made['table']}/join", {"name": "Bob"})
        page = browser.new_page(viewport=DESKTOP)
        page.add_init_script(TRACK_SOCKETS)
        page.goto(server.base + "/health")  # the origin, to hold the seat token
        page.evaluate(f"localStorage.setItem('unokit:token:{made['table']}', '{made['token']}')")
        page.goto(f"{server.base}/t/{made['table']}")
        page.wait_for_function("document.body.dataset.state === 'lobby'")
        with server.seat(made["table"], bob["token"]) as ws:
            for n in range(3):
                ws.send(json.dumps({"type": "chat", "text": f"hello {n}"}))
            page.wait_for_function("document.querySelectorAll('#chat li').length === 3")
            assert page.evaluate(CHAT) == [f"Bob: hello {n}" for n in range(3)]
            page.evaluate("window.__sockets.at(-1).close()")  # the connection drops
            page.wait_for_function("window.__sockets.length === 2")
            page.wait_for_function("window.__sockets.at(-1).readyState === WebSocket.OPEN")
            page.fill("#chat-form input", "back again")
            page.press("#chat-form input", "Enter")
            page.wait_for_function("document.querySelectorAll('#chat li').length === 4")
            assert page.evaluate(CHAT) == [
                *(f"Bob: hello {n}" for n in range(3)),
                "Ann: back again",
            ]
            page.screenshot(path=str(shots_dir(tmp_path) / "chat-after-reconnect.png"))
    finally:
        server.stop()
