"""The small interface every speech backend offers, and the backends that need no device."""

from __future__ import annotations

import abc
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TextIO

from ninetynine_audio.audio.pacing import DEFAULT_WORDS_PER_MINUTE, speaking_seconds
from ninetynine_audio.plaintext import one_line


class SpeechBackendError(RuntimeError):
    """A backend could not speak; the speaker replaces it with the next one in the chain."""


class BackendUnavailable(SpeechBackendError):
    """A backend cannot be created on this machine (no library, no device, no screen reader).

    ``reason`` is the player's words for why (from ``wording``), when there are some.
    """

    def __init__(self, message: str, *, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = reason


class SpeechBackend(abc.ABC):
    """Something that can say a line of text.

    Any method may raise; the speaker treats an exception as the backend failing and moves
    to the next backend.  ``reports_speaking`` is False for backends that cannot tell
    whether they are still talking (screen readers): those queue speech themselves, so the
    speaker hands them everything waiting at once instead of one phrase at a time.
    """

    name: str = "backend"
    reports_speaking: bool = True

    @abc.abstractmethod
    def speak(self, text: str, interrupt: bool = False, pan: float = 0.0) -> None:
        """Say ``text``; with ``interrupt`` first cut off anything being said.

        ``pan`` is -1.0 (left) .. 1.0 (right); backends that cannot place sound ignore it.
        """

    @abc.abstractmethod
    def stop(self) -> None:
        """Stop speaking at once and forget anything the backend itself has waiting."""

    @abc.abstractmethod
    def is_speaking(self) -> bool:
        """True while a phrase is still being said (always False if that cannot be known)."""

    def braille(self, text: str) -> None:  # noqa: B027 - optional, a no-op by default
        """Show ``text`` on a braille display where the backend has one."""

    def close(self) -> None:  # noqa: B027 - optional, a no-op by default
        """Release the backend's resources; it is not used afterwards."""


@dataclass(frozen=True)
class SpokenCall:
    """One call to :meth:`RecorderBackend.speak`."""

    text: str
    interrupt: bool
    pan: float


@dataclass
class RecorderBackend(SpeechBackend):
    """Remembers every call instead of speaking; the backend tests use.

    ``speaking`` is what :meth:`is_speaking` answers, so a test decides when a phrase ends
    (:meth:`finish`).  ``fail_on`` makes the named method raise, to test fallback;
    ``fail_times`` makes it raise only that many times (a voice that fails once).
    """

    name: str = "recorder"
    reports_speaking: bool = True
    speaking: bool = False
    hold: bool = False
    """If True, every spoken phrase keeps ``speaking`` True until :meth:`finish` is called."""
    calls: list[SpokenCall] = field(default_factory=list)
    brailled: list[str] = field(default_factory=list)
    stops: int = 0
    closed: bool = False
    fail_on: set[str] = field(default_factory=set)
    fail_times: dict[str, int] = field(default_factory=dict)

    def _maybe_fail(self, method: str) -> None:
        if method in self.fail_on:
            raise SpeechBackendError(f"{self.name} failed in {method}")
        if self.fail_times.get(method, 0) > 0:
            self.fail_times[method] -= 1
            raise SpeechBackendError(f"{self.name} failed once in {method}")

    @property
    def spoken(self) -> list[str]:
        """The texts spoken, in order."""
        return [call.text for call in self.calls]

    def speak(self, text: str, interrupt: bool = False, pan: float = 0.0) -> None:
        """Record the call; while ``hold`` is set, the phrase counts as still speaking."""
        self._maybe_fail("speak")
        self.calls.append(SpokenCall(text, interrupt, pan))
        if self.hold:
            self.speaking = True

    def stop(self) -> None:
        """Record the stop and end the current phrase."""
        self._maybe_fail("stop")
        self.stops += 1
        self.speaking = False

    def is_speaking(self) -> bool:
        """Answer what the test set."""
        self._maybe_fail("is_speaking")
        return self.speaking

    def finish(self) -> None:
        """End the current phrase, as if the voice had reached its end."""
        self.speaking = False

    def braille(self, text: str) -> None:
        """Record the braille text."""
        self._maybe_fail("braille")
        self.brailled.append(text)

    def close(self) -> None:
        """Record that the backend was closed."""
        self.closed = True


def _zero_clock() -> float:
    return 0.0


@dataclass(frozen=True)
class HeardPhrase:
    """A phrase as a listener hears it from a :class:`SimulatedVoice`."""

    text: str
    start: float
    end: float
    complete: bool
    """False when it was cut off (or never began) because of an interrupt or a stop."""


@dataclass
class SimulatedVoice(RecorderBackend):
    """A recorder that takes the time a real voice takes, on a clock the test moves.

    Each phrase lasts its estimated speaking time at ``words_per_minute`` and queues behind
    the one before, as a screen reader does; an interrupt or a stop cuts what is sounding
    and forgets what waits.  With ``reports_speaking`` False it plays a screen reader that
    cannot say when it has finished; with True, a built-in voice that can.  ``heard`` is
    the listener's side: when each phrase really started and whether it was heard whole.
    """

    name: str = "simulated"
    clock: Callable[[], float] = field(default_factory=lambda: _zero_clock)
    words_per_minute: int = DEFAULT_WORDS_PER_MINUTE
    timeline: list[HeardPhrase] = field(default_factory=list)

    def speak(self, text: str, interrupt: bool = False, pan: float = 0.0) -> None:
        """Queue ``text`` behind what is sounding, or cut that off first with ``interrupt``."""
        self._maybe_fail("speak")
        now = self.clock()
        if interrupt:
            self._cut(now)
        start = max([now] + [p.end for p in self.timeline])
        end = start + speaking_seconds(text, self.words_per_minute)
        self.calls.append(SpokenCall(text, interrupt, pan))
        self.timeline.append(HeardPhrase(text, start, end, True))

    def stop(self) -> None:
        """Cut off what is sounding and forget what waits."""
        self._maybe_fail("stop")
        self.stops += 1
        self._cut(self.clock())

    def is_speaking(self) -> bool:
        """Whether a phrase is still sounding (asked only when ``reports_speaking``)."""
        self._maybe_fail("is_speaking")
        now = self.clock()
        return any(p.start <= now < p.end or p.start > now for p in self.timeline)

    def _cut(self, now: float) -> None:
        for index, phrase in enumerate(self.timeline):
            if phrase.end > now:
                self.timeline[index] = HeardPhrase(
                    phrase.text, phrase.start, max(phrase.start, now), False
                )

    def heard_start(self, fragment: str, after: float = -1.0) -> float | None:
        """When the first phrase containing ``fragment`` that began after ``after`` began
        to be heard (None if it never was)."""
        for phrase in self.timeline:
            if fragment in phrase.text and phrase.start > after and phrase.end > phrase.start:
                return phrase.start
        return None

    @property
    def heard_whole(self) -> list[str]:
        """The phrases heard to their end, in order."""
        return [p.text for p in self.timeline if p.complete]


class TextBackend(SpeechBackend):
    """Writes each phrase as one line to a stream (stdout by default).

    For players whose terminal screen reader reads new lines, and for scripts.  A line is
    finished the moment it is written, so this backend never reports speaking.
    """

    name = "text"
    reports_speaking = True

    def __init__(self, stream: TextIO | None = None) -> None:
        # Bind the stream now, so that anything that swaps sys.stdout later
        # does not swallow the game's speech.
        self._stream = stream if stream is not None else sys.stdout
        self._lock = threading.Lock()

    def speak(self, text: str, interrupt: bool = False, pan: float = 0.0) -> None:
        """Write ``text`` as one line and flush it, without control characters (a phrase
        from a server never reaches the terminal as an escape sequence)."""
        line = one_line(text)
        with self._lock:
            try:
                self._stream.write(line + "\n")
            except UnicodeEncodeError:
                # A stream that cannot take every letter (text mode prepares the terminal so
                # this does not happen): the line still goes out, with ? for what it lacks.
                encoding = getattr(self._stream, "encoding", None) or "ascii"
                plain = line.encode(encoding, errors="replace").decode(encoding)
                self._stream.write(plain + "\n")
            self._stream.flush()

    def stop(self) -> None:
        """Nothing to stop: a written line is already complete."""

    def is_speaking(self) -> bool:
        """Never speaking: each line is complete once written."""
        return False


class SilentBackend(SpeechBackend):
    """Says nothing: the last resort when every other backend has failed.

    The game keeps going; the speaker's history still holds every phrase.
    """

    name = "silent"

    def speak(self, text: str, interrupt: bool = False, pan: float = 0.0) -> None:
        """Drop the phrase."""

    def stop(self) -> None:
        """Nothing to stop."""

    def is_speaking(self) -> bool:
        """Never speaking."""
        return False
