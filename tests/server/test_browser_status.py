"""The connection's state on a phone, in Chromium: every state other than "connected" is read
whole (never cut or ellipsised, never off the screen) on a 360 and a 390 pixel phone held
upright and a 740 by 360 one held sideways (a tablet and a desktop too), in English, German
and Arabic, and the bar's controls stay on the screen beside it; "Reconnect now" stays there
to be tapped.

The page is driven into each state by the server's own close codes, delivered on its socket
(Playwright's WebSocket route, forwarding to the real server), while the server is paused so
the page's next try hangs as a blocked network's does and the state holds.

Lean on purpose: one browser and one server for the module, one page a language, the window
resized under it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute
from tests.server.browser_kit import module_browser, start_server
from tests.server.live import Server

__all__ = ["module_browser"]  # the fixture

SIZES = [(360, 740), (390, 844), (740, 360), (768, 1024), (1024, 768), (1280, 800)]
"""Phones held upright and sideways, a tablet both ways, a desktop."""

STATES = [
    (4409, "your seat changed hands: reconnecting"),
    (4307, "the table is served elsewhere: reconnecting"),
    (4401, "your seat here went to a bot: you are watching"),
    (1011, "connection lost: reconnecting"),
    (None, "not connected"),  # a move sent while the connection is lost
    (4429, "the server is holding too many connections from here: retrying later"),
    (4404, "there is no such table"),
]
"""Each close code the page tells apart, and what its bar then says (the English words)."""

READ = """() => {
  const shown = (n) => n && n.getClientRects().length > 0
    && getComputedStyle(n).visibility !== 'hidden';
  const box = (n) => {
    const r = n.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  };
  const whole = (n) => n.scrollWidth <= n.clientWidth + 1 && n.scrollHeight <= n.clientHeight + 1;
  const meets = (a, b) => a[0] < b[2] - 1 && b[0] < a[2] - 1 && a[1] < b[3] - 1 && b[1] < a[3] - 1;
  const status = document.querySelector('#status');
  const dot = parseFloat(getComputedStyle(status).fontSize) === 0;
  // a dot in the bar says the state by its colour; then the banner on the felt says it in words
  const words = dot ? document.querySelector('#offline') : status;
  const controls = [...document.querySelectorAll('header.bar :is(button, select, a)')]
    .filter(shown).map((n) => ({ id: n.id || n.className, box: box(n), whole: whole(n) }));
  const again = document.querySelector('#reconnect-now');
  let tap = null;
  if (shown(again)) {
    const b = box(again);
    const hit = document.elementFromPoint((b[0] + b[2]) / 2, (b[1] + b[3]) / 2);
    tap = { box: b, hit: Boolean(hit && hit.closest('#reconnect-now')) };
  }
  return {
    text: status.textContent, dot, words: words.id, shown: shown(words), box: box(words),
    whole: whole(words), felt: box(document.querySelector('#felt')), controls, tap,
    over: controls.filter((c) => !dot && meets(c.box, box(status))).map((c) => c.id),
  };
}"""
"""Where the state's words are (the status itself, or the banner when the bar shows a dot),
whether they are whole and on the screen, the bar's controls, and "Reconnect now"."""


@pytest.fixture(scope="module")
def paused_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server of the module's own: the tests pause it (kill -STOP) to hold a state."""
    live = start_server(tmp_path_factory.mktemp("server"), "--bot-delay", "0.02", "--grace", "3600")
    yield live
    live.resume()
    live.stop()


class Sockets:
    """The page's sockets, each routed through the test: forwarded to the server, or while
    ``refusing`` closed at once, as a server that is down refuses them (the newest last)."""

    def __init__(self) -> None:
        self.routes: list[WebSocketRoute] = []
        self.refusing = False

    def route(self, ws: WebSocketRoute) -> None:
        self.routes.append(ws)
        if self.refusing:
            ws.close(code=1011)
        else:
            ws.connect_to_server()

    def close(self, code: int) -> None:
        """The server closes the page's socket with ``code``."""
        self.routes[-1].close(code=code)


def seated(browser: Browser, server: Server, lang: str) -> tuple[Page, Sockets, str]:
    """Ann at a started table in ``lang``, her page's sockets routed through the test, and
    her seat token's storage key and value."""
    made = server.post(
        "/api/tables", {"name": "Ann", "preset": "mattel-2021", "seats": 2, "bots": ["greedy"]}
    )
    sockets = Sockets()
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.route_web_socket("**/ws/**", sockets.route)
    page.goto(server.base + "/health")  # the origin, to hold the seat token
    page.evaluate(f"localStorage.setItem('unokit:token:{made['table']}', '{made['token']}')")
    page.goto(f"{server.base}/t/{made['table']}?lang={lang}")
    page.click("[data-control=start]")
    page.wait_for_selector("#hand button.card")
    return page, sockets, f"unokit:token:{made['table']}={made['token']}"


