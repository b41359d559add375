"""The server's own data, in one SQLite file under ``--data``: players, tables, results, ratings.

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
import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from ninetynine_audio.online.identity import (
    account_identity,
    display_name,
    guest_identity,
    name_key,
    name_problem,
    skeleton,
)
from ninetynine_audio.store.locks import FileLock, LockUnavailable

log = logging.getLogger(__name__)

CHECKPOINT_EVERY_S = 1.0
LOCK_NAME = "server.lock"
"""The file the running server locks in its data folder."""
SCHEMA_VERSION = 1
"""0: names unique by ASCII case only, guests' tokens in clear; 1: names by their canonical
key (``online.identity``), tokens hashed, damaged tables set aside."""

PLAYERS = """CREATE TABLE IF NOT EXISTS players (
    key TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    hash TEXT NOT NULL,
    created REAL NOT NULL,
    skeleton TEXT NOT NULL
)"""
RATINGS = """CREATE TABLE IF NOT EXISTS ratings (
    key TEXT NOT NULL,
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (key, game)
)"""
SCHEMA = (
    PLAYERS,
    """CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    state TEXT NOT NULL,
    listed INTEGER NOT NULL,
    host TEXT NOT NULL,
    seats TEXT NOT NULL,
    settings TEXT NOT NULL,
    record TEXT,
    updated REAL NOT NULL
)""",
    """CREATE TABLE IF NOT EXISTS results (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL,
    game TEXT NOT NULL,
    finished REAL NOT NULL,
    players TEXT NOT NULL
)""",
    "CREATE INDEX IF NOT EXISTS players_by_skeleton ON players (skeleton)",
    RATINGS,
    """CREATE TABLE IF NOT EXISTS set_aside (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT,
    reason TEXT NOT NULL,
    row TEXT NOT NULL,
    at REAL NOT NULL
)""",
)
"""The statements that make the tables of this version (each kept when it exists)."""


class DataProblem(Exception):
    """The data folder cannot be used. ``kind``: ``"locked"`` (another server holds it),
    ``"unwritable"``, ``"damaged"`` or ``"newer"``; ``where`` the folder or file; ``detail``
    the system's words, if any."""

    def __init__(self, kind: str, where: Path, detail: str = "") -> None:
        super().__init__(f"{kind}: {where}: {detail}")
        self.kind = kind
        self.where = where
        self.detail = detail


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

    @property
    def ordinal(self) -> float:
        """The figure the leaderboard ranks by: sure skill, ``mu - 3 sigma``."""
        return self.mu - 3 * self.sigma


