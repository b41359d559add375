"""Text mode: the same screens on stdin and stdout, with no window.

Each input line is a list of key names from the keymap separated by spaces (``right return``,
``h``, ``shift+tab``); an empty line is Enter. Speech comes out as lines on stdout. The end of
input quits, and so does an output that was closed (``| head -1``). When input is not a terminal
(a script), each line waits until the computer players have finished their turns, as a person
would.

A terminal that cannot show every letter (``PYTHONIOENCODING=ascii``, an old code page) gets
the letters it lacks without their accents or as ``?`` (:func:`prepare_terminal`), never a
silent game; input that is not text in the terminal's encoding is read with the bad bytes
replaced, never a stopped reader.
"""

from __future__ import annotations

import codecs
import contextlib
import io
import logging
import os
import queue
import threading
import time
import unicodedata
from collections.abc import Callable
from typing import TextIO

from ninetynine_audio.firstline import FULL_UNICODE
from ninetynine_audio.games.setup import clean_text
from ninetynine_audio.input.keynames import GestureError, gesture_from_name
from ninetynine_audio.present import notices
from ninetynine_audio.present import screens as words
from ninetynine_audio.ui.app import App

POLL_S = 0.005

log = logging.getLogger(__name__)


# What a terminal sends for keys that have no letter, so pressing them works as typing them.
TERMINAL_KEYS = (
    ("\x1b[A", "up"),
    ("\x1b[B", "down"),
    ("\x1b[C", "right"),
    ("\x1b[D", "left"),
    ("\x1bOA", "up"),
    ("\x1bOB", "down"),
    ("\x1bOC", "right"),
    ("\x1bOD", "left"),
    ("\x1b[H", "home"),
    ("\x1b[F", "end"),
    ("\x1b[1~", "home"),
    ("\x1b[4~", "end"),
    ("\x1b[5~", "pageup"),
    ("\x1b[6~", "pagedown"),
    ("\x1bOP", "f1"),
    ("\x1bOQ", "f2"),
    ("\x1b[1;2Q", "shift+f2"),
    ("\x1bO2Q", "shift+f2"),
    # Alt with a letter: the letter after Escape (answering a private message, an invitation).
    *((f"\x1b{letter}", f"alt+{letter}") for letter in "abcdefghijklmnopqrstuvwxyz"),
    ("\x1b", "escape"),
)


UNKNOWN_WORD_SHOWN = 30
"""How much of a word that names no key is said back: enough to recognise a typing slip."""


def gestures_of_line(line: str) -> tuple[list[str], list[str]]:
    """The gestures of one input line, and the words that named no key (made safe to say:
    no control characters, at most ``UNKNOWN_WORD_SHOWN`` characters and an ellipsis)."""
    for sequence, name in TERMINAL_KEYS:
        line = line.replace(sequence, f" {name} ")
    names = line.split()
    if not names:
        return ["return"], []
    gestures: list[str] = []
    unknown: list[str] = []
    for name in names:
        try:
            gestures.append(gesture_from_name(name))
        except GestureError:
            unknown.append(_shown_word(name))
    return gestures, unknown


def _shown_word(name: str) -> str:
    shown = clean_text(name, UNKNOWN_WORD_SHOWN) or "?"
    cut = len(name) > UNKNOWN_WORD_SHOWN and len(shown) >= UNKNOWN_WORD_SHOWN
    return shown + "…" if cut else shown


_PLAIN_LETTERS = str.maketrans(
    {
        "Ł": "L",
        "ł": "l",
        "Ø": "O",
        "ø": "o",
        "Đ": "D",
        "đ": "d",
        "Ħ": "H",
        "ħ": "h",
        "ı": "i",
        "ß": "ss",
        "Æ": "AE",
        "æ": "ae",
        "Œ": "OE",
        "œ": "oe",
        "Þ": "Th",
        "þ": "th",
        "–": "-",
        "—": "-",
        "‘": "'",
        "’": "'",
        "“": '"',
        "”": '"',
        "…": "...",
    }
)
ERROR_HANDLER = "ninetynine-audio-plain"
"""The codec error handler that writes a letter the terminal lacks as a plainer one."""


