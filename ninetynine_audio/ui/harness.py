"""Running the real loop without a person: a fake clock, posted key events, recorded speech.

Tests and measurements build an :class:`App` with :func:`make_app`, post key presses to the
pygame queue with :func:`post_key` (each with the text a US keyboard types with it, as SDL
sends it), post text in any script with :func:`post_text`, and run the window's frames with
:meth:`Harness.frames`.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from dataclasses import dataclass, field

import pygame

from ninetynine_audio.audio import RecorderBackend, SimulatedVoice
from ninetynine_audio.games.setup import GameSetup
from ninetynine_audio.input.gestures import KEY_CODES
from ninetynine_audio.input.keynames import gesture_from_name, split_gesture
from ninetynine_audio.ui.app import App
from ninetynine_audio.ui.entry import US_PUNCTUATION, typed_character
from ninetynine_audio.ui.match import MatchScreen
from ninetynine_audio.ui.start import build_app
from ninetynine_audio.ui.window import Window

_CODES = {name: code for code, name in KEY_CODES.items()}
_MODS = {"ctrl": pygame.KMOD_LCTRL, "alt": pygame.KMOD_LALT, "shift": pygame.KMOD_LSHIFT}
# Where two codes give one name (left and right Control), use the left one.
for _name, _code in (("ctrl", pygame.K_LCTRL), ("alt", pygame.K_LALT), ("shift", pygame.K_LSHIFT)):
    _CODES[_name] = _code


@dataclass
class FakeClock:
    """A clock that moves only when told."""

    now: float = 0.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        """Move time on."""
        self.now += seconds


def key_event(name: str) -> pygame.event.Event:
    """A KEYDOWN event for a key name as the keymap writes it (``"return"``, ``"shift+tab"``)."""
    modifiers, key = split_gesture(gesture_from_name(name))
    mod = 0
    for modifier in modifiers:
        mod |= _MODS[modifier]
    return pygame.event.Event(pygame.KEYDOWN, key=_CODES[key], mod=mod, unicode="", scancode=0)


def post_key(name: str) -> None:
    """Put a key press on pygame's event queue, as if typed on a US keyboard: the key, then
    the character it makes, if any (none with Control or Alt held)."""
    pygame.event.post(key_event(name))
    text = typed_character(gesture_from_name(name), US_PUNCTUATION)
    if text is not None:
        post_text(text)


def post_text(text: str) -> None:
    """Put characters typed on pygame's event queue, as the keyboard's layout makes them."""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))


@dataclass
class Harness:
    """An app on a dummy window with recorded speech and a fake clock."""

    app: App
    window: Window
    recorder: RecorderBackend
    clock: FakeClock
    frame_seconds: float = 0.02
    spoken_before: int = field(default=0)

    def frames(self, count: int = 1) -> None:
        """Run ``count`` frames, the clock moving ``frame_seconds`` each."""
        for _ in range(count):
            if not self.app.running:
                return
            self.window.frame(self.app)
            self.clock.advance(self.frame_seconds)

    def press(self, *names: str, frames: int = 1) -> None:
        """Post key presses and run frames so they are handled."""
        for name in names:
            post_key(name)
        self.frames(frames)

    @property
    def spoken(self) -> list[str]:
        """Everything said so far, in order."""
        return self.recorder.spoken

    def new_speech(self) -> list[str]:
        """What was said since the last call."""
        fresh = self.recorder.spoken[self.spoken_before :]
        self.spoken_before = len(self.recorder.spoken)
        return fresh

    @property
    def table(self) -> MatchScreen | None:
        """The table being played, if any (also under its pause menu or results)."""
        for screen in reversed(self.app.stack):
            if isinstance(screen, MatchScreen):
                return screen
        return None


def make_app(
    setup: GameSetup | None = None,
    *,
    seed: int = 1,
    bot_pause_ms: int = 0,
    extra_args: Iterable[tuple[str, object]] = (),
    recorder: RecorderBackend | None = None,
    clock: FakeClock | None = None,
) -> Harness:
    """A started app on a dummy window, speaking into a recorder.

    Pass a :class:`~ninetynine_audio.audio.SimulatedVoice` built on ``clock`` as ``recorder``
    to hear the game as a screen reader or a voice with real speaking times would say it.
    """
    args = argparse.Namespace(text=False, speech=None, bot_pause=bot_pause_ms, log_events=None)
    for name, value in extra_args:
        setattr(args, name, value)
    recorder = recorder if recorder is not None else RecorderBackend()
    clock = clock if clock is not None else FakeClock()
    window = Window(wait_ms=0)
    app, notices = build_app(args, seed, backend=recorder, clock=clock)
    app.start(setup, notices)
    return Harness(app, window, recorder, clock)


def make_heard_app(
    setup: GameSetup,
    *,
    wpm: int = 200,
    reports: bool = False,
    bot_pause_ms: int = 900,
    seed: int = 1,
) -> tuple[Harness, SimulatedVoice]:
    """A started app heard through a voice that takes real time on the harness's fake clock:
    a screen reader that cannot say when it has finished (``reports`` False) or a built-in
    voice that can, at ``wpm`` words a minute (also set as the screen-reader rate)."""
    clock = FakeClock()
    name = "tts" if reports else "screenreader"
    voice = SimulatedVoice(name=name, clock=clock, words_per_minute=wpm, reports_speaking=reports)
    h = make_app(setup, seed=seed, bot_pause_ms=bot_pause_ms, recorder=voice, clock=clock)
    h.app.update_settings(screen_reader_rate_wpm=wpm)
    return h, voice
