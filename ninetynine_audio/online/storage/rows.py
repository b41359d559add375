"""The rows both engines keep, as the queries read them: the connection the queries run on
(:class:`Sql`), a stored table's row and its checks."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol


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


class QueryPart:
    """A part of ``SqlStore``'s queries written in a module of its own (people,
    competitions): the engine gives its connections, and a write is made all together, or
    queued by an engine that writes on a thread of its own (PostgreSQL)."""

    def _sql(self) -> contextlib.AbstractContextManager[Any]:
        raise NotImplementedError

    def _transaction(self) -> contextlib.AbstractContextManager[Any]:
        raise NotImplementedError

    def _write(self, write: Callable[[Any], None]) -> None:
        """Run ``write`` (given the connection) in one transaction."""
        with self._transaction() as sql:
            write(sql)
