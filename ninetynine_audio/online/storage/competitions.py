"""What the server keeps of its tournaments and daily deals, on either engine: each
tournament as its record (the field, its rounds and their results), its rounds and its
standings as rows of their own (so that a person or another program reads them without the
record), and each account's daily deal of each game and day (begun, then its result).

:class:`CompetitionRecords` is part of every :class:`~ninetynine_audio.online.storage.common.
SqlStore`; a write goes through ``_write``, which an engine that writes behind its caller
(PostgreSQL) queues.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from ninetynine_audio.online.storage.rows import QueryPart, Sql, first

ENTERED = "entered"
"""An entry into a tournament taken (or the person had entered already)."""
FULL = "full"
"""An entry refused: every place is taken."""
CLOSED = "closed"
"""An entry refused: the tournament has started, or is no more."""
UNANSWERED = "unanswered"
"""No entry taken: the database could not be asked (the player may try again)."""

TOURNAMENT_LEASE = "tournament:"
"""Before a tournament's id, the key of its lease among the tables' (``leases``): a table's
code is digits only, so the two never meet."""


def tournament_lease(tid: str) -> str:
    """The key of tournament ``tid``'s lease."""
    return TOURNAMENT_LEASE + tid


@dataclass(frozen=True)
class StoredTournament:
    """One tournament as kept: ``record`` is the whole of it as plain data
    (``online.tournaments`` writes and reads it), ``rounds`` each round's tables and places,
    ``standings`` each line (place, name, who, points, tie-break)."""

    id: str
    game: str
    host: str
    state: str
    record: dict[str, Any]
    rounds: list[list[dict[str, Any]]]
    standings: list[dict[str, Any]]


@dataclass(frozen=True)
class PastGame:
    """A finished match one person played, kept for its review: ``record`` is the match as
    a table stores it (set-up and actions), ``seat`` theirs."""

    at: float
    game: str
    seat: int
    place: int
    players: int
    record: dict[str, Any]


@dataclass(frozen=True)
class DailyEntry:
    """One account's daily deal of one game on one day: ``result`` is None while it is being
    played (begun counts as played: it is played once)."""

    day: str
    game: str
    who: str
    name: str
    result: dict[str, Any] | None


def migration_five(real: str, serial: str) -> tuple[str, ...]:
    """The statements of migration 5 (``real``: the engine's double-precision type,
    ``serial`` its numbered key)."""
    return (
        f"""CREATE TABLE IF NOT EXISTS tournaments (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    host TEXT NOT NULL,
    state TEXT NOT NULL,
    record TEXT NOT NULL,
    updated {real} NOT NULL
)""",
        """CREATE TABLE IF NOT EXISTS tournament_rounds (
    tournament TEXT NOT NULL,
    number INTEGER NOT NULL,
    tables TEXT NOT NULL,
    PRIMARY KEY (tournament, number)
)""",
        """CREATE TABLE IF NOT EXISTS tournament_standings (
    tournament TEXT NOT NULL,
    place INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    name TEXT NOT NULL,
    who TEXT,
    points INTEGER NOT NULL,
    tie_break INTEGER NOT NULL,
    PRIMARY KEY (tournament, seed)
)""",
        f"""CREATE TABLE IF NOT EXISTS past_games (
    id {serial},
    who TEXT NOT NULL,
    at {real} NOT NULL,
    game TEXT NOT NULL,
    seat INTEGER NOT NULL,
    place INTEGER NOT NULL,
    players INTEGER NOT NULL,
    record TEXT NOT NULL
)""",
        "CREATE INDEX IF NOT EXISTS past_games_by_who ON past_games (who, at)",
        f"""CREATE TABLE IF NOT EXISTS daily_results (
    day TEXT NOT NULL,
    game TEXT NOT NULL,
    who TEXT NOT NULL,
    name TEXT NOT NULL,
    result TEXT,
    at {real} NOT NULL,
    PRIMARY KEY (day, game, who)
)""",
    )


