"""Every refusal a player can meet has a code, and every code is told in every language.

The engines say why in English (the Python API); ``unokit.refusals`` reads each reason back
into a code and params that a reader's language tells. These tests read every reason the
engines' and parsers' sources can write and the server's own, so a new or reworded reason
without a template fails here, and render each code in each language with nothing missing,
unfilled or left in English."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

import unokit
from unokit import Game, Rules
from unokit.cards import Card
from unokit.errors import IllegalAction
from unokit.i18n import LANGUAGES, PSEUDO, catalogue
from unokit.refusals import Refusal, classify, page_words, tell, templates
from unokit.server.bounds import check_house
from unokit.server.error_frames import SERVER, error_frame
from unokit.server.names import check_name, check_title
from unokit.words import card_name

SOURCES = Path(unokit.__file__).parent
ENGINE_FILES = [
    "game.py",
    "tripleplay/game.py",
    "party/game.py",
    "match.py",
    "actions.py",
    "cards.py",
]
SERVER_FILES = sorted(str(p.relative_to(SOURCES)) for p in (SOURCES / "server").glob("*.py"))
FOREIGN = [lang for lang in LANGUAGES if lang != "en"]

# what an f-string's field stands for in a sample reason, by the words of its expression
_SAMPLES = [
    ("rules.name", "Triple Play"),
    ("top.name", "blue Skip"),
    ("card.name", "Wild Draw Four"),
    ("COLOR_NAMES", "green"),
    ("named", "green"),
    ("color", "green"),
    ("example", "1 1"),
    ("action}", "play R7"),
    ("join", "@1 @3"),
    ("!r", "'xyz'"),
    ("kind", "swap"),
    ("card", "R7"),
    ("drawn", "R7"),
    ("companion", "R7"),
    ("needed", "Draw Two"),
    ("what", "a name"),
    ("why", "a formatting or direction character"),
    ("ord(", "200D"),
]


def _sample(node: ast.expr, source: str) -> str | None:
    """A reason ``node`` can write, its fields filled with plausible values."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left = _sample(node.left, source)
        return None if left is None else left + "@1 @3"
    if isinstance(node, ast.JoinedStr):
        out = []
        for part in node.values:
            if isinstance(part, ast.Constant):
                out.append(str(part.value))
                continue
            assert isinstance(part, ast.FormattedValue)
            text = ast.get_source_segment(source, part.value) or ""
            if part.conversion == ord("r"):
                text += "!r"
            value = next((v for k, v in _SAMPLES if k in text + "}"), "2")
            out.append(value)
        return "".join(out)
    return None


def _reasons(files: list[str], errors: set[str]) -> list[str]:
    """Every reason the files raise as one of ``errors`` or return from a ``_why`` method,
    and the values of their tables of reasons."""
    found: list[str] = []
    for name in files:
        source = (SOURCES / name).read_text()
        tree = ast.parse(source)
        for node in ast.walk(tree):
            nodes: list[ast.expr] = []
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in errors:
                nodes = node.args[:1]
            elif isinstance(node, ast.FunctionDef) and node.name.startswith("_why"):
                nodes = [
                    r.value
                    for r in ast.walk(node)
                    if isinstance(r, ast.Return) and r.value is not None
                ]
            elif isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") in (
                "_REFUSED_KINDS",
            ):
                assert isinstance(node.value, ast.Dict)
                nodes = [v for v in node.value.values if v is not None]
            for n in nodes:
                text = _sample(n, source)
                if text is not None:
                    found.append(text)
    return found


ENGINE_ERRORS = {"IllegalAction", "ActionSyntaxError", "CardSyntaxError"}


def test_every_reason_the_engines_and_parsers_write_has_a_code() -> None:
    reasons = _reasons(ENGINE_FILES, ENGINE_ERRORS)
    assert len(reasons) > 90
    # "there is nothing to {kind}" is written for accept and challenge, each its own code
    reasons = [r.replace("nothing to swap", "nothing to accept") for r in reasons]
    missing = [r for r in reasons if classify(r) is None]
    assert missing == []


