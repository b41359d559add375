"""Lobby events between the server processes that share one PostgreSQL database, over
PostgreSQL's own LISTEN/NOTIFY: no broker beside the database.

An event is a small JSON object ``{"from": process, "kind": …, "data": …}`` on one channel.
A process sends one through its store's writer (``PostgresStore.notify``): it goes out when the
writes queued before it are committed, so a process that hears "the tables changed" reads
them changed. Each process listens on a connection of its own, on a thread of its own, and
hands every event of another process to its event loop; while the database cannot be reached
it connects again every :data:`RECONNECT_S` (an event sent meanwhile is missed, and the
next round of ``online.cluster`` reads what it said anyway). Lobby events cross
processes, and the people's (``online.community``); the moves of a table never do.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import Any

log = logging.getLogger(__name__)

RECONNECT_S = 1.0
WAIT_S = 0.5
"""How long one wait for events lasts before the listener checks whether it should stop."""


EVENT_BYTES = 7900
"""The longest event (a NOTIFY payload is shorter than 8,000 bytes)."""


def in_parts(items: Iterable[Any], budget: int) -> Iterator[list[Any]]:
    """``items`` in order, in lists each of which takes at most ``budget`` bytes in an event
    (an item longer than that alone in its list): what one event cannot carry goes in as
    many as it needs."""
    part: list[Any] = []
    size = 0
    for item in items:
        length = len(json.dumps(item, ensure_ascii=False, separators=(",", ":")).encode()) + 1
        if part and size + length > budget:
            yield part
            part, size = [], 0
        part.append(item)
        size += length
    if part:
        yield part


def event_text(sender: str, kind: str, data: Any = None) -> str:
    """One event as it crosses the database. Letters go as themselves, not as escapes: a
    name of 30 letters outside the Basic Multilingual Plane is 120 bytes, not 360."""
    event = {"from": sender, "kind": kind, "data": data}
    text = json.dumps(event, ensure_ascii=False, separators=(",", ":"))
    if len(text.encode("utf-8")) > EVENT_BYTES:
        raise ValueError("a lobby event is too long")
    return text


class Bus:
    """The listening end on ``channel`` of database ``url`` for the process ``me``."""

    def __init__(self, url: str, channel: str, me: str) -> None:
        self.url = url
        self.channel = channel
        self.me = me
        self._closed = threading.Event()
        self._thread: threading.Thread | None = None
        self.heard = 0

    def start(self, loop: asyncio.AbstractEventLoop, deliver: Callable[[str, Any], None]) -> None:
        """Listen, and call ``deliver(kind, data)`` on ``loop`` for each event of another
        process."""
        self._thread = threading.Thread(
            target=self._listen, args=(loop, deliver), name="lobby-bus", daemon=True
        )
        self._thread.start()

    def close(self) -> None:
        """Stop listening."""
        self._closed.set()
        if self._thread is not None:
            self._thread.join(timeout=5.0)

    def _listen(self, loop: asyncio.AbstractEventLoop, deliver: Callable[[str, Any], None]) -> None:
        import psycopg

        while not self._closed.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=10) as conn:
                    conn.execute(f"LISTEN {self.channel}")
                    while not self._closed.is_set():
                        for notice in conn.notifies(timeout=WAIT_S):
                            self._hand_over(loop, deliver, notice.payload)
            except psycopg.Error as error:
                log.warning("lobby events: %s; listening again", " ".join(str(error).split()))
                self._closed.wait(RECONNECT_S)

    def _hand_over(
        self, loop: asyncio.AbstractEventLoop, deliver: Callable[[str, Any], None], payload: str
    ) -> None:
        try:
            event = json.loads(payload)
            sender, kind, data = event["from"], event["kind"], event.get("data")
        except (ValueError, TypeError, KeyError):
            log.warning("lobby events: a message that is not one was passed over")
            return
        if sender == self.me:
            return
        self.heard += 1
        with contextlib.suppress(RuntimeError):  # the loop has stopped
            loop.call_soon_threadsafe(deliver, str(kind), data)
