"""Players' names and table titles: printable text a person can read, normalised, and names
unique at a table even to the eye.

Text is NFKC-normalised (full-width ``Ａｎｎ`` is ``Ann``). Control characters (NUL, ESC,
newlines), format characters (the bidirectional overrides that turn ``Ann\\u202e`` into
something else on screen, zero-width joiners), surrogates, private-use and unassigned code
points, blank fillers (U+3164 and its kin, U+2800), stacks of combining marks and markup
(``<``, ``>``) are refused, in names and titles alike. Two names at one table may not share
a *skeleton*: NFKC, case folded, Cyrillic and Greek letters that look like Latin ones read
as those (``Hоst`` with a Cyrillic ``о`` is ``Host``), spaces and marks dropped; so nobody
can sit as someone else.
"""

from __future__ import annotations

import unicodedata

__all__ = ["NAME_LIMIT", "TITLE_LIMIT", "check_name", "check_title", "same_name", "skeleton"]

_REFUSED = {
    "Cc": "a control character",
    "Cf": "a formatting or direction character",
    "Cs": "a lone surrogate",
    "Co": "a private-use character",
    "Cn": "an unassigned character",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}

_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5")
"""Characters that draw nothing though Unicode counts them letters or symbols."""

NAME_LIMIT = 40
TITLE_LIMIT = 60

MAX_MARKS = 2
"""Combining marks allowed on one character (more stack into unreadable "zalgo")."""

_LOOKALIKES = str.maketrans(
    {
        # Cyrillic
        "а": "a", "в": "b", "с": "c", "ԁ": "d", "е": "e", "һ": "h", "і": "i", "ј": "j",
        "к": "k", "ӏ": "l", "м": "m", "н": "h", "о": "o", "р": "p", "ԛ": "q", "г": "r",
        "ѕ": "s", "т": "t", "υ": "u", "ѵ": "v", "ԝ": "w", "х": "x", "у": "y", "ү": "y",
        "ё": "e", "ї": "i", "ɡ": "g",
        # Greek
        "α": "a", "β": "b", "ϲ": "c", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v",
        "ο": "o", "ρ": "p", "τ": "t", "χ": "x", "γ": "y", "ϳ": "j", "ω": "w", "μ": "u",
        # digits read as letters
        "0": "o",
    }
)  # fmt: skip
"""Lower-case look-alikes of Latin letters (after case folding), as fonts draw them."""


def _check_text(text: str, what: str, limit: int) -> str:
    text = unicodedata.normalize("NFKC", text)
    if len(text) > limit:  # some characters grow under NFKC (U+FDFA is 18 letters)
        raise ValueError(f"{what} is at most {limit} characters")
    marks = 0
    for ch in text:
        category = unicodedata.category(ch)
        why = _REFUSED.get(category)
        if why is None and ch in _BLANKS:
            why = "a blank filler character"
        if why is not None:
            raise ValueError(f"{what} may not hold {why} (U+{ord(ch):04X})")
        if ch in "<>":
            raise ValueError(f"{what} may not hold < or >")
        marks = marks + 1 if category in ("Mn", "Me") else 0
        if marks > MAX_MARKS:
            raise ValueError(f"{what} may not stack more than {MAX_MARKS} marks on a letter")
    text = text.strip()
    if not any(unicodedata.category(ch)[0] in "LNS" for ch in text):
        raise ValueError(f"{what} needs a letter or a digit, not only spaces")
    return text


def check_name(name: str) -> str:
    """``name`` normalised, without surrounding spaces; ``ValueError`` says what is wrong."""
    return _check_text(name, "a name", NAME_LIMIT)


def check_title(title: str) -> str:
    """A table's title, checked as a name is; the empty title is no title."""
    if not title.strip():
        return ""
    return _check_text(title, "a title", TITLE_LIMIT)


def skeleton(name: str) -> str:
    """What ``name`` looks like: two names with one skeleton are easily taken for each
    other on screen."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    decomposed = unicodedata.normalize("NFD", folded)
    bare = "".join(ch for ch in decomposed if unicodedata.category(ch)[0] not in "MZ")
    return bare.translate(_LOOKALIKES).replace(" ", "")


def same_name(a: str, b: str) -> bool:
    """Do two names read the same (case, compatibility forms and look-alikes folded)?"""
    return skeleton(a) == skeleton(b)