class Database:
    """The server's SQLite file. Every write is committed at once (the file survives a kill).

    Raises:
        DataProblem: the folder is held by another server, cannot be written, or holds a
            damaged database or one of a newer version.
    """

    def __init__(self, folder: Path) -> None:
        self.path = folder / "server.sqlite3"
        self.lock = _lock_folder(folder)
        try:
            self.db = _open(self.path)
        except BaseException:
            self.lock.release()
            raise
        self._stop = threading.Event()
        self._checkpointer = threading.Thread(
            target=self._checkpoint_loop, name="sqlite-checkpoint", daemon=True
        )
        self._checkpointer.start()
        # Cheap enough for a game server on a small machine, still far from guessable.
        self.hasher = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1)

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

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """Several writes that are kept all together or not at all."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # -- accounts ---------------------------------------------------------------------------

    def look_alike(self, name: str) -> str | None:
        """The name of an account that ``name``, itself no account's, could be taken for (one
        skeleton: "Асе" in Cyrillic for "Ace"), or None. Accounts made before this check
        keep their names, look-alike or not."""
        if self.account_exists(name):
            return None
        row = self.db.execute(
            "SELECT name FROM players WHERE skeleton = ? LIMIT 1", (skeleton(name),)
        ).fetchone()
        return None if row is None else str(row[0])

    def account_exists(self, name: str) -> bool:
        """Whether ``name`` (any spelling of it) is an account."""
        row = self.db.execute("SELECT 1 FROM players WHERE key = ?", (name_key(name),)).fetchone()
        return row is not None

    def sign_in(self, name: str, password: str) -> tuple[bool, str]:
        """Check the password of ``name``, creating the account when the name is new;
        (whether it is right, the account's name as first written)."""
        key = name_key(name)
        row = self.db.execute("SELECT name, hash FROM players WHERE key = ?", (key,)).fetchone()
        if row is None:
            shown = display_name(name)
            self.db.execute(
                "INSERT INTO players (key, name, hash, created, skeleton) VALUES (?, ?, ?, ?, ?)",
                (key, shown, self.hasher.hash(password), time.time(), skeleton(shown)),
            )
            return True, shown
        stored_name, stored_hash = row
        try:
            self.hasher.verify(stored_hash, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False, stored_name
        if self.hasher.check_needs_rehash(stored_hash):
            self.db.execute(
                "UPDATE players SET hash = ? WHERE key = ?", (self.hasher.hash(password), key)
            )
        return True, stored_name

    # -- tables -----------------------------------------------------------------------------

    def save_table(self, table: StoredTable) -> None:
        """Store a table as it is now (replacing what was stored)."""
        self.db.execute(
            "INSERT OR REPLACE INTO tables"
            " (code, game, state, listed, host, seats, settings, record, updated)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
        self.db.execute("DELETE FROM tables WHERE code = ?", (code,))

    def tables(self) -> list[StoredTable]:
        """Every stored table that can be read; a row that cannot is set aside (and named in
        the log), so that one damaged table never keeps the others from loading."""
        rows = self.db.execute(
            "SELECT rowid, code, game, state, listed, host, seats, settings, record FROM tables"
        ).fetchall()
        found = []
        for rowid, *row in rows:
            try:
                found.append(_stored_table(row))
            except (TypeError, ValueError, RecursionError) as error:
                self.set_aside(rowid, f"unreadable row: {error}")
        return found

    def set_aside(self, rowid_or_code: int | str, reason: str) -> None:
        """Move a stored table out of the tables to load into ``set_aside`` (by its row id,
        or by its code), with why; it is kept there for a person to look at."""
        column = "rowid" if isinstance(rowid_or_code, int) else "code"
        row = self.db.execute(
            "SELECT code, game, state, listed, host, seats, settings, record, updated"
            f" FROM tables WHERE {column} = ?",
            (rowid_or_code,),
        ).fetchone()
        if row is None:
            return
        kept = json.dumps([_plain(value) for value in row])
        with self._transaction() as db:
            db.execute(
                "INSERT INTO set_aside (code, reason, row, at) VALUES (?, ?, ?, ?)",
                (_plain(row[0]), reason, kept, time.time()),
            )
            db.execute(f"DELETE FROM tables WHERE {column} = ?", (rowid_or_code,))
        log.warning("table %s was set aside: %s", _plain(row[0]), reason)

    def set_aside_count(self) -> int:
        """How many tables were set aside."""
        return int(self.db.execute("SELECT COUNT(*) FROM set_aside").fetchone()[0])

    # -- results and ratings ----------------------------------------------------------------

    def record_result(
        self, code: str, game: str, players: list[dict[str, Any]], accounts: list[list[str]]
    ) -> None:
        """Store a finished match, and update the ratings of its accounts, all together.

        ``players`` is each seat's name, kind, place and score; ``accounts`` the account
        names grouped by place, best first (guests and computers are not rated)."""
        ranked = [group for group in accounts if group]
        with self._transaction() as db:
            db.execute(
                "INSERT INTO results (code, game, finished, players) VALUES (?, ?, ?, ?)",
                (code, game, time.time(), json.dumps(players)),
            )
            if sum(len(group) for group in ranked) >= 2:
                self._rate(game, ranked)

    def _rate(self, game: str, ranked: list[list[str]]) -> None:
        from openskill.models import PlackettLuce

        model = PlackettLuce()
        teams = []
        for group in ranked:
            team = []
            for name in group:
                old = self.rating(name, game)
                team.append(model.rating(mu=old.mu, sigma=old.sigma, name=name_key(name)))
            teams.append(team)
        # Each account is its own team; a shared place is a tie.
        flat = [[player] for team in teams for player in team]
        ranks: list[float] = [float(place) for place, team in enumerate(teams) for _ in team]
        new = model.rate(flat, ranks=ranks)
        for (player,) in new:
            key = str(player.name)
            old = self.rating(key, game)
            self.db.execute(
                "INSERT OR REPLACE INTO ratings (key, name, game, mu, sigma, games)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (key, self._shown(key), game, player.mu, player.sigma, old.games + 1),
            )

    def _shown(self, key: str) -> str:
        row = self.db.execute("SELECT name FROM players WHERE key = ?", (key,)).fetchone()
        return str(row[0]) if row is not None else key

    def results_count(self) -> int:
        """How many matches are recorded."""
        return int(self.db.execute("SELECT COUNT(*) FROM results").fetchone()[0])

    def rating(self, name: str, game: str) -> Rating:
        """``name``'s rating at ``game`` (openskill's starting rating before any game)."""
        key = name_key(name)
        row = self.db.execute(
            "SELECT name, mu, sigma, games FROM ratings WHERE key = ? AND game = ?", (key, game)
        ).fetchone()
        if row is None:
            return Rating(self._shown(key), game, 25.0, 25.0 / 3, 0)
        return Rating(row[0], game, row[1], row[2], row[3])

    def ratings_of(self, name: str) -> list[Rating]:
        """Every game ``name`` has a rating in."""
        rows = self.db.execute(
            "SELECT name, game, mu, sigma, games FROM ratings WHERE key = ? ORDER BY game",
            (name_key(name),),
        ).fetchall()
        return [Rating(*row) for row in rows]

    def leaderboard(self, game: str, limit: int = 10) -> list[Rating]:
        """The best rated accounts at ``game``."""
        rows = self.db.execute(
            "SELECT name, game, mu, sigma, games FROM ratings WHERE game = ?"
            " ORDER BY mu - 3 * sigma DESC LIMIT ?",
            (game, limit),
        ).fetchall()
        return [Rating(*row) for row in rows]


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
            found.append(_stored_table(list(row)))
    return found


def _plain(value: object) -> object:
    """A stored value as JSON can keep it (bytes of a damaged row as text)."""
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return value


def _stored_table(row: list[Any]) -> StoredTable:
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


# -- opening the folder ----------------------------------------------------------------------


def _lock_folder(folder: Path) -> FileLock:
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
        existing = db.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'players'"
        ).fetchone()
        if existing is not None and version < 1:
            _migrate_names_and_tokens(db)
        for statement in SCHEMA:
            db.execute(statement)
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    except DataProblem:
        db.close()
        raise
    except sqlite3.DatabaseError as error:
        db.close()
        if isinstance(error, sqlite3.OperationalError):  # read-only, full, locked, I/O
            raise DataProblem("unwritable", path.parent, str(error)) from None
        raise DataProblem("damaged", path, str(error)) from None
    return db


def _migrate_names_and_tokens(db: sqlite3.Connection) -> None:
    """Version 0 to 1, in one transaction: accounts by their canonical key (two accounts
    whose names are now one keep the older under its name and the newer under a numbered
    one, both logged), ratings with them, and every guest token in the tables and results
    replaced by its hash."""
    db.execute("BEGIN IMMEDIATE")
    try:
        renamed = _migrate_players(db)
        _migrate_ratings(db, renamed)
        _migrate_identities(db, renamed)
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def _migrate_players(db: sqlite3.Connection) -> dict[str, str]:
    """The new players table; the new key of each old name (exact, and in ASCII lower case
    as old sessions were known by)."""
    db.execute("ALTER TABLE players RENAME TO players_v0")
    db.execute(PLAYERS)
    keys: dict[str, str] = {}
    old = db.execute("SELECT name, hash, created FROM players_v0 ORDER BY created, name")
    for name, hashed, created in old.fetchall():
        shown = display_name(str(name))
        key = name_key(shown)
        taken = db.execute("SELECT name FROM players WHERE key = ?", (key,)).fetchone()
        if taken is not None:
            number = 2
            while db.execute(
                "SELECT 1 FROM players WHERE key = ?", (name_key(f"{shown} {number}"),)
            ).fetchone():
                number += 1
            log.warning(
                "the accounts %r and %r have one name now: %r keeps it, %r is now %r",
                taken[0],
                name,
                taken[0],
                name,
                f"{shown} {number}",
            )
            shown = f"{shown} {number}"
            key = name_key(shown)
        elif name_problem(shown) is not None:
            log.warning("the account %r has a name no longer allowed: it cannot sign in", name)
        db.execute(
            "INSERT INTO players (key, name, hash, created, skeleton) VALUES (?, ?, ?, ?, ?)",
            (key, shown, hashed, created, skeleton(shown)),
        )
        keys[str(name)] = key
        keys.setdefault(str(name).lower(), key)
    db.execute("DROP TABLE players_v0")
    return keys


def _migrate_ratings(db: sqlite3.Connection, keys: dict[str, str]) -> None:
    exists = db.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'ratings'"
    ).fetchone()
    db.execute(RATINGS.replace("EXISTS ratings", "EXISTS ratings_new"))
    if exists:
        rows = db.execute("SELECT name, game, mu, sigma, games FROM ratings").fetchall()
        for name, game, mu, sigma, games in rows:
            key = keys.get(str(name)) or keys.get(str(name).lower()) or name_key(str(name))
            shown = db.execute("SELECT name FROM players WHERE key = ?", (key,)).fetchone()
            db.execute(
                "INSERT OR IGNORE INTO ratings_new (key, name, game, mu, sigma, games)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (key, shown[0] if shown else name, game, mu, sigma, games),
            )
        db.execute("DROP TABLE ratings")
    db.execute("ALTER TABLE ratings_new RENAME TO ratings")


def _migrate_identities(db: sqlite3.Connection, keys: dict[str, str]) -> None:
    """Seats, hosts and results: ``account:<lower name>`` by the new key, ``guest:<token>``
    by the token's hash."""

    def new(who: object) -> object:
        if not isinstance(who, str):
            return who
        if who.startswith("account:"):
            old = who.removeprefix("account:")
            return f"account:{keys[old]}" if old in keys else account_identity(old)
        if who.startswith("guest:"):
            return guest_identity(who.removeprefix("guest:"))
        return who

    for code, host, seats in db.execute("SELECT code, host, seats FROM tables").fetchall():
        try:
            seat_list = json.loads(seats)
            for seat in seat_list:
                seat["who"] = new(seat.get("who"))
        except (TypeError, ValueError, AttributeError, RecursionError):
            continue  # a damaged row: set aside when the tables load
        db.execute(
            "UPDATE tables SET host = ?, seats = ? WHERE code = ?",
            (new(host), json.dumps(seat_list), code),
        )
    for number, players in db.execute("SELECT id, players FROM results").fetchall():
        try:
            entries = json.loads(players)
            for entry in entries:
                entry["who"] = new(entry.get("who"))
        except (TypeError, ValueError, AttributeError, RecursionError):
            continue
        db.execute("UPDATE results SET players = ? WHERE id = ?", (json.dumps(entries), number))