def test_every_refusal_the_server_writes_has_a_code() -> None:
    reasons = _reasons(
        SERVER_FILES,
        {
            "TableError",
            "LimitError",
            "UnavailableError",
            "FrameError",
            "SlowDownError",
            "BadRequestError",
            "refuse",
        },
    )
    reasons += [r for r in _evictions()]
    assert len(reasons) > 40
    # a client that breaks the protocol is a program, not a player: these stay English only
    protocol = re.compile(r"seat tokens travel .*|the first frame is .*")
    missing = [r for r in reasons if classify(r) is None and not protocol.fullmatch(r)]
    assert missing == []


def test_every_refusal_of_a_name_title_or_house_rule_has_a_code() -> None:
    """The lobby's form: each rule a name, a title or a house rule breaks reads back as a
    code, and so does each kind of character a name or a title may not hold."""
    reasons = _reasons(["server/names.py", "server/bounds.py"], {"ValueError"})
    assert len(reasons) >= 9
    missing = [r for r in reasons if classify(r) is None]
    assert missing == []
    kinds = []
    for ch in ("\x01", "\u200d", "\ud800", "\ue000", "\u0378", "\u2028", "\u2029", "\u3164"):
        for check in (check_name, check_title):
            with pytest.raises(ValueError) as err:
                check("Ann" + ch)
            r = classify(str(err.value))
            kinds.append(r and r.code)
    assert len(set(kinds)) == 16 and None not in kinds
    wrong = [
        (check_name, "x" * 41),
        (check_title, "<b>"),
        (check_name, "a\u0301\u0301\u0301\u0301"),
        (check_title, "--"),
        (check_house, {"stacking": 3}),
        (check_house, {"scoring": "most"}),
        (check_house, {"target": 1.5}),
        (check_house, {"new_wild_points": 5000}),
        (check_house, {"x" * 41: True}),
    ]
    codes = []
    for check, value in wrong:
        with pytest.raises(ValueError) as err:
            check(value)  # type: ignore[operator]
        r = classify(str(err.value))
        codes.append(r and r.code)
    assert codes == [
        "name_long",
        "title_angle",
        "name_marks",
        "title_blank",
        "house_bool",
        "house_choice",
        "house_whole",
        "house_range",
        "house_key_long",
    ]


def _evictions() -> list[str]:
    source = (SOURCES / "server/connections.py").read_text()
    return re.findall(r'why = "([^"]+)"', source)


def _params(template: str) -> dict[str, object]:
    values: dict[str, object] = {
        "card": "R7",
        "drawn": "G5",
        "companion": "RD",
        "top": "BS",
        "wild": "W+4",
        "color": "G",
        "code": "W+4",
        "kind": "swap",
        "text": "'xyz'",
        "action": "play R7",
        "lit": "@1 @3",
        "game": "Triple Play",
        "seats": "1 1",
        "kinds": "play, draw",
        "line": "'play R7 x'",
        "free": "1, 2",
        "name": "'Bob'",
        "size": 5000,
        "limit": 4096,
        "where": "action",
        "detail": "Field required",
        "key": "target",
        "choices": "winner, partnership",
        "least": "0",
        "most": "4",
        "value": "9",
    }
    return {k: values.get(k, 3) for k in re.findall(r"\{(\w+)\}", template)}


def _every_refusal() -> list[Refusal]:
    return [Refusal(code, _params(t.text), t.text) for code, t in templates().items()]


def test_the_server_codes_are_known_to_every_reader() -> None:
    codes = templates()
    assert all(t.code in codes for t in SERVER)
    assert len(codes) > 140
    texts = [t.text for t in codes.values()]
    assert len(set(texts)) == len(texts)  # one code for each sentence


@pytest.mark.parametrize("lang", FOREIGN)
def test_every_refusal_is_told_in_every_language(lang: str) -> None:
    """Each code in ``lang``: its placeholders filled, and not the English sentence."""
    t, en = catalogue(lang), catalogue("en")
    problems = []
    for r in _every_refusal():
        for n in (1, 2, 5):
            r2 = Refusal(r.code, {**r.params, "n": n} if "n" in r.params else r.params)
            told, english = tell(r2, t), tell(r2, en)
            if "{" in told or "}" in told:
                problems.append(f"{r.code}: unfilled: {told}")
            if told == english:
                problems.append(f"{r.code}: English: {told}")
            for value in r2.params.values():
                if isinstance(value, str) and value[:1] in "'@" and value not in told:
                    problems.append(f"{r.code}: lost {value}: {told}")
    assert problems == []


