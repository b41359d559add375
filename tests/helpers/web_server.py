"""The real table server for the browser tests: ``ninetynine-audio serve`` on a free loopback
port, in its own process with its own data folder, stopped (and waited for) afterwards."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]


def free_port() -> int:
    """A TCP port nobody listens on at 127.0.0.1 just now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def environment(home: Path) -> dict[str, str]:
    """The server's and the desktop client's environment: the source tree, no sound, no
    screen, their own home folder."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPOSITORY)
    env["NINETYNINE_AUDIO_HOME"] = str(home)
    env["SDL_VIDEODRIVER"] = "dummy"
    env["SDL_AUDIODRIVER"] = "dummy"
    return env


class Server:
    """A running server: its base URL, and a way to kill and start it again."""

    def __init__(self, data: Path, port: int | None = None, extra: tuple[str, ...] = ()) -> None:
        self.data = data
        self.extra = extra  # more of serve's options
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}/ws"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 60.0) -> None:
        """Start the server and wait until it serves the page."""
        self.data.mkdir(parents=True, exist_ok=True)
        log = open(self.data / "stdout.log", "ab")  # noqa: SIM115 - closed with the process
        self.process = subprocess.Popen(
            [
                sys.executable, "-m", "ninetynine_audio", "serve",
                "--host", "127.0.0.1", "--port", str(self.port), "--data", str(self.data),
                *self.extra,
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=environment(self.data / "home"),
            cwd=REPOSITORY,
        )  # fmt: skip
        log.close()
        deadline = time.monotonic() + timeout
        while True:
            if self.process.poll() is not None:
                raise AssertionError(f"the server stopped at once: {self.log()}")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise AssertionError(f"the server did not serve the page: {self.log()}")
            time.sleep(0.1)

    def stop(self, sig: int = signal.SIGTERM) -> None:
        """Stop the server (SIGTERM, or SIGKILL to crash it) and wait for it to end."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=20)
        self.process = None

    def log(self) -> str:
        """What the server printed."""
        path = self.data / "stdout.log"
        return path.read_text(errors="replace")[-4000:] if path.exists() else ""


@contextmanager
def running_server(data: Path) -> Iterator[Server]:
    """A started server, stopped after the block."""
    server = Server(data)
    server.start()
    try:
        yield server
    finally:
        server.stop()
