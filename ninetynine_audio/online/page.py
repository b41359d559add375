"""What the server gives the browser page besides its own files: the keys, and the sounds.

The page (``ninetynine_audio/web/``) is a thin client: every screen runs on the server and the
page sends key names. For its large buttons — one for every command, so a phone without a
keyboard reaches them all — it needs each screen's commands with the words key help speaks for
them and their keys, read here from the same command registry and shipped keymap the server
answers keys with (``keys_document``). The page leaves a few keys to the browser (Tab and
Shift+Tab move between its buttons): a browser seat answers with :func:`browser_keymap`, the
shipped keymap without them, so that key help (F1) and the buttons list exactly the keys that
work on the page, and the page catches only the keys the document names (``gestures``),
leaving every other key to the browser and the screen reader. The sound cues are the shipped
``sounds/*.wav`` (``sound_path``), so the page plays exactly the desktop's cues.

The page's own fixed words (its labels, the start screen, the options, what it says about the
connection) are messages of the game's catalogue too, marked here and served rendered in the
page's language (``page_words``, ``/words.json?lang=xx``); the key descriptions are served in
that language as well (``/keys.json?lang=xx``).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from ninetynine_audio.i18n import (
    ENGLISH,
    LANGUAGES,
    _,
    is_right_to_left,
    known_language,
    language_name,
    ngettext,
    pgettext,
    using,
)
from ninetynine_audio.input.commands import CONTEXTS, GLOBAL
from ninetynine_audio.input.keymap import Keymap, load_default_keymap
from ninetynine_audio.input.keynames import speakable_gesture
from ninetynine_audio.resources import shipped_dir

__all__ = [
    "BROWSER_KEYS",
    "PAGE_DIR",
    "RETRY_SECONDS",
    "browser_keymap",
    "keys_document",
    "page_language",
    "page_words",
    "sound_path",
]

PAGE_DIR = Path(__file__).resolve().parents[1] / "web"
"""The browser page's files, served at ``/``."""

_SOUND_NAME = re.compile(r"^[a-z0-9_]{1,40}$")


RETRY_SECONDS = (1, 2, 4, 8, 16, 30)
"""The page's waits before connecting again (as the desktop client's), each said in words."""


BROWSER_KEYS = frozenset({"tab", "shift+tab"})
"""The keys the page leaves to the browser: they move between the page's buttons and fields."""


@cache
def browser_keymap() -> Keymap:
    """The shipped keymap without :data:`BROWSER_KEYS`: the keys a browser seat has."""
    kept: dict[str, dict[str, tuple[str, ...]]] = {}
    for context, commands in load_default_keymap().bindings.items():
        kept[context] = {}
        for command, gestures in commands.items():
            left = tuple(gesture for gesture in gestures if gesture not in BROWSER_KEYS)
            if left:
                kept[context][command] = left
    return Keymap(kept)


def page_language(code: str | None) -> str:
    """The language a page asked for (``?lang=``), or English for none or an unknown one."""
    return code if code and known_language(code) else ENGLISH


def keys_document(keymap: Keymap | None = None, lang: str | None = None) -> dict[str, Any]:
    """Every screen's commands, as the page's buttons show them, in ``lang``.

    ``{"contexts": {"table.adding": [{"id": "announce_total", "description": "Announce the
    total", "keys": ["C"], "gestures": ["c"]}, ...], ...}}``: for each context but ``global``
    (whose commands are listed in every other context, after its own), the commands that have
    a key, in key help's order, with their keys as key help speaks them and as the page names
    key presses (the keys it catches on that screen). Without ``keymap``, a browser seat's
    (:func:`browser_keymap`).
    """
    code = page_language(lang)
    if keymap is not None:
        with using(code):
            return _document(keymap)
    return _default_document(code)


@cache
def _default_document(code: str) -> dict[str, Any]:
    with using(code):
        return _document(browser_keymap())


def _described(description: str) -> str:
    """A command's description in the language in use: the families' manifests and the
    command registry hold the English, which is the catalogue's message."""
    return _(description)


def _document(keymap: Keymap) -> dict[str, Any]:
    contexts: dict[str, list[dict[str, Any]]] = {}
    for context in CONTEXTS:
        if context == GLOBAL:
            continue
        contexts[context] = [
            {
                "id": command.id,
                "description": _described(command.description),
                "keys": [speakable_gesture(gesture) for gesture in gestures],
                "gestures": list(gestures),
            }
            for command, gestures in keymap.bindings_for(context)
        ]
    return {"contexts": contexts}


