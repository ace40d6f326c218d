"""The words players read, in their language: gettext catalogues (``.po``) read with Babel.

One catalogue per language under ``unokit/i18n/locale/<lang>/LC_MESSAGES/unokit.po``, all made
from one template (``unokit.pot``) that ``pybabel extract`` builds from the Python sources and
the page's scripts. The English text is the message id, so English needs no catalogue of its
own. Plurals follow CLDR's categories (``one``, ``few``, ``many``...) on both sides: here with
Babel's plural rules, in the page with ``Intl.PluralRules`` on the same catalogue served as
JSON (:func:`page_catalogue`). docs/languages.md says why this format and how to add a language.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from functools import cache, cached_property
from importlib.resources import files
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from babel import Locale
    from babel.plural import PluralRule

__all__ = [
    "LANGUAGES",
    "N_",
    "PSEUDO",
    "Catalogue",
    "Nn_",
    "_",
    "catalogue",
    "choose",
    "current",
    "ngettext",
    "page_catalogue",
    "speaks",
    "use",
]

LANGUAGES = ("en", "es", "fr", "de", "it", "pt_BR", "ja", "ar")
"""The languages unokit speaks, each complete (tests/i18n checks every message in each)."""

NAMES = {
    "en": "English",
    "es": "Español",
    "fr": "Français",
    "de": "Deutsch",
    "it": "Italiano",
    "pt_BR": "Português (Brasil)",
    "ja": "日本語",
    "ar": "العربية",
}
"""Each language in its own words, for the page's and the terminal's language menus."""

PSEUDO = "qps"
"""The pseudo-language (unokit.i18n.pseudo): English made visibly foreign, to find words left
outside the catalogue. Served and accepted like a language, never offered in a menu."""

RTL = frozenset({"ar"})
"""Languages written right to left."""

_CATEGORIES = ("zero", "one", "two", "few", "many", "other")
"""CLDR's plural categories in the order Babel numbers a catalogue's plural forms."""

_LOCALE = files("unokit.i18n") / "locale"


def N_(message: str) -> str:  # noqa: N802 - gettext's name for "mark for extraction"
    """Marks ``message`` for the catalogue without translating it here (table entries)."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 - as N_
    """Marks a message with a plural form for the catalogue without translating it here."""
    return singular, plural


