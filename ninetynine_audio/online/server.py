"""The table server: websockets and the browser page on one aiohttp server, the lobby, the
tables and the players' sessions.

One event loop runs everything. A message from a player, or a table's timer, runs one
synchronous step (the engines stay pure and the loop never switches inside a step), so two
steps of one table never interleave, and a step of one table never touches another. Each
table has one task that wakes for its computer players and turn timer.

A player is a :class:`Session` (an account, or a guest with a token); the session outlives
its connection, so a dropped player keeps their seat for :data:`KEEP_SEAT_S` and, coming back,
hears what they missed. Every table is stored after every change (``db.Database``), so after a
crash the server reloads the tables and the players reconnect into the same position.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import math
import random
import secrets
import signal
import sqlite3
import ssl
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import msgspec
from aiohttp import WSMsgType, web

from ninetynine_audio.audio.utterance import CHAT, TABLE, Utterance
from ninetynine_audio.bots import levels
from ninetynine_audio.games.base import HUMAN, GameSetup
from ninetynine_audio.games.errors import GameError
from ninetynine_audio.games.registry import find_game, is_game
from ninetynine_audio.games.saved import RecordMaker, SaveError
from ninetynine_audio.i18n import ENGLISH, known_language, using
from ninetynine_audio.input.keynames import GestureError, gesture_from_name
from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.daily import DailyDesk
from ninetynine_audio.online.front import SeatApp
from ninetynine_audio.online.gamelog import GameLog, heard_names, table_names
from ninetynine_audio.online.gate import (
    ABORTED,
    BROKEN,
    IDLE,
    NO_HELLO,
    Gate,
    security_headers,
)
from ninetynine_audio.online.hosting import TableHost
from ninetynine_audio.online.identity import (
    account_identity,
    display_name,
    guest_identity,
    name_problem,
    skeleton,
)
from ninetynine_audio.online.limits import (
    JOIN_CODES,
    NEW_ACCOUNTS,
    NEW_TABLES,
    OWNED_TABLES,
    PASSWORDS_BUSY,
    SIGN_IN_WAIT,
    Guard,
    Limits,
    Window,
    quiet_network_logs,
    rotating_log,
)
from ninetynine_audio.online.lobby import (
    LobbyMenu,
    SeatsMenu,
    WaitingRoom,
    one_person_text,
    online_pause_menu,
)
from ninetynine_audio.online.moderation import Moderation
from ninetynine_audio.online.offline_page import add_offline_page
from ninetynine_audio.online.page import keys_document, page_words
from ninetynine_audio.online.passwords import Busy, PasswordDesk
from ninetynine_audio.online.people import People
from ninetynine_audio.online.review import ReviewDesk
from ninetynine_audio.online.storage import DataProblem, StoredTable, open_store
from ninetynine_audio.online.tournaments import TournamentDesk
from ninetynine_audio.plaintext import without_controls
from ninetynine_audio.present import online as words
from ninetynine_audio.resources import shipped_dir
from ninetynine_audio.ui.tables.base import TURN_CUE, TURN_KEY

if TYPE_CHECKING:
    from ninetynine_audio.online.cluster import Cluster

log = logging.getLogger(__name__)

KEEP_SEAT_S = 120.0
"""How long a dropped player's seat is kept before a computer player takes it."""
FORGET_SESSION_S = 600.0
"""How long a dropped player who sits nowhere is remembered."""
RATE_PER_S = 30.0
RATE_BURST = 60.0
"""Messages a connection may send: a steady rate, and a burst above it."""
OVER_RATE_LIMIT = 200
"""Messages dropped for speed after which the connection is closed."""
BAD_MESSAGE_LIMIT = 20
"""Refused messages after which the connection is closed."""
HELD_LIMIT = 20
"""Messages held while a connection's password is checked, to act on after it."""
OUTBOX_LIMIT = 2000
"""Messages waiting for a client too slow to read them, before it is dropped."""
JOIN_ATTEMPTS = 5
JOIN_WINDOW_S = 60.0
"""Codes that open no table a connection may try in a window (an address: ``Limits``)."""
CODE_DIGITS = 6
HEARTBEAT_S = 30.0
STORE_RETRY_FIRST_S = 1.0
STORE_RETRY_LONGEST_S = 30.0
"""A write the database refused is tried again after a second, then after twice as long
each time, up to this."""
SEED_BITS = 128
"""The secret every shuffle, computer move and hint of an online match is drawn from."""
WEB_DIR = Path(__file__).resolve().parents[1] / "web"


def match_seed() -> int:
    """A new online match's seed: :data:`SEED_BITS` bits from the system's secure source.

    Each shuffle (and each computer decision and hint) draws from a generator of its own,
    seeded with text holding this seed and the shuffle's number (Python fills the whole
    state from the text and its SHA-512), so neither this seed nor another deal can be
    searched for from the cards a seat holds. It stays on the server: it is stored with the
    match (so a restarted server deals the same cards) and never sent to a seat."""
    return secrets.randbits(SEED_BITS)


class _ChatAsk:
    """Marks the question asked for a chat line."""


