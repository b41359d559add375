"""Signing in: a hello checked (its name, its password or guest token), a new account
registered within its limits, passwords checked on threads beside the loop, and the session
the hello opens or finds again."""

from __future__ import annotations

import asyncio
import logging
import math
import secrets
from collections.abc import Callable
from typing import Any

from ninetynine_audio.i18n import ENGLISH, using
from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.front import SeatApp
from ninetynine_audio.online.identity import (
    account_identity,
    display_name,
    guest_identity,
    name_problem,
)
from ninetynine_audio.online.limits import NEW_ACCOUNTS, PASSWORDS_BUSY, SIGN_IN_WAIT, Guard, Limits
from ninetynine_audio.online.passwords import Busy, PasswordDesk
from ninetynine_audio.online.refusal import Refusal
from ninetynine_audio.online.rooms import Rooms
from ninetynine_audio.online.session import Connection, Session
from ninetynine_audio.online.storage import Store
from ninetynine_audio.present import online as words

log = logging.getLogger(__name__)


class Accounts:
    """Hellos, passwords, guest tokens and the sessions they open."""

    def __init__(
        self,
        db: Store,
        rooms: Rooms,
        limits: Limits,
        guard: Guard,
        clock: Callable[[], float],
        *,
        guests: bool,
        set_aside: dict[str, list[str]],
        fault: Callable[[], None],
    ) -> None:
        self.db = db
        self.rooms = rooms
        self.limits = limits
        self.guard = guard
        self.clock = clock
        self.guests = guests
        self.set_aside = set_aside
        self.fault = fault
        self.passwords: PasswordDesk | None = None  # run_server's threads; None: on the loop
        self.connections: set[Connection] = set()
        self.background: set[asyncio.Task[None]] = set()
        self.wire: Callable[[Session], None] = lambda session: None
        """Gives a new session's app its hooks and its lobby (the server's)."""
        self.arrive: Callable[[Session], None] = lambda session: None
        """A player signed in: the lobby, or their table (the server's)."""
        self.refuses: Callable[[Connection, str], bool] = lambda conn, identity: False
        """Whether a player is refused at the door, told why (a ban: moderation's)."""
        self.arrived: list[Callable[[Session], None]] = []
        """After a player arrived, each in turn: what moderation tells them, the language
        their tournaments' places keep."""
        self.signed_in_later: Callable[[Connection, p.Hello], None] = lambda conn, hello: None
        """A password checked beside the loop signed the connection in: act on what it
        sent meanwhile (the server's)."""

    def new_session(
        self,
        identity: str,
        name: str,
        account: bool,
        token: str | None,
        hello: Any = None,
        *,
        language: str | None = None,
    ) -> Session:
        """A session for ``identity``, in the lobby, its seat app speaking through whatever
        connection the session has."""
        session_ref: list[Session] = []

        def send(message: p.ServerMessage) -> None:
            session = session_ref[0]
            if session.conn is not None:
                session.conn.send(message)

        app = SeatApp(
            send,
            verbosity=getattr(hello, "verbosity", "normal"),
            hears_cues=getattr(hello, "hears_cues", True),
            wpm=getattr(hello, "words_per_minute", 200),
            clock=self.clock,
            language=language if language is not None else getattr(hello, "language", ENGLISH),
        )
        session = Session(identity, name, account, token, app)
        session_ref.append(session)
        self.wire(session)
        self.rooms.sessions[identity] = session
        return session

    def sign_in(self, conn: Connection, hello: p.Hello) -> Session | None:
        """Check ``hello``; the session it opens (or finds again), or None after refusing.
        Everything said here is in the language the hello asks for."""
        with using(hello.language):
            return self._sign_in(conn, hello)

    def _sign_in(self, conn: Connection, hello: p.Hello) -> Session | None:
        name = display_name(hello.name)
        problem = name_problem(name)
        if problem is not None:
            mixed = problem == "mixed_scripts"
            text = words.mixed_scripts_text() if mixed else words.bad_name_text()
            conn.refuse(Refusal("bad_name", text), bye=True)
            return None
        token: str | None = None
        if self.db.look_alike(name) is not None:
            # A new name (guest or account) that could be taken for an account's; an
            # account's own name, in any spelling, never is.
            conn.refuse(Refusal("bad_name", words.look_alike_text()), bye=True)
            return None
        if hello.password:
            checked = self._password_checked(conn, hello, name)
            if checked is None:
                return None  # refused, or checked beside the loop and signed in after
            right, name = checked
            if not right:
                conn.refuse(Refusal("bad_password", words.bad_password_text()), bye=True)
                return None
            identity = account_identity(name)
            account = True
        else:
            if not self.guests:
                conn.refuse(Refusal("no_guests", words.no_guests_text()), bye=True)
                return None
            if self.db.account_exists(name):
                conn.refuse(Refusal("bad_name", words.name_taken_text()), bye=True)
                return None
            given = hello.guest_token
            known = self.rooms.sessions.keys() | self.set_aside
            kept = given and {guest_identity(given)} & known
            token = given if kept else None
            token = token or secrets.token_urlsafe(18)
            identity = guest_identity(token)  # the token itself is neither kept nor stored
            account = False
        if self.refuses(conn, identity):
            return None
        session = self.rooms.sessions.get(identity)
        # A session the server still knows, or a client that was here before a restart. A
        # seat kept for someone who never came to it is no connection of theirs yet.
        returning = (session is not None and not session.new_to_seat) or hello.again
        if session is None:
            session = self.new_session(identity, name, account, token, hello)
        elif session.conn is not None and session.conn is not conn:
            # The same player on a new connection: the old one goes.
            old = session.conn
            old.session = None
            old.send(p.Bye(text=words.left_server_text(), retry=False))
            old.close()
        app = session.app
        app.set_language(hello.language)
        app.update_settings(
            verbosity=hello.verbosity,
            sound_enabled=hello.hears_cues,
            screen_reader_rate_wpm=hello.words_per_minute,
        )
        app.use_client(hello.client)
        app.running = True
        session.conn = conn
        session.address = conn.address
        session.returning = returning
        conn.session = session
        conn.send(
            p.Welcome(
                protocol=p.PROTOCOL_VERSION, name=session.name, account=account, guest_token=token
            )
        )
        self.arrive(session)
        for signed_in in self.arrived:
            signed_in(session)
        return session

    def _password_checked(
        self, conn: Connection, hello: p.Hello, name: str
    ) -> tuple[bool, str] | None:
        """``Database.sign_in``'s answer for ``name`` when it is known: checked beside the
        loop (this is then the second call, with its answer), or here when the server has no
        password threads. None after refusing (failures too recent, too many new accounts,
        the checks full), and while the check runs: ``sign_in`` is called again after it."""
        address = conn.address
        checked, conn.checked = conn.checked, None
        if checked is not None and checked[0] == name:
            _name, new, answer = checked
            return self._count_sign_in(conn, name, new, answer)
        wait = self.guard.sign_in_wait_s(name, address)
        if wait > 0:
            self.guard.refusals.count(SIGN_IN_WAIT, address)
            text = words.sign_in_wait_text(math.ceil(wait))
            conn.refuse(Refusal("sign_in_wait", text), bye=True)
            return None
        new = not self.db.account_exists(name)
        if new and self.guard.new_accounts.count(address) >= self.limits.accounts_per_hour:
            self.guard.refusals.count(NEW_ACCOUNTS, address)
            conn.refuse(Refusal("account_limit", words.accounts_limit_text()), bye=True)
            return None
        if self.passwords is None:
            return self._count_sign_in(conn, name, new, self.db.sign_in(name, hello.password or ""))
        conn.checking = True
        task = asyncio.get_running_loop().create_task(self._check_password(conn, hello, name, new))
        self.background.add(task)
        task.add_done_callback(self.background.discard)
        return None

    def _count_sign_in(
        self, conn: Connection, name: str, new: bool, answer: tuple[bool, str]
    ) -> tuple[bool, str]:
        if answer[0]:
            self.guard.signed_in(name)
            if new:
                self.guard.new_accounts.add(conn.address)
        else:
            self.guard.sign_in_failed(name, conn.address)
        return answer

    async def _check_password(self, conn: Connection, hello: p.Hello, name: str, new: bool) -> None:
        """Check a password on the password threads, then sign in with the answer."""
        assert self.passwords is not None and hello.password
        try:
            answer = await self.passwords.sign_in(conn.address, name, hello.password)
        except Busy:
            self.guard.refusals.count(PASSWORDS_BUSY, conn.address)
            with using(hello.language):
                conn.refuse(Refusal("busy", words.server_busy_text()), bye=True)
            return
        except Exception:
            self.fault()
            log.exception("a password check failed")
            with using(hello.language):
                conn.refuse(Refusal("server", words.server_fault_text()), bye=True)
            return
        finally:
            conn.checking = False
        if conn.closing or conn not in self.connections:
            return
        conn.checked = (name, new, answer)
        try:
            self.sign_in(conn, hello)
        except Exception:
            self.fault()
            log.exception("a sign-in failed")
            return
        finally:
            conn.checked = None
        self.signed_in_later(conn, hello)
