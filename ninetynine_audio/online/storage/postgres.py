"""The server's data in PostgreSQL (``serve --database postgresql://…``): the same players,
tables, results and ratings as the SQLite file, for a community whose server grows past one
machine. Needs the ``postgres`` extra (psycopg 3 and its pool).

What runs where: reads are short indexed queries on a pooled connection, on the thread that
asks (the sign-in's password threads, ``online.passwords``; the lobby's ratings and the
name checks on the event loop, a round trip each). Writes — a table after each action, a
table forgotten, a result with its ratings — never wait on the network on the event loop:
they are queued, in order, for one writer thread of this store's own, which writes what
waits in one transaction (up to a hundred writes a commit). While the database
cannot be reached the writer tries the first waiting write again, after a second, then twice
as long each time (at most half a minute), and a new write is refused (:class:`StoreRefused`,
not kept) so that the server keeps it and tells its players, as for a full disk with SQLite.

One server process uses the database at a time, as one uses a data folder: it holds a
PostgreSQL advisory lock on a connection of its own while it runs; a second is told the store
is in use (:class:`DataProblem` ``"locked"``), unless it is opened ``shared`` by each of
several processes (``serve --cluster``), each table then held by one of them at a time by its
lease (``online.cluster``).
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import threading
from collections import deque
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from ninetynine_audio.online.storage import migrations
from ninetynine_audio.online.storage.common import (
    DataProblem,
    SqlStore,
    StoreRefused,
    lock_folder,
    released_on_failure,
)
from ninetynine_audio.online.storage.rows import StoredTable

log = logging.getLogger(__name__)

SERVER_LOCK = 0x39395345  # the advisory lock a running server holds ("99SE")
MIGRATION_LOCK = 0x3939534D  # held while the schema is brought up to date ("99SM")
RESULTS_LOCK = 0x39395352  # held while a result and its ratings are written ("99SR")
OPENING_LOCK = 0x3939544F  # held while a tournament is opened ("99TO")
RETRY_FIRST_S = 1.0
RETRY_LONGEST_S = 30.0
CONNECT_S = 10.0
POOL_SIZE = 4
BATCH = 100


def shown_url(url: str) -> str:
    """``url`` without its password, to be said on the console and in the log."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)[1]
    user = parts.username or ""
    return urlunsplit(parts._replace(netloc=f"{user}@{netloc}"))


