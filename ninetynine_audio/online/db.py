"""The server's own data in one SQLite file under ``--data`` (the default store; a community
server that grows past one machine uses PostgreSQL, ``online.storage.postgres``): players,
tables, results, ratings. The queries are the engines' shared ones (``online.storage.common``),
the schema's versions the numbered migrations of ``online.storage.migrations``.

A table in play is stored after every action as its set-up and actions (the same record as
a local save, ``games.saved.to_record``), beside who sits where; so after a crash the server
deals every table again, replays it and the players reconnect into the same position.
Passwords are kept only as argon2 hashes, guests' tokens only as SHA-256 hashes. Accounts are
stored, found and kept unique by their name's canonical key (``online.identity``). Ratings are
openskill's (Plackett–Luce), one per account and game.

The folder is held by one server at a time (``server.lock``, locked by the system). Whatever
keeps the data from being used — another server holding it, a folder that cannot be written,
a damaged file, a file of a newer version — is a :class:`DataProblem`, which the ``serve``
command says in one line before it exits. A table whose stored row cannot be read is set
aside (kept in ``set_aside``, not lost) and the others load.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ninetynine_audio.online.storage import migrations
from ninetynine_audio.online.storage.common import (
    LOCK_NAME,
    DataProblem,
    Rating,
    SqlStore,
    lock_folder,
    released_on_failure,
)
from ninetynine_audio.online.storage.rows import StoredTable, stored_table

__all__ = ["LOCK_NAME", "DataProblem", "Database", "Rating", "StoredTable", "read_stored_tables"]

CHECKPOINT_EVERY_S = 1.0
SCHEMA_VERSION = migrations.SCHEMA_VERSION


class _Connection:
    """An SQLite connection as the shared queries use it."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        return self.db.execute(sql, params).fetchall()

    def run(self, sql: str, params: tuple[Any, ...] = ()) -> int:
        return self.db.execute(sql, params).rowcount


class Database(SqlStore):
    """The server's SQLite file. Every write is committed at once (the file survives a kill).

    Raises:
        DataProblem: the folder is held by another server, cannot be written, or holds a
            damaged database or one of a newer version.
    """

    ROW_ID = "rowid"  # SQLite keeps any value in any column: a damaged row may have no code
    HOLD_ROW = ""
    SKIP_HELD = ""
    NOW = "((julianday('now') - 2440587.5) * 86400.0)"

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.path = folder / "server.sqlite3"
        self.lock = lock_folder(folder)
        with released_on_failure(self.lock):
            self.db = _open(self.path)
        self._stop = threading.Event()
        self._checkpointer = threading.Thread(
            target=self._checkpoint_loop, name="sqlite-checkpoint", daemon=True
        )
        self._checkpointer.start()

    def _checkpoint_loop(self) -> None:
        """Copy the log into the file every second, beside the writes (never blocking them)."""
        with contextlib.closing(sqlite3.connect(self.path, isolation_level=None)) as db:
            while not self._stop.wait(CHECKPOINT_EVERY_S):
                with contextlib.suppress(sqlite3.Error):
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)")

    def close(self) -> None:
        """Close the file (the last connection to close copies the rest of the log) and let
        go of the folder."""
        self._stop.set()
        self._checkpointer.join(timeout=5.0)
        with contextlib.suppress(sqlite3.Error):
            self.db.close()
        self.lock.release()

    def flush(self, timeout: float = 10.0) -> bool:
        """Every write is done when its call returns: nothing waits."""
        return True

    @contextlib.contextmanager
    def for_thread(self) -> Iterator[Database]:
        """This store with a connection of the calling thread's own to the same file (an
        SQLite connection belongs to the thread that made it; the hasher is shared), closed
        when done."""
        copy = object.__new__(type(self))
        copy.__dict__.update(self.__dict__)
        copy.db = sqlite3.connect(self.path, isolation_level=None, timeout=10.0)
        try:
            yield copy
        finally:
            with contextlib.suppress(sqlite3.Error):
                copy.db.close()  # only this thread's connection

    @contextlib.contextmanager
    def _sql(self) -> Iterator[_Connection]:
        yield _Connection(self.db)

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[_Connection]:
        """Several writes that are kept all together or not at all."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield _Connection(self.db)
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")


def read_stored_tables(folder: Path) -> list[StoredTable]:
    """Every readable table stored in the data folder ``folder``, read without writing or
    locking it (a running server may hold it); an unreadable row is passed over.

    Raises:
        DataProblem: ``"damaged"`` when there is no database there or it cannot be read.
    """
    path = folder / "server.sqlite3"
    if not path.is_file():
        raise DataProblem("damaged", path, os.strerror(2))
    try:
        with contextlib.closing(sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)) as db:
            rows = db.execute(
                "SELECT code, game, state, listed, host, seats, settings, record FROM tables"
            ).fetchall()
    except sqlite3.Error as error:
        raise DataProblem("damaged", path, str(error)) from None
    found = []
    for row in rows:
        with contextlib.suppress(TypeError, ValueError, RecursionError):
            found.append(stored_table(list(row)))
    return found


def _open(path: Path) -> sqlite3.Connection:
    """Open the database, check it, bring an older one up to this version."""
    try:
        db = sqlite3.connect(path, isolation_level=None)
    except sqlite3.Error as error:
        raise DataProblem("unwritable", path.parent, str(error)) from None
    try:
        checked = db.execute("PRAGMA quick_check").fetchall()
        if checked != [("ok",)]:
            raise DataProblem("damaged", path, "; ".join(str(r[0]) for r in checked[:3]))
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        # A commit in WAL mode at NORMAL only appends to the log, without waiting for the
        # disk (a killed process loses nothing committed); the disk waits are in the
        # checkpoints that copy the log into the file. Those are done by a thread of their
        # own, so that a slow disk never holds up the event loop, and every table with it.
        db.execute("PRAGMA wal_autocheckpoint=0")
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise DataProblem("newer", path, f"version {version}")
        for migration in migrations.pending(version):
            db.execute("BEGIN IMMEDIATE")
            try:
                migration.sqlite(db)
                db.execute(f"PRAGMA user_version = {migration.number}")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
    except DataProblem:
        db.close()
        raise
    except sqlite3.DatabaseError as error:
        db.close()
        if isinstance(error, sqlite3.OperationalError):  # read-only, full, locked, I/O
            raise DataProblem("unwritable", path.parent, str(error)) from None
        raise DataProblem("damaged", path, str(error)) from None
    return db
