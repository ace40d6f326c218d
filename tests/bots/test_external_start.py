"""``ExternalBot.start()``: a program that fails its handshake is stopped, not left running,
and a second ``start()`` tries again rather than returning as if it had worked."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from unokit.bots import BotError
from unokit.bots.external import ExternalBot

SILENT = "import sys, time\nprint('not json', flush=True)\ntime.sleep(60)\n"
"""Answers the hello with a line that is no message, then hangs."""

NOISY = """
import json, sys
print("warming up", file=sys.stderr, flush=True)
for line in sys.stdin:
    if json.loads(line)["type"] == "hello":
        print(json.dumps({"type": "ready", "name": "noisy", "protocol": 1}), flush=True)
"""


def test_a_program_that_fails_its_handshake_is_stopped_and_start_tries_again(
    tmp_path: Path,
) -> None:
    script = tmp_path / "silent.py"
    script.write_text(SILENT)
    bot = ExternalBot(command=[sys.executable, str(script)], timeout=2)
    with pytest.raises(BotError, match="sent not JSON"):
        bot.start()
    first = bot._process
    assert first is None  # stopped and forgotten
    with pytest.raises(BotError):  # the second start runs the program again, and fails again
        bot.start()
    bot.close()


def test_the_program_is_not_left_running_after_a_failed_handshake(tmp_path: Path) -> None:
    import os

    pid_file = tmp_path / "pid"
    script = tmp_path / "silent.py"
    script.write_text(f"import os\nopen({str(pid_file)!r}, 'w').write(str(os.getpid()))\n" + SILENT)
    bot = ExternalBot(command=[sys.executable, str(script)], timeout=2)
    with pytest.raises(BotError):
        bot.start()
    pid = int(pid_file.read_text())
    with pytest.raises(ProcessLookupError):  # stopped and reaped
        os.kill(pid, 0)


def test_the_programs_standard_error_goes_to_its_log_file(tmp_path: Path) -> None:
    script = tmp_path / "noisy.py"
    script.write_text(NOISY)
    log = tmp_path / "bots.log"
    bot = ExternalBot(command=[sys.executable, str(script)], timeout=5)
    bot.stderr_log = str(log)
    bot.start()
    assert bot.program_name == "noisy"
    bot.close()
    assert log.read_text() == "warming up\n"
