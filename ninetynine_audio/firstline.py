"""Text mode's first line, written before the rest of the game loads.

In text mode the player first hears the game's name and the main menu's first item ("Ninety-Nine.
Main menu. Play, 1 of 9"). This module, of the standard library and a few leaves of the package
only (``languages``, ``plaintext``, ``resources``, ``store.folders``, ``store.filelocks``),
works that line out from the command line, the settings' language and verbosity and the
compiled catalogue, and writes it, so that it is heard before the games, the computer players,
the menus and the speech pipeline are imported (nor ``pathlib``, ``json``, ``re`` or
platformdirs, which cost as much as the rest of this). The game then starts as it always does,
and says the same line through its speech pipeline; text mode's output
(``ui.textmode.WatchedOutput``, given what was written) does not write it twice.

With a saved match the line's first item is the match's Continue, which only the game can word
(it reads the match through its family): what comes before it ("Ninety-Nine. Main menu. ") is
written here, without ending the line, and the game writes the rest.

Whenever the first line could be another one, nothing is written here and the game says it
itself, as before: a game, a server or any other option on the command line, speech other than
the text backend, a window to open, a settings file that cannot be read, a terminal that cannot
show every letter, a language without a UTF-8 catalogue, a pseudo-language, another copy of the
game playing on the same home, folders that only platformdirs can tell (Windows' and Android's,
a home that is not an absolute path; ``store.folders``), a system without file locks.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import sys

from ninetynine_audio.languages import ENGLISH, LANGUAGES, system_language
from ninetynine_audio.plaintext import join_phrases, one_line
from ninetynine_audio.resources import FileProblem, decode_text, read_file_bytes
from ninetynine_audio.store import filelocks, folders

TYPE_CHECKING = False  # ``typing`` is not imported before the first line
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import TextIO

FULL_UNICODE = frozenset({"utf-8", "utf-16", "utf-32", "gb18030"})
"""Encodings that can write every letter (``codecs`` names, and their variants)."""

MAIN_MENU_ITEMS = 9
"""How many items the main menu has without a saved match (``ui.menus.MainMenu``; the test of
the first line holds the two together)."""

SETTINGS_LIMIT = 1 << 20
"""The most of the settings file read here (``store.settings.SETTINGS_PEEK_LIMIT``)."""

TITLE, MAIN_MENU, PLAY = "Ninety-Nine", "Main menu", "Play"
ITEM_PLACE, TITLE_THEN_ITEM, QUESTION_THEN_ITEM = (
    "{item}, {number} of {count}",
    "{title}. {item}",
    "{title} {item}",
)
# The message ids of ``present.screens`` (``APP_TITLE``, ``MAIN_MENU``, ``PLAY``,
# ``menu_item_text``, ``menu_opened_text``), where they are marked for the catalogue.
MESSAGES = (TITLE, MAIN_MENU, PLAY, ITEM_PLACE, TITLE_THEN_ITEM, QUESTION_THEN_ITEM)

ITEM_MARK = "\ue000"
"""Stands for the main menu's first item where only the game can word it (a character of
private use, which neither a catalogue nor ``plaintext.one_line`` changes)."""

VERBOSITY_LEVELS = ("brief", "normal", "full")
"""``store.settings.VERBOSITY_LEVELS``; brief says a menu item without its place."""


def missing_display() -> str | None:
    """Why no window could be seen here, or None when one can (as far as can be told).

    On Linux and the BSDs a window needs an X or Wayland display; SDL's ``offscreen`` and
    ``dummy`` video drivers draw nowhere at all, on every system.
    """
    driver = os.environ.get("SDL_VIDEODRIVER", "").strip().lower()
    if driver in ("offscreen", "dummy"):
        return f"the video driver is {driver}"
    if sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")) and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        return "there is no display"
    return None


def writes_every_letter(encoding: object) -> bool:
    """Whether a stream in ``encoding`` can write every letter."""
    if not isinstance(encoding, str):
        return False
    try:
        name = codecs.lookup(encoding).name
    except LookupError:
        return False
    return any(name.startswith(full) for full in FULL_UNICODE)


def escape_unwritable() -> None:
    """Have standard output and error write escaped what they cannot print (a name or a card
    the terminal has no letters for), never a traceback."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors="backslashreplace")


def say_first_line(arguments: Sequence[str], stream: TextIO | None = None) -> str | None:
    """Write text mode's first line on ``stream`` (standard output by default) when it can be
    told for sure (with a saved match, its beginning: see :func:`early_text`), and return what
    was written; None when the game is to say it itself."""
    output = sys.stdout if stream is None else stream
    line = early_text(arguments, getattr(output, "encoding", None))
    if line is None:
        return None
    try:
        output.write(line)
        output.flush()
    except (OSError, ValueError):
        return None  # the game finds the output closed and ends, as before
    return line


