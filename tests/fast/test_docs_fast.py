"""docs/fast.md's Python examples run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("numba")

DOC = Path(__file__).resolve().parents[2] / "docs" / "fast.md"


def test_the_examples_of_docs_fast_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.S)
    assert len(blocks) >= 2
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), {})
