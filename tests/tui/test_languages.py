"""The terminal game in other languages: in the pseudo-language ``qps`` no plain word is left
on the screen at 80×24 (every word came from the catalogue), and Japanese (two cells a
character) and German (long words) keep the seats' columns and every key on 80 columns."""

from __future__ import annotations

import asyncio
import html
import importlib.util
import re
from collections import defaultdict
from pathlib import Path

import pytest

from unokit.i18n import use

ROOT = Path(__file__).resolve().parents[2]
ROW = re.compile(r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)</text>')


def _shot(lang: str, tmp_path: Path) -> list[str]:
    """scripts/tui_screenshot.py's game at 80×24 in ``lang``: the screen's rows of text."""
    spec = importlib.util.spec_from_file_location("shot", ROOT / "scripts/tui_screenshot.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    use(lang)
    try:
        out = tmp_path / f"{lang}.svg"
        asyncio.run(script.shoot(out))
    finally:
        use("en")
    rows: dict[float, list[tuple[float, str]]] = defaultdict(list)
    for x, y, text in ROW.findall(out.read_text()):
        rows[float(y)].append((float(x), html.unescape(text).replace("\xa0", " ")))
    return ["".join(t for _x, t in sorted(parts)) for _y, parts in sorted(rows.items())]


def test_the_terminal_game_in_the_pseudo_language_shows_no_plain_word(tmp_path: Path) -> None:
    rows = _shot("qps", tmp_path)
    plain: set[str] = set()
    for row in rows:
        rest = re.sub(r"⟦[^⟦⟧]*⟧", "", row)
        while "⟦" in rest or "⟧" in rest:  # nested, or wrapped over the row's end
            before = rest
            rest = re.sub(r"⟦[^⟦⟧]*⟧", "", rest)
            rest = re.sub(r"⟦[^⟧]*$", "", rest)
            rest = re.sub(r"^[^⟦]*⟧", "", rest)
            if rest == before:
                break
        plain |= set(re.findall(r"[A-Za-z]{3,}", rest))
    # the title's rules and house-rule codes, the bots' names and the brand are names
    assert plain - {"unokit", "mattel", "seven", "Bea", "Cal", "Dot", "play"} == set(), rows


@pytest.mark.parametrize("lang", ["ja", "de"])
def test_the_screen_holds_its_columns_and_keys_at_80_columns(lang: str, tmp_path: Path) -> None:
    rows = _shot(lang, tmp_path)
    text = "\n".join(rows)
    keys = {"ja": ["出す", "引く", "ヘルプ"], "de": ["legen", "ziehen", "Hilfe"]}[lang]
    assert all(key in text for key in keys), text  # the last key, help, is not cut off
    seats = [row for row in rows if re.search(r"\b(Bea|Cal|Dot)\s+\d+\s+\d+", row)]
    assert len(seats) == 3
    # the name, the card count and the score columns line up under each other
    assert len({row.index(re.findall(r"\b\d+\b", row)[0]) for row in seats}) == 1


@pytest.mark.parametrize("lang", ["es", "fr", "it", "pt_BR", "ar"])
def test_the_terminal_game_speaks_each_language(lang: str, tmp_path: Path) -> None:
    """A few turns into a game: the keys and the log in ``lang``, nothing left unfilled
    (Japanese and German are played in the test above)."""
    words = {"es": "robar", "fr": "piocher", "it": "pesca", "pt_BR": "comprar", "ar": "اسحب"}
    text = "\n".join(_shot(lang, tmp_path))
    assert words[lang] in text and "{" not in text and "}" not in text, text


def _refused(lang: str) -> list[str]:
    """The status line after two refusals in ``lang``: an unplayable card played, and u with
    more than two cards."""
    from unokit import Game, Rules
    from unokit.bots import make_bot
    from unokit.tui.app import PlayApp
    from unokit.tui.table import OneRound, Table

    game = Game.arranged(
        Rules.preset("mattel-2021"),
        hands=[["B5", "R6", "G7"], ["B1", "B2", "B3"], ["Y1", "Y2", "Y3"]],
        discard=["R1"],
        draw=["G1", "G2", "G3", "G4", "G5", "G6"],
    )
    bots = {seat: make_bot("random", seed=seat) for seat in (1, 2)}
    app = PlayApp(Table(OneRound(game), bots), delay=60.0)
    said: list[str] = []

    async def body() -> None:
        async with app.run_test() as pilot:
            await pilot.press("1", "enter")  # B5 on a red 1
            said.append(app.last_error)
            await pilot.press("u")
            said.append(app.last_error)
            assert app.view["hand"] == ["B5", "R6", "G7"]

    use(lang)
    try:
        asyncio.run(body())
    finally:
        use("en")
    return said


def test_a_refused_move_is_told_in_the_readers_language() -> None:
    """The engine's reason reaches the terminal through the catalogue: in Japanese, and in
    the pseudo-language with no plain word but the card codes."""
    assert _refused("ja") == [
        "青の5は赤の1に合わない",
        "「ウノ!」と言うのは最後から2枚目のカードを出すとき、または残り1枚のとき",
    ]
    for line in _refused("qps"):
        rest = line
        while rest != (rest := re.sub(r"⟦[^⟦⟧]*⟧", "", rest)):
            pass
        assert re.findall(r"[A-Za-z]{2,}", rest) == [], line
