"""The table's geometry in Chromium, asserted in pixels at every table size and window size:
no seat off the felt or under the side panel, your seat never over the prompt, no sideways
scrolling on a phone, no name split inside a word, Party!'s link line where the seats are.

Lean on purpose (it runs in CI on 2 cores): one browser and one server for the module, tables
dealt over the API, one page a table, and the window resized under it.
"""

from __future__ import annotations

import contextlib
import os
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError
from tests.server.browser_kit import (
    DOCS,
    assert_link_line_joins_the_linked_seats,
    dealt,
    link_line,
    module_browser,
    module_server,
    take_a_turn,
)
from tests.server.live import Server

REFRESH = os.environ.get("UNOKIT_SCREENSHOTS", "") not in ("", "0")
DOCS_SIZES = {(1280, 800): "desktop", (390, 844): "phone", (844, 390): "landscape"}
"""With ``UNOKIT_SCREENSHOTS=1`` the 6- and 16-seat tables at these sizes go to the docs."""
SIZES = [(1280, 800), (1440, 900), (390, 844), (360, 640), (844, 390), (740, 360)]
SIDEWAYS = {(844, 390): "landscape", (740, 360): "landscape"}
"""Phones held sideways: the seats around a compact felt, clear of the piles; your seat and
your hand on the first screen."""

GEOMETRY = """() => {
  const box = (n) => {
    const r = n.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  };
  const q = (s) => document.querySelector(s);
  const broken = [];
  for (const name of document.querySelectorAll('#seats .seat .name')) {
    const text = name.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) continue;
    let at = 0;
    for (const word of text.textContent.split(' ')) {
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + word.length);
      if (word && range.getClientRects().length > 1) broken.push(text.textContent);
      at += word.length + 1;
    }
  }
  const bar = [...document.querySelectorAll('header.bar button')]
    .filter((b) => b.getClientRects().length).map((b) => {
    const words = [];
    const tops = [];
    const walk = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
    for (let t = walk.nextNode(); t; t = walk.nextNode()) {
      const whole = document.createRange();
      whole.selectNodeContents(t);
      for (const r of whole.getClientRects()) {
        if (r.width > 0 && !tops.some((y) => Math.abs(y - r.top) < r.height / 2)) tops.push(r.top);
      }
      let at = 0;
      for (const word of t.textContent.split(' ')) {
        const range = document.createRange();
        range.setStart(t, at);
        range.setEnd(t, at + word.length);
        if (word && range.getClientRects().length > 1) words.push(word);
        at += word.length + 1;
      }
    }
    const clipped = b.scrollWidth > b.clientWidth + 1;
    return { text: b.textContent.trim(), lines: tops.length, words, clipped };
  });
  const shown = (s) => { const n = q(s); return n && n.getClientRects().length ? box(n) : null; };
  return {
    felt: box(q('#felt')), side: box(q('#side')), prompt: box(q('#prompt-row')),
    middle: ['#piles', '#unit', '#draw-pile', '#discard'].map(shown).filter(Boolean),
    hand: shown('#hand'), cards: [...document.querySelectorAll('#hand .card')].slice(0, 3).map(box),
    height: document.documentElement.clientHeight,
    seats: [...document.querySelectorAll('#seats .seat')].map((n) => ({
      seat: n.dataset.seat, me: n.classList.contains('me'), box: box(n) })),
    scroll: document.documentElement.scrollWidth, width: document.documentElement.clientWidth,
    broken, bar,
    mini: [...document.querySelectorAll('#seats .seat .mini-count')].map((n) => {
      const range = document.createRange();
      range.selectNodeContents(n);
      const lines = [...range.getClientRects()].filter((r) => r.width > 0);
      return { text: n.textContent, lines: new Set(lines.map((r) => Math.round(r.top))).size,
        width: lines.reduce((w, r) => w + r.width, 0), room: n.parentNode.clientWidth,
        size: parseFloat(getComputedStyle(n).fontSize) };
    }),
    read: [...document.querySelectorAll('#seats .seat')].map((n) => {
      const name = n.querySelector('.name');
      const count = n.querySelector('.count');
      const range = document.createRange();
      range.selectNodeContents(name);
      return {
        seat: n.dataset.seat, box: box(n), count: box(count),
        text: [...range.getClientRects()].map((r) => [r.left, r.top, r.right, r.bottom]),
        sizes: [name, count].map((x) => parseFloat(getComputedStyle(x).fontSize)),
        clipped: name.scrollWidth > name.clientWidth + 1,
      };
    }),
  };
}"""
"""Where everything is, in CSS pixels of the viewport."""

