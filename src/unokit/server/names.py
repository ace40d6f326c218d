"""Players' names: printable text a person can read, unique at a table.

Control characters (NUL, ESC, newlines), format characters (the bidirectional overrides
that turn ``Ann\\u202e`` into something else on screen, zero-width joiners) and blank names
are refused; two names at one table may not match once case and Unicode compatibility forms
are folded, so nobody can sit as someone else.
"""

from __future__ import annotations

import unicodedata

__all__ = ["check_name", "same_name"]

_REFUSED = {"Cc": "a control character", "Cf": "a formatting or direction character"}


def check_name(name: str) -> str:
    """``name`` without surrounding spaces; ``ValueError`` says what is wrong with it."""
    for ch in name:
        why = _REFUSED.get(unicodedata.category(ch))
        if why is not None:
            raise ValueError(f"a name may not hold {why} (U+{ord(ch):04X})")
        if ch in "<>":
            raise ValueError("a name may not hold < or >")
    name = name.strip()
    if not name:
        raise ValueError("a name needs a letter or a digit, not only spaces")
    return name


def same_name(a: str, b: str) -> bool:
    """Do two names read the same (case and compatibility forms folded)?"""
    return _fold(a) == _fold(b)


def _fold(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold().strip()
