"""The daily deal's menu, the counting of a finished daily deal, and the kept games' list.

The day is the date in UTC, so that a deal is the same for everyone at the same moment. A
daily deal is begun from its menu once a day (``store.daily.mark_started``); when a match ends
(``ui.results``), a table that is the daily deal of today or yesterday (a deal begun just
before midnight) is counted there, and its review, when made, adds the coach's cost to the
day's record.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import TYPE_CHECKING, Any

from ninetynine_audio.games.base import GameSetup, Outcome
from ninetynine_audio.games.registry import all_games
from ninetynine_audio.i18n import _
from ninetynine_audio.play.daily import (
    DailyResult,
    daily_result,
    daily_seed,
    daily_setup,
    is_daily,
    standing,
)
from ninetynine_audio.play.review import Review
from ninetynine_audio.present import review as words
from ninetynine_audio.present.screens import BACK_TO_MENU, PAST_GAMES
from ninetynine_audio.store.daily import load_daily, mark_started, record_daily
from ninetynine_audio.store.kept import KeptGame, load_kept
from ninetynine_audio.ui.review import ReviewScreen
from ninetynine_audio.ui.screen import Menu, MenuItem

if TYPE_CHECKING:
    from ninetynine_audio.ui.host import Host as App

Today = Callable[[], str]


def utc_today() -> str:
    """Today's date in UTC, ``YYYY-MM-DD``."""
    return datetime.now(UTC).date().isoformat()


def _day_before(date: str) -> str:
    return (datetime.fromisoformat(date) - timedelta(days=1)).date().isoformat()


def past_results() -> list[DailyResult]:
    """Every finished daily deal kept, oldest first."""
    days, _problem = load_daily()
    found = [DailyResult.from_record(d.get("result")) for d in days]
    return [r for r in found if r is not None]


def count_daily(
    setup: GameSetup, outcome: Outcome, rounds: int, today: Today = utc_today
) -> tuple[DailyResult | None, str | None, list[str]]:
    """Count a finished match if it is a daily deal: its result, the sentence of where it
    stands among the player's own days, and the problems; ``None`` twice for any other
    match."""
    date = today()
    for day in (date, _day_before(date)):
        if is_daily(setup, day):
            result = daily_result(day, setup, outcome, rounds)
            past = past_results()
            if any(r.date == day and r.game == setup.game for r in past):
                return None, None, []  # the day's deal was finished once: that one counts
            problems = record_daily(result.to_record())
            return result, result_text(result, past), problems
    return None, None, []


def result_text(result: DailyResult, past: Sequence[DailyResult]) -> str:
    """A finished daily deal, with where it stands among the player's own days."""
    rank, days = standing(result, past)
    return words.daily_result_text(
        result.game, result.place, result.players, result.score, result.margin, rank, days
    )


def review_screen(records: Sequence[dict[str, Any]], daily: DailyResult | None) -> ReviewScreen:
    """The review of a finished game; a daily deal's keeps the coach's cost in its record."""
    if daily is None:
        return ReviewScreen(records)

    def keep_cost(review: Review) -> None:
        record_daily(replace(daily, cost=review.total_cost).to_record())

    return ReviewScreen(records, on_reviewed=keep_cost)


def _kept_daily(date: str, game: str) -> KeptGame | None:
    seed = daily_seed(date, game)
    kept, _problem = load_kept()
    for entry in kept:
        start = entry.records[0]
        if start.get("game") == game and start.get("seed") == seed:
            return entry
    return None


class DailyMenu(Menu):
    """One item per game: play today's deal, or hear how it went and review it."""

    def __init__(self, today: Today = utc_today) -> None:
        self.today = today
        super().__init__(words.daily_title(), [], on_back=_pop)
        self.rebuild()

    def rebuild(self) -> None:
        """List the games as today stands."""
        date = self.today()
        days, _problem = load_daily()
        past = past_results()
        items = []
        for spec in all_games():
            entry = next((d for d in days if d["date"] == date and d["game"] == spec.id), None)
            result = DailyResult.from_record(entry.get("result")) if entry else None
            if entry is None:
                setup = daily_setup(date, spec.id)
                label = words.daily_new_item(spec.id, setup.kinds[-1])
            elif result is None:
                label = words.daily_started_item(spec.id)
            else:
                # The sentence without its full stop: the menu adds the item's position.
                label = result_text(result, past).rstrip(".")
            items.append(MenuItem(label, partial(self._choose, spec.id)))
        items.append(MenuItem(_(BACK_TO_MENU), _pop))
        current = self.index
        self.items = items
        self.index = min(current, len(items) - 1)

    def resume(self, app: App) -> None:
        """Back from a review: list again and say where the player is."""
        self.rebuild()
        super().resume(app)

    def _choose(self, game: str, app: App) -> None:
        date = self.today()
        days, _problem = load_daily()
        entry = next((d for d in days if d["date"] == date and d["game"] == game), None)
        if entry is None:
            fresh, problems = mark_started(date, game)
            if fresh:
                app.start_game(daily_setup(date, game))
            for problem in problems:
                app.say(problem, queue=True)
            if fresh:
                return
        result = DailyResult.from_record(entry.get("result")) if entry else None
        kept = _kept_daily(date, game) if result is not None else None
        if kept is None:
            app.say(words.daily_once_text(game), cue="refused")
            return
        app.push(review_screen(kept.records, result))


class PastGamesMenu(Menu):
    """The kept games, newest first; choosing one reviews it."""

    def __init__(self) -> None:
        super().__init__(_(PAST_GAMES), [], on_back=_pop)
        kept, self.problem = load_kept()
        items = [
            MenuItem(
                words.past_game_item(
                    g.game, g.level, g.ended.replace("T", " ")[:16], g.place, g.players
                ),
                partial(_review_kept, g),
            )
            for g in kept
        ]
        if not items:
            items.append(MenuItem(words.no_past_games_text(), _pop))
        items.append(MenuItem(_(BACK_TO_MENU), _pop))
        self.items = items

    def enter(self, app: App) -> None:
        """The title, the first game, and a damaged file's sentence if there was one."""
        super().enter(app)
        if self.problem:
            app.say(self.problem, queue=True)
            self.problem = None


def _review_kept(kept: KeptGame, app: App) -> None:
    app.push(ReviewScreen(kept.records))


def _pop(app: App) -> None:
    app.pop()
