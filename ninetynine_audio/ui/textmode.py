"""Text mode: the same screens on stdin and stdout, with no window.

Each input line is a list of key names from the keymap separated by spaces (``right return``,
``h``, ``shift+tab``); an empty line is Enter. Speech comes out as lines on stdout. The end of
input quits. When input is not a terminal (a script), each line waits until the computer players
have finished their turns, as a person would.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from typing import TextIO

from ninetynine_audio.input.keynames import GestureError, gesture_from_name
from ninetynine_audio.present import screens as words
from ninetynine_audio.ui.app import App

POLL_S = 0.005


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
    ("\x1b", "escape"),
)


def gestures_of_line(line: str) -> tuple[list[str], list[str]]:
    """The gestures of one input line, and the words that named no key."""
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
            unknown.append(name)
    return gestures, unknown


def _read_lines(stream: TextIO, lines: queue.Queue[str | None]) -> None:
    try:
        for line in stream:
            lines.put(line)
    finally:
        lines.put(None)


def run_text(
    app: App,
    stream: TextIO,
    *,
    wait_for_game: bool | None = None,
    sleep: Callable[[float], None] = time.sleep,
) -> int:
    """Feed ``stream``'s lines to ``app`` until it quits or the input ends; returns 0."""
    if wait_for_game is None:
        try:
            wait_for_game = not stream.isatty()
        except (AttributeError, ValueError):
            wait_for_game = True
    lines: queue.Queue[str | None] = queue.Queue()
    reader = threading.Thread(target=_read_lines, args=(stream, lines), daemon=True)
    reader.start()
    try:
        while app.running:
            app.tick()
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
            if app.stack and app.top.take_line(app, line):
                app.tick()
                continue
            gestures, unknown = gestures_of_line(line)
            for name in unknown:
                app.say(words.unknown_key_text(name))
            for gesture in gestures:
                if not app.running:
                    break
                app.handle_gesture(gesture)
                app.tick()
    finally:
        app.close()
    return 0
