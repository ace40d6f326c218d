"""The command line in the reader's language, each case a real ``unokit`` process: the
player-facing commands' ``--help`` and the one-line mistakes read in the language chosen by
``--lang`` or ``LANG``, and in the pseudo-language ``qps`` no plain English word is left
(only option names, metavariables, examples and what the user typed)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

UNOKIT = str(Path(sys.executable).with_name("unokit"))


def _run(*args: str, lang: str = "C.UTF-8") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LANG": lang, "LC_ALL": "", "LC_MESSAGES": "", "COLUMNS": "100"}
    return subprocess.run(
        [UNOKIT, *args], capture_output=True, text=True, timeout=120, check=False, env=env
    )


def _plain(text: str) -> set[str]:
    """Words of ``text`` outside the pseudo-language's brackets that are not option names,
    metavariables, example lines, or the names of commands and presets."""
    words: set[str] = set()
    for line in text.splitlines():
        if line.strip().startswith("unokit ") or "eval " in line:
            continue  # an example is a command line, the same in every language
        rest = line
        while rest != (rest := re.sub(r"⟦[^⟦⟧]*⟧", "", rest)):
            pass
        rest = re.sub(r"⟦[^⟧]*$|^[^⟦]*⟧", "", rest)  # a message wrapped over lines
        rest = re.sub(r"--?[\w-]+|'[^']*'|\[[a-zA-Z_|]+\]", "", rest)
        words |= {w for w in re.findall(r"[A-Za-z]{3,}", rest) if not w.isupper()}
    return words - {"unokit", "mattel", "play", "demo", "replay"}  # names of commands


@pytest.mark.parametrize("command", ["play", "demo", "replay"])
def test_the_player_commands_help_leaves_no_plain_word_in_the_pseudo_language(
    command: str,
) -> None:
    done = _run(command, "--lang", "qps", "--help")
    assert done.returncode == 0, done.stderr
    assert "⟦" in done.stdout
    assert _plain(done.stdout) == set(), done.stdout


def test_a_mistake_is_one_line_in_the_pseudo_language(tmp_path: Path) -> None:
    (tmp_path / "list.json").write_text("[1]")
    mistakes = (
        ("demo", "--players", "99"),
        ("demo", "--zzzzzz"),
        ("replay",),
        ("replay", str(tmp_path / "list.json")),
        ("play",),  # no terminal here
    )
    for args in mistakes:
        done = _run(*args, "--lang", "qps")
        assert done.returncode == 2
        lines = done.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("⟦"), done.stderr
        assert _plain(lines[0]) == set(), lines[0]


def test_the_rarer_mistakes_are_one_line_in_the_pseudo_language(tmp_path: Path) -> None:
    """A record malformed inside, one that --watch cannot play back, a record or output
    path that cannot be used, a bot that cannot play the table: each one line, its words all
    from the catalogue."""
    seat = tmp_path / "seat.json"
    seat.write_text('{"format": "unokit.game.seat", "events": 5}')
    (tmp_path / "rounds.json").write_text('{"format": "unokit.match.seat", "rounds": [1]}')
    (tmp_path / "pad.json").write_text('{"format": "unokit.scorepad"}')
    (tmp_path / "bytes.json").write_bytes(b"\xff\xfe")
    mistakes = (
        ("replay", str(seat)),
        ("replay", str(tmp_path / "rounds.json")),
        ("replay", str(tmp_path / "pad.json")),
        ("replay", str(tmp_path / "bytes.json")),
        ("replay", "--watch", str(seat)),
        ("demo", "--record", str(tmp_path / "no" / "such" / "game.json")),
        ("demo", "--record", str(tmp_path)),
        ("play", "--bots", "learned", "--players", "3"),  # no weights for three players
        ("play", "--bots", "learned:weights=mattel-2021-4p", "--players", "3"),
    )
    for args in mistakes:
        done = _run(*args, "--lang", "qps")
        assert done.returncode == 2, done.stderr
        lines = done.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("⟦"), done.stderr
        shown = lines[0].replace(str(tmp_path), "").replace("learned", "")  # as typed
        assert _plain(shown) == set(), lines[0]


def test_the_command_line_follows_lang_and_the_option_wins() -> None:
    done = _run("demo", "--players", "99", lang="de_DE.UTF-8")
    assert done.stderr.strip() == (
        "Fehler: Ungültiger Wert für '--players': 99 liegt nicht im Bereich 2<=x<=16. "
        "(siehe 'unokit demo -h')"
    )
    done = _run("play", "--help", "--lang", "ja", lang="de_DE.UTF-8")
    assert done.stdout.startswith("使い方: unokit play [OPTIONS]")
    assert "ボットと対戦する" in done.stdout
    done = _run("--help", lang="fr_FR.UTF-8")
    assert "unokit : le Uno tel que le disent les règles." in done.stdout
    assert "Jouer un match contre des bots" in done.stdout  # play's line in the list


def test_english_help_is_unchanged_by_the_catalogue() -> None:
    done = _run("play", "--help")
    assert done.stdout.startswith("Usage: unokit play [OPTIONS]\n\n  Play a match against bots")
    assert "Show this message and exit." in done.stdout


@pytest.mark.parametrize("lang", ["en", "es", "fr", "de", "it", "pt_BR", "ja", "ar", "qps"])
def test_a_whole_round_is_told_by_demo_in_each_language(lang: str) -> None:
    """``unokit demo`` narrates a complete round in the language asked for: every placeholder
    filled, and in the pseudo-language no plain word left but the players' names (a line
    ``[Ann] draw`` is the action in SPEC.md's notation, the same in every language)."""
    done = _run("demo", "--lang", lang, "--seed", "3")
    assert done.returncode == 0, done.stderr
    told = [line for line in done.stdout.splitlines() if not line.startswith("[")]
    assert len(told) > 20 and not any("{" in line or "}" in line for line in told)
    if lang == "qps":
        assert _plain("\n".join(told)) <= {"Ann", "Bea", "Cal", "Dot"}
