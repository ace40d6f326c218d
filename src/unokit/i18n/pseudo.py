"""The pseudo-language ``qps``: every message of the template, its letters swapped for accented
look-alikes and bracketed (``⟦Ƀéá ƥłáýš ťĥé {card}⟧``). A screen read in it shows at a glance
any word that does not come from the catalogue (it stays plain ASCII), any text cut short (a
missing ``⟧``) and any layout that cannot take longer words. tests/i18n runs the terminal's
narration and the page in it."""

from __future__ import annotations

import re

from babel.messages.pofile import read_po

__all__ = ["CODE", "pseudo_messages", "pseudo_text"]

CODE = "qps"

_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ACCENTED = "áƀçďéƒğĥíĵķĺɱñóƥʠŕšťúṽŵẋýžÁɃÇĎÉƑĞĤÍĴĶĹṀÑÓƤɊŔŠŤÚṼŴẊÝŽ"
_SWAP = str.maketrans(_PLAIN, _ACCENTED)
_PLACEHOLDER = re.compile(r"(\{\w+(?:![rsa])?\})")


def pseudo_text(message: str) -> str:
    """``message`` in the pseudo-language: placeholders kept, every other letter swapped."""
    parts = _PLACEHOLDER.split(message)
    return (
        "⟦" + "".join(p if _PLACEHOLDER.fullmatch(p) else p.translate(_SWAP) for p in parts) + "⟧"
    )


def pseudo_messages(template: bytes) -> dict[str, str | tuple[str, ...]]:
    """The pseudo catalogue of a template (``unokit.pot``), keyed as :class:`Catalogue` keys."""
    from io import BytesIO

    po = read_po(BytesIO(template))
    out: dict[str, str | tuple[str, ...]] = {}
    for m in po:
        if not m.id:
            continue
        if isinstance(m.id, str):
            key, text = m.id, pseudo_text(m.id)
            out[f"{m.context}\x04{key}" if m.context else key] = text
        else:
            key = str(m.id[0])
            forms = (pseudo_text(str(m.id[0])), pseudo_text(str(m.id[1])))
            out[f"{m.context}\x04{key}" if m.context else key] = forms
    return out
