"""What both engines store and how: the records, the problems that keep a store from being
used, and the queries, written once for SQLite and PostgreSQL alike.

The queries use ``?`` for their parameters and only SQL both engines read (``INSERT … ON
CONFLICT``, ``LIMIT``); each engine gives them a :class:`Sql` to run on — one statement, or
several kept all together (:meth:`SqlStore._transaction`).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from ninetynine_audio.online.identity import display_name, name_key, skeleton
from ninetynine_audio.online.storage.competitions import CompetitionRecords
from ninetynine_audio.online.storage.moderation import ModerationStore
from ninetynine_audio.online.storage.people import PeopleQueries
from ninetynine_audio.store.locks import FileLock, LockUnavailable

log = logging.getLogger(__name__)

LOCK_NAME = "server.lock"
"""The file the running server locks in its data folder."""


class DataProblem(Exception):
    """The store cannot be used. ``kind``: ``"locked"`` (another server holds it),
    ``"unwritable"``, ``"damaged"`` or ``"newer"``; ``where`` the folder, file or database;
    ``detail`` the system's words, if any."""

    def __init__(self, kind: str, where: Path | str, detail: str = "") -> None:
        super().__init__(f"{kind}: {where}: {detail}")
        self.kind = kind
        self.where = where
        self.detail = detail


class StoreRefused(OSError):
    """The store takes no writes for now (its database cannot be reached); the write was not
    kept, so the caller keeps it and tries again later."""


@dataclass(frozen=True)
class StoredTable:
    """One table as stored: its code, game, state, whether it is listed, its host, its
    seats (each a dict: ``kind``, ``name``, ``who`` — the account or guest identity or
    ``None`` — and ``replaced``), its settings and the match record once it has started."""

    code: str
    game: str
    state: str
    listed: bool
    host: str
    seats: list[dict[str, Any]]
    settings: dict[str, Any]
    record: dict[str, Any] | None


@dataclass(frozen=True)
class Rating:
    """One account's rating at one game."""

    name: str
    game: str
    mu: float
    sigma: float
    games: int
    wins: int = 0

    @property
    def ordinal(self) -> float:
        """The figure the leaderboard ranks by: sure skill, ``mu - 3 sigma``."""
        return self.mu - 3 * self.sigma


