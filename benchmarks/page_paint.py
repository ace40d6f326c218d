"""First paint of a table page (not a test): how long a person waits to see the table.

Starts ``unokit serve`` on a loopback port with a fresh SQLite file, creates a table of
every preset (the host and bots, the match started), and opens each table's page as its
host in Debian's Chromium (headless, a fresh browser context each time, so nothing is
cached), at a desktop and a phone size. For each load it reads, in the page's own clock
(milliseconds from the start of navigation):

- ``fcp``: the browser's first contentful paint;
- ``table``: the first animation frame in which the table is drawn: every seat, the discard
  pile and the host's hand (the state frame has arrived over the WebSocket and been drawn).

    .venv/bin/python benchmarks/page_paint.py --loads 10

Prints one JSON object: the median and the largest of each, per preset and size.
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
from playwright.sync_api import ViewportSize, sync_playwright
from websockets.sync.client import connect

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
TABLES = {
    "mattel-2021": {"seats": 4, "bots": ["greedy"] * 3},
    "triple-play": {"seats": 4, "bots": ["greedy"] * 3},
    "party": {"seats": 16, "bots": ["greedy"] * 15},
}
DRAWN = """() => document.querySelectorAll('#seats .seat').length === Number(
  document.querySelector('#seats').dataset.n) && document.querySelector('#hand .card')
  && document.querySelector('#piles .card') ? performance.now() : null"""
FCP = """() => (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime"""


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--loads", type=int, default=10, help="page loads per preset and size")
    args = parser.parse_args()
    port = free_port()
    tmp = Path(tempfile.mkdtemp(prefix="unokit-paint-"))
    command = [
        sys.executable, "-c", "from unokit.cli import main; main()", "serve",
        "--port", str(port), "--db", f"sqlite:///{tmp / 'tables.sqlite3'}",
        "--bot-delay", "3600", "--reaction", "3600", "--max-reaction", "3600",
        "--grace", "3600", "--log-level", "error",
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
            for preset, body in TABLES.items():
                t = httpx.post(
                    f"{base}/api/tables", json={"name": "Ann", "preset": preset, **body}
                ).json()
                with connect(f"ws://127.0.0.1:{port}/ws/{t['table']}") as ws:  # deal
                    ws.send(json.dumps({"type": "auth", "token": t["token"]}))
                    ws.send(json.dumps({"type": "start", "id": 1}))
                    while json.loads(ws.recv(timeout=10)).get("type") != "ack":
                        pass
                for size, viewport in SIZES.items():
                    fcp, drawn = [], []
                    for _ in range(args.loads):
                        context = browser.new_context(viewport=viewport)
                        context.add_init_script(
                            f"localStorage.setItem('unokit:token:{t['table']}', '{t['token']}')"
                        )
                        page = context.new_page()
                        page.goto(f"{base}/t/{t['table']}")
                        drawn.append(
                            float(page.wait_for_function(DRAWN, polling="raf").json_value())
                        )
                        fcp.append(float(page.evaluate(FCP)))
                        context.close()
                    out[f"{preset} {size}"] = {
                        "fcp_ms": {"median": round(statistics.median(fcp)), "max": round(max(fcp))},
                        "table_ms": {
                            "median": round(statistics.median(drawn)),
                            "max": round(max(drawn)),
                        },
                    }
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=20)
    out["loads"] = args.loads
    out["load_average"] = os.getloadavg()[0]
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