def first_line(arguments: Sequence[str], encoding: object = "utf-8") -> str | None:
    """Text mode's whole first line for this command line and this home, or None when it is
    not known here (see :func:`early_text`)."""
    text = early_text(arguments, encoding)
    return text[:-1] if text is not None and text.endswith("\n") else None


def early_text(arguments: Sequence[str], encoding: object = "utf-8") -> str | None:
    """What to write before the game loads, for this command line and this home: the first
    line and its end; with a saved match, the line up to its first item, not ended; None when
    the line could be another (the module's description says when)."""
    start = _plain_start(arguments)
    if start is None or not start.text or not writes_every_letter(encoding):
        return None
    words = _opening_words(start.language)
    if words is None:
        return None
    title, opening, saved = words
    if saved:
        # The saved match's Continue comes first, in words only the game has: the line up to it.
        line = _opening_line(title, opening)
        before, _, after = line.partition(ITEM_MARK)
        return before if before and ITEM_MARK not in after else None
    return _opening_line(title, opening) + "\n"


class PlainStart:
    """A start with nothing on the command line but ``--text``, ``--speech`` and
    ``--language``: whether it is in text mode, the language asked for ("" when none) and the
    speech asked for ("" when none)."""

    __slots__ = ("language", "speech", "text")

    def __init__(self, text: bool, language: str, speech: str) -> None:
        self.text, self.language, self.speech = text, language, speech


def window_opening(arguments: Sequence[str]) -> tuple[PlainStart, str, str] | None:
    """For a plain start in the window (see :class:`PlainStart`): the start, and the game's
    name and the main menu's opening with its first item, as the game says them first; None
    when the first words could be others (as for :func:`early_text`, and with a saved match,
    whose Continue only the game can word)."""
    start = _plain_start(arguments)
    if start is None or start.text:
        return None
    words = _opening_words(start.language)
    if words is None or words[2]:
        return None
    return start, words[0], words[1]


def _opening_words(asked: str) -> tuple[str, str, bool] | None:
    """The game's name and the main menu's opening with its first item, in the language
    ``asked`` ("": the settings' or the system's), and whether a match is saved (its Continue
    then stands as ``ITEM_MARK``); None when they could be others."""
    data, config = folders.game_folder("data"), folders.game_folder("config")
    if data is None or config is None or _another_copy(data):
        return None
    settings = _settings(os.path.join(config, folders.SETTINGS_FILE_NAME))
    if settings is None:
        return None
    language, verbosity = settings
    code = asked or language or system_language() or ENGLISH
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")
    words = translated(os.path.join(folder, code, "LC_MESSAGES", "ninetynine_audio.mo"), MESSAGES)
    if words is None:
        return None
    title = words[MAIN_MENU]
    opening = words[QUESTION_THEN_ITEM if title.endswith(("?", ".", ":")) else TITLE_THEN_ITEM]
    if os.path.lexists(os.path.join(data, folders.MATCH_FILE_NAME)):
        return words[TITLE], opening.format(title=title, item=ITEM_MARK), True
    item = words[PLAY]
    if verbosity != "brief":
        item = words[ITEM_PLACE].format(item=item, number=1, count=MAIN_MENU_ITEMS)
    return words[TITLE], opening.format(title=title, item=item), False


def _opening_line(title: str, menu: str) -> str:
    """The game's name and the main menu's opening, as the text backend writes them."""
    return one_line(join_phrases([title, menu]))


def _plain_start(arguments: Sequence[str]) -> PlainStart | None:
    """The start asked for when the command line holds nothing but ``--text``,
    ``--speech NAME`` and ``--language CODE`` (a language of the game); else None. In text
    mode the speech must be the text backend's."""
    rest = list(arguments)
    if rest[:1] == ["play"]:
        rest.pop(0)
    text, language, speech = missing_display() is not None, "", ""
    while rest:
        option = rest.pop(0)
        name, given, value = option.partition("=")
        if not given and name in ("--speech", "--language"):
            if not rest:
                return None
            value = rest.pop(0)
        if option == "--text":
            text = True
        elif name == "--speech" and value:
            speech = value
        elif name == "--language" and value in {entry.code for entry in LANGUAGES}:
            language = value
        else:
            return None
    if text and speech not in ("", "text"):
        return None
    return PlainStart(text, language, speech)


