"""Text to speech that can be cut off and placed left or right.

pyttsx3 renders each phrase to a WAV file on a worker thread; the file is played on the
mixer's reserved voice channel.  Playing it ourselves is what makes speech stop the moment
the player presses a key (pyttsx3's own ``say`` hands the sound to another program that its
``stop`` cannot reach) and lets the voice come from the side of the seat that is talking.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import itertools
import logging
import queue
import shutil
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import pygame

from ninetynine_audio.audio import mixer
from ninetynine_audio.audio.backend import BackendUnavailable, SpeechBackend, SpeechBackendError

log = logging.getLogger(__name__)

# A WAV header alone is 44 bytes; a file no larger than that holds no speech.
_WAV_HEADER_BYTES = 44
# How long the constructor waits for the engine to start before giving up on TTS.
_START_TIMEOUT_S = 10.0
# How often the worker looks whether the voice channel is free for the next phrase.
_POLL_S = 0.01
RENDER_ATTEMPTS = 3
"""espeak-ng now and then writes a WAV with a header and no sound (most often on the second
phrase of a new engine, on a loaded machine): a failed render is tried again, the last time
with a fresh engine, before the voice counts as failed."""
VOICE_VOLUME_FLOOR = 0.2
"""The quietest the voice is ever set: a setting of 0 would leave the player in silence."""
VOICE_GAIN = 0.5
"""The voice plays at half of full scale (about -6 dB), so that it and two cues (whose
samples stay below -12.2 dBFS, see ``tools/make_sounds.py``) mixed over it stay below full
scale together, with the cues loud enough to carry over speech."""


def audible_volume(volume: float) -> float:
    """A voice volume brought into VOICE_VOLUME_FLOOR .. 1.0."""
    return max(VOICE_VOLUME_FLOOR, min(1.0, float(volume)))


class Renderer(Protocol):
    """Turns text into a sound file."""

    def render(self, text: str, path: Path) -> None:
        """Write ``text`` as speech to the WAV file ``path``; raise if that fails."""

    def set_rate(self, words_per_minute: int) -> None:
        """Speak faster or slower from the next render on."""


class Pyttsx3Renderer:
    """Renders speech to WAV files with pyttsx3 (espeak-ng on Linux, SAPI5 on Windows).

    Use one instance from one thread only: some engines (SAPI5) are bound to the thread
    that created them.
    """

    def __init__(self, rate: int | None = None, driver: str | None = None) -> None:
        try:
            import pyttsx3
        except ImportError as exc:
            raise BackendUnavailable(f"pyttsx3 is not installed: {exc}") from exc
        try:
            self._engine: Any = pyttsx3.init(driver)
        except Exception as exc:  # the drivers raise anything from OSError to RuntimeError
            raise BackendUnavailable(f"no text-to-speech engine: {exc}") from exc
        self._espeak_rate: int | None = None
        if rate is not None:
            self.set_rate(rate)

    def set_rate(self, words_per_minute: int) -> None:
        """Set the speaking rate in words per minute (espeak's default is about 200)."""
        self._engine.setProperty("rate", int(words_per_minute))
        self._espeak_rate = int(words_per_minute)

    def _settle_espeak_rate(self) -> None:
        """pyttsx3's espeak driver hands espeak-ng a new rate without waiting for espeak-ng's
        command queue, which then keeps speaking at the first rate it had: set the rate
        again and wait for the queue, so a new voice speed is heard from the next phrase."""
        rate, self._espeak_rate = self._espeak_rate, None
        driver = getattr(getattr(self._engine, "proxy", None), "_driver", None)
        if rate is None or not type(driver).__module__.endswith(".espeak"):
            return
        try:
            espeak: Any = importlib.import_module("pyttsx3.drivers._espeak")
            espeak.SetParameter(espeak.RATE, rate, 0)
            espeak.Synchronize()
        except Exception:  # the engine still speaks, at its old rate
            log.debug("Setting espeak-ng's rate directly failed", exc_info=True)

    def render(self, text: str, path: Path) -> None:
        """Write ``text`` as speech to ``path``; raise SpeechBackendError if nothing came out."""
        self._settle_espeak_rate()
        path.unlink(missing_ok=True)
        self._engine.save_to_file(text, str(path))
        # The espeak driver prints a line for every saved file; that line must not reach
        # a terminal whose screen reader would read it out.
        with contextlib.redirect_stdout(io.StringIO()):
            self._engine.runAndWait()
        if not path.exists() or path.stat().st_size <= _WAV_HEADER_BYTES:
            raise SpeechBackendError(f"the speech engine wrote no audio for {text!r}")


@dataclass(frozen=True)
class _Job:
    generation: int
    text: str
    pan: float


class TtsBackend(SpeechBackend):
    """Speaks through pyttsx3 and pygame's mixer, on the reserved voice channel.

    Creating it raises :class:`BackendUnavailable` when there is no audio device or no
    speech engine.  A failure while rendering or playing is reported by the next call to
    :meth:`speak` or :meth:`is_speaking`, so the speaker can move on to another backend.
    """

    name = "tts"
    reports_speaking = True

    def __init__(
        self,
        *,
        rate: int | None = None,
        volume: float = 1.0,
        renderer_factory: Callable[[], Renderer] = Pyttsx3Renderer,
        init_mixer: Callable[[], bool] = mixer.init_mixer,
    ) -> None:
        if not init_mixer():
            raise BackendUnavailable("there is no audio output for text to speech")
        self._channel = mixer.voice_channel()
        self._volume = audible_volume(volume)
        self._pan = 0.0
        self._rate = rate
        self._rate_changed = rate is not None
        self._lock = threading.Lock()
        self._generation = 0
        self._pending = 0  # phrases of the current generation waiting, rendering or queued
        self._error: SpeechBackendError | None = None
        self._jobs: queue.Queue[_Job | None] = queue.Queue()
        self._names = itertools.count()
        self._folder = Path(tempfile.mkdtemp(prefix="ninetynine-voice-"))
        self._ready = threading.Event()
        self._renderer_factory = renderer_factory
        self._renderer: Renderer
        self._thread = threading.Thread(target=self._run, name="tts-render", daemon=True)
        self._thread.start()
        if not self._ready.wait(_START_TIMEOUT_S):
            self._error = SpeechBackendError("the speech engine did not start in time")
        if self._error is not None:
            self.close()
            raise BackendUnavailable(str(self._error)) from self._error

    # The interface -------------------------------------------------------------------

    def speak(self, text: str, interrupt: bool = False, pan: float = 0.0) -> None:
        """Queue ``text`` for rendering; with ``interrupt`` cut off and drop what came before."""
        self._raise_failure()
        if interrupt:
            self.stop()
        with self._lock:
            self._pending += 1
            job = _Job(self._generation, text, pan)
        self._jobs.put(job)

    def stop(self) -> None:
        """Silence the voice now; renders already under way are thrown away when done."""
        with self._lock:
            self._generation += 1
            self._channel.stop()
            while True:
                try:
                    job = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if job is None:  # closing: keep the worker's stop signal
                    self._jobs.put(None)
                    break
            # A render still under way belongs to the old generation and will be thrown
            # away: the voice is silent from now on, whatever the worker is doing.
            self._pending = 0

    def is_speaking(self) -> bool:
        """True while a phrase is waiting, rendering or playing."""
        self._raise_failure()
        with self._lock:
            return self._pending > 0 or bool(self._channel.get_busy())

    def close(self) -> None:
        """Stop the voice, end the worker and remove the temporary files."""
        with contextlib.suppress(pygame.error):
            self.stop()
        self._jobs.put(None)
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(timeout=2.0)
        shutil.rmtree(self._folder, ignore_errors=True)

    # Settings --------------------------------------------------------------------------

    def set_rate(self, words_per_minute: int) -> None:
        """Speak faster or slower from the next phrase on."""
        with self._lock:
            self._rate = int(words_per_minute)
            self._rate_changed = True

    def set_volume(self, volume: float) -> None:
        """Set the voice volume, VOICE_VOLUME_FLOOR .. 1.0; it applies at once, also to the
        current phrase."""
        with self._lock:
            self._volume = audible_volume(volume)
            self._channel.set_volume(*mixer.pan_volumes(self._pan, self._volume * VOICE_GAIN))

    @property
    def rate(self) -> int | None:
        """The rate last set, in words per minute (None: the engine's default)."""
        return self._rate

    @property
    def volume(self) -> float:
        """The voice volume, 0.0 .. 1.0."""
        return self._volume

    # The worker ------------------------------------------------------------------------

    def _raise_failure(self) -> None:
        if self._error is not None:
            raise self._error

    def _run(self) -> None:
        try:
            self._renderer = self._renderer_factory()
        except Exception as exc:
            self._error = SpeechBackendError(f"the speech engine could not start: {exc}")
            self._ready.set()
            return
        self._ready.set()
        while True:
            job = self._jobs.get()
            if job is None:
                return
            try:
                self._speak_job(job)
            except Exception as exc:
                log.exception("Text to speech failed")
                self._error = SpeechBackendError(f"text to speech failed: {exc}")
            finally:
                with self._lock:
                    if self._is_current(job):  # a stop already forgot older phrases
                        self._pending -= 1

    def _is_current(self, job: _Job) -> bool:
        return job.generation == self._generation

    def _render(self, text: str, path: Path) -> None:
        """Render ``text`` to ``path``, trying again after a failed render (see
        RENDER_ATTEMPTS); raises the last failure when every attempt failed."""
        for attempt in range(1, RENDER_ATTEMPTS + 1):
            try:
                self._renderer.render(text, path)
                return
            except Exception as exc:
                if attempt == RENDER_ATTEMPTS:
                    raise
                log.warning("Rendering speech failed (%s); trying again", exc)
                if attempt == RENDER_ATTEMPTS - 1:
                    # The last try gets a fresh engine, at the rate the voice has now.
                    self._renderer = self._renderer_factory()
                    if self._rate is not None:
                        self._renderer.set_rate(self._rate)

    def _speak_job(self, job: _Job) -> None:
        if not self._is_current(job):
            return
        with self._lock:
            rate = self._rate if self._rate_changed else None
            self._rate_changed = False
        if rate is not None:
            self._renderer.set_rate(rate)
        path = self._folder / f"{next(self._names)}.wav"
        self._render(job.text, path)
        try:
            sound = pygame.mixer.Sound(str(path))
        finally:
            path.unlink(missing_ok=True)
        # Wait for the phrase before this one to end; a stop in the meantime drops this one.
        while True:
            with self._lock:
                if not self._is_current(job):
                    return
                if not self._channel.get_busy():
                    self._channel.play(sound)
                    # Playing resets the channel's volume, so place the voice afterwards.
                    self._pan = job.pan
                    self._channel.set_volume(*mixer.pan_volumes(job.pan, self._volume * VOICE_GAIN))
                    return
            time.sleep(_POLL_S)