WIDEST_BADGES = """() => { for (const s of document.querySelectorAll('#seats .seat')) {
  s.classList.add('uno'); s.querySelector('.count').textContent = '88'; } }"""
"""Every seat's count at two wide digits with its UNO! flag up, as late in a long round."""

__all__ = ["module_browser", "module_server"]  # the fixtures

SETTLE = """() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"""
"""Two animation frames: the resize observed, the seats placed again, the page laid out."""


def overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1


def assert_geometry(page: Page, width: int, height: int) -> dict[str, Any]:
    """Everything in place at this size, every name and card count clear of each other."""
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate(SETTLE)
    g: dict[str, Any] = page.evaluate(GEOMETRY)
    where = f"{width}x{height}"
    felt, side, prompt = g["felt"], g["side"], g["prompt"]
    assert g["scroll"] <= g["width"], f"{where}: the page scrolls sideways ({g['scroll']} px)"
    for s in g["seats"]:
        left, top, right, bottom = s["box"]
        assert left >= felt[0] - 0.5 and right <= felt[2] + 0.5, (where, "off the felt", s, felt)
        assert top >= felt[1] - 0.5 and bottom <= felt[3] + 0.5, (where, "off the felt", s, felt)
        assert right <= g["width"] + 0.5, (where, "off the screen", s)
        assert not overlap(s["box"], side), (where, "under the side panel", s, side)
        if s["me"]:
            assert bottom <= prompt[1] + 0.5, (where, "your seat over the prompt", s, prompt)
    boxes = [s["box"] for s in g["seats"]]
    pairs = [(i, j) for i in range(len(boxes)) for j in range(i) if overlap(boxes[i], boxes[j])]
    assert not pairs, (where, "seats over each other", pairs)
    assert g["broken"] == [], (where, "a name split inside a word", g["broken"])
    for b in g["bar"]:  # the bar's buttons: each word whole, on one line, never a column
        assert not b["words"] and not b["clipped"], (where, "a bar button's word cut", b)
        assert b["lines"] <= 1, (where, "a bar button's words on several lines", b)

    for m in g["mini"]:  # Party!'s mini pile: its words on one line wherever they fit on one
        assert m["lines"] == 1 or m["width"] > m["room"], (where, "the mini pile's words", m)
        assert m["size"] >= 10, (where, "the mini pile's words too small to read", m)
    for r in g["read"]:  # every name and card count readable, however many seats
        assert min(r["sizes"]) >= 10, (where, "type too small to read", r)
        assert not r["clipped"], (where, "a name cut short", r)
        on_name = any(overlap(r["count"], line) for line in r["text"])
        assert not on_name, (where, "count on name", r)
        left, top, right, bottom = r["box"]
        assert r["count"][2] > r["count"][0] and r["count"][0] >= left - 14, (where, "count", r)
        assert r["count"][2] <= right + 14 and r["count"][1] >= top - 14, (where, "count", r)
    if (width, height) in SIDEWAYS:
        assert_sideways(g, where)
    return g


def assert_sideways(g: dict[str, Any], where: str) -> None:
    """A phone held sideways: no seat on the piles or the unit, and your seat, the hand and
    its first cards on the first screen (no scrolling down)."""
    for s in g["seats"]:
        hit = [m for m in g["middle"] if overlap(s["box"], m)]
        assert not hit, (where, "a seat over the piles", s, hit)
        if s["me"]:
            assert s["box"][1] >= 0 and s["box"][3] <= g["height"] + 0.5, (where, "your seat", s)
    assert g["hand"] is not None, (where, "no hand shown")
    assert g["hand"][3] <= g["height"] + 0.5, (where, "the hand below the screen", g["hand"])
    for card in g["cards"]:
        assert card[3] <= g["height"] + 0.5 and card[1] >= 0, (where, "a card off screen", card)


