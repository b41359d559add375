"""Keeping the tables in the store: each table's row after every change, the tables to
forget, the results to record; and, when the store refuses a write (a full or read-only
disk), keeping them until it takes them, telling the players once."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from typing import Any

from ninetynine_audio.online.rooms import Rooms
from ninetynine_audio.online.storage import Store
from ninetynine_audio.online.table import OnlineTable
from ninetynine_audio.present import online as words

log = logging.getLogger(__name__)

STORE_RETRY_FIRST_S = 1.0
STORE_RETRY_LONGEST_S = 30.0
"""A write the database refused is tried again after a second, then after twice as long
each time, up to this."""

Result = tuple[str, str, list[dict[str, Any]], list[list[str]]]
"""A match's result as the store records it: code, game, players, account names by place."""


class Saving:
    """What waits to be written to the store, and writing it."""

    def __init__(self, db: Store, rooms: Rooms, clock: Callable[[], float]) -> None:
        self.db = db
        self.rooms = rooms
        self.clock = clock
        # Writes the database refused (a full disk, a read-only one), kept until it takes them.
        self.unsaved: dict[str, OnlineTable] = {}
        self.pending_drops: set[str] = set()
        self.pending_results: list[Result] = []
        self.failing = False
        self.retry_delay = STORE_RETRY_FIRST_S
        self.retry_at = 0.0

    def store(self, table: OnlineTable) -> None:
        """Write ``table`` as it is now (with each seated player's language)."""
        if table.code in self.rooms.tables:
            for seat in table.seats:
                present = self.rooms.sessions.get(seat.who) if seat.who is not None else None
                if present is not None:
                    seat.language = present.app.language
            self.unsaved[table.code] = table
        self.save_pending()

    def forget(self, code: str) -> None:
        """The table of ``code`` closed: its row goes."""
        self.unsaved.pop(code, None)
        self.pending_drops.add(code)
        self.save_pending()

    def record_result(self, result: Result) -> None:
        """Record a match's result (written with what waits)."""
        self.pending_results.append(result)

    def retry_when_due(self) -> None:
        """Try again what the store refused, once its wait is over."""
        if self.failing and self.clock() >= self.retry_at:
            self.save_pending(retry=True)

    def save_pending(self, *, retry: bool = False) -> None:
        """Write what waits to be written: tables to forget, tables as they are now, results.

        A write the database refuses (a full or read-only disk) never stops a table: what
        waits is kept, its players are told once that results may not be kept, and it is
        tried again (:meth:`retry_when_due`) after :data:`STORE_RETRY_FIRST_S`, then twice as
        long each time; once a write goes through, everything waiting is written, in order."""
        if self.failing and not retry:
            return
        try:
            while self.pending_drops:
                code = next(iter(self.pending_drops))
                self.db.drop_table(code)
                self.pending_drops.discard(code)
            while self.unsaved:
                code, table = next(iter(self.unsaved.items()))
                if code in self.rooms.tables:
                    self.db.save_table(table.stored())
                self.unsaved.pop(code, None)
            while self.pending_results:
                self.db.record_result(*self.pending_results[0])
                self.pending_results.pop(0)
        except (sqlite3.Error, OSError) as error:
            self._failed(error)
            return
        if self.failing:
            self.failing = False
            self.retry_delay = STORE_RETRY_FIRST_S
            log.warning("the database takes writes again: everything waiting was written")
            for table in self.rooms.tables.values():
                table.told_unsaved = False

    def _failed(self, error: Exception) -> None:
        if self.failing:
            self.retry_delay = min(self.retry_delay * 2, STORE_RETRY_LONGEST_S)
        else:
            self.failing = True
            self.retry_delay = STORE_RETRY_FIRST_S
            log.error("the database refused a write (%s); trying again", error)
        self.retry_at = self.clock() + self.retry_delay
        waiting = {*self.unsaved, *(result[0] for result in self.pending_results)}
        for code in sorted(waiting):
            table = self.rooms.tables.get(code)
            if table is not None and not table.told_unsaved:
                table.told_unsaved = True
                self.rooms.say_at(table, words.not_saved_text, cue="refused")

    def waiting_at_close(self) -> None:
        """A last try at what the store kept back, and a line in the log if it still does."""
        self.save_pending(retry=True)
        if self.unsaved or self.pending_results:
            log.error(
                "stopping with %d tables and %d results the database would not take",
                len(self.unsaved),
                len(self.pending_results),
            )
