"""What the server keeps of the people around its tables: accounts' friends and blocks.

Friends are kept as two rows, one from each side, once both have said yes (``friend``); a
request waits as one row from the asker (``asked``) until the other answers. A block is one
row from the player who blocked. Accounts are named by their canonical key (``name_key``);
guests have no rows (what a guest blocks lasts as long as the guest's session).

Reads run at once; writes go through :meth:`PeopleQueries._write`, which SQLite runs at
once and PostgreSQL queues behind its other writes (a write never blocks the event loop).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ninetynine_audio.online.identity import name_key
from ninetynine_audio.online.storage.rows import QueryPart

FRIEND = "friend"
ASKED = "asked"
ASKING = "asking"
"""Where two accounts stand: friends; this one asked the other; the other asks this one."""


@dataclass(frozen=True)
class Friendship:
    """One line of an account's friends: the other's name as shown, and where it stands
    (``friend``; ``asked``: this account asked; ``asking``: the other asks this account)."""

    name: str
    state: str


@dataclass(frozen=True)
class Standing:
    """An account's place on a game's leaderboard, among how many rated players."""

    place: int
    of: int


class PeopleQueries(QueryPart):
    """Friends, blocks and leaderboard places, for :class:`~.common.SqlStore`."""

    def friends(self, name: str) -> list[Friendship]:
        """``name``'s friends and requests, by name."""
        key = name_key(name)
        with self._sql() as sql:
            mine = sql.rows(
                "SELECT f.other, f.state, COALESCE(p.name, f.other) FROM friends f"
                " LEFT JOIN players p ON p.key = f.other WHERE f.key = ?",
                (key,),
            )
            theirs = sql.rows(
                "SELECT f.key, COALESCE(p.name, f.key) FROM friends f"
                " LEFT JOIN players p ON p.key = f.key WHERE f.other = ? AND f.state = ?",
                (key, ASKED),
            )
        found = [Friendship(str(shown), str(state)) for _other, state, shown in mine]
        found += [Friendship(str(shown), ASKING) for _key, shown in theirs]
        return sorted(found, key=lambda f: (f.state != FRIEND, name_key(f.name)))

    def ask_friend(self, name: str, other: str) -> None:
        """``name`` asks ``other`` to be friends; when ``other`` had asked already, they are."""
        key, them = name_key(name), name_key(other)

        def write(sql: Any) -> None:
            asked = sql.rows(
                "SELECT 1 FROM friends WHERE key = ? AND other = ? AND state = ?",
                (them, key, ASKED),
            )
            if asked:
                _befriend(sql, key, them)
            else:
                _put(sql, key, them, ASKED)

        self._write(write)

    def answer_friend(self, name: str, asker: str, yes: bool) -> None:
        """``name`` says yes (friends both ways) or no (the request goes) to ``asker``."""
        key, them = name_key(name), name_key(asker)

        def write(sql: Any) -> None:
            if yes:
                _befriend(sql, key, them)
            else:
                sql.run(
                    "DELETE FROM friends WHERE key = ? AND other = ? AND state = ?",
                    (them, key, ASKED),
                )

        self._write(write)

    def end_friendship(self, name: str, other: str) -> None:
        """``name`` and ``other`` are friends no more (a request either way goes too)."""
        key, them = name_key(name), name_key(other)

        def write(sql: Any) -> None:
            sql.run("DELETE FROM friends WHERE key = ? AND other = ?", (key, them))
            sql.run("DELETE FROM friends WHERE key = ? AND other = ?", (them, key))

        self._write(write)

    def blocked(self, name: str) -> list[str]:
        """The keys of the accounts ``name`` blocks."""
        with self._sql() as sql:
            rows = sql.rows("SELECT other FROM blocks WHERE key = ?", (name_key(name),))
        return sorted(str(row[0]) for row in rows)

    def set_blocked(self, name: str, other: str, blocked: bool) -> None:
        """``name`` blocks ``other`` (a friendship or request between them ends), or not."""
        key, them = name_key(name), name_key(other)

        def write(sql: Any) -> None:
            if blocked:
                sql.run(
                    "INSERT INTO blocks (key, other, since) VALUES (?, ?, ?)"
                    " ON CONFLICT (key, other) DO NOTHING",
                    (key, them, time.time()),
                )
                sql.run("DELETE FROM friends WHERE key = ? AND other = ?", (key, them))
                sql.run("DELETE FROM friends WHERE key = ? AND other = ?", (them, key))
            else:
                sql.run("DELETE FROM blocks WHERE key = ? AND other = ?", (key, them))

        self._write(write)

    def standing(self, name: str, game: str) -> Standing | None:
        """``name``'s place on ``game``'s leaderboard (by sure skill), or None unrated."""
        key = name_key(name)
        with self._sql() as sql:
            mine = sql.rows(
                "SELECT mu - 3 * sigma FROM ratings WHERE key = ? AND game = ?", (key, game)
            )
            if not mine:
                return None
            ahead = sql.rows(
                "SELECT COUNT(*) FROM ratings WHERE game = ? AND mu - 3 * sigma > ?",
                (game, mine[0][0]),
            )
            count = sql.rows("SELECT COUNT(*) FROM ratings WHERE game = ?", (game,))
        return Standing(int(ahead[0][0]) + 1, int(count[0][0]))


def _put(sql: Any, key: str, other: str, state: str) -> None:
    sql.run(
        "INSERT INTO friends (key, other, state, since) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (key, other) DO UPDATE SET state = excluded.state",
        (key, other, state, time.time()),
    )


def _befriend(sql: Any, key: str, other: str) -> None:
    _put(sql, key, other, FRIEND)
    _put(sql, other, key, FRIEND)