@dataclass
class SeatInfo:
    """One seat of an online table: what it is open for, who sits there, and whether a
    computer player stands in for them."""

    kind: str
    who: str | None = None
    name: str | None = None
    replaced: bool = False
    language: str | None = None
    """The language its player last heard the table in: after a restart, what the table
    says before they are back (the resumed game, what they missed) is in it."""
    forfeit: int | None = None
    """The place its player left the match in play at (last of those still in then): their
    result is never better, even if they come back to finish it (see ``Server._finished``)."""

    def to_json(self) -> dict[str, Any]:
        """The seat as stored."""
        return {
            "kind": self.kind,
            "who": self.who,
            "name": self.name,
            "replaced": self.replaced,
            "language": self.language,
            "forfeit": self.forfeit,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatInfo:
        """A stored seat."""
        language = data.get("language")
        forfeit = data.get("forfeit")
        return cls(
            data["kind"],
            data.get("who"),
            data.get("name"),
            bool(data.get("replaced")),
            language if isinstance(language, str) and known_language(language) else None,
            forfeit if isinstance(forfeit, int) and not isinstance(forfeit, bool) else None,
        )


@dataclass
class Session:
    """One player on the server, connected or (for a while) not."""

    identity: str
    name: str
    account: bool
    guest_token: str | None
    app: SeatApp
    conn: Connection | None = None
    table: OnlineTable | None = None
    seat: int | None = None
    dropped_at: float | None = None
    answer: Callable[[Any, str | None], None] | None = None

    def ask(self, app: Any, prompt: str, answer: Callable[[Any, str | None], None]) -> None:
        """Ask the client for a line of text; ``answer`` gets it (``None``: cancelled)."""
        self.answer = answer
        app.say(prompt)
        self.app.remote.emit(p.Ask(prompt=prompt[:200]))


@dataclass
class OnlineTable:
    """A table of the server: its seats, settings and, once started, its hosted match."""

    code: str
    game: str
    options: dict[str, Any]
    listed: bool
    host_id: str
    seats: list[SeatInfo]
    settings: dict[str, Any]
    state: str = "waiting"
    host: TableHost | None = None
    watchers: set[str] = field(default_factory=set)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None
    redraw: bool = True
    records: RecordMaker = field(default_factory=RecordMaker)
    told_unsaved: bool = False
    """Its players were told the server cannot save now (they are told once)."""
    silent_since: float | None = None
    """Since when no person at the table has been connected (None: someone is)."""

    def touch(self) -> None:
        """Something happened at the table: take the next step now and draw the screens."""
        self.redraw = True
        self.wake.set()

    def lobby_text(self) -> str:
        """The table as the lobby lists it."""
        people = [s.name for s in self.seats if s.kind == HUMAN and s.name and s.who is not None]
        taken = sum(1 for s in self.seats if s.kind != HUMAN or s.who is not None)
        return words.table_item_text(self.game, self.state, taken, len(self.seats), people)

    def open_seats(self) -> list[int]:
        """Seats open for a person and still free."""
        return [i for i, s in enumerate(self.seats) if s.kind == HUMAN and s.who is None]

    def seat_of(self, identity: str) -> int | None:
        """The seat ``identity`` sits at, if any."""
        for index, seat in enumerate(self.seats):
            if seat.who == identity:
                return index
        return None

    def stored(self) -> StoredTable:
        """The table as the database keeps it."""
        record = None if self.host is None else self.records.record(self.host.core.saved)
        settings = {**self.settings, "options": self.options}
        return StoredTable(
            self.code,
            self.game,
            self.state,
            self.listed,
            self.host_id,
            [s.to_json() for s in self.seats],
            settings,
            record,
        )


class Connection:
    """One websocket: its limits, its outbox and the session it speaks for."""

    def __init__(self, ws: web.WebSocketResponse, address: str, clock: Callable[[], float]):
        self.ws = ws
        self.address = address
        self.session: Session | None = None
        self.clock = clock
        self.tokens = RATE_BURST
        self.refilled = clock()
        self.over_rate = 0
        self.bad = 0
        self.join_failures: deque[float] = deque()
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.sent_messages = 0
        self.sent_bytes = 0
        self.closing = False
        self.language = ENGLISH  # the hello's, for what is said before a session opens
        self.checked: tuple[str, bool, tuple[bool, str]] | None = None
        """A password checked beside the loop: the name, whether it was new, and
        ``Database.sign_in``'s answer."""
        self.checking = False
        self.held: list[p.ClientMessage] = []
        """Messages that came while the password was checked, to act on after."""

    def send(self, message: p.ServerMessage) -> None:
        """Queue one message for the client."""
        if self.closing:
            return
        if self.outbox.qsize() > OUTBOX_LIMIT:
            self.closing = True
            self.outbox.put_nowait(None)
            return
        frame = p.encode(message)
        self.sent_messages += 1
        self.sent_bytes += len(frame)
        self.outbox.put_nowait(frame)

    def allow(self) -> bool:
        """Take one message from the rate limit's bucket."""
        now = self.clock()
        self.tokens = min(RATE_BURST, self.tokens + (now - self.refilled) * RATE_PER_S)
        self.refilled = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def close(self) -> None:
        """Close after what is queued."""
        if not self.closing:
            self.closing = True
            self.outbox.put_nowait(None)


class Server:
    """Everything the server holds: the database, the sessions and the tables."""

    def __init__(
        self,
        data: Path,
        *,
        guests: bool = True,
        clock: Callable[[], float] = time.monotonic,
        keep_seat_s: float = KEEP_SEAT_S,
        pause_scale: float = 1.0,
        event_log: Path | None = None,
        limits: Limits | None = None,
        database: str | None = None,
        admins: Sequence[str] = (),
        cluster: str | None = None,
    ) -> None:
        self.db = open_store(data, database, shared=cluster is not None)
        self.cluster: Cluster | None = None
        if cluster is not None:
            from ninetynine_audio.online.cluster import Cluster

            self.cluster = Cluster(self.db, cluster, database=database)
        self.moderation = Moderation(self, admins)
        self.game_log = GameLog(event_log) if event_log is not None else None
        self.limits = limits or Limits()
        self.guard = Guard(self.limits, clock)
        self.passwords: PasswordDesk | None = None  # run_server's threads; None: on the loop
        self.data = data
        self.guests = guests
        self.clock = clock
        self.keep_seat_s = keep_seat_s
        self.pause_scale = pause_scale
        self.sessions: dict[str, Session] = {}
        self.tables: dict[str, OnlineTable] = {}
        self.join_addresses = Window(JOIN_WINDOW_S, clock)
        self.background: set[asyncio.Task[None]] = set()
        self.connections: set[Connection] = set()
        self.rng = random.SystemRandom()
        self.crashes = 0  # steps that raised: logged, never fatal
        self.reloaded: list[str] = []
        # Writes the database refused (a full disk, a read-only one), kept until it takes them.
        self.unsaved: dict[str, OnlineTable] = {}
        self.pending_drops: set[str] = set()
        self.pending_results: list[tuple[str, str, list[dict[str, Any]], list[list[str]]]] = []
        self.storage_failing = False
        self.retry_delay = STORE_RETRY_FIRST_S
        self.retry_at = 0.0
        # Tables set aside at start-up, by the identity of each player who sat there.
        self.set_aside: dict[str, list[str]] = {}
        self.people = People(self)
        self.tournaments = TournamentDesk(self)
        self.daily = DailyDesk(self)
        self.reviews = ReviewDesk(self)

    # -- the tables stored before a restart --------------------------------------------------

    def reload(self) -> None:
        """Deal again every stored table in play (or waiting), and keep its players' seats
        for them, as for a dropped connection. A table that cannot be loaded is set aside
        (kept in the database, named in the log, told to its players when they come) and
        the others load."""
        if self.cluster is not None:  # the tables nobody holds are taken by its rounds
            self.cluster.start(self)
            return
        for stored in self.db.tables():
            if stored.state == "over":
                self.pending_drops.add(stored.code)
                continue
            try:
                self._reload_table(stored)
            except Exception as error:  # one damaged table never keeps the others from loading
                self._set_aside(stored, f"{type(error).__name__}: {error}")
        self.tournaments.reload()
        self._save_pending()

    def _reload_table(self, stored: StoredTable) -> None:
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
            table.host = self._make_host(table, record=stored.record)
            for index, seat in enumerate(table.seats):
                if seat.replaced:
                    table.host.replace(index)
        self.tables[table.code] = table
        try:
            for index, seat in enumerate(table.seats):
                if seat.who is not None and seat.who not in self.sessions:
                    self._ghost(seat.who, seat.name or "", table, index)
        except BaseException:
            self.tables.pop(table.code, None)
            for session in self.sessions.values():
                if session.table is table:
                    session.table, session.seat = None, None
            raise
        self.reloaded.append(table.code)
        self._start_task(table)

    def _set_aside(self, stored: StoredTable, reason: str) -> None:
        """Keep a table that cannot be loaded out of the way, and tell its players."""
        try:
            self.db.set_aside(stored.code, reason)
        except sqlite3.Error as error:
            log.error(
                "table %s cannot be loaded (%s) nor set aside: %s", stored.code, reason, error
            )
        for seat in stored.seats:
            who = seat.get("who") if isinstance(seat, dict) else None
            if isinstance(who, str):
                self.set_aside.setdefault(who, []).append(stored.code)

    def _ghost(self, identity: str, name: str, table: OnlineTable, seat: int) -> None:
        """A session for a player who sat at a reloaded table and has not reconnected."""
        account = identity.startswith("account:")
        language = table.seats[seat].language or ENGLISH
        session = self._new_session(identity, name, account, None, language=language)
        session.dropped_at = self.clock()
        session.app.remote.away = True
        session.table = table
        session.seat = seat
        if table.host is not None:
            table.host.attach(seat, session.app)
        else:
            session.app.push(WaitingRoom(self, session, table))

    # -- sessions ---------------------------------------------------------------------------

    def _new_session(
        self,
        identity: str,
        name: str,
        account: bool,
        token: str | None,
        hello: Any = None,
        *,
        language: str | None = None,
    ) -> Session:
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
        app.on_start_game = lambda setup: self._started_from_menus(session, setup)
        app.on_main_menu = lambda: self._to_lobby(session)
        app.on_quit = lambda: self._quit(session)
        app.on_pause = lambda table: app.push(online_pause_menu(self, session, table))
        app.on_chat = lambda: self.ask_chat(session)
        app.on_people = partial(self.people.command, session)
        app.review_screen = partial(self.reviews.screen_for, session)
        app.stack = [LobbyMenu(self, session)]
        self.sessions[identity] = session
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
            self._refuse(conn, "bad_name", text, bye=True)
            return None
        token: str | None = None
        if self.db.look_alike(name) is not None:
            # A new name (guest or account) that could be taken for an account's; an
            # account's own name, in any spelling, never is.
            self._refuse(conn, "bad_name", words.look_alike_text(), bye=True)
            return None
        if hello.password:
            checked = self._password_checked(conn, hello, name)
            if checked is None:
                return None  # refused, or checked beside the loop and signed in after
            right, name = checked
            if not right:
                self._refuse(conn, "bad_password", words.bad_password_text(), bye=True)
                return None
            identity = account_identity(name)
            account = True
        else:
            if not self.guests:
                self._refuse(conn, "no_guests", words.no_guests_text(), bye=True)
                return None
            if self.db.account_exists(name):
                self._refuse(conn, "bad_name", words.name_taken_text(), bye=True)
                return None
            given = hello.guest_token
            kept = given and {guest_identity(given)} & (self.sessions.keys() | self.set_aside)
            token = given if kept else None
            token = token or secrets.token_urlsafe(18)
            identity = guest_identity(token)  # the token itself is neither kept nor stored
            account = False
        if self.moderation.refuses(conn, identity):
            return None
        session = self.sessions.get(identity)
        if session is None:
            session = self._new_session(identity, name, account, token, hello)
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
        conn.session = session
        conn.send(
            p.Welcome(
                protocol=p.PROTOCOL_VERSION, name=session.name, account=account, guest_token=token
            )
        )
        self._arrive(session)
        self.moderation.arrived(session)
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
            self._refuse(conn, "sign_in_wait", words.sign_in_wait_text(math.ceil(wait)), bye=True)
            return None
        new = not self.db.account_exists(name)
        if new and self.guard.new_accounts.count(address) >= self.limits.accounts_per_hour:
            self.guard.refusals.count(NEW_ACCOUNTS, address)
            self._refuse(conn, "account_limit", words.accounts_limit_text(), bye=True)
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
                self._refuse(conn, "busy", words.server_busy_text(), bye=True)
            return
        except Exception:
            self.crashes += 1
            log.exception("a password check failed")
            with using(hello.language):
                self._refuse(conn, "server", words.server_fault_text(), bye=True)
            return
        finally:
            conn.checking = False
        if conn.closing or conn not in self.connections:
            return
        conn.checked = (name, new, answer)
        try:
            self.sign_in(conn, hello)
        except Exception:
            self.crashes += 1
            log.exception("a sign-in failed")
            return
        finally:
            conn.checked = None
        self._after_message(conn, hello, None)
        held, conn.held = conn.held, []
        for message in held:
            if conn.closing:
                return
            with using(conn.session.app.language if conn.session else conn.language):
                self._act(conn, message)

    def _arrive(self, session: Session) -> None:
        """A player connected: the lobby, or their table with what they missed."""
        app = session.app
        remote = app.remote
        was_away = session.dropped_at is not None
        missed = list(remote.missed)
        remote.missed.clear()
        remote.away = False
        session.dropped_at = None
        app.forget_display()
        table = session.table
        if not was_away:
            self.people.arrived(session)
        if table is None:
            app.say(words.signed_in_text(session.name, session.account))
            self._tell_set_aside(session)
            app.top.enter(app)
            return
        self._send_table_info(session)
        turn = self._turn_line(session)
        if turn is not None:
            # Whose turn it is ends what they hear, once. The seat's screen said it while they
            # were away (a reloaded table says it to every seat), and other words may have
            # followed it (another player back, a line of chat): it is not said twice, nor in
            # the language they had before when they come back in another.
            missed = [phrase for phrase in missed if phrase.key != TURN_KEY]
        if was_away:
            # Only phrases with words make "What you missed:" (a cue alone says nothing).
            app.say(words.welcome_back_text(sum(1 for phrase in missed if phrase.text.strip())))
            for phrase in missed:
                remote.seq += 1
                remote.emit(msgspec.structs.replace(phrase, priority="queue", seq=remote.seq))
            self.say_at(table, lambda: words.back_text(session.name), except_id=session.identity)
        if table.host is not None and session.seat is not None:
            if table.seats[session.seat].replaced:
                table.seats[session.seat].replaced = False
                table.host.take_back(session.seat)
                app.say(words.took_back_text(), queue=True)
                self._store(table)
            if turn is not None:
                text, mine = turn
                cue = TURN_CUE if mine else None
                app.say_utterance(Utterance(text, cue=cue, key=TURN_KEY, kind=TABLE))
        elif table.host is None:
            app.top.enter(app)
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
            self.say_at(
                session.table, lambda: words.lost_connection_text(name), except_id=session.identity
            )
            session.table.touch()

    def sweep(self) -> None:
        """Seats of players away too long go to computer players; forgotten sessions go;
        writes the database refused are tried again when due."""
        now = self.clock()
        if self.storage_failing and now >= self.retry_at:
            self._save_pending(retry=True)
        for session in list(self.sessions.values()):
            if session.dropped_at is None:
                continue
            away = now - session.dropped_at
            table = session.table
            if table is not None and session.seat is not None and away >= self.keep_seat_s:
                seat = table.seats[session.seat]
                if table.host is not None and not seat.replaced and not table.host.is_over:
                    self._forfeit(table, session)
                    seat.replaced = True
                    table.host.replace(session.seat)
                    level = table.settings.get("stand_in", "normal")
                    self.say_at(table, partial(words.replaced_text, session.name, level))
                    self._store(table)
                    table.touch()
                elif table.host is None:
                    self._free_seat(session)
            if session.table is None and away >= FORGET_SESSION_S:
                del self.sessions[session.identity]
            elif session.table is not None and session.table.state == "over":
                self._free_seat(session)
        self._sweep_tables(now)
        self.tournaments.sweep()
        self.guard.refusals.flush()

    def _quit(self, session: Session) -> None:
        """The player leaves the server (Leave the server, or Quit)."""
        if session.table is not None:
            self.leave_table(session, to_lobby=False)
        conn = session.conn
        if conn is not None:
            conn.send(p.Bye(text=words.left_server_text(), retry=False))
            conn.close()
            session.conn = None
        self.sessions.pop(session.identity, None)

    def _refuse(self, conn: Connection, code: str, text: str, *, bye: bool = False) -> None:
        conn.send(p.Error(code=code, text=text[:200]))
        if bye:
            conn.send(p.Bye(text=text[:200], retry=False))
            conn.close()

    # -- the lobby ---------------------------------------------------------------------------

    def listed_tables(self) -> list[OnlineTable]:
        """Tables the lobby shows: listed ones waiting for people, and ones in play."""
        others = self.cluster.listed() if self.cluster is not None else []
        return [
            t
            for t in [*self.tables.values(), *others]
            if t.listed and (t.state == "playing" or (t.state == "waiting" and t.open_seats()))
        ]

    def _to_lobby(self, session: Session) -> None:
        if session.table is not None:
            self.leave_table(session)
            return
        app = session.app
        app.stack = app.stack[:1]
        app.top.resume(app)

    def _started_from_menus(self, session: Session, setup: GameSetup) -> None:
        """The offline menus chose a game: at a finished table it means "play again", in the
        lobby it opens the seats menu."""
        table = session.table
        if table is not None:
            if self.tournaments.refuses_play_again(session, table):
                return
            if table.state == "over" and table.host is not None:
                self._back_to_waiting(table, session)
            return
        session.app.push(SeatsMenu(self, session, setup))

    def create_table(
        self,
        session: Session,
        game: str,
        kinds: list[str],
        options: dict[str, Any],
        private: bool,
        settings: dict[str, Any],
    ) -> str | None:
        """Make a table with ``session`` at its first seat; the sentence saying why not."""
        problem = self._tables_limited(session)
        if problem is not None:
            return problem
        if session.table is not None:
            self.leave_table(session, to_lobby=False)
        if not is_game(game):
            return words.no_game_text(game)
        spec = find_game(game)
        if not spec.min_players <= len(kinds) <= spec.max_players:
            return words.player_count_text(spec.id, spec.min_players, spec.max_players)
        known = set(levels(spec.family))
        if kinds[0] != HUMAN:
            kinds = [HUMAN, *kinds[1:]]
        alone = one_person_text(spec.id)
        if alone is not None and HUMAN in kinds[1:]:
            return alone
        for kind in kinds:
            if kind != HUMAN and kind not in known:
                return words.no_level_text(kind)
        try:
            options = spec.check_options(options)
        except (GameError, ValueError, TypeError) as error:
            return words.bad_table_text(str(error).rstrip("."))
        stand_in = settings.get("stand_in", "normal")
        if stand_in not in known:
            stand_in = next(iter(sorted(known)))
        clean = {
            "stand_in": stand_in,
            "timer_s": settings.get("timer_s") or None,
            "pause_ms": int(settings.get("pause_ms", 1000)),
        }
        code = self._new_code()
        seats = [SeatInfo(kind) for kind in kinds]
        table = OnlineTable(code, spec.id, options, not private, session.identity, seats, clean)
        seats[0].who, seats[0].name = session.identity, session.name
        self.tables[code] = table
        if session.conn is not None:
            self.guard.new_tables.add(session.conn.address)
        session.table, session.seat = table, 0
        self._store(table)
        self._start_task(table)
        app = session.app
        app.stack = [*app.stack[:1], WaitingRoom(self, session, table)]
        self._send_table_info(session)
        app.say(words.created_text(spec.id, code))
        app.top.enter(app)
        self._refresh_lobbies()
        return None

    def _tables_limited(self, session: Session) -> str | None:
        """Why ``session`` may make no table now: it hosts as many as one player may, or its
        address made as many as it may in an hour; None when it may."""
        address = session.conn.address if session.conn is not None else None
        hosted = sum(
            1
            for table in self.tables.values()
            if table.host_id == session.identity
            and table is not session.table
            and table.state != "over"
        )
        if hosted >= self.limits.tables_per_player:
            self.guard.refusals.count(OWNED_TABLES, address or session.identity)
            return words.tables_owned_text(self.limits.tables_per_player)
        if address is not None and self.guard.new_tables.count(address) >= (
            self.limits.tables_per_hour
        ):
            self.guard.refusals.count(NEW_TABLES, address)
            return words.tables_limit_text()
        return None

    def _new_code(self) -> str:
        for _attempt in range(1000):
            code = "".join(str(self.rng.randrange(10)) for _digit in range(CODE_DIGITS))
            if code[0] == "0" or code in self.tables:
                continue
            if self.cluster is None or self.cluster.claim(code):  # no other process's
                return code
        raise RuntimeError("no free table code")

    def join(self, session: Session, code: str, *, watch: bool = False) -> str | None:
        """Sit at (or, when it plays and ``watch``, watch) the table of ``code``; the
        sentence saying why not. Codes that open nothing are limited per connection and
        per address, and for everyone together; a player's own seat is never refused."""
        conn = session.conn
        table = self.tables.get(code)
        sits_there = table is not None and table.seat_of(session.identity) is not None
        if conn is not None and not sits_there and self._join_limited(conn):
            return words.join_limit_text()
        if table is None:
            if self.cluster is not None and self.cluster.send_to(session, code):
                return None  # played by another process: the player is sent there
            if conn is not None:
                self._join_failed(conn)
            return words.no_table_text()
        blocked = None if sits_there else self.people.seat_problem(session, table)
        if blocked is not None:
            return blocked
        if table.state != "waiting" and not watch and not table.listed and not sits_there:
            # A real code to a table with no seat to give says so, and counts as a code
            # tried all the same: the limit on guessing codes holds either way.
            if conn is not None:
                self._join_failed(conn)
            return words.table_full_text()
        if session.table is table:
            session.app.top.enter(session.app)
            return None
        banned = self.moderation.join_refusal(session, table)
        if banned is not None:
            return banned
        if table.state == "playing":
            mine = table.seat_of(session.identity)
            if mine is not None:
                self._take_seat_back(session, table, mine)
                return None
            if not table.listed and not watch:
                return words.table_full_text()
            return self._watch(session, table)
        free = table.open_seats()
        if table.state != "waiting" or not free:
            return one_person_text(table.game) or words.table_full_text()
        if session.table is not None:
            self.leave_table(session, to_lobby=False)
        seat = free[0]
        table.seats[seat].who = session.identity
        table.seats[seat].name = self._unique_name(table, session.name)
        session.table, session.seat = table, seat
        self._store(table)
        app = session.app
        app.stack = [*app.stack[:1], WaitingRoom(self, session, table)]
        self._send_table_info(session)
        app.say(words.you_joined_text(table.game, table.code))
        app.top.enter(app)
        name = session.name
        self.say_at(table, lambda: words.joined_text(name), except_id=session.identity)
        self._refresh_rooms(table)
        self._refresh_lobbies()
        return None

    def _unique_name(self, table: OnlineTable, name: str) -> str:
        taken = {skeleton(s.name) for s in table.seats if s.name}
        if skeleton(name) not in taken:
            return name
        for number in range(2, 99):
            candidate = f"{name} {number}"
            if skeleton(candidate) not in taken:
                return candidate
        return name

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

    def _take_seat_back(self, session: Session, table: OnlineTable, seat: int) -> None:
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
        self.say_at(table, lambda: words.back_text(name), except_id=session.identity)
        self._send_table_info(session)
        self._store(table)
        table.touch()

    def _watch(self, session: Session, table: OnlineTable) -> str | None:
        if table.host is None:
            return words.no_table_text()
        if session.table is not None:
            self.leave_table(session, to_lobby=False)
        session.table, session.seat = table, None
        table.watchers.add(session.identity)
        session.app.say(words.watching_text(table.game))
        table.host.attach(None, session.app)
        self._send_table_info(session)
        return None

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
            seat = table.seats[session.seat]
            if not seat.replaced:
                self._forfeit(table, session)
                seat.replaced = True
                table.host.replace(session.seat)
                level = table.settings.get("stand_in", "normal")
                name = session.name
                self.say_at(table, lambda: words.replaced_text(name, level))
            # ``who`` stays: joining the table again takes the seat back.
            self._store(table)
            session.table, session.seat = None, None
            table.touch()
            if not self._seated(table):
                # The last person left: the computers would play on for nobody.
                self._record_left_match(table)
                self._close_table(table)
        else:
            self._free_seat(session)
            name = session.name
            self.say_at(table, lambda: words.left_text(name))
        self._send_table_info(session)
        if to_lobby:
            app = session.app
            app.stack = app.stack[:1]
            app.paused_table = None
            app.top.resume(app)
        self._refresh_lobbies()

    def _free_seat(self, session: Session) -> None:
        table = session.table
        if table is None:
            return
        if session.seat is not None and table.seats[session.seat].who == session.identity:
            table.seats[session.seat].who = None
            table.seats[session.seat].name = None
        session.table, session.seat = None, None
        if all(s.who is None for s in table.seats):
            self._close_table(table)
        else:
            if table.host_id == session.identity:
                # The next person seated becomes the host.
                table.host_id = next(s.who for s in table.seats if s.who is not None)
            self._store(table)
            self._refresh_rooms(table)

    def _seated(self, table: OnlineTable) -> list[Session]:
        """The people at ``table``'s seats (connected or not)."""
        return [s for s in self._members(table) if s.seat is not None]

    def _listened(self, table: OnlineTable) -> bool:
        """Whether a person at ``table`` (seated or watching) is connected now."""
        return any(s.conn is not None for s in self._members(table))

    def _sweep_tables(self, now: float) -> None:
        """Close a finished table nobody has listened to for ``keep_seat_s``, and any other
        table nobody has listened to for ``abandoned_s``: its sessions go back to the lobby."""
        for table in list(self.tables.values()):
            if self._listened(table):
                table.silent_since = None
                continue
            if table.silent_since is None:
                table.silent_since = now
            silent = now - table.silent_since
            over = table.state == "over" or (table.host is not None and table.host.is_over)
            if silent >= (self.keep_seat_s if over else self.limits.abandoned_s):
                log.info("table %s closed: nobody there for %.0f s", table.code, silent)
                self._record_left_match(table)
                for member in self._members(table):
                    member.table, member.seat = None, None
                    member.app.stack = member.app.stack[:1]
                self._close_table(table)

    def _close_table(self, table: OnlineTable) -> None:
        self.tables.pop(table.code, None)
        self.unsaved.pop(table.code, None)
        self.pending_drops.add(table.code)
        self._save_pending()
        if table.task is not None:
            table.task.cancel()
        for identity in list(table.watchers):
            watcher = self.sessions.get(identity)
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
        other = self.sessions.get(who) if who else None
        if other is not None and other is not session:
            self._free_seat(other)
            self._send_table_info(other)
            with other.app.speaking():
                other.app.say(words.removed_text(), cue="refused")
                other.app.stack = other.app.stack[:1]
                other.app.top.resume(other.app)
            name = other.name
            self.say_at(table, lambda: words.left_text(name))
        self._refresh_lobbies()

    def start_table(self, session: Session) -> str | None:
        """The host starts the game; the sentence saying why not."""
        table = session.table
        if table is None or table.state != "waiting":
            return words.host_only_text()
        if table.host_id != session.identity:
            return words.host_only_text()
        open_seats = table.open_seats()
        if open_seats:
            return words.not_filled_text(len(open_seats))
        kinds = tuple(s.kind for s in table.seats)
        names = table_names(find_game(table.game), kinds, [s.name for s in table.seats])
        setup = GameSetup(table.game, names, kinds, dict(table.options), match_seed())
        try:
            table.host = self._make_host(table, setup=setup)
        except GameError as error:
            return words.bad_table_text(str(error).rstrip("."))
        table.state = "playing"
        self._store(table)
        for index, seat in enumerate(table.seats):
            other = self.sessions.get(seat.who) if seat.who else None
            if other is None:
                continue
            with other.app.speaking():
                other.app.say(words.game_started_text())
            table.host.attach(index, other.app)
            self._send_table_info(other)
        table.touch()
        self._refresh_lobbies()
        return None

    def _make_host(
        self,
        table: OnlineTable,
        *,
        setup: GameSetup | None = None,
        record: dict[str, Any] | None = None,
    ) -> TableHost:
        pause = table.settings.get("pause_ms", 1000) / 1000 * self.pause_scale
        timer = table.settings.get("timer_s")
        options: dict[str, Any] = {
            "pause_s": pause,
            "replacement_level": table.settings.get("stand_in", "normal"),
            "turn_timer_s": float(timer) if timer else None,
            "on_action": lambda host: self._acted(table),
            "on_over": lambda host: self._finished(table),
        }
        if record is not None:
            host = TableHost.reload(record, self.clock, **options)
        else:
            assert setup is not None
            host = TableHost.deal(setup, self.clock, **options)
        host.heard_names = heard_names(host.core.setup, [s.name for s in table.seats])
        return host

    def _acted(self, table: OnlineTable) -> None:
        """Store the table after an action; the last one stores it as over at once."""
        if table.host is not None and table.host.is_over:
            table.state = "over"
        self._store(table)

    def _finished(self, table: OnlineTable) -> None:
        """A match ended: record it, rate its accounts, keep the table for another game."""
        host = table.host
        assert host is not None
        outcome = host.core.spec.outcome(host.core.state)
        table.state = "over"
        if self.game_log is not None:
            self.game_log.write(table.code, host.core.events)
        for member in self._members(table):
            self._send_table_info(member)  # a client learns the match ended, not only hears it
        if outcome is None:
            return
        actual = [outcome.place_of(index) for index in range(len(table.seats))]
        self._record_places(table, actual, list(outcome.scores))
        self._store(table)

    def _record_places(
        self, table: OnlineTable, actual: list[int], scores: list[int | None]
    ) -> None:
        """Record the match of ``table`` with each seat at its ``actual`` place, and rate its
        accounts. A player who left the match in play finishes no better than last of those
        still in when they left (rules decision "Online"), even if they came back to finish
        it."""
        host = table.host
        assert host is not None
        forfeits = [seat.forfeit for seat in table.seats]
        order = sorted(
            range(len(table.seats)),
            key=lambda i: (max(actual[i], forfeits[i] or 0), forfeits[i] is not None, actual[i]),
        )
        places = {seat: number for number, seat in enumerate(order, 1)}
        players = []
        by_place: list[list[str]] = [[] for _ in table.seats]
        for index, seat in enumerate(table.seats):
            place = places[index]
            players.append(
                {
                    "name": host.shown_name(index),
                    "kind": seat.kind,
                    "who": seat.who,
                    "place": place,
                    "score": scores[index] if index < len(scores) else None,
                    "left": seat.forfeit is not None,
                }
            )
            if seat.who and seat.who.startswith("account:"):
                session = self.sessions.get(seat.who)
                name = session.name if session is not None else seat.who.split(":", 1)[1]
                by_place[place - 1].append(name)
        self.pending_results.append((table.code, table.game, players, by_place))
        placed = [places[i] for i in range(len(table.seats))]
        self.tournaments.table_placed(table, placed)
        self.daily.table_placed(table, placed)
        self.reviews.keep(table, placed)

    def _record_left_match(self, table: OnlineTable) -> None:
        """``table`` closes with its match in play and no person left at it: the match is
        recorded as it stands, every person who left at the place they left it in (so the
        last to leave cannot avoid the result by leaving), the computers still in ahead."""
        host = table.host
        if host is None or host.is_over or table.state != "playing":
            return
        for session in self._seated(table):
            self._forfeit(table, session)
        if not any(seat.forfeit is not None for seat in table.seats):
            return
        self._record_places(table, [1] * len(table.seats), [])

    def _forfeit(self, table: OnlineTable, session: Session) -> None:
        """``session`` leaves (or stays away from) the match in play at their seat: their
        place, last of those still in now, is kept (a second leaving keeps the first), and
        an account is told."""
        host = table.host
        if host is None or host.is_over or session.seat is None:
            return
        seat = table.seats[session.seat]
        if seat.forfeit is not None:
            return
        # Those still in: not out of the game, and not counted out by leaving before.
        still_in = sum(
            1
            for other, place in enumerate(table.seats)
            if not host.core.is_out(other) and place.forfeit is None
        )
        seat.forfeit = max(1, still_in)
        if session.account:
            with session.app.speaking():
                session.app.say(words.left_as_last_text(), queue=True)

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
            other = self.sessions.get(seat.who) if seat.who else None
            if other is None or other.table is not table:
                continue
            other.seat = index
            with other.app.speaking():
                room = WaitingRoom(self, other, table)
                other.app.stack = [*other.app.stack[:1], room]
                if other is chooser:
                    other.app.say(words.rematch_text())
                    room.enter(other.app)
                else:
                    other.app.say(words.rematch_text(), queue=True)
                    room.enter_after_narration(other.app)
            self._send_table_info(other)
        for identity in list(table.watchers):
            watcher = self.sessions.get(identity)
            if watcher is not None:
                self.leave_table(watcher)
        self._store(table)

    # -- chat and announcements -------------------------------------------------------------

    def ask_chat(self, session: Session) -> None:
        """Ask the player for a line to say to the table."""

        def said(app: Any, text: str | None) -> None:
            # No control character (a terminal's escape, a bell) nor direction override
            # reaches the others.
            line = " ".join(without_controls(text or "").split())[:160]
            if line and session.table is not None and self.moderation.chat_allowed(session, line):
                name = session.name
                self.say_at(
                    session.table,
                    lambda: words.chat_text(name, line),
                    cue="menu_move",
                    kind=CHAT,
                )
            app.resume_top() if not text else None

        session.ask(session.app, words.chat_prompt(), said)

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
        for session in self._members(table):
            if session.identity != except_id:
                with session.app.speaking():
                    session.app.say(text(), cue=cue, queue=True, kind=kind)

    def _members(self, table: OnlineTable) -> list[Session]:
        ids = [s.who for s in table.seats if s.who] + sorted(table.watchers)
        found = [self.sessions.get(i) for i in ids]
        return [s for s in found if s is not None and s.table is table]

    def _refresh_rooms(self, table: OnlineTable) -> None:
        for session in self._members(table):
            with session.app.speaking():
                for screen in session.app.stack:
                    if isinstance(screen, WaitingRoom):
                        screen.refresh_silently()

    def _refresh_lobbies(self) -> None:
        if self.cluster is not None:
            self.cluster.lobbies_changed()
        # Only a lobby on top is listed again now; one under a table is listed when it is
        # shown again (a server of many tables must not list every table for every player).
        for session in self.sessions.values():
            lobby = session.app.stack[-1] if session.app.stack else None
            if isinstance(lobby, LobbyMenu):
                with session.app.speaking():
                    lobby.rebuild()

    def _send_table_info(self, session: Session) -> None:
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

    def _store(self, table: OnlineTable) -> None:
        if table.code in self.tables:
            for seat in table.seats:
                present = self.sessions.get(seat.who) if seat.who is not None else None
                if present is not None:
                    seat.language = present.app.language
            self.unsaved[table.code] = table
        self._save_pending()

    def _save_pending(self, *, retry: bool = False) -> None:
        """Write what waits to be written: tables to forget, tables as they are now, results.

        A write the database refuses (a full or read-only disk) never stops a table: what
        waits is kept, its players are told once that results may not be kept, and it is
        tried again (:meth:`sweep`) after :data:`STORE_RETRY_FIRST_S`, then twice as long
        each time; once a write goes through, everything waiting is written, in order."""
        if self.storage_failing and not retry:
            return
        try:
            while self.pending_drops:
                code = next(iter(self.pending_drops))
                self.db.drop_table(code)
                self.pending_drops.discard(code)
            while self.unsaved:
                code, table = next(iter(self.unsaved.items()))
                if code in self.tables:
                    self.db.save_table(table.stored())
                self.unsaved.pop(code, None)
            while self.pending_results:
                self.db.record_result(*self.pending_results[0])
                self.pending_results.pop(0)
        except (sqlite3.Error, OSError) as error:
            self._storage_failed(error)
            return
        if self.storage_failing:
            self.storage_failing = False
            self.retry_delay = STORE_RETRY_FIRST_S
            log.warning("the database takes writes again: everything waiting was written")
            for table in self.tables.values():
                table.told_unsaved = False

    def _storage_failed(self, error: Exception) -> None:
        if self.storage_failing:
            self.retry_delay = min(self.retry_delay * 2, STORE_RETRY_LONGEST_S)
        else:
            self.storage_failing = True
            self.retry_delay = STORE_RETRY_FIRST_S
            log.error("the database refused a write (%s); trying again", error)
        self.retry_at = self.clock() + self.retry_delay
        waiting = {*self.unsaved, *(result[0] for result in self.pending_results)}
        for code in sorted(waiting):
            table = self.tables.get(code)
            if table is not None and not table.told_unsaved:
                table.told_unsaved = True
                self.say_at(table, words.not_saved_text, cue="refused")

    # -- each table's timer -------------------------------------------------------------------

    def _start_task(self, table: OnlineTable) -> None:
        with contextlib.suppress(RuntimeError):
            table.task = asyncio.get_running_loop().create_task(self._run_table(table))

    async def _run_table(self, table: OnlineTable) -> None:
        while table.code in self.tables:
            delay: float | None = None
            # Cleared before the step, not after: a message that touches the table while
            # this one waits its turn to think is seen by the next wait.
            table.wake.clear()
            host = table.host
            # Nobody hears a table with no person connected: it waits for one to come back.
            if host is not None and self._listened(table):
                if host.bot_due is not None and host.bot_due <= self.clock():
                    # A computer may think now: one table at a time (the loop reads every
                    # socket between two), within their share of the loop's time.
                    async with self.guard.thinking.turn():
                        if table.host is host and table.code in self.tables:
                            delay = self._step(table, host)
                else:
                    delay = self._step(table, host)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(table.wake.wait(), timeout=delay)

    def _step(self, table: OnlineTable, host: TableHost) -> float | None:
        """One step of the table's match; the seconds until the next."""
        if self.cluster is not None and not self.cluster.keeps(self, table):
            return None
        # A step that only waited (for the pause, or for listeners, every 50 ms) changes no
        # screen, so the seats' screens are drawn again only after a message, a join or a
        # drop touched the table, or when the step acted.
        before = _step_marks(host)
        try:
            delay = host.tick()
        except Exception:
            self.crashes += 1
            log.exception("table %s failed a step", table.code)
            delay = 1.0
        if table.redraw or before != _step_marks(host):
            table.redraw = False
            self._flush(table)
        return delay

    def _flush(self, table: OnlineTable) -> None:
        busy = table.host is not None and table.host.bot_due is not None
        for session in self._members(table):
            if session.conn is not None:
                with session.app.speaking():
                    session.app.send_display(busy)

    # -- one message ----------------------------------------------------------------------------

    def handle(self, conn: Connection, frame: str | bytes) -> None:
        """One frame from a client: validate it, then act on it for that client only, in
        that client's language (the hello's, before one is signed in)."""
        session = conn.session
        with using(session.app.language if session is not None else conn.language):
            self._handle(conn, frame)

    def _handle(self, conn: Connection, frame: str | bytes) -> None:
        if not conn.allow():
            conn.over_rate += 1
            if conn.over_rate == 1 or conn.over_rate % 50 == 0:
                conn.send(p.Error(code="too_fast", text=words.too_fast_text()))
            if conn.over_rate > OVER_RATE_LIMIT:
                conn.close()
            return
        try:
            message = p.decode_client(frame)
        except p.ProtocolError as error:
            if conn.session is None and error.code == "bad_message":
                other, language = _other_hello(frame)
                if other is not None and other != p.PROTOCOL_VERSION:
                    with using(language):
                        text = words.version_text(other, p.PROTOCOL_VERSION)
                    self._refuse(conn, "version", text, bye=True)
                    return
            self._bad(conn, error.code, error.text)
            return
        if conn.checking and not isinstance(message, p.Ping):
            # Sent right after a hello whose password is being checked: acted on after it.
            if len(conn.held) >= HELD_LIMIT:
                self._bad(conn, "hello_first", words.hello_first_text())
            else:
                conn.held.append(message)
            return
        self._act(conn, message)

    def _act(self, conn: Connection, message: p.ClientMessage) -> None:
        """Act on one valid message, then wake the table and draw the player's screen."""
        if self.cluster is not None and not self.cluster.admits(self, conn.session):
            return
        before = _table_marks(conn.session) if isinstance(message, p.Key) else None
        try:
            self._dispatch(conn, message)
        except Exception:
            # A fault of ours, never of the client's making: keep serving everyone else.
            self.crashes += 1
            log.exception("a %s message failed", type(message).__name__)
            conn.send(p.Error(code="server", text=words.server_fault_text()))
        self._after_message(conn, message, before)

    def _after_message(
        self, conn: Connection, message: p.ClientMessage, before: TableMarks | None
    ) -> None:
        session = conn.session
        if session is not None:
            table = session.table
            if table is not None:
                if isinstance(message, p.Heard):
                    table.wake.set()  # a computer move may now go; no screen changed
                elif before is not None and _same_marks(before, _table_marks(session)):
                    # A key that changed nothing at the table (a question, the cursor)
                    # changed only this player's screen, drawn just below; the others'
                    # screens stay as they are.
                    table.wake.set()
                else:
                    table.touch()
                busy = table.host is not None and table.host.bot_due is not None
            else:
                busy = False
            # A report of speech heard (several a second from each client) changes nothing
            # on that player's screen; a computer move it lets go is drawn by the table.
            if not isinstance(message, p.Heard):
                with session.app.speaking():
                    session.app.send_display(busy)

    def _bad(self, conn: Connection, code: str, text: str) -> None:
        conn.bad += 1
        conn.send(p.Error(code=code, text=text[:200]))
        if conn.bad >= BAD_MESSAGE_LIMIT:
            conn.close()

    def _dispatch(self, conn: Connection, message: p.ClientMessage) -> None:
        session = conn.session
        if isinstance(message, p.Hello):
            if session is not None or conn.checking:
                self._bad(conn, "hello_first", words.hello_first_text())
                return
            conn.language = message.language
            if message.protocol != p.PROTOCOL_VERSION:
                with using(message.language):
                    text = words.version_text(message.protocol, p.PROTOCOL_VERSION)
                self._refuse(conn, "version", text, bye=True)
                return
            self.sign_in(conn, message)
            return
        if isinstance(message, p.Ping):
            conn.send(p.Pong(seq=message.seq))
            return
        if session is None:
            self._bad(conn, "hello_first", words.hello_first_text())
            return
        app = session.app
        if isinstance(message, p.Key):
            try:
                gesture = gesture_from_name(message.key)
            except GestureError:
                self._bad(conn, "bad_message", words.unknown_key_text(message.key[:30]))
                return
            with app.answering(message.seq):
                app.handle_gesture(gesture)
        elif isinstance(message, p.Command):
            self._command(conn, session, message)
        elif isinstance(message, p.Heard):
            app.remote.report_heard(message.seq, message.remaining)
        elif isinstance(message, p.Settings):
            app.change_settings(message.verbosity, message.words_per_minute)
        elif isinstance(message, p.Answer):
            answer, session.answer = session.answer, None
            if answer is None:
                self._bad(conn, "not_now", words.nothing_asked_text())
                return
            line = None if message.text is None else message.text[:200]
            answer(app, line)
        elif isinstance(message, p.Create):
            settings = {
                "stand_in": message.stand_in,
                "timer_s": message.timer_s,
                "pause_ms": message.pause_ms,
            }
            problem = self.create_table(
                session,
                message.game,
                list(message.seats),
                dict(message.options),
                message.private,
                settings,
            )
            if problem is not None:
                app.say(problem, cue="refused")
                conn.send(p.Error(code="bad_table", text=problem[:200]))
        elif isinstance(message, p.Join):
            problem = self.join(session, message.code)
            if problem is not None:
                app.say(problem, cue="refused")
                code = "join_limit" if problem == words.join_limit_text() else "no_table"
                conn.send(p.Error(code=code, text=problem[:200]))
        elif isinstance(message, p.Admin):
            self.moderation.admin_message(conn, session, message)
        elif isinstance(message, p.Start):
            problem = self.start_table(session)
            if problem is not None:
                app.say(problem, cue="refused")
                code = "not_host" if problem == words.host_only_text() else "not_now"
                conn.send(p.Error(code=code, text=problem[:200]))

    def _command(self, conn: Connection, session: Session, message: p.Command) -> None:
        with session.app.answering(message.seq):
            known = session.app.run_command(message.command)
        if not known:
            self._bad(conn, "bad_message", words.unknown_command_text(message.command[:30]))

    # -- keeping count ---------------------------------------------------------------------

    def traffic(self) -> tuple[int, int]:
        """Messages and bytes sent on the connections open now."""
        return (
            sum(c.sent_messages for c in self.connections),
            sum(c.sent_bytes for c in self.connections),
        )

    def close(self) -> None:
        """Say goodbye to everyone and close the database."""
        for conn in list(self.connections):
            session = conn.session
            with using(session.app.language if session is not None else conn.language):
                conn.send(p.Bye(text=words.server_stopping_text(), retry=True))
            conn.close()
        for table in self.tables.values():
            if table.task is not None:
                table.task.cancel()
        self._save_pending(retry=True)  # a last try at what a full disk kept back
        if self.unsaved or self.pending_results:
            log.error(
                "stopping with %d tables and %d results the database would not take",
                len(self.unsaved),
                len(self.pending_results),
            )
        self.reviews.close()
        if self.cluster is not None:
            self.cluster.stop()
        self.db.close()


def _other_hello(frame: str | bytes) -> tuple[int | None, str | None]:
    """The protocol a hello of another version names, if the frame is one, and the language
    it asks for (to say the refusal in)."""
    try:
        data = msgspec.json.decode(frame)
    except msgspec.DecodeError:
        return None, None
    if isinstance(data, dict) and data.get("type") == "hello":
        version = data.get("protocol")
        language = data.get("language")
        language = language if isinstance(language, str) and len(language) <= 64 else None
        if isinstance(version, int) and not isinstance(version, bool):
            return version, language
    return None, None


# -- the web server --------------------------------------------------------------------------


def make_web_app(
    server: Server, gate: Gate | None = None, offline_page: Path | None = None
) -> web.Application:
    """The aiohttp application: ``/ws``, the sound cues and the browser page, every answer
    with the page's security headers; ``gate`` (run_server's) counts the requests and the
    websockets of each address; ``offline_page``, a folder build-web wrote, at ``/offline/``."""
    gate = gate or Gate(server.limits, server.guard.refusals)
    application = web.Application(middlewares=[gate.middleware])

    async def headers(request: web.Request, response: web.StreamResponse) -> None:
        security_headers(request, response)

    application.on_response_prepare.append(headers)

    async def websocket(request: web.Request) -> web.StreamResponse:
        return await serve_socket(server, request, gate)

    async def index(request: web.Request) -> web.StreamResponse:
        page = WEB_DIR / "index.html"
        if not page.is_file():
            return web.Response(text="Ninety-Nine table server. Connect a client to /ws.\n")
        return web.FileResponse(page)

    async def keys(request: web.Request) -> web.StreamResponse:
        return web.json_response(keys_document(lang=request.query.get("lang")))

    async def page_words_of(request: web.Request) -> web.StreamResponse:
        return web.json_response(page_words(request.query.get("lang")))

    application.router.add_get("/ws", websocket)
    application.router.add_get("/", index)
    application.router.add_get("/keys.json", keys)
    application.router.add_get("/words.json", page_words_of)
    if offline_page is not None:
        add_offline_page(application, offline_page)
    sounds = shipped_dir("sounds")
    if sounds.is_dir():
        application.router.add_static("/sounds", sounds)
    if WEB_DIR.is_dir():
        application.router.add_static("/", WEB_DIR)
    return application


async def serve_socket(server: Server, request: web.Request, gate: Gate) -> web.StreamResponse:
    """One client's websocket, from its hello to its close: it must say hello within
    ``hello_s`` and then say something at least every ``idle_s``."""
    address = gate.client(request)
    if not gate.websocket_opened(address):
        return web.Response(status=503, text="Too many connections from this address.\n")
    try:
        return await _serve_socket(server, request, gate, address)
    finally:
        gate.websocket_closed(address)


async def _serve_socket(
    server: Server, request: web.Request, gate: Gate, address: str
) -> web.StreamResponse:
    ws = web.WebSocketResponse(max_msg_size=p.MAX_FRAME_BYTES, heartbeat=HEARTBEAT_S)
    try:
        await ws.prepare(request)
    except (ConnectionError, RuntimeError) as error:
        # The client went in the middle of the handshake: counted, and aiohttp ends the
        # connection quietly (a client's disconnection is no fault of the server's).
        server.guard.refusals.count(ABORTED, address)
        raise ConnectionResetError from error
    conn = Connection(ws, address, server.clock)
    server.connections.add(conn)
    writer = asyncio.create_task(_write(conn))
    limits = server.limits
    hello_by = time.monotonic() + limits.hello_s
    try:
        while True:
            signed_in = conn.session is not None or conn.checking
            wait = limits.idle_s if signed_in else hello_by - time.monotonic()
            try:
                frame = await ws.receive(timeout=max(0.0, wait))
            except TimeoutError:
                server.guard.refusals.count(IDLE if signed_in else NO_HELLO, address)
                break
            if frame.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
                break
            if frame.type == WSMsgType.TEXT:
                server.handle(conn, frame.data)
            elif frame.type == WSMsgType.BINARY:
                with using(conn.session.app.language if conn.session else conn.language):
                    server._bad(conn, "bad_json", words.binary_frame_text())
            elif frame.type == WSMsgType.ERROR:
                break
            if conn.closing:
                break
    except Exception:  # a broken socket is the end of this connection, not of the server
        server.guard.refusals.count(BROKEN, address)
    finally:
        server.drop(conn)
        conn.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer, timeout=2.0)
        writer.cancel()
        with contextlib.suppress(Exception):
            await ws.close()
    return ws


