"""The player's language: every phrase the game says goes through here.

Phrases are whole sentences with named placeholders, looked up in gettext catalogues that Babel
extracts, updates and compiles (``tools/catalogues.py``; ``docs/translating.md``). The English
text in the code is the message id and what an English player hears.

The language in use is the process's (``set_language``: the offline game, the settings' choice)
unless a caller renders for someone else: ``using("de")`` makes every lookup in that block, and
in that thread or task, German. The table server renders each seat's phrases that way, in that
player's language.

A family may ship catalogues of its own (``games/<family>/locale/<language>/LC_MESSAGES/*.mo``,
``families.FamilyEntry.locale_dir``): a message the program's catalogue lacks is looked up in
them. A language that has no catalogue for a family (and whose family's messages are not in
the program's, ``catalogue = "shared"``) says that family's messages in English
(``family_in_language``), and Settings says so.

Besides the real languages there are two pseudo-languages for tests: ``qps`` wraps every
message in ``⟦ ⟧`` and accents its letters, so that any text spoken without passing through a
catalogue stands out; ``qrtl`` writes every message in Hebrew letters between right-to-left
marks, to see that a right-to-left language does not break the window or the text mode.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from ninetynine_audio.i18n.pseudo import PSEUDO_LANGUAGES, PseudoTranslations, pseudo_text
from ninetynine_audio.languages import (
    ENGLISH,
    LANGUAGES,
    Language,
    offered_languages,
    system_language,
)

__all__ = [
    "DOMAIN",
    "ENGLISH",
    "LANGUAGES",
    "N_",
    "Language",
    "_",
    "babel_locale",
    "catalogue_dir",
    "family_catalogues",
    "family_in_language",
    "format_list",
    "format_number",
    "is_right_to_left",
    "known_language",
    "language",
    "language_name",
    "ngettext",
    "npgettext",
    "offered_languages",
    "ordinal",
    "pgettext",
    "set_language",
    "system_language",
    "using",
]

if TYPE_CHECKING:
    from babel import Locale

    from ninetynine_audio.families import FamilyEntry

DOMAIN = "ninetynine_audio"
"""The catalogue's name: ``locale/<language>/LC_MESSAGES/ninetynine_audio.mo``."""

_BY_CODE = {entry.code: entry for entry in LANGUAGES}

_current: ContextVar[str | None] = ContextVar("ninetynine_audio_language", default=None)
_process_language = ENGLISH


def catalogue_dir() -> Path:
    """The folder holding one sub-folder of compiled catalogues per language."""
    return Path(__file__).resolve().parent.parent / "locale"


def known_language(code: str) -> bool:
    """Whether ``code`` is a language of ``LANGUAGES`` or a pseudo-language."""
    return code in _BY_CODE or code in PSEUDO_LANGUAGES


def set_language(code: str) -> None:
    """Make ``code`` the language of this process (an unknown code means English)."""
    global _process_language
    _process_language = code if known_language(code) else ENGLISH


def language() -> str:
    """The language phrases are rendered in here and now."""
    return _current.get() or _process_language


@contextmanager
def using(code: str | None) -> Iterator[None]:
    """Render in ``code`` inside the block (``None`` keeps the language in use)."""
    if code is None:
        yield
        return
    token = _current.set(code if known_language(code) else ENGLISH)
    try:
        yield
    finally:
        _current.reset(token)


def family_catalogues(entry: FamilyEntry, code: str) -> tuple[Path, ...]:
    """The compiled catalogues a family ships for ``code`` (none for most families, whose
    messages are in the program's catalogue)."""
    folder = entry.locale_dir / code / "LC_MESSAGES"
    return tuple(sorted(folder.glob("*.mo"))) if folder.is_dir() else ()


def family_in_language(entry: FamilyEntry, code: str) -> bool:
    """Whether the family's messages are said in ``code``: English and the pseudo-languages
    always, a family whose messages are in the program's catalogue in each of its languages,
    any other in the languages it has catalogues for (else in English)."""
    if code == ENGLISH or code in PSEUDO_LANGUAGES or entry.shared_catalogue:
        return True
    return bool(family_catalogues(entry, code))


