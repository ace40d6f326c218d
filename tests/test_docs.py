"""The README's Python example runs as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def python_blocks(path: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", path.read_text(), flags=re.S)


def test_readme_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = python_blocks(ROOT / "README.md")
    assert blocks
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "it is seat" in out  # the IllegalAction's reason was printed
