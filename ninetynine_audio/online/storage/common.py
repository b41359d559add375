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
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from ninetynine_audio.online.identity import display_name, name_key, skeleton
from ninetynine_audio.online.storage.competitions import CompetitionRecords
from ninetynine_audio.online.storage.leases import LeaseStore
from ninetynine_audio.online.storage.moderation import ModerationStore
from ninetynine_audio.online.storage.people import PeopleQueries
from ninetynine_audio.online.storage.rows import Sql, StoredTable, first, plain, stored_table
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


class SqlStore(PeopleQueries, ModerationStore, CompetitionRecords, LeaseStore):
    """Players, tables, results and ratings, on whichever engine the subclass opens.

    ``ROW_ID`` is the column that names one stored table's row even when the row is damaged
    (SQLite's ``rowid``; PostgreSQL checks every column's type, so its code).
    """

    ROW_ID = "code"

    def __init__(self) -> None:
        # Cheap enough for a game server on a small machine, still far from guessable.
        self.hasher = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1)
        self.fenced_by = None

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
