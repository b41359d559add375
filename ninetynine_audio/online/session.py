"""A player on the server (:class:`Session`) and the websocket they speak through
(:class:`Connection`): the connection's limits and outbox, and the session that outlives it."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from ninetynine_audio.i18n import ENGLISH
from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.front import SeatApp
from ninetynine_audio.online.refusal import Refusal
from ninetynine_audio.online.table import OnlineTable

RATE_PER_S = 30.0
RATE_BURST = 60.0
"""Messages a connection may send: a steady rate, and a burst above it."""
BAD_MESSAGE_LIMIT = 20
"""Refused messages after which the connection is closed."""
OUTBOX_LIMIT = 2000
"""Messages waiting for a client too slow to read them, before it is dropped."""


@dataclass
class Session:
    """One player on the server, connected or (for a while) not."""

    identity: str
    name: str
    account: bool
    guest_token: str | None
    app: SeatApp
    conn: Connection | None = None
    table: OnlineTable | None = None
    seat: int | None = None
    dropped_at: float | None = None
    answer: Callable[[Any, str | None], None] | None = None
    address: str = ""
    """The client address of its last connection."""
    returning: bool = False
    """Its connection continues one the player already had (a reconnection, also after the
    server restarted, or a second connection): not told to friends as coming online."""
    shown_in: str | None = None
    """The language its screens were last shown in (None: not yet): a player signing in
    again in another has them made again in theirs."""

    @property
    def new_to_seat(self) -> bool:
        """Whether the server seated the player while they were away and they have not come
        to the seat yet (:attr:`SeatInfo.unseen`)."""
        table = self.table
        return table is not None and self.seat is not None and table.seats[self.seat].unseen

    @property
    def game_unfinished(self) -> bool:
        """Whether the player is seated at a table whose game is not over (kept when the
        server stops)."""
        table = self.table
        if table is None or self.seat is None:
            return False
        return table.host is None or not table.host.is_over

    def ask(self, app: Any, prompt: str, answer: Callable[[Any, str | None], None]) -> None:
        """Ask the client for a line of text; ``answer`` gets it (``None``: cancelled)."""
        self.answer = answer
        app.say(prompt)
        self.app.remote.emit(p.Ask(prompt=prompt[:200]))


class Connection:
    """One websocket: its limits, its outbox and the session it speaks for."""

    def __init__(self, ws: web.WebSocketResponse, address: str, clock: Callable[[], float]):
        self.ws = ws
        self.address = address
        self.session: Session | None = None
        self.clock = clock
        self.tokens = RATE_BURST
        self.refilled = clock()
        self.over_rate = 0
        self.bad = 0
        self.join_failures: deque[float] = deque()
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.sent_messages = 0
        self.sent_bytes = 0
        self.closing = False
        self.language = ENGLISH  # the hello's, for what is said before a session opens
        self.checked: tuple[str, bool, tuple[bool, str]] | None = None
        """A password checked beside the loop: the name, whether it was new, and
        ``Database.sign_in``'s answer."""
        self.checking = False
        self.held: list[p.ClientMessage] = []
        """Messages that came while the password was checked, to act on after."""

    def send(self, message: p.ServerMessage) -> None:
        """Queue one message for the client."""
        if self.closing:
            return
        if self.outbox.qsize() > OUTBOX_LIMIT:
            self.closing = True
            self.outbox.put_nowait(None)
            return
        frame = p.encode(message)
        self.sent_messages += 1
        self.sent_bytes += len(frame)
        self.outbox.put_nowait(frame)

    def allow(self) -> bool:
        """Take one message from the rate limit's bucket."""
        now = self.clock()
        self.tokens = min(RATE_BURST, self.tokens + (now - self.refilled) * RATE_PER_S)
        self.refilled = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def refuse(self, refusal: Refusal, *, bye: bool = False) -> None:
        """Send ``refusal``; with ``bye``, say goodbye with it and close."""
        self.send(refusal.error())
        if bye:
            self.send(p.Bye(text=refusal.text[:200], retry=False))
            self.close()

    def refuse_message(self, refusal: Refusal) -> None:
        """Refuse a message; a connection refused too often is closed."""
        self.bad += 1
        self.send(refusal.error())
        if self.bad >= BAD_MESSAGE_LIMIT:
            self.close()

    def close(self) -> None:
        """Close after what is queued."""
        if not self.closing:
            self.closing = True
            self.outbox.put_nowait(None)
