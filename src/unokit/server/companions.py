"""The companion pages for games played with real cards (the Triple Play unit at ``/unit``,
the score pad at ``/score``) and their one service worker at ``/sw.js``.

The worker's list of files and its version are made here from what the package ships: the
pages, every file under ``static/unit/`` and ``static/score/``, and the shared modules and
assets those files load (``import`` in the scripts, ``src``/``href`` in the pages), with a
hash of their contents as the version, so a new release replaces every phone's copy.
"""

from __future__ import annotations

import hashlib
import json
import mimetypes
import posixpath
import re
from collections.abc import Iterable
from importlib.abc import Traversable
from importlib.resources import files

__all__ = ["COMPANION_FOLDERS", "service_worker", "worker_files"]

STATIC = files("unokit.server") / "static"
WORKER = files("unokit.server") / "sw.js"
COMPANION_FOLDERS = ("unit", "score")
"""Folders under ``static/`` whose every file the worker keeps."""

_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+\.js)["']""")
_ASSET = re.compile(r"""(?:src|href)=["'](/static/[^"'?#]+)["']""")

mimetypes.add_type("application/manifest+json", ".webmanifest")


def _walk(folder: Traversable, prefix: str) -> Iterable[tuple[str, Traversable]]:
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.startswith("."):
            continue
        url = f"{prefix}/{entry.name}"
        if entry.is_dir():
            yield from _walk(entry, url)
        elif entry.is_file():
            yield url, entry


def _static(url: str) -> Traversable | None:
    """The shipped file at a ``/static/...`` URL, if there is one."""
    node: Traversable = STATIC
    for part in url.removeprefix("/static/").split("/"):
        if part in ("", ".", ".."):
            return None
        node = node / part
    return node if node.is_file() else None


def worker_files(pages: Iterable[str]) -> dict[str, Traversable | None]:
    """URL -> shipped file for everything the worker keeps: ``pages`` first (``/unit``, read
    from its folder's ``index.html`` where there is one), then the folders' files and what
    they load."""
    found: dict[str, Traversable | None] = {}
    for page in pages:
        found[page] = _static(f"/static{page}/index.html")
    for name in COMPANION_FOLDERS:
        folder = STATIC / name
        if folder.is_dir():
            found.update(_walk(folder, f"/static/{name}"))
    todo = [(url, node) for url, node in found.items() if node is not None]
    while todo:
        url, node = todo.pop()
        if not node.name.endswith((".js", ".html")):
            continue
        text = node.read_text(encoding="utf-8")
        base = posixpath.dirname(url) if url.startswith("/static/") else "/static"
        refs = [posixpath.normpath(posixpath.join(base, m)) for m in _IMPORT.findall(text)]
        refs += _ASSET.findall(text)
        for ref in refs:
            if ref.startswith("/static/") and ref not in found:
                shipped = _static(ref)
                if shipped is not None:
                    found[ref] = shipped
                    todo.append((ref, shipped))
    return found


def service_worker(pages: Iterable[str]) -> str:
    """The worker's script: its version and lists, then ``sw.js``."""
    pages = list(pages)
    kept = worker_files(pages)
    digest = hashlib.sha256(WORKER.read_bytes())
    for url in sorted(kept):
        digest.update(url.encode())
        node = kept[url]
        if node is not None:
            digest.update(hashlib.sha256(node.read_bytes()).digest())
    head = (
        f"const VERSION = {json.dumps(digest.hexdigest()[:16])};\n"
        f"const PAGES = {json.dumps(pages)};\n"
        f"const FOLDERS = {json.dumps([f'/static/{n}/' for n in COMPANION_FOLDERS])};\n"
        f"const FILES = {json.dumps(list(kept), indent=0)};\n"
    )
    return head + WORKER.read_text(encoding="utf-8")
