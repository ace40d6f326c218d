"""``unokit play`` as a person runs it: a real process in a pseudo-terminal of 80×24."""

from __future__ import annotations

import json
import os
import select
import struct
import sys
import time
from pathlib import Path

import pytest

pty = pytest.importorskip("pty")
fcntl = pytest.importorskip("fcntl")
termios = pytest.importorskip("termios")

UNOKIT = str(Path(sys.executable).with_name("unokit"))


def run_in_terminal(args: list[str], keys_when: list[tuple[bytes, bytes]]) -> tuple[int, str]:
    """Run ``unokit ARGS`` on a pseudo-terminal; each time the screen shows ``text`` (in
    order), press ``keys``. Returns the exit status and everything the process wrote."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the program, on the terminal
        os.environ["TERM"] = "xterm-256color"
        os.execv(UNOKIT, [UNOKIT, *args])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    out = b""
    pending = list(keys_when)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                data = os.read(fd, 65536)
            except OSError:  # the child closed the terminal: it has exited
                break
            if not data:
                break
            out += data
        if pending and pending[0][0] in out:
            time.sleep(0.3)
            os.write(fd, pending.pop(0)[1])
    else:
        os.kill(pid, 9)
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(status), out.decode("utf-8", "replace")


def test_seed_1_lets_the_bot_play_first() -> None:
    from unokit import Match, Rules

    assert Match(Rules.preset(), players=2, seed=1).game.to_play == 1


def test_a_bot_that_fails_is_named_and_leaving_keeps_the_record_and_exits_1(
    tmp_path: Path,
) -> None:
    record = tmp_path / "match.json"
    status, screen = run_in_terminal(
        ["play", "--players", "2", "--bots", "external:command=/bin/false", "--seed", "1",
         "--delay", "0.01", "--record", str(record)],
        [(b"failed", b"q")],  # the dialog: q leaves (seed 1: Bea, the bot, plays first)
    )  # fmt: skip
    assert status == 1, screen[-2000:]
    assert "Traceback" not in screen
    assert "Bea's bot (external:command=/bin/false) failed" in screen
    assert "[r] replace it with the built-in bot 'normal'" in screen
    lines = screen.split("\x1b[?1049l")[-1].splitlines()  # after the full screen closed
    assert f"match record saved to {record}" in screen
    assert lines[-1].startswith("Error: Bea's bot (external:command=/bin/false) failed: ")
    assert json.loads(record.read_text())["format"] == "unokit.match"
