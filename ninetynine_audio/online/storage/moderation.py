"""What a server's owner decides about players, kept: bans of an account or an address, chat
mutes, and the reports players make of each other (with the last lines of chat).

Written once for both engines (``SqlStore`` takes these methods); the tables are made by
migration 4 (``migrations.py``). Times are wall-clock seconds (``time.time()``), so a ban
for a day lasts a day across restarts; ``until`` is None for good.
"""

from __future__ import annotations

import contextlib
import json
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ninetynine_audio.online.storage.rows import Sql


def moderation_tables(real: str, serial: str) -> tuple[str, ...]:
    """The statements of migration 4: ``real`` the engine's double type, ``serial`` its
    numbered key."""
    return (
        f"""CREATE TABLE IF NOT EXISTS bans (
    kind TEXT NOT NULL,
    target TEXT NOT NULL,
    until {real},
    by_whom TEXT NOT NULL,
    made {real} NOT NULL,
    PRIMARY KEY (kind, target)
)""",
        f"""CREATE TABLE IF NOT EXISTS chat_mutes (
    target TEXT PRIMARY KEY,
    until {real},
    by_whom TEXT NOT NULL,
    made {real} NOT NULL
)""",
        f"""CREATE TABLE IF NOT EXISTS reports (
    id {serial},
    reporter TEXT NOT NULL,
    reporter_name TEXT NOT NULL,
    reported TEXT NOT NULL,
    reported_name TEXT NOT NULL,
    table_code TEXT,
    reason TEXT NOT NULL,
    chat TEXT NOT NULL,
    made {real} NOT NULL
)""",
    )


ACCOUNT = "account"
"""A ban of an account, by its name key."""
ADDRESS = "address"
"""A ban of an address, as the server sees it (``limits.client_address``)."""


@dataclass(frozen=True)
class Report:
    """A player's report of another: who and whom (each identity and name), at which table,
    why, the chat lines that came before it (``"name: line"``), and when (wall-clock
    seconds)."""

    number: int
    reporter: str
    reporter_name: str
    reported: str
    reported_name: str
    table: str | None
    reason: str
    chat: tuple[str, ...]
    made: float


class _Sqlish:
    """What the methods below need of ``SqlStore``."""

    def _sql(self) -> contextlib.AbstractContextManager[Sql]:
        raise NotImplementedError


class ModerationStore(_Sqlish):
    """Bans, chat mutes and reports; a part of ``SqlStore``."""

    def ban(self, kind: str, target: str, until: float | None, by: str) -> None:
        """Ban ``target`` (an account's name key, or an address) until ``until`` (None: for
        good), replacing any ban of it."""
        with self._sql() as sql:
            sql.run("DELETE FROM bans WHERE kind = ? AND target = ?", (kind, target))
            sql.run(
                "INSERT INTO bans (kind, target, until, by_whom, made) VALUES (?, ?, ?, ?, ?)",
                (kind, target, until, by, time.time()),
            )

    def unban(self, kind: str, target: str) -> bool:
        """Lift the ban of ``target``; whether there was one."""
        with self._sql() as sql:
            return sql.run("DELETE FROM bans WHERE kind = ? AND target = ?", (kind, target)) > 0

    def banned_until(self, kind: str, target: str) -> float | None:
        """Until when ``target`` is banned (``inf`` for good), or None when it is not."""
        return _until(self, "SELECT until FROM bans WHERE kind = ? AND target = ?", (kind, target))

    def mute(self, target: str, until: float | None, by: str) -> None:
        """Keep the account of name key ``target`` out of chat until ``until`` (None: for good)."""
        with self._sql() as sql:
            sql.run("DELETE FROM chat_mutes WHERE target = ?", (target,))
            sql.run(
                "INSERT INTO chat_mutes (target, until, by_whom, made) VALUES (?, ?, ?, ?)",
                (target, until, by, time.time()),
            )

    def unmute(self, target: str) -> bool:
        """Let ``target`` chat again; whether it was muted."""
        with self._sql() as sql:
            return sql.run("DELETE FROM chat_mutes WHERE target = ?", (target,)) > 0

    def muted_until(self, target: str) -> float | None:
        """Until when ``target`` is kept out of chat (``inf`` for good), or None."""
        return _until(self, "SELECT until FROM chat_mutes WHERE target = ?", (target,))

    def add_report(
        self,
        reporter: tuple[str, str],
        reported: tuple[str, str],
        table: str | None,
        reason: str,
        chat: list[str],
    ) -> None:
        """Keep a player's report of another (each as identity and name), with the chat
        lines before it."""
        with self._sql() as sql:
            sql.run(
                "INSERT INTO reports (reporter, reporter_name, reported, reported_name,"
                " table_code, reason, chat, made) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (*reporter, *reported, table, reason, json.dumps(chat), time.time()),
            )

    def reports(self, limit: int = 20) -> list[Report]:
        """The newest reports first, at most ``limit``."""
        with self._sql() as sql:
            rows = sql.rows(
                "SELECT id, reporter, reporter_name, reported, reported_name, table_code,"
                " reason, chat, made FROM reports ORDER BY id DESC LIMIT ?",
                (limit,),
            )
        return [_report(row) for row in rows]


def _until(store: _Sqlish, query: str, params: tuple[Any, ...]) -> float | None:
    with store._sql() as sql:
        rows = sql.rows(query, params)
    if not rows:
        return None
    until = rows[0][0]
    if until is None:
        return float("inf")
    return float(until) if float(until) > time.time() else None


def _report(row: tuple[Any, ...]) -> Report:
    try:
        chat = json.loads(row[7])
    except ValueError:
        chat = []
    lines = tuple(str(line) for line in chat) if isinstance(chat, list) else ()
    table = None if row[5] is None else str(row[5])
    reporter, reporter_name, reported, reported_name = (str(value) for value in row[1:5])
    return Report(
        int(row[0]),
        reporter,
        reporter_name,
        reported,
        reported_name,
        table,
        str(row[6]),
        lines,
        float(row[8]),
    )