def _another_copy(data: str) -> bool:
    """Whether another copy of the game holds this home's running lock (True too where that
    cannot be asked). The lock is only tried, not kept: the game takes it as it starts."""
    try:
        fd = os.open(
            os.path.join(data, folders.RUNNING_LOCK_NAME),
            os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0),
        )
    except FileNotFoundError:
        return False
    except OSError:
        return True
    try:
        if not filelocks.try_lock(fd):
            return True
        filelocks.unlock(fd)
    except OSError:  # no locks here (``filelocks.LockUnavailable``), or the unlock failed
        return True
    finally:
        os.close(fd)
    return False


def _refuse_constant(name: str) -> object:
    raise ValueError(f"{name} is not JSON")


class _Reading:
    """How ``store.settings`` reads JSON (``json.loads`` with ``parse_constant`` refusing
    NaN and Infinity), as the scanner of ``_json`` asks it."""

    strict = True
    object_hook = object_pairs_hook = None
    parse_float, parse_int, parse_constant = float, int, staticmethod(_refuse_constant)


JSON_SPACE = " \t\n\r"
"""What JSON allows around a value."""


def json_value(text: str) -> object:
    """The value of the JSON ``text``, as ``json.loads(text, parse_constant=...)`` reads it.

    Read by the scanner written in C that ``json`` itself uses (``_json``), without ``json``,
    whose decoder imports ``re``; where that scanner is missing, by ``json``.

    Raises:
        ValueError: ``text`` is not JSON.
    """
    try:
        from _json import make_scanner
    except ImportError:
        import json

        return json.loads(text, parse_constant=_refuse_constant)
    if text.startswith("\ufeff"):
        raise ValueError("a byte order mark before the JSON")
    start = len(text) - len(text.lstrip(JSON_SPACE))
    try:
        # typeshed names the scanner itself as its context; any object of these settings serves
        value, end = make_scanner(_Reading())(text, start)  # type: ignore[arg-type]
    except StopIteration:
        raise ValueError("no JSON value") from None
    if text[end:].strip(JSON_SPACE):
        raise ValueError("more after the JSON value")
    return value


def _settings(path: str) -> tuple[str | None, str] | None:
    """The settings' language (None: the system's) and verbosity, as ``store.settings`` reads
    them; None when the file is there but not a JSON object (the game then sets it aside)."""
    try:
        raw = read_file_bytes(path, SETTINGS_LIMIT)
    except FileProblem as problem:
        return (None, "normal") if problem.kind == FileProblem.MISSING else None
    try:
        data = json_value(decode_text(raw))
    except (ValueError, RecursionError, MemoryError):
        return None
    if not isinstance(data, dict):
        return None
    language = data.get("language")
    if not (isinstance(language, str) and language in {entry.code for entry in LANGUAGES}):
        language = None  # none chosen, or one the game resets to none
    verbosity = data.get("verbosity", "normal")
    verbosity = verbosity.strip().lower() if isinstance(verbosity, str) else "normal"
    return language, verbosity if verbosity in VERBOSITY_LEVELS else "normal"


MO_MAGIC = 0x950412DE
"""The first word of a compiled gettext catalogue, in the byte order it was written in."""


def translated(path: str, messages: Sequence[str]) -> dict[str, str] | None:
    """Each of ``messages`` as the compiled catalogue at ``path`` translates it (the message
    itself where the catalogue has none), as ``gettext.GNUTranslations`` would (without a
    file, as English: the messages themselves); None when the file cannot be read or is not a
    catalogue in UTF-8.

    Only the messages asked for are looked for: nothing else in the catalogue is decoded.
    """
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except FileNotFoundError:
        return {message: message for message in messages}  # English, the messages themselves
    except OSError:
        return None
    # The catalogue as whole words of this machine's byte order (one written in the other
    # order is left to gettext): the magic number, the version, the count of messages, where
    # the tables of originals and of translations begin; each entry a length and an offset.
    words = memoryview(data)[: len(data) - len(data) % 4].cast("I")
    try:
        magic, version, count, originals, translations = words[:5]
        if magic != MO_MAGIC or version >> 16 not in (0, 1) or (originals | translations) % 4:
            return None
        wanted = {message.encode(): message for message in (*messages, "")}
        lengths = {len(key) for key in wanted}
        found: dict[str, bytes] = {}
        for index in range(originals // 4, originals // 4 + 2 * count, 2):
            length, start = words[index], words[index + 1]
            if length in lengths and data[start : start + length] in wanted:
                place = index - originals // 4 + translations // 4
                size, where = words[place], words[place + 1]
                found[wanted[data[start : start + length]]] = data[where : where + size]
    except (ValueError, IndexError):
        return None
    header = found.pop("", b"").decode("ascii", "replace").lower()
    if "charset=utf-8" not in header.replace(" ", ""):
        return None
    try:
        return {
            message: found[message].decode() if message in found else message
            for message in messages
        }
    except UnicodeDecodeError:
        return None
