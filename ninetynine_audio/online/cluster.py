"""Several server processes sharing one community on PostgreSQL (``serve --cluster URL``).

Each table in play is held by one process, which holds its lease in the database
(``Store.hold_table``) and renews it every :data:`RENEW_S`; the lease runs for
:data:`LEASE_S` by the database's clock. A process plays a table only while it knows its
lease is held: the renewal asked at ``t`` (this process's monotonic clock) makes the lease run
to the database's ``now + LEASE_S``, taken no earlier than ``t``, so this process plays the
table until ``t + LEASE_S - MARGIN_S`` at most, and another process can take it only once the
lease has run out by the database's clock, after that. A process that cannot renew in time
(stopped, cut off from the database, its loop held up) stops playing the table at once: a
move that comes after is not applied, and its players are sent to the front door (a
``moved`` message), which reaches the process that plays the table now. The store is fenced
by this process too (``fenced_by``): a write of a table it no longer holds is not kept.

Every :data:`RENEW_S`, a thread of its own renews every lease of the process in one
statement and says the process runs, and where its players are sent (``url``, the
``processes`` table): an event loop held up by its tables never lets their leases run out.
Every :data:`RENEW_S` too, a round (on a thread, acted on back on the event loop):

- lets go of the tables closed here, and gives up those whose lease it does not know held;
- takes the tables nobody holds — a process that was killed (``kill -9``), or stopped, holds
  them until their lease runs out — and deals each again from its stored actions, as a
  restart does, so their players reconnect into the same position and hear what they missed;
- reads the tables the other processes hold, for the lobby's list and for joining by code.

A player who asks for a table another process holds (by its code, or from the lobby's list)
is sent to that process (a ``moved`` message with its address and the code); one seated at a
table another process holds, in a lobby here, is sent there too. A table's moves never cross
processes; see ``docs/online.md`` ("Several processes") for why the server sends rather than
relays.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.bus import Bus, event_text
from ninetynine_audio.online.storage import Store, StoredTable
from ninetynine_audio.online.table import OnlineTable, SeatInfo

if TYPE_CHECKING:
    from ninetynine_audio.online.community import Community
    from ninetynine_audio.online.parts import Parts
    from ninetynine_audio.online.session import Session

log = logging.getLogger(__name__)

LEASE_S = 6.0
"""How long a table's lease runs by the database's clock (a killed process's tables are taken
over within this and one round)."""
RENEW_S = 1.0
"""How often a process renews its leases, takes the tables nobody holds and reads the others'."""
MARGIN_S = 0.5
"""How long before its lease runs out a process stops playing a table it could not renew."""
TAKE_PER_ROUND = 50
"""Tables taken over in one round, at most (each is dealt again and replayed on the loop)."""
LOBBY_CHANNEL = "ninetynine_lobby"
"""The LISTEN/NOTIFY channel of lobby events between the processes."""
TABLES = "tables"
"""The lobby event of a table made, joined, started or closed."""


