"""Choosing a speech backend, and the chain to fall back along when one fails."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TextIO

from ninetynine_audio.audio.backend import (
    BackendUnavailable,
    RecorderBackend,
    SpeechBackend,
    TextBackend,
)
from ninetynine_audio.audio.wording import backend_unavailable_reason

log = logging.getLogger(__name__)

BACKEND_CHOICES = ("auto", "screenreader", "tts", "text", "recorder")
"""What the player (or a test) may ask for."""

FALLBACK_ORDER = ("screenreader", "tts", "text")
"""Auto-selection tries these in order; a failing backend is replaced by the next one."""

BackendFactory = Callable[[], SpeechBackend]


@dataclass(frozen=True)
class BackendOptions:
    """Settings a backend is created with."""

    tts_rate: int | None = None
    """Words per minute for the built-in voice (None: the engine's default)."""
    tts_volume: float = 1.0
    stream: TextIO | None = None
    """Where the text backend writes (None: stdout)."""


def make_backend(name: str, options: BackendOptions | None = None) -> SpeechBackend:
    """Create exactly the backend ``name``; raise BackendUnavailable if it cannot start."""
    options = options or BackendOptions()
    if name == "screenreader":
        from ninetynine_audio.audio.screenreader import ScreenReaderBackend

        return ScreenReaderBackend()
    if name == "tts":
        from ninetynine_audio.audio.tts import TtsBackend

        return TtsBackend(rate=options.tts_rate, volume=options.tts_volume)
    if name == "text":
        return TextBackend(options.stream)
    if name == "recorder":
        return RecorderBackend()
    raise ValueError(f"unknown speech backend {name!r}; choose one of {BACKEND_CHOICES}")


@dataclass(frozen=True)
class BackendChoice:
    """The backend to speak through and, when it is not the one asked for, why not.

    ``reason`` is in the player's words (one phrase, or None when there is nothing to say:
    the choice was met, or ``auto`` found no screen reader running).
    """

    backend: SpeechBackend
    reason: str | None = None


def _running_screen_reader(options: BackendOptions) -> SpeechBackend | None:
    """The screen reader backend if a screen reader is running, else None."""
    from ninetynine_audio.audio.screenreader import ScreenReaderBackend, screen_reader_running

    running = screen_reader_running()
    if running is False:
        # Do not even load the library: on Linux that wakes speech-dispatcher for nothing.
        log.info("No screen reader is running")
        return None
    backend = make_backend("screenreader", options)
    # Where processes cannot be checked, ask the library whether it found a screen reader
    # or only a system voice (SAPI), which our own TTS serves better.
    if (
        running is None
        and isinstance(backend, ScreenReaderBackend)
        and not backend.is_screen_reader()
    ):
        log.info("Only a system voice was found (%s)", backend.library_output)
        backend.close()
        return None
    return backend


def create_backend(
    choice: str = "auto",
    *,
    options: BackendOptions | None = None,
) -> SpeechBackend:
    """The backend to speak through (see :func:`choose_backend`)."""
    return choose_backend(choice, options=options).backend


def choose_backend(
    choice: str = "auto",
    *,
    options: BackendOptions | None = None,
) -> BackendChoice:
    """The backend to speak through, and why the one asked for could not be used.

    ``auto`` takes the screen reader if one is running and answers, else the built-in voice,
    else text.  A named backend that cannot start falls back along the same order at once
    (its ``name`` then differs from ``choice``).  Text always works.
    """
    if choice not in BACKEND_CHOICES:
        raise ValueError(f"unknown speech backend {choice!r}; choose one of {BACKEND_CHOICES}")
    options = options or BackendOptions()
    if choice == "recorder":
        return BackendChoice(RecorderBackend())
    if choice == "auto":
        candidates: tuple[str, ...] = FALLBACK_ORDER
    else:
        candidates = FALLBACK_ORDER[FALLBACK_ORDER.index(choice) :]
    reason: str | None = None
    for name in candidates:
        try:
            if choice == "auto" and name == "screenreader":
                found = _running_screen_reader(options)
                if found is None:
                    continue
                return BackendChoice(found)
            return BackendChoice(make_backend(name, options), reason)
        except BackendUnavailable as exc:
            log.warning("Speech through %s is not available: %s", name, exc)
            if reason is None and name == candidates[0]:
                reason = exc.reason or backend_unavailable_reason(name)
        except Exception:
            log.exception("Speech through %s failed to start", name)
            if reason is None and name == candidates[0]:
                reason = backend_unavailable_reason(name)
    return BackendChoice(TextBackend(options.stream), reason)


def fallback_factories(
    after: str, options: BackendOptions | None = None
) -> list[tuple[str, BackendFactory]]:
    """The backends to try, in order, when the backend named ``after`` fails."""
    options = options or BackendOptions()
    if after in FALLBACK_ORDER:
        names = FALLBACK_ORDER[FALLBACK_ORDER.index(after) + 1 :]
    else:
        names = ("text",) if after != "text" else ()

    def factory(name: str) -> BackendFactory:
        return lambda: make_backend(name, options)

    return [(name, factory(name)) for name in names]
