"""Tap to pile (not a test): how long after a person taps a card it lies on the discard pile.

Starts ``unokit serve`` on a loopback port with a fresh SQLite file, deals mattel-2021 tables
(Ann and three greedy bots that play at once), and plays Ann's page in Debian's Chromium
(headless) by clicking a playable card on each of her turns. Each tap is timed in the page's
own clock: from the click event's time stamp to the first animation frame after the tapped
card is the top of the discard pile (the move went to the server, came back, and was drawn).
Bot plays, and the cards that fly between seats, go on around it.

    .venv/bin/python benchmarks/tap_to_pile.py --taps 25

Prints one JSON object: the median and the largest, in ms, per size.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, ViewportSize, sync_playwright

sys.path.insert(0, str(Path(__file__).parent))
from server_load import free_port

CHROMIUM = os.environ.get("UNOKIT_TEST_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
SIZES: dict[str, ViewportSize] = {
    "desktop": {"width": 1280, "height": 800},
    "phone": {"width": 390, "height": 844},
}
WATCH = """() => {
  window.tapped = null; window.landed = null;
  document.querySelector('#hand').addEventListener('click', (ev) => {
    const card = ev.target.closest('.card');
    if (card) window.tapped = { code: card.dataset.code, at: ev.timeStamp };
  }, { capture: true });
  new MutationObserver(() => {
    const top = document.querySelector('#top');
    const t = window.tapped;
    if (t && top && top.dataset.code === t.code && window.landed === null) {
      requestAnimationFrame(() => { window.landed = performance.now() - t.at; });
    }
  }).observe(document.querySelector('#piles'),
    { subtree: true, attributes: true, childList: true });
}"""


def one_tap(page: Page) -> float | None:
    """Ann's next turn: tap her first playable card (a wild's colour chosen), the time to pile."""
    page.wait_for_function(
        "document.body.dataset.toPlay === document.body.dataset.seat"
        " || document.body.dataset.over === 'true'",
        timeout=30_000,
    )
    if page.evaluate("document.body.dataset.over") == "true":
        page.wait_for_function("document.body.dataset.over !== 'true'", timeout=30_000)
        return None  # the next round is dealt by itself (--round-pause 1)
    page.wait_for_timeout(150)
    cards = page.locator("#hand .card.playable:not([data-code^=W])")  # no chooser in between
    if not cards.count():
        buttons = page.locator("#actions button[data-action]")
        if buttons.count():
            buttons.first.click()
        page.wait_for_timeout(200)
        return None
    page.evaluate("window.tapped = null; window.landed = null")
    cards.first.click()
    try:
        return float(page.wait_for_function("window.landed", timeout=10_000).json_value())
    except Exception:
        return None  # the card went elsewhere (a chooser, a refusal)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--taps", type=int, default=25, help="timed taps per size")
    args = parser.parse_args()
    port = free_port()
    tmp = Path(tempfile.mkdtemp(prefix="unokit-tap-"))
    command = [
        sys.executable, "-c", "from unokit.cli import main; main()", "serve",
        "--port", str(port), "--db", f"sqlite:///{tmp / 'tables.sqlite3'}",
        "--bot-delay", "0.3", "--grace", "3600", "--round-pause", "1", "--log-level", "error",
    ]  # fmt: skip
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    out: dict[str, Any] = {}
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{base}/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            for size, viewport in SIZES.items():
                body = {"name": "Ann", "preset": "mattel-2021", "seats": 4, "bots": ["greedy"] * 3}
                t = httpx.post(f"{base}/api/tables", json=body).json()
                context = browser.new_context(viewport=viewport, bypass_csp=True)
                context.add_init_script(
                    f"localStorage.setItem('unokit:token:{t['table']}', '{t['token']}')"
                )
                page = context.new_page()
                page.goto(f"{base}/t/{t['table']}")
                page.click("[data-control=start]")
                page.wait_for_selector("#hand .card")
                page.evaluate(WATCH)
                times: list[float] = []
                tries = 0
                while len(times) < args.taps and tries < args.taps * 6:
                    tries += 1
                    took = one_tap(page)
                    if took is not None:
                        times.append(took)
                out[size] = {
                    "taps": len(times),
                    "median_ms": round(statistics.median(times)),
                    "max_ms": round(max(times)),
                }
                context.close()
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=20)
    out["load_average"] = os.getloadavg()[0]
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
