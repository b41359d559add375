"""Starting the game: everything the app needs, built from the command line and the saved
settings, and the choice between the window and text mode.

A plain start in the window (nothing on the command line but ``--speech`` and ``--language``)
opens the window and says its first words before the rest of the game loads
(:func:`open_window_early`, called by ``__main__`` before the command line is read): this
module and what that needs (pygame, the settings, the speech pipeline, the catalogue) load
first; the app, its menus, the games and the command line after. Everything else of the app is
imported inside the functions that need it.
"""

from __future__ import annotations

import contextlib
import logging
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
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
from ninetynine_audio.firstline import PlainStart, escape_unwritable, missing_display
from ninetynine_audio.i18n import ENGLISH, set_language, system_language
from ninetynine_audio.present import screens as words
from ninetynine_audio.store.applog import log_to_file
from ninetynine_audio.store.locks import FileLock, LockUnavailable, running_lock
from ninetynine_audio.store.settings import (
    SPEECH_BACKENDS,
    Settings,
    chosen_language,
    load_settings,
)
from ninetynine_audio.store.startup import prepare_folders
from ninetynine_audio.ui.cues import CueRouter
from ninetynine_audio.ui.speech import SpeechFront, opening_line

if TYPE_CHECKING:
    import argparse

    from ninetynine_audio.games.setup import GameSetup
    from ninetynine_audio.ui.app import App
    from ninetynine_audio.ui.window import Window

log = logging.getLogger(__name__)


class Speech:
    """What speaks, made from the settings before the app: the speech front end on its
    speaker, the cues, the settings and what was found wrong in them and in the folders, and
    the words said before anything else when the speech asked for did not start."""

    def __init__(
        self,
        voice: SpeechFront,
        cues: CueRouter,
        settings: Settings,
        notices: list[str],
        options: BackendOptions,
        first: str | None,
        language: str,
    ) -> None:
        self.voice, self.cues, self.settings, self.notices = voice, cues, settings, notices
        self.options, self.first, self.language = options, first, language
        self.options_now: Callable[[], BackendOptions] = lambda: options
        """The options a revived voice is made with (the app's settings once it exists)."""

    def opening(self, title: str, menu: str) -> str:
        """The first line: the game's name, what speaks when not the speech asked for, and
        the main menu's opening (``App.start``)."""
        return opening_line(title, self.first, menu)


