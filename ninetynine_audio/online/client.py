"""The game as a client of a table server.

The local app keeps its own speech, cues, window or text mode; while playing online the
screen on top is a :class:`RemoteScreen`, which sends every key to the server and speaks what
comes back through the local speaker, so the player hears the same voice, at the same rate,
with the same cues as offline. The connection lives on its own thread
(:class:`~ninetynine_audio.online.link.Link`) and reconnects by itself after a drop, waiting
longer each time.
"""

from __future__ import annotations

import contextlib
import os
import queue
import time
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ninetynine_audio.audio.utterance import SYSTEM, Priority, Utterance
from ninetynine_audio.input.commands import GLOBAL
from ninetynine_audio.input.keynames import GestureError, gesture_from_name
from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.link import Link, LinkEvent, make_hello
from ninetynine_audio.present import buffers as buffer_words
from ninetynine_audio.present import online as words
from ninetynine_audio.store.settings import TEXT_LIMIT, guest_token_for, with_guest_token
from ninetynine_audio.ui.entry import ADDRESS_CHARACTERS, LINE_CHARACTERS, TextEntry, TypedLine
from ninetynine_audio.ui.screen import Display, Menu, MenuItem, Screen

if TYPE_CHECKING:
    from ninetynine_audio.ui.host import Host as App

PASSWORD_VARIABLE = "NINETYNINE_AUDIO_PASSWORD"
HEARD_EVERY_S = 0.25
"""How often, at most, the client reports its speech while narration is being said."""
HEARD_GAP_S = 0.1
"""The shortest time between two reports, so a burst of narration costs few messages."""
NOTES_KEPT = 20
"""How many of its own lines a client keeps for the server while the connection is down."""
ANSWER_LIMIT = 200
"""The longest line the client sends as an answer (the protocol's own bound)."""
ANSWER_WAIT_S = 2.0
"""How long text mode waits for the server's answer to a key before reading the next line."""


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
        self.line = TypedLine(
            self._say_typed, limit=ANSWER_LIMIT, extra=LINE_CHARACTERS, anything=True
        )
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
        self.notes: deque[str] = deque(maxlen=NOTES_KEPT)
        """Lines this client said itself, waiting to be kept on the server (``note``)."""

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
        self.link.send(p.Answer(text=line.rstrip("\r\n")[:ANSWER_LIMIT]))
        return True

    @property
    def typed(self) -> str:
        """The line typed so far while the server asks for one."""
        return self.line.text

    def _type(self, app: App, gesture: str) -> None:
        """The window: letters make the line; Enter sends it, Escape cancels."""
        if gesture == "return":
            self.asking = None
            self.link.send(p.Answer(text=self.line.text))
            self.line.text = ""
        elif gesture == "escape":
            self.asking = None
            self.line.text = ""
            self.link.send(p.Answer(text=None))
        else:
            self.line.key(app, gesture)

    def take_typed(self, app: App, text: str) -> bool:
        """The window: what the keyboard typed, in its own layout and script."""
        if self.asking is None:
            return False
        self.line.typed(app, text)
        return True

    @staticmethod
    def _say_typed(app: App, added: str) -> None:
        if added:
            # Each key answered (not kept in the buffers): what it typed.
            app.say_utterance(Utterance(added, Priority.NOW, in_history=False))

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
            self.line.text = ""
            self.waiting_since = None
        elif isinstance(item, p.TableInfo):
            self.table = item
        elif isinstance(item, p.Error):
            self.errors.append(item)
            self.waiting_since = None
        elif isinstance(item, p.Bye):
            # The server is closing this connection: kept for the next one, if any.
            self._say_own(app, item.text, send=False)
            if not item.retry:
                self.leave(app)
        elif isinstance(item, p.Pong):
            sent = self.pings.pop(item.seq, None)
            if sent is not None:
                milliseconds = round((time.perf_counter() - sent) * 1000)
                self._say_own(app, buffer_words.ping_text(milliseconds), Priority.NOW)
        elif isinstance(item, p.Welcome):
            self.connected = True
            if item.guest_token and self.name:
                self._keep_guest_token(app, item.guest_token)

    def _say_own(
        self, app: App, text: str, priority: Priority = Priority.QUEUE, *, send: bool = True
    ) -> None:
        """Say a line of this client's own (not a phrase of the server's), filed as the
        system's; the server keeps it too, so that the buffer keys, answered there, read it
        with the rest (sent once connected again, when said while the connection is down)."""
        app.say_utterance(Utterance(text, priority, kind=SYSTEM))
        self.notes.append(text)
        if send and self.connected:
            self._send_notes()

    def _send_notes(self) -> None:
        for text in self.notes:
            self.link.send(p.Note(text=text))
        self.notes.clear()

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
                self._say_own(app, words.reconnected_text())
            for message in self.first:
                self.link.send(message)
            self.first = []
            self._send_notes()
        elif event.kind == "lost":
            self.connected = False
            self.asking = None
            self._say_own(app, words.connection_lost_text(event.delay))
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
            # A password may hold any character; a name or an address those they need.
            secret = field == "password"
            entry = TextEntry(
                prompt,
                default,
                extra=ADDRESS_CHARACTERS,
                anything=secret,
                hidden=secret,
                limit=TEXT_LIMIT,
            )
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
