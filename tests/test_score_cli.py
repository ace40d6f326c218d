"""``unokit score``: a match with real cards kept in a file; every mistake is one line and a
non-zero exit, and the file is left exactly as it was."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from unokit.cli import main
from unokit.cli.score import parse_cards
from unokit.scorepad import Pad

PROGRAM = [sys.executable, "-c", "from unokit.cli import main; main()"]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def test_a_match_to_the_target_undo_and_the_sheet(tmp_path: Path) -> None:
    file = str(tmp_path / "m.json")
    code, out = run("score", "new", file, "--edition", "2021", "--target", "150",
                    "--players", "Ann,Bob,Cy")  # fmt: skip
    assert code == 0, out
    code, out = run("score", "round", file, "--out", "ann", "--hand", "Bob=R7,G7,W",
                    "--hand", "Cy=2x5,B+2")  # fmt: skip
    assert code == 0, out
    assert "round 1: Ann 94" in out  # 7 + 7 + 50, 5 + 5 + 20
    code, out = run("score", "round", file, "--out", "Cy", "--hand", "Ann=W+4 W+4 W",
                    "--hand", "Bob=9")  # fmt: skip
    assert code == 0, out
    assert "match over after 2 rounds: Cy wins" in out
    pad = Pad.from_record(json.loads(Path(file).read_text()))
    assert pad.standing().totals == [94, 0, 159]
    code, out = run("score", "undo", file)
    assert code == 0 and "round 2 taken back (Cy went out)" in out
    code, out = run("score", "show", file)
    assert code == 0
    assert "*94" in out and "1 round played" in out


def test_partners_score_both_opponents_and_ignore_the_partner(tmp_path: Path) -> None:
    file = str(tmp_path / "p.json")
    run("score", "new", file, "--mode", "partners", "--players", "Ann,Bob,Cy,Dee")
    code, out = run("score", "round", file, "--out", "Ann", "--hand", "Bob=W",
                    "--hand", "Dee=S", "--hand", "Cy=W+4")  # fmt: skip
    assert code == 0, out
    assert "partner's hand is not scored" in out
    assert Pad.from_record(json.loads(Path(file).read_text())).standing().totals == [70, 0, 70, 0]


def test_cards_are_read_by_kind_with_or_without_colour() -> None:
    assert parse_cards("R7, g7 W 3x+2 2xWD4") == {"7": 2, "W": 1, "+2": 3, "WD4": 2}
    assert parse_cards("") == {}


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (["round", "{f}", "--out", "Ann", "--hand", "Bob=7"], "no hand given for Cy"),
        (["round", "{f}", "--out", "Zed", "--hand", "Bob=7"], "no player is called 'Zed'"),
        (["round", "{f}", "--out", "Ann", "--hand", "Bob=7", "--hand", "Cy=ZZ"], 'no "ZZ" cards'),
        (["round", "{f}", "--out", "Ann", "--hand", "Bob=5xW", "--hand", "Cy=7"],
         "the deck holds 4 × Wild, not 5"),
        (["round", "{f}", "--out", "Ann", "--hand", "Bob", "--hand", "Cy=7"], "NAME=CARDS"),
        (["round", "{f}", "--out", "Ann", "--hand", "Bob=7", "--hand", "bob=7"], "given twice"),
        (["new", "{f}", "--players", "Ann,Bob"], "exists"),
        (["undo", "{f}"], "no round to undo"),
    ],
)  # fmt: skip
def test_a_mistake_is_one_line_and_leaves_the_file(
    tmp_path: Path, args: list[str], why: str
) -> None:
    file = tmp_path / "m.json"
    run("score", "new", str(file), "--players", "Ann,Bob,Cy")
    before = file.read_bytes()
    code, out = run("score", *[a.replace("{f}", str(file)) for a in args])
    assert code == 2
    assert why in out
    assert file.read_bytes() == before


@pytest.mark.parametrize(
    ("args", "content", "why"),
    [
        (["show", "{f}"], None, "there is no"),
        (["show", "{f}"], b"\xff\xfe", "not UTF-8"),
        (["show", "{f}"], b"{", "is not JSON"),
        (["show", "{f}"], b'{"format": "unokit.game"}', "not a unokit score pad record"),
        (["round", "{f}", "--out", "Ann"], b'{"format": "unokit.scorepad", "version": 9}',
         "version 9"),
        (["new", "{f}", "--players", "Ann"], None, "2 to 10 players"),
        (["new", "{f}", "--players", "Ann,Bob", "--edition", "1971"], None, "not an edition"),
        (["new", "{f}", "--players", "A,B", "--edition", "party", "--mode", "lowest"], None,
         "scoring='lowest'"),
    ],
)  # fmt: skip
def test_a_real_process_says_one_line_and_exits_2(
    tmp_path: Path, args: list[str], content: bytes | None, why: str
) -> None:
    file = tmp_path / "m.json"
    if content is not None:
        file.write_bytes(content)
    run_ = subprocess.run(
        [*PROGRAM, "score", *[a.replace("{f}", str(file)) for a in args]],
        capture_output=True,
        check=False,
        text=True,
        env={**os.environ, "UNOKIT_TRACEBACK": ""},
        timeout=60,
    )
    assert run_.returncode == 2, run_.stderr
    lines = run_.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and why in lines[0], run_.stderr
    assert "Traceback" not in run_.stderr
    if content is not None:
        assert file.read_bytes() == content


def test_replay_points_a_score_pad_to_unokit_score(tmp_path: Path) -> None:
    file = str(tmp_path / "m.json")
    run("score", "new", file, "--players", "Ann,Bob")
    code, out = run("replay", file)
    assert code == 2 and f"'unokit score show {file}' prints it" in out


def test_challenge_uno_players_drop_out_until_one_is_left(tmp_path: Path) -> None:
    file = str(tmp_path / "c.json")
    run("score", "new", file, "--mode", "elimination", "--target", "30", "--players", "A,B,C")
    code, out = run("score", "round", file, "--out", "A", "--hand", "B=W", "--hand", "C=5")
    assert code == 0 and "  B     50  out" in out
    code, out = run("score", "show", file)
    assert "out of the match: B" in out
    code, out = run("score", "round", file, "--out", "B", "--hand", "A=1", "--hand", "C=1")
    assert code == 2 and "B is out of the match" in out
    code, out = run("score", "round", file, "--out", "A", "--hand", "C=W")  # B holds no hand
    assert code == 0 and "match over after 2 rounds: A wins" in out
