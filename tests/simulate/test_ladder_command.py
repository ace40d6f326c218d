"""``unokit ladder`` as a user runs it: a real process rating a small roster, its table,
JSON and plot, the same ladder whatever the number of processes, and its refusals."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from unokit.rules import Rules
from unokit.simulate.ladder import Ladder, ladder_table

UNOKIT = str(Path(sys.executable).with_name("unokit"))
ROSTER = "random,greedy,easy:think=0,normal:think=0,greedy:points=0"


def ladder(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [UNOKIT, "ladder", "--bots", ROSTER, "--tables", "6", "--seed", "7", *args],
        capture_output=True, text=True, timeout=300, check=False, stdin=subprocess.DEVNULL,
    )  # fmt: skip


def test_the_ladder_prints_rates_saves_and_plots_the_same_with_any_processes(
    tmp_path: Path,
) -> None:
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    done = ladder("--out", str(one), "--plot", str(tmp_path / "l.png"))
    assert done.returncode == 0, done.stderr
    table = " ".join(done.stdout.split())
    assert "mattel-2021, 6 tables (24 games), seed 7" in table
    assert "95% interval" in table and "win share" in table
    assert "6/6" in done.stderr  # the progress bar
    data = json.loads(one.read_text())
    assert data["format"] == "unokit.ladder" and data["tables"] == 6
    assert sorted(r["bot"] for r in data["ladder"]) == sorted(ROSTER.split(","))
    assert sum(r["games"] for r in data["ladder"]) == 6 * 4 * 4
    assert (tmp_path / "l.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    expected = ladder_table(Ladder(tuple(ROSTER.split(",")), Rules.preset(), 7), 6)
    assert [r["bot"] for r in data["ladder"]] == [r.bot for r in expected]
    assert [r["mu"] for r in data["ladder"]] == [r.mu for r in expected]
    assert ladder("--jobs", "2", "--quiet", "--out", str(two)).returncode == 0
    assert json.loads(two.read_text()) == data


def test_the_ladder_prints_markdown_and_json_to_standard_output() -> None:
    done = ladder("--markdown", "--quiet")
    assert done.returncode == 0 and done.stdout.startswith("| rank | bot |"), done.stdout
    out = ladder("--out", "-", "--quiet")
    assert json.loads(out.stdout)["format"] == "unokit.ladder"


def test_the_ladder_refuses_a_short_roster_a_table_of_other_sizes_and_an_old_file(
    tmp_path: Path,
) -> None:
    old = tmp_path / "old.json"
    old.write_text("{}")
    for args, words in [
        (["--bots", "random,greedy,easy"], "a ladder needs 4 bots or more, not 3"),
        (["--tables", "0"], "'--tables'"),
        (["--out", str(old)], "exists: --force replaces it"),
        (["--bots", "random,greedy,easy,nosuch"], "unknown bot 'nosuch'"),
    ]:
        done = ladder(*args)
        assert done.returncode == 2 and words in done.stderr, (args, done.stderr)
        assert len(done.stderr.splitlines()) == 1
    assert old.read_text() == "{}"
