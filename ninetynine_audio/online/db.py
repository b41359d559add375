"""The server's own data, in one SQLite file under ``--data``: players, tables, results, ratings.

A table in play is stored after every action as its set-up and actions (the same record as
a local save, ``games.saved.to_record``), beside who sits where; so after a crash the server
deals every table again, replays it and the players reconnect into the same position.
Passwords are kept only as argon2 hashes. Ratings are openskill's (Plackett–Luce), one per
account and game.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

CHECKPOINT_EVERY_S = 1.0

SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    name TEXT PRIMARY KEY COLLATE NOCASE,
    hash TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    state TEXT NOT NULL,
    listed INTEGER NOT NULL,
    host TEXT NOT NULL,
    seats TEXT NOT NULL,
    settings TEXT NOT NULL,
    record TEXT,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS results (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL,
    game TEXT NOT NULL,
    finished REAL NOT NULL,
    players TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS ratings (
    name TEXT NOT NULL COLLATE NOCASE,
    game TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (name, game)
);
"""


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
    """The server's SQLite file. Every write is committed at once (the file survives a kill)."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / "server.sqlite3"
        self.db = sqlite3.connect(self.path, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        # A commit in WAL mode at NORMAL only appends to the log, without waiting for the disk
        # (a killed process loses nothing committed); the disk waits are in the checkpoints
        # that copy the log into the file. Those are done by a thread of their own, so that
        # a slow disk never holds up the event loop, and every table with it.
        self.db.execute("PRAGMA wal_autocheckpoint=0")
        self.db.executescript(SCHEMA)
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
        """Close the file (the last connection to close copies the rest of the log)."""
        self._stop.set()
        self._checkpointer.join(timeout=5.0)
        self.db.close()

    # -- accounts ---------------------------------------------------------------------------

    def account_exists(self, name: str) -> bool:
        """Whether ``name`` is an account."""
        row = self.db.execute("SELECT 1 FROM players WHERE name = ?", (name,)).fetchone()
        return row is not None

    def sign_in(self, name: str, password: str) -> tuple[bool, str]:
        """Check the password of ``name``, creating the account when the name is new;
        (whether it is right, the account's name as first written)."""
        row = self.db.execute("SELECT name, hash FROM players WHERE name = ?", (name,)).fetchone()
        if row is None:
            self.db.execute(
                "INSERT INTO players (name, hash, created) VALUES (?, ?, ?)",
                (name, self.hasher.hash(password), time.time()),
            )
            return True, name
        stored_name, stored_hash = row
        try:
            self.hasher.verify(stored_hash, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False, stored_name
        if self.hasher.check_needs_rehash(stored_hash):
            self.db.execute(
                "UPDATE players SET hash = ? WHERE name = ?", (self.hasher.hash(password), name)
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
        """Every stored table."""
        rows = self.db.execute(
            "SELECT code, game, state, listed, host, seats, settings, record FROM tables"
        ).fetchall()
        return [
            StoredTable(
                code,
                game,
                state,
                bool(listed),
                host,
                json.loads(seats),
                json.loads(settings),
                None if record is None else json.loads(record),
            )
            for code, game, state, listed, host, seats, settings, record in rows
        ]

    # -- results and ratings ----------------------------------------------------------------

    def record_result(
        self, code: str, game: str, players: list[dict[str, Any]], accounts: list[list[str]]
    ) -> None:
        """Store a finished match, and update the ratings of its accounts.

        ``players`` is each seat's name, kind, place and score; ``accounts`` the account
        names grouped by place, best first (guests and computers are not rated)."""
        self.db.execute(
            "INSERT INTO results (code, game, finished, players) VALUES (?, ?, ?, ?)",
            (code, game, time.time(), json.dumps(players)),
        )
        ranked = [group for group in accounts if group]
        if sum(len(group) for group in ranked) < 2:
            return
        from openskill.models import PlackettLuce

        model = PlackettLuce()
        teams = []
        for group in ranked:
            team = []
            for name in group:
                old = self.rating(name, game)
                team.append(model.rating(mu=old.mu, sigma=old.sigma, name=name))
            teams.append(team)
        # Each account is its own team; a shared place is a tie.
        flat = [[player] for team in teams for player in team]
        ranks: list[float] = [float(place) for place, team in enumerate(teams) for _ in team]
        new = model.rate(flat, ranks=ranks)
        for (player,) in new:
            old = self.rating(str(player.name), game)
            self.db.execute(
                "INSERT OR REPLACE INTO ratings (name, game, mu, sigma, games)"
                " VALUES (?, ?, ?, ?, ?)",
                (player.name, game, player.mu, player.sigma, old.games + 1),
            )

    def results_count(self) -> int:
        """How many matches are recorded."""
        return int(self.db.execute("SELECT COUNT(*) FROM results").fetchone()[0])

    def rating(self, name: str, game: str) -> Rating:
        """``name``'s rating at ``game`` (openskill's starting rating before any game)."""
        row = self.db.execute(
            "SELECT mu, sigma, games FROM ratings WHERE name = ? AND game = ?", (name, game)
        ).fetchone()
        if row is None:
            return Rating(name, game, 25.0, 25.0 / 3, 0)
        return Rating(name, game, row[0], row[1], row[2])

    def ratings_of(self, name: str) -> list[Rating]:
        """Every game ``name`` has a rating in."""
        rows = self.db.execute(
            "SELECT name, game, mu, sigma, games FROM ratings WHERE name = ? ORDER BY game",
            (name,),
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