@pytest.mark.parametrize(
    ("preset", "seats", "seed"),
    [("mattel-2021", 2, 1), ("triple-play", 3, 1), ("mattel-2015", 4, 1), ("mattel-2021", 6, 1),
     ("mattel-2021", 8, 1), ("mattel-2021", 10, 1), ("party", 9, 1), ("party", 12, 1),
     ("party", 16, 1),  # Ann is to point: every seat has its Point here button
     ("party", 16, 3)],  # a mini pile lies in front of Ann: her seat grows
    ids=str,
)  # fmt: skip
def test_the_table_holds_its_shape_at_every_size(
    module_browser: Browser, module_server: Server, preset: str, seats: int, seed: int
) -> None:
    timer = {"house": {"timer": 600}} if preset == "triple-play" else {"turn_timer": 600}
    page = dealt(module_browser, module_server, preset, seats, seed=seed, **timer)
    if preset != "triple-play":
        page.wait_for_selector(".seat.me .clock:not([hidden])")
    for width, height in SIZES:
        g = assert_geometry(page, width, height)
        assert len(g["seats"]) == seats
        kind = DOCS_SIZES.get((width, height))
        if REFRESH and kind and seats in (6, 16):
            name = f"seats-{seats}-{preset}-{seed}-{kind}.jpg"
            page.screenshot(path=str(DOCS / name), type="jpeg", quality=80)
    if seats >= 9:  # a crowded table's badge at its widest (two digits, UNO! said): clear too
        page.evaluate(WIDEST_BADGES)
        for width, height in SIZES[:2]:
            assert_geometry(page, width, height)
    page.close()


def test_party_at_sixteen_seats_links_seats_with_a_line_and_flags_uno_beside_the_name(
    module_browser: Browser, module_server: Server
) -> None:
    """Ann plays a 16-seat Party! table by its page until two seats are linked and one has
    said UNO!: the line joins the linked seats, and the flag squeezes no name."""
    page = dealt(module_browser, module_server, "party", 16, seed=7)
    linked = flagged = False
    deadline = time.monotonic() + 240
    while not (linked and flagged) and time.monotonic() < deadline:
        if page.evaluate("document.body.dataset.over") == "true":
            # the round ended first: on to the next one
            with contextlib.suppress(PlaywrightError):
                page.click("[data-control=next_round], [data-control=rematch]", timeout=2_000)
            continue
        if not linked and page.locator(".seat.linked").count() == 2:
            page.evaluate(SETTLE)
            drawn = link_line(page)  # the seats and the line read together: no frame between
            if len(drawn["seats"]) == 2:
                assert_link_line_joins_the_linked_seats(page, drawn)
                linked = True
        if not flagged and page.locator(".seat.uno").count():
            uno = page.locator(".seat.uno").first
            if uno.locator(".uno-flag").is_visible() and uno.locator(".count").inner_text() == "1":
                assert_geometry(page, 1280, 800)
                flagged = True
        take_a_turn(page)
        time.sleep(0.05)
    assert linked and flagged, (linked, flagged)
    page.close()


@pytest.mark.parametrize("width", [390, 360])
def test_the_lobby_on_a_phone_never_scrolls_sideways_even_with_fifteen_bots(
    module_browser: Browser, module_server: Server, width: int
) -> None:
    page = module_browser.new_page(viewport={"width": width, "height": 800})
    page.goto(module_server.base + "/")
    page.select_option("#preset", "party")
    page.fill("#create input[name=seats]", "16")
    page.fill("#create input[name=bots]", "15")
    page.click("#each-bot summary")  # every bot's own strength shown too
    page.wait_for_function("document.querySelectorAll('#bot-list select').length === 15")
    widths = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1], widths
    page.close()