def migration_seven(real: str) -> tuple[str, ...]:
    """The statements of migration 7: the people who entered a tournament from a process
    other than the one that runs it, stored for that one to read; and the results by table,
    which a tournament's process reads for its tables played elsewhere."""
    return (
        f"""CREATE TABLE IF NOT EXISTS tournament_entries (
    tournament TEXT NOT NULL,
    who TEXT NOT NULL,
    name TEXT NOT NULL,
    at {real} NOT NULL,
    PRIMARY KEY (tournament, who)
)""",
        "CREATE INDEX IF NOT EXISTS results_by_code ON results (code)",
    )


MIGRATION_EIGHT = "ALTER TABLE tournament_entries ADD COLUMN language TEXT"
"""Migration 8: the language each entrant speaks, so that the process that seats a person
who entered from another process speaks to the seat kept for them in it."""

Entry = tuple[str, str, str | None]
"""A place taken in a tournament: who, their name, and the language they speak (None: not
known, a place taken before it was stored)."""


class CompetitionRecords(QueryPart):
    """Tournaments and daily deals, written once for both engines."""

    _fenced: Callable[[Sql, str], bool]
    """``LeaseStore``'s fence: whether a write under a lease may be kept."""
    HOLD_ROW: str
    """``LeaseStore``'s: what holds a row read to the end of its transaction."""

    # -- tournaments ----------------------------------------------------------------------------

    def save_tournament(self, tournament: StoredTournament) -> None:
        """Store a tournament as it is now, its rounds and standings with it; in a cluster
        only while this process holds the tournament's lease (as a table's writes)."""
        self._write(partial(self._save_fenced, tournament=tournament))

    def _save_fenced(self, sql: Sql, tournament: StoredTournament) -> None:
        if self._fenced(sql, tournament_lease(tournament.id)):
            _save_tournament(sql, tournament)

    def tournaments(self, states: tuple[str, ...] = ()) -> list[StoredTournament]:
        """The stored tournaments (those in ``states`` when given), oldest first."""
        return self._read_tournaments("", (), states)

    def stored_tournament(self, tid: str) -> StoredTournament | None:
        """The stored tournament ``tid``, or None."""
        found = self._read_tournaments(" WHERE id = ?", (tid,), ())
        return found[0] if found else None

    def leave_tournament(self, tid: str, who: str) -> None:
        """``who`` gives up the place taken by :meth:`take_place`, at once (free for the
        next to take)."""
        with self._sql() as sql:
            _leave(sql, tid, who)

    # In a cluster the entries of a waiting tournament are its places, wherever each was
    # taken: every entry is taken, and the places closed at the start, in a transaction
    # holding the tournament's row (PostgreSQL's ``FOR UPDATE``; SQLite writes one at a time),
    # so that two people taking the last place on two processes never both have it.

    def open_tournament(
        self, tournament: StoredTournament, name: str, language: str | None = None
    ) -> bool:
        """Store the new ``tournament`` with its host (called ``name``) in its first place,
        unless its host already hosts one not over (on any process); whether it was. The
        check and the write are one transaction, held off from any other opening."""
        with self._transaction() as sql:
            self._serialize_openings(sql)
            hosting = first(
                sql,
                "SELECT 1 FROM tournaments t WHERE t.host = ? AND (t.state = 'playing' OR"
                " (t.state = 'waiting' AND EXISTS (SELECT 1 FROM tournament_entries e"
                " WHERE e.tournament = t.id)))",
                (tournament.host,),
            )
            if hosting is not None:
                return False
            _save_tournament(sql, tournament)
            _enter(sql, tournament.id, tournament.host, name, language)
        return True

    def take_place(
        self, tid: str, who: str, name: str, size: int, language: str | None = None
    ) -> str:
        """``who`` (called ``name``, speaking ``language``) takes a place in waiting
        tournament ``tid`` of ``size`` places: :data:`ENTERED`, :data:`FULL` or
        :data:`CLOSED`. A place ``who`` has already keeps ``language`` as theirs now."""
        with self._transaction() as sql:
            row = first(sql, "SELECT state FROM tournaments WHERE id = ?" + self.HOLD_ROW, (tid,))
            if row is None or row[0] != "waiting":
                return CLOSED
            if first(
                sql, "SELECT 1 FROM tournament_entries WHERE tournament = ? AND who = ?", (tid, who)
            ):
                sql.run(
                    "UPDATE tournament_entries SET language = COALESCE(?, language)"
                    " WHERE tournament = ? AND who = ?",
                    (language, tid, who),
                )
                return ENTERED
            taken = first(
                sql, "SELECT COUNT(*) FROM tournament_entries WHERE tournament = ?", (tid,)
            )
            if taken is not None and int(taken[0]) >= size:
                return FULL
            _enter(sql, tid, who, name, language)
        return ENTERED

    def close_entries(self, tid: str) -> list[Entry]:
        """Close tournament ``tid``'s places as it starts (no place is taken after); who took
        them (identity, name, language), in the order they did."""
        with self._transaction() as sql:
            first(sql, "SELECT state FROM tournaments WHERE id = ?" + self.HOLD_ROW, (tid,))
            sql.run("UPDATE tournaments SET state = 'playing' WHERE id = ?", (tid,))
            return _entries(sql, tid)

    def _serialize_openings(self, sql: Sql) -> None:
        """Hold off, until this transaction ends, every other opening of a tournament."""

    def tournament_entries(self, tid: str) -> list[Entry]:
        """Who took a place in tournament ``tid`` (identity, name, language), in the order
        they did."""
        with self._sql() as sql:
            return _entries(sql, tid)

    def table_places(self, code: str) -> list[dict[str, Any]] | None:
        """The seats of the last match recorded at table ``code`` (each one's place and
        score), or None: how a tournament learns a result its table's process recorded."""
        with self._sql() as sql:
            row = first(sql, "SELECT players FROM results WHERE code = ? ORDER BY id DESC", (code,))
        return None if row is None else list(json.loads(row[0]))

    def _read_tournaments(
        self, where: str, params: tuple[Any, ...], states: tuple[str, ...]
    ) -> list[StoredTournament]:
        with self._sql() as sql:
            rows = sql.rows(
                "SELECT id, game, host, state, record FROM tournaments"
                + where
                + " ORDER BY updated, id",
                params,
            )
            found = []
            for tid, game, host, state, record in rows:
                if states and state not in states:
                    continue
                rounds = [
                    json.loads(tables)
                    for (tables,) in sql.rows(
                        "SELECT tables FROM tournament_rounds WHERE tournament = ? ORDER BY number",
                        (tid,),
                    )
                ]
                standings = [
                    {"place": r[0], "name": r[1], "who": r[2], "points": r[3], "tie_break": r[4]}
                    for r in sql.rows(
                        "SELECT place, name, who, points, tie_break FROM tournament_standings"
                        " WHERE tournament = ? ORDER BY place, seed",
                        (tid,),
                    )
                ]
                found.append(
                    StoredTournament(tid, game, host, state, json.loads(record), rounds, standings)
                )
        return found

    # -- each person's last games ----------------------------------------------------------------

    def keep_game(self, who: str, game: PastGame, keep: int = 10) -> None:
        """Keep ``game`` for ``who``, with only their last ``keep`` games."""
        self._write(partial(_keep_game, who=who, game=game, keep=keep))

    def past_games(self, who: str) -> list[PastGame]:
        """``who``'s kept games, the last first."""
        with self._sql() as sql:
            rows = sql.rows(
                "SELECT at, game, seat, place, players, record FROM past_games WHERE who = ?"
                " ORDER BY at DESC, id DESC",
                (who,),
            )
        return [
            PastGame(at, game, seat, place, count, json.loads(record))
            for at, game, seat, place, count, record in rows
        ]

    # -- daily deals ----------------------------------------------------------------------------

    def begin_daily(self, day: str, game: str, who: str, name: str) -> None:
        """``who`` has begun the daily deal of ``game`` on ``day`` (kept even if never
        finished: it is played once)."""
        self._write(partial(_begin_daily, day=day, game=game, who=who, name=name))

    def finish_daily(self, day: str, game: str, who: str, result: dict[str, Any]) -> None:
        """``who``'s result of the daily deal of ``game`` on ``day`` (again with the coach's
        cost once it is reviewed)."""
        self._write(partial(_finish_daily, day=day, game=game, who=who, result=result))

    def daily_entries(self, day: str, game: str) -> list[DailyEntry]:
        """Everyone's daily deal of ``game`` on ``day``, begun or finished."""
        with self._sql() as sql:
            rows = sql.rows(
                "SELECT who, name, result FROM daily_results WHERE day = ? AND game = ?"
                " ORDER BY at, who",
                (day, game),
            )
        return [
            DailyEntry(day, game, who, name, None if result is None else json.loads(result))
            for who, name, result in rows
        ]