class _Connection:
    """A psycopg connection as the shared queries use it (``?`` for ``%s``)."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn

    def rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        cursor = self.conn.execute(sql.replace("?", "%s"), params)
        return list(cursor.fetchall()) if cursor.description is not None else []

    def run(self, sql: str, params: tuple[Any, ...] = ()) -> int:
        return int(self.conn.execute(sql.replace("?", "%s"), params).rowcount)


class PostgresStore(SqlStore):
    """The server's store in a PostgreSQL database; ``folder`` still holds the server's log
    and lock.

    Raises:
        DataProblem: the folder or the database is used by another server, the database
            cannot be reached, or it is of a newer version.
    """

    def __init__(self, folder: Path, url: str, *, shared: bool = False) -> None:
        super().__init__()
        try:
            import psycopg
            from psycopg_pool import ConnectionPool
        except ImportError as error:
            raise DataProblem(
                "unwritable", shown_url(url), f"{error} (pip install ninetynine-audio[postgres])"
            ) from None
        self.errors: tuple[type[Exception], ...] = (psycopg.Error,)
        self.retried: tuple[type[Exception], ...] = (psycopg.OperationalError,)
        self.path = shown_url(url)
        self._failing: Exception | None = None
        self.shared = shared
        self.lock = lock_folder(folder)
        with released_on_failure(self.lock):
            try:
                self.holder = psycopg.connect(url, autocommit=True, connect_timeout=int(CONNECT_S))
            except psycopg.Error as error:
                raise DataProblem("unwritable", self.path, " ".join(str(error).split())) from None
            try:
                # Shared: held with the other processes that share the database, and never
                # beside a server that holds it whole.
                held = self.holder.execute(
                    "SELECT pg_try_advisory_lock(%s)"
                    if not shared
                    else "SELECT pg_try_advisory_lock_shared(%s)",
                    (SERVER_LOCK,),
                )
                if held.fetchone() != (True,):
                    raise DataProblem("locked", self.path)
                _migrate(self.holder, self.path)
                self.pool = ConnectionPool(
                    url, min_size=1, max_size=POOL_SIZE, timeout=CONNECT_S, open=False
                )
                self.pool.open(wait=True, timeout=CONNECT_S)
            except BaseException:
                self.holder.close()
                raise
        self._writes: deque[Callable[[Any], None]] = deque()
        self._changed = threading.Condition()
        self._closing = False
        self._writer = threading.Thread(
            target=self._write_loop, name="postgres-writer", daemon=True
        )
        self._writer.start()

    @contextlib.contextmanager
    def _sql(self) -> Iterator[_Connection]:
        self._refuse_while_away()
        with self.pool.connection() as conn:
            yield _Connection(conn)

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[_Connection]:
        self._refuse_while_away()
        with self.pool.connection() as conn, conn.transaction():
            yield _Connection(conn)

    def _refuse_while_away(self) -> None:
        """While the writer finds the database away, a read asked elsewhere (on the event
        loop, perhaps) is refused at once instead of waiting for a connection."""
        if self._failing is not None and threading.current_thread() is not self._writer:
            raise StoreRefused(f"{self.path}: {self._failing}")

    def _serialize_results(self, sql: Any) -> None:
        sql.rows("SELECT pg_advisory_xact_lock(?)", (RESULTS_LOCK,))

    def _serialize_openings(self, sql: Any) -> None:
        sql.rows("SELECT pg_advisory_xact_lock(?)", (OPENING_LOCK,))

    @contextlib.contextmanager
    def for_thread(self) -> Iterator[PostgresStore]:
        """This store (its pool serves every thread)."""
        yield self

    # -- writes, behind the caller ------------------------------------------------------------

    def save_table(self, table: StoredTable) -> None:
        """Store a table as it is now: queued for the writer."""
        self._queue(partial(self._save_table, table=table))

    def drop_table(self, code: str) -> None:
        """Forget a table: queued for the writer."""
        self._queue(partial(self._drop_table, code=code))

    def record_result(
        self, code: str, game: str, players: list[dict[str, Any]], accounts: list[list[str]]
    ) -> None:
        """Store a finished match and its ratings: queued for the writer."""
        self._queue(
            partial(self._record_result, code=code, game=game, players=players, accounts=accounts)
        )

    def _write(self, write: Callable[[Any], None]) -> None:
        """A write of friends, blocks, a tournament or a daily deal: queued for the writer."""
        self._queue(write)

    def notify(self, channel: str, payload: str) -> None:
        """Send a NOTIFY on ``channel`` once the writes queued before it are committed
        (``online.bus``): queued for the writer."""
        self._queue(partial(_notify, channel=channel, payload=payload))

    def _queue(self, write: Callable[[Any], None]) -> None:
        with self._changed:
            if self._failing is not None:
                raise StoreRefused(f"{self.path}: {self._failing}")
            if self._closing:
                raise StoreRefused(f"{self.path}: closed")
            self._writes.append(write)
            self._changed.notify_all()

    def _write_loop(self) -> None:
        """Write what waits, up to :data:`BATCH` writes in one transaction (one commit for a
        burst of moves); a batch the database refuses for good is written again one at a
        time, so that only the write it will never take is dropped."""
        delay = RETRY_FIRST_S
        alone = 0  # writes still to be made one at a time
        while True:
            with self._changed:
                while not self._writes and not self._closing:
                    self._changed.wait()
                if not self._writes:
                    return
                batch = list(itertools.islice(self._writes, 1 if alone else BATCH))
            try:
                with self._transaction() as sql:
                    for write in batch:
                        write(sql)
            except self.retried as error:
                with self._changed:
                    if self._failing is None:
                        log.error("the database refused a write (%s); trying again", error)
                    self._failing = error
                    if self._changed.wait_for(lambda: self._closing, timeout=delay):
                        return  # closed while the database was away: said by close()
                delay = min(delay * 2, RETRY_LONGEST_S)
                continue
            except self.errors:
                if len(batch) > 1:
                    alone = len(batch)
                    continue
                log.exception("a write the database will never take was dropped")
            with self._changed:
                for _ in batch:
                    self._writes.popleft()
                alone = max(0, alone - len(batch))
                if self._failing is not None:
                    log.warning("the database takes writes again")
                self._failing = None
                delay = RETRY_FIRST_S
                self._changed.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every queued write is done (at most ``timeout`` seconds); whether it
        was."""
        with self._changed:
            return self._changed.wait_for(lambda: not self._writes, timeout=timeout)

    def close(self, timeout: float = 10.0) -> None:
        """Write what waits (for at most ``timeout`` seconds), then let go of the database
        and the folder."""
        done = self.flush(timeout)
        with self._changed:
            self._closing = True
            if not done:
                log.error("stopping with %d writes the database would not take", len(self._writes))
                self._writes.clear()
            self._changed.notify_all()
        self._writer.join(timeout=5.0)
        with contextlib.suppress(*self.errors):
            self.pool.close()
        with contextlib.suppress(*self.errors):
            # Let go of the lock before the connection: a closed connection's lock is freed
            # only when its server process notices, and a store opened at once after this one
            # (a restart) would find it still held.
            self.holder.execute(
                "SELECT pg_advisory_unlock_shared(%s)"
                if self.shared
                else "SELECT pg_advisory_unlock(%s)",
                (SERVER_LOCK,),
            )
        with contextlib.suppress(*self.errors):
            self.holder.close()
        self.lock.release()


def _notify(sql: Any, channel: str, payload: str) -> None:
    sql.rows("SELECT pg_notify(?, ?)", (channel, payload))


def _migrate(conn: Any, where: str) -> None:
    """Bring the database up to this version, one migration per transaction, while no other
    server does (an advisory lock held to each transaction's end)."""
    with conn.transaction():  # two processes starting at once on a new database
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
        conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    while True:
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            row = conn.execute("SELECT version FROM schema_version").fetchone()
            version = 0 if row is None else int(row[0])
            if version > migrations.SCHEMA_VERSION:
                raise DataProblem("newer", where, f"version {version}")
            waiting = migrations.pending(version)
            if not waiting:
                return
            migration = waiting[0]
            migration.postgresql(conn)
            if row is None:
                conn.execute(
                    "INSERT INTO schema_version (version) VALUES (%s)", (migration.number,)
                )
            else:
                conn.execute("UPDATE schema_version SET version = %s", (migration.number,))
