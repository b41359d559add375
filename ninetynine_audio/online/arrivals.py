"""Players coming and going: arriving (the lobby, or their table with what they missed),
their connection dropping (the seat kept for a while), staying away too long (a computer
player takes the seat), leaving the server; and tables nobody listens to any more closing."""

from __future__ import annotations

import logging
from collections.abc import Callable

import msgspec

from ninetynine_audio.audio.utterance import TABLE, Utterance
from ninetynine_audio.i18n import using
from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.limits import Guard, Limits
from ninetynine_audio.online.matches import Matches
from ninetynine_audio.online.rooms import Rooms
from ninetynine_audio.online.saving import Saving
from ninetynine_audio.online.seating import Seating
from ninetynine_audio.online.session import Connection, Session
from ninetynine_audio.present import online as words
from ninetynine_audio.ui.tables.base import TURN_CUE, TURN_KEY

log = logging.getLogger(__name__)

FORGET_SESSION_S = 600.0
"""How long a dropped player who sits nowhere is remembered."""


class Arrivals:
    """Players arriving, dropping, away and leaving."""

    def __init__(
        self,
        rooms: Rooms,
        saving: Saving,
        matches: Matches,
        seating: Seating,
        limits: Limits,
        guard: Guard,
        clock: Callable[[], float],
        *,
        keep_seat_s: float,
        set_aside: dict[str, list[str]],
        connections: set[Connection],
    ) -> None:
        self.rooms = rooms
        self.saving = saving
        self.matches = matches
        self.seating = seating
        self.limits = limits
        self.guard = guard
        self.clock = clock
        self.keep_seat_s = keep_seat_s
        self.set_aside = set_aside
        self.connections = connections
        self.came: Callable[[Session], None] = lambda session: None
        """A player came (not back from a dropped connection, nor connecting again after a
        restart): the people's."""

    def arrive(self, session: Session) -> None:
        """A player connected: the lobby, or their table with what they missed."""
        app = session.app
        remote = app.remote
        was_away = session.dropped_at is not None
        first_time = session.new_to_seat
        missed = list(remote.missed)
        remote.missed.clear()
        remote.away = False
        session.dropped_at = None
        app.forget_display()
        table = session.table
        relanguaged = session.shown_in not in (None, app.language)
        session.shown_in = app.language
        if (first_time or not was_away) and not session.returning:
            self.came(session)
        if table is None:
            app.say(words.signed_in_text(session.name, session.account))
            self._tell_set_aside(session)
            if relanguaged:  # its menus were made in the language before: the lobby, in this
                app.stack = app.stack[:1]
                app.top.resume(app)
            else:
                app.top.enter(app)
            return
        self.rooms.send_table_info(session)
        turn = self._turn_line(session)
        if turn is not None:
            # Whose turn it is ends what they hear, once. The seat's screen said it while they
            # were away (a reloaded table says it to every seat), and other words may have
            # followed it (another player back, a line of chat): it is not said twice, nor in
            # the language they had before when they come back in another.
            missed = [phrase for phrase in missed if phrase.key != TURN_KEY]
        if was_away:
            # Only phrases with words make "What you missed:" (a cue alone says nothing).
            said = sum(1 for phrase in missed if phrase.text.strip())
            app.say(words.seated_text(said) if first_time else words.welcome_back_text(said))
            for phrase in missed:
                # Said whole, after the words that announce them: not dropped as narration a
                # key or a backlog makes obsolete, nor replaced by a newer answer of its kind.
                remote.seq += 1
                remote.emit(
                    msgspec.structs.replace(
                        phrase,
                        priority="queue",
                        seq=remote.seq,
                        mergeable=False,
                        until_action=False,
                        key=None,
                        answer_to=None,
                    )
                )
            self.rooms.say_at(
                table, lambda: words.back_text(session.name), except_id=session.identity
            )
        if first_time and session.seat is not None:
            table.seats[session.seat].unseen = False  # from now on, coming again is a return
            self.saving.store(table)
        if table.host is not None and session.seat is not None:
            if table.seats[session.seat].replaced:
                table.seats[session.seat].replaced = False
                table.host.take_back(session.seat)
                app.say(words.took_back_text(), queue=True)
                self.saving.store(table)
            if turn is not None:
                text, mine = turn
                cue = TURN_CUE if mine else None
                app.say_utterance(Utterance(text, cue=cue, key=TURN_KEY, kind=TABLE))
        elif table.host is None:
            (app.top.resume if relanguaged else app.top.enter)(app)  # the room made again
        self._tell_set_aside(session)
        table.touch()

    def _tell_set_aside(self, session: Session) -> None:
        """Tell a player of each table of theirs that could not be loaded at start-up."""
        for code in self.set_aside.pop(session.identity, []):
            session.app.say(words.table_set_aside_text(code), queue=True)

    def _turn_line(self, session: Session) -> tuple[str, bool] | None:
        """What tells a player seated at a table in play whose turn it is, and whether the
        turn is theirs; None for anyone else."""
        table = session.table
        if table is None or table.host is None or session.seat is None:
            return None
        app = session.app
        screen = table.host.listeners[session.seat].screen
        if table.host.turn_seat() == session.seat:
            return screen.table.your_turn_text(app, session.seat), True
        return screen.table.turn_text(app), False

    def drop(self, conn: Connection) -> None:
        """A connection closed: the player's seat is kept for a while."""
        self.connections.discard(conn)
        session = conn.session
        conn.session = None
        if session is None or session.conn is not conn:
            return
        session.conn = None
        session.dropped_at = self.clock()
        session.app.remote.away = True
        if session.table is not None and session.seat is not None:  # a watcher has no seat
            name = session.name
            self.rooms.say_at(
                session.table, lambda: words.lost_connection_text(name), except_id=session.identity
            )
            session.table.touch()
        if not session.account:
            self._forget_dropped_guests(session.address)

    def _forget_dropped_guests(self, address: str) -> None:
        """Keep at most ``dropped_guests_per_address`` dropped guests of ``address``: those
        dropped longest ago leave the server (their seats go as a player's who leaves), so
        that a flood of guests from one address cannot grow the server's memory."""
        dropped = [
            s
            for s in self.rooms.sessions.values()
            if not s.account and s.dropped_at is not None and s.address == address
        ]
        over = len(dropped) - self.limits.dropped_guests_per_address
        if over > 0:
            dropped.sort(key=lambda s: s.dropped_at or 0.0)
            for session in dropped[:over]:
                self.quit(session)

    def say_goodbye(self) -> None:
        """The server stops: each connection hears so in its language (and that its game is
        kept, where it has one unfinished), then is closed."""
        for conn in list(self.connections):
            session = conn.session
            with using(session.app.language if session is not None else conn.language):
                text = words.server_stopping_text(session is not None and session.game_unfinished)
                conn.send(p.Bye(text=text, retry=True))
            conn.close()

    def quit(self, session: Session) -> None:
        """The player leaves the server (Leave the server, or Quit)."""
        if session.table is not None:
            self.seating.leave_table(session, to_lobby=False)
        conn = session.conn
        if conn is not None:
            conn.send(p.Bye(text=words.left_server_text(), retry=False))
            conn.close()
            session.conn = None
        self.rooms.sessions.pop(session.identity, None)

    def sweep(self) -> None:
        """Seats of players away too long go to computer players; forgotten sessions go;
        writes the database refused are tried again when due."""
        now = self.clock()
        self.saving.retry_when_due()
        for session in list(self.rooms.sessions.values()):
            if session.dropped_at is None:
                continue
            away = now - session.dropped_at
            table = session.table
            if table is not None and session.seat is not None and away >= self.keep_seat_s:
                seat = table.seats[session.seat]
                if table.host is not None and not seat.replaced and not table.host.is_over:
                    self.matches.stand_in(table, session)
                    self.saving.store(table)
                    table.touch()
                elif table.host is None:
                    self.seating.free_seat(session)
            if session.table is None and away >= FORGET_SESSION_S:
                del self.rooms.sessions[session.identity]
            elif session.table is not None and session.table.state == "over":
                self.seating.free_seat(session)
        self._sweep_tables(now)
        self.guard.refusals.flush()

    def _sweep_tables(self, now: float) -> None:
        """Close a finished table nobody has listened to for ``keep_seat_s``, and any other
        table nobody has listened to for ``abandoned_s``: its sessions go back to the lobby."""
        for table in list(self.rooms.tables.values()):
            if self.rooms.listened(table):
                table.silent_since = None
                continue
            if table.silent_since is None:
                table.silent_since = now
            silent = now - table.silent_since
            over = table.state == "over" or (table.host is not None and table.host.is_over)
            if silent >= (self.keep_seat_s if over else self.limits.abandoned_s):
                log.info("table %s closed: nobody there for %.0f s", table.code, silent)
                self.matches.record_left_match(table)
                for member in self.rooms.members(table):
                    member.table, member.seat = None, None
                    member.app.stack = member.app.stack[:1]
                self.seating.close_table(table)
