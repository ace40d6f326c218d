"""docs/simulate.md's first example is what the command prints: the test runs the page's
command as written and compares its table with the page's, so the page's figures stay the
program's."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

PAGE = Path(__file__).resolve().parents[2] / "docs" / "simulate.md"
UNOKIT = str(Path(sys.executable).with_name("unokit"))


def test_the_pages_example_prints_the_pages_table(tmp_path: Path) -> None:
    text = PAGE.read_text()
    command_block, output_block = re.findall(r"```[a-z]*\n(.*?)```", text, re.S)[:2]
    command = " ".join(
        line.strip().removesuffix("\\")
        for line in command_block.splitlines()
        if not line.startswith("pip ")
    )  # fmt: skip
    argv = shlex.split(command)
    assert argv[0] == "unokit" and argv[1] == "simulate", argv
    done = subprocess.run(
        [UNOKIT, *argv[1:]], cwd=tmp_path, capture_output=True, text=True, timeout=600,
        check=False, env={"COLUMNS": "80", "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    printed = [line.rstrip() for line in done.stdout.splitlines()]
    shown = [line.rstrip() for line in output_block.splitlines()[1:]]  # after the bar
    assert printed == shown
