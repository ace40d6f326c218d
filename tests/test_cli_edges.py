"""The command line at its edges, each case a real ``unokit`` process: output read by a
reader that stops early, start-up failures, the limits of every option, and files that are
already there."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

UNOKIT = str(Path(sys.executable).with_name("unokit"))
"""The installed ``unokit`` script (pip's entry point), as a user runs it."""


def run(*args: str, timeout: float = 120, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [UNOKIT, *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        stdin=subprocess.DEVNULL,
        **kwargs,  # type: ignore[arg-type]
    )


def one_line_error(done: subprocess.CompletedProcess[str], *words: str, code: int = 2) -> str:
    """The one ``Error:`` line a refused command printed (exit ``code``), holding ``words``."""
    assert done.returncode == code, (done.returncode, done.stdout[-2000:], done.stderr[-2000:])
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr[-3000:]
    assert lines[0].startswith("Error: ") and "this is a bug" not in lines[0], lines[0]
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("record") / "m.json"
    assert run("demo", "--seed", "5", "--record", str(path)).returncode == 0
    return path


@pytest.mark.parametrize(
    "args", [["replay", "RECORD"], ["presets"], ["bots"], ["demo", "--seed", "99"], ["-h"]]
)
def test_a_reader_that_stops_early_ends_the_command_quietly_with_status_0(
    args: list[str], record: Path
) -> None:
    command = " ".join([UNOKIT, *(str(record) if a == "RECORD" else a for a in args)])
    done = subprocess.run(
        ["bash", "-c", f"set -o pipefail; {command} | head -1"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == "" and len(done.stdout.splitlines()) == 1


def test_the_command_list_gives_each_command_its_whole_summary() -> None:
    listing = run("-h").stdout
    commands = " ".join(listing.split("Commands:", 1)[1].split())
    assert "order... " not in commands and "... " not in commands.replace(",...)", ""), commands
    assert "score Keep score of a match played with real cards (the /score page's pad" in commands
