"""Starting the game: everything the app needs, built from the command line and the saved
settings, and the choice between the window and text mode."""

from __future__ import annotations

import argparse
import contextlib
import logging
import signal
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, cast

from ninetynine_audio.audio import (
    BackendOptions,
    CuePlayer,
    Speaker,
    SpeechBackend,
    TextBackend,
    choose_backend,
    make_backend,
)
from ninetynine_audio.firstline import missing_display
from ninetynine_audio.games.setup import GameSetup
from ninetynine_audio.i18n import ENGLISH, set_language, system_language
from ninetynine_audio.present import notices
from ninetynine_audio.present import screens as words
from ninetynine_audio.store.applog import log_to_file
from ninetynine_audio.store.locks import FileLock, LockUnavailable, running_lock
from ninetynine_audio.store.settings import chosen_language, load_settings
from ninetynine_audio.store.startup import prepare_folders
from ninetynine_audio.ui.app import App, keymap_for
from ninetynine_audio.ui.cues import CueRouter

if TYPE_CHECKING:
    from ninetynine_audio.ui.window import Window

log = logging.getLogger(__name__)


def build_app(
    args: argparse.Namespace,
    seed: int,
    *,
    backend: SpeechBackend | None = None,
    stream: TextIO | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> tuple[App, list[str]]:
    """Everything the game needs, from the command line and the saved settings."""
    asked = getattr(args, "language", None)
    # What is found wrong while the folders and settings load is said in the language chosen.
    set_language(asked or chosen_language() or system_language() or ENGLISH)
    folder_notices = prepare_folders()
    settings, notices = load_settings(label=words.setting_label)
    set_language(asked or settings.language or system_language() or ENGLISH)
    keymap, problems = keymap_for(settings)
    notices = folder_notices + notices + [words.keymap_problem_text(p) for p in problems]
    text_mode = bool(getattr(args, "text", False))
    choice = getattr(args, "speech", None) or ("text" if text_mode else settings.speech_backend)
    options = BackendOptions(
        tts_rate=settings.tts_rate, tts_volume=settings.tts_volume / 100, stream=stream
    )
    fallbacks = None
    first: str | None = None  # said before anything else: what speaks, when not the one asked
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
            # The player hears a few plain words; the reason, often technical, is logged.
            log.warning("Speech through %s did not start: %s", wanted, chosen.reason)
            first = words.speech_fallback_text(wanted, backend.name, chosen.reason)
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
    app.first_notice = first
    return app, notices


AfterStart = Callable[[App], None]
"""Opens something over the started app (online play named on the command line)."""


def run(
    args: argparse.Namespace,
    setup: GameSetup | None,
    seed: int,
    after_start: AfterStart | None = None,
) -> int:
    """Play: the window, or text mode with ``--text`` (or when no window can be shown).

    Returns the exit status: 0 after quitting, 130 after Ctrl+C, 143 after SIGTERM and 129
    after SIGHUP (the terminal closed), which all end the game as quitting does (the match is
    saved after every turn, so it is kept).
    """
    log_to_file()
    previous = _stop_on_signals()
    lock = running_lock()
    try:
        if not _hold(lock):
            return _another_copy_runs(args, seed)
        return _run(args, setup, seed, after_start)
    except _Stopped as stop:
        return stop.status
    finally:
        lock.release()
        _restore_signals(previous)


ANOTHER_COPY_STATUS = 3
"""The exit status of a copy that found another one playing on the same home."""

FAREWELL_WAIT_S = 15.0
"""How long the one sentence of a copy that cannot play is given to be spoken."""


def _hold(lock: FileLock) -> bool:
    """Take the home's running lock: False when another copy holds it. A home where no lock
    can be taken (read-only, or a file system without locks) is played without one."""
    try:
        return lock.acquire()
    except LockUnavailable as error:
        logging.getLogger(__name__).warning("playing without the running lock: %s", error)
        return True


def _another_copy_runs(args: argparse.Namespace, seed: int) -> int:
    """Another copy plays on this home: say so in one sentence, touch nothing, and end.

    Its saved match and statistics are the other copy's to write; a second copy would offer
    to replace a match that is being played."""
    text_mode = bool(getattr(args, "text", False)) or missing_display() is not None
    stream = None
    if text_mode:
        from ninetynine_audio.ui.textmode import WatchedOutput

        stream = cast(TextIO, WatchedOutput(sys.stdout))
    quiet_args = argparse.Namespace(**{**vars(args), "text": text_mode, "log_events": None})
    app, _ = build_app(quiet_args, seed, stream=stream)
    try:
        app.say(notices.another_copy_text())
        deadline = time.monotonic() + FAREWELL_WAIT_S
        app.tick()
        while app.speaker.is_speaking() and time.monotonic() < deadline:
            time.sleep(0.05)
            app.tick()
    finally:
        app.close()
    return ANOTHER_COPY_STATUS


def _run(
    args: argparse.Namespace, setup: GameSetup | None, seed: int, after_start: AfterStart | None
) -> int:
    notices: list[str] = []
    window: Window | None = None
    if not getattr(args, "text", False):
        reason = missing_display()
        if reason is None:
            from ninetynine_audio.ui.window import Window, WindowError

            try:
                window = Window()
            except WindowError as error:
                reason = str(error)
        if reason is not None:
            notices.append(words.no_display_text(reason))
    if window is None:
        from ninetynine_audio.ui.textmode import WatchedOutput, prepare_terminal, run_text

        text_args = argparse.Namespace(**{**vars(args), "text": True})
        notices += prepare_terminal(sys.stdout, sys.stdin)
        output = WatchedOutput(sys.stdout, written=getattr(args, "first_line", None))
        app, more = build_app(text_args, seed, stream=cast(TextIO, output))
        app.start(setup, [*notices, *more])
        if after_start is not None:
            after_start(app)
        return run_text(app, sys.stdin, output_lost=lambda: output.lost)
    app, notices = build_app(args, seed)
    app.start(setup, notices)
    if after_start is not None:
        after_start(app)
    return window.run(app)


class _Stopped(BaseException):
    """Ctrl+C or SIGTERM: leave every loop at once; their ``finally`` blocks close up."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


_SIGNAL_STATUS = {signal.SIGINT: 130, getattr(signal, "SIGTERM", signal.SIGINT): 143}
if hasattr(signal, "SIGHUP"):  # the terminal was closed: end as cleanly as for SIGTERM
    _SIGNAL_STATUS[signal.SIGHUP] = 129


def _stop(signum: int, frame: object) -> None:
    raise _Stopped(_SIGNAL_STATUS.get(signum, 130))


def _stop_on_signals() -> dict[int, Any]:
    """Handle Ctrl+C, SIGTERM and SIGHUP ourselves, before SDL starts: SDL takes an unhandled
    SIGTERM for a window close, which text mode never reads, and would ignore it."""
    previous: dict[int, Any] = {}
    if threading.current_thread() is not threading.main_thread():
        return previous
    for signum in _SIGNAL_STATUS:
        with contextlib.suppress(ValueError, OSError):
            previous[signum] = signal.signal(signum, _stop)
    return previous


def _restore_signals(previous: dict[int, Any]) -> None:
    for signum, handler in previous.items():
        with contextlib.suppress(ValueError, OSError, TypeError):
            signal.signal(signum, handler)


__all__ = ["build_app", "missing_display", "run"]
