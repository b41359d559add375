"""Making a table: the game, seats, options and settings asked for checked, the limits on
tables a player hosts and an address makes, and a new table's code."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ninetynine_audio.bots import levels
from ninetynine_audio.games.base import HUMAN
from ninetynine_audio.games.errors import GameError
from ninetynine_audio.games.registry import find_game, is_game
from ninetynine_audio.online.limits import NEW_TABLES, OWNED_TABLES, Guard, Limits
from ninetynine_audio.online.lobby import one_person_text
from ninetynine_audio.online.refusal import Refusal
from ninetynine_audio.online.rooms import Rooms
from ninetynine_audio.online.seating import Seating
from ninetynine_audio.online.session import Session
from ninetynine_audio.online.table import OnlineTable, SeatInfo
from ninetynine_audio.present import online as words

CODE_DIGITS = 6


class TableMaker:
    """Makes the tables people ask for, within the limits."""

    def __init__(self, rooms: Rooms, seating: Seating, limits: Limits, guard: Guard) -> None:
        self.rooms = rooms
        self.seating = seating
        self.limits = limits
        self.guard = guard
        self.rng = random.SystemRandom()
        self.claim: Callable[[str], bool] = lambda code: True
        """Whether a new code is this process's to use (no other process of the server's)."""

    def create_table(
        self,
        session: Session,
        game: str,
        kinds: list[str],
        options: dict[str, Any],
        private: bool,
        settings: dict[str, Any],
    ) -> Refusal | None:
        """Make a table with ``session`` at its first seat; why not, when refused."""
        problem = self._tables_limited(session)
        if problem is not None:
            return Refusal("bad_table", problem)
        if session.table is not None:
            self.seating.leave_table(session, to_lobby=False)
        checked = self._checked(game, kinds, options)
        if isinstance(checked, str):
            return Refusal("bad_table", checked)
        game, kinds, options = checked
        known = set(levels(find_game(game).family))
        stand_in = settings.get("stand_in", "normal")
        if stand_in not in known:
            stand_in = next(iter(sorted(known)))
        clean = {
            "stand_in": stand_in,
            "timer_s": settings.get("timer_s") or None,
            "pause_ms": int(settings.get("pause_ms", 1000)),
        }
        code = self.new_code()
        seats = [SeatInfo(kind) for kind in kinds]
        table = OnlineTable(code, game, options, not private, session.identity, seats, clean)
        if session.conn is not None:
            self.guard.new_tables.add(session.conn.address)
        self.seating.seat_at_new_table(session, table)
        self.rooms.refresh_lobbies()
        return None

    def _checked(
        self, game: str, kinds: list[str], options: dict[str, Any]
    ) -> tuple[str, list[str], dict[str, Any]] | str:
        """The game, seats and options asked for, checked (the first seat a person's); or
        the sentence saying what is wrong with them."""
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
        return spec.id, kinds, options

    def _tables_limited(self, session: Session) -> str | None:
        """Why ``session`` may make no table now: it hosts as many as one player may, or its
        address made as many as it may in an hour; None when it may."""
        address = session.conn.address if session.conn is not None else None
        hosted = sum(
            1
            for table in self.rooms.tables.values()
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

    def new_code(self) -> str:
        for _attempt in range(1000):
            code = "".join(str(self.rng.randrange(10)) for _digit in range(CODE_DIGITS))
            if code[0] == "0" or code in self.rooms.tables:
                continue
            if self.claim(code):  # no other process's
                return code
        raise RuntimeError("no free table code")