async def _write(conn: Connection) -> None:
    """Send the connection's queued messages, in order."""
    while True:
        frame = await conn.outbox.get()
        if frame is None:
            with contextlib.suppress(Exception):
                await conn.ws.close()
            return
        try:
            await conn.ws.send_str(frame)
        except Exception:  # the client went: the reader notices and drops it
            return


TableMarks = tuple[tuple[object, ...], tuple[object, ...]]
"""What of a table other seats' screens are drawn from: the objects (compared by identity)
and the plain values (compared by value)."""


def _table_marks(session: Session | None) -> TableMarks | None:
    """The marks of ``session``'s table in play now (None: at no table, or at one still
    waiting, whose every key is drawn for everyone: the seats may have changed)."""
    table = None if session is None else session.table
    host = None if table is None else table.host
    if table is None or host is None:
        return None
    listening = tuple(listener.app for listener in host.listening())
    seats = tuple((seat.who, seat.name, seat.kind, seat.replaced) for seat in table.seats)
    return (
        (table, host, host.core.state, *listening),
        (table.state, host.bot_due is None, host.is_over, tuple(host.replaced), seats),
    )


def _same_marks(before: TableMarks, after: TableMarks | None) -> bool:
    """Whether nothing another seat's screen shows can have changed between the two."""
    if after is None:
        return False
    objects, values = before
    return (
        len(objects) == len(after[0])
        and all(a is b for a, b in zip(objects, after[0], strict=True))
        and values == after[1]
    )


