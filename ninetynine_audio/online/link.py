"""The client's connection to a table server: a websocket on a thread of its own that sends
what the player's screen queues, hands back what the server says, and reconnects by itself
after a drop, waiting longer each time; and the hello it opens each connection with."""

from __future__ import annotations

import asyncio
import contextlib
import queue
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import aiohttp
import msgspec

from ninetynine_audio.i18n import language
from ninetynine_audio.online import protocol as p

FIRST_DELAY_S = 1.0
LONGEST_DELAY_S = 30.0
CONNECT_TIMEOUT_S = 10.0
MOVED_BUSY_TRIES = 10
"""How many times a client the server moved to another of its processes signs in again
there when it is refused as busy: every player of a tournament's round is moved at the same
moment, and the new process checks only a few passwords of one address at once."""
MOVED_BUSY_WAIT_S = 1.0
"""The mean wait before signing in again after a busy refusal (growing with each, spread at
random so those moved together do not come back together)."""


@dataclass(frozen=True)
class LinkEvent:
    """Something that happened to the connection itself."""

    kind: str  # "connected", "lost", "closed"
    delay: float = 0.0
    again: bool = False
    reason: str = ""


class Link:
    """The websocket to the server, on a thread of its own, reconnecting with growing delays.

    ``hello`` makes the first message of each connection (it is called again on every
    reconnect, with the guest token the server gave). Received messages, validated, and
    :class:`LinkEvent` s wait in :attr:`inbox`.
    """

    def __init__(
        self,
        url: str,
        hello: Callable[[str | None], p.Hello],
        *,
        first_delay: float = FIRST_DELAY_S,
        longest_delay: float = LONGEST_DELAY_S,
        give_up_after: int | None = None,
    ) -> None:
        self.url = url
        self.home = url
        """The address first given (a server's front door); :attr:`url` may be one process of
        it, where a ``moved`` message sent the client, until that process cannot be reached."""
        self.rejoin: str | None = None  # a table to join once connected where it was moved
        self.moved_to: str | None = None  # the process a ``moved`` message sent it to
        self._moved = False
        self._arriving = False  # connecting where a ``moved`` message sent it
        self.busy_tries = 0  # busy refusals since the last ``moved``
        self._busy = False  # refused as busy where a ``moved`` sent it: sign in again
        self.hello = hello
        self.first_delay = first_delay
        self.longest_delay = longest_delay
        self.give_up_after = give_up_after
        self.inbox: queue.Queue[p.ServerMessage | LinkEvent] = queue.Queue()
        self.guest_token: str | None = None
        self.connected = False
        self.connections = 0
        self._closed = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outbox: asyncio.Queue[str | None] | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._thread = threading.Thread(target=self._run, name="online-link", daemon=True)
        self._started = threading.Event()
        self.record: list[str] | None = None  # every frame received, when a test asks
        self.sent_messages = 0
        self.received_messages = 0
        self.received_bytes = 0

    def start(self) -> None:
        """Connect (on the link's thread)."""
        self._thread.start()
        self._started.wait(5.0)

    def send(self, message: p.ClientMessage) -> None:
        """Send one message (dropped while not connected)."""
        loop, outbox = self._loop, self._outbox
        if loop is None or outbox is None or not self.connected:
            return
        frame = p.encode(message)
        self.sent_messages += 1
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(outbox.put_nowait, frame)

    def send_raw(self, frame: str | bytes) -> None:
        """Send a frame as it is (for tests of what the server does with bad ones)."""
        loop, ws = self._loop, self._ws
        if loop is None or ws is None:
            return

        async def send() -> None:
            if isinstance(frame, bytes):
                await ws.send_bytes(frame)
            else:
                await ws.send_str(frame)

        with contextlib.suppress(RuntimeError):
            asyncio.run_coroutine_threadsafe(send(), loop)

    def close(self) -> None:
        """Close for good (no reconnecting) and wait for the thread."""
        self._closed = True
        loop, outbox = self._loop, self._outbox
        if loop is not None and outbox is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(outbox.put_nowait, None)
        self._thread.join(timeout=5.0)

    def drop(self) -> None:
        """Break the connection as a network failure would (it reconnects by itself)."""
        loop, ws = self._loop, self._ws
        if loop is None or ws is None:
            return

        async def cut() -> None:
            transport = getattr(getattr(ws, "_response", None), "connection", None)
            if transport is not None and transport.transport is not None:
                transport.transport.abort()
            else:
                await ws.close()

        with contextlib.suppress(RuntimeError):
            asyncio.run_coroutine_threadsafe(cut(), loop)

    # -- the thread --------------------------------------------------------------------------

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._outbox = asyncio.Queue()
        self._started.set()
        delay = self.first_delay
        failures = 0
        timeout = aiohttp.ClientTimeout(total=None, connect=CONNECT_TIMEOUT_S)
        async with aiohttp.ClientSession(timeout=timeout) as http:
            while not self._closed:
                reason = ""
                try:
                    async with http.ws_connect(
                        self.url, max_msg_size=p.MAX_FRAME_BYTES * 4, heartbeat=30.0
                    ) as ws:
                        failures = 0
                        delay = self.first_delay
                        await self._session(ws)
                except (aiohttp.ClientError, OSError, TimeoutError) as error:
                    reason = str(error) or type(error).__name__
                    if self.moved_to is not None and self.url == self.moved_to:
                        # A process the server moved this client to that cannot be reached:
                        # the front door finds one that runs.
                        self.url, self.moved_to = self.home, None
                self.connected = False
                self._ws = None
                if self._closed:
                    break
                if self._busy:  # moved, and the process was busy checking passwords
                    self._busy = False
                    spread = random.uniform(0.5, 1.5)
                    await asyncio.sleep(spread * MOVED_BUSY_WAIT_S * self.busy_tries)
                    continue
                if self._moved:  # to another process of the same server: at once
                    self._moved = False
                    continue
                failures += 1
                if self.give_up_after is not None and failures > self.give_up_after:
                    self.inbox.put(LinkEvent("closed", reason=reason))
                    break
                self.inbox.put(LinkEvent("lost", delay=delay, reason=reason))
                await asyncio.sleep(delay)
                delay = min(delay * 2, self.longest_delay)

    async def _session(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        outbox = self._outbox
        assert outbox is not None
        while not outbox.empty():  # what was typed while away is not sent late
            outbox.get_nowait()
        self._ws = ws
        self.connected = True
        # Sent on to another process of the server: not a connection lost and found again.
        arriving = self._arriving
        again = self.connections > 0 and not arriving
        self._arriving = False
        self.connections += 1
        hello = self.hello(self.guest_token)
        if self.connections > 1:  # the player was here before: not coming online
            hello = msgspec.structs.replace(hello, again=True)
        await ws.send_str(p.encode(hello))
        join, self.rejoin = self.rejoin, None
        if join is not None:
            await ws.send_str(p.encode(p.Join(code=join)))
        if not (arriving and self.busy_tries):  # a sign-in tried again is the same arrival
            self.inbox.put(LinkEvent("connected", again=again))

        async def write() -> None:
            while True:
                frame = await outbox.get()
                if frame is None:
                    await ws.close()
                    return
                await ws.send_str(frame)

        writer = asyncio.create_task(write())
        try:
            async for frame in ws:
                if frame.type != aiohttp.WSMsgType.TEXT:
                    continue
                self.received_messages += 1
                self.received_bytes += len(frame.data)
                if self.record is not None:
                    self.record.append(frame.data)
                try:
                    message = p.decode_server(frame.data)
                except p.ProtocolError:
                    continue  # a newer server's message this client cannot read
                if isinstance(message, p.Welcome):
                    self.busy_tries = 0
                    if message.guest_token:
                        self.guest_token = message.guest_token
                if (
                    arriving
                    and isinstance(message, p.Error)
                    and message.code == "busy"
                    and self.busy_tries < MOVED_BUSY_TRIES
                ):
                    # Sent here by the server, not come by choice: not the player's to hear
                    # (nor its goodbye, which follows); signed in again after a while.
                    self.busy_tries += 1
                    self.rejoin, self._arriving, self._busy = join, True, True
                    await ws.close()
                    return
                if isinstance(message, p.Bye) and not message.retry:
                    self._closed = True
                if isinstance(message, p.Moved):
                    self.url = message.url or self.home
                    self.moved_to = message.url or None
                    self.rejoin = message.code
                    self._moved = self._arriving = True
                    self.busy_tries = 0
                    await ws.close()
                    return
                self.inbox.put(message)
        finally:
            writer.cancel()
            with contextlib.suppress(BaseException):
                await writer


def make_hello(
    name: str, password: str | None, settings: Any, hears_cues: bool
) -> Callable[[str | None], p.Hello]:
    """The hello of this player, for each (re)connection, asking for the language in use
    now (the game's, or the one a caller renders in)."""
    code = language()

    def hello(token: str | None) -> p.Hello:
        return p.Hello(
            protocol=p.PROTOCOL_VERSION,
            name=name[:64],
            password=password or None,
            guest_token=token,
            client="game",
            verbosity=settings.verbosity,
            hears_cues=hears_cues,
            words_per_minute=settings.screen_reader_rate_wpm,
            # The server renders this player's phrases in the game's language.
            language=code,
        )

    return hello
