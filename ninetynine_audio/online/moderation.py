"""Moderation on a server: a table's host removing and banning a player, the server owner's
commands, and players' reports.

The server calls in at a few points (``Server`` keeps one ``Moderation``): a sign-in
(:meth:`Moderation.refuses`: a banned account or address is turned away), a player arriving
(:meth:`arrived`: the maintenance message), a chat line (:meth:`chat_allowed`: a muted
account's is refused; the others are kept for reports), a join (:meth:`join_refusal`: the
host's ban) and the ``admin`` message (:meth:`admin_message`).

The owner is an account named with ``serve --admin NAME``: signed in with its password, it
has the lobby's "Server owner's commands", which takes a typed command (also sent as the
protocol's ``admin`` message). A command from anyone else is refused with the code
``not_admin``. Bans, mutes and reports are kept in the store (migration 4), so they hold
across restarts; a table's own bans are kept with the table.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable, Iterable
from functools import partial
from typing import TYPE_CHECKING, Any

from ninetynine_audio.audio.utterance import SYSTEM
from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.identity import account_identity, display_name
from ninetynine_audio.online.refusal import Refusal
from ninetynine_audio.online.storage.moderation import ACCOUNT, ADDRESS
from ninetynine_audio.plaintext import without_controls
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
    from ninetynine_audio.online.server import Server
    from ninetynine_audio.online.session import Connection, Session
    from ninetynine_audio.online.table import OnlineTable
    from ninetynine_audio.ui.host import Host as App

log = logging.getLogger(__name__)

CHAT_KEPT = 20
"""How many of a table's last chat lines are kept, and attached to a report made there."""

TABLE_BANS = "banned"
"""The key of a table's settings that lists the identities its host banned."""

LINE_LIMIT = 160
"""The longest reason, announcement or maintenance message kept (as a chat line)."""


def _clean(text: str | None) -> str:
    return " ".join(without_controls(text or "").split())[:LINE_LIMIT]


def _pop(app: App) -> None:
    app.pop()


