"""docs/rules-triple-play.md cannot rot: every row names a test that exists, and every Triple
Play test has a row."""

from __future__ import annotations

import re
from pathlib import Path

from tests.catalog import catalog_rows, defined_tests

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "docs" / "rules-triple-play.md"
ID_RE = re.compile(r"T-[A-Z]+-\d+")
TEST_RE = re.compile(r"`(tests/tripleplay/test_\w+\.py)::(test_\w+)`")


def table_rows() -> list[list[str]]:
    return catalog_rows(CATALOG, strict=False)


def test_catalog_has_its_sections() -> None:
    text = CATALOG.read_text(encoding="utf-8")
    for title in (
        "## The unit model",
        "### Statistics of the default model",
        "## Our decisions where the sheet is silent",
        "## Physical-table rules",
        "## Out of scope",
    ):
        assert title in text
    assert "STATS-PLACEHOLDER" not in text


def test_catalog_ids_are_well_formed_and_unique() -> None:
    ids = [row[0] for row in table_rows()]
    assert len(ids) > 50
    bad = [i for i in ids if not ID_RE.fullmatch(i)]
    assert not bad, f"IDs not of the form T-<AREA>-<n>: {bad}"
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    assert not repeated, f"repeated IDs: {repeated}"


def test_every_catalog_row_names_one_test_that_exists() -> None:
    problems = []
    tests = []
    for row_id, rule, preset, cell in table_rows():
        if not rule or not preset:
            problems.append(f"{row_id} lacks its rule or preset")
        match = TEST_RE.fullmatch(cell)
        if match is None:
            problems.append(f"{row_id}: the Test cell is not one `tests/tripleplay/...`: {cell}")
            continue
        path = ROOT / match[1]
        if not path.is_file() or match[2] not in defined_tests(path):
            problems.append(f"{row_id}: no test {match[2]} in {match[1]}")
        tests.append(f"{match[1]}::{match[2]}")
    assert not problems, "\n".join(problems)
    repeated = sorted({t for t in tests if tests.count(t) > 1})
    assert not repeated, f"tests that stand for more than one row: {repeated}"


def test_every_triple_play_test_has_a_catalog_row() -> None:
    named = {f"{m[1]}::{m[2]}" for row in table_rows() if (m := TEST_RE.fullmatch(row[3]))}
    missing = []
    for path in sorted((ROOT / "tests" / "tripleplay").glob("test_*.py")):
        if path.name == Path(__file__).name:
            continue
        rel = path.relative_to(ROOT).as_posix()
        missing += [
            f"{rel}::{n}" for n in sorted(defined_tests(path)) if f"{rel}::{n}" not in named
        ]
    assert not missing, "tests with no row in docs/rules-triple-play.md:\n" + "\n".join(missing)
