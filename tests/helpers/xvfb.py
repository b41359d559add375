"""A private X display for the tests that drive the real window."""

from __future__ import annotations

import os
import queue
import subprocess
import time
from collections.abc import Iterator
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


def wait_for(lines: queue.Queue[str], seen: list[str], deadline_s: float, wanted: str) -> None:
    """Read the game's output into ``seen`` until ``wanted`` appears."""
    end = time.monotonic() + deadline_s
    while wanted not in seen:
        remaining = end - time.monotonic()
        if remaining <= 0:
            raise AssertionError(f"{wanted!r} was never said; heard {seen}")
        try:
            seen.append(lines.get(timeout=remaining))
        except queue.Empty:
            continue
