"""The daily deal on the server: the same deals as offline (``play.daily``: the seed from the
date and game, the game's usual seats, computer players of the fixed level), one person at
the first seat, at a private table the server makes and starts. Each account (or guest)
begins each game's deal once a day (begun counts: leaving and coming back does not deal it
again); its result is ranked among everyone who played that deal on this server, as offline
ranks a player's own days: place first, then the margin over the best of the others, then
the coach's cost of the player's moves once the game is reviewed (the review after the game
writes it, and the standing is said again with it).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import TYPE_CHECKING

from ninetynine_audio.games.base import HUMAN, GameSetup
from ninetynine_audio.games.registry import all_games, find_game
from ninetynine_audio.i18n import _
from ninetynine_audio.online.gamelog import table_names
from ninetynine_audio.online.opening import open_table
from ninetynine_audio.online.table import OnlineTable, SeatInfo
from ninetynine_audio.play.daily import DailyResult, daily_result, daily_setup, is_daily
from ninetynine_audio.play.review import Review
from ninetynine_audio.present import review as review_words
from ninetynine_audio.present import tournaments as words
from ninetynine_audio.present.online import game_started_text
from ninetynine_audio.present.screens import BACK_TO_MENU
from ninetynine_audio.ui.screen import Menu, MenuItem

if TYPE_CHECKING:
    from ninetynine_audio.online.parts import Parts
    from ninetynine_audio.online.session import Session
    from ninetynine_audio.ui.host import Host as App

log = logging.getLogger(__name__)

Today = Callable[[], str]


def utc_today() -> str:
    """Today's date in UTC, ``YYYY-MM-DD`` (as offline)."""
    return datetime.now(UTC).date().isoformat()


def server_rank(mine: DailyResult, everyone: list[DailyResult]) -> tuple[int, int]:
    """Where ``mine`` stands among ``everyone``'s results of the same deal (``mine`` among
    them or not): its rank (1 the best; equal results share it) and how many played it."""
    others = [r for r in everyone if r is not mine]
    better = sum(1 for r in others if r.rank_key() < mine.rank_key())
    return better + 1, len(others) + 1


