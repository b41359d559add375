"""The pseudo-language ``qps`` played through the app by keys, as a player would: the main
menu, its key help, every Settings entry stepped up and back, the game and option menus, and a
whole game of each of the five games with every table command pressed along the way, then the
results. ``qps`` accents every letter of a message's own text and wraps it in ``⟦ ⟧``; an ASCII
word in what was spoken or drawn came from text that never went through the catalogue, or was
glued from English pieces. Only the players' names may keep their letters.

Each complete language plays the same way, and no English is heard or seen in it: no word of
the English messages that the language's own translations never use.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po
from helpers.table import by_keys_driver, family_commands

from ninetynine_audio.families import family as family_entry
from ninetynine_audio.games.registry import find_game, game_ids
from ninetynine_audio.i18n import (
    ENGLISH,
    LANGUAGES,
    catalogue_dir,
    family_in_language,
    set_language,
    using,
)
from ninetynine_audio.i18n import _ as translated
from ninetynine_audio.i18n.extract import KEYWORDS
from ninetynine_audio.input.commands import TABLE
from ninetynine_audio.present import screens as words
from ninetynine_audio.ui.harness import Harness, make_app
from ninetynine_audio.ui.screen import Menu

pytestmark = pytest.mark.usefixtures("private_home")

# The default seats' names of every game; the app's own name, which every language writes as
# it is; the pseudo-language's name for itself (as "Deutsch" is German's); and the name of the
# tests' speech backend (as a screen reader's name, "NVDA", is said as it is).
KEPT = frozenset({"You", "Lily", "Max", "Zoe", "Ann", "Ben", "Ninety", "Nine"}) | {
    "Pseudo",
    "recorder",
}
_WORD = re.compile(r"[A-Za-z]{2,}")
SETTING_STEPS = range(1, 9)
"""The Settings entries stepped with Right and Left: verbosity to practice (not the speech,
keymap and language entries, which open lists, nor the way back)."""


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """The app sets the process's language; English again after each test."""
    yield
    set_language(ENGLISH)


def stray_words(texts: list[str]) -> dict[str, str]:
    """Each ASCII word outside the names, with the first text it was found in."""
    found: dict[str, str] = {}
    for text in texts:
        for word in _WORD.findall(text):
            if word not in KEPT:
                found.setdefault(word, text)
    return found


class Seen:
    """Everything the app said and drew, frame by frame."""

    def __init__(self, h: Harness) -> None:
        self.h = h
        self.drawn: set[str] = set()

    def look(self) -> None:
        self.drawn.update(text for text, _, _ in self.h.window.layout)

    def press(self, *keys: str) -> None:
        for key in keys:
            self.h.press(key)
            self.look()

    def texts(self) -> list[str]:
        return [*self.h.spoken, *sorted(self.drawn)]


def top_menu(h: Harness) -> Menu:
    menu = h.app.top
    assert isinstance(menu, Menu), menu
    return menu


def choose(seen: Seen, label: str) -> None:
    """Move to the item of the menu on top whose label is ``label`` and press Enter."""
    menu = top_menu(seen.h)
    labels = [item.text() for item in menu.items]
    assert label in labels, (label, labels)
    while menu.items[menu.index].text() != label:
        seen.press("down")
    seen.press("return")


def sweep_menu(seen: Seen) -> None:
    """Hear every item of the menu on top, once round."""
    for _ in range(len(top_menu(seen.h).items)):
        seen.press("down")


def visit_settings(seen: Seen, code: str = "qps") -> None:
    with using(code):
        choose(seen, translated(words.SETTINGS))
    sweep_menu(seen)
    menu = top_menu(seen.h)
    for index in SETTING_STEPS:
        while menu.index != index:
            seen.press("down")
        seen.press("right", "left")
    seen.press("escape")


