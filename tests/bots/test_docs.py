"""docs/bots.md: the ten-line example bot runs as written and stays ten lines."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_ten_line_example_bot_runs(capsys: pytest.CaptureFixture[str]) -> None:
    text = (ROOT / "docs/bots.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    example = blocks[0]
    exec(compile(example, "docs/bots.md", "exec"), {})
    assert re.match(r"winner: [0-3]\n", capsys.readouterr().out)
    lines = example.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("class "))
    end = next(i for i, line in enumerate(lines) if line.startswith("register_bot"))
    bot = [line for line in lines[start:end] if line.strip()]
    assert len(bot) <= 10, "the example bot grew past ten lines"


def test_the_protocol_document_names_every_message() -> None:
    text = (ROOT / "docs/protocol.md").read_text()
    for kind in ("hello", "ready", "rules", "decide", "action", "info", "quit"):
        assert f'"type":"{kind}"' in text