def _plain(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    plain = []
    for c in error.object[error.start : error.end]:
        simple = "".join(
            d
            for d in unicodedata.normalize("NFKD", c.translate(_PLAIN_LETTERS))
            if not unicodedata.combining(d)
        )
        try:
            simple.encode(error.encoding)
        except (UnicodeError, LookupError):
            simple = "?"
        plain.append(simple or "?")
    return "".join(plain), error.end


codecs.register_error(ERROR_HANDLER, _plain)


def prepare_terminal(output: TextIO | None, stdin: TextIO | None = None) -> list[str]:
    """Make text mode's streams safe: a letter ``output`` cannot encode is written plainer,
    and bytes of ``stdin`` that are not text are replaced. Returns the sentence that says
    so when the terminal cannot show every letter (said once, at the start)."""
    if stdin is not None:
        with contextlib.suppress(AttributeError, ValueError, io.UnsupportedOperation):
            stdin.reconfigure(errors="replace")  # type: ignore[attr-defined]
    encoding = getattr(output, "encoding", None)
    if output is None or not isinstance(encoding, str):
        return []
    try:
        name = codecs.lookup(encoding).name
    except LookupError:
        return []
    if any(name.startswith(full) for full in FULL_UNICODE):
        return []
    try:
        output.reconfigure(errors=ERROR_HANDLER)  # type: ignore[attr-defined]
    except (AttributeError, ValueError, io.UnsupportedOperation):
        return []
    return [notices.terminal_letters_text(name)]


class WatchedOutput(io.TextIOBase):
    """The terminal's output, watched for being closed (``| head -1``, a closed terminal).

    A write to a closed output is dropped and :attr:`lost` is set, so text mode can end
    instead of playing on unheard; the file descriptor is pointed at the null device, so that
    Python's own flush at exit has nowhere to fail either.
    """

    def __init__(self, stream: TextIO | None, *, written: str | None = None) -> None:
        super().__init__()
        self._stream = stream
        self.lost = stream is None
        # What was written before the game loaded (``firstline.py``): the first line, or the
        # beginning of it. The game's first write says it again, and only the rest is written.
        self._written = written

    @property
    def encoding(self) -> str:  # type: ignore[override]
        """The encoding of the stream watched."""
        return str(getattr(self._stream, "encoding", None) or "utf-8")

    def isatty(self) -> bool:
        """Whether the stream is a terminal."""
        try:
            return self._stream is not None and self._stream.isatty()
        except (OSError, ValueError):
            return False

    def write(self, text: str) -> int:
        """Write ``text``, or drop it once the output is gone."""
        written, self._written = self._written, None
        rest = text
        if written and text.startswith(written):
            rest = text[len(written) :]
        elif written and not written.endswith("\n"):
            rest = "\n" + text  # the line begun early was not this one: it ends there
        if rest and self._stream is not None and not self.lost:
            try:
                self._stream.write(rest)
            except (OSError, ValueError) as error:
                self._lose(error)
        return len(text)

    def flush(self) -> None:
        """Flush, or note that the output is gone."""
        if self._stream is not None and not self.lost:
            try:
                self._stream.flush()
            except (OSError, ValueError) as error:
                self._lose(error)

    def _lose(self, error: Exception) -> None:
        # A pipe whose reader left, a closed terminal, a full disk: nobody reads any more.
        log.info("the output is closed: %s", error)
        self.lost = True
        with contextlib.suppress(OSError, ValueError, AttributeError, io.UnsupportedOperation):
            fd = self._stream.fileno() if self._stream is not None else -1
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, fd)
            os.close(null)


class TerminalEcho:
    """The terminal's echo of what is typed, turned off while the screen on top hides what is
    typed (a password) and on again after. Nothing is done where the input is not a terminal
    or the system has no ``termios`` (Windows)."""

    def __init__(self, stream: TextIO | None) -> None:
        self.fd: int | None = None
        self.off = False
        with contextlib.suppress(AttributeError, ValueError, OSError, io.UnsupportedOperation):
            if stream is not None and stream.isatty():
                self.fd = stream.fileno()

    def follow(self, hide: bool) -> None:
        """Echo off when ``hide``, on otherwise (a change only when it differs)."""
        if self.fd is None or hide == self.off:
            return
        try:
            import termios
        except ImportError:
            self.fd = None
            return
        try:
            modes = termios.tcgetattr(self.fd)
            modes[3] = modes[3] & ~termios.ECHO if hide else modes[3] | termios.ECHO
            termios.tcsetattr(self.fd, termios.TCSANOW, modes)
        except (termios.error, OSError, ValueError):
            self.fd = None
            return
        self.off = hide


def _read_lines(stream: TextIO | None, lines: queue.Queue[str | None]) -> None:
    try:
        if stream is not None:  # ``<&-``: no input at all, which is the end of input
            for line in stream:
                lines.put(line)
    except (OSError, ValueError):
        pass  # a closed or vanished input is the end of the input, as EOF is
    finally:
        lines.put(None)


def run_text(
    app: App,
    stream: TextIO | None,
    *,
    wait_for_game: bool | None = None,
    sleep: Callable[[float], None] = time.sleep,
    output_lost: Callable[[], bool] = lambda: False,
) -> int:
    """Feed ``stream``'s lines to ``app`` until it quits, the input ends (or is closed:
    ``None``) or ``output_lost()`` says nobody can read what is said; returns 0."""
    if wait_for_game is None:
        try:
            wait_for_game = stream is None or not stream.isatty()
        except (AttributeError, ValueError):
            wait_for_game = True
    lines: queue.Queue[str | None] = queue.Queue()
    echo = TerminalEcho(stream)
    reader = threading.Thread(target=_read_lines, args=(stream, lines), daemon=True)
    reader.start()
    try:
        while app.running:
            if output_lost():
                app.quit()
                break
            app.tick()
            echo.follow(bool(app.stack) and app.top.hides_typing)
            if wait_for_game and app.is_busy():
                sleep(POLL_S)
                continue
            try:
                line = lines.get(timeout=POLL_S)
            except queue.Empty:
                continue
            if line is None:
                app.quit()
                break
            top = app.top if app.stack else None
            if top is not None and top.take_line(app, line):
                # A screen that asks for text (a name, a chat line) takes the line as typed.
                app.tick()
                continue
            gestures, unknown = gestures_of_line(line)
            for name in unknown:
                app.say(words.unknown_key_text(name))
            for gesture in gestures:
                if not app.running:
                    break
                app.handle_gesture(gesture, typed=True)
                app.tick()
    finally:
        echo.follow(False)
        app.close()
    return 0