def play_game(seen: Seen, game: str, code: str = "qps") -> None:
    h = seen.h
    with using(code):
        choose(seen, translated(words.PLAY))
    menu = top_menu(h)
    target = game_ids().index(game)
    while menu.index != target:
        seen.press("down")
    seen.press("return")
    for _ in range(12):  # players, level, options: the first item of each, then Start
        if h.table is not None:
            break
        sweep_menu(seen)
        seen.press("home", "return")
    table = h.table
    assert table is not None and table.setup.game == game
    # Every command the table answers, once, before the first card.
    family = find_game(game).family
    for command in family_commands(family):
        keys = h.app.keymap.gestures_for(TABLE, command)
        if keys and command not in ("pause", "quit", "back"):
            seen.press(keys[0])
            if h.table is None or h.app.top is not table:
                seen.press("escape")  # key help, history and the like open a screen
    by_keys_driver(family)(h)
    seen.look()
    h.frames(60)
    seen.look()
    seen.press("down", "down", "return")  # the results' items, then leave them


def play_through(game: str, code: str) -> Seen:
    """The main menu and its key help, Settings, then a whole game of ``game``, in ``code``."""
    h = make_app(seed=4, extra_args=[("language", code)])
    seen = Seen(h)
    h.frames(2)
    seen.look()
    sweep_menu(seen)
    seen.press("f1", "down", "down", "escape")
    visit_settings(seen, code)
    play_game(seen, game, code)
    return seen


@pytest.mark.parametrize("game", game_ids())
def test_a_whole_game_through_the_menus_in_the_pseudo_language_is_all_translated(
    game: str,
) -> None:
    seen = play_through(game, "qps")
    h = seen.h
    texts = seen.texts()
    assert len(h.spoken) > 100, h.spoken[-5:]
    stray = stray_words(texts)
    assert not stray, "\n".join(f"{w}: {t}" for w, t in sorted(stray.items()))


@cache
def english_only_words(code: str) -> frozenset[str]:
    """The words of the English messages that no translation of ``code`` uses: heard in
    ``code``, such a word is English that slipped through ("Hint", "heading", "plays")."""
    path = catalogue_dir() / code / "LC_MESSAGES" / "ninetynine_audio.po"
    with path.open("rb") as handle:
        catalogue = read_po(handle, locale=code)
    english: set[str] = set()
    native: set[str] = set()
    for message in catalogue:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in ids:
            english.update(word.lower() for word in _WORD.findall(_FIELD.sub(" ", text)))
        for text in strings:
            native.update(word.lower() for word in _WORD.findall(text))
    return frozenset(english - native - {word.lower() for word in KEPT})


_FIELD = re.compile(r"\{[^}]*\}")


@cache
def family_english_words(game: str, code: str) -> frozenset[str]:
    """The words of the game's family's own messages when the family is not said in ``code``
    (it ships no catalogue of that language): they are said in English by design, and Settings
    tells the player so (``tests/games/test_families_new_game.py``)."""
    entry = family_entry(find_game(game).family)
    if family_in_language(entry, code):
        return frozenset()
    method_map = [
        ("**.py", "python"),
        ("family.toml", "ninetynine_audio.i18n.extract:extract_manifest"),
    ]
    words: set[str] = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(entry.folder), method_map, keywords={**DEFAULT_KEYWORDS, **KEYWORDS}
    ):
        for text in message if isinstance(message, tuple) else (message,):
            words.update(word.lower() for word in _WORD.findall(_FIELD.sub(" ", text)))
    return frozenset(words)


SPOKEN = [entry.code for entry in LANGUAGES if entry.complete and entry.code != ENGLISH]


@pytest.mark.slow
@pytest.mark.parametrize("code", SPOKEN)
@pytest.mark.parametrize("game", game_ids())
def test_a_whole_game_through_the_menus_in_each_language_has_no_english(
    game: str, code: str
) -> None:
    seen = play_through(game, code)
    h = seen.h
    assert len(h.spoken) > 100, h.spoken[-5:]
    english = english_only_words(code) - family_english_words(game, code)
    stray: dict[str, str] = {}
    for text in seen.texts():
        for word in _WORD.findall(text):
            if word.lower() in english:
                stray.setdefault(word, text)
    assert not stray, "\n".join(f"{w}: {t}" for w, t in sorted(stray.items()))
