"""The player's settings: what they are, their defaults, and how they are kept on disk.

Loading never fails: unknown keys are ignored, a value of the wrong kind falls back to its
default, a number out of range is brought to the nearest allowed value, and a damaged file is
set aside as ``settings.json.broken`` (see ``jsonfile``). The problems come back as sentences
for the game to speak.
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ninetynine_audio.i18n import LANGUAGES, format_list, ngettext
from ninetynine_audio.resources import FileProblem, read_file_bytes
from ninetynine_audio.store import paths
from ninetynine_audio.store.jsonfile import read_json, write_json_atomic

__all__ = [
    "INT_RANGES",
    "SETTINGS_SCHEMA",
    "SPEECH_BACKENDS",
    "VERBOSITY_LEVELS",
    "Settings",
    "guest_token_for",
    "load_settings",
    "save_settings",
    "with_guest_token",
]

SETTINGS_SCHEMA = 1
"""Version of the settings file format, written as ``schema``."""

SPEECH_BACKENDS: tuple[str, ...] = ("auto", "screenreader", "tts", "text")
"""``auto`` tries the screen reader, then TTS, then text."""

VERBOSITY_LEVELS: tuple[str, ...] = ("brief", "normal", "full")

INT_RANGES: Mapping[str, tuple[int, int]] = {
    "tts_rate": (80, 400),
    "tts_volume": (0, 100),
    "sound_volume": (0, 100),
    "bot_pause_ms": (0, 3000),
    "screen_reader_rate_wpm": (80, 900),
}
"""Inclusive bounds of the whole-number settings."""

_CHOICES: Mapping[str, tuple[str, ...]] = {
    "speech_backend": SPEECH_BACKENDS,
    "verbosity": VERBOSITY_LEVELS,
}
_BOOLS: frozenset[str] = frozenset({"sound_enabled", "practice"})
_TEXTS: frozenset[str] = frozenset({"online_server", "online_name"})
TEXT_LIMIT = 200
"""The longest server address or name kept."""
DEFAULT_SERVER = "ws://127.0.0.1:9999/ws"
GUEST_TOKENS_KEPT = 20
"""The most guest tokens kept (the newest), so the file cannot grow without end."""


@dataclass(frozen=True)
class Settings:
    """Everything the player can set. Build changed copies with ``with_changes``.

    Attributes:
        schema: file format version (always ``SETTINGS_SCHEMA`` once loaded).
        speech_backend: one of ``SPEECH_BACKENDS``.
        tts_rate: speaking rate of the built-in voice, in words per minute (80-400).
        tts_volume: volume of the built-in voice, 0-100.
        sound_enabled: whether sound cues play.
        sound_volume: volume of the sound cues, 0-100.
        verbosity: one of ``VERBOSITY_LEVELS``.
        bot_pause_ms: pause after each computer player's move, in milliseconds (0-3000).
        practice: whether practice mode is on (the screens decide what it changes).
        keymap_path: a keymap file chosen by the player, or None for the config folder's.
        screen_reader_rate_wpm: how fast the player's screen reader speaks, in words per
            minute (80-900); the table waits about that long for a screen reader, which
            cannot say when it has finished, before the next computer move.
        online_server: the address of the table server "Play online" connects to.
        online_name: the name last given there, or None before the first time.
        online_guest_tokens: ``(server, name, token)`` for each server and name played as a
            guest, newest last, so a game started again comes back as the same guest.
        language: the language chosen in Settings (a code of ``i18n.LANGUAGES``), or None for
            the system's language when the game speaks it, else English.
    """

    schema: int = SETTINGS_SCHEMA
    speech_backend: str = "auto"
    tts_rate: int = 200
    tts_volume: int = 100
    sound_enabled: bool = True
    sound_volume: int = 80
    verbosity: str = "normal"
    bot_pause_ms: int = 900
    practice: bool = False
    keymap_path: str | None = None
    screen_reader_rate_wpm: int = 200
    online_server: str = DEFAULT_SERVER
    online_name: str | None = None
    online_guest_tokens: tuple[tuple[str, str, str], ...] = ()
    language: str | None = None

    def __post_init__(self) -> None:
        # Code that builds a bad Settings has a bug; loading and with_changes clean values first.
        _, reset = _clean(dataclasses.asdict(self))
        if reset:
            raise ValueError(f"invalid settings: {', '.join(reset)}")
        for name, (low, high) in INT_RANGES.items():
            value = getattr(self, name)
            if not low <= value <= high:
                raise ValueError(f"{name}={value} is outside {low}-{high}")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> tuple[Settings, list[str]]:
        """Settings from loaded JSON, and the names of the values that had to be reset.

        Unknown keys are ignored; numbers out of range are clamped without being reported.
        """
        cleaned, reset = _clean(data)
        return cls(**cleaned), reset

    def to_dict(self) -> dict[str, Any]:
        """The settings as plain JSON values."""
        return dataclasses.asdict(self)

    def with_changes(self, **changes: Any) -> Settings:
        """A copy with some values changed; numbers are clamped into range.

        Raises:
            ValueError: a name is unknown or a value is of the wrong kind.
        """
        unknown = sorted(set(changes) - {f.name for f in dataclasses.fields(self)})
        if unknown:
            raise ValueError(f"unknown settings: {', '.join(unknown)}")
        cleaned, reset = _clean({**self.to_dict(), **changes})
        if reset:
            raise ValueError(f"invalid values for: {', '.join(reset)}")
        return Settings(**cleaned)


def _clean(data: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Keep the known keys with usable values; the rest take defaults. Returns (values, reset)."""
    defaults = {f.name: f.default for f in dataclasses.fields(Settings)}
    cleaned: dict[str, Any] = dict(defaults)
    reset: list[str] = []
    for name, default in defaults.items():
        if name not in data or name == "schema":
            continue
        value = data[name]
        good: Any
        if name in INT_RANGES:
            good = _clean_int(value, *INT_RANGES[name])
        elif name in _BOOLS:
            good = value if isinstance(value, bool) else None
        elif name in _CHOICES:
            good = value.strip().lower() if isinstance(value, str) else None
            if good not in _CHOICES[name]:
                good = None
        elif name == "keymap_path":
            if value is None or (isinstance(value, str) and value.strip() == ""):
                continue
            # No file can have a NUL character in its path.
            good = value if isinstance(value, str) and "\x00" not in value else None
        elif name in _TEXTS:
            if value is None and default is None:
                continue
            usable = isinstance(value, str) and 0 < len(value.strip()) <= TEXT_LIMIT
            good = value.strip() if usable and "\x00" not in value else None
        elif name == "online_guest_tokens":
            good = _clean_tokens(value)
        elif name == "language":
            if value is None:
                continue
            codes = {entry.code for entry in LANGUAGES}
            good = value if isinstance(value, str) and value in codes else None
        else:  # pragma: no cover - a new field without cleaning rules is a coding slip
            raise AssertionError(f"no cleaning rule for setting {name}")
        if good is None:
            reset.append(name)
            cleaned[name] = default
        else:
            cleaned[name] = good
    return cleaned, reset