class DailyDesk:
    """Each game's deal of the day for every player of the server."""

    def __init__(self, parts: Parts, today: Today = utc_today) -> None:
        self.parts = parts
        self.today = today
        self.begun: set[tuple[str, str, str]] = set()
        """(day, game, who) begun since the server started: a write queued behind the
        caller (PostgreSQL) may not be read back at once."""

    def _mine(self, day: str, game: str, who: str) -> tuple[bool, DailyResult | None]:
        """Whether ``who`` has begun the day's deal of ``game``, and its result."""
        for entry in self.parts.db.daily_entries(day, game):
            if entry.who == who:
                return True, DailyResult.from_record(entry.result)
        return (day, game, who) in self.begun, None

    def _results(self, day: str, game: str) -> list[tuple[str, DailyResult]]:
        found = []
        for entry in self.parts.db.daily_entries(day, game):
            result = DailyResult.from_record(entry.result)
            if result is not None:
                found.append((entry.who, result))
        return found

    def standing_text(self, day: str, who: str, result: DailyResult) -> str:
        """``result`` with where it stands on this server today."""
        everyone = [r for w, r in self._results(day, result.game) if w != who] + [result]
        rank, count = server_rank(result, everyone)
        return words.daily_server_text(
            result.game, result.place, result.players, result.score, result.margin, rank, count
        )

    def play(self, session: Session, game: str) -> str | None:
        """Deal today's ``game`` to ``session``; the sentence saying why not."""
        day = self.today()
        begun, _result = self._mine(day, game, session.identity)
        if begun:
            return review_words.daily_once_text(game)
        spec = find_game(game)
        dealt = daily_setup(day, spec.id)
        names = table_names(spec, dealt.kinds, [session.name, *[None] * (len(dealt.kinds) - 1)])
        setup = replace(dealt, names=names)
        seats = [
            SeatInfo(kind, session.identity if kind == HUMAN else None, names[n])
            for n, kind in enumerate(setup.kinds)
        ]
        self.begun.add((day, spec.id, session.identity))
        try:
            self.parts.db.begin_daily(day, spec.id, session.identity, session.name)
        except Exception as error:  # begun is kept in memory all the same
            log.error("a daily deal could not be stored as begun: %s", error)
        settings = {"daily": day, "stand_in": setup.kinds[-1]}
        table = open_table(
            self.parts,
            setup,
            seats,
            settings,
            session.identity,
            lambda seat: game_started_text(),
            listed=False,
        )
        return None if table is not None else review_words.daily_once_text(game)

    def day_of(self, setup: GameSetup) -> str | None:
        """The day whose daily deal ``setup`` is, today's or yesterday's (a deal begun just
        before midnight), else None."""
        today = self.today()
        yesterday = (datetime.fromisoformat(today) - timedelta(days=1)).date().isoformat()
        return next((day for day in (today, yesterday) if is_daily(setup, day)), None)

    def table_placed(self, table: OnlineTable, places: list[int]) -> None:
        """A daily deal's table ended (or was left): its result counted and ranked."""
        day = table.settings.get("daily")
        host = table.host
        if not isinstance(day, str) or host is None:
            return
        who = table.seats[0].who
        outcome = host.core.outcome
        if who is None or outcome is None:
            return  # left unfinished: begun, and so played, with no result
        result = daily_result(day, host.core.setup, outcome, host.core.progress)
        result = replace(result, place=places[0])
        self._store(day, who, result)
        session = self.parts.rooms.sessions.get(who)
        if session is not None:
            with session.app.speaking():
                session.app.say(self.standing_text(day, who, result), queue=True)

    def reviewed(self, session: Session, day: str, review: Review) -> None:
        """The review of a daily deal: its result keeps the coach's cost, and the player
        hears where it stands now."""
        game = review.setup.game
        _begun, result = self._mine(day, game, session.identity)
        if result is None:
            return
        result = replace(result, cost=review.total_cost)
        self._store(day, session.identity, result)
        with session.app.speaking():
            session.app.say(self.standing_text(day, session.identity, result), queue=True)

    def _store(self, day: str, who: str, result: DailyResult) -> None:
        try:
            self.parts.db.finish_daily(day, result.game, who, result.to_record())
        except Exception as error:  # a full disk never stops a table
            log.error("a daily result could not be stored: %s", error)

    def menu(self, session: Session) -> Menu:
        """One item per game: play today's deal, or hear where it stands."""
        return DailyMenu(self, session)


class DailyMenu(Menu):
    """The lobby's daily deal."""

    def __init__(self, desk: DailyDesk, session: Session) -> None:
        self.desk = desk
        self.session = session
        super().__init__(review_words.daily_title(), [], on_back=_pop)
        self.rebuild()

    def rebuild(self) -> None:
        """List the games as today stands."""
        day = self.desk.today()
        items = []
        for spec in all_games():
            begun, result = self.desk._mine(day, spec.id, self.session.identity)
            if not begun:
                label = review_words.daily_new_item(spec.id, daily_setup(day, spec.id).kinds[-1])
            elif result is None:
                label = review_words.daily_started_item(spec.id)
            else:
                text = self.desk.standing_text(day, self.session.identity, result)
                label = text.rstrip(".")
            items.append(MenuItem(label, partial(self._choose, game=spec.id)))
        items.append(MenuItem(_(BACK_TO_MENU), _pop))
        self.items = items
        self.index = min(self.index, len(items) - 1)

    def resume(self, app: App) -> None:
        """Shown again."""
        self.rebuild()
        self.enter(app)

    def _choose(self, app: App, game: str) -> None:
        problem = self.desk.play(self.session, game)
        if problem is not None:
            app.say(problem, cue="refused")


def _pop(app: App) -> None:
    app.pop()
