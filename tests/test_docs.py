"""The documentation: the README's and the getting-started pages' Python examples run as
written, and the site (mkdocs.yml) builds with ``--strict``: a broken link, anchor or API
reference, or a page left out of the navigation, fails it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GETTING_STARTED = [ROOT / "docs" / "index.md", *sorted((ROOT / "docs" / "start").glob("*.md"))]


def python_blocks(path: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", path.read_text(), flags=re.S)


def test_readme_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = python_blocks(ROOT / "README.md")
    assert blocks
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "it is seat" in out  # the IllegalAction's reason was printed


@pytest.mark.parametrize("page", GETTING_STARTED, ids=lambda p: p.name)
def test_getting_started_examples_run(page: Path) -> None:
    for block in python_blocks(page):
        exec(compile(block, str(page), "exec"), {"__name__": "__docs__"})


def test_every_getting_started_page_shows_a_command_or_an_example() -> None:
    for page in GETTING_STARTED:
        assert re.search(r"```(sh|python)\n", page.read_text()), page


def test_the_documentation_site_builds_strict(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path)],
        check=False,
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    reference = (tmp_path / "reference" / "unokit" / "index.html").read_text()
    assert 'id="unokit.Game.apply"' in reference  # the API reference came from the docstrings
    for page in (tmp_path / "reference").rglob("index.html"):
        assert "<blockquote>" not in page.read_text(), page  # a doctest read as a quotation
    assert "Keep a Changelog" in (tmp_path / "changelog" / "index.html").read_text()
