"""The languages the game speaks, and which of them the system asks for.

Only the standard library, so that the first line of a start (``firstline.py``) knows the
player's language before anything else is loaded; ``i18n`` gives these to the rest of the game.
"""

from __future__ import annotations

import os

ENGLISH = "en"


class Language:
    """A language the game can speak: its code (a folder of ``locale/``), its Babel locale,
    whether its catalogue is complete (only then is it offered to players), and whether it is
    written right to left (as Babel's locale says: ``tests/i18n/test_i18n_language.py`` checks it;
    known here, the window asks it without loading Babel). Read-only, compared by value."""

    __slots__ = ("code", "complete", "locale", "right_to_left")

    code: str
    locale: str
    complete: bool
    right_to_left: bool

    def __init__(
        self, code: str, locale: str, complete: bool = True, right_to_left: bool = False
    ) -> None:
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "locale", locale)
        object.__setattr__(self, "complete", complete)
        object.__setattr__(self, "right_to_left", right_to_left)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Language is read-only: cannot set {name}")

    def _fields(self) -> tuple[str, str, bool, bool]:
        return (self.code, self.locale, self.complete, self.right_to_left)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Language) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"Language(code={self.code!r}, locale={self.locale!r}, complete={self.complete!r},"
            f" right_to_left={self.right_to_left!r})"
        )


LANGUAGES: tuple[Language, ...] = (
    Language(ENGLISH, "en_GB"),
    Language("es", "es"),
    Language("pt_BR", "pt_BR"),
    Language("de", "de"),
    Language("fr", "fr"),
    Language("it", "it"),
    Language("ru", "ru"),
    Language("pl", "pl"),
    Language("fa", "fa", right_to_left=True),
)
"""Every language with a catalogue, in the order Settings lists them. Adding a language is a
folder of catalogues under ``locale/`` and one line here. A language whose catalogue is not
complete yet is played only when asked for by name (``--language``, for its translators to
hear it); Settings and the system's language offer the complete ones
(``tests/i18n/test_i18n_catalogues.py`` fails when ``complete`` is not what the catalogue is)."""


def offered_languages() -> tuple[Language, ...]:
    """The languages a player is offered: those whose catalogues are complete."""
    return tuple(entry for entry in LANGUAGES if entry.complete)


def system_language(environ: dict[str, str] | None = None) -> str | None:
    """The system's language when the game has its catalogue, else None.

    Reads ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` as gettext does
    (``pt_BR.UTF-8`` → ``pt_BR``; ``de_AT`` → ``de``; ``pt_PT`` → None).
    """
    env = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        for candidate in value.split(":"):
            found = _match(candidate)
            if found:
                return found
    return None


def _match(candidate: str) -> str | None:
    name = candidate.split(".")[0].split("@")[0].replace("-", "_")
    if not name or name in {"C", "POSIX"}:
        return None
    offered = {entry.code for entry in offered_languages()}
    if name in offered:
        return name
    base = name.split("_")[0].lower()
    # A language with one catalogue for every region (es, de, en) takes any region; one whose
    # catalogue is for a region (pt_BR) takes only that region.
    if base in offered:
        return base
    return None
