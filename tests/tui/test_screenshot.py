"""docs/tui-screenshot.svg is what scripts/tui_screenshot.py makes today (rerun it if not)."""

from __future__ import annotations

import asyncio
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_screenshot_is_up_to_date(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location(
        "tui_screenshot", ROOT / "scripts/tui_screenshot.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    out = tmp_path / "shot.svg"
    asyncio.run(script.shoot(out))
    committed = (ROOT / "docs/tui-screenshot.svg").read_text()
    assert out.read_text() == committed, "run: .venv/bin/python scripts/tui_screenshot.py"
    assert "unokit · mattel-2021" in committed.replace("&#160;", " ")
