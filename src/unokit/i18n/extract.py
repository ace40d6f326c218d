"""Keeps the catalogues in step with the code: ``python -m unokit.i18n.extract`` rebuilds the
template from the sources (Python and the page's scripts) and merges it into every language's
catalogue; ``--check`` only says whether they are out of date (tests/i18n runs it in CI).

It is ``pybabel extract`` and ``pybabel update`` through Babel's API, with no source
locations written, so a catalogue changes only when a message does.
"""

from __future__ import annotations

import html
import re
import sys
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path
from typing import IO

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

from unokit.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parent
SOURCES = ROOT.parent
LOCALE = ROOT / "locale"
TEMPLATE = LOCALE / "unokit.pot"

METHODS = [
    ("**/static/**.html", "unokit.i18n.extract:extract_html"),
    ("**/static/**.js", "javascript"),
    ("**.py", "python"),
]
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "Nn_": (1, 2)}


_MARKED = re.compile(rb"<[a-z0-9]+[^>]*\bdata-i18n(?![-\w])[^>]*>([^<]+)<")
_ATTR_TAG = re.compile(rb"<[a-z0-9]+[^>]*\bdata-i18n-attr\b[^>]*>")
_ATTR = re.compile(rb'\b(?:aria-label|title|placeholder)="([^"]+)"')


def extract_html(
    fileobj: IO[bytes], keywords: object, comment_tags: object, options: object
) -> Iterator[tuple[int, None, str, list[str]]]:
    """A Babel extractor for the page's HTML: each element marked ``data-i18n`` holds its
    English text, the message id its translation replaces when the page loads (i18n.js);
    one marked ``data-i18n-attr`` its ``aria-label``, ``title`` and ``placeholder``."""
    body = fileobj.read()
    for found in _MARKED.finditer(body):
        text = html.unescape(found.group(1).decode()).strip()
        if text:
            yield body.count(b"\n", 0, found.start()) + 1, None, text, []
    for tag in _ATTR_TAG.finditer(body):
        for attr in _ATTR.finditer(tag.group(0)):
            text = html.unescape(attr.group(1).decode()).strip()
            if text:
                yield body.count(b"\n", 0, tag.start()) + 1, None, text, []


def template() -> Catalog:
    """Every message the sources mark, in one template."""
    cat = Catalog(project="unokit", domain="unokit")
    for _path, _line, message, comments, context in extract_from_dir(
        str(SOURCES), METHODS, keywords=KEYWORDS, comment_tags=("i18n:",), strip_comment_tags=True
    ):
        single = isinstance(message, tuple) and message[1] is None
        cat.add(
            message[0] if single else message, None, [], auto_comments=comments, context=context
        )
    return cat


def _text(cat: Catalog) -> bytes:
    out = BytesIO()
    write_po(out, cat, omit_header=False, no_location=True, sort_output=True, width=100)
    body = out.getvalue()
    # the creation date changes on every run: only the messages matter
    return b"\n".join(line for line in body.split(b"\n") if not line.startswith(b'"POT-'))


def _read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def stale() -> list[str]:
    """The files that differ from what extraction would write (empty: all up to date)."""
    tmpl = template()
    out: list[str] = []
    if not TEMPLATE.is_file() or _text(_read(TEMPLATE)) != _text(tmpl):
        out.append(str(TEMPLATE.relative_to(SOURCES.parent.parent)))
    for lang, path in _catalogues():
        cat = _read(path, lang)
        before = _text(cat)
        cat.update(tmpl, no_fuzzy_matching=True)
        cat.obsolete.clear()
        if _text(cat) != before:
            out.append(str(path.relative_to(SOURCES.parent.parent)))
    return out


def update() -> None:
    """Rewrite the template and merge it into every catalogue (new messages untranslated,
    gone ones dropped)."""
    tmpl = template()
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    TEMPLATE.write_bytes(_text(tmpl))
    for lang, path in _catalogues(create=True):
        cat = _read(path, lang) if path.is_file() else Catalog(locale=lang, domain="unokit")
        cat.update(tmpl, no_fuzzy_matching=True)
        cat.obsolete.clear()
        path.write_bytes(_text(cat))


def _catalogues(create: bool = False) -> list[tuple[str, Path]]:
    found = []
    for lang in LANGUAGES[1:]:  # English is the message ids themselves
        path = LOCALE / lang / "LC_MESSAGES" / "unokit.po"
        if create:
            path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_file() or create:
            found.append((lang, path))
    return found


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--check"]:
        late = stale()
        for path in late:
            print(f"{path} is out of date: run python -m unokit.i18n.extract", file=sys.stderr)
        return 1 if late else 0
    update()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