@cache
def _translations(code: str) -> gettext.NullTranslations:
    if code in PSEUDO_LANGUAGES:
        return PseudoTranslations(code)
    if code == ENGLISH:
        return gettext.NullTranslations()
    try:
        found: gettext.NullTranslations = gettext.translation(
            DOMAIN, catalogue_dir(), languages=[code]
        )
    except OSError:
        found = gettext.NullTranslations()
    # What the program's catalogue lacks, the families' own catalogues may have (the
    # families are read here, not on import: English asks none of them).
    from ninetynine_audio.families import registered_families

    for entry in registered_families():
        for path in family_catalogues(entry, code):
            with path.open("rb") as handle:
                found.add_fallback(gettext.GNUTranslations(handle))
    return found


def _(message: str) -> str:
    """``message`` in the language in use."""
    return _translations(language()).gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it yet (for constants)."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count``, by the plural rules of the language in use."""
    return _translations(language()).ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in use, where ``context`` tells two uses of one word apart."""
    return _translations(language()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    """``ngettext`` with a context."""
    return _translations(language()).npgettext(context, singular, plural, count)


def babel_locale(code: str | None = None) -> Locale:
    """The Babel locale of ``code`` (default: the language in use); pseudo-languages use
    English's rules."""
    from babel import Locale  # Babel loads when a language's rules are first asked for

    entry = _BY_CODE.get(code or language())
    return Locale.parse(entry.locale if entry else "en_GB")


def format_list(items: Sequence[str]) -> str:
    """``"a, b and c"`` as the language in use joins a list (empty items are left out)."""
    parts = [item for item in items if item]
    if not parts:
        return ""
    code = language()
    if code in PSEUDO_LANGUAGES:
        # The joining words are the language's own, so they show as translated too.
        if len(parts) == 1:
            return parts[0]
        return pseudo_text(", ", code).join(parts[:-1]) + pseudo_text(" and ", code) + parts[-1]
    from babel.lists import format_list as babel_list

    return babel_list(parts, locale=babel_locale())


def format_number(number: int | float) -> str:
    """A number as the language in use writes it; whole numbers below 10,000 are plain
    digits in every language, so that totals are read as numbers."""
    if isinstance(number, int) and -10000 < number < 10000:
        return str(number)
    from babel.numbers import format_decimal

    return format_decimal(number, locale=babel_locale())


def ordinal(number: int) -> str:
    """A place, ``1`` → ``"1st"``, as the language in use writes it.

    The ordinal's plural category (CLDR) chooses the message: English says 1st, 2nd, 3rd and
    4th; a language with one ordinal form (es, de, pt) translates the four messages alike.
    """
    category = babel_locale().ordinal_form(number)
    if category == "one":
        message = pgettext("ordinal place", "{number}st")
    elif category == "two":
        message = pgettext("ordinal place", "{number}nd")
    elif category == "few":
        message = pgettext("ordinal place", "{number}rd")
    else:
        message = pgettext("ordinal place", "{number}th")
    return message.format(number=number)


def language_name(code: str) -> str:
    """The language's own name for itself, capitalised: ``"Deutsch"``, ``"Español"``."""
    if code in PSEUDO_LANGUAGES:
        return PSEUDO_LANGUAGES[code]
    from babel import Locale

    locale = Locale.parse(code)  # the language alone: "English", not "English (United Kingdom)"
    name = locale.get_display_name(locale) or code
    return name[:1].upper() + name[1:]


def is_right_to_left(code: str | None = None) -> bool:
    """Whether the language in use (or ``code``) is written right to left."""
    code = code or language()
    if code in PSEUDO_LANGUAGES:
        return code == "qrtl"
    entry = _BY_CODE.get(code)
    if entry is not None:
        return entry.right_to_left
    return babel_locale(code).character_order == "right-to-left"
