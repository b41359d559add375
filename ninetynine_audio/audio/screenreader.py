"""Speech and braille through the player's own screen reader.

prismatoid (imported as ``prism``) is preferred where it is installed; otherwise
accessible_output2.  Both are imported only when this backend is created, because on Linux
creating them talks to speech-dispatcher, which can hang on a machine without a sound card.

Either library is used only once it has shown an output that can speak: accessible_output2
an output that is active, prismatoid a backend that reports it works on this machine and can
speak.  A library that finds nothing would otherwise swallow every phrase without an error,
and the game would be silent.  On Linux accessible_output2 speaks through speech-dispatcher,
whose Python module (``speechd``) comes with the system, not from PyPI: see the README.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import logging
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ninetynine_audio.audio.backend import BackendUnavailable, SpeechBackend, SpeechBackendError
from ninetynine_audio.audio.wording import no_reader_library, no_reader_output

log = logging.getLogger(__name__)

# Process names of Linux screen readers.
LINUX_SCREEN_READERS = frozenset({"orca", "fenrir", "fenrir-daemon"})

# Backends of speech libraries that are plain system voices rather than a screen reader
# the player is running; a game voice through them is better served by our own TTS.
_SYSTEM_VOICE_WORDS = ("sapi", "onecore", "dispatcher", "speechd", "espeak", "avspeech", "uia")


def _process_names(proc: Path) -> Iterable[str]:
    """Names of running processes: each one's short name and the programs on its command line."""
    try:
        entries = list(proc.iterdir())
    except OSError:
        return
    for entry in entries:
        if not entry.name.isdigit():
            continue
        try:
            yield (entry / "comm").read_text(encoding="utf-8", errors="replace").strip()
            # Orca and Fenrir are Python programs, so their short name may be "python3";
            # the script's name is on the command line.
            argv = (entry / "cmdline").read_bytes().split(b"\0")[:3]
        except OSError:
            continue  # the process ended while we looked, or is not ours to read
        for arg in argv:
            if arg:
                yield os.path.basename(arg.decode("utf-8", errors="replace"))


def linux_screen_reader_running(proc: Path = Path("/proc")) -> bool:
    """Whether a Linux screen reader (Orca, Fenrir) is among the processes under ``proc``."""
    return any(name.lower() in LINUX_SCREEN_READERS for name in _process_names(proc))


def screen_reader_running() -> bool | None:
    """Whether a screen reader is running: True or False on Linux, None where unknown."""
    if not sys.platform.startswith("linux"):
        return None
    return linux_screen_reader_running()


def _is_system_voice(name: str) -> bool:
    lowered = name.lower()
    return any(word in lowered for word in _SYSTEM_VOICE_WORDS)


class _PrismOutput:
    """A prismatoid backend; every feature it lacks is skipped instead of failing."""

    def __init__(self) -> None:
        # prismatoid installs the module "prism"; ImportError means "use accessible_output2".
        prism: Any = importlib.import_module("prism")
        self._context: Any = prism.Context()
        acquire = getattr(self._context, "acquire_best", None) or self._context.create_best
        self._backend: Any = acquire()
        self.name: str = str(getattr(self._backend, "name", "prism"))
        features = getattr(self._backend, "features", None)
        can_speak = features is not None and (
            bool(getattr(features, "supports_speak", False))
            or bool(getattr(features, "supports_output", False))
        )
        works_here = features is not None and bool(
            getattr(features, "is_supported_at_runtime", False)
        )
        if self._backend is None or not (can_speak and works_here):
            raise BackendUnavailable(
                f"prismatoid's backend {self.name} does not report that it can speak here",
                reason=no_reader_output(),
            )

    def _supports(self, feature: str) -> bool:
        features = getattr(self._backend, "features", None)
        # Without feature flags, try the call: a missing method then raises and is logged.
        return features is None or bool(getattr(features, feature, False))

    def is_screen_reader(self) -> bool:
        return self._supports("is_supported_at_runtime") and not _is_system_voice(self.name)

    def speak(self, text: str, interrupt: bool) -> None:
        if not self._supports("supports_speak") and self._supports("supports_output"):
            self._backend.output(text, interrupt)
        else:
            self._backend.speak(text, interrupt)

    def braille(self, text: str) -> None:
        if self._supports("supports_braille"):
            self._backend.braille(text)

    def stop(self) -> None:
        if self._supports("supports_stop"):
            self._backend.stop()

    def close(self) -> None:
        self._backend = None
        self._context = None


