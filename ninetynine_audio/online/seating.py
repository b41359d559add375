"""Seating people at tables: joining with a code (limited against guessing), watching, taking
a seat back, leaving, a host removing a player, playing again, and closing a table nobody is
at."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.online.identity import skeleton
from ninetynine_audio.online.limits import JOIN_CODES, Guard, Limits, Window
from ninetynine_audio.online.lobby import LobbyDesk, SeatsMenu, WaitingRoom, one_person_text
from ninetynine_audio.online.matches import Matches
from ninetynine_audio.online.refusal import Refusal
from ninetynine_audio.online.rooms import Rooms
from ninetynine_audio.online.saving import Saving
from ninetynine_audio.online.session import Connection, Session
from ninetynine_audio.online.table import OnlineTable
from ninetynine_audio.present import online as words

JOIN_ATTEMPTS = 5
JOIN_WINDOW_S = 60.0
"""Codes that open no table a connection may try in a window (an address: ``Limits``)."""


def _nothing(session: Session, table: OnlineTable) -> Refusal | None:
    return None


@dataclass
class SeatChecks:
    """What the server's other desks check on the way to a seat (a cluster, the people,
    moderation, tournaments); each lets everyone through until the server sets it."""

    sent_elsewhere: Callable[[Session, str], bool] = lambda session, code: False
    """Sends a player to the process that plays ``code`` (whether it did)."""
    seat_problem: Callable[[Session, OnlineTable], Refusal | None] = _nothing
    """Why a player may not come to a table (a block between players)."""
    banned: Callable[[Session, OnlineTable], Refusal | None] = _nothing
    """Why a player may not join a table (a ban from it)."""
    keeps_seats: Callable[[Session, OnlineTable], bool] = lambda session, table: False
    """Whether a finished table refuses "play again" (a tournament's round)."""


class Seating:
    """Who sits where, and the way in and out of a table."""

    def __init__(
        self,
        rooms: Rooms,
        saving: Saving,
        matches: Matches,
        desk: LobbyDesk,
        limits: Limits,
        guard: Guard,
        clock: Callable[[], float],
    ) -> None:
        self.rooms = rooms
        self.saving = saving
        self.matches = matches
        self.desk = desk
        self.limits = limits
        self.guard = guard
        self.clock = clock
        self.join_addresses = Window(JOIN_WINDOW_S, clock)
        self.checks = SeatChecks()

    # -- coming in ---------------------------------------------------------------------------

    def seat_at_new_table(self, session: Session, table: OnlineTable) -> None:
        """``session`` sits at the first seat of ``table``, which it just made."""
        table.seats[0].who, table.seats[0].name = session.identity, session.name
        self.rooms.tables[table.code] = table
        session.table, session.seat = table, 0
        self.saving.store(table)
        self.matches.start_task(table)
        self._show_room(session, table)

    def join(self, session: Session, code: str, *, watch: bool = False) -> Refusal | None:
        """Sit at (or, when it plays and ``watch``, watch) the table of ``code``; why not,
        when refused. Codes that open nothing are limited per connection and per address,
        and for everyone together; a player's own seat is never refused."""
        conn = session.conn
        table = self.rooms.tables.get(code)
        sits_there = table is not None and table.seat_of(session.identity) is not None
        if conn is not None and not sits_there and self._join_limited(conn):
            return Refusal("join_limit", words.join_limit_text())
        if table is None:
            if self.checks.sent_elsewhere(session, code):
                return None  # played by another process: the player is sent there
            if conn is not None:
                self._join_failed(conn)
            return Refusal("no_table", words.no_table_text())
        blocked = None if sits_there else self.checks.seat_problem(session, table)
        if blocked is not None:
            return blocked
        if table.state != "waiting" and not watch and not table.listed and not sits_there:
            # A real code to a table with no seat to give says so, and counts as a code
            # tried all the same: the limit on guessing codes holds either way.
            if conn is not None:
                self._join_failed(conn)
            return Refusal("no_table", words.table_full_text())
        if session.table is table:
            session.app.top.enter(session.app)
            return None
        banned = self.checks.banned(session, table)
        if banned is not None:
            return banned
        if table.state == "playing":
            mine = table.seat_of(session.identity)
            if mine is not None:
                self.take_seat_back(session, table, mine)
                return None
            if not table.listed and not watch:
                return Refusal("no_table", words.table_full_text())
            return self._watch(session, table)
        free = table.open_seats()
        if table.state != "waiting" or not free:
            return Refusal("no_table", one_person_text(table.game) or words.table_full_text())
        if session.table is not None:
            self.leave_table(session, to_lobby=False)
        seat = free[0]
        table.seats[seat].who = session.identity
        table.seats[seat].name = unique_name(table, session.name)
        session.table, session.seat = table, seat
        self.saving.store(table)
        self._show_room(session, table, joined=True)
        name = session.name
        self.rooms.say_at(table, lambda: words.joined_text(name), except_id=session.identity)
        self.rooms.refresh_rooms(table)
        self.rooms.refresh_lobbies()
        return None

    def _show_room(self, session: Session, table: OnlineTable, *, joined: bool = False) -> None:
        app = session.app
        app.stack = [*app.stack[:1], WaitingRoom(self.desk, session, table)]
        self.rooms.send_table_info(session)
        if joined:
            app.say(words.you_joined_text(table.game, table.code))
        else:
            app.say(words.created_text(table.game, table.code))
        app.top.enter(app)

    def _join_limited(self, conn: Connection) -> bool:
        """Whether codes are tried too fast: by this connection, its address, or everyone
        together (the codes are few enough to guess from many addresses)."""
        mine = conn.join_failures
        while mine and mine[0] < self.clock() - JOIN_WINDOW_S:
            mine.popleft()
        limited = (
            len(mine) >= JOIN_ATTEMPTS
            or self.join_addresses.count(conn.address) >= self.limits.join_failures_per_address
            or self.guard.join_codes.empty()
        )
        if limited:
            self.guard.refusals.count(JOIN_CODES, conn.address)
        return limited

    def _join_failed(self, conn: Connection) -> None:
        conn.join_failures.append(self.clock())
        self.join_addresses.add(conn.address)
        self.guard.join_codes.take()

    def take_seat_back(self, session: Session, table: OnlineTable, seat: int) -> None:
        """A player who left a match in play sits down at their seat again."""
        assert table.host is not None
        if session.table is not None:
            self.leave_table(session, to_lobby=False)
        session.table, session.seat = table, seat
        table.seats[seat].replaced = False
        table.host.take_back(seat)
        table.host.attach(seat, session.app)
        session.app.say(words.took_back_text(), queue=True)
        name = session.name
        self.rooms.say_at(table, lambda: words.back_text(name), except_id=session.identity)
        self.rooms.send_table_info(session)
        self.saving.store(table)
        table.touch()

    def _watch(self, session: Session, table: OnlineTable) -> Refusal | None:
        if table.host is None:
            return Refusal("no_table", words.no_table_text())
        if session.table is not None:
            self.leave_table(session, to_lobby=False)
        session.table, session.seat = table, None
        table.watchers.add(session.identity)
        session.app.say(words.watching_text(table.game))
        table.host.attach(None, session.app)
        self.rooms.send_table_info(session)
        return None

    # -- going out ---------------------------------------------------------------------------

    def leave_table(self, session: Session, *, to_lobby: bool = True) -> None:
        """The player leaves their table: a seat at a match in play goes to a computer player
        (they can take it back from the lobby); a seat at a waiting table is freed."""
        with session.app.speaking():
            self._leave_table(session, to_lobby=to_lobby)

    def _leave_table(self, session: Session, *, to_lobby: bool) -> None:
        table = session.table
        if table is None:
            return
        if table.host is not None:
            table.host.detach(session.app)
        if session.seat is None:
            table.watchers.discard(session.identity)
            session.table = None
        elif table.host is not None and table.state == "playing":
            if not table.seats[session.seat].replaced:
                self.matches.stand_in(table, session)
            # ``who`` stays: joining the table again takes the seat back.
            self.saving.store(table)
            session.table, session.seat = None, None
            table.touch()
            if not self.rooms.seated(table):
                # The last person left: the computers would play on for nobody.
                self.matches.record_left_match(table)
                self.close_table(table)
        else:
            self.free_seat(session)
            name = session.name
            self.rooms.say_at(table, lambda: words.left_text(name))
        self.rooms.send_table_info(session)
        if to_lobby:
            app = session.app
            app.stack = app.stack[:1]
            app.paused_table = None
            app.top.resume(app)
        self.rooms.refresh_lobbies()

    def free_seat(self, session: Session) -> None:
        """``session`` gets up from a table that is not in play; a table left empty closes,
        and one whose host left is hosted by the next person seated."""
        table = session.table
        if table is None:
            return
        if session.seat is not None and table.seats[session.seat].who == session.identity:
            table.seats[session.seat].who = None
            table.seats[session.seat].name = None
        session.table, session.seat = None, None
        if all(s.who is None for s in table.seats):
            self.close_table(table)
        else:
            if table.host_id == session.identity:
                # The next person seated becomes the host.
                table.host_id = next(s.who for s in table.seats if s.who is not None)
            self.saving.store(table)
            self.rooms.refresh_rooms(table)

    def close_table(self, table: OnlineTable) -> None:
        """The table goes: from the server, from the store, and its watchers to the lobby."""
        self.rooms.tables.pop(table.code, None)
        self.saving.forget(table.code)
        if table.task is not None:
            table.task.cancel()
        for identity in list(table.watchers):
            watcher = self.rooms.sessions.get(identity)
            if watcher is not None and watcher.table is table:
                self.leave_table(watcher)

    def remove_player(self, session: Session, seat: int) -> None:
        """The host removes the player at ``seat`` (before the game starts)."""
        table = session.table
        if table is None or table.host_id != session.identity:
            session.app.say(words.host_only_text(), cue="refused")
            return
        if not 0 <= seat < len(table.seats) or table.state != "waiting":
            return
        who = table.seats[seat].who
        other = self.rooms.sessions.get(who) if who else None
        if other is not None and other is not session:
            self.free_seat(other)
            self.rooms.send_table_info(other)
            with other.app.speaking():
                other.app.say(words.removed_text(), cue="refused")
                other.app.stack = other.app.stack[:1]
                other.app.top.resume(other.app)
            name = other.name
            self.rooms.say_at(table, lambda: words.left_text(name))
        self.rooms.refresh_lobbies()

    # -- between matches and menus -----------------------------------------------------------

    def started_from_menus(self, session: Session, setup: GameSetup) -> None:
        """The offline menus chose a game: at a finished table it means "play again", in the
        lobby it opens the seats menu."""
        table = session.table
        if table is not None:
            if self.checks.keeps_seats(session, table):
                return
            if table.state == "over" and table.host is not None:
                self._back_to_waiting(table, session)
            return
        session.app.push(SeatsMenu(self.desk, session, setup))

    def to_lobby(self, session: Session) -> None:
        """The player goes back to the lobby (leaving their table, if any)."""
        if session.table is not None:
            self.leave_table(session)
            return
        app = session.app
        app.stack = app.stack[:1]
        app.top.resume(app)

    def _back_to_waiting(self, table: OnlineTable, chooser: Session) -> None:
        """After a match: the same seats wait for the host to start another. ``chooser``,
        who played again, is answered at once; the others may still be hearing the end of
        the match and their result, so they are told after it."""
        if table.host is not None:
            for listener in table.host.listening():
                table.host.detach(listener.app)
        table.host = None
        table.state = "waiting"
        for seat in table.seats:
            seat.replaced = False
            seat.forfeit = None
        for index, seat in enumerate(table.seats):
            other = self.rooms.sessions.get(seat.who) if seat.who else None
            if other is None or other.table is not table:
                continue
            other.seat = index
            with other.app.speaking():
                room = WaitingRoom(self.desk, other, table)
                other.app.stack = [*other.app.stack[:1], room]
                if other is chooser:
                    other.app.say(words.rematch_text())
                    room.enter(other.app)
                else:
                    other.app.say(words.rematch_text(), queue=True)
                    room.enter_after_narration(other.app)
            self.rooms.send_table_info(other)
        for identity in list(table.watchers):
            watcher = self.rooms.sessions.get(identity)
            if watcher is not None:
                self.leave_table(watcher)
        self.saving.store(table)


def unique_name(table: OnlineTable, name: str) -> str:
    """``name``, or ``name`` and a number when a name at ``table`` looks the same."""
    taken = {skeleton(s.name) for s in table.seats if s.name}
    if skeleton(name) not in taken:
        return name
    for number in range(2, 99):
        candidate = f"{name} {number}"
        if skeleton(candidate) not in taken:
            return candidate
    return name
