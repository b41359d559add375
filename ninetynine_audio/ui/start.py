"""Starting the game: everything the app needs, built from the command line and the saved
settings, and the choice between the window and text mode."""

from __future__ import annotations

import argparse
import contextlib
import logging
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from ninetynine_audio.audio import (
    BackendOptions,
    CuePlayer,
    Speaker,
    SpeechBackend,
    TextBackend,
    choose_backend,
    make_backend,
)
from ninetynine_audio.games.setup import GameSetup
from ninetynine_audio.present import screens as words
from ninetynine_audio.store import paths
from ninetynine_audio.store.settings import load_settings
from ninetynine_audio.ui.app import App, keymap_for
from ninetynine_audio.ui.cues import CueRouter


def build_app(
    args: argparse.Namespace,
    seed: int,
    *,
    backend: SpeechBackend | None = None,
    stream: TextIO | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> tuple[App, list[str]]:
    """Everything the game needs, from the command line and the saved settings."""
    settings, notices = load_settings()
    keymap, problems = keymap_for(settings)
    notices = notices + [words.keymap_problem_text(p) for p in problems]
    text_mode = bool(getattr(args, "text", False))
    choice = getattr(args, "speech", None) or ("text" if text_mode else settings.speech_backend)
    options = BackendOptions(
        tts_rate=settings.tts_rate, tts_volume=settings.tts_volume / 100, stream=stream
    )
    fallbacks = None
    if backend is None:
        chosen = choose_backend(choice, options=options)
        backend = chosen.backend
        if text_mode and backend.name not in (choice, "text"):
            # Text mode asked for words on the terminal: fall back to them, not to a voice.
            with contextlib.suppress(Exception):
                backend.close()
            backend = TextBackend(stream)
        if chosen.reason or (choice != "auto" and backend.name != choice):
            wanted = "screenreader" if choice == "auto" else choice
            notices.insert(0, words.speech_fallback_text(wanted, backend.name, chosen.reason))
    if text_mode and backend.name != "text":
        fallbacks = [("text", lambda: TextBackend(stream))]
    player = CuePlayer(enabled=settings.sound_enabled, volume=settings.sound_volume / 100)
    cues = CueRouter(player)

    def revive(name: str) -> SpeechBackend:
        # A voice that failed is tried again later, with the settings of that moment.
        return make_backend(name, app.speech_options())

    speaker = Speaker(
        backend,
        fallbacks=fallbacks,
        cues=cues,
        clock=clock,
        words_per_minute=settings.screen_reader_rate_wpm,
        revive=revive,
    )
    log_path = getattr(args, "log_events", None)
    # Open for the whole session; App.close closes it.
    event_log = Path(log_path).open("a", encoding="utf-8") if log_path else None  # noqa: SIM115
    app = App(
        speaker=speaker,
        cues=cues,
        keymap=keymap,
        settings=settings,
        seed=seed,
        clock=clock,
        bot_pause_ms=getattr(args, "bot_pause", None),
        event_log=event_log,
        backend_options=options,
    )
    return app, notices


def _log_to_file() -> None:
    """Send log messages to a file: on stderr a screen reader would read them out."""
    root = logging.getLogger()
    if root.handlers:
        return
    try:
        folder = paths.log_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "ninetynine-audio.log"
        handler: logging.Handler = logging.FileHandler(path, "a", "utf-8")
    except OSError:
        handler = logging.NullHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    root.setLevel(logging.INFO)


def run(args: argparse.Namespace, setup: GameSetup | None, seed: int) -> int:
    """Play: the window, or text mode with ``--text``. Returns the exit status."""
    _log_to_file()
    if getattr(args, "text", False):
        from ninetynine_audio.ui.textmode import run_text

        app, notices = build_app(args, seed, stream=sys.stdout)
        app.start(setup, notices)
        return run_text(app, sys.stdin)
    from ninetynine_audio.ui.window import Window

    window = Window()
    app, notices = build_app(args, seed)
    app.start(setup, notices)
    return window.run(app)


__all__ = ["build_app", "run"]