def test_every_refusal_in_the_pseudo_language_leaves_no_plain_word() -> None:
    t = catalogue(PSEUDO)
    outside: dict[str, set[str]] = {}
    for r in _every_refusal():
        rest = tell(r, t)
        while rest != (rest := re.sub(r"⟦[^⟦⟧]*⟧", "", rest)):
            pass
        typed = " ".join(str(v) for v in r.params.values())
        words = set(re.findall(r"[A-Za-z]{2,}", rest)) - set(re.findall(r"[A-Za-z]{2,}", typed))
        if words:
            outside[r.code] = words
    assert outside == {}


def test_a_refusal_reads_back_as_its_code_and_params() -> None:
    game = Game.new(Rules.preset("mattel-2021"), players=3, seed=1)
    seat = game.to_play
    assert seat is not None
    other = (seat + 1) % 3
    with pytest.raises(IllegalAction) as err:
        game.apply("draw", other)
    assert error_frame(err.value, 7) == {
        "type": "error",
        "id": 7,
        "message": str(err.value),
        "reason": "not_your_turn",
        "params": {"turn": seat},
    }
    held = {c.code for c in game.hand(seat)}
    missing = next(c for c in ("R1", "G2", "B3", "Y4", "R5") if c not in held)
    with pytest.raises(IllegalAction) as err:
        game.apply(f"play {missing}")
    r = classify(str(err.value))
    assert r is not None and (r.code, dict(r.params)) == (
        "not_held",
        {"seat": seat, "card": missing},
    )
    assert (
        tell(r, catalogue("fr"))
        == f"la place {seat} n’a pas {card_name(Card.parse(missing), catalogue('fr'))}"
    )


@pytest.mark.parametrize("preset", ["mattel-2021", "triple-play", "party"])
def test_every_refusal_met_in_random_play_has_a_code(preset: str) -> None:
    """Random games, every seat trying a spread of actions at each turn: each refusal met
    reads back as a code."""
    rng = random.Random(5)
    tries = [
        "draw",
        "pass",
        "accept",
        "challenge",
        "uno",
        "catch 1",
        "swap 1",
        "color G",
        "press @2",
        "give 1",
        "point 1",
        "link 0 1",
        "take",
        "timeout",
        "play W+4",
        "play W+4 G",
        "play R7",
        "play R7 @1",
        "jump R7",
        "play W @1",
        "play WPU G",
    ]
    unread: set[str] = set()
    met = 0
    for seed in range(3):
        rules = (
            Rules.preset(preset)
            if preset != "mattel-2021"
            else Rules.preset(preset, jump_in=True, seven_o=True, stacking=True)
        )
        game = Game.new(rules, players=3, seed=seed)
        for _ in range(120):
            if game.over:
                break
            for seat in range(4):
                for text in (
                    [*tries, *(f"play {c.code}" for c in game.hand(seat % 3)[:3])]
                    if seat < 3
                    else tries
                ):
                    try:
                        game.clone().apply(text, seat)
                    except ValueError as err:
                        met += 1
                        if classify(str(err)) is None:
                            unread.add(str(err))
            game.apply(rng.choice(game.legal_actions()))
    assert met > 1000
    assert unread == set()


def test_the_page_reads_each_codes_sentence_in_its_language() -> None:
    reasons = page_words("de")["reasons"]
    assert reasons["not_held"] == "Platz {seat} hat kein {card}"
    assert reasons["must_accept"] == {
        "one": "du musst die {n} Karte annehmen",
        "other": "du musst die {n} Karten annehmen",
    }
    assert set(reasons) == set(templates())
    english = page_words("en")["reasons"]
    assert english["slow_down"] == "too many frames: slow down"


def test_a_sentence_that_only_looks_like_a_refusal_is_told_without_failing() -> None:
    """A card code no deck prints, in a sentence shaped like a refusal (a frame error that
    quotes what a client sent), is shown as it is."""
    r = classify("ZZ9 does not match the blue Skip")
    assert r is not None and r.code == "no_match"
    assert tell(r, catalogue("de")) == "ZZ9 passt nicht auf Blau Aussetzen"
    assert tell("nothing we ever say", catalogue("de")) == "nothing we ever say"
