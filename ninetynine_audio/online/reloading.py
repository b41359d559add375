"""The tables stored before a restart, dealt again at start-up: every table in play (or
waiting) with its players' seats kept for them as for a dropped connection; a table that
cannot be loaded set aside, told to its players when they come."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable

from ninetynine_audio.games.saved import SaveError
from ninetynine_audio.i18n import ENGLISH
from ninetynine_audio.online.accounts import Accounts
from ninetynine_audio.online.lobby import LobbyDesk, WaitingRoom
from ninetynine_audio.online.matches import Matches
from ninetynine_audio.online.rooms import Rooms
from ninetynine_audio.online.saving import Saving
from ninetynine_audio.online.storage import StoredTable
from ninetynine_audio.online.table import OnlineTable, SeatInfo

log = logging.getLogger(__name__)


class Reloading:
    """Loading the stored tables at start-up."""

    def __init__(
        self,
        rooms: Rooms,
        saving: Saving,
        matches: Matches,
        accounts: Accounts,
        desk: LobbyDesk,
        *,
        set_aside: dict[str, list[str]],
    ) -> None:
        self.rooms = rooms
        self.saving = saving
        self.matches = matches
        self.accounts = accounts
        self.desk = desk
        self.set_aside = set_aside
        self.reloaded: list[str] = []
        self.reloaded_all: Callable[[], None] = lambda: None
        """After the stored tables are loaded (the tournaments pick up their rounds)."""

    def reload(self) -> None:
        """Deal again every stored table in play (or waiting), and keep its players' seats
        for them, as for a dropped connection. A table that cannot be loaded is set aside
        (kept in the database, named in the log, told to its players when they come) and
        the others load."""
        for stored in self.saving.db.tables():
            if stored.state == "over":
                self.saving.pending_drops.add(stored.code)
                continue
            try:
                self.reload_table(stored)
            except Exception as error:  # one damaged table never keeps the others from loading
                self.put_aside(stored, f"{type(error).__name__}: {error}")
        self.reloaded_all()
        self.saving.save_pending()

    def reload_table(self, stored: StoredTable) -> None:
        settings = dict(stored.settings)
        options = settings.pop("options", {})
        table = OnlineTable(
            stored.code,
            stored.game,
            options,
            stored.listed,
            stored.host,
            [SeatInfo.from_json(s) for s in stored.seats],
            settings,
            stored.state,
        )
        if stored.state == "playing":
            if stored.record is None:
                raise SaveError("a table in play without its match")
            table.host = self.matches.make_host(table, record=stored.record)
            for index, seat in enumerate(table.seats):
                if seat.replaced:
                    table.host.replace(index)
        self.rooms.tables[table.code] = table
        try:
            for index, seat in enumerate(table.seats):
                if seat.who is not None and seat.who not in self.rooms.sessions:
                    self.ghost(seat.who, seat.name or "", table, index)
        except BaseException:
            self.rooms.tables.pop(table.code, None)
            for session in self.rooms.sessions.values():
                if session.table is table:
                    session.table, session.seat = None, None
            raise
        self.reloaded.append(table.code)
        self.matches.start_task(table)

    def put_aside(self, stored: StoredTable, reason: str) -> None:
        """Keep a table that cannot be loaded out of the way, and tell its players."""
        try:
            self.saving.db.set_aside(stored.code, reason)
        except sqlite3.Error as error:
            log.error(
                "table %s cannot be loaded (%s) nor set aside: %s", stored.code, reason, error
            )
        for seat in stored.seats:
            who = seat.get("who") if isinstance(seat, dict) else None
            if isinstance(who, str):
                self.set_aside.setdefault(who, []).append(stored.code)

    def ghost(self, identity: str, name: str, table: OnlineTable, seat: int) -> None:
        """A session for a player who sat at a reloaded table and has not reconnected."""
        account = identity.startswith("account:")
        language = table.seats[seat].language or ENGLISH
        session = self.accounts.new_session(identity, name, account, None, language=language)
        session.dropped_at = self.accounts.clock()
        session.app.remote.away = True
        session.table = table
        session.seat = seat
        if table.host is not None:
            table.host.attach(seat, session.app)
        else:
            session.app.push(WaitingRoom(self.desk, session, table))
