"""``unokit play`` in a real pseudo-terminal whose window changes size, read as a person sees
it: pyte (a terminal emulator) keeps the screen the program draws.

Nothing here sleeps for a fixed time: each step waits, with a generous deadline, until the
screen shows what it should, and a resize the program may have missed is signalled again, so
a busy machine makes the test slower, never wrong.
"""

from __future__ import annotations

import os
import select
import signal
import struct
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pty = pytest.importorskip("pty")
fcntl = pytest.importorskip("fcntl")
termios = pytest.importorskip("termios")
pyte = pytest.importorskip("pyte")

UNOKIT = str(Path(sys.executable).with_name("unokit"))
DEADLINE = 120.0
"""Seconds a step may take before the test gives up (the program answers in well under one
on an idle machine)."""

OPENING = "mattel-2021: you against Bea (greedy). Press ? for help."
"""The log's first line in the game below; 34 columns wide at 80×24, so it wraps there."""


def _environment() -> dict[str, str]:
    """This environment for a program on a terminal: an xterm, and no ``COLUMNS`` or
    ``LINES`` (a size given there wins over the terminal's own, so the program would never
    see the window change; the test session's C library may have set them)."""
    fixed = ("COLUMNS", "LINES")
    return {**{k: v for k, v in os.environ.items() if k not in fixed}, "TERM": "xterm-256color"}


class Terminal:
    """``unokit ARGS`` on a pseudo-terminal of ``columns``×``rows``, its screen in pyte."""

    def __init__(self, args: list[str], columns: int = 80, rows: int = 24) -> None:
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the program, on a terminal of that size from the start
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
            os.execve(UNOKIT, [UNOKIT, *args], _environment())
        self.size = (columns, rows)
        self._set_size()
        self.status: int | None = None

    def _set_size(self) -> None:
        columns, rows = self.size
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

    def resize(self, columns: int, rows: int) -> None:
        """The person drags the window to ``columns``×``rows``."""
        self.size = (columns, rows)
        self.screen.resize(rows, columns)
        self._set_size()
        os.kill(self.pid, signal.SIGWINCH)

    def rows(self) -> list[str]:
        return list(self.screen.display)

    def text(self) -> str:
        """The whole screen as one line of words (a wrapped sentence reads whole)."""
        return " ".join(" ".join(self.rows()).split())

    def log_text(self) -> str:
        """The log panel's words (right of its border), its lines joined."""
        parts = [row.split("│", 1)[1] for row in self.rows() if "│" in row]
        return " ".join(" ".join(parts).split())

    def _read(self, seconds: float) -> bool:
        """Feed what the program writes within ``seconds`` to the screen; False once it has
        closed the terminal (exited)."""
        ready, _, _ = select.select([self.fd], [], [], seconds)
        if not ready:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            return False
        self.stream.feed(data)
        return bool(data)

    def _settle(self) -> bool:
        """Read until the program has written nothing for 0.5 s: a frame arrives in several
        reads, and the screen is only whole once its last part is in (False if it exited)."""
        quiet_until = time.monotonic() + 0.5
        stop = time.monotonic() + 10
        while time.monotonic() < min(quiet_until, stop):
            ready, _, _ = select.select([self.fd], [], [], 0.1)
            if ready:
                if not self._read(0):
                    return False
                quiet_until = time.monotonic() + 0.5
        return True

    def wait_for(self, what: str, condition: Callable[[Terminal], bool]) -> None:
        """Read until ``condition`` holds on a whole frame; every few seconds signal the
        window's size again (a resize sent while the program was still starting is not lost)."""
        deadline = time.monotonic() + DEADLINE
        nudge = time.monotonic() + 3
        while not (condition(self) and self._settle() and condition(self)):
            now = time.monotonic()
            if now > deadline:
                screen = "\n".join(self.rows())
                pytest.fail(f"waited {DEADLINE:.0f} s for {what}; the screen:\n{screen}")
            if now > nudge:
                os.kill(self.pid, signal.SIGWINCH)
                nudge = now + 3
            if not self._read(0.2):
                pytest.fail(f"the program exited while waiting for {what}")

    def leave(self) -> int:
        """Ctrl-C, as the person presses it; the exit status."""
        os.write(self.fd, b"\x03")
        deadline = time.monotonic() + DEADLINE
        while time.monotonic() < deadline:
            if not self._read(0.2):  # the terminal is closed: the program is on its way out
                time.sleep(0.05)
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
                break
        return self.close()

    def close(self) -> int:
        """Make sure the program is gone (killed if it is still there); its exit status."""
        if self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if not pid:
                os.kill(self.pid, signal.SIGKILL)
                _, status = os.waitpid(self.pid, 0)
            self.status = os.waitstatus_to_exitcode(status)
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1
        return self.status


def _table_drawn(term: Terminal) -> bool:
    """The table at its full size: the status line, and the log from its first line."""
    return "Your turn" in term.rows()[-1] and OPENING in term.log_text()


@pytest.fixture
def terminal() -> Iterator[Terminal]:
    """``unokit play`` at 80×24, the person's turn on the screen."""
    from unokit import Match, Rules

    assert Match(Rules.preset(), players=2, seed=2).game.to_play == 0  # the person starts
    term = Terminal(["play", "--players", "2", "--bots", "greedy", "--seed", "2"])
    try:
        term.wait_for("the table", _table_drawn)
        yield term
    finally:
        term.close()


def test_below_80x24_a_note_covers_the_table_until_the_window_is_large_enough(
    terminal: Terminal,
) -> None:
    terminal.resize(70, 24)
    terminal.wait_for("the note", lambda t: "The window is 70×24" in t.text())
    assert "the table needs 80×24 at least. Make it larger to play on" in terminal.text()
    assert "Your turn" not in terminal.text() and "draw pile" not in terminal.text()

    terminal.resize(100, 20)  # wide enough, too short
    terminal.wait_for("the note again", lambda t: "The window is 100×20" in t.text())
    assert "Your turn" not in terminal.text()

    terminal.resize(80, 24)
    terminal.wait_for("the table again", lambda t: "Your turn" in t.rows()[-1])
    assert "needs 80×24" not in terminal.text()
    assert terminal.leave() == 130


def test_the_log_wraps_again_at_each_new_width(terminal: Terminal) -> None:
    assert not any(OPENING in row for row in terminal.rows())  # two lines at 80 columns

    terminal.resize(140, 30)  # wider: the opening line fits on one line of the log
    terminal.wait_for("one line", lambda t: any(OPENING in row for row in t.rows()))

    terminal.resize(60, 20)  # too small: the note covers the table
    terminal.wait_for("the note", lambda t: "The window is 60×20" in t.text())

    terminal.resize(80, 24)  # back: wrapped over two lines again, not clipped
    terminal.wait_for("the log at 80 columns", _table_drawn)
    assert not any(OPENING in row for row in terminal.rows())
    assert terminal.leave() == 130