class _Ao2Output:
    """accessible_output2's automatic output."""

    def __init__(self) -> None:
        from accessible_output2.outputs.auto import Auto

        # Some outputs print their setup problems; a terminal screen reader would read them.
        with contextlib.redirect_stdout(io.StringIO()):
            self._auto: Any = Auto()
        active = self._auto.get_first_available_output()
        is_active = getattr(active, "is_active", None)
        if active is None or (is_active is not None and not is_active()):
            self.close()
            raise BackendUnavailable(
                "accessible_output2 found no active output", reason=no_reader_output()
            )
        self.name: str = str(getattr(active, "name", type(active).__name__))
        self._active: Any = active

    def is_screen_reader(self) -> bool:
        return self._active is not None and not bool(self._active.is_system_output())

    def speak(self, text: str, interrupt: bool) -> None:
        # Auto drops the phrase without a word when its output has gone; say so instead.
        if self._auto.get_first_available_output() is None:
            raise SpeechBackendError(f"{self.name} is no longer active")
        self._auto.speak(text, interrupt=interrupt)

    def braille(self, text: str) -> None:
        self._auto.braille(text)

    def stop(self) -> None:
        # Auto has no silence() of its own; ask the output it speaks through.
        active = self._auto.get_first_available_output()
        silence = getattr(active, "silence", None)
        if silence is not None:
            silence()

    def close(self) -> None:
        for output in getattr(self._auto, "outputs", []):
            close = getattr(output, "close", None)
            if close is not None:
                try:
                    close()
                except Exception:  # closing is best effort; the library's errors vary
                    log.debug("Closing %s failed", output, exc_info=True)


class ScreenReaderBackend(SpeechBackend):
    """Speaks and brailles through the running screen reader.

    Screen readers queue speech themselves and cannot say when they are done, so
    ``reports_speaking`` is False and pan is ignored.  Creating it may contact the
    screen reader: do it only on a real run, never in tests.
    """

    name = "screenreader"
    reports_speaking = False

    def __init__(self, *, prefer_prism: bool = True) -> None:
        self._output: _PrismOutput | _Ao2Output
        output: _PrismOutput | _Ao2Output | None = None
        if prefer_prism:
            try:
                output = _PrismOutput()
            except ImportError:
                pass
            except Exception:
                # The optional library is there but would not start: the other one may.
                log.warning("prismatoid could not start; trying accessible_output2", exc_info=True)
        if output is None:
            try:
                output = _Ao2Output()
            except BackendUnavailable:
                raise
            except Exception as exc:
                raise BackendUnavailable(
                    f"no screen reader library: {exc}", reason=no_reader_library()
                ) from exc
        self._output = output
        log.info("Screen reader output through %s", output.name)

    @property
    def library_output(self) -> str:
        """The name the library gives the output it speaks through (e.g. "NVDA")."""
        return self._output.name

    def is_screen_reader(self) -> bool:
        """True when output goes to a screen reader rather than a plain system voice."""
        try:
            return self._output.is_screen_reader()
        except Exception:
            log.debug("Could not ask whether a screen reader is running", exc_info=True)
            return False

    def speak(self, text: str, interrupt: bool = False, pan: float = 0.0) -> None:
        """Hand ``text`` to the screen reader, which queues it after its own speech."""
        self._output.speak(text, interrupt)

    def braille(self, text: str) -> None:
        """Show ``text`` on the braille display, where the screen reader offers one."""
        self._output.braille(text)

    def stop(self) -> None:
        """Ask the screen reader to stop talking."""
        self._output.stop()

    def is_speaking(self) -> bool:
        """Unknown for screen readers: always False."""
        return False

    def close(self) -> None:
        """Let go of the screen reader library."""
        self._output.close()
