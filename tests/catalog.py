"""Reading the rule catalogs (docs/rules*.md), shared by their three catalog tests."""

from __future__ import annotations

import ast
import re
from pathlib import Path

HEADER = "| ID | Rule | Preset / switch | Test |"
_RULE_LINE = re.compile(r"\|(?:\s*-+\s*\|)+")


def catalog_rows(catalog: Path, *, strict: bool) -> list[list[str]]:
    """The data rows of the catalog's tables, as lists of stripped cells. ``strict``: every
    table must have the catalog's columns; otherwise other tables are skipped."""
    rows = []
    state = "out"
    for line in catalog.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            state = "out"
            continue
        if state == "out":
            if strict:
                assert line.strip() == HEADER, f"a table with other columns: {line}"
            state = "catalog" if line.strip() == HEADER else "other"
            continue
        if state != "catalog" or _RULE_LINE.fullmatch(line.strip()):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        assert len(cells) == 4, f"a row without exactly 4 cells: {line}"
        rows.append(cells)
    return rows


def defined_tests(path: Path) -> set[str]:
    """The test functions a module defines at its top level."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return {
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
    }
