"""Moderation on a server: a table's host removing and banning a player, the server owner's
commands, and players' reports.

The server calls in at a few points (``Server`` keeps one ``Moderation``): a sign-in
(:meth:`Moderation.refuses`: a banned account or address is turned away), a player arriving
(:meth:`arrived`: the maintenance message), a chat line (:meth:`chat_allowed`: a muted
account's is refused; the others are kept for reports), a join (:meth:`join_refusal`: the
host's ban) and the ``admin`` message (``online/owners.py``).

The owner is an account named with ``serve --admin NAME``: signed in with its password, it
has the lobby's "Server owner's commands", which takes a typed command (also sent as the
protocol's ``admin`` message). A command from anyone else is refused with the code
``not_admin``. Bans, mutes and reports are kept in the store (migration 4), so they hold
across restarts; a table's own bans are kept with the table.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Iterable
from functools import partial
from typing import TYPE_CHECKING, Any

from ninetynine_audio.audio.utterance import SYSTEM
from ninetynine_audio.online.owners import Owners, clean_line
from ninetynine_audio.online.refusal import Refusal
from ninetynine_audio.online.storage.moderation import ACCOUNT, ADDRESS
from ninetynine_audio.present import moderation as words
from ninetynine_audio.present.online import (
    back_to_menu,
    host_only_text,
    remove_player,
    removed_text,
    which_player,
)
from ninetynine_audio.ui.screen import Menu, MenuItem

if TYPE_CHECKING:
    from ninetynine_audio.online.parts import Parts
    from ninetynine_audio.online.session import Connection, Session
    from ninetynine_audio.online.table import OnlineTable
    from ninetynine_audio.ui.host import Host as App

log = logging.getLogger(__name__)

CHAT_KEPT = 20
"""How many of a table's last chat lines are kept, and attached to a report made there."""

TABLE_BANS = "banned"
"""The key of a table's settings that lists the identities its host banned."""


def _pop(app: App) -> None:
    app.pop()