def page_words(lang: str | None) -> dict[str, Any]:
    """The page's fixed words in ``lang`` (``/words.json``): the language itself (``lang``,
    ``dir``), the languages a player can choose, and every label and sentence of the page by
    the name the page's script knows it by. A sentence with a part of its own keeps a
    ``{placeholder}`` the script fills (``{code}``, ``{url}``); the waits before connecting
    again are said once per wait, so that the script needs no plural rules."""
    code = page_language(lang)
    with using(code):
        return {
            "lang": code.replace("_", "-"),
            "dir": "rtl" if is_right_to_left(code) else "ltr",
            "languages": [
                {"code": entry.code, "name": language_name(entry.code)} for entry in LANGUAGES
            ],
            "words": _page_words(),
            "lostConnection": {
                str(seconds): ngettext(
                    "The connection was lost. Trying again in {count} second.",
                    "The connection was lost. Trying again in {count} seconds.",
                    seconds,
                ).format(count=seconds)
                for seconds in RETRY_SECONDS
            },
        }


def _page_words() -> dict[str, str]:
    return {
        "appName": pgettext("page", "Ninety-Nine"),
        "titleSuffix": pgettext("page", " — Ninety-Nine"),
        "notConnected": pgettext("page", "Not connected."),
        "connecting": pgettext("page", "Connecting to the server."),
        "connected": pgettext("page", "Connected."),
        "reconnected": pgettext("page", "Connected again."),
        # Translators: {ms} is the time to the server and back, in milliseconds ("Ping: 42 ms").
        "ping": pgettext("page", "Ping: {ms} ms"),
        "cannotConnect": pgettext("page", "The server cannot be reached. The page keeps trying."),
        "enterName": pgettext("page", "Type your name first."),
        # Translators: {code} is the table's code, read digit by digit ("4 7 2 9 1 3").
        "joinInvite": pgettext("page", "Join table {code}"),
        "inviteIntro": pgettext(
            "page",
            "You were invited to table {code}. Type your name, and your password if you have "
            "an account.",
        ),
        "voiceOn": pgettext("page", "The browser's voice speaks."),
        "voiceOff": pgettext("page", "The browser's voice is off; your screen reader speaks."),
        "inviteLink": pgettext("page", "Invite link: {url}"),
        "options": pgettext("page", "Options"),
        "startIntro": pgettext("page", "Type your name, and your password if you have an account."),
        "yourName": pgettext("page", "Your name"),
        "password": pgettext("page", "Password, for an account; leave empty to play as a guest"),
        "enterLobby": pgettext("page", "Enter the lobby"),
        "language": pgettext("page", "Language"),
        "gameKeys": pgettext("page", "Game keys: the keys of the desktop game work here"),
        # The touch help at a table: one line for each gesture the table's keys use, with
        # the command it does ({command}, the command's description from the keys).
        "touchSwipeLeft": pgettext("page", "Swipe left with one finger: {command}"),
        "touchSwipeRight": pgettext("page", "Swipe right with one finger: {command}"),
        "touchSwipeUp": pgettext("page", "Swipe up with one finger: {command}"),
        "touchSwipeDown": pgettext("page", "Swipe down with one finger: {command}"),
        "touchDoubleTap": pgettext("page", "Double tap: {command}"),
        "touchMultiUp": pgettext("page", "Swipe up with two or three fingers: {command}"),
        "touchMultiLeft": pgettext("page", "Swipe left with two or three fingers: {command}"),
        "typeHere": pgettext("page", "Type here"),
        "ok": pgettext("page", "OK"),
        "cancel": pgettext("page", "Cancel"),
        "commands": pgettext("page", "Commands"),
        "speakWithVoice": pgettext(
            "page", "Speak with the browser's voice (without a screen reader)"
        ),
        "voiceRate": pgettext("page", "Voice rate"),
        "voiceVolume": pgettext("page", "Voice volume"),
        "soundVolume": pgettext("page", "Sound volume"),
        "screenReaderSpeed": pgettext(
            "page",
            "Screen reader speed, in words a minute (computer players wait this long for you "
            "to hear them)",
        ),
        "howMuch": pgettext("page", "How much is said"),
        "brief": pgettext("verbosity", "Brief"),
        "normal": pgettext("verbosity", "Normal"),
        "full": pgettext("verbosity", "Full"),
        "closeOptions": pgettext("page", "Close the options"),
        "history": pgettext("page", "History"),
        # The page with no server (the built folder), and the way to it from a served page.
        "playOffline": pgettext("page", "Play offline on this device"),
        "startingHere": pgettext("page", "Starting the game on this device."),
        "playingHere": pgettext("page", "Playing on this device, with no server."),
        "exportData": pgettext("page", "Save your games, settings and statistics to a file"),
        "importData": pgettext("page", "Load games, settings and statistics from a file"),
        "exported": pgettext("page", "Saved to the file {name}."),
        "imported": pgettext("page", "Loaded. The game starts again with them."),
        "importFailed": pgettext("page", "That file holds no games or settings of Ninety-Nine."),
    }


def sound_path(name: str) -> Path | None:
    """The shipped cue file ``name`` (``"danger_97.wav"``), or None for any other name."""
    stem, dot, extension = name.partition(".")
    if not dot or extension != "wav" or not _SOUND_NAME.match(stem):
        return None
    path = shipped_dir("sounds") / f"{stem}.wav"
    return path if path.is_file() else None
