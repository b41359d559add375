"""The table server: the parts assembled into one :class:`Server`, the aiohttp application
that serves the websockets and the browser page, and the ``serve`` command.

One event loop runs everything. A message from a player, or a table's timer, runs one
synchronous step (the engines stay pure and the loop never switches inside a step), so two
steps of one table never interleave, and a step of one table never touches another. Each
table has one task that wakes for its computer players and turn timer.

A player is a :class:`Session` (an account, or a guest with a token); the session outlives
its connection, so a dropped player keeps their seat for :data:`KEEP_SEAT_S` and, coming back,
hears what they missed. Every table is stored after every change, so after a crash the server
reloads the tables and the players reconnect into the same position.

The parts, each in a module of its own (``docs/architecture.md`` says what each may import):
``connections`` (websockets, frames, the handler of each message), ``accounts`` (sign-in,
registration, guest tokens), ``arrivals`` (players coming, dropping, away, leaving),
``creating`` and ``seating`` (making tables, joining, leaving), ``matches`` (the match at a
table, from its start to its result), ``saving`` and ``reloading`` (the tables in the store),
``rooms`` (who is where), and ``lobby`` (the lobby's menus).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import ssl
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aiohttp import web

from ninetynine_audio.audio.utterance import TABLE
from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.accounts import Accounts
from ninetynine_audio.online.arrivals import Arrivals
from ninetynine_audio.online.connections import Messages
from ninetynine_audio.online.creating import TableMaker
from ninetynine_audio.online.daily import DailyDesk
from ninetynine_audio.online.gamelog import GameLog
from ninetynine_audio.online.gate import Gate, security_headers
from ninetynine_audio.online.leaderboards import Leaderboards
from ninetynine_audio.online.limits import (
    Guard,
    Limits,
    Window,
    quiet_network_logs,
)
from ninetynine_audio.online.lobby import LobbyMenu, online_pause_menu
from ninetynine_audio.online.matches import Matches
from ninetynine_audio.online.moderation import Moderation
from ninetynine_audio.online.offline_page import add_offline_page
from ninetynine_audio.online.page import keys_document, page_words
from ninetynine_audio.online.parts import Parts
from ninetynine_audio.online.passwords import PasswordDesk
from ninetynine_audio.online.people import People
from ninetynine_audio.online.people_menus import PeopleMenus
from ninetynine_audio.online.refusal import Refusal
from ninetynine_audio.online.reloading import Reloading
from ninetynine_audio.online.review import ReviewDesk
from ninetynine_audio.online.rooms import Rooms
from ninetynine_audio.online.saving import Saving
from ninetynine_audio.online.seating import Seating
from ninetynine_audio.online.session import Connection, Session
from ninetynine_audio.online.storage import Store, open_store
from ninetynine_audio.online.table import OnlineTable
from ninetynine_audio.online.tournament_menus import TournamentMenus
from ninetynine_audio.online.tournaments import TournamentDesk
from ninetynine_audio.resources import shipped_dir

if TYPE_CHECKING:
    from ninetynine_audio.online.cluster import Cluster
    from ninetynine_audio.online.tournament_cluster import TournamentLeases

__all__ = ["Connection", "Server", "Session", "make_web_app", "run_server"]

log = logging.getLogger(__name__)

KEEP_SEAT_S = 120.0
"""How long a dropped player's seat is kept before a computer player takes it."""
WEB_DIR = Path(__file__).resolve().parents[1] / "web"


