"""docs/rules.md cannot rot: every row names a test that exists, and every rule test has a row."""

from __future__ import annotations

import re
from pathlib import Path

from tests.catalog import catalog_rows, defined_tests

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "docs" / "rules.md"
ID_RE = re.compile(r"C-[A-Z0-9]+(?:-[A-Z0-9]+)*-\d+")
TEST_RE = re.compile(r"`(tests/rules/test_\w+\.py)::(test_\w+)`")


def table_rows() -> list[list[str]]:
    return catalog_rows(CATALOG, strict=True)


def test_catalog_has_its_sections() -> None:
    text = CATALOG.read_text(encoding="utf-8")
    for title in (
        "## Physical-table rules",
        "## Our decisions where the sheets are silent",
        "## Out of scope",
    ):
        assert title in text


def test_catalog_ids_are_well_formed_and_unique() -> None:
    ids = [row[0] for row in table_rows()]
    assert ids, "the catalog has no rows"
    bad = [i for i in ids if not ID_RE.fullmatch(i)]
    assert not bad, f"IDs not of the form C-<AREA>-<n>: {bad}"
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    assert not repeated, f"repeated IDs: {repeated}"


def test_catalog_rows_have_a_rule_and_a_preset() -> None:
    for row_id, rule, preset, _ in table_rows():
        assert rule and preset, f"{row_id} lacks its rule or preset"


def test_every_catalog_row_names_one_test_that_exists() -> None:
    cache: dict[Path, set[str]] = {}
    problems = []
    tests = []
    for row_id, _, _, cell in table_rows():
        match = TEST_RE.fullmatch(cell)
        if match is None:
            problems.append(
                f"{row_id}: the Test cell is not one `tests/rules/...py::test_name`: {cell}"
            )
            continue
        path = ROOT / match[1]
        if not path.is_file():
            problems.append(f"{row_id}: no file {match[1]}")
            continue
        if path not in cache:
            cache[path] = defined_tests(path)
        if match[2] not in cache[path]:
            problems.append(f"{row_id}: no test {match[2]} in {match[1]}")
        tests.append(f"{match[1]}::{match[2]}")
    assert not problems, "\n".join(problems)
    repeated = sorted({t for t in tests if tests.count(t) > 1})
    assert not repeated, f"tests that stand for more than one row: {repeated}"


def test_every_rule_test_has_a_catalog_row() -> None:
    named = {
        f"{m[1]}::{m[2]}" for row in table_rows() if (m := TEST_RE.fullmatch(row[3])) is not None
    }
    missing = []
    for path in sorted((ROOT / "tests" / "rules").glob("test_*.py")):
        if path.name == Path(__file__).name:
            continue
        rel = path.relative_to(ROOT).as_posix()
        missing += [
            f"{rel}::{name}"
            for name in sorted(defined_tests(path))
            if f"{rel}::{name}" not in named
        ]
    assert not missing, "tests with no row in docs/rules.md:\n" + "\n".join(missing)
