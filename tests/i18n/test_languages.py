"""Every language is complete: each message of the template translated, no placeholder lost
or invented, and every event kind told (to a reader and about others) in every language with
nothing left unfilled and nothing left in English. The pseudo-language ``qps`` makes any word
from outside the catalogue visible: a whole round's log in it has no plain English word."""

from __future__ import annotations

import re
from io import BytesIO

import pytest
from babel.messages.pofile import read_po

from unokit import Event, Game, Rules
from unokit.cards import Card
from unokit.i18n import LANGUAGES, PSEUDO, catalogue, choose, page_catalogue
from unokit.i18n.extract import LOCALE, TEMPLATE
from unokit.words import Narrator, card_name, describe

FOREIGN = [lang for lang in LANGUAGES if lang != "en"]
PLACEHOLDER = re.compile(r"\{(\w+)\}")
NAMES = ["Ann", "Bea", "Cal"]


def _template() -> list[tuple[str | None, str | tuple[str, str]]]:
    po = read_po(BytesIO(TEMPLATE.read_bytes()))
    return [(m.context, m.id) for m in po if m.id]  # type: ignore[misc]


def _fields(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


@pytest.mark.parametrize("lang", FOREIGN)
def test_every_message_is_translated_with_its_placeholders(lang: str) -> None:
    po = read_po(BytesIO((LOCALE / lang / "LC_MESSAGES" / "unokit.po").read_bytes()), locale=lang)
    problems = []
    for context, msgid in _template():
        m = po.get(msgid if isinstance(msgid, str) else msgid[0], context=context)
        if m is None or m.fuzzy or not m.string or not all(m.string):
            problems.append(f"untranslated: {msgid!r}")
            continue
        if isinstance(msgid, str):
            wanted = _fields(msgid)
            forms = [m.string] if isinstance(m.string, str) else list(m.string)
            # a card name may use the colour's feminine form instead of its plain one
            allowed = wanted | ({"color_f"} if "color" in wanted else set())
            for form in forms:
                got = _fields(form)
                if "color" in wanted and not got & {"color", "color_f"}:
                    problems.append(f"{msgid!r} lost its colour: {form!r}")
                if not (wanted - {"color"}) <= got or not got <= allowed:
                    problems.append(f"{msgid!r} placeholders {got} != {wanted}: {form!r}")
        else:
            wanted = _fields(msgid[0]) | _fields(msgid[1])
            forms = list(m.string)
            tags = catalogue(lang).tags
            for tag, form in zip(tags, forms, strict=True):
                got = _fields(form)
                # a form for one number ("une carte", "بطاقتان") may spell the number out
                need = wanted if tag == "other" else wanted - {"count"}
                if not need <= got or not got <= wanted:
                    problems.append(f"{msgid[0]!r} [{tag}] placeholders {got}: {form!r}")
    assert problems == []


def _every_event() -> list[Event]:
    """One event of every kind the narrator knows, with the fields it reads."""
    r7, wild, wd4, skip = (Card.parse(c) for c in ("R7", "W", "W+4", "GS"))
    e = Event
    return [
        e("deal", 0, (r7, skip)),
        e("deal", 1, count=7),
        e("turn_up", cards=(r7,)),
        e("turn_up", cards=(r7,), reason="@2"),
        e("put_back", cards=(wd4,)),
        e("play", 1, (wild,), color="G", uno=True),
        e("play", 0, (wild,), color="B"),
        e("play", 1, (r7,), uno=True),
        e("play", 1, (Card.parse("RD"), r7), reason="@1"),
        e("jump", 2, (r7,)),
        e("draw", 1, count=1),
        e("draw", 0, (r7, skip), count=2),
        e("draw", 1, count=0),
        e("draw", 2, count=2, reason="draw_two"),
        e("draw", 2, count=4, reason="wild_draw_four"),
        e("draw", 1, count=6, reason="challenge"),
        e("draw", 1, count=2, reason="uno"),
        e("draw", 1, count=3, reason="custom"),
        e("draw", 0, count=2, reason="overload"),
        e("draw", 0, count=1, reason="give_away"),
        e("draw", 0, count=1, reason="timeout"),
        e("draw", 0, count=3, reason="point_taken"),
        e("draw", 0, count=2, reason="link"),
        e("pass", 1),
        e("accept", 1, count=4),
        e("challenge", 1, target=0),
        e("challenge", 0, target=2),
        e("reveal", 0, (r7,), target=1),
        e("verdict", 2, reason="guilty"),
        e("verdict", 2, reason="innocent"),
        e("color", 1, color="Y"),
        e("skip", 0),
        e("skip", 1),
        e("reverse", count=1),
        e("reverse", count=-1),
        e("cancel", 1, reason="draw_two"),
        e("swap", 0, target=2),
        e("rotate"),
        e("shuffle_hands", 1, count=21),
        e("hand", 0, (r7,)),
        e("hand", 1, count=5),
        e("uno", 2),
        e("catch", 1, target=0),
        e("reshuffle", count=40),
        e("extra_turn", 1),
        e("blocked", reason="repetition"),
        e("blocked", reason="stuck"),
        e("blocked"),
        e("round_over", 1),
        e("round_over"),
        e("lit", reason="@1 @3"),
        e("lit", reason="@2"),
        e("counter", count=3, color="Y", reason="@2"),
        e("overload", 0, count=5, reason="@1"),
        e("press", 1, reason="@3"),
        e("clear", 0, reason="@2"),
        e("trim", count=6, reason="@1"),
        e("give", 1, count=2, target=0),
        e("timeout", 0),
        e("point_chosen", 1),
        e("point", 1, target=2),
        e("link", 0, target=1),
        e("link_kept", 1, target=2),
        e("unlink", 0, target=1),
        e("mini_start", cards=(r7,), target=1),
        e("set_aside", cards=(wild,)),
        e("no_mini_pile"),
        e("mini_play", 0, (r7,), uno=True),
        e("take", 1, (r7, skip), count=2),
    ]


def _lines(lang: str, events: list[Event]) -> list[str]:
    t = catalogue(lang)
    told = [describe(e, NAMES, t) for e in events]
    for me in (0, 1, None):
        narrator = Narrator(NAMES, me, t)
        for event in events:
            told += narrator.lines([event])
        told += narrator.lines(events)
    return told


@pytest.mark.parametrize("lang", FOREIGN)
def test_every_event_kind_is_told_in_every_language(lang: str) -> None:
    events = _every_event()
    english, told = _lines("en", events), _lines(lang, events)
    assert len(told) == len(english)
    assert not [line for line in told if "{" in line or "}" in line]
    # the same line as in English only where it has no words (a card code list, a name)
    same = [a for a, b in zip(told, english, strict=True) if a == b and re.search("[a-z]{3}", a)]
    assert same == []


def test_the_pseudo_language_leaves_no_plain_word_in_a_whole_round() -> None:
    """A round of every house rule, told in ``qps``: nothing outside ⟦…⟧ but names, codes,
    numbers and punctuation, so every word the log shows comes from the catalogue."""
    t = catalogue(PSEUDO)
    rules = Rules.preset("mattel-2021", stacking=True, seven_o=True, jump_in=True)
    game = Game.new(rules, players=3, seed=4)
    narrator = Narrator(NAMES, 0, t)
    lines = narrator.lines(game.events(0))
    while not game.over:
        seat = game.to_play
        lines += narrator.lines([e.for_seat(0) for e in game.apply(game.legal_actions()[0], seat)])
    lines += [describe(e, NAMES, t) for e in _every_event()]
    outside = set()
    for line in lines:
        rest = re.sub(r"⟦[^⟦⟧]*⟧", "", line)
        while rest != (rest := re.sub(r"⟦[^⟦⟧]*⟧", "", rest)):
            pass
        outside |= set(re.findall(r"[A-Za-z]{2,}", rest)) - set(NAMES)
    assert len(lines) > 50
    assert outside == set()


def test_the_variant_help_pages_and_the_pile_up_dialog_leave_no_plain_word() -> None:
    """The terminal's Triple Play and Party! help pages and the Wild Pile Up dialog, in
    ``qps``: only the help's key names, the rules' code and card codes stay plain."""
    from typing import Any, cast

    from unokit.actions import Action
    from unokit.i18n import use
    from unokit.tui.app import PlayApp
    from unokit.tui.help import rules_help

    use(PSEUDO)
    try:
        texts = [rules_help(Rules.preset(name), 3).plain for name in ("triple-play", "party")]
        for color in ("G", None):
            view = {"mini_pile": ["G3", "G5"], "mini_color": color}
            dialog = PlayApp.pile_up_dialog(cast(Any, None), view, [Action.parse("take")])
            texts += [dialog.title_text, dialog.note, *(str(c.label) for c in dialog.choices)]
    finally:
        use("en")
    outside = set()
    for text in texts:
        rest = text
        while rest != (rest := re.sub(r"⟦[^⟦⟧]*⟧", "", rest)):
            pass
        outside |= set(re.findall(r"[A-Za-z]{2,}", rest))
    assert outside - {"Enter", "triple", "play", "party"} == set()


def test_card_names_are_the_printed_decks_words() -> None:
    names = {lang: card_name(Card.parse("G+2"), catalogue(lang)) for lang in LANGUAGES}
    assert names["es"] == "Roba dos verde"
    assert card_name(Card.parse("RS"), catalogue("fr")) == "Passe ton tour rouge"
    assert card_name(Card.parse("GR"), catalogue("fr")) == "Inversion verte"  # agrees
    assert card_name(Card.parse("BS"), catalogue("de")) == "Blau Aussetzen"
    assert card_name(Card.parse("W+4"), catalogue("ja")) == "ワイルドドロー4"
    assert len(set(names.values())) == len(LANGUAGES)


def test_plurals_follow_each_languages_rules() -> None:
    ar = catalogue("ar")
    cards = [ar.ngettext("{count} card", "{count} cards", n) for n in (1, 2, 3, 11, 100)]
    assert cards == ["بطاقة واحدة", "بطاقتين", "3 بطاقات", "11 بطاقة", "100 بطاقة"]
    assert catalogue("fr").ngettext("{count} card", "{count} cards", 0) == "0 carte"
    assert catalogue("ja").ngettext("{count} card", "{count} cards", 5) == "5 枚"


def test_numbers_are_written_for_the_locale() -> None:
    assert [catalogue(lang).num(12345) for lang in ("en", "de", "fr", "ar")] == [
        "12,345",
        "12.345",
        "12\u202f345",
        "12,345",
    ]


def test_the_language_comes_from_the_option_then_the_environment() -> None:
    assert choose("ja", {"LANG": "de_DE.UTF-8"}) == "ja"
    assert choose(None, {"LC_ALL": "fr_CA.UTF-8", "LANG": "de_DE.UTF-8"}) == "fr"
    assert choose(None, {"LC_MESSAGES": "pt_PT", "LANG": "de_DE"}) == "pt_BR"
    assert choose(None, {"LC_ALL": "C", "LANG": "de_DE.UTF-8"}) == "en"
    assert choose(None, {"LANG": "xx_YY"}) == "en"


def test_the_page_reads_plural_forms_by_cldr_category() -> None:
    page = page_catalogue("ar")
    assert page["rtl"] is True
    forms = page["messages"]["{count} card"]
    assert set(forms) == {"zero", "one", "two", "few", "many", "other"}
    assert forms["two"] == "بطاقتين"