class Moderation:
    """A server's bans, mutes, reports, maintenance message and owners."""

    def __init__(self, server: Server, admins: Iterable[str] = ()) -> None:
        self.server = server
        self.admins = frozenset(account_identity(display_name(name)) for name in admins)
        self.maintenance: str | None = None
        self.chat: dict[str, deque[str]] = {}

    # -- who is who ------------------------------------------------------------------------

    def is_admin(self, session: Session) -> bool:
        """Whether ``session`` is an owner's account, signed in with its password."""
        return session.account and session.identity in self.admins

    def _find(self, name: str) -> tuple[str, str] | None:
        """The identity and shown name of the player called ``name``: someone online by
        that name, else the account."""
        wanted = display_name(name)
        key = account_identity(wanted)
        for session in self.server.sessions.values():
            if session.identity == key or session.name.casefold() == wanted.casefold():
                return session.identity, session.name
        if self.server.db.account_exists(wanted):
            return key, wanted
        return None

    # -- the hooks -------------------------------------------------------------------------

    def refuses(self, conn: Connection, identity: str) -> bool:
        """A sign-in by ``identity`` from ``conn``: refused (and told, with the code
        ``banned``) when the account or the address is banned. An owner is never refused."""
        if identity in self.admins:
            return False
        db = self.server.db
        if db.banned_until(ACCOUNT, identity) is None and (
            db.banned_until(ADDRESS, conn.address) is None
        ):
            return False
        conn.refuse(Refusal("banned", words.you_are_banned_text()), bye=True)
        return True

    def arrived(self, session: Session) -> None:
        """A player connected: the maintenance message, if there is one."""
        if self.maintenance is not None:
            line = self.maintenance
            session.app.say(words.maintenance_text(line), queue=True, kind=SYSTEM)

    def chat_allowed(self, session: Session, line: str) -> bool:
        """Whether ``session`` may say ``line`` to its table (a muted account may not: told
        so); a line allowed is kept for reports."""
        if self.server.db.muted_until(session.identity) is not None:
            session.app.say(words.you_are_muted_text(), cue="refused", kind=SYSTEM)
            return False
        table = session.table
        if table is not None:
            kept = self.chat.setdefault(table.code, deque(maxlen=CHAT_KEPT))
            kept.append(f"{session.name}: {line}")
        return True

    def join_refusal(self, session: Session, table: OnlineTable) -> Refusal | None:
        """Why ``session`` may not join ``table`` (its host banned them), or None."""
        if session.identity in table.settings.get(TABLE_BANS, []):
            return Refusal("no_table", words.banned_here_text())
        return None

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
        server = self.server
        session = next((s for s in server.sessions.values() if s.app is app), None)
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
        session = next((s for s in self.server.sessions.values() if s.app is app), None)
        if session is not None:
            self.remove(session, seat, ban=ban)

    def remove(self, session: Session, seat: int, *, ban: bool) -> str | None:
        """The host removes the player at ``seat`` (and bans them from the table): before
        the start their seat is open again, in play a computer player takes it, as when a
        player leaves, and they cannot take it back. The sentence saying why not, or None."""
        server = self.server
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
        other = server.sessions.get(who)
        if table.state == "waiting":
            server.remove_player(session, seat)
        else:
            if other is not None and other.table is table:
                replaced = self._replace(table, other, seat)
                server.leave_table(other)
                if replaced:
                    level = table.settings.get("stand_in", "normal")
                    server.say_at(table, lambda: words.removed_replaced_text(name, level))
            info.who = None  # the seat stays the computer's
            server.saving.store(table)
        if other is not None:
            with other.app.speaking():
                text = words.banned_from_table_text() if ban else None
                if text is not None:
                    other.app.say(text, cue="refused", queue=True, kind=SYSTEM)
                elif table.state != "waiting":
                    other.app.say(removed_text(), cue="refused", queue=True, kind=SYSTEM)
        server.saving.store(table)
        session.app.say(words.removed_player_text(name, ban), kind=SYSTEM)
        log.info("table %s: the host removed %s%s", table.code, who, " and banned them" * ban)
        return None

    def _replace(self, table: OnlineTable, other: Session, seat: int) -> bool:
        """A computer player takes a removed player's seat in play, as when a player leaves
        (their place kept as a leaver's), before they leave: the table is then told that
        they were removed, not that the computer plays until they come back. Whether it
        did (a seat a computer already plays is left as it is)."""
        info = table.seats[seat]
        if info.replaced or table.host is None or table.host.is_over:
            return False
        self.server.matches.forfeit(table, other)
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
        name = _clean(text)
        if session is None or not name:
            app.resume_top()
            return
        found = self._find(name)
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
            reason = _clean(text)
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
        self.server.db.add_report(reporter, (who, name), code, reason, chat)
        session.app.say(words.reported_text(name), kind=SYSTEM)
        log.info("report by %s of %s at table %s", session.identity, who, code)

    def _session_of(self, app: Any) -> Session | None:
        return next((s for s in self.server.sessions.values() if s.app is app), None)

    # -- the owner's commands --------------------------------------------------------------

    def owner_items(self, session: Session) -> list[MenuItem]:
        """The lobby's item of the owner's commands, for an owner only."""
        if not self.is_admin(session):
            return []
        return [MenuItem(words.owner_item(), partial(self._ask_command, session=session))]

    def _ask_command(self, app: App, session: Session) -> None:
        def given(asked: Any, text: str | None) -> None:
            if text:
                self.command(session, text)
            else:
                asked.resume_top()

        session.ask(app, words.owner_prompt(), given)

    def admin_message(self, conn: Connection, session: Session, message: p.Admin) -> None:
        """The protocol's ``admin`` message: refused with ``not_admin`` unless from an
        owner."""
        if not self.is_admin(session):
            text = words.not_owner_text()
            session.app.say(text, cue="refused")
            conn.send(p.Error(code="not_admin", text=text[:200]))
            log.warning("an owner's command from %s was refused", session.identity)
            return
        if not self.command(session, message.command):
            conn.send(p.Error(code="bad_command", text=words.owner_usage_text()[:200]))

    def command(self, session: Session, text: str) -> bool:
        """Run one owner's command typed by ``session`` (an owner: checked again here) and
        say what it did; whether it was understood."""
        say: Callable[[str], None] = partial(session.app.say, kind=SYSTEM)
        if not self.is_admin(session):
            say(words.not_owner_text())
            return False
        verb, _space, rest = _clean(text).partition(" ")
        verb = verb.casefold()
        rest = rest.strip()
        handler = self._commands().get(verb)
        answer = None
        if handler is not None and (rest or verb == "reports"):
            answer = handler(session, rest)
        if answer is not None:
            log.info("owner %s: %s", session.identity, verb)
            say(answer)
            return True
        say(words.owner_usage_text())
        return False

    def _commands(self) -> dict[str, Callable[[Session, str], str | None]]:
        return {
            "ban": self._ban_account,
            "unban": self._unban_account,
            "banip": self._ban_address,
            "unbanip": self._unban_address,
            "mute": self._mute,
            "unmute": self._unmute,
            "announce": self._announce,
            "maintenance": self._maintenance,
            "reports": self._reports,
        }

    def _named(self, rest: str) -> tuple[str, str, int | None] | str | None:
        """``"Sam 60"``: Sam's identity and name and the minutes; the sentence saying nobody
        is called that; None when nothing is named."""
        parsed = _target_and_minutes(rest)
        if parsed is None:
            return None
        found = self._find(parsed[0])
        if found is None:
            return words.nobody_called_text(parsed[0])
        return found[0], found[1], parsed[1]

    def _ban_account(self, owner: Session, rest: str) -> str | None:
        named = self._named(rest)
        if not isinstance(named, tuple):
            return named
        who, name, minutes = named
        self.server.db.ban(ACCOUNT, who, _until(minutes), owner.identity)
        session = self.server.sessions.get(who)
        if session is not None:
            self._send_away(session)
        return words.account_banned_text(name, minutes)

    def _unban_account(self, owner: Session, rest: str) -> str | None:
        found = self._find(rest)
        who = found[0] if found is not None else account_identity(display_name(rest))
        return words.unbanned_text(rest, self.server.db.unban(ACCOUNT, who))

    def _ban_address(self, owner: Session, rest: str) -> str | None:
        parsed = _target_and_minutes(rest)
        if parsed is None:
            return None
        target, minutes = parsed
        # A player's name online stands for the address they are connected from.
        named = next(
            (s for s in self.server.sessions.values() if s.name == target and s.conn), None
        )
        address = named.conn.address if named is not None and named.conn is not None else target
        self.server.db.ban(ADDRESS, address, _until(minutes), owner.identity)
        for session in list(self.server.sessions.values()):
            conn = session.conn
            if conn is not None and conn.address == address and not self.is_admin(session):
                self._send_away(session)
        return words.address_banned_text(address, minutes)

    def _unban_address(self, owner: Session, rest: str) -> str | None:
        return words.unbanned_text(rest, self.server.db.unban(ADDRESS, rest))

    def _mute(self, owner: Session, rest: str) -> str | None:
        named = self._named(rest)
        if not isinstance(named, tuple):
            return named
        who, name, minutes = named
        self.server.db.mute(who, _until(minutes), owner.identity)
        return words.muted_owner_text(name, minutes)

    def _unmute(self, owner: Session, rest: str) -> str | None:
        found = self._find(rest)
        who = found[0] if found is not None else account_identity(display_name(rest))
        return words.unmuted_owner_text(rest, self.server.db.unmute(who))

    def _announce(self, owner: Session, rest: str) -> str | None:
        return words.announced_text(self.say_to_everyone(lambda: words.announcement_text(rest)))

    def _maintenance(self, owner: Session, rest: str) -> str | None:
        if rest.casefold() in ("none", "off", "-"):
            self.maintenance = None
            return words.maintenance_cleared_text()
        self.maintenance = rest
        return words.announced_text(self.say_to_everyone(lambda: words.maintenance_text(rest)))

    def _reports(self, owner: Session, rest: str) -> str | None:
        reports = self.server.db.reports(5)
        if not reports:
            return words.no_reports_text()
        said: list[str] = []
        for report in reports:
            when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(report.made))
            line = words.report_line_text(
                report.number, report.reporter_name, report.reported_name, when, report.reason
            )
            if report.chat:
                line = f"{line}. {words.report_chat_text(' / '.join(report.chat))}"
            said.append(line)
        return " ".join(said)

    def say_to_everyone(self, text: Callable[[], str]) -> int:
        """Say a sentence to everyone connected, each in their own language (a system
        message); how many heard it."""
        count = 0
        for session in list(self.server.sessions.values()):
            if session.conn is None:
                continue
            with session.app.speaking():
                session.app.say(text(), queue=True, cue="menu_move", kind=SYSTEM)
            count += 1
        return count

    def _send_away(self, session: Session) -> None:
        """A player just banned: out of their table, told, and disconnected."""
        server = self.server
        if session.table is not None:
            server.leave_table(session, to_lobby=False)
        conn = session.conn
        if conn is not None:
            with session.app.speaking():
                text = words.you_are_banned_text()
            conn.send(p.Bye(text=text[:200], retry=False))
            conn.close()


def _target_and_minutes(rest: str) -> tuple[str, int | None] | None:
    """``"Sam 60"`` as ("Sam", 60), ``"Sam"`` as ("Sam", None); None when empty."""
    if not rest:
        return None
    head, _space, last = rest.rpartition(" ")
    if head and last.isdigit() and 0 < int(last) <= 10**7:
        return head.strip(), int(last)
    return rest, None


def _until(minutes: int | None) -> float | None:
    return None if minutes is None else time.time() + minutes * 60
