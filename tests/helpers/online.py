"""Running a real table server on a free loopback port and real clients against it.

:class:`ServerThread` runs the server's event loop on a thread of the test (so the test can
look at its tables between steps); :class:`ServerProcess` runs ``ninetynine-audio serve`` as
a process that can be killed with SIGKILL. :class:`Player` is the game's own client: a local
app speaking into a recorder, with the remote screen on top, driven by key names as the
harness drives the offline game.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any, TypeVar

from ninetynine_audio.audio import RecorderBackend
from ninetynine_audio.cli import main
from ninetynine_audio.input.keynames import gesture_from_name
from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.client import RemoteScreen, connect
from ninetynine_audio.online.server import Server, run_server
from ninetynine_audio.ui.app import App
from ninetynine_audio.ui.start import build_app

T = TypeVar("T")
REPO = Path(__file__).resolve().parents[2]
KEY_GAP_S = 0.04
"""The shortest time between two key presses of a test's player."""
WAIT_S = 30.0
"""How long a test waits for anything the server should do at once, on a loaded machine."""


def free_port() -> int:
    """A port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def assert_log_checks(log: Path) -> None:
    """``ninetynine-audio replay LOG`` finds no difference, and ``python tools/referee.py LOG``
    (as anyone runs it) accepts every game."""
    assert main(["replay", str(log)]) == 0
    command = [sys.executable, str(REPO / "tools" / "referee.py"), str(log)]
    checked = subprocess.run(command, capture_output=True, text=True, timeout=WAIT_S * 4)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def session_of(server: Server, name: str) -> Any:
    """The server's session of the player called ``name``."""
    return next(s for s in server.sessions.values() if s.name == name)


class ServerThread:
    """The real server on 127.0.0.1, on a thread; stop it with :meth:`stop` (or ``with``)."""

    def __init__(self, data: Path, port: int = 0, **options: Any) -> None:
        self.data = data
        self.port = port
        self.options = options
        self.server: Server | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self.failed: BaseException | None = None

    def __enter__(self) -> ServerThread:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def url(self) -> str:
        """The websocket address."""
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self) -> None:
        """Start and wait until it listens."""
        self._thread.start()
        if not self._ready.wait(WAIT_S):
            raise AssertionError(f"the server did not start: {self.failed!r}")
        if self.failed is not None:
            raise self.failed

    def _run(self) -> None:
        async def main() -> None:
            self.loop = asyncio.get_running_loop()
            self._stop = asyncio.Event()
            self.server = Server(self.data, **self.options)

            def ready(port: int) -> None:
                self.port = port
                self._ready.set()

            await run_server(
                self.server, "127.0.0.1", self.port, None, ready=ready, stop=self._stop
            )

        try:
            asyncio.run(main())
        except BaseException as error:  # reported by start()
            self.failed = error
            self._ready.set()

    def call(self, function: Callable[[Server], T]) -> T:
        """Run ``function(server)`` on the server's thread, between two of its steps."""
        assert self.loop is not None and self.server is not None
        server = self.server
        future: Future[T] = Future()

        def run() -> None:
            try:
                future.set_result(function(server))
            except BaseException as error:
                future.set_exception(error)

        self.loop.call_soon_threadsafe(run)
        return future.result(WAIT_S)

    def stop(self) -> None:
        """Stop the server and wait for its thread."""
        if self.loop is not None and self._stop is not None:
            self.loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(WAIT_S)
        assert not self._thread.is_alive(), "the server did not stop"


