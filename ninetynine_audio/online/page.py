"""What the server gives the browser page besides its own files: the keys, and the sounds.

The page (``ninetynine_audio/web/``) is a thin client: every screen runs on the server and the
page sends key names. For its large buttons — one for every command, so a phone without a
keyboard reaches them all — it needs each screen's commands with the words key help speaks for
them and their keys, read here from the same command registry and shipped keymap the server
answers keys with (``keys_document``). The sound cues are the shipped ``sounds/*.wav``
(``sound_path``), so the page plays exactly the desktop's cues.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from ninetynine_audio.input.commands import CONTEXTS, GLOBAL
from ninetynine_audio.input.keymap import Keymap, load_default_keymap
from ninetynine_audio.input.keynames import speakable_gesture
from ninetynine_audio.resources import shipped_dir

__all__ = ["PAGE_DIR", "keys_document", "sound_path"]

PAGE_DIR = Path(__file__).resolve().parents[1] / "web"
"""The browser page's files, served at ``/``."""

_SOUND_NAME = re.compile(r"^[a-z0-9_]{1,40}$")


def keys_document(keymap: Keymap | None = None) -> dict[str, Any]:
    """Every screen's commands, as the page's buttons show them.

    ``{"contexts": {"table.adding": [{"id": "announce_total", "description": "Announce the
    total", "keys": ["C"]}, ...], ...}}``: for each context but ``global`` (whose commands are
    listed in every other context, after its own), the commands that have a key, in key help's
    order, with their keys as key help speaks them.
    """
    return _document(keymap) if keymap is not None else _default_document()


@cache
def _default_document() -> dict[str, Any]:
    return _document(load_default_keymap())


def _document(keymap: Keymap) -> dict[str, Any]:
    contexts: dict[str, list[dict[str, Any]]] = {}
    for context in CONTEXTS:
        if context == GLOBAL:
            continue
        contexts[context] = [
            {
                "id": command.id,
                "description": command.description,
                "keys": [speakable_gesture(gesture) for gesture in gestures],
            }
            for command, gestures in keymap.bindings_for(context)
        ]
    return {"contexts": contexts}


def sound_path(name: str) -> Path | None:
    """The shipped cue file ``name`` (``"danger_97.wav"``), or None for any other name."""
    stem, dot, extension = name.partition(".")
    if not dot or extension != "wav" or not _SOUND_NAME.match(stem):
        return None
    path = shipped_dir("sounds") / f"{stem}.wav"
    return path if path.is_file() else None
