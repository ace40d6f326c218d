"""Why a move was refused, as a code a reader's language can tell: the engines' English
reasons read back into a stable code and its parameters.

The engines (compiled, fast, free of words) keep saying why in English, as python-chess
does, for the Python API and the logs. This module, not compiled and not on any hot path,
reads a reason back: each reason the engines, the action parser and the card parser can
write has a template here, its English sentence word for word with ``{placeholders}``.
:func:`classify` finds the template a reason came from and returns its code and its
parameters in plain data (seat numbers as ints, cards as codes, colours as letters), which
the server sends beside its English ``message`` (docs/server.md) and any reader tells in its
own language with :func:`tell`. The template is also the message id in the catalogue, so a
reason is written once, in the engine, and once here; ``tests/i18n/test_refusals.py`` reads
every reason in the engines' sources and fails when one has no template.

Why not a ``code`` attribute set where the engines raise: it would write each of about a
hundred reasons twice in the compiled engines (the words and the code with its parameters),
where this table writes them once beside the catalogue and leaves the engines untouched.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from unokit.i18n import N_, Catalogue, Nn_, current, page_catalogue

__all__ = [
    "ENGINE",
    "Refusal",
    "Template",
    "classify",
    "page_words",
    "refusal_of",
    "tell",
    "templates",
]


@dataclass(frozen=True)
class Template:
    """One reason: its code and its English sentence; ``plural`` when it counts ``{n}``."""

    code: str
    text: str
    plural: str | None = None


def _t(code: str, text: str | tuple[str, str]) -> Template:
    if isinstance(text, tuple):
        return Template(code, text[0], text[1])
    return Template(code, text)


ENGINE: tuple[Template, ...] = (
    # the classic game (unokit.game)
    _t("no_seat", N_("there is no seat {seat} at this table of {players}")),
    _t("round_over", N_("the round is over")),
    _t("seat_out", N_("seat {seat} is out of this game")),
    _t("kind_not_in_game", N_("'{kind}' is not part of {game}")),
    _t("uno_not_one", N_("you say Uno when you are down to one card")),
    _t("uno_passed", N_("you have already said Uno, or the moment to say it has passed")),
    _t("catch_self", N_("you cannot catch yourself: say 'uno'")),
    _t("catch_not_one", N_("seat {target} does not have one card")),
    _t("catch_passed", N_("seat {target} said Uno or the moment to catch them has passed")),
    _t("not_your_turn", N_("it is seat {turn}'s turn")),
    _t("no_jump_in", N_("Jump-In is not played at this table (jump_in=False)")),
    _t("not_identical", N_("{card} is not identical to the {top} on top")),
    _t("jump_wild", N_("a wild card has no colour, so no card is identical to it")),
    _t("not_held", N_("seat {seat} does not hold {card}")),
    _t("jump_own", N_("you cannot jump in on your own card")),
    _t("jump_your_turn", N_("it is your turn: play {card}")),
    _t("jump_swap", N_("seat {turn} is choosing whom to trade hands with: jump after")),
    _t("uno_only_last", N_("say Uno only when the card leaves you one")),
    _t("not_legal", N_("{action} is not legal now")),
    _t("color_first", N_("name the colour of the Wild turned up first: color R, Y, G or B")),
    _t("swap_first", N_("choose the seat to trade hands with first: swap N")),
    _t("swap_when", N_("swap follows a Seven-O 7 or a Wild Swap Hands")),
    _t("swap_target", N_("seat {target} is not another player at this table")),
    _t("color_with_wild", N_("a colour is named with the wild card itself, like 'play W G'")),
    _t("pass_not_drawn", N_("pass keeps a card just drawn; you have not drawn one")),
    _t("nothing_to_accept", N_("there is nothing to accept")),
    _t("nothing_to_challenge", N_("there is nothing to challenge")),
    _t("challenge_only", N_("only a Wild Draw Four played on you alone can be challenged")),
    _t("drawn_keep", N_("you have drawn already: keep the {drawn} with pass")),
    _t("drawn_play", N_("you have drawn already: play {drawn} or pass")),
    _t(
        "take_or_stack",
        Nn_(
            "you must take the {n} card (accept) or stack",
            "you must take the {n} cards (accept) or stack",
        ),
    ),
    _t("draw_empty", N_("the draw pile is empty and you have a card to play")),
    _t("only_drawn", N_("after drawing, only the drawn card ({drawn}) may be played")),
    _t("must_accept", Nn_("you must accept the {n} card", "you must accept the {n} cards")),
    _t("stack_draw_two", N_("only a Draw Two can be stacked on a Draw Two")),
    _t("stack_wild_draw_four", N_("only a Wild Draw Four can be stacked on a Wild Draw Four")),
    _t("wild_color", N_("a {wild} must name a colour, like 'play {code} G'")),
    _t("color_only_wild", N_("only a wild card names a colour")),
    _t("uno_with_play", N_("say Uno with the play only when it leaves you one card")),
    _t("no_match_unnamed", N_("{card} does not match: the colour in play is not named yet")),
    _t("no_match_color", N_("{card} does not match: the colour in play is {color}")),
    _t("no_match", N_("{card} does not match the {top}")),
    _t("kind_not_here", N_("{kind} is not part of this game")),
    _t("not_a_seat", N_("{text} is not a seat")),
    _t("not_an_action", N_("{text} is not an action")),
    # Triple Play (unokit.tripleplay.game)
    _t(
        "tp_no_pass",
        N_("Triple Play has no pass: after drawing, play the drawn card or press a lit pile"),
    ),
    _t(
        "tp_no_overload",
        N_("accept keeps the cards a Wild Give Away's overload shows, and none are shown"),
    ),
    _t("tp_no_challenge", N_("Triple Play has no Wild Draw Four to challenge")),
    _t(
        "tp_wild_no_color",
        N_("Triple Play wilds name no colour: the next card played on that pile decides it"),
    ),
    _t("tp_no_swap", N_("Triple Play has no swapping of hands")),
    _t("tp_no_jump", N_("Triple Play has no Jump-In")),
    _t(
        "give_first",
        Nn_(
            "give the {n} overload card first, like 'give {seats}', or keep it: accept",
            "give the {n} overload cards first, like 'give {seats}', or keep them: accept",
        ),
    ),
    _t(
        "give_count",
        Nn_(
            "give names one seat for each of the {n} card",
            "give names one seat for each of the {n} cards",
        ),
    ),
    _t("give_other", N_("each card goes to another player still in the round")),
    _t("give_when", N_("give follows a Wild Give Away whose pile overloads")),
    _t("press_first", N_("play a card or draw first: you press a pile when you play no card")),
    _t("pile_not_lit", N_("pile {pile} is not lit: the lit piles are {lit}")),
    _t("tp_drawn", N_("you have drawn already: play the drawn card or press a lit pile")),
    _t("tp_nothing_to_draw", N_("nothing is left to draw and you have a card to play")),
    _t("which_pile", N_("say which pile to play on, like 'play {code} @1'")),
    _t("no_companion", N_("seat {seat} does not hold another {companion} to play with {card}")),
    _t("companion_color", N_("the card played with {card} must be {color}")),
    _t("tp_only_drawn", N_("after drawing, only the drawn card ({drawn}) may be played, alone")),
    _t("tp_no_match", N_("{card} does not match the {top} on pile {pile}")),
    _t("no_timer", N_("timer mode is off (timer=None): there is no clock to run out")),
    _t("clock_other", N_("the clock runs for seat {turn}, not seat {seat}")),
    _t("clock_paused", N_("the clock is paused while an overload is settled")),
    # Party! (unokit.party.game)
    _t("pointing_now", N_("seat {turn} is pointing now; your turn to point comes")),
    _t("point_first", N_("everyone points at one other player first: point N")),
    _t("point_self", N_("point at another player, not at yourself")),
    _t("point_target", N_("seat {target} is not a player in this game")),
    _t("link_first", N_("name the two players to link first: link A B")),
    _t("linked_already", N_("seats {a} and {b} are linked already: choose two new players")),
    _t("link_seats", N_("seats {a} and {b} are not both in this game")),
    _t("point_when", N_("point follows a Point Taken")),
    _t("link_when", N_("link follows a Wild Drawn Together")),
    _t("no_mini", N_("there is no mini pile to take")),
    _t("wpu_no_color", N_("the Wild Pile Up names no colour: play WPU")),
    _t("mini_hold", N_("you hold a {color} card or a wild: play it on the mini pile")),
    _t("mini_play_or_take", N_("play a {color} card or a wild on the mini pile, or take it")),
    _t(
        "mini_no_color",
        N_("a card played on the mini pile names no colour: wilds do not change it"),
    ),
    _t("mini_color", N_("{card} is not {color}, the mini pile's colour, nor a wild")),
    _t("speed_number", N_("Speed Play needs a number card on top, and the {top} is on top")),
    _t("speed_own", N_("you played that card yourself")),
    # a match (unokit.match)
    _t("round_playing", N_("the round is still being played")),
    _t("match_over", N_("the match is over")),
    # text that is no action (unokit.actions) or no card (unokit.cards)
    _t("parse_not_text", N_("{text} is not an action: expected text like 'play R7'")),
    _t("parse_empty", N_("an empty line is not an action")),
    _t("parse_unknown", N_("{text} is not an action: the actions are {kinds}")),
    _t("parse_bare", N_("'{kind}' takes nothing after it, got {text}")),
    _t("parse_color", N_("'color' takes one colour: color R, Y, G or B")),
    _t("parse_one_seat", N_("'{kind}' takes one seat number, like '{kind} 2'")),
    _t("parse_press", N_("'press' takes one pile, like 'press @2'")),
    _t("parse_give", N_("'give' takes one seat for each card given (1 to 4)")),
    _t("parse_link", N_("'link' takes two seats, like 'link 1 5'")),
    _t("parse_link_same", N_("'link' takes two different seats")),
    _t("parse_seat", N_("{text} is not a seat number (in '{kind}')")),
    _t("parse_pile", N_("{text} is not a pile: piles are @1, @2 and @3")),
    _t("parse_needs_card", N_("'{kind}' needs a card, like '{kind} R7'")),
    _t("parse_extra", N_("{text} does not belong in {line}")),
    _t("parse_not_color", N_("{text} is not a colour: use R, Y, G or B")),
    _t("parse_not_code", N_("{text} is not a card code")),
    _t(
        "parse_not_card",
        N_(
            "{text} is not a card: a card is a colour R/Y/G/B with 0-9, S, R, +2, D or P "
            "(like R7, GS, B+2), or a wild W, W+4, WSH, WSW, WC, WCL, WGA, WPU, WDT"
        ),
    ),
)
"""Every reason the engines and parsers write, as its template (the catalogue's id)."""


# -- what each placeholder holds, by its name ------------------------------------------------
_INT = r"-?\d+"
_CODE = r"[A-Z0-9+]+"
_CARD_NAMES = ("card", "drawn", "companion", "top", "wild")
"""Placeholders that hold a card: sent as its code, told as the reader's name for it."""
_BY_NAME = ("top", "wild")
"""Of those, the ones the English reason writes as the card's name, not its code."""
_COLORS = {"red": "R", "yellow": "Y", "green": "G", "blue": "B"}
_NUMBERS = ("seat", "players", "target", "turn", "n", "pile", "a", "b", "low", "high", "count")


@cache
def _names() -> dict[str, str]:
    from unokit.cards import Card

    return {c.name: c.code for c in Card.all()}


def _group(name: str) -> str:
    if name in _NUMBERS:
        return _INT
    if name in _BY_NAME:
        return "|".join(re.escape(n) for n in sorted(_names(), key=len, reverse=True))
    if name in _CARD_NAMES or name == "code":
        return _CODE
    if name == "color":
        return "red|yellow|green|blue"
    if name == "kind":
        return r"[a-z_]+"
    return ".+?"


_FIELD = re.compile(r"\{(\w+)\}")


@cache
def _pattern(text: str) -> re.Pattern[str]:
    out: list[str] = []
    seen: set[str] = set()
    pos = 0
    for m in _FIELD.finditer(text):
        out.append(re.escape(text[pos : m.start()]))
        name = m.group(1)
        out.append(f"(?P={name})" if name in seen else f"(?P<{name}>{_group(name)})")
        seen.add(name)
        pos = m.end()
    out.append(re.escape(text[pos:]))
    return re.compile("".join(out), re.DOTALL)


def _value(name: str, raw: str) -> Any:
    if name in _NUMBERS:
        return int(raw)
    if name in _BY_NAME:
        return _names()[raw]
    if name == "color":
        return _COLORS[raw]
    return raw


@dataclass(frozen=True)
class Refusal:
    """A reason as data: its ``code`` and ``params`` (JSON-ready: ints, card codes, colour
    letters, the words a player typed), and the English ``message`` it was read from."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)
    message: str = ""


@cache
def _all() -> dict[str, Template]:
    found = {t.code: t for t in ENGINE}
    for extra in _EXTRA:
        found.update({t.code: t for t in extra()})
    return found


_EXTRA: list[Callable[[], tuple[Template, ...]]] = []
"""More templates, registered by other layers (the server's own refusals)."""


def register(more: Callable[[], tuple[Template, ...]]) -> None:
    """Adds a layer's templates (read on first use): the server registers its refusals."""
    if more not in _EXTRA:
        _EXTRA.append(more)
        _all.cache_clear()
        _exact.cache_clear()


def templates() -> dict[str, Template]:
    """Every template by code."""
    return dict(_all())


@cache
def page_words(lang: str) -> dict[str, Any]:
    """What the page reads (:func:`unokit.i18n.page_catalogue`) and, under ``reasons``, each
    refusal code's sentence in ``lang``, which the page fills with an error frame's
    ``params`` (a plural one as forms keyed by CLDR category)."""
    words = page_catalogue(lang)
    messages = words["messages"]
    reasons: dict[str, Any] = {}
    for code, t in templates().items():
        if t.plural is None:
            reasons[code] = messages.get(t.text) or t.text
        else:
            reasons[code] = messages.get(t.text) or {"one": t.text, "other": t.plural}
    return {**words, "reasons": reasons}


@cache
def _exact() -> dict[str, str]:
    """The templates with no placeholder, by their text: most refusals, found at once."""
    return {
        text: t.code
        for t in _all().values()
        for text in (t.text, t.plural)
        if text is not None and not _FIELD.search(text)
    }


def classify(message: str) -> Refusal | None:
    """The refusal ``message`` states, or None when no template writes it."""
    code = _exact().get(message)
    if code is not None:
        return Refusal(code, {}, message)
    for t in _all().values():
        for text in (t.text, t.plural) if t.plural else (t.text,):
            m = _pattern(text).fullmatch(message)
            if m is not None:
                params = {k: _value(k, v) for k, v in m.groupdict().items()}
                return Refusal(t.code, params, message)
    return None


def refusal_of(err: BaseException | str) -> Refusal:
    """``err``'s refusal; one no template writes is code ``"other"`` (its English message
    is all a reader gets)."""
    message = str(err)
    return classify(message) or Refusal("other", {}, message)


def tell(err: BaseException | str | Refusal, t: Catalogue | None = None) -> str:
    """The refusal in the reader's words: the catalogue's sentence, its cards and colours
    named as the language names them, its numbers written for the locale."""
    t = t or current()
    r = err if isinstance(err, Refusal) else refusal_of(err)
    template = _all().get(r.code)
    if template is None:
        return r.message
    fields = _fields(r.params, t)
    if template.plural is not None:
        return t.ngettext(template.text, template.plural, int(r.params["n"]), **fields)
    return t._(template.text, **fields)


def _fields(params: Mapping[str, Any], t: Catalogue) -> dict[str, str]:
    from unokit.cards import Card
    from unokit.words import _feminine, card_name, color_name

    out: dict[str, str] = {}
    for k, v in params.items():
        if k in _CARD_NAMES:
            try:
                out[k] = card_name(Card.parse(v), t)
            except ValueError:  # a code no deck prints, read from a sentence not ours
                out[k] = str(v)
        elif k == "color":
            out[k] = color_name(v, t)
            out["color_f"] = _feminine(v, t)  # the colour agreeing with "carte", "carta"
        elif k in _NUMBERS:
            out[k] = t.num(int(v))
        else:
            out[k] = str(v)
    return out
