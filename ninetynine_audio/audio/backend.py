"""The small interface every speech backend offers, and the backends that need no device."""

from __future__ import annotations

import abc
import sys
import threading
from dataclasses import dataclass, field
from typing import TextIO


class SpeechBackendError(RuntimeError):
    """A backend could not speak; the speaker replaces it with the next one in the chain."""


class BackendUnavailable(SpeechBackendError):
    """A backend cannot be created on this machine (no library, no device, no screen reader)."""


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
    (:meth:`finish`).  ``fail_on`` makes the named method raise, to test fallback.
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

    def _maybe_fail(self, method: str) -> None:
        if method in self.fail_on:
            raise SpeechBackendError(f"{self.name} failed in {method}")

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
        """Write ``text`` as one line and flush it."""
        line = " ".join(text.split())
        with self._lock:
            self._stream.write(line + "\n")
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