def _step_marks(host: TableHost) -> tuple[float, bool, bool]:
    """What changes when a table's step acted: the last action's time, a computer move due,
    the end of the match."""
    return (host.narration_at, host.bot_due is None, host.is_over)


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this machine only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


async def run_server(
    server: Server,
    host: str,
    port: int,
    ssl_context: ssl.SSLContext | None,
    *,
    ready: Callable[[int], None] = lambda port: None,
    stop: asyncio.Event | None = None,
    offline_page: Path | None = None,
) -> None:
    """Serve until ``stop`` is set (or SIGINT/SIGTERM when it is not given). Every socket
    comes in through the server's :class:`Gate` (its limits and timeouts), and passwords are
    checked on threads of their own; ``offline_page`` as :func:`make_web_app`'s."""
    server.reload()
    limits = server.limits
    quiet_network_logs()
    gate = Gate(limits, server.guard.refusals)
    runner = web.AppRunner(
        make_web_app(server, gate, offline_page),
        access_log=None,
        handle_signals=False,
        keepalive_timeout=limits.handshake_s,
    )
    await runner.setup()
    loop = asyncio.get_running_loop()
    assert runner.server is not None
    listener = await loop.create_server(
        gate.protocol_factory(runner.server),
        host,
        port,
        ssl=ssl_context,
        reuse_address=True,
        backlog=128,
        ssl_handshake_timeout=limits.handshake_s if ssl_context is not None else None,
    )
    server.passwords = PasswordDesk(
        server.db, limits.password_workers, limits.password_queue, limits.password_per_address
    )
    bound = listener.sockets[0].getsockname()[1] if listener.sockets else port
    stopping = stop or asyncio.Event()
    if stop is None:
        for signum in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(signum, stopping.set)
    ready(bound)

    async def sweeper() -> None:
        while True:
            await asyncio.sleep(1.0)
            try:
                server.sweep()
            except Exception:
                server.crashes += 1
                log.exception("sweeping sessions failed")

    sweeping = asyncio.create_task(sweeper())
    try:
        await stopping.wait()
    finally:
        sweeping.cancel()
        listener.close()
        passwords, server.passwords = server.passwords, None
        for task in list(server.background):
            task.cancel()
        server.close()
        await asyncio.sleep(0.05)  # let the goodbyes go out
        await runner.cleanup()
        await asyncio.to_thread(passwords.close)


