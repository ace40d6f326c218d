"""CI fails when a catalogue is out of date: a message added, changed or removed in the
sources (Python or the page's scripts) and not run through ``python -m unokit.i18n.extract``."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from unokit.i18n import extract


def test_the_catalogues_are_up_to_date_with_the_sources() -> None:
    assert extract.stale() == []


def test_a_new_message_in_the_page_makes_the_check_fail(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check reads the page's scripts too: a word added there and not extracted is late."""
    sources = tmp_path / "unokit"
    shutil.copytree(extract.SOURCES, sources, ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    script = sources / "server" / "static" / "words.js"
    script.write_text(script.read_text() + '\nexport const extra = _("a new sentence");\n')
    monkeypatch.setattr(extract, "SOURCES", sources)
    monkeypatch.setattr(extract, "LOCALE", sources / "i18n" / "locale")
    monkeypatch.setattr(extract, "TEMPLATE", sources / "i18n" / "locale" / "unokit.pot")
    late = extract.stale()
    assert any(path.endswith("unokit.pot") for path in late)
    assert extract.main(["--check"]) == 1


_PAGE_CALL = re.compile(r'\b(?:_|N_)\(\s*"((?:[^"\\]|\\.)*)"')
"""A page script's message: the first string given to ``_`` or ``N_``."""


def test_every_message_of_the_page_is_in_the_catalogue() -> None:
    """Babel's script reader misses a message whose call sits inside another's arguments
    (``_("{line} {more}", { more: _("…") })``): such a sentence would stay English."""
    with (extract.TEMPLATE).open("rb") as f:
        known = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}
    missing = [
        (script.name, text)
        for script in sorted((extract.SOURCES / "server" / "static").rglob("*.js"))
        for text in _PAGE_CALL.findall(script.read_text(encoding="utf-8"))
        if json.loads(f'"{text}"') not in known
    ]
    assert missing == []
