"""The game as a client of a table server.

The local app keeps its own speech, cues, window or text mode; while playing online the
screen on top is a :class:`RemoteScreen`, which sends every key to the server and speaks what
comes back through the local speaker, so the player hears the same voice, at the same rate,
with the same cues as offline. The connection lives on its own thread (:class:`Link`) and
reconnects by itself after a drop, waiting longer each time.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import aiohttp

from ninetynine_audio.audio.utterance import SYSTEM, Priority, Utterance
from ninetynine_audio.i18n import language
from ninetynine_audio.input.commands import GLOBAL
from ninetynine_audio.input.keynames import GestureError, gesture_from_name
from ninetynine_audio.online import protocol as p
from ninetynine_audio.present import buffers as buffer_words
from ninetynine_audio.present import online as words
from ninetynine_audio.store.settings import TEXT_LIMIT, guest_token_for, with_guest_token
from ninetynine_audio.ui.entry import ADDRESS_CHARACTERS, TextEntry
from ninetynine_audio.ui.screen import Display, Menu, MenuItem, Screen

if TYPE_CHECKING:
    from ninetynine_audio.ui.host import Host as App

PASSWORD_VARIABLE = "NINETYNINE_AUDIO_PASSWORD"
FIRST_DELAY_S = 1.0
LONGEST_DELAY_S = 30.0
CONNECT_TIMEOUT_S = 10.0
HEARD_EVERY_S = 0.25
"""How often, at most, the client reports its speech while narration is being said."""
HEARD_GAP_S = 0.1
"""The shortest time between two reports, so a burst of narration costs few messages."""
ANSWER_WAIT_S = 2.0
"""How long text mode waits for the server's answer to a key before reading the next line."""


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
        again = self.connections > 0 and not self._arriving
        self._arriving = False
        self.connections += 1
        await ws.send_str(p.encode(self.hello(self.guest_token)))
        if self.rejoin is not None:
            await ws.send_str(p.encode(p.Join(code=self.rejoin)))
            self.rejoin = None
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
                if isinstance(message, p.Welcome) and message.guest_token:
                    self.guest_token = message.guest_token
                if isinstance(message, p.Bye) and not message.retry:
                    self._closed = True
                if isinstance(message, p.Moved):
                    self.url = message.url or self.home
                    self.moved_to = message.url or None
                    self.rejoin = message.code
                    self._moved = self._arriving = True
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


