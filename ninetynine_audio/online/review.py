"""The coach online: a finished online game reviewed move by move by ear, from its results
or later from the lobby's "Your last games".

The review reads the game's event log and nothing else, as offline: the log of a finished
match holds every hand (what the end of the game reveals, as offline); each decision of the
player's own seat, and only theirs, is weighed as ``play.review`` weighs it, on deals of the
cards that seat could not see then (``spec.resample``), so nothing the seat did not know
during play goes into judging a move. The server never runs a player's screens between
messages, and weighing a whole game (seconds to a minute) would hold every table up: the
weighing runs in a worker process (one game at a time; on a thread it would hold Python's lock
from the loop most of the time), and the summary is said when it is done.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from datetime import UTC, datetime
from functools import partial
from typing import TYPE_CHECKING, Any

from ninetynine_audio.games.base import HUMAN
from ninetynine_audio.games.saved import SaveError, from_record, match_level
from ninetynine_audio.i18n import _
from ninetynine_audio.online.gamelog import record_events
from ninetynine_audio.online.storage import PastGame
from ninetynine_audio.play.daily import DailyResult
from ninetynine_audio.play.review import Review, review_game
from ninetynine_audio.present import review as words
from ninetynine_audio.present.screens import BACK_TO_MENU, PAST_GAMES
from ninetynine_audio.ui.review import Reviewed, ReviewScreen
from ninetynine_audio.ui.screen import Menu, MenuItem

if TYPE_CHECKING:
    from ninetynine_audio.online.daily import DailyDesk
    from ninetynine_audio.online.parts import Parts
    from ninetynine_audio.online.session import Session
    from ninetynine_audio.online.table import OnlineTable
    from ninetynine_audio.ui.host import Host as App

log = logging.getLogger(__name__)


class OnlineReview(ReviewScreen):
    """The coach's screen on the server, its weighing done on a worker thread."""

    def __init__(
        self,
        desk: ReviewDesk,
        session: Session,
        records: Sequence[dict[str, Any]],
        seat: int,
        on_reviewed: Reviewed | None = None,
    ) -> None:
        super().__init__(records, seats=(seat,), on_reviewed=on_reviewed)
        self.records = list(records)
        self.desk = desk
        self.session = session
        self.started = False

    def enter(self, app: App) -> None:
        """Say the title and start weighing (once)."""
        super().enter(app)
        if self.reviewer is not None and self.review is None and not self.started:
            self.started = True
            self.desk.weigh(self)

    def tick(self, app: App) -> None:
        """Weighed on a worker thread, not between frames."""


class ReviewDesk:
    """Reviews of online games: weighed beside the event loop, and each person's last
    games kept for them."""

    def __init__(self, parts: Parts, daily: DailyDesk) -> None:
        self.parts = parts
        self.daily = daily
        self.running: set[asyncio.Future[Review]] = set()
        self.pool: ProcessPoolExecutor | None = None

    def weigh(self, screen: OnlineReview) -> None:
        """Weigh ``screen``'s game in the worker process; its summary is said when done."""
        reviewer = screen.reviewer
        assert reviewer is not None
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a test of the screens alone): weigh here
            self._done(screen, reviewer.review())
            return
        if self.pool is None:
            # One process, started when first needed, reviews one game at a time: a thread
            # would hold Python's lock from the tables for most of each of its time slices.
            self.pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
        weigh = partial(review_game, screen.records, seats=reviewer.seats, deals=reviewer.deals)
        future = loop.run_in_executor(self.pool, weigh)
        self.running.add(future)
        future.add_done_callback(partial(self._finished, screen))

    def close(self) -> None:
        """Stop the worker process (a review under way is dropped)."""
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None

    def _finished(self, screen: OnlineReview, future: asyncio.Future[Review]) -> None:
        self.running.discard(future)
        if future.cancelled():
            return
        error = future.exception()
        if error is not None:
            log.error("a review failed: %r", error)
            if isinstance(error, BrokenProcessPool):
                self.pool = None  # the next review starts a new one
            app = screen.session.app
            with app.speaking():
                if screen in app.stack:
                    app.say(words.review_failed_text(str(error) or type(error).__name__))
            return
        self._done(screen, future.result())

    def _done(self, screen: OnlineReview, review: Review) -> None:
        app = screen.session.app
        with app.speaking():
            if screen in app.stack:
                screen.reviewed(app, review)
            elif screen.on_reviewed is not None:
                screen.on_reviewed(review)

    # -- from the results -----------------------------------------------------------------------

    def screen_for(
        self, session: Session, records: Sequence[dict[str, Any]], daily: DailyResult | None
    ) -> ReviewScreen:
        """The review offered by the results of ``session``'s table (their own seat)."""
        seat = session.seat if session.seat is not None else 0
        table = session.table
        on_reviewed = None
        if table is not None and table.settings.get("daily"):
            on_reviewed = partial(self.daily.reviewed, session, str(table.settings["daily"]))
        return OnlineReview(self, session, records, seat, on_reviewed)

    # -- kept for later -------------------------------------------------------------------------

    def keep(self, table: OnlineTable, places: list[int]) -> None:
        """A finished match is kept for each person who sat at it (their last games)."""
        host = table.host
        if host is None or not host.is_over:
            return
        record = table.records.record(host.core.saved)
        for seat, info in enumerate(table.seats):
            if info.kind != HUMAN or info.who is None:
                continue
            game = PastGame(time.time(), table.game, seat, places[seat], len(places), record)
            try:
                self.parts.db.keep_game(info.who, game)
            except Exception as error:  # a full disk never stops a table
                log.error("a past game could not be kept: %s", error)

    def menu(self, session: Session) -> Menu:
        """The lobby's "Your last games": choosing one reviews it."""
        items = []
        for game in self.parts.db.past_games(session.identity):
            when = datetime.fromtimestamp(game.at, UTC).strftime("%Y-%m-%d %H:%M")
            kinds = [str(k) for k in game.record.get("kinds", ())]
            label = words.past_game_item(
                game.game, match_level(tuple(kinds)), when, game.place, game.players
            )
            items.append(MenuItem(label, partial(self._review_past, session, game)))
        if not items:
            items.append(MenuItem(words.no_past_games_text(), _pop))
        items.append(MenuItem(_(BACK_TO_MENU), _pop))
        return Menu(_(PAST_GAMES), items, on_back=_pop)

    def _review_past(self, session: Session, game: PastGame, app: App) -> None:
        try:
            records = [event.to_log() for event in record_events(game.record)]
        except SaveError as error:
            app.say(words.review_failed_text(str(error)), cue="refused")
            return
        # A daily deal reviewed later keeps the coach's cost too, that day and the next.
        on_reviewed = None
        day = self.daily.day_of(from_record(game.record).setup)
        if day is not None:
            on_reviewed = partial(self.daily.reviewed, session, day)
        app.push(OnlineReview(self, session, records, game.seat, on_reviewed))


def _pop(app: App) -> None:
    app.pop()