def _save_tournament(sql: Sql, tournament: StoredTournament) -> None:
    now = time.time()
    sql.run(
        "INSERT INTO tournaments (id, game, host, state, record, updated)"
        " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET"
        " game = excluded.game, host = excluded.host,"
        # Places closed at the start stay closed, whatever write of the waiting one follows.
        " state = CASE WHEN tournaments.state = 'playing' AND excluded.state = 'waiting'"
        " THEN tournaments.state ELSE excluded.state END,"
        " record = excluded.record, updated = excluded.updated",
        (
            tournament.id,
            tournament.game,
            tournament.host,
            tournament.state,
            json.dumps(tournament.record),
            now,
        ),
    )
    sql.run("DELETE FROM tournament_rounds WHERE tournament = ?", (tournament.id,))
    for number, tables in enumerate(tournament.rounds, start=1):
        sql.run(
            "INSERT INTO tournament_rounds (tournament, number, tables) VALUES (?, ?, ?)",
            (tournament.id, number, json.dumps(tables)),
        )
    sql.run("DELETE FROM tournament_standings WHERE tournament = ?", (tournament.id,))
    for seed, line in enumerate(tournament.standings):
        sql.run(
            "INSERT INTO tournament_standings"
            " (tournament, place, seed, name, who, points, tie_break)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                tournament.id,
                int(line["place"]),
                int(line.get("seed", seed)),
                str(line["name"]),
                line.get("who"),
                int(line["points"]),
                int(line["tie_break"]),
            ),
        )