def process_name() -> str:
    """A name for this process, unique among those sharing a database."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


@dataclass
class Round:
    """What one round found, to act on back on the event loop."""

    taken: list[tuple[StoredTable, float]] = field(default_factory=list)
    others: list[tuple[StoredTable, str]] | None = None


class Cluster:
    """This process's part in a community of several: its leases, the tables it takes over,
    the tables the others hold, and the lobby events between them."""

    def __init__(
        self,
        store: Store,
        url: str,
        *,
        database: str | None = None,
        lease_s: float = LEASE_S,
        renew_s: float = RENEW_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.url = url
        self.holder = process_name()
        self.lease_s = lease_s
        self.renew_s = renew_s
        self.clock = clock
        self.valid: dict[str, float] = {}
        """Until when (this process's clock) it may play each table it holds."""
        self.others: dict[str, tuple[OnlineTable, str]] = {}
        """The tables the other processes hold, as last read, with their process's address."""
        self.seated_elsewhere: dict[str, tuple[str, str]] = {}
        """Each person seated at another process's table: its code and that process's address."""
        self.task: asyncio.Task[None] | None = None
        self.bus = Bus(database, LOBBY_CHANNEL, self.holder) if database else None
        self.bus_channel = LOBBY_CHANNEL
        self.community: Community | None = None
        """The players of every process (who is online, what they send each other): the
        server's, set when there is a bus to carry them."""
        self.renewed: list[Callable[[set[str], float], None]] = []
        """Told, on the renewing thread, the leases renewed and until when (this process's
        clock) they may be used: the leases of tournaments (``online.tournament_cluster``)."""
        self.wake = asyncio.Event()
        self._relisting = False
        self._lock = threading.Lock()  # over ``valid``, shared with the renewing thread
        self._stopping = threading.Event()
        self._renewer = threading.Thread(target=self._renew_loop, name="leases", daemon=True)
        store.fenced_by = self.holder

    # -- the hooks the server calls ---------------------------------------------------------

    def start(self, parts: Parts) -> None:
        """Begin the rounds on ``server``'s event loop (instead of reloading every table)."""
        loop = asyncio.get_running_loop()
        # Known to the others before it takes a player: they send players here for its tables.
        self.store.announce(self.holder, self.url, self.lease_s)
        self.task = loop.create_task(self._run(parts))
        parts.accounts.background.add(self.task)
        self._renewer.start()
        if self.bus is not None:
            if self.community is not None:
                self.community.start()
            self.bus.start(loop, self._lobby_event)

    def stop(self) -> None:
        """Stopping: write what waits, then let go of every lease, so that the other
        processes take this one's tables at once."""
        if self.task is not None:
            self.task.cancel()
        if self.community is not None:
            self.community.stop()
        self._stopping.set()
        if self._renewer.is_alive():
            self._renewer.join(timeout=10.0)
        if self.bus is not None:
            self.bus.close()
        self.store.flush()
        try:
            self.store.withdraw(self.holder)
        except Exception as error:  # the leases run out by themselves
            log.warning("could not let go of the leases: %s", error)

    def claim(self, code: str) -> bool:
        """Hold the lease of a new table's ``code``; False when the code is in use by any
        process. One statement on the database, on the loop (a table is made rarely)."""
        start = self.clock()
        if self.store.hold_table(code, self.holder, self.lease_s) is None:
            return False
        if self.store.stored_table(code) is not None:  # a stored table nobody holds yet
            self.store.let_go(code, self.holder)
            return False
        with self._lock:
            self.valid[code] = start + self.lease_s - MARGIN_S
        return True

    def may_play(self, code: str) -> bool:
        """Whether this process still holds the lease of table ``code`` by its own clock."""
        return self.clock() < self.valid.get(code, -1.0)

    def keeps(self, parts: Parts, table: OnlineTable) -> bool:
        """Whether ``server`` may go on playing ``table``; when not, it lets go of it at once."""
        if self.may_play(table.code):
            return True
        self.give_up(parts, table)
        return False

    def admits(self, parts: Parts, session: Session | None) -> bool:
        """Whether a message of ``session`` may be acted on: not when it sits at a table
        whose lease this process no longer holds (the table is given up, the player sent on)."""
        table = session.table if session is not None else None
        return table is None or table.code not in parts.rooms.tables or self.keeps(parts, table)

    def send_to(self, session: Session, code: str) -> bool:
        """Send a player who asked for table ``code`` to the process that holds it; whether
        one does."""
        url = self._url_of(code)
        if url is None or session.conn is None:
            return False
        session.conn.send(p.Moved(url=url, code=code))
        return True

    def listed(self) -> list[OnlineTable]:
        """The other processes' tables, for the lobby's list."""
        return [table for table, _url in self.others.values()]

    def lobbies_changed(self) -> None:
        """This process's lobby changed (a table made, joined, started, closed): tell the
        others, after the writes queued before (theirs are listed again)."""
        if self.bus is None or self._relisting:
            return
        try:
            self.store.notify(LOBBY_CHANNEL, event_text(self.holder, TABLES))
        except Exception as error:  # the next round reads the tables anyway
            log.warning("lobby event not sent: %s", error)

    # -- giving up and taking over ------------------------------------------------------------

    def give_up(self, parts: Parts, table: OnlineTable) -> None:
        """Stop playing ``table`` at once (its lease is not held): forget it here, and send
        its people to the front door, where the process that holds it now has it."""
        log.warning("table %s: its lease is not held, it is played here no more", table.code)
        with self._lock:
            self.valid.pop(table.code, None)
        parts.rooms.tables.pop(table.code, None)
        parts.saving.unsaved.pop(table.code, None)
        if table.task is not None:
            table.task.cancel()
        for member in parts.rooms.members(table):
            self._send_away(parts, member, "")
        parts.rooms.refresh_lobbies()

    def _send_away(self, parts: Parts, session: Session, url: str) -> None:
        """Forget ``session`` here, and send its player (if connected) to ``url``."""
        session.table, session.seat = None, None
        parts.rooms.sessions.pop(session.identity, None)
        conn = session.conn
        if conn is not None:
            conn.session = None
            conn.send(p.Moved(url=url))
            conn.close()

    def _take_over(self, parts: Parts, stored: StoredTable, valid: float) -> None:
        """Deal again a table nobody held, from its stored actions, as a restart does."""
        with self._lock:
            self.valid[stored.code] = valid
        if stored.code in parts.rooms.tables:
            return
        for seat in stored.seats:
            who = seat.get("who")
            session = parts.rooms.sessions.get(who) if isinstance(who, str) else None
            if session is not None and session.table is None:
                # In a lobby here: seated again as the table comes back, with what they missed.
                self._send_away(parts, session, self.url)
        try:
            parts.reloading.reload_table(stored)
        except Exception as error:  # one damaged table never keeps the others from loading
            parts.reloading.put_aside(stored, f"{type(error).__name__}: {error}")
            return
        log.info("table %s taken over: its lease had run out", stored.code)

    # -- the rounds -----------------------------------------------------------------------------

    def _renew_loop(self) -> None:
        """Renew every lease of this process each :data:`RENEW_S`, on a thread of its own, in
        one statement, so that an event loop held up by its tables never lets their leases
        run out; a lease not renewed (taken by another process after it ran out, or the
        database away) is left to run out here too, and the table is given up then."""
        while not self._stopping.wait(self.renew_s):
            start = self.clock()
            try:
                self.store.announce(self.holder, self.url, self.lease_s)
                renewed = self.store.renew(self.holder, self.lease_s)
            except Exception as error:
                log.error("the leases could not be renewed: %s", error)
                continue
            until = start + self.lease_s - MARGIN_S
            with self._lock:
                for code in renewed:
                    if code in self.valid:
                        self.valid[code] = max(self.valid[code], until)
            for told in self.renewed:
                told(renewed, until)

    async def _run(self, parts: Parts) -> None:
        while True:
            started = self.clock()
            with self._lock:
                gone = [code for code in self.valid if code not in parts.rooms.tables]
            self.wake.clear()
            try:
                found = await asyncio.to_thread(self._round, gone)
            except Exception as error:
                log.error("a round of the cluster failed: %s", error)
            else:
                self._apply(parts, found, gone)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(
                    self.wake.wait(), max(0.0, self.renew_s - (self.clock() - started))
                )

    def _round(self, gone: list[str]) -> Round:
        """One round on the database (on a thread): let go of the tables closed here, take
        those nobody holds, read the others'."""
        store = self.store
        found = Round()
        if gone:
            store.flush()  # a closed table's last writes first, while its lease is held
            for code in gone:
                store.let_go(code, self.holder)
        for code in store.unheld_tables()[:TAKE_PER_ROUND]:
            start = self.clock()
            if store.hold_table(code, self.holder, self.lease_s) is None:
                continue  # another process took it first
            stored = store.stored_table(code)
            if stored is None:
                store.let_go(code, self.holder)
                continue
            found.taken.append((stored, start + self.lease_s - MARGIN_S))
        found.others = store.others_tables(self.holder)
        return found

    def _apply(self, parts: Parts, found: Round, gone: list[str]) -> None:
        """Act on a round, on the loop: forget the tables let go of, give up those whose
        lease ran out, deal again those taken over, list the others'."""
        with self._lock:
            for code in gone:
                if code not in parts.rooms.tables:
                    self.valid.pop(code, None)
        for table in list(parts.rooms.tables.values()):
            if not self.may_play(table.code):
                self.give_up(parts, table)
        for stored, valid in found.taken:
            self._take_over(parts, stored, valid)
        if found.others is not None:
            self._read_others(parts, found.others)

    def _read_others(self, parts: Parts, others: list[tuple[StoredTable, str]]) -> None:
        before = {code: table.listing_text() for code, (table, _url) in self.others.items()}
        self.others = {}
        self.seated_elsewhere = {}
        for stored, url in others:
            seats = [SeatInfo.from_json(seat) for seat in stored.seats]
            table = OnlineTable(
                stored.code, stored.game, {}, stored.listed, stored.host, seats, {}, stored.state
            )
            self.others[stored.code] = (table, url)
            for seat in seats if stored.state == "playing" else ():
                if seat.who is not None and not seat.replaced:
                    self.seated_elsewhere[seat.who] = (stored.code, url)
        after = {code: table.listing_text() for code, (table, _url) in self.others.items()}
        if after != before:
            self._relisting = True  # heard from the others: not told back to them
            try:
                parts.rooms.refresh_lobbies()
            finally:
                self._relisting = False
        for identity, (_code, url) in self.seated_elsewhere.items():
            session = parts.rooms.sessions.get(identity)
            if session is not None and session.table is None and session.conn is not None:
                self._send_away(parts, session, url)

    def _url_of(self, code: str) -> str | None:
        found = self.others.get(code)
        if found is not None:
            return found[1]
        try:  # made since the last round, perhaps: one indexed query
            return self.store.holder_url(code, self.holder)
        except Exception as error:
            log.warning("table %s could not be looked for: %s", code, error)
            return None

    def _lobby_event(self, kind: str, data: object) -> None:
        """Another process's lobby changed (a round now reads its tables), or one of its
        players told one of this process's players something (``online.community``)."""
        if kind == TABLES:
            self.wake.set()
        elif self.community is not None:
            self.community.heard(kind, data)