class ServerProcess:
    """``ninetynine-audio serve`` as a process of its own, which a test may kill -9."""

    def __init__(self, data: Path, port: int, *extra: str) -> None:
        self.data = data
        self.port = port
        self.extra = extra
        self.process: subprocess.Popen[str] | None = None
        self.output = ""

    @property
    def url(self) -> str:
        """The websocket address."""
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self) -> None:
        """Start it and wait until it says where it listens."""
        env = {**os.environ, "PYTHONPATH": str(REPO)}
        command = [sys.executable, "-m", "ninetynine_audio", "serve", "--port", str(self.port)]
        command += ["--data", str(self.data), *self.extra]
        self.process = subprocess.Popen(
            command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        assert self.process.stdout is not None
        deadline = time.monotonic() + WAIT_S
        line = ""
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if "Listening" in line or not line:
                break
        assert "Listening" in line, f"the server did not start: {line!r}"
        self.output = line

    def restart(self) -> None:
        """Start it again on the same data and port (after :meth:`kill`)."""
        self.stop()
        self.start()

    def kill(self) -> None:
        """SIGKILL: no goodbye, no cleanup."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(WAIT_S)

    def terminate(self) -> tuple[int, str, str]:
        """SIGTERM, and what it printed."""
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        out, err = self.process.communicate(timeout=WAIT_S)
        return self.process.returncode, self.output + out, err

    def stop(self) -> None:
        """End it whatever state it is in."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(WAIT_S)
        if self.process is not None:
            for stream in (self.process.stdout, self.process.stderr):
                if stream is not None:
                    stream.close()


class Player:
    """The game's own client, speaking into a recorder, driven by key names."""

    def __init__(
        self,
        url: str,
        name: str,
        *,
        password: str | None = None,
        first: list[p.ClientMessage] | None = None,
        verbosity: str = "normal",
        record: bool = False,
        guest_token: str | None = None,
    ) -> None:
        args = argparse.Namespace(text=True, speech=None, bot_pause=0, log_events=None)
        self.recorder = RecorderBackend()
        self.app: App
        self.app, _ = build_app(args, 1, backend=self.recorder)
        self.app.settings = self.app.settings.with_changes(verbosity=verbosity)
        self.app.start(None)
        self.name = name
        self.screen: RemoteScreen = connect(
            self.app, url, name, password, first, guest_token=guest_token
        )
        self.frames: list[str] = []
        self._url = self.screen.link.url
        self._last_key = 0.0
        if record:
            self.screen.link.record = self.frames

    @property
    def spoken(self) -> list[str]:
        """Everything said by this client's speaker, in order."""
        return self.recorder.spoken

    def pump(self, seconds: float = 0.02) -> None:
        """Let the client run for ``seconds``."""
        end = time.monotonic() + seconds
        while True:
            self.app.tick()
            if time.monotonic() >= end:
                return
            time.sleep(0.003)

    def press(self, *names: str) -> None:
        """Press keys, each waiting for the server's answer (or a short while)."""
        for name in names:
            # As fast as a key held down repeats, within the server's limit for one person:
            # a key after a while (the first of a turn) goes at once.
            self.pump(max(0.0, self._last_key + KEY_GAP_S - time.monotonic()))
            self.app.handle_gesture(gesture_from_name(name))
            self._last_key = time.monotonic()
            self.wait_for(lambda: self.screen.waiting_since is None, timeout=3.0, fail=False)

    def answer(self, line: str) -> None:
        """Type a line the server asked for."""
        self.wait_for(lambda: self.screen.asking is not None)
        assert self.screen.take_line(self.app, line)
        self.pump(0.05)

    def wait_for(
        self, condition: Callable[[], bool], timeout: float = WAIT_S, fail: bool = True
    ) -> bool:
        """Run the client until ``condition`` holds."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.app.tick()
            if condition():
                return True
            time.sleep(0.003)
        if fail:
            raise AssertionError(f"{self.name}: timed out; last heard {self.spoken[-5:]}")
        return False

    def heard(self, text: str, timeout: float = WAIT_S) -> None:
        """Wait until a phrase containing ``text`` has been said."""
        self.wait_for(lambda: any(text in line for line in self.spoken), timeout)

    def hold_back(self) -> None:
        """Keep this client from reaching its server, as a network that is down would: it
        goes on trying, every second, until :meth:`let_through`."""
        link = self.screen.link
        self._url = link.url
        link.longest_delay = link.first_delay
        link.url = f"ws://127.0.0.1:{free_port()}/ws"  # nothing listens there

    def let_through(self) -> None:
        """Let a client held back reach its server again (at its next try)."""
        self.screen.link.url = self._url

    def close(self) -> None:
        """Close the connection."""
        self.screen.link.close()

    def kill(self) -> None:
        """End this client as a killed process ends: the socket cut, no goodbye, no return."""
        self.screen.link.drop()
        self.screen.link.close()