class Server:
    """The server's parts, assembled: the store, who is where, and the way each message, each
    table and each player goes through them. Its methods are the server's public face (the
    lobby's menus, ``run_server`` and the tests use them)."""

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
        self._db = open_store(data, database, shared=cluster is not None)
        self.data = data
        self.clock = clock
        self.limits = limits or Limits()
        self.guard = Guard(self.limits, clock)
        self.crashes = 0  # steps that raised: logged, never fatal
        # Tables set aside at start-up, by the identity of each player who sat there.
        self.set_aside: dict[str, list[str]] = {}
        self.rooms = Rooms()
        self.saving = Saving(self._db, self.rooms, clock)
        game_log = GameLog(event_log) if event_log is not None else None
        self.matches = Matches(
            self.rooms,
            self.saving,
            self.guard,
            clock,
            pause_scale=pause_scale,
            game_log=game_log,
            fault=self._fault,
        )
        self.seating = Seating(
            self.rooms, self.saving, self.matches, self, self.limits, self.guard, clock
        )
        self.tables_made = TableMaker(self.rooms, self.seating, self.limits, self.guard)
        self.accounts = Accounts(
            self._db,
            self.rooms,
            self.limits,
            self.guard,
            clock,
            guests=guests,
            set_aside=self.set_aside,
            fault=self._fault,
        )
        self.arrivals = Arrivals(
            self.rooms,
            self.saving,
            self.matches,
            self.seating,
            self.limits,
            self.guard,
            clock,
            keep_seat_s=keep_seat_s,
            set_aside=self.set_aside,
            connections=self.accounts.connections,
        )
        self.reloading = Reloading(
            self.rooms, self.saving, self.matches, self.accounts, self, set_aside=self.set_aside
        )
        self.messages = Messages(
            self.accounts, self.arrivals, self, self.limits, self.guard, clock, self._fault
        )
        self.accounts.wire = self._wire
        self.accounts.arrive = self.arrivals.arrive
        self._add_desks(admins, cluster, database)

    def _add_desks(self, admins: Sequence[str], cluster: str | None, database: str | None) -> None:
        """The desks beside the tables: the people, moderation, tournaments, the daily deal,
        reviews, and the other processes of a cluster; each told where the parts ask."""
        self.parts = Parts(
            self._db,
            self.rooms,
            self.saving,
            self.matches,
            self.seating,
            self.tables_made,
            self.accounts,
            self.reloading,
            self.clock,
        )
        self.moderation = Moderation(self.parts, admins)
        self.people = People(self.parts)
        self.people_menus = PeopleMenus(self.people)
        self.leaderboards = Leaderboards(self._db)
        self.tournaments = TournamentDesk(self.parts)
        self.tournament_menus = TournamentMenus(self.tournaments)
        self.daily = DailyDesk(self.parts)
        self.reviews = ReviewDesk(self.parts, self.daily)
        self.accounts.refuses = self.moderation.refuses
        self.accounts.arrived += [self.moderation.arrived, self.tournaments.entry.speaks]
        self.arrivals.came = self.people.friends.arrived
        self.rooms.chat_allowed = self.moderation.chat_allowed
        self.seating.checks.seat_problem = self.people.seat_problem
        self.seating.checks.banned = self.moderation.join_refusal
        self.seating.checks.keeps_seats = self.tournaments.refuses_play_again
        self.messages.handlers[p.Admin] = self.moderation.owners.admin_message
        self.matches.placed += [
            self.tournaments.table_placed,
            self.daily.table_placed,
            self.reviews.keep,
        ]
        self.reloading.reloaded_all = self.tournaments.reload
        self.cluster: Cluster | None = None
        if cluster is None:
            return
        from ninetynine_audio.online.cluster import Cluster

        self.cluster = Cluster(self.db, cluster, database=database)
        self.rooms.elsewhere = self.cluster.listed
        self.rooms.lobbies_changed = self.cluster.lobbies_changed
        self.tables_made.claim = self.cluster.claim
        self.seating.checks.sent_elsewhere = self.cluster.send_to
        self.matches.keeps = partial(self.cluster.keeps, self.parts)
        self.messages.admits = partial(self.cluster.admits, self.parts)
        from ninetynine_audio.online.tournament_cluster import TournamentLeases

        self.tournament_leases: TournamentLeases = TournamentLeases(self.cluster, self.tournaments)
        if self.cluster.bus is not None:  # one community across the processes
            from ninetynine_audio.online.community import Community

            owners = self.moderation.owners
            group = self.cluster
            people = self.people
            community = Community(
                self.parts,
                partial(group.store.notify, group.bus_channel),
                group.holder,
                told=people.heard,
                owners_told=owners.heard,
                blocks_changed=people.forget_blocks,
            )
            group.community = people.community = owners.community = community

    def _fault(self) -> None:
        self.crashes += 1

    def _wire(self, session: Session) -> None:
        """A new session's app: what its menus and keys reach on the server, and its lobby."""
        app = session.app
        app.on_start_game = lambda setup: self.seating.started_from_menus(session, setup)
        app.on_main_menu = lambda: self.seating.to_lobby(session)
        app.on_quit = lambda: self.arrivals.quit(session)
        app.on_pause = lambda table: app.push(online_pause_menu(self, session, table))
        app.on_chat = lambda: self.ask_chat(session)
        app.on_people = partial(self.people_menus.command, session)
        app.review_screen = partial(self.reviews.screen_for, session)
        app.stack = [LobbyMenu(self, session)]

    # -- what the parts hold -----------------------------------------------------------------

    @property
    def db(self) -> Store:
        """The store."""
        return self._db

    @property
    def sessions(self) -> dict[str, Session]:
        """The players by identity."""
        return self.rooms.sessions

    @property
    def tables(self) -> dict[str, OnlineTable]:
        """The tables by code."""
        return self.rooms.tables

    @property
    def connections(self) -> set[Connection]:
        """The websockets open now."""
        return self.accounts.connections

    @property
    def storage_failing(self) -> bool:
        """Whether the store refuses writes now (they are kept and tried again)."""
        return self.saving.failing

    @property
    def join_addresses(self) -> Window:
        """Codes that opened no table, by address: ``Seating.join_addresses``."""
        return self.seating.join_addresses

    @property
    def reloaded(self) -> list[str]:
        """The codes of the tables loaded at start-up."""
        return self.reloading.reloaded

    # -- what players and the loop ask for ---------------------------------------------------

    def reload(self) -> None:
        """Deal again every stored table in play (or waiting): ``Reloading.reload``; in a
        cluster the tables nobody holds are taken by its rounds instead."""
        if self.cluster is not None:
            self.cluster.start(self.parts)
            self.tournament_leases.start()
            return
        self.reloading.reload()

    def handle(self, conn: Connection, frame: str | bytes) -> None:
        """One frame from a client: ``Messages.handle``."""
        self.messages.handle(conn, frame)

    def drop(self, conn: Connection) -> None:
        """A connection closed: ``Arrivals.drop``."""
        self.arrivals.drop(conn)

    def sweep(self) -> None:
        """Once a second: ``Arrivals.sweep``."""
        self.arrivals.sweep()
        self.tournaments.sweep()

    def listed_tables(self) -> list[OnlineTable]:
        """The tables the lobby lists."""
        return self.rooms.listed_tables()

    def create_table(
        self,
        session: Session,
        game: str,
        kinds: list[str],
        options: dict[str, Any],
        private: bool,
        settings: dict[str, Any],
    ) -> Refusal | None:
        """Make a table: ``TableMaker.create_table``."""
        return self.tables_made.create_table(session, game, kinds, options, private, settings)

    def join(self, session: Session, code: str, *, watch: bool = False) -> Refusal | None:
        """Sit at or watch a table: ``Seating.join``."""
        return self.seating.join(session, code, watch=watch)

    def start_table(self, session: Session) -> Refusal | None:
        """Start the player's table: ``Matches.start_table``."""
        return self.matches.start_table(session)

    def leave_table(self, session: Session, *, to_lobby: bool = True) -> None:
        """Leave the player's table: ``Seating.leave_table``."""
        self.seating.leave_table(session, to_lobby=to_lobby)

    def remove_player(self, session: Session, seat: int) -> None:
        """The host removes a player: ``Seating.remove_player``."""
        self.seating.remove_player(session, seat)

    def ask_chat(self, session: Session) -> None:
        """Ask for a line to say to the table: ``Rooms.ask_chat``."""
        self.rooms.ask_chat(session)

    def say_at(
        self,
        table: OnlineTable,
        text: Callable[[], str],
        *,
        except_id: str | None = None,
        cue: str | None = None,
        kind: str = TABLE,
    ) -> None:
        """A sentence for everyone at ``table``: ``Rooms.say_at``."""
        self.rooms.say_at(table, text, except_id=except_id, cue=cue, kind=kind)

    def sign_in(self, conn: Connection, hello: p.Hello) -> Session | None:
        """Check ``hello``: ``Accounts.sign_in``."""
        return self.accounts.sign_in(conn, hello)

    # -- keeping count and closing -----------------------------------------------------------

    def traffic(self) -> tuple[int, int]:
        """Messages and bytes sent on the connections open now."""
        return (
            sum(c.sent_messages for c in self.connections),
            sum(c.sent_bytes for c in self.connections),
        )

    def close(self) -> None:
        """Say goodbye to everyone and close the database."""
        self.arrivals.say_goodbye()
        for table in self.tables.values():
            if table.task is not None:
                table.task.cancel()
        self.saving.waiting_at_close()  # a last try at what a full disk kept back
        self.reviews.close()
        if self.cluster is not None:
            self.tournament_leases.stop()
            self.cluster.stop()
        self.db.close()


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
        return await server.messages.serve_socket(request, gate, server.handle)

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
    server.accounts.passwords = PasswordDesk(
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
        passwords, server.accounts.passwords = server.accounts.passwords, None
        for task in list(server.accounts.background):
            task.cancel()
        server.close()
        await asyncio.sleep(0.05)  # let the goodbyes go out
        await runner.cleanup()
        await asyncio.to_thread(passwords.close)
