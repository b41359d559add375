"""Connections and the protocol: each websocket from its hello to its close (within the gate's
limits and timeouts), each frame checked and rate-limited, then acted on for that client only,
in its language, by the handler of its message type; refusals sent with their codes."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

import msgspec
from aiohttp import WSMsgType, web

from ninetynine_audio.i18n import using
from ninetynine_audio.input.keynames import GestureError, gesture_from_name
from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.accounts import Accounts
from ninetynine_audio.online.arrivals import Arrivals
from ninetynine_audio.online.gate import ABORTED, BROKEN, IDLE, NO_HELLO, Gate
from ninetynine_audio.online.hosting import TableHost
from ninetynine_audio.online.limits import Guard, Limits
from ninetynine_audio.online.lobby import LobbyDesk
from ninetynine_audio.online.refusal import Refusal
from ninetynine_audio.online.session import Connection, Session
from ninetynine_audio.present import online as words

log = logging.getLogger(__name__)

OVER_RATE_LIMIT = 200
"""Messages dropped for speed after which the connection is closed."""
HELD_LIMIT = 20
"""Messages held while a connection's password is checked, to act on after it."""
HEARTBEAT_S = 30.0

Handler = Callable[[Connection, Session, Any], None]
"""What acts on one message type from a signed-in player."""

TableMarks = tuple[tuple[object, ...], tuple[object, ...]]
"""What of a table other seats' screens are drawn from: the objects (compared by identity)
and the plain values (compared by value)."""


def table_marks(session: Session | None) -> TableMarks | None:
    """The marks of ``session``'s table in play now (None: at no table, or at one still
    waiting, whose every key is drawn for everyone: the seats may have changed)."""
    table = None if session is None else session.table
    host: TableHost | None = None if table is None else table.host
    if table is None or host is None:
        return None
    listening = tuple(listener.app for listener in host.listening())
    seats = tuple((seat.who, seat.name, seat.kind, seat.replaced) for seat in table.seats)
    return (
        (table, host, host.core.state, *listening),
        (table.state, host.bot_due is None, host.is_over, tuple(host.replaced), seats),
    )


def _same_marks(before: TableMarks, after: TableMarks | None) -> bool:
    """Whether nothing another seat's screen shows can have changed between the two."""
    if after is None:
        return False
    objects, values = before
    return (
        len(objects) == len(after[0])
        and all(a is b for a, b in zip(objects, after[0], strict=True))
        and values == after[1]
    )


def _other_hello(frame: str | bytes) -> tuple[int | None, str | None]:
    """The protocol a hello of another version names, if the frame is one, and the language
    it asks for (to say the refusal in)."""
    try:
        data = msgspec.json.decode(frame)
    except msgspec.DecodeError:
        return None, None
    if isinstance(data, dict) and data.get("type") == "hello":
        version = data.get("protocol")
        language = data.get("language")
        language = language if isinstance(language, str) and len(language) <= 64 else None
        if isinstance(version, int) and not isinstance(version, bool):
            return version, language
    return None, None


def _language(conn: Connection) -> str:
    """What a connection is spoken to in: its player's language, or its hello's before."""
    return conn.session.app.language if conn.session is not None else conn.language