def _clean_tokens(value: object) -> tuple[tuple[str, str, str], ...] | None:
    """``(server, name, token)`` triples from JSON lists; anything else is not usable."""
    if not isinstance(value, (list, tuple)):
        return None
    kept: list[tuple[str, str, str]] = []
    for entry in value:
        if not (isinstance(entry, (list, tuple)) and len(entry) == 3):
            return None
        if not all(isinstance(part, str) and 0 < len(part) <= TEXT_LIMIT for part in entry):
            return None
        kept.append((entry[0], entry[1], entry[2]))
    return tuple(kept[-GUEST_TOKENS_KEPT:])


def guest_token_for(settings: Settings, server: str, name: str) -> str | None:
    """The token the server at ``server`` last gave the guest ``name``, if any."""
    for kept_server, kept_name, token in reversed(settings.online_guest_tokens):
        if (kept_server, kept_name) == (server, name):
            return token
    return None


def with_guest_token(settings: Settings, server: str, name: str, token: str) -> Settings:
    """A copy keeping ``token`` for the guest ``name`` at ``server`` (in place of an older one)."""
    others = [t for t in settings.online_guest_tokens if (t[0], t[1]) != (server, name)]
    kept = (*others, (server, name, token))[-GUEST_TOKENS_KEPT:]
    return settings.with_changes(online_guest_tokens=kept)


def _clean_int(value: object, low: int, high: int) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, float):
        if not math.isfinite(value):
            return None
        value = round(value)
    if not isinstance(value, int):
        return None
    return min(max(value, low), high)


def chosen_language(path: Path | None = None) -> str | None:
    """The language chosen in Settings, read without changing anything (a damaged file is left
    where it is), so that what is said while the settings load is already in that language.
    None when no known language was chosen or the file cannot be read."""
    target = paths.settings_file() if path is None else path
    try:
        # Opened without blocking and refused unless a regular file: a FIFO or a device in
        # its place cannot hold the start (``load_settings`` then says so, once).
        data = json.loads(read_file_bytes(target, SETTINGS_PEEK_LIMIT))
    except (FileProblem, ValueError, RecursionError):
        return None
    chosen = data.get("language") if isinstance(data, dict) else None
    known = {entry.code for entry in LANGUAGES}
    return chosen if isinstance(chosen, str) and chosen in known else None


SETTINGS_PEEK_LIMIT = 1 << 20
"""The most of the settings file read to find the language (the file is a few hundred bytes)."""


def load_settings(
    path: Path | None = None, label: Callable[[str], str] | None = None
) -> tuple[Settings, list[str]]:
    """Load settings (from ``paths.settings_file()`` by default) and the problems to speak.

    A missing file gives the defaults and no problem. A damaged file is kept aside as
    ``*.broken`` and gives the defaults and one problem. Values of the wrong kind are reset and
    named in one problem, each by ``label`` (the name Settings says; the field's own name
    when not given).
    """
    target = paths.settings_file() if path is None else path
    data, problem = read_json(target, dict)
    if data is None:
        return Settings(), [problem] if problem else []
    settings, reset = Settings.from_dict(data)
    problems: list[str] = []
    if reset:
        # Each setting by the name Settings gives it (``label``), in the language in use.
        names = format_list([label(name) if label else name.replace("_", " ") for name in reset])
        problems.append(
            ngettext(
                "A setting was not valid and went back to its default: {names}.",
                "Some settings were not valid and went back to their defaults: {names}.",
                len(reset),
            ).format(names=names)
        )
    return settings, problems


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write settings atomically (to ``paths.settings_file()`` by default).

    Returns None when saved, or a sentence to speak when the file could not be written; the
    game goes on with the settings in memory.
    """
    target = paths.settings_file() if path is None else path
    try:
        write_json_atomic(target, settings.to_dict())
    except OSError as exc:
        return f"The settings could not be saved ({exc.strerror or exc})."
    except UnicodeEncodeError:  # a keymap path holding a lone surrogate, read from the file
        return "The settings could not be saved: they hold text that cannot be written."
    return None