def choose(option: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``option`` (``--lang``) first, then ``LC_ALL``,
    ``LC_MESSAGES`` and ``LANG`` as POSIX orders them; English when none is one we speak.
    ``"fr_FR.UTF-8"`` reads as French, ``"pt"`` as Brazilian Portuguese."""
    env = os.environ if environ is None else environ
    for value in (option, env.get("LC_ALL"), env.get("LC_MESSAGES"), env.get("LANG")):
        if value:
            found = match(value)
            if found is not None or value == option or value.split(".")[0] in ("C", "POSIX"):
                return found or "en"  # "C" is English, as it is for every POSIX program
    return "en"


def match(tag: str) -> str | None:
    """The language we speak that ``tag`` (``"de-AT"``, ``"pt_BR.UTF-8"``, ``"C"``) asks for."""
    base = tag.split(".", maxsplit=1)[0].split("@", maxsplit=1)[0].replace("-", "_")
    if base in LANGUAGES or base == PSEUDO:
        return base
    for lang in LANGUAGES:
        if lang.lower() == base.lower():
            return lang
    first = base.split("_")[0].lower()
    if first == "pt":
        return "pt_BR"
    return first if first in LANGUAGES else None


class Catalogue:
    """One language's messages: ``_``, ``ngettext`` and ``pgettext`` fill in ``{named}``
    placeholders after translating, so a translation may put them in any order."""

    def __init__(self, lang: str, messages: Mapping[str, str | tuple[str, ...]]) -> None:
        self.lang = lang
        self.rtl = lang in RTL
        self._messages = dict(messages)

    # Babel's locale data is read on first use: English words need none of it (a quick
    # `unokit demo`), only plurals, numbers and lists do.
    @cached_property
    def locale(self) -> Locale:
        """Babel's locale (CLDR data) for this language."""
        from babel import Locale

        return Locale.parse("en" if self.lang == PSEUDO else self.lang)

    @cached_property
    def _plural(self) -> PluralRule:
        rule: PluralRule = self.locale.plural_form
        return rule

    @cached_property
    def _tags(self) -> list[str]:
        return [c for c in _CATEGORIES if c in self._plural.tags or c == "other"]

    # -- lookups --------------------------------------------------------------------------
    def _(self, message: str, /, **fields: Any) -> str:
        """``message`` in this language, its placeholders filled."""
        text = self._messages.get(message)
        return _fill(text if isinstance(text, str) and text else message, fields)

    def pgettext(self, context: str, message: str, /, **fields: Any) -> str:
        """``message`` as meant in ``context`` (one English word, two meanings)."""
        text = self._messages.get(f"{context}\x04{message}")
        return _fill(text if isinstance(text, str) and text else message, fields)

    def form(self, singular: str, plural: str, n: int, /) -> str:
        """The form of ``singular``/``plural`` for ``n``, its placeholders left for the
        caller (click fills its own with ``str.format``)."""
        forms = self._messages.get(singular)
        if isinstance(forms, tuple) and all(forms):
            index = self._tags.index(self._plural(n)) if len(forms) > 1 else 0
            return forms[min(index, len(forms) - 1)]
        return singular if n == 1 else plural

    def ngettext(self, singular: str, plural: str, n: int, /, **fields: Any) -> str:
        """The form of ``singular``/``plural`` this language uses for ``n``; ``{count}``
        is ``n`` written for the locale."""
        forms = self._messages.get(singular)
        fields.setdefault("count", self.num(n))
        if isinstance(forms, tuple) and all(forms):
            index = self._tags.index(self._plural(n)) if len(forms) > 1 else 0
            return _fill(forms[min(index, len(forms) - 1)], fields)
        return _fill(singular if n == 1 else plural, fields)  # English: the message ids

    # -- numbers and lists ------------------------------------------------------------------
    def num(self, n: int | float) -> str:
        """``n`` as this locale writes it (``12,345``, ``12.345``, ``12 345``), in the
        digits printed on the cards."""
        if self.lang in ("en", PSEUDO):
            return f"{n:,}"
        from babel.numbers import format_decimal

        return format_decimal(n, locale=self.locale, numbering_system="latn")

    def join(self, items: Iterable[str]) -> str:
        """``"1, 2 and 3"``: a list as this language writes one."""
        from babel.lists import format_list

        return format_list(list(items), locale=self.locale)

    @property
    def tags(self) -> list[str]:
        """This language's plural categories, in the order of a catalogue's forms."""
        return list(self._tags)

    def messages(self) -> dict[str, str | tuple[str, ...]]:
        """Every translated message, keyed by id (``context\\x04id`` with a context)."""
        return dict(self._messages)


def _fill(text: str, fields: Mapping[str, Any]) -> str:
    return text.format_map(fields) if fields else text


@cache
def catalogue(lang: str = "en") -> Catalogue:
    """The catalogue of ``lang`` (read once): English, or one of :data:`LANGUAGES`."""
    if lang == PSEUDO:
        from unokit.i18n.pseudo import pseudo_messages

        return Catalogue(lang, pseudo_messages((_LOCALE / "unokit.pot").read_bytes()))
    if lang not in LANGUAGES:
        raise ValueError(f"{lang!r} is not a language unokit speaks: {', '.join(LANGUAGES)}")
    messages: dict[str, str | tuple[str, ...]] = {}
    path = _LOCALE / lang / "LC_MESSAGES" / "unokit.po"
    if path.is_file():
        from babel.messages.pofile import read_po

        with path.open("rb") as f:
            po = read_po(f, locale=lang)
        for m in po:
            if not m.id or m.fuzzy:
                continue
            key = str(m.id if isinstance(m.id, str) else m.id[0])
            if m.context:
                key = f"{m.context}\x04{key}"
            if isinstance(m.string, str):
                if m.string:
                    messages[key] = m.string
            elif m.string and all(m.string):
                messages[key] = tuple(m.string)
    return Catalogue(lang, messages)


_ACTIVE = ["en"]


def use(lang: str) -> Catalogue:
    """Speak ``lang`` from now on in this process (the terminal's commands: one reader; the
    server never calls it, each page tells events in its own reader's language)."""
    cat = catalogue(lang)
    _ACTIVE[0] = lang
    return cat


def current() -> Catalogue:
    """The catalogue this process speaks (English until :func:`use` says otherwise)."""
    return catalogue(_ACTIVE[0])


@cache
def page_catalogue(lang: str) -> dict[str, Any]:
    """What the page reads: the same catalogue, with each plural message's forms keyed by
    CLDR category (the page picks one with ``Intl.PluralRules``)."""
    cat = catalogue(lang)
    tags = cat.tags
    out: dict[str, Any] = {}
    for key, text in cat.messages().items():
        if isinstance(text, tuple):
            out[key] = dict(zip(tags, text, strict=False))
        else:
            out[key] = text
    return {
        "lang": lang,
        "rtl": cat.rtl,
        "languages": NAMES,
        "messages": out,
    }


def speaks(lang: str) -> bool:
    """Whether ``lang`` has a catalogue: one of :data:`LANGUAGES`, or the pseudo-language."""
    return lang in LANGUAGES or lang == PSEUDO


def _(message: str, /, **fields: Any) -> str:
    """``message`` in the language this process speaks (:func:`use`)."""
    return current()._(message, **fields)


def ngettext(singular: str, plural: str, n: int, /, **fields: Any) -> str:
    """The plural form for ``n`` in the language this process speaks."""
    return current().ngettext(singular, plural, n, **fields)
