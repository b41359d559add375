"""A private X display for the tests that drive the real window."""

from __future__ import annotations

import contextlib
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from typing import IO

import pytest


@pytest.fixture
def xvfb_display() -> Iterator[str]:
    """A private X display on Xvfb, stopped after the test."""
    read_fd, write_fd = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(write_fd,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_fd)
    try:
        with os.fdopen(read_fd) as reader:
            number = reader.readline().strip()
        assert number, "Xvfb did not start"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def read_lines(stream: IO[str], lines: queue.Queue[str]) -> None:
    """Put each line of ``stream`` (the game's speech in text) on ``lines`` as it comes."""
    for line in stream:
        lines.put(line.rstrip("\n"))


def wait_for(
    lines: queue.Queue[str],
    seen: list[str],
    deadline_s: float,
    wanted: str,
    count: int = 1,
    *,
    prefix: bool = False,
) -> None:
    """Read the game's output into ``seen`` until ``wanted`` has been said ``count`` times
    (as a whole line, or with ``prefix`` at a line's start)."""
    end = time.monotonic() + deadline_s

    def said() -> int:
        return sum(line.startswith(wanted) if prefix else line == wanted for line in seen)

    while said() < count:
        remaining = end - time.monotonic()
        if remaining <= 0:
            raise AssertionError(f"{wanted!r} was never said; heard {seen}")
        try:
            seen.append(lines.get(timeout=remaining))
        except queue.Empty:
            continue


class WindowGame:
    """The game in its real window on an X display, speaking in text (``--speech text``):
    keys pressed as a player presses them (xdotool), and every line it says, in ``seen``."""

    def __init__(self, options: Sequence[str], env: dict[str, str], deadline_s: float) -> None:
        self.env, self.deadline_s = env, deadline_s
        self.process = subprocess.Popen(
            [sys.executable, "-m", "ninetynine_audio", "--speech", "text", *options],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=env,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.reader = threading.Thread(
            target=read_lines, args=(self.process.stdout, self.lines), daemon=True
        )
        self.reader.start()
        self.seen: list[str] = []

    def focus(self) -> None:
        """Wait for the window (by its class) and give it the keyboard."""
        found = subprocess.run(
            ["xdotool", "search", "--sync", "--classname", "ninetynine-audio"],
            capture_output=True,
            text=True,
            env=self.env,
            timeout=self.deadline_s,
            check=True,
        )
        window = found.stdout.split()[0]
        subprocess.run(["xdotool", "windowfocus", "--sync", window], env=self.env, check=True)

    def wait_for(self, wanted: str) -> None:
        """Wait until the game has said ``wanted`` (a whole line)."""
        wait_for(self.lines, self.seen, self.deadline_s, wanted)

    def key(self, name: str, then: str) -> None:
        """Press ``name`` and wait for the line ``then``."""
        subprocess.run(["xdotool", "key", name], env=self.env, check=True, timeout=self.deadline_s)
        self.wait_for(then)

    def ended(self) -> int:
        """Wait for the game to end; its exit status. Every line it said is then in ``seen``."""
        status = self.process.wait(timeout=self.deadline_s)
        self.reader.join(timeout=self.deadline_s)
        while not self.lines.empty():
            self.seen.append(self.lines.get())
        return status

    def stop(self) -> None:
        """End the game if it still runs."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


@contextlib.contextmanager
def window_game(
    options: Sequence[str], env: dict[str, str], deadline_s: float
) -> Iterator[WindowGame]:
    """The game's window started with ``options`` and focused; ended after the block."""
    game = WindowGame(options, env, deadline_s)
    try:
        game.focus()
        yield game
    finally:
        game.stop()