def said(page: Page, english: str) -> str:
    """The page's words for ``english`` in its language."""
    text: str = page.evaluate("(m) => import('/static/words.js').then((w) => w._(m))", english)
    return text


def folded(page: Page) -> list[bool]:
    """Whether the status is a dot (no letter drawn) and whether it sits in the bar."""
    got: list[bool] = page.evaluate(
        """() => { const s = document.querySelector('#status');
                   const bar = document.querySelector('header.bar').getBoundingClientRect();
                   return [getComputedStyle(s).fontSize === '0px',
                           s.getBoundingClientRect().bottom <= bar.bottom]; }"""
    )
    return got


def check(page: Page, state: str) -> None:
    """At each size: the state's words whole and on the screen, the bar's controls on
    the screen and uncovered, and "Reconnect now" (when shown) on the screen to be tapped."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(50)
        got: dict[str, Any] = page.evaluate(READ)
        where = f"{state!r} at {width}x{height}: {got}"
        assert got["shown"] and got["whole"], where
        b = got["box"]
        assert b[0] >= -0.5 and b[1] >= -0.5 and b[2] <= width + 0.5 and b[3] <= height + 0.5, where
        for c in got["controls"]:
            cb = c["box"]
            assert cb[0] >= -0.5 and cb[2] <= width + 0.5 and c["whole"], where
        assert not got["over"], where
        if got["words"] == "offline":
            assert got["tap"] and got["tap"]["hit"], where
            # its words wrap at the felt's width, not in a narrow column down the felt
            felt = got["felt"][2] - got["felt"][0]
            assert b[2] - b[0] >= 0.85 * min(felt, 400), where
            tb = got["tap"]["box"]
            assert tb[0] >= 0 and tb[2] <= width and tb[3] <= height, where


NEXT_TRY = "Next try in {count} s."


def next_try(page: Page) -> int:
    """The seconds the lost connection's banner counts down to its next try, checked to be
    said in the page's language."""
    page.wait_for_selector("#offline-next:not([hidden])", timeout=10_000)
    text = page.inner_text("#offline-next")
    found = re.search(r"\d+", text)
    assert found, text
    n = int(found[0])
    words = page.evaluate(
        "([m, n]) => import('/static/words.js').then((w) => w.ngettext(m, m, n))", [NEXT_TRY, n]
    )
    assert text == words, (text, words)
    return n


@pytest.mark.parametrize("lang", ["en", "de", "ar"])
def test_every_connection_state_is_read_whole_on_a_phone(
    module_browser: Browser, paused_server: Server, lang: str
) -> None:
    page, sockets, token = seated(module_browser, paused_server, lang)
    key, value = token.split("=", 1)
    try:
        for code, english in STATES:
            words = said(page, english)
            if code is None:  # still lost (the step before): a move sent is not sent
                page.evaluate("() => import('/static/net.js').then((n) => n.send({type: 'act'}))")
            elif code == 1011:  # lost: the server refuses each try, the back-off grows
                sockets.refusing = True
                sockets.close(code)
            else:
                paused_server.pause()  # the page's next try hangs, so the state holds
                sockets.close(code)
            page.wait_for_function(
                "(t) => document.querySelector('#status').textContent === t", arg=words
            )
            if code == 1011:  # the banner counts down to the next try, 19.2 s at the most
                assert 1 <= next_try(page) <= 20
            check(page, english)
            if code == 4404:  # a note: a tap folds it to its dot, a tap on the dot unfolds it
                page.set_viewport_size({"width": 390, "height": 844})
                assert folded(page) == [False, False]
                page.click("#status")
                assert folded(page) == [True, True]
                page.click("#status")
                assert folded(page) == [False, False]
            if code == 1011:
                continue  # lost it stays, for the next step
            if code is None:  # the server is back: "Reconnect now" tapped, not waited out
                sockets.refusing = False
                paused_server.pause()  # until the tap, a try of the page's own hangs
                page.click("#reconnect-now")
            if code == 4401:  # the page forgot its token: given back before the next try
                page.evaluate(f"localStorage.setItem('{key}', '{value}')")
            paused_server.resume()
            if code in (4429, 4404):  # no try of its own for a while: one at once
                page.evaluate("() => import('/static/net.js').then((n) => n.reconnectNow())")
            page.wait_for_selector("#status[data-connected]", timeout=20_000)
    finally:
        paused_server.resume()
        page.close()
