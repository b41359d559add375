"""A table the server makes and starts by itself, its people seated at once: a tournament's
round and a daily deal. Each person hears ``told`` (where they are) and then the table, as a
player seated by the host's Start would; a person not connected keeps the seat as at any
table (a stand-in plays after the usual wait) and hears ``told`` among what they missed when
they come to it."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.errors import GameError
from ninetynine_audio.online.table import OnlineTable, SeatInfo

if TYPE_CHECKING:
    from ninetynine_audio.online.parts import Parts
    from ninetynine_audio.online.session import Session

log = logging.getLogger(__name__)


def open_table(
    parts: Parts,
    setup: GameSetup,
    seats: list[SeatInfo],
    settings: dict[str, Any],
    host_id: str,
    told: Callable[[int], str] | None = None,
    *,
    listed: bool = True,
) -> OnlineTable | None:
    """Make the table of ``setup`` with ``seats`` (a person's with its ``who`` and name),
    start its match and seat its people; None when the engine refuses the set-up."""
    code = parts.tables_made.new_code()
    clean = {"stand_in": "normal", "timer_s": None, "pause_ms": 1000, **settings}
    table = OnlineTable(code, setup.game, dict(setup.options), listed, host_id, seats, clean)
    try:
        table.host = parts.matches.make_host(table, setup=setup)
    except GameError as error:
        log.error("a table of %s was refused: %s", setup.game, error)
        return None
    table.state = "playing"
    parts.rooms.tables[code] = table
    for index, seat in enumerate(seats):
        if seat.who is None:
            continue
        session = parts.rooms.sessions.get(seat.who)
        if session is None:
            # Kept for them (connected elsewhere, or not at all): where they are is among
            # what they missed when they come to the seat.
            seat.unseen = True  # never here before: not "back" when they come
            parts.reloading.ghost(seat.who, seat.name or "", table, index)
            ghost = parts.rooms.sessions.get(seat.who)
            if ghost is None:
                continue
            if told is not None:
                with ghost.app.speaking():
                    ghost.app.say(told(index), queue=True)
            continue
        leave_for(parts, session)
        session.table, session.seat = table, index
        seat.unseen = session.dropped_at is not None  # kept while away: coming is new
        if told is not None:
            with session.app.speaking():
                session.app.say(told(index), queue=True)
        table.host.attach(index, session.app)
        parts.rooms.send_table_info(session)
    parts.saving.store(table)
    parts.matches.start_task(table)
    table.touch()
    parts.rooms.refresh_lobbies()
    return table


def leave_for(parts: Parts, session: Session) -> None:
    """Take ``session`` from the table it is at: a finished one is simply left (nobody
    forfeits a match over), one in play as by Leave the table."""
    table = session.table
    if table is None:
        return
    if table.state == "over" or (table.host is not None and table.host.is_over):
        if table.host is not None:
            table.host.detach(session.app)
        parts.seating.free_seat(session)
        return
    parts.seating.leave_table(session, to_lobby=False)