class Messages:
    """Every frame from every client: checked, then handed to its message type's handler."""

    def __init__(
        self,
        accounts: Accounts,
        arrivals: Arrivals,
        desk: LobbyDesk,
        limits: Limits,
        guard: Guard,
        clock: Callable[[], float],
        fault: Callable[[], None],
    ) -> None:
        self.accounts = accounts
        self.arrivals = arrivals
        self.desk = desk
        self.limits = limits
        self.guard = guard
        self.clock = clock
        self.fault = fault
        self.connections = accounts.connections
        self.handlers: dict[type, Handler] = {
            p.Key: self._key,
            p.Command: self._command,
            p.Heard: lambda conn, session, m: session.app.remote.report_heard(m.seq, m.remaining),
            p.Note: lambda conn, session, m: session.app.keep_note(m.text),
            p.Settings: lambda conn, session, m: session.app.change_settings(
                m.verbosity, m.words_per_minute
            ),
            p.Answer: self._answer,
            p.Create: self._create,
            p.Join: self._join,
            p.Start: self._start,
        }
        """The handler of each message a signed-in player may send (a hello and a ping are
        answered before): a new message type is one entry here."""
        accounts.signed_in_later = self._signed_in_later
        self.admits: Callable[[Session | None], bool] = lambda session: True
        """Whether this process acts for a player (another may play their table now)."""

    def handle(self, conn: Connection, frame: str | bytes) -> None:
        """One frame from a client: validate it, then act on it for that client only, in
        that client's language (the hello's, before one is signed in)."""
        with using(_language(conn)):
            self._handle(conn, frame)

    def _handle(self, conn: Connection, frame: str | bytes) -> None:
        if not conn.allow():
            conn.over_rate += 1
            if conn.over_rate == 1 or conn.over_rate % 50 == 0:
                conn.send(p.Error(code="too_fast", text=words.too_fast_text()))
            if conn.over_rate > OVER_RATE_LIMIT:
                conn.close()
            return
        try:
            message = p.decode_client(frame)
        except p.ProtocolError as error:
            if conn.session is None and error.code == "bad_message":
                other, language = _other_hello(frame)
                if other is not None and other != p.PROTOCOL_VERSION:
                    with using(language):
                        text = words.version_text(other, p.PROTOCOL_VERSION)
                    conn.refuse(Refusal("version", text), bye=True)
                    return
            conn.refuse_message(Refusal(error.code, error.text))
            return
        if conn.checking and not isinstance(message, p.Ping):
            # Sent right after a hello whose password is being checked: acted on after it.
            if len(conn.held) >= HELD_LIMIT:
                conn.refuse_message(Refusal("hello_first", words.hello_first_text()))
            else:
                conn.held.append(message)
            return
        self._act(conn, message)

    def _signed_in_later(self, conn: Connection, hello: p.Hello) -> None:
        """Signed in after a password checked beside the loop: what was sent meanwhile."""
        self._after_message(conn, hello, None)
        held, conn.held = conn.held, []
        for message in held:
            if conn.closing:
                return
            with using(_language(conn)):
                self._act(conn, message)

    def _act(self, conn: Connection, message: p.ClientMessage) -> None:
        """Act on one valid message, then wake the table and draw the player's screen."""
        if not self.admits(conn.session):
            return
        before = table_marks(conn.session) if isinstance(message, p.Key) else None
        try:
            self._dispatch(conn, message)
        except Exception:
            # A fault of ours, never of the client's making: keep serving everyone else.
            self.fault()
            log.exception("a %s message failed", type(message).__name__)
            conn.send(p.Error(code="server", text=words.server_fault_text()))
        self._after_message(conn, message, before)

    def _after_message(
        self, conn: Connection, message: p.ClientMessage, before: TableMarks | None
    ) -> None:
        session = conn.session
        if session is not None:
            table = session.table
            if table is not None:
                if isinstance(message, p.Heard):
                    table.wake.set()  # a computer move may now go; no screen changed
                elif before is not None and _same_marks(before, table_marks(session)):
                    # A key that changed nothing at the table (a question, the cursor)
                    # changed only this player's screen, drawn just below; the others'
                    # screens stay as they are.
                    table.wake.set()
                else:
                    table.touch()
                busy = table.host is not None and table.host.bot_due is not None
            else:
                busy = False
            # A report of speech heard (several a second from each client) changes nothing
            # on that player's screen; a computer move it lets go is drawn by the table.
            if not isinstance(message, p.Heard):
                with session.app.speaking():
                    session.app.send_display(busy)

    def _dispatch(self, conn: Connection, message: p.ClientMessage) -> None:
        session = conn.session
        if isinstance(message, p.Hello):
            if session is not None or conn.checking:
                conn.refuse_message(Refusal("hello_first", words.hello_first_text()))
                return
            conn.language = message.language
            if message.protocol != p.PROTOCOL_VERSION:
                with using(message.language):
                    text = words.version_text(message.protocol, p.PROTOCOL_VERSION)
                conn.refuse(Refusal("version", text), bye=True)
                return
            self.accounts.sign_in(conn, message)
            return
        if isinstance(message, p.Ping):
            conn.send(p.Pong(seq=message.seq))
            return
        if session is None:
            conn.refuse_message(Refusal("hello_first", words.hello_first_text()))
            return
        handler = self.handlers.get(type(message))
        if handler is not None:
            handler(conn, session, message)

    # -- the handlers ----------------------------------------------------------------------

    def _key(self, conn: Connection, session: Session, message: p.Key) -> None:
        try:
            gesture = gesture_from_name(message.key)
        except GestureError:
            text = words.unknown_key_text(message.key[:30])
            conn.refuse_message(Refusal("bad_message", text))
            return
        with session.app.answering(message.seq):
            session.app.handle_gesture(gesture)

    def _command(self, conn: Connection, session: Session, message: p.Command) -> None:
        with session.app.answering(message.seq):
            known = session.app.run_command(message.command)
        if not known:
            text = words.unknown_command_text(message.command[:30])
            conn.refuse_message(Refusal("bad_message", text))

    def _answer(self, conn: Connection, session: Session, message: p.Answer) -> None:
        answer, session.answer = session.answer, None
        if answer is None:
            conn.refuse_message(Refusal("not_now", words.nothing_asked_text()))
            return
        line = None if message.text is None else message.text[:200]
        answer(session.app, line)

    def _create(self, conn: Connection, session: Session, message: p.Create) -> None:
        settings = {
            "stand_in": message.stand_in,
            "timer_s": message.timer_s,
            "pause_ms": message.pause_ms,
        }
        self._refused(
            conn,
            session,
            self.desk.create_table(
                session,
                message.game,
                list(message.seats),
                dict(message.options),
                message.private,
                settings,
            ),
        )

    def _join(self, conn: Connection, session: Session, message: p.Join) -> None:
        self._refused(conn, session, self.desk.join(session, message.code))

    def _start(self, conn: Connection, session: Session, message: p.Start) -> None:
        self._refused(conn, session, self.desk.start_table(session))

    def _refused(self, conn: Connection, session: Session, refusal: Refusal | None) -> None:
        """Say a refusal to the player and send it with its code."""
        if refusal is not None:
            session.app.say(refusal.text, cue="refused")
            conn.send(refusal.error())

    # -- one websocket ---------------------------------------------------------------------

    async def serve_socket(
        self,
        request: web.Request,
        gate: Gate,
        handle: Callable[[Connection, str | bytes], None] | None = None,
    ) -> web.StreamResponse:
        """One client's websocket, from its hello to its close: it must say hello within
        ``hello_s`` and then say something at least every ``idle_s``; each text frame goes
        to ``handle`` (the server's; :meth:`handle` when not given)."""
        address = gate.client(request)
        if not gate.websocket_opened(address):
            return web.Response(status=503, text="Too many connections from this address.\n")
        try:
            return await self._serve_socket(request, address, handle or self.handle)
        finally:
            gate.websocket_closed(address)

    async def _serve_socket(
        self, request: web.Request, address: str, handle: Callable[[Connection, str | bytes], None]
    ) -> web.StreamResponse:
        ws = _WebSocket(max_msg_size=p.MAX_FRAME_BYTES, heartbeat=HEARTBEAT_S)
        try:
            await ws.prepare(request)
        except (ConnectionError, RuntimeError) as error:
            # The client went in the middle of the handshake: counted, and aiohttp ends the
            # connection quietly (a client's disconnection is no fault of the server's).
            self.guard.refusals.count(ABORTED, address)
            raise ConnectionResetError from error
        conn = Connection(ws, address, self.clock)
        self.connections.add(conn)
        writer = asyncio.create_task(_write(conn))
        hello_by = time.monotonic() + self.limits.hello_s
        try:
            while True:
                signed_in = conn.session is not None or conn.checking
                wait = self.limits.idle_s if signed_in else hello_by - time.monotonic()
                try:
                    frame = await ws.receive(timeout=max(0.0, wait))
                except TimeoutError:
                    self.guard.refusals.count(IDLE if signed_in else NO_HELLO, address)
                    break
                if frame.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
                    break
                if frame.type == WSMsgType.TEXT:
                    handle(conn, frame.data)
                elif frame.type == WSMsgType.BINARY:
                    with using(_language(conn)):
                        conn.refuse_message(Refusal("bad_json", words.binary_frame_text()))
                elif frame.type == WSMsgType.ERROR:
                    break
                if conn.closing:
                    break
        except Exception:  # a broken socket is the end of this connection, not of the server
            self.guard.refusals.count(BROKEN, address)
        finally:
            self.arrivals.drop(conn)
            conn.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, timeout=2.0)
            writer.cancel()
            with contextlib.suppress(Exception):
                await ws.close()
        return ws


class _WebSocket(web.WebSocketResponse):
    """aiohttp's websocket, whose heartbeat is not armed again once it is closed.

    aiohttp (3.14) marks a websocket closed as soon as it sends its close frame, then reads
    the client's; the bytes of that answer set the heartbeat going again, and its timer keeps
    the websocket, its request and its socket in memory for a heartbeat and a half (45 s)
    after the connection ended. Under a flood of connections the server closes (refused
    sign-ins, bad frames) that was thousands of them."""

    def _reset_heartbeat(self) -> None:
        if not self.closed:
            super()._reset_heartbeat()


async def _write(conn: Connection) -> None:
    """Send the connection's queued messages, in order."""
    while True:
        frame = await conn.outbox.get()
        if frame is None:
            with contextlib.suppress(Exception):
                await conn.ws.close()
            return
        try:
            await conn.ws.send_str(frame)
        except Exception:  # the client went: the reader notices and drops it
            return
