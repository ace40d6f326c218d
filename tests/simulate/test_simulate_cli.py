"""``unokit simulate`` as a person reads it: a Ray cluster that is not there is one line at
once, the table fits 80 columns without breaking a setting, programs go by their names, and
the time left follows the whole run's pace."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from rich.progress import Progress

from unokit.cli.simulate import _Remaining, eta_text

UNOKIT = str(Path(sys.executable).with_name("unokit"))

POLITE_BOT = """
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"type": "ready", "name": "polite", "protocol": 1}), flush=True)
    elif message["type"] == "decide":
        print(json.dumps({"type": "action", "id": message["id"],
                          "action": message["legal"][0]}), flush=True)
"""


def _run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [UNOKIT, *args], capture_output=True, text=True, timeout=120, check=False,
        env={**os.environ, **env}, stdin=subprocess.DEVNULL,
    )  # fmt: skip


def test_a_ray_cluster_that_does_not_answer_is_one_line_at_once() -> None:
    started = time.monotonic()
    done = _run("simulate", "--backend", "ray", "--address", "127.0.0.1:1", "--games", "4",
                "--bots", "random,random")  # fmt: skip
    assert time.monotonic() - started < 30
    assert done.returncode == 2, done.stderr
    (line,) = done.stderr.splitlines()
    assert line.startswith("Error: Invalid value for '--address': the Ray cluster at 127.0.0.1:1")
    assert "cannot be reached (Connection refused)" in line
    assert done.stdout == ""
    bad = _run("simulate", "--backend", "ray", "--address", "nowhere", "--bots", "random,random")
    assert bad.returncode == 2 and "is not a Ray cluster's address" in bad.stderr


def test_the_table_fits_80_columns_without_breaking_a_setting(tmp_path: Path) -> None:
    script = tmp_path / "polite.py"
    script.write_text(POLITE_BOT)
    bots = (f"ismcts:iterations=100,c=0.7,greedy:forget_uno=0.5,miss_catch=0.5,"
            f"external:command={sys.executable} {script}")  # fmt: skip
    done = _run("simulate", "--bots", bots, "--games", "3", "--quiet", COLUMNS="80")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    cells = " ".join(line.split("│")[2].strip() for line in lines if line.count("│") == 7)
    for setting in ("iterations=100,", "c=0.7", "forget_uno=0.5,", "miss_catch=0.5"):
        assert setting in cells.split(), cells
    assert "polite (external)" in cells
    assert str(script) not in done.stdout


def test_the_time_left_follows_the_whole_runs_pace() -> None:
    assert eta_text(0, 100, 5.0) == "-:--:--"
    assert eta_text(500, 10_000, 10.0) == "0:03:10"
    assert eta_text(1, 3601, 1.0) == "1:00:00"
    clock = [0.0]
    with Progress(_Remaining(), get_time=lambda: clock[0], disable=True) as progress:
        task = progress.add_task("games", total=10_000)
        for finished_at in (10.0, 20.0, 30.0):  # two processes' chunks land together
            clock[0] = finished_at
            progress.advance(task, 250)
            clock[0] = finished_at + 0.001
            progress.advance(task, 250)
        shown = str(_Remaining().render(progress.tasks[0]))
    # 1,500 games in 30 s: 8,500 more take 170 s (rich's recent-speed estimate: 2:17)
    assert shown == "0:02:50"