def serve_main(args: Any) -> int:
    """The ``serve`` command."""
    import sys

    host: str = args.host
    context: ssl.SSLContext | None = None
    if args.cert or args.key:
        if not (args.cert and args.key):
            print(words.cert_pair_text(), file=sys.stderr)
            return 2
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        try:
            context.load_cert_chain(args.cert, args.key)
        except (OSError, ssl.SSLError) as error:
            print(words.cert_failed_text(str(error)), file=sys.stderr)
            return 2
    elif not is_loopback(host) and not args.insecure:
        print(words.insecure_refused_text(host), file=sys.stderr)
        return 2
    try:
        limits = Limits().changed(
            [*(getattr(args, "limit", None) or ()), *_proxies(getattr(args, "trusted_proxy", None))]
        )
    except ValueError as error:
        print(words.bad_limit_text(str(error)), file=sys.stderr)
        return 2
    data = Path(args.data) if args.data else _default_data()
    try:
        rotating_log(data / "server.log" if data.is_dir() or _mkdir(data) else None, limits)
    except OSError:  # a folder that cannot be written: said below, in one line
        rotating_log(None, limits)
    try:
        event_log = getattr(args, "event_log", None)
        database = getattr(args, "database", None)
        cluster = getattr(args, "cluster", None)
        server = Server(
            data,
            guests=not args.no_guests,
            event_log=event_log,
            limits=limits,
            database=database,
            admins=getattr(args, "admin", None) or (),
            cluster=cluster,
        )
    except DataProblem as problem:
        print(data_problem_text(problem), file=sys.stderr)
        return 1

    def ready(port: int) -> None:
        shown = f"[{host}]" if ":" in host else host
        print(words.listening_text(f"{shown}:{port}", context is not None), flush=True)

    try:
        offline = getattr(args, "offline_page", None)
        asyncio.run(run_server(server, host, args.port, context, ready=ready, offline_page=offline))
    except OSError as error:
        print(words.start_failed_text(str(error.strerror or error)), file=sys.stderr)
        return 1
    except DataProblem as problem:
        print(data_problem_text(problem), file=sys.stderr)
        return 1
    except sqlite3.DatabaseError as error:  # found damaged while the tables load
        print(words.data_damaged_text(str(server.db.path), str(error)), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    print(words.server_stopped_text(), flush=True)
    return 0


def data_problem_text(problem: DataProblem) -> str:
    """The one line that says why the data folder cannot be used."""
    where = str(problem.where)
    if problem.kind == "locked":
        return words.data_locked_text(where)
    if problem.kind == "newer":
        return words.data_newer_text(where)
    if problem.kind == "damaged":
        return words.data_damaged_text(where, problem.detail)
    return words.data_unwritable_text(where, problem.detail)


def _proxies(addresses: list[str] | None) -> list[str]:
    """``--trusted-proxy`` options as one ``trusted_proxies`` limit."""
    return [f"trusted_proxies={','.join(addresses)}"] if addresses else []


def _mkdir(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return True


def _default_data() -> Path:
    from ninetynine_audio.store import paths

    return paths.data_dir() / "server"