class RemoteScreen(Screen):
    """The screen on top while playing online: keys go to the server, phrases come back.

    ``first`` is sent once connected (a ``create`` or ``join`` from the command line);
    ``name`` is the name the player gave, under which a guest token is kept in the settings.
    """

    title = ""

    def __init__(
        self, link: Link, first: list[p.ClientMessage] | None = None, name: str = ""
    ) -> None:
        self.link = link
        self.name = name
        self.first = list(first or [])
        self.title = words.play_online()
        self.shown = Display(self.title)
        self.busy = False
        self.asking: p.Ask | None = None
        self.typed = ""
        self.key_seq = 0
        self.sent_at: dict[int, float] = {}
        self.pings: dict[int, float] = {}
        """When each ping the player asked for left (by its ``seq``)."""
        self.latencies: list[float] = []
        self.waiting_since: float | None = None
        self.phrase_seq = 0
        self.reported: tuple[int, bool] = (0, True)
        self.reported_at = 0.0
        self.table: p.TableInfo | None = None
        self.errors: list[p.Error] = []
        self.ended = False
        self.connected = False
        self.received: list[p.ServerMessage] = []

    # -- keys ------------------------------------------------------------------------------

    def handle_gesture(self, app: App, gesture: str) -> bool:
        """Every key goes to the server (or into the line being typed)."""
        if self.asking is not None:
            self._type(app, gesture)
            return True
        if not self.connected:
            if gesture == "escape":
                self.leave(app)
            elif app.command_for(GLOBAL, gesture) == "ping":
                app.say(buffer_words.ping_waiting_text())
            else:
                app.say(words.connecting_text(self.link.url))
            return True
        self.key_seq += 1
        if app.command_for(GLOBAL, gesture) == "ping":
            # Timed here: the round trip is the client's to measure.
            self.pings[self.key_seq] = time.perf_counter()
            self.link.send(p.Ping(seq=self.key_seq))
            return True
        self.sent_at[self.key_seq] = time.perf_counter()
        self.waiting_since = time.monotonic()
        self.link.send(p.Key(key=gesture, seq=self.key_seq))
        return True

    def take_line(self, app: App, line: str) -> bool:
        """Text mode: a line typed while the server asks for one is the answer."""
        if self.asking is None:
            return False
        self.asking = None
        self.link.send(p.Answer(text=line.rstrip("\r\n")[:200]))
        return True

    def _type(self, app: App, gesture: str) -> None:
        """The window: letters make the line; Enter sends it, Escape cancels."""
        if gesture == "return":
            self.asking = None
            self.link.send(p.Answer(text=self.typed))
            self.typed = ""
        elif gesture == "escape":
            self.asking = None
            self.typed = ""
            self.link.send(p.Answer(text=None))
        elif gesture == "backspace":
            self.typed = self.typed[:-1]
        elif gesture == "space":
            self.typed += " "
        else:
            key = gesture.removeprefix("shift+")
            if len(key) == 1:
                self.typed += key.upper() if gesture.startswith("shift+") else key
                app.say(key)

    def leave(self, app: App) -> None:
        """Close the connection and go back to the local menu."""
        self.ended = True
        self.link.close()
        if app.paused_table is None:
            app.back_to_main_menu()

    # -- what comes back ----------------------------------------------------------------------

    def tick(self, app: App) -> None:
        """Speak what arrived, and tell the server how far speech has got."""
        while True:
            try:
                item = self.link.inbox.get_nowait()
            except queue.Empty:
                break
            self._receive(app, item)
            if self.ended:
                return
        self._report_heard(app)

    def _receive(self, app: App, item: p.ServerMessage | LinkEvent) -> None:
        self.received.append(item) if isinstance(item, p.Phrase) else None
        if isinstance(item, LinkEvent):
            self._link_event(app, item)
        elif isinstance(item, p.Phrase):
            self.phrase_seq = max(self.phrase_seq, item.seq)
            if item.answer_to is not None and item.answer_to in self.sent_at:
                self.latencies.append(time.perf_counter() - self.sent_at.pop(item.answer_to))
                self.waiting_since = None
            priority = Priority(item.priority)
            app.say_utterance(
                Utterance(
                    item.text,
                    priority,
                    cue=item.cue,
                    pan=item.pan,
                    mergeable=item.mergeable,
                    until_action=item.until_action,
                    key=item.key,
                )
            )
        elif isinstance(item, p.Speech):
            speaker = getattr(app, "speaker", None)
            if speaker is not None:
                if item.action == "stop":
                    speaker.stop()
                elif item.action == "interrupt":
                    speaker.interrupt()
                else:
                    speaker.skip_narration()
        elif isinstance(item, p.Cue):
            app.play_cue(item.name)
        elif isinstance(item, p.Display):
            self.shown = Display(item.title, list(item.lines), item.highlight)
            self.busy = item.busy
            self.waiting_since = None
        elif isinstance(item, p.Ask):
            self.asking = item
            self.typed = ""
            self.waiting_since = None
        elif isinstance(item, p.TableInfo):
            self.table = item
        elif isinstance(item, p.Error):
            self.errors.append(item)
            self.waiting_since = None
        elif isinstance(item, p.Bye):
            app.say(item.text, queue=True)
            if not item.retry:
                self.leave(app)
        elif isinstance(item, p.Pong):
            sent = self.pings.pop(item.seq, None)
            if sent is not None:
                milliseconds = round((time.perf_counter() - sent) * 1000)
                text = buffer_words.ping_text(milliseconds)
                app.say_utterance(Utterance(text, Priority.NOW, kind=SYSTEM))
        elif isinstance(item, p.Welcome):
            self.connected = True
            if item.guest_token and self.name:
                self._keep_guest_token(app, item.guest_token)

    def _keep_guest_token(self, app: App, token: str) -> None:
        """Keep the guest's token in the settings, so a game started again (after a crash,
        or the process killed) comes back as the same guest and takes the seat back."""
        kept = with_guest_token(app.settings, self.link.home, self.name, token)
        if kept.online_guest_tokens != app.settings.online_guest_tokens:
            app.update_settings(online_guest_tokens=kept.online_guest_tokens)

    def _link_event(self, app: App, event: LinkEvent) -> None:
        if event.kind == "connected":
            self.connected = True
            self.reported = (0, True)
            if event.again:
                app.say(words.reconnected_text(), queue=True)
            for message in self.first:
                self.link.send(message)
            self.first = []
        elif event.kind == "lost":
            self.connected = False
            self.asking = None
            app.say(words.connection_lost_text(event.delay), queue=True)
        else:
            self.connected = False
            app.say(words.cannot_connect_text(event.reason or words.no_answer_text()), queue=True)
            self.leave(app)

    def _report_heard(self, app: App) -> None:
        if not self.connected:
            return
        heard = app.speech_idle()
        now = time.monotonic()
        state = (self.phrase_seq, heard)
        if state == self.reported and (heard or now - self.reported_at < HEARD_EVERY_S):
            return
        if now - self.reported_at < HEARD_GAP_S:
            return  # a burst of phrases is reported once, a moment later
        remaining = 0.0
        if not heard:
            speaker = getattr(app, "speaker", None)
            heard_at = getattr(speaker, "heard_at", None)
            if callable(heard_at):
                remaining = max(0.0, min(60.0, heard_at() - app.now()))
            remaining = max(remaining, 0.2)
        self.reported = state
        self.reported_at = now
        self.link.send(p.Heard(seq=self.phrase_seq, remaining=remaining))

    # -- what the app asks ---------------------------------------------------------------------

    def is_busy(self, app: App) -> bool:
        """Text mode waits for the answer to a key, and while a computer player moves."""
        if self.ended:
            return False
        if self.waiting_since is not None:
            return time.monotonic() - self.waiting_since < ANSWER_WAIT_S
        return self.busy or not self.connected

    def display(self, app: App) -> Display:
        """The server's lines for the window (and the line being typed)."""
        if self.asking is not None:
            return Display(self.asking.prompt, [self.typed])
        return self.shown


