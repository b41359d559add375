"""The server owners' commands: an account named with ``serve --admin NAME``, signed in with
its password, has the lobby's "Server owner's commands", which takes a typed command (also
sent as the protocol's ``admin`` message; from anyone else refused with ``not_admin``): bans of
accounts and addresses, mutes, announcements, the maintenance message, the last reports."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable
from functools import partial
from typing import TYPE_CHECKING, Any

from ninetynine_audio.audio.utterance import SYSTEM
from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.identity import account_identity, display_name
from ninetynine_audio.online.storage.moderation import ACCOUNT, ADDRESS
from ninetynine_audio.plaintext import without_controls
from ninetynine_audio.present import moderation as words
from ninetynine_audio.present.words import ended
from ninetynine_audio.ui.screen import MenuItem

if TYPE_CHECKING:
    from ninetynine_audio.online.community import Community
    from ninetynine_audio.online.parts import Parts
    from ninetynine_audio.online.session import Connection, Session
    from ninetynine_audio.ui.host import Host as App

log = logging.getLogger(__name__)

LINE_LIMIT = 160
"""The longest reason, announcement or maintenance message kept (as a chat line)."""
ANNOUNCE, MAINTENANCE, BAN_ACCOUNT, BAN_ADDRESS = "announce", "maintenance", "ban", "ban_address"
"""An owner's acts that reach every process sharing the database."""


def clean_line(text: str | None) -> str:
    """A typed line as kept: no control characters, spaces made one, at most
    :data:`LINE_LIMIT` characters."""
    return " ".join(without_controls(text or "").split())[:LINE_LIMIT]


class Owners:
    """The server's owners and what they may do."""

    def __init__(self, parts: Parts, admins: Iterable[str] = ()) -> None:
        self.parts = parts
        self.admins = frozenset(account_identity(display_name(name)) for name in admins)
        self.maintenance: str | None = None
        self.community: Community | None = None
        """The other processes sharing the database, when there are any (an owner's acts
        reach them: ``online.community``)."""

    # -- who is who ------------------------------------------------------------------------

    def is_admin(self, session: Session) -> bool:
        """Whether ``session`` is an owner's account, signed in with its password."""
        return session.account and session.identity in self.admins

    def find(self, name: str) -> tuple[str, str] | None:
        """The identity and shown name of the player called ``name``: someone online by
        that name, else the account."""
        wanted = display_name(name)
        key = account_identity(wanted)
        for session in self.parts.rooms.sessions.values():
            if session.identity == key or session.name.casefold() == wanted.casefold():
                return session.identity, session.name
        if self.parts.db.account_exists(wanted):
            return key, wanted
        return None

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
        verb, _space, rest = clean_line(text).partition(" ")
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
        found = self.find(parsed[0])
        if found is None:
            return words.nobody_called_text(parsed[0])
        return found[0], found[1], parsed[1]

    def _ban_account(self, owner: Session, rest: str) -> str | None:
        named = self._named(rest)
        if not isinstance(named, tuple):
            return named
        who, name, minutes = named
        self.parts.db.ban(ACCOUNT, who, _until(minutes), owner.identity)
        self._everywhere(BAN_ACCOUNT, who)
        return words.account_banned_text(name, minutes)

    def _unban_account(self, owner: Session, rest: str) -> str | None:
        found = self.find(rest)
        who = found[0] if found is not None else account_identity(display_name(rest))
        return words.unbanned_text(rest, self.parts.db.unban(ACCOUNT, who))

    def _ban_address(self, owner: Session, rest: str) -> str | None:
        parsed = _target_and_minutes(rest)
        if parsed is None:
            return None
        target, minutes = parsed
        # A player's name online stands for the address they are connected from.
        named = next(
            (s for s in self.parts.rooms.sessions.values() if s.name == target and s.conn), None
        )
        address = named.conn.address if named is not None and named.conn is not None else target
        self.parts.db.ban(ADDRESS, address, _until(minutes), owner.identity)
        self._everywhere(BAN_ADDRESS, address)
        return words.address_banned_text(address, minutes)

    def _unban_address(self, owner: Session, rest: str) -> str | None:
        return words.unbanned_text(rest, self.parts.db.unban(ADDRESS, rest))

    def _mute(self, owner: Session, rest: str) -> str | None:
        named = self._named(rest)
        if not isinstance(named, tuple):
            return named
        who, name, minutes = named
        self.parts.db.mute(who, _until(minutes), owner.identity)
        return words.muted_owner_text(name, minutes)

    def _unmute(self, owner: Session, rest: str) -> str | None:
        found = self.find(rest)
        who = found[0] if found is not None else account_identity(display_name(rest))
        return words.unmuted_owner_text(rest, self.parts.db.unmute(who))

    def _announce(self, owner: Session, rest: str) -> str | None:
        return words.announced_text(self._everywhere(ANNOUNCE, rest))

    def _maintenance(self, owner: Session, rest: str) -> str | None:
        if rest.casefold() in ("none", "off", "-"):
            self._everywhere(MAINTENANCE, None)
            return words.maintenance_cleared_text()
        return words.announced_text(self._everywhere(MAINTENANCE, rest))

    def _everywhere(self, what: str, text: str | None) -> int:
        """Act on an owner's ``what`` here, and on every other process sharing the
        database (``online.community``); how many players heard it here."""
        if self.community is not None:
            self.community.to_all(what, text=text)
        return self.heard(what, {"text": text})

    def heard(self, what: str, data: dict[str, Any]) -> int:
        """An owner's ``what`` (made here, or on another process): an announcement or the
        maintenance message said to everyone here, or a banned account or address sent
        away; how many players heard it."""
        text = data.get("text")
        line = str(text) if text is not None else None
        sessions = self.parts.rooms.sessions
        if what == ANNOUNCE and line is not None:
            return self.say_to_everyone(lambda: words.announcement_text(line))
        if what == MAINTENANCE:
            self.maintenance = line
            if line is not None:
                return self.say_to_everyone(lambda: words.maintenance_text(line))
        elif what == BAN_ACCOUNT:
            session = sessions.get(str(text))
            if session is not None and not self.is_admin(session):
                self._send_away(session)
        elif what == BAN_ADDRESS:
            for session in list(sessions.values()):
                conn = session.conn
                if conn is not None and conn.address == text and not self.is_admin(session):
                    self._send_away(session)
        return 0

    def _reports(self, owner: Session, rest: str) -> str | None:
        reports = self.parts.db.reports(5)
        if not reports:
            return words.no_reports_text()
        said: list[str] = []
        for report in reports:
            when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(report.made))
            line = words.report_line_text(
                report.number, report.reporter_name, report.reported_name, when, report.reason
            )
            if report.chat:
                line = f"{ended(line)} {words.report_chat_text(' / '.join(report.chat))}"
            said.append(line)
        return " ".join(said)

    def say_to_everyone(self, text: Callable[[], str]) -> int:
        """Say a sentence to everyone connected, each in their own language (a system
        message); how many heard it."""
        count = 0
        for session in list(self.parts.rooms.sessions.values()):
            if session.conn is None:
                continue
            with session.app.speaking():
                session.app.say(text(), queue=True, cue="menu_move", kind=SYSTEM)
            count += 1
        return count

    def _send_away(self, session: Session) -> None:
        """A player just banned: out of their table, told, and disconnected."""
        parts = self.parts
        if session.table is not None:
            parts.seating.leave_table(session, to_lobby=False)
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