def _enter(sql: Sql, tid: str, who: str, name: str, language: str | None) -> None:
    sql.run(
        "INSERT INTO tournament_entries (tournament, who, name, at, language)"
        " VALUES (?, ?, ?, ?, ?) ON CONFLICT (tournament, who) DO NOTHING",
        (tid, who, name, time.time(), language),
    )


def _entries(sql: Sql, tid: str) -> list[Entry]:
    rows = sql.rows(
        "SELECT who, name, language FROM tournament_entries WHERE tournament = ? ORDER BY at, who",
        (tid,),
    )
    return [
        (str(who), str(name), None if language is None else str(language))
        for who, name, language in rows
    ]


def _leave(sql: Sql, tid: str, who: str) -> None:
    sql.run("DELETE FROM tournament_entries WHERE tournament = ? AND who = ?", (tid, who))


def _keep_game(sql: Sql, who: str, game: PastGame, keep: int) -> None:
    sql.run(
        "INSERT INTO past_games (who, at, game, seat, place, players, record)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (who, game.at, game.game, game.seat, game.place, game.players, json.dumps(game.record)),
    )
    kept = sql.rows("SELECT id FROM past_games WHERE who = ? ORDER BY at DESC, id DESC", (who,))
    for (old,) in kept[keep:]:
        sql.run("DELETE FROM past_games WHERE id = ?", (old,))


def _begin_daily(sql: Sql, day: str, game: str, who: str, name: str) -> None:
    sql.run(
        "INSERT INTO daily_results (day, game, who, name, result, at) VALUES (?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (day, game, who) DO NOTHING",
        (day, game, who, name, None, time.time()),
    )


def _finish_daily(sql: Sql, day: str, game: str, who: str, result: dict[str, Any]) -> None:
    sql.run(
        "UPDATE daily_results SET result = ? WHERE day = ? AND game = ? AND who = ?",
        (json.dumps(result), day, game, who),
    )