# -- starting online play ---------------------------------------------------------------------


def server_url(text: str) -> str:
    """The websocket address of a table server as a player may write it: ``host:port``,
    the page's ``http://host:port/`` or ``ws://host:port`` all mean the server's ``/ws``
    (``https`` and ``wss`` keep TLS)."""
    text = text.strip()
    scheme, sep, rest = text.partition("://")
    if not sep:
        scheme, rest = "ws", text
    scheme = {"http": "ws", "https": "wss"}.get(scheme.lower(), scheme.lower())
    host, _, path = rest.partition("/")
    if not path.strip("/"):
        path = "ws"
    return f"{scheme}://{host}/{path}"


def connect(
    app: App,
    url: str,
    name: str,
    password: str | None = None,
    first: list[p.ClientMessage] | None = None,
    *,
    guest_token: str | None = None,
) -> RemoteScreen:
    """Open online play on ``app``: a link to ``url`` and the remote screen on top
    (``guest_token``: come back as the guest the server knew by it; a guest without one
    comes back by the token kept in the settings for this server and name)."""
    url = server_url(url)
    hears = app.can_hear_cues()
    if guest_token is None and not password:
        guest_token = guest_token_for(app.settings, url, name)
    link = Link(url, make_hello(name, password, app.settings, hears))
    link.guest_token = guest_token
    screen = RemoteScreen(link, first, name)
    app.say(words.connecting_text(url))
    link.start()
    app.push(screen, lambda result: screen.link.close())
    return screen


def first_messages(create: str | None, seats: str | None, join: str | None) -> list[Any]:
    """The messages the command line asks for once connected."""
    if create:
        kinds = [k.strip() for k in (seats or "human,normal,normal,normal").split(",") if k]
        return [p.Create(game=create, seats=kinds)]
    if join:
        return [p.Join(code="".join(join.split()))]
    return []


def online_menu(app: App) -> Menu:
    """Play online: connect, and the server address, name and password to use."""
    settings = app.settings
    state = {
        "server": settings.online_server,
        "name": settings.online_name or "",
        "password": os.environ.get(PASSWORD_VARIABLE, ""),
    }

    def start(a: App) -> None:
        if not state["name"]:
            edit_name(a)
            return
        state["server"] = server_url(state["server"])
        a.update_settings(online_server=state["server"], online_name=state["name"])
        connect(a, state["server"], state["name"], state["password"] or None)

    def edit(field: str, prompt: str) -> Callable[[App], None]:
        def open_entry(a: App) -> None:
            def done(text: object) -> None:
                # Escape keeps what was there; the menu then says the item as it now is.
                if isinstance(text, str):
                    state[field] = text
                a.resume_top()

            # Empty, Enter keeps the address or name there is (a password: none, a guest).
            default = "" if field == "password" else state[field]
            entry = TextEntry(prompt, default, extra=ADDRESS_CHARACTERS, limit=TEXT_LIMIT)
            a.push(entry, done)

        return open_entry

    edit_name = edit("name", words.name_prompt())
    items = [
        MenuItem(words.connect(), start),
        MenuItem(
            lambda: words.server_label(state["server"]), edit("server", words.server_prompt())
        ),
        MenuItem(lambda: words.name_label(state["name"]), edit_name),
        MenuItem(
            lambda: words.password_label(bool(state["password"])),
            edit("password", words.password_prompt()),
        ),
    ]
    return Menu(words.play_online(), items, on_back=lambda a: a.pop())


def open_online(app: App) -> None:
    """The main menu's "Play online"."""
    app.push(online_menu(app))


def gesture_names(line: str) -> list[str]:
    """Key names of a script line, checked (for tools driving a client)."""
    names = []
    for name in line.split():
        with contextlib.suppress(GestureError):
            names.append(gesture_from_name(name))
    return names