def build_speech(
    args: argparse.Namespace | PlainStart,
    *,
    backend: SpeechBackend | None = None,
    stream: TextIO | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Speech:
    """The language, the folders, the settings and the speech, from the command line
    (``language``, ``text``, ``speech``) and the saved settings."""
    asked = getattr(args, "language", None)
    # What is found wrong while the folders and settings load is said in the language chosen.
    set_language(asked or chosen_language() or system_language() or ENGLISH)
    folder_notices = prepare_folders()
    settings, notices = load_settings(label=words.setting_label)
    language = asked or settings.language or system_language() or ENGLISH
    set_language(language)
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
        return make_backend(name, speech.options_now())

    speaker = Speaker(
        backend,
        fallbacks=fallbacks,
        cues=cues,
        clock=clock,
        words_per_minute=settings.screen_reader_rate_wpm,
        revive=revive,
    )
    voice = SpeechFront(speaker)
    speech = Speech(voice, cues, settings, folder_notices + notices, options, first, language)
    return speech


def build_app(
    args: argparse.Namespace,
    seed: int,
    *,
    backend: SpeechBackend | None = None,
    stream: TextIO | None = None,
    clock: Callable[[], float] = time.monotonic,
    speech: Speech | None = None,
) -> tuple[App, list[str]]:
    """Everything the game needs, from the command line and the saved settings (the speech
    made already when ``speech`` is given)."""
    from ninetynine_audio.ui.app import App, keymap_for

    if speech is None:
        speech = build_speech(args, backend=backend, stream=stream, clock=clock)
    set_language(speech.language)  # the command line may have been read in another since
    settings = speech.settings
    keymap, problems = keymap_for(settings)
    notices = speech.notices + [words.keymap_problem_text(p) for p in problems]
    log_path = getattr(args, "log_events", None)
    # Open for the whole session; App.close closes it.
    event_log = open(log_path, "a", encoding="utf-8") if log_path else None  # noqa: SIM115
    app = App(
        speaker=speech.voice.speaker,
        cues=speech.cues,
        keymap=keymap,
        settings=settings,
        seed=seed,
        clock=clock,
        bot_pause_ms=getattr(args, "bot_pause", None),
        event_log=event_log,
        backend_options=speech.options,
        voice=speech.voice,
    )
    speech.options_now = app.speech_options
    app.first_notice = speech.first
    return app, notices


class EarlyWindow:
    """The window opened and its first words said before the game loaded
    (:func:`open_window_early`): the running lock and signal handlers it took, what speaks,
    and the line said."""

    def __init__(
        self,
        window: Window,
        speech: Speech,
        said: str,
        lock: FileLock,
        previous: dict[int, Any],
    ) -> None:
        self.window, self.speech, self.said = window, speech, said
        self.lock, self.previous = lock, previous

    @contextlib.contextmanager
    def played(self) -> Iterator[None]:
        """Around the rest of the start: Ctrl+C, SIGTERM or SIGHUP before ``run`` takes over
        the window end the program with their status, the window closed and the lock let go,
        as they do once it runs."""
        try:
            yield
        except _Stopped as stop:
            self.close()
            raise SystemExit(stop.status) from None

    def close(self) -> None:
        """Close the window, let go of the lock and give the signals back."""
        self.window.close()
        self.lock.release()
        _restore_signals(self.previous)


def open_window_early(start: PlainStart, title: str, menu: str) -> EarlyWindow | None:
    """For a plain start in the window: take the home's running lock, open the window, start
    the speech and say the first line (the game's name and the main menu's opening, from
    ``firstline.window_opening``), before the app, the menus, the games and the command line
    load. None, with nothing kept, when any of it cannot be done so: the game then starts as
    usual and finds out why (another copy playing, no window, a speech it cannot start).

    Ctrl+C, SIGTERM and SIGHUP end the program here as they end the game (``run``).
    """
    if start.speech not in ("", *SPEECH_BACKENDS):
        return None  # the command line's reader refuses it
    escape_unwritable()
    previous, lock = _take_home()
    window = None
    try:
        if not _hold(lock):
            raise _NotEarly
        from ninetynine_audio.ui.window import Window, WindowError

        try:
            window = Window()
        except WindowError:
            raise _NotEarly from None
        speech = build_speech(start)
        said = speech.opening(title, menu)
        speech.voice.say(said)
        return EarlyWindow(window, speech, said, lock, previous)
    except (_NotEarly, _Stopped) as error:
        lock.release()
        _restore_signals(previous)
        if window is not None:
            window.close()
        if isinstance(error, _Stopped):
            raise SystemExit(error.status) from None
        return None


class _NotEarly(Exception):
    """The window and its first words are left to the usual start."""


AfterStart = Callable[["App"], None]
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
    early: EarlyWindow | None = getattr(args, "early", None)
    previous, lock = _take_home() if early is None else (early.previous, early.lock)
    try:
        if early is None and not _hold(lock):
            return _another_copy_runs(args, seed)
        return _run(args, setup, seed, after_start, early)
    except _Stopped as stop:
        return stop.status
    finally:
        lock.release()
        _restore_signals(previous)


ANOTHER_COPY_STATUS = 3
"""The exit status of a copy that found another one playing on the same home."""

FAREWELL_WAIT_S = 15.0
"""How long the one sentence of a copy that cannot play is given to be spoken."""


def _take_home() -> tuple[dict[int, Any], FileLock]:
    """Begin a start that plays: the log file, Ctrl+C, SIGTERM and SIGHUP handled (before SDL
    starts) and the home's running lock, not yet taken (:func:`_hold`); the signals' handlers
    before, to give back."""
    log_to_file()
    return _stop_on_signals(), running_lock()


def _hold(lock: FileLock) -> bool:
    """Take the home's running lock: False when another copy holds it. A home where no lock
    can be taken (read-only, or a file system without locks) is played without one."""
    try:
        return lock.acquire()
    except LockUnavailable as error:
        log.warning("playing without the running lock: %s", error)
        return True


def _another_copy_runs(args: argparse.Namespace, seed: int) -> int:
    """Another copy plays on this home: say so in one sentence, touch nothing, and end.

    Its saved match and statistics are the other copy's to write; a second copy would offer
    to replace a match that is being played."""
    import argparse

    from ninetynine_audio.present import notices

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
    args: argparse.Namespace,
    setup: GameSetup | None,
    seed: int,
    after_start: AfterStart | None,
    early: EarlyWindow | None = None,
) -> int:
    import argparse

    notices: list[str] = []
    # An early window is open with its first line said: the app takes over its speech.
    window = None if early is None else early.window
    if window is None and not getattr(args, "text", False):
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
    speech, said = (None, None) if early is None else (early.speech, early.said)
    app, notices = build_app(args, seed, speech=speech)
    app.start(setup, notices, said=said)
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
