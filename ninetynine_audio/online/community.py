"""One community across the server processes sharing a database (``serve --cluster``).

Each process tells the others, over the bus (``online.bus``, PostgreSQL's LISTEN/NOTIFY), who
of its players is online and where, every :data:`PRESENCE_S`; what it heard of another
process is forgotten after :data:`FORGET_S` without news, so a process killed with ``kill -9``
drops out of who's online by itself. Presence rides the bus rather than a table: nothing is
written for it (a table would be written by every process every second, and read back), and
a process that stops publishing is gone without anyone cleaning up.

What one player sends another who is on another process goes as one small event addressed
to that player's identity (``to``): a private message, an invitation, a friend's request or
answer, a friend's sign-in. The process where that player is connected acts on it as if it
came from one of its own players. Events for everyone (``all``): an owner's announcement and
maintenance message, a ban (the banned player, signed in anywhere, is sent away with the
reason) and a block (each process forgets what it had read of the blocker's blocks).
Another part hears its own events by their ``what`` (:attr:`Community.handlers`): a
tournament's words to a person of its field, and its host's "start now" (``online.
tournament_bus``).
Mutes are read from the store at every line of chat, so they hold everywhere at once.

A NOTIFY payload is at most 8,000 bytes: a private message is at most 160 characters, and
the presence of a process goes in as many events as it needs.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ninetynine_audio.online.bus import event_text, in_parts
from ninetynine_audio.present.community import where_text

if TYPE_CHECKING:
    from ninetynine_audio.online.parts import Parts
    from ninetynine_audio.online.session import Session

log = logging.getLogger(__name__)

PRESENCE_S = 1.0
"""How often a process tells the others who of its players is online."""
FORGET_S = 3.5
"""How long a player heard of on another process stays listed without news."""
PRESENCE_BYTES = 6000
"""The most presence one event carries (a NOTIFY payload is at most 8,000 bytes)."""
PRESENCE = "presence"
TO = "to"
ALL = "all"


@dataclass(frozen=True)
class Elsewhere:
    """A player connected to another process, as that process last told: where they are."""

    identity: str
    name: str
    code: str | None = None
    game: str = ""
    listed: bool = True
    seated: bool = True
    state: str = "waiting"
    heard: float = 0.0
    daily: bool = False

    def where(self) -> str:
        """Where the player is, as another player hears it (never at the listener's table,
        which is played here)."""
        return where_text(
            self.name, self.code, self.game, self.listed, self.seated, self.state, self.daily
        )


def _presence_of(session: Session) -> list[Any]:
    table = session.table
    if table is None:
        return [session.identity, session.name]
    return [
        session.identity,
        session.name,
        table.code,
        table.game,
        table.listed,
        session.seat is not None,
        table.state,
        table.is_daily,
    ]


class Community:
    """This process's part in the community of several: who is online elsewhere, and the
    events between players of different processes."""

    def __init__(
        self,
        parts: Parts,
        notify: Callable[[str], None],
        holder: str,
        *,
        told: Callable[[Session, str, dict[str, Any]], None],
        owners_told: Callable[[str, dict[str, Any]], object],
        blocks_changed: Callable[[str], None],
        clock: Callable[[], float] = time.monotonic,
    ):
        """``notify`` sends an event's text on the bus, as ``holder`` (this process);
        ``told`` is a player's (the people's), ``owners_told`` an owner's act from another
        process, ``blocks_changed`` an account whose blocks changed elsewhere."""
        self.parts = parts
        self.notify = notify
        self.holder = holder
        self.told = told
        self.owners_told = owners_told
        self.blocks_changed = blocks_changed
        self.clock = clock
        self.elsewhere: dict[str, Elsewhere] = {}
        self.task: asyncio.Task[None] | None = None
        self.handlers: dict[str, Callable[[Session | None, dict[str, Any]], None]] = {}
        """Who hears an event of another part (a tournament's) by its ``what``: with the
        player it is addressed to, or None when it is to every process."""

    def start(self) -> None:
        """Tell the others who is here, every :data:`PRESENCE_S`, on the running loop."""
        self.task = asyncio.get_running_loop().create_task(self._publish_loop())
        self.parts.accounts.background.add(self.task)

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()

    # -- sending ------------------------------------------------------------------------------

    def _send(self, kind: str, data: Any) -> None:
        try:
            self.notify(event_text(self.holder, kind, data))
        except Exception as error:  # the database is away: the event is lost, as said
            log.warning("community event not sent: %s", error)

    def to(self, identity: str, what: str, **data: Any) -> bool:
        """Send ``what`` to the player ``identity`` connected to another process; whether
        that player is online elsewhere (and so sent it)."""
        if self.online_elsewhere(identity) is None:
            return False
        self._send(TO, {"to": identity, "what": what, **data})
        return True

    def to_all(self, what: str, **data: Any) -> None:
        """Send ``what`` to every other process."""
        self._send(ALL, {"what": what, **data})

    def publish(self) -> None:
        """Tell the others who of this process's players is online and where."""
        here = [s for s in list(self.parts.rooms.sessions.values()) if s.conn is not None]
        for part in in_parts(map(_presence_of, here), PRESENCE_BYTES):
            self._send(PRESENCE, part)

    async def _publish_loop(self) -> None:
        while True:
            self.publish()
            self._forget_old()
            await asyncio.sleep(PRESENCE_S)

    # -- who is elsewhere -------------------------------------------------------------------

    def _forget_old(self) -> None:
        now = self.clock()
        for identity in [i for i, e in self.elsewhere.items() if now - e.heard > FORGET_S]:
            del self.elsewhere[identity]

    def online_elsewhere(self, identity: str) -> Elsewhere | None:
        """The player ``identity`` as connected to another process (and not here), or None."""
        local = self.parts.rooms.sessions.get(identity)
        if local is not None and local.conn is not None:
            return None
        found = self.elsewhere.get(identity)
        if found is None or self.clock() - found.heard > FORGET_S:
            return None
        return found

    def everyone_elsewhere(self) -> list[Elsewhere]:
        """The players connected to the other processes (not here)."""
        return [e for e in self.elsewhere.values() if self.online_elsewhere(e.identity)]

    # -- hearing ------------------------------------------------------------------------------

    def heard(self, kind: str, data: Any) -> None:
        """An event of another process (on the loop)."""
        try:
            if kind == PRESENCE:
                self._heard_presence(data)
            elif kind == TO:
                self._heard_to(data)
            elif kind == ALL:
                self._heard_all(data)
        except (TypeError, ValueError, KeyError, IndexError) as error:
            log.warning("a community event that is not one was passed over: %s", error)

    def _heard_presence(self, entries: list[Any]) -> None:
        now = self.clock()
        for entry in entries:
            identity, name = str(entry[0]), str(entry[1])
            if len(entry) > 2:
                found = Elsewhere(
                    identity,
                    name,
                    str(entry[2]),
                    str(entry[3]),
                    bool(entry[4]),
                    bool(entry[5]),
                    str(entry[6]),
                    now,
                    # A process of an older version tells no daily deal.
                    len(entry) > 7 and bool(entry[7]),
                )
            else:
                found = Elsewhere(identity, name, heard=now)
            self.elsewhere[identity] = found

    def _heard_to(self, data: dict[str, Any]) -> None:
        session = self.parts.rooms.sessions.get(str(data["to"]))
        if session is None or session.conn is None:
            return
        what = str(data["what"])
        handler = self.handlers.get(what)
        if handler is not None:
            handler(session, data)
        else:
            self.told(session, what, data)

    def _heard_all(self, data: dict[str, Any]) -> None:
        handler = self.handlers.get(str(data["what"]))
        if handler is not None:
            handler(None, data)
            return
        self.owners_told(str(data["what"]), data)
        if data["what"] == "block":
            self.blocks_changed(str(data["who"]))
