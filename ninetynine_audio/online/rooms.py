"""Who is where: the server's sessions and its tables by code, and what reaches everyone at a
table (a sentence in each one's language, a line of chat, the redrawn waiting rooms and
lobbies, the table's state for each client)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from ninetynine_audio.audio.utterance import CHAT, TABLE
from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.lobby import LobbyMenu, WaitingRoom
from ninetynine_audio.online.session import Session
from ninetynine_audio.online.table import OnlineTable
from ninetynine_audio.plaintext import without_controls
from ninetynine_audio.present import online as words


class Rooms:
    """The sessions (by identity) and the tables (by code) of the server."""

    def __init__(self) -> None:
        self.sessions: dict[str, Session] = {}
        self.tables: dict[str, OnlineTable] = {}
        # What the server's other desks add (a cluster's tables and lobbies, moderation):
        self.elsewhere: Callable[[], list[OnlineTable]] = list
        """The tables other processes of the same server play (listed here too)."""
        self.lobbies_changed: Callable[[], None] = lambda: None
        """Told first whenever the lobbies are listed again (other processes hear of it)."""
        self.chat_allowed: Callable[[Session, str], bool] = lambda session, line: True
        """Whether a line of chat of a player reaches the table."""

    def members(self, table: OnlineTable) -> list[Session]:
        """The people at ``table``, seated or watching (connected or not)."""
        ids = [s.who for s in table.seats if s.who] + sorted(table.watchers)
        found = [self.sessions.get(i) for i in ids]
        return [s for s in found if s is not None and s.table is table]

    def seated(self, table: OnlineTable) -> list[Session]:
        """The people at ``table``'s seats (connected or not)."""
        return [s for s in self.members(table) if s.seat is not None]

    def listened(self, table: OnlineTable) -> bool:
        """Whether a person at ``table`` (seated or watching) is connected now."""
        return any(s.conn is not None for s in self.members(table))

    def listed_tables(self) -> list[OnlineTable]:
        """Tables the lobby shows: listed ones waiting for people, and ones in play."""
        return [
            t
            for t in [*self.tables.values(), *self.elsewhere()]
            if t.listed and (t.state == "playing" or (t.state == "waiting" and t.open_seats()))
        ]

    def say_at(
        self,
        table: OnlineTable,
        text: Callable[[], str],
        *,
        except_id: str | None = None,
        cue: str | None = None,
        kind: str = TABLE,
    ) -> None:
        """A sentence for everyone at ``table`` (seated or watching) but ``except_id``, made
        by ``text`` in each one's own language, filed in the ``kind`` message buffer."""
        for session in self.members(table):
            if session.identity != except_id:
                with session.app.speaking():
                    session.app.say(text(), cue=cue, queue=True, kind=kind)

    def ask_chat(self, session: Session) -> None:
        """Ask the player for a line to say to the table."""

        def said(app: Any, text: str | None) -> None:
            # No control character (a terminal's escape, a bell) nor direction override
            # reaches the others.
            line = " ".join(without_controls(text or "").split())[:160]
            if line and session.table is not None and self.chat_allowed(session, line):
                name = session.name
                self.say_at(
                    session.table,
                    lambda: words.chat_text(name, line),
                    cue="menu_move",
                    kind=CHAT,
                )
            app.resume_top() if not text else None

        session.ask(session.app, words.chat_prompt(), said)

    def refresh_rooms(self, table: OnlineTable) -> None:
        """The waiting room of everyone at ``table`` lists its seats as they are now."""
        for session in self.members(table):
            with session.app.speaking():
                for screen in session.app.stack:
                    if isinstance(screen, WaitingRoom):
                        screen.refresh_silently()

    def refresh_lobbies(self) -> None:
        """Every lobby on top of its player's screens lists the tables as they are now."""
        self.lobbies_changed()
        # Only a lobby on top is listed again now; one under a table is listed when it is
        # shown again (a server of many tables must not list every table for every player).
        for session in self.sessions.values():
            lobby = session.app.stack[-1] if session.app.stack else None
            if isinstance(lobby, LobbyMenu):
                with session.app.speaking():
                    lobby.rebuild()

    def send_table_info(self, session: Session) -> None:
        """Tell ``session``'s client the table it sits at now, and its state."""
        table = session.table
        if table is None:
            session.app.remote.emit(p.TableInfo(code=None))
            return
        state: Literal["waiting", "playing", "over", "none"] = "none"
        if table.state == "waiting":
            state = "waiting"
        elif table.state == "playing":
            state = "playing"
        elif table.state == "over":
            state = "over"
        session.app.remote.emit(
            p.TableInfo(code=table.code, game=table.game, seat=session.seat, state=state)
        )
