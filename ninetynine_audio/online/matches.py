"""The match at each table: starting it, the table's task that wakes for its computer players
and turn timer, a seat a computer player stands in for, and the match's end (its result
recorded, its accounts rated, a player who left kept at the place they left it in)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from functools import partial
from typing import Any

from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.errors import GameError
from ninetynine_audio.games.registry import find_game
from ninetynine_audio.online.gamelog import GameLog, heard_names, table_names
from ninetynine_audio.online.hosting import TableHost
from ninetynine_audio.online.limits import Guard
from ninetynine_audio.online.refusal import Refusal
from ninetynine_audio.online.rooms import Rooms
from ninetynine_audio.online.saving import Saving
from ninetynine_audio.online.session import Session
from ninetynine_audio.online.table import OnlineTable, match_seed
from ninetynine_audio.present import online as words

log = logging.getLogger(__name__)


def _step_marks(host: TableHost) -> tuple[float, bool, bool]:
    """What changes when a table's step acted: the last action's time, a computer move due,
    the end of the match."""
    return (host.narration_at, host.bot_due is None, host.is_over)


def plays_unheard(table: OnlineTable) -> bool:
    """Whether ``table`` plays on with no person connected to hear it: a tournament's, once
    no person holds a seat any more (each left, or stayed away past the seat's keeping, and
    a computer stands in), so that its round ends with it. Any other table waits for a
    person to come back."""
    return bool(table.settings.get("tournament")) and all(
        seat.who is None or seat.replaced for seat in table.seats
    )


class Matches:
    """Starting, running and ending the matches of the tables."""

    def __init__(
        self,
        rooms: Rooms,
        saving: Saving,
        guard: Guard,
        clock: Callable[[], float],
        *,
        pause_scale: float,
        game_log: GameLog | None,
        fault: Callable[[], None],
    ) -> None:
        self.rooms = rooms
        self.saving = saving
        self.guard = guard
        self.clock = clock
        self.pause_scale = pause_scale
        self.game_log = game_log
        self.fault = fault
        self.placed: list[Callable[[OnlineTable, list[int]], None]] = []
        """Told each finished table's places by seat (tournaments, the daily deal, reviews)."""
        self.keeps: Callable[[OnlineTable], bool] = lambda table: True
        """Whether this process still plays ``table`` (another may have taken it over)."""

    # -- starting ----------------------------------------------------------------------------

    def start_table(self, session: Session) -> Refusal | None:
        """The host starts the game; why not, when it cannot start."""
        table = session.table
        if table is None or table.state != "waiting" or table.host_id != session.identity:
            return Refusal("not_host", words.host_only_text())
        open_seats = table.open_seats()
        if open_seats:
            return Refusal("not_now", words.not_filled_text(len(open_seats)))
        kinds = tuple(s.kind for s in table.seats)
        names = table_names(find_game(table.game), kinds, [s.name for s in table.seats])
        setup = GameSetup(table.game, names, kinds, dict(table.options), match_seed())
        try:
            table.host = self.make_host(table, setup=setup)
        except GameError as error:
            return Refusal("not_now", words.bad_table_text(str(error).rstrip(".")))
        table.state = "playing"
        self.saving.store(table)
        for index, seat in enumerate(table.seats):
            other = self.rooms.sessions.get(seat.who) if seat.who else None
            if other is None:
                continue
            with other.app.speaking():
                other.app.say(words.game_started_text())
            table.host.attach(index, other.app)
            self.rooms.send_table_info(other)
        table.touch()
        self.rooms.refresh_lobbies()
        return None

    def make_host(
        self,
        table: OnlineTable,
        *,
        setup: GameSetup | None = None,
        record: dict[str, Any] | None = None,
    ) -> TableHost:
        """The match of ``table``: dealt from ``setup``, or reloaded from a stored ``record``."""
        pause = self.pause_s(table)
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

    def pause_s(self, table: OnlineTable) -> float:
        """The pause before each computer move at ``table``, as its host chose it."""
        return float(table.settings.get("pause_ms", 1000)) / 1000 * self.pause_scale

    # -- each table's task -----------------------------------------------------------------

    def start_task(self, table: OnlineTable) -> None:
        """Start the task that runs ``table``'s steps (none outside an event loop)."""
        with contextlib.suppress(RuntimeError):
            table.task = asyncio.get_running_loop().create_task(self._run_table(table))

    async def _run_table(self, table: OnlineTable) -> None:
        while table.code in self.rooms.tables:
            delay: float | None = None
            # Cleared before the step, not after: a message that touches the table while
            # this one waits its turn to think is seen by the next wait.
            table.wake.clear()
            host = table.host
            # Nobody hears a table with no person connected: it waits for one to come back,
            # but a tournament's whose seats are all computers' plays on (its round waits).
            heard = self.rooms.listened(table)
            if host is not None and (heard or plays_unheard(table)):
                # Played to nobody, its computers need not pause for anyone to hear them.
                host.pause_s = self.pause_s(table) if heard else 0.0
                if host.bot_due is not None and host.bot_due <= self.clock():
                    # A computer may think now: one table at a time (the loop reads every
                    # socket between two), within their share of the loop's time.
                    async with self.guard.thinking.turn():
                        if table.host is host and table.code in self.rooms.tables:
                            delay = self._step(table, host)
                else:
                    delay = self._step(table, host)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(table.wake.wait(), timeout=delay)

    def _step(self, table: OnlineTable, host: TableHost) -> float | None:
        """One step of the table's match; the seconds until the next."""
        if not self.keeps(table):
            return None
        # A step that only waited (for the pause, or for listeners, every 50 ms) changes no
        # screen, so the seats' screens are drawn again only after a message, a join or a
        # drop touched the table, or when the step acted.
        before = _step_marks(host)
        try:
            delay = host.tick()
        except Exception:
            self.fault()
            log.exception("table %s failed a step", table.code)
            delay = 1.0
        if table.redraw or before != _step_marks(host):
            table.redraw = False
            self._flush(table)
        return delay

    def _flush(self, table: OnlineTable) -> None:
        busy = table.host is not None and table.host.bot_due is not None
        for session in self.rooms.members(table):
            if session.conn is not None:
                with session.app.speaking():
                    session.app.send_display(busy)

    # -- a seat left -----------------------------------------------------------------------

    def stand_in(self, table: OnlineTable, session: Session) -> None:
        """A computer player takes ``session``'s seat at the match in play, and everyone at
        the table hears it; the seat stays theirs to take back."""
        assert table.host is not None and session.seat is not None
        self.forfeit(table, session)
        table.seats[session.seat].replaced = True
        table.host.replace(session.seat)
        level = table.settings.get("stand_in", "normal")
        # Not to the player themselves: a leaver was asked already, and one away hears it
        # on coming back as taking the seat back.
        self.rooms.say_at(
            table, partial(words.replaced_text, session.name, level), except_id=session.identity
        )

    def forfeit(self, table: OnlineTable, session: Session) -> None:
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

    def record_left_match(self, table: OnlineTable) -> None:
        """``table`` closes with its match in play and no person left at it: the match is
        recorded as it stands, every person who left at the place they left it in (so the
        last to leave cannot avoid the result by leaving), the computers still in ahead."""
        host = table.host
        if host is None or host.is_over or table.state != "playing":
            return
        for session in self.rooms.seated(table):
            self.forfeit(table, session)
        if not any(seat.forfeit is not None for seat in table.seats):
            return
        self._record_places(table, [1] * len(table.seats), [])

    # -- the end ---------------------------------------------------------------------------

    def _acted(self, table: OnlineTable) -> None:
        """Store the table after an action; the last one stores it as over at once."""
        if table.host is not None and table.host.is_over:
            table.state = "over"
        self.saving.store(table)

    def _finished(self, table: OnlineTable) -> None:
        """A match ended: record it, rate its accounts, keep the table for another game."""
        host = table.host
        assert host is not None
        outcome = host.core.spec.outcome(host.core.state)
        table.state = "over"
        if self.game_log is not None:
            self.game_log.write(table.code, host.core.events)
        for member in self.rooms.members(table):
            self.rooms.send_table_info(member)  # a client learns the match ended, not only hears it
        if outcome is None:
            return
        actual = [outcome.place_of(index) for index in range(len(table.seats))]
        self._record_places(table, actual, list(outcome.scores))
        self.saving.store(table)

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
                session = self.rooms.sessions.get(seat.who)
                name = session.name if session is not None else seat.who.split(":", 1)[1]
                by_place[place - 1].append(name)
        self.saving.record_result((table.code, table.game, players, by_place))
        placed = [places[i] for i in range(len(table.seats))]
        for told in self.placed:
            told(table, placed)