class Sql(Protocol):
    """One engine's connection, as the queries use it."""

    def rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Every row ``sql`` answers."""

    def run(self, sql: str, params: tuple[Any, ...] = ()) -> int:
        """Run ``sql``; how many rows it changed."""


def first(sql: Sql, query: str, params: tuple[Any, ...] = ()) -> tuple[Any, ...] | None:
    """The first row ``query`` answers, or None."""
    found = sql.rows(query, params)
    return found[0] if found else None


class SqlStore(PeopleQueries, ModerationStore, CompetitionRecords):
    """Players, tables, results and ratings, on whichever engine the subclass opens.

    ``ROW_ID`` is the column that names one stored table's row even when the row is damaged
    (SQLite's ``rowid``; PostgreSQL checks every column's type, so its code).
    """

    ROW_ID = "code"
    HOLD_ROW = " FOR UPDATE"
    SKIP_HELD = " FOR UPDATE SKIP LOCKED"
    """Held to the end of a fenced write's transaction, so that no other process takes the
    lease between the check and the write (SQLite's writes are one at a time already)."""
    NOW = "CAST(EXTRACT(EPOCH FROM clock_timestamp()) AS DOUBLE PRECISION)"
    """The database's own clock in seconds (one clock for every process that shares it)."""

    def __init__(self) -> None:
        # Cheap enough for a game server on a small machine, still far from guessable.
        self.hasher = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1)
        self.fenced_by: str | None = None
        """The server process whose writes of a table (and of its result) are kept only
        while it holds the table's lease (``online.cluster``); None: every write is kept."""

    def _sql(self) -> contextlib.AbstractContextManager[Sql]:
        """A connection for one statement, committed at once."""
        raise NotImplementedError

    def _transaction(self) -> contextlib.AbstractContextManager[Sql]:
        """A connection for several writes kept all together or not at all."""
        raise NotImplementedError

    def _serialize_results(self, sql: Sql) -> None:
        """Hold off, until this transaction ends, every other recording of a result (ratings
        are read, then written)."""

    # -- accounts ---------------------------------------------------------------------------

    def look_alike(self, name: str) -> str | None:
        """The name of an account that ``name``, itself no account's, could be taken for (one
        skeleton: "Асе" in Cyrillic for "Ace"), or None. Accounts made before this check
        keep their names, look-alike or not."""
        if self.account_exists(name):
            return None
        with self._sql() as sql:
            row = first(
                sql, "SELECT name FROM players WHERE skeleton = ? LIMIT 1", (skeleton(name),)
            )
        return None if row is None else str(row[0])

    def account_exists(self, name: str) -> bool:
        """Whether ``name`` (any spelling of it) is an account."""
        with self._sql() as sql:
            return first(sql, "SELECT 1 FROM players WHERE key = ?", (name_key(name),)) is not None

    def sign_in(self, name: str, password: str) -> tuple[bool, str]:
        """Check the password of ``name``, creating the account when the name is new;
        (whether it is right, the account's name as first written). Two sign-ins of one new
        name at once make one account: the second is checked against it."""
        key = name_key(name)
        with self._sql() as sql:
            row = first(sql, "SELECT name, hash FROM players WHERE key = ?", (key,))
            if row is None:
                shown = display_name(name)
                made = sql.run(
                    "INSERT INTO players (key, name, hash, created, skeleton)"
                    " VALUES (?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING",
                    (key, shown, self.hasher.hash(password), time.time(), skeleton(shown)),
                )
                if made:
                    return True, shown
                row = first(sql, "SELECT name, hash FROM players WHERE key = ?", (key,))
                assert row is not None  # made by another sign-in just now
            stored_name, stored_hash = row
            try:
                self.hasher.verify(stored_hash, password)
            except (VerifyMismatchError, VerificationError, InvalidHashError):
                return False, str(stored_name)
            if self.hasher.check_needs_rehash(stored_hash):
                sql.run(
                    "UPDATE players SET hash = ? WHERE key = ?", (self.hasher.hash(password), key)
                )
            return True, str(stored_name)

    # -- tables -----------------------------------------------------------------------------

    def save_table(self, table: StoredTable) -> None:
        """Store a table as it is now (replacing what was stored)."""
        with self._sql() as sql:
            self._save_table(sql, table)

    def _save_table(self, sql: Sql, table: StoredTable) -> None:
        if not self._fenced(sql, table.code):
            return
        sql.run(
            "INSERT INTO tables"
            " (code, game, state, listed, host, seats, settings, record, updated)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (code) DO UPDATE SET"
            " game = excluded.game, state = excluded.state, listed = excluded.listed,"
            " host = excluded.host, seats = excluded.seats, settings = excluded.settings,"
            " record = excluded.record, updated = excluded.updated",
            (
                table.code,
                table.game,
                table.state,
                int(table.listed),
                table.host,
                json.dumps(table.seats),
                json.dumps(table.settings),
                None if table.record is None else json.dumps(table.record),
                time.time(),
            ),
        )

    def drop_table(self, code: str) -> None:
        """Forget a table."""
        with self._sql() as sql:
            self._drop_table(sql, code)

    def _drop_table(self, sql: Sql, code: str) -> None:
        if not self._fenced(sql, code):
            return
        sql.run("DELETE FROM tables WHERE code = ?", (code,))

    def tables(self) -> list[StoredTable]:
        """Every stored table that can be read; a row that cannot is set aside (and named in
        the log), so that one damaged table never keeps the others from loading."""
        with self._sql() as sql:
            rows = sql.rows(
                f"SELECT {self.ROW_ID}, code, game, state, listed, host, seats, settings, record"
                " FROM tables"
            )
        found = []
        for row_id, *row in rows:
            try:
                found.append(stored_table(row))
            except (TypeError, ValueError, RecursionError) as error:
                self.set_aside(row_id, f"unreadable row: {error}")
        return found

    def set_aside(self, rowid_or_code: int | str, reason: str) -> None:
        """Move a stored table out of the tables to load into ``set_aside`` (by its row id,
        or by its code), with why; it is kept there for a person to look at."""
        column = self.ROW_ID if isinstance(rowid_or_code, int) else "code"
        with self._transaction() as sql:
            row = first(
                sql,
                "SELECT code, game, state, listed, host, seats, settings, record, updated"
                f" FROM tables WHERE {column} = ?",
                (rowid_or_code,),
            )
            if row is None:
                return
            kept = json.dumps([plain(value) for value in row])
            sql.run(
                "INSERT INTO set_aside (code, reason, row, at) VALUES (?, ?, ?, ?)",
                (plain(row[0]), reason, kept, time.time()),
            )
            sql.run(f"DELETE FROM tables WHERE {column} = ?", (rowid_or_code,))
        log.warning("table %s was set aside: %s", plain(row[0]), reason)

    def set_aside_count(self) -> int:
        """How many tables were set aside."""
        with self._sql() as sql:
            return int(sql.rows("SELECT COUNT(*) FROM set_aside")[0][0])

    # -- leases ---------------------------------------------------------------------------------

    def hold_table(self, code: str, holder: str, seconds: float) -> float | None:
        """Take the lease on table ``code`` for ``holder`` (a server process), or renew it,
        for ``seconds`` from now by the database's clock; until when it is held, or None when
        another holder's lease on it has not run out. One statement, so two holders asking at
        once never both have it. It waits on the database: call it off the event loop."""
        with self._sql() as sql:
            held = sql.rows(
                f"INSERT INTO leases (code, holder, until) VALUES (?, ?, {self.NOW} + ?)"
                " ON CONFLICT (code) DO UPDATE SET holder = excluded.holder,"
                f" until = excluded.until WHERE leases.holder = excluded.holder"
                f" OR leases.until <= {self.NOW} RETURNING until",
                (code, holder, float(seconds)),
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

    # -- results and ratings ----------------------------------------------------------------

    def record_result(
        self, code: str, game: str, players: list[dict[str, Any]], accounts: list[list[str]]
    ) -> None:
        """Store a finished match, and update the ratings of its accounts, all together.

        ``players`` is each seat's name, kind, place and score; ``accounts`` the account
        names grouped by place, best first (guests and computers are not rated)."""
        with self._transaction() as sql:
            self._record_result(sql, code, game, players, accounts)

    def _record_result(
        self,
        sql: Sql,
        code: str,
        game: str,
        players: list[dict[str, Any]],
        accounts: list[list[str]],
    ) -> None:
        ranked = [group for group in accounts if group]
        if not self._fenced(sql, code):
            return
        self._serialize_results(sql)
        sql.run(
            "INSERT INTO results (code, game, finished, players) VALUES (?, ?, ?, ?)",
            (code, game, time.time(), json.dumps(players)),
        )
        if sum(len(group) for group in ranked) >= 2:
            _rate(sql, game, ranked)

    def results_count(self) -> int:
        """How many matches are recorded."""
        with self._sql() as sql:
            return int(sql.rows("SELECT COUNT(*) FROM results")[0][0])

    def rating(self, name: str, game: str) -> Rating:
        """``name``'s rating at ``game`` (openskill's starting rating before any game)."""
        with self._sql() as sql:
            return _rating(sql, name_key(name), game)

    def ratings_of(self, name: str) -> list[Rating]:
        """Every game ``name`` has a rating in."""
        with self._sql() as sql:
            rows = sql.rows(
                "SELECT name, game, mu, sigma, games, wins FROM ratings WHERE key = ?"
                " ORDER BY game",
                (name_key(name),),
            )
        return [Rating(*row) for row in rows]

    def leaderboard(self, game: str, limit: int = 10) -> list[Rating]:
        """The best rated accounts at ``game``."""
        with self._sql() as sql:
            rows = sql.rows(
                "SELECT name, game, mu, sigma, games, wins FROM ratings WHERE game = ?"
                " ORDER BY mu - 3 * sigma DESC LIMIT ?",
                (game, limit),
            )
        return [Rating(*row) for row in rows]


def _rating(sql: Sql, key: str, game: str) -> Rating:
    row = first(
        sql,
        "SELECT name, mu, sigma, games, wins FROM ratings WHERE key = ? AND game = ?",
        (key, game),
    )
    if row is None:
        return Rating(_shown(sql, key), game, 25.0, 25.0 / 3, 0)
    return Rating(row[0], game, row[1], row[2], row[3], row[4])


def _shown(sql: Sql, key: str) -> str:
    row = first(sql, "SELECT name FROM players WHERE key = ?", (key,))
    return str(row[0]) if row is not None else key


def _rate(sql: Sql, game: str, ranked: list[list[str]]) -> None:
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    teams = []
    for group in ranked:
        team = []
        for name in group:
            old = _rating(sql, name_key(name), game)
            team.append(model.rating(mu=old.mu, sigma=old.sigma, name=name_key(name)))
        teams.append(team)
    # Each account is its own team; a shared place is a tie.
    flat = [[player] for team in teams for player in team]
    ranks: list[float] = [float(place) for place, team in enumerate(teams) for _ in team]
    new = model.rate(flat, ranks=ranks)
    for (player,), rank in zip(new, ranks, strict=True):
        key = str(player.name)
        old = _rating(sql, key, game)
        won = old.wins + (1 if rank == 0 else 0)  # first place, shared or not
        sql.run(
            "INSERT INTO ratings (key, name, game, mu, sigma, games, wins)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (key, game) DO UPDATE SET name = excluded.name, mu = excluded.mu,"
            " sigma = excluded.sigma, games = excluded.games, wins = excluded.wins",
            (key, _shown(sql, key), game, player.mu, player.sigma, old.games + 1, won),
        )


def plain(value: object) -> object:
    """A stored value as JSON can keep it (bytes of a damaged row as text)."""
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return value


def stored_table(row: list[Any]) -> StoredTable:
    """One row of ``tables``, checked; TypeError or ValueError when it cannot be a table."""
    code, game, state, listed, host, seats, settings, record = row
    for text in (code, game, state, host):
        if not isinstance(text, str):
            raise TypeError("a text column holds something else")
    seat_list = json.loads(seats)
    settings_map = json.loads(settings)
    record_map = None if record is None else json.loads(record)
    if not isinstance(seat_list, list) or not all(isinstance(s, dict) for s in seat_list):
        raise TypeError("the seats are not a list of seats")
    if not isinstance(settings_map, dict) or not isinstance(record_map, dict | None):
        raise TypeError("the settings or the record are not objects")
    return StoredTable(code, game, state, bool(listed), host, seat_list, settings_map, record_map)


def lock_folder(folder: Path) -> FileLock:
    """Hold the data folder for this server, or say why it cannot be."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise DataProblem("unwritable", folder, os.strerror(20)) from None  # not a folder
    except OSError as error:
        raise DataProblem("unwritable", folder, error.strerror or str(error)) from None
    lock = FileLock(folder / LOCK_NAME)
    try:
        held = lock.acquire(0.0)
    except LockUnavailable as error:
        raise DataProblem("unwritable", folder, str(error)) from None
    if not held:
        raise DataProblem("locked", folder)
    if not os.access(folder, os.W_OK):
        lock.release()
        raise DataProblem("unwritable", folder, os.strerror(13))
    return lock


@contextlib.contextmanager
def released_on_failure(lock: FileLock) -> Iterator[None]:
    """Let go of ``lock`` if what follows fails."""
    try:
        yield
    except BaseException:
        lock.release()
        raise