class Moderation:
    """A server's bans, mutes, reports, maintenance message and owners."""

    def __init__(self, parts: Parts, admins: Iterable[str] = ()) -> None:
        self.parts = parts
        self.owners = Owners(parts, admins)
        """The owners' commands (``online/owners.py``)."""
        self.chat: dict[str, deque[str]] = {}

    # -- the hooks -------------------------------------------------------------------------

    def refuses(self, conn: Connection, identity: str) -> bool:
        """A sign-in by ``identity`` from ``conn``: refused (and told, with the code
        ``banned``) when the account or the address is banned. An owner is never refused."""
        if identity in self.owners.admins:
            return False
        db = self.parts.db
        if db.banned_until(ACCOUNT, identity) is None and (
            db.banned_until(ADDRESS, conn.address) is None
        ):
            return False
        conn.refuse(Refusal("banned", words.you_are_banned_text()), bye=True)
        return True

    def arrived(self, session: Session) -> None:
        """A player connected: the maintenance message, if there is one."""
        if self.owners.maintenance is not None:
            line = self.owners.maintenance
            session.app.say(words.maintenance_text(line), queue=True, kind=SYSTEM)

    def chat_allowed(self, session: Session, line: str) -> bool:
        """Whether ``session`` may say ``line`` to its table (a muted account may not: told
        so); a line allowed is kept for reports."""
        if self.parts.db.muted_until(session.identity) is not None:
            session.app.say(words.you_are_muted_text(), cue="refused", kind=SYSTEM)
            return False
        table = session.table
        if table is not None:
            kept = self.chat.setdefault(table.code, deque(maxlen=CHAT_KEPT))
            kept.append(f"{session.name}: {line}")
            tables = self.parts.rooms.tables
            if len(self.chat) > len(tables):  # tables closed since leave their lines
                for gone in [c for c in self.chat if c not in tables and c != table.code]:
                    del self.chat[gone]
        return True

    def join_refusal(self, session: Session, table: OnlineTable) -> Refusal | None:
        """Why ``session`` may not join ``table`` (its host banned them), or None."""
        if session.identity in table.settings.get(TABLE_BANS, []):
            return Refusal("no_table", words.banned_here_text())
        return None

    def owner_items(self, session: Session) -> list[MenuItem]:
        """The lobby's item of the owner's commands, for an owner only."""
        return self.owners.owner_items(session)

    # -- a host removing a player ----------------------------------------------------------

    def remove_items(self, session: Session, table: OnlineTable) -> list[MenuItem]:
        """The host's items at ``table``: remove a player, remove and ban one."""
        return [
            MenuItem(remove_player(), partial(self._remove_menu, table=table, ban=False)),
            MenuItem(
                words.remove_and_ban_item(), partial(self._remove_menu, table=table, ban=True)
            ),
        ]

    def _remove_menu(self, app: App, table: OnlineTable, ban: bool) -> None:
        parts = self.parts
        session = next((s for s in parts.rooms.sessions.values() if s.app is app), None)
        if session is None or table.host_id != session.identity:
            app.say(host_only_text(), cue="refused")
            return
        items = [
            MenuItem(seat.name or "", partial(self._chosen, seat=index, ban=ban))
            for index, seat in enumerate(table.seats)
            if seat.who is not None and seat.who != session.identity
        ]
        if not items:
            app.say(words.nobody_to_remove_text(), cue="refused")
            return
        title = words.ban_which_player() if ban else which_player()
        app.push(Menu(title, [*items, MenuItem(back_to_menu(), _pop)], on_back=_pop))

    def _chosen(self, app: App, seat: int, ban: bool) -> None:
        app.pop()
        session = next((s for s in self.parts.rooms.sessions.values() if s.app is app), None)
        if session is not None:
            self.remove(session, seat, ban=ban)

    def remove(self, session: Session, seat: int, *, ban: bool) -> str | None:
        """The host removes the player at ``seat`` (and bans them from the table): before
        the start their seat is open again, in play a computer player takes it, as when a
        player leaves, and they cannot take it back. The sentence saying why not, or None."""
        parts = self.parts
        table = session.table
        if table is None or table.host_id != session.identity:
            session.app.say(host_only_text(), cue="refused")
            return host_only_text()
        if not 0 <= seat < len(table.seats):
            return words.nobody_to_remove_text()
        info = table.seats[seat]
        who = info.who
        if who is None or who == session.identity:
            session.app.say(words.nobody_to_remove_text(), cue="refused")
            return words.nobody_to_remove_text()
        name = info.name or ""
        if ban:
            banned = table.settings.setdefault(TABLE_BANS, [])
            if who not in banned:
                banned.append(who)
        other = parts.rooms.sessions.get(who)
        told = False
        level: str | None = None
        if table.state == "waiting":
            parts.seating.remove_player(session, seat)
        else:
            if other is not None and other.table is table:
                # Told first: why they are leaving comes before where they go and what
                # leaving a match costs.
                self._tell_removed(other, ban, in_play=True)
                told = True
                replaced = self._replace(table, other, seat)
                parts.seating.leave_table(other)
                if replaced:
                    level = str(table.settings.get("stand_in", "normal"))
                    stand_in = level
                    parts.rooms.say_at(
                        table,
                        lambda: words.removed_replaced_text(name, stand_in),
                        except_id=session.identity,
                    )
            info.who = None  # the seat stays the computer's
            parts.saving.store(table)
        if other is not None and not told:
            self._tell_removed(other, ban, in_play=table.state != "waiting")
        parts.saving.store(table)
        session.app.say(words.removed_player_text(name, ban, level), kind=SYSTEM)
        log.info("table %s: the host removed %s%s", table.code, who, " and banned them" * ban)
        return None

    def _tell_removed(self, other: Session, ban: bool, *, in_play: bool) -> None:
        """Tell a removed player why they are leaving the table (a removal before the start
        says so itself)."""
        with other.app.speaking():
            if ban:
                other.app.say(
                    words.banned_from_table_text(), cue="refused", queue=True, kind=SYSTEM
                )
            elif in_play:
                other.app.say(removed_text(), cue="refused", queue=True, kind=SYSTEM)

    def _replace(self, table: OnlineTable, other: Session, seat: int) -> bool:
        """A computer player takes a removed player's seat in play, as when a player leaves
        (their place kept as a leaver's), before they leave: the table is then told that
        they were removed, not that the computer plays until they come back. Whether it
        did (a seat a computer already plays is left as it is)."""
        info = table.seats[seat]
        if info.replaced or table.host is None or table.host.is_over:
            return False
        self.parts.matches.forfeit(table, other)
        info.replaced = True
        table.host.replace(seat)
        return True

    # -- reports ---------------------------------------------------------------------------

    def report_items(self, session: Session) -> list[MenuItem]:
        """The item that reports a player: at a table, one of its people; in the lobby, by
        name."""
        return [MenuItem(words.report_item(), partial(self._report_menu, session=session))]

    def _report_menu(self, app: App, session: Session) -> None:
        table = session.table
        if table is None:
            session.ask(app, words.report_name_prompt(), self._report_named)
            return
        others = [
            (s.who, s.name or "")
            for s in table.seats
            if s.who is not None and s.who != session.identity
        ]
        items = [
            MenuItem(name, partial(self._report_chosen, who=who, name=name)) for who, name in others
        ]
        if not items:
            app.say(words.nobody_to_remove_text(), cue="refused")
            return
        title = words.report_which_player()
        app.push(Menu(title, [*items, MenuItem(back_to_menu(), _pop)], on_back=_pop))

    def _report_named(self, app: Any, text: str | None) -> None:
        session = self._session_of(app)
        name = clean_line(text)
        if session is None or not name:
            app.resume_top()
            return
        found = self.owners.find(name)
        if found is None:
            app.say(words.nobody_called_text(name), cue="refused")
            return
        self._ask_reason(app, session, found[0], found[1])

    def _report_chosen(self, app: App, who: str, name: str) -> None:
        app.pop()
        session = self._session_of(app)
        if session is not None:
            self._ask_reason(app, session, who, name)

    def _ask_reason(self, app: Any, session: Session, who: str, name: str) -> None:
        def given(asked: Any, text: str | None) -> None:
            reason = clean_line(text)
            if reason:
                self.report(session, who, name, reason)
            asked.resume_top() if not reason else None

        session.ask(app, words.report_reason_prompt(name), given)

    def report(self, session: Session, who: str, name: str, reason: str) -> None:
        """Keep ``session``'s report of ``who``, with the last chat lines of its table."""
        table = session.table
        code = None if table is None else table.code
        chat = list(self.chat.get(code, ())) if code is not None else []
        reporter = (session.identity, session.name)
        self.parts.db.add_report(reporter, (who, name), code, reason, chat)
        session.app.say(words.reported_text(name), kind=SYSTEM)
        log.info("report by %s of %s at table %s", session.identity, who, code)

    def _session_of(self, app: Any) -> Session | None:
        return next((s for s in self.parts.rooms.sessions.values() if s.app is app), None)
