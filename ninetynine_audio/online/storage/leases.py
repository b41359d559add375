"""Tables held by lease, for several server processes sharing one database
(``online.cluster``): each table's lease, the processes running and where players reach them,
the other processes' tables, and the fence that keeps a write of a table only while its lease
is held; a part of ``SqlStore``."""

from __future__ import annotations

import contextlib
import logging

from ninetynine_audio.online.storage.competitions import TOURNAMENT_LEASE
from ninetynine_audio.online.storage.rows import Sql, StoredTable, first, stored_table

log = logging.getLogger(__name__)


class LeaseStore:
    """Leases, processes and the fence; a part of ``SqlStore``."""

    HOLD_ROW = " FOR UPDATE"
    SKIP_HELD = " FOR UPDATE SKIP LOCKED"
    """Held to the end of a fenced write's transaction, so that no other process takes the
    lease between the check and the write (SQLite's writes are one at a time already)."""
    NOW = "CAST(EXTRACT(EPOCH FROM clock_timestamp()) AS DOUBLE PRECISION)"
    """The database's own clock in seconds (one clock for every process that shares it)."""

    fenced_by: str | None = None
    """The server process whose writes of a table (and of its result) are kept only while it
    holds the table's lease (``online.cluster``); None: every write is kept."""

    def _sql(self) -> contextlib.AbstractContextManager[Sql]:
        raise NotImplementedError

    def _transaction(self) -> contextlib.AbstractContextManager[Sql]:
        raise NotImplementedError

    # -- leases ---------------------------------------------------------------------------------

    def hold_table(self, code: str, holder: str, seconds: float) -> float | None:
        """Take the lease on table ``code`` for ``holder`` (a server process), or renew it,
        for ``seconds`` from now by the database's clock; until when it is held, or None when
        another holder's lease on it has not run out. One statement, so two holders asking at
        once never both have it. The clock is read once: the old lease must have run out by
        the moment the new one starts (read again after waiting on the row, it could be a
        moment later than that start, and the two leases would overlap by the wait). It waits
        on the database: call it off the event loop."""
        with self._sql() as sql:
            held = sql.rows(
                f"INSERT INTO leases (code, holder, until) VALUES (?, ?, {self.NOW} + ?)"
                " ON CONFLICT (code) DO UPDATE SET holder = excluded.holder,"
                " until = excluded.until WHERE leases.holder = excluded.holder"
                " OR leases.until <= excluded.until - ? RETURNING until",
                (code, holder, float(seconds), float(seconds)),
            )
        return float(held[0][0]) if held else None

    def let_go(self, code: str, holder: str) -> None:
        """End ``holder``'s lease on table ``code`` (another may take it at once)."""
        with self._sql() as sql:
            sql.run("DELETE FROM leases WHERE code = ? AND holder = ?", (code, holder))

    def renew(self, holder: str, seconds: float) -> set[str]:
        """Renew every lease ``holder`` has, for ``seconds`` from now by the database's clock,
        in one statement; the codes of the tables it holds now (a lease another holder took
        after it ran out is not among them). A lease whose row a fenced write holds at that
        moment is passed over, renewed at the next call: waiting for it, while that write's
        batch waits for another row this statement holds, would be a deadlock."""
        with self._sql() as sql:
            held = sql.rows(
                f"UPDATE leases SET until = {self.NOW} + ? WHERE code IN"
                f" (SELECT code FROM leases WHERE holder = ?{self.SKIP_HELD}) RETURNING code",
                (float(seconds), holder),
            )
        return {str(row[0]) for row in held}

    def _fenced(self, sql: Sql, code: str) -> bool:
        """Whether a write of table ``code`` may be kept: always, unless the store is fenced
        by a process (:attr:`fenced_by`), which then must hold the table's lease now. A
        write from a process that lost the lease (stopped, cut off, then running again) is
        dropped and named in the log: the table is another process's now."""
        if self.fenced_by is None:
            return True
        held = first(
            sql,
            f"SELECT 1 FROM leases WHERE code = ? AND holder = ? AND until > {self.NOW}"
            + self.HOLD_ROW,
            (code, self.fenced_by),
        )
        if held is None:
            log.warning("table %s: a write was dropped, its lease is no longer held", code)
        return held is not None

    # -- processes sharing the database ---------------------------------------------------------

    def announce(self, holder: str, url: str, seconds: float) -> None:
        """Say that the process ``holder`` runs, and that players are sent to it at ``url``,
        for ``seconds`` from now by the database's clock."""
        with self._sql() as sql:
            sql.run(
                f"INSERT INTO processes (holder, url, until) VALUES (?, ?, {self.NOW} + ?)"
                " ON CONFLICT (holder) DO UPDATE SET url = excluded.url, until = excluded.until",
                (holder, url, float(seconds)),
            )

    def withdraw(self, holder: str) -> None:
        """The process ``holder`` stops: forget it and let go of its leases."""
        with self._transaction() as sql:
            sql.run("DELETE FROM leases WHERE holder = ?", (holder,))
            sql.run("DELETE FROM processes WHERE holder = ?", (holder,))

    def unheld_tables(self) -> list[str]:
        """The codes of stored tables not over whose lease is nobody's now (never taken, let
        go, or run out: the process that held it stopped or was cut off)."""
        with self._sql() as sql:
            rows = sql.rows(
                "SELECT tables.code FROM tables LEFT JOIN leases ON leases.code = tables.code"
                f" WHERE tables.state <> 'over' AND (leases.code IS NULL"
                f" OR leases.until <= {self.NOW}) ORDER BY tables.code"
            )
        return [str(row[0]) for row in rows]

    def unheld_tournaments(self) -> list[str]:
        """The ids of stored tournaments not over whose lease is nobody's now."""
        with self._sql() as sql:
            rows = sql.rows(
                "SELECT tournaments.id FROM tournaments LEFT JOIN leases"
                " ON leases.code = CAST(? AS TEXT) || tournaments.id"
                " WHERE tournaments.state <> 'over' AND (leases.code IS NULL"
                f" OR leases.until <= {self.NOW}) ORDER BY tournaments.id",
                (TOURNAMENT_LEASE,),
            )
        return [str(row[0]) for row in rows]

    def others_tournaments(self, holder: str) -> list[tuple[str, str]]:
        """The ids of the stored tournaments not over that another running process holds,
        with the address of that process."""
        with self._sql() as sql:
            rows = sql.rows(
                "SELECT tournaments.id, processes.url FROM tournaments"
                " JOIN leases ON leases.code = CAST(? AS TEXT) || tournaments.id"
                " JOIN processes ON processes.holder = leases.holder"
                f" WHERE tournaments.state <> 'over' AND leases.holder <> ?"
                f" AND leases.until > {self.NOW} AND processes.until > {self.NOW}"
                " ORDER BY tournaments.id",
                (TOURNAMENT_LEASE, holder),
            )
        return [(str(tid), str(url)) for tid, url in rows]

    def holder_url(self, code: str, holder: str) -> str | None:
        """The address of the running process other than ``holder`` that holds table
        ``code``, or None."""
        with self._sql() as sql:
            row = first(
                sql,
                "SELECT processes.url FROM leases"
                " JOIN processes ON processes.holder = leases.holder"
                f" WHERE leases.code = ? AND leases.holder <> ? AND leases.until > {self.NOW}"
                f" AND processes.until > {self.NOW}",
                (code, holder),
            )
        return None if row is None else str(row[0])

    def notify(self, channel: str, payload: str) -> None:
        """Tell the other processes sharing the database (PostgreSQL's NOTIFY); nothing on
        an engine that is never shared."""

    def stored_table(self, code: str) -> StoredTable | None:
        """The stored table ``code``, or None (none, or one that cannot be read)."""
        with self._sql() as sql:
            row = first(
                sql,
                "SELECT code, game, state, listed, host, seats, settings, record"
                " FROM tables WHERE code = ?",
                (code,),
            )
        if row is None:
            return None
        try:
            return stored_table(list(row))
        except (TypeError, ValueError, RecursionError):
            return None

    def others_tables(self, holder: str) -> list[tuple[StoredTable, str]]:
        """Every stored table another running process holds, with the address of that
        process (seats and states as last stored), for the lobby and for joining by code."""
        with self._sql() as sql:
            rows = sql.rows(
                "SELECT tables.code, tables.game, tables.state, tables.listed, tables.host,"
                " tables.seats, tables.settings, NULL, processes.url FROM tables"
                " JOIN leases ON leases.code = tables.code"
                " JOIN processes ON processes.holder = leases.holder"
                f" WHERE leases.holder <> ? AND leases.until > {self.NOW}"
                f" AND processes.until > {self.NOW} ORDER BY tables.code",
                (holder,),
            )
        found = []
        for *row, url in rows:
            with contextlib.suppress(TypeError, ValueError, RecursionError):
                found.append((stored_table(row), str(url)))
        return found
