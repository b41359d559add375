"""After the table: the result of a match, and the statistics screen of the main menu."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ninetynine_audio.games.base import HUMAN, GameSetup, Outcome
from ninetynine_audio.games.saved import match_level
from ninetynine_audio.i18n import _
from ninetynine_audio.input.keynames import is_forbidden, is_lone_modifier
from ninetynine_audio.present import results as words
from ninetynine_audio.present.results import Figures
from ninetynine_audio.present.review import REVIEW_GAME
from ninetynine_audio.present.screens import BACK_TO_MENU
from ninetynine_audio.store.kept import keep_game
from ninetynine_audio.store.saves import discard_match
from ninetynine_audio.store.stats import (
    Statistics,
    Tally,
    load_statistics,
    record_result,
    reset_statistics,
)
from ninetynine_audio.ui.screen import Menu, MenuItem, ask

if TYPE_CHECKING:
    from ninetynine_audio.play.daily import DailyResult
    from ninetynine_audio.play.table import TableCore
    from ninetynine_audio.ui.host import Host as App

MenuAction = Callable[["App"], None]


def figures_of(tally: Tally) -> Figures:
    """The wording's copy of a tally."""
    return Figures(
        tally.played, tally.wins, tally.losses, tally.streak, tally.best_streak, tally.rounds
    )


@dataclass(frozen=True)
class MatchResult:
    """A finished match as the results screen tells it.

    ``place`` and ``figures`` are None when no single player sat at the keyboard (hot seat,
    or computer players only): such matches are not counted in the statistics.
    """

    game: str
    level: str
    players: int
    rounds: int
    places: tuple[str, ...]
    place: int | None
    figures: Figures | None
    records: tuple[dict[str, Any], ...] = ()
    """The game's event log lines, for its review (none when nobody sat at the keys)."""
    daily: DailyResult | None = None
    daily_text: str | None = None
    """Where a daily deal's result stands among the player's own days."""

    def summary(self, verbosity: str) -> str:
        """The short result."""
        if self.place is None:
            return self.lines()[1]
        return words.result_summary(
            self.place,
            self.players,
            self.rounds,
            self.game,
            self.level,
            self.figures,
            verbosity,
        )

    def lines(self) -> list[str]:
        """The result line by line (a daily deal's standing last)."""
        daily = [self.daily_text] if self.daily_text else []
        return [
            *words.result_lines(
                self.place,
                self.players,
                self.rounds,
                self.places,
                self.game,
                self.level,
                self.figures,
            ),
            *daily,
        ]


def finish_match(table: TableCore) -> tuple[MatchResult | None, list[str]]:
    """Count a match that has just ended, then remove its save; call it once.

    Returns the result and the problems to speak (the statistics could not be written, the
    save could not be removed). The result is written first: a crash between the two leaves
    the save, never a match that was played and not counted.
    """
    outcome = table.outcome
    if outcome is None:
        return None, []
    result, problems = _count(table, outcome)
    removal = discard_match(finished=True)
    return result, [*problems, *([removal] if removal else [])]


def _count(table: TableCore, outcome: Outcome) -> tuple[MatchResult, list[str]]:
    """The result of the match, counted in the statistics when one player sat at the keys."""
    setup = table.setup
    rounds = table.progress
    places = tuple(setup.names[seat] for seat in outcome.places)
    level = match_level(setup.kinds)
    humans = [seat for seat, kind in enumerate(setup.kinds) if kind == HUMAN]
    place: int | None = None
    figures: Figures | None = None
    problems: list[str] = []
    daily: DailyResult | None = None
    daily_text: str | None = None
    if len(humans) == 1:
        place = outcome.place_of(humans[0])
        statistics, problems = record_result(setup.game, level, place, len(setup.names), rounds)
        figures = figures_of(statistics.get(setup.game, level))
        from ninetynine_audio.ui.daily import count_daily

        daily, daily_text, more = count_daily(setup, outcome, rounds)
        problems += more
    records: tuple[dict[str, Any], ...] = ()
    if humans:
        records = tuple(event.to_log() for event in table.events)
        _kept, more = keep_game(setup.game, level, place, len(setup.names), records)
        problems += more
    result = MatchResult(
        setup.game,
        level,
        len(setup.names),
        rounds,
        places,
        place,
        figures,
        records,
        daily,
        daily_text,
    )
    return result, problems


class ResultsScreen(Menu):
    """The result, a line per item; Enter or Escape returns to the main menu.

    The last item plays again with the same players and a new shuffle.

    The screen opens the moment the match ends, while its end and the result are still to be
    said, so a key pressed then was meant for the table (a card played a moment too late, a
    second press of Enter). Until that narration has likely been heard (``speech_idle``) the
    screen takes no key but those of every screen (repeat, history, stop speech, key help):
    the others are answered by the refusal's cue alone, so that no answer is said ahead of
    the result and no Enter or Escape leaves it unheard.
    """

    def __init__(self, setup: GameSetup, result: MatchResult) -> None:
        self.setup = setup
        self.result = result
        items = [MenuItem(line, _to_main_menu) for line in result.lines()]
        if result.records:
            items.append(MenuItem(_(REVIEW_GAME), self._review))
        if result.daily is None:
            items.append(MenuItem(_(words.PLAY_AGAIN), self._play_again))
        super().__init__(_(words.RESULTS), items, on_back=_to_main_menu)

    def enter(self, app: App) -> None:
        """Queue the short result after the end of the match is told."""
        v = app.settings.verbosity
        app.say(self.result.summary(v), queue=True)
        if self.result.daily_text:
            app.say(self.result.daily_text, queue=True)
        app.say(words.results_hint(v), queue=True)

    def handle_gesture(self, app: App, gesture: str) -> bool:
        """A key pressed before the end of the match was heard does nothing but sound."""
        if app.speech_idle() or self._works_anywhere(app, gesture):
            return super().handle_gesture(app, gesture)
        app.play_cue("refused")
        return True

    def _works_anywhere(self, app: App, gesture: str) -> bool:
        """Whether ``gesture`` is a key of every screen, or one left silent where it does
        nothing (a modifier alone, a screen reader's key)."""
        if is_lone_modifier(gesture) or is_forbidden(gesture):
            return True
        return app.global_command(self.context, gesture) is not None

    def _review(self, app: App) -> None:
        from ninetynine_audio.ui.daily import review_screen

        # A server's player reviews their own seat, weighed beside the server's loop.
        make = getattr(app, "review_screen", None) or review_screen
        app.push(make(self.result.records, self.result.daily))

    def _play_again(self, app: App) -> None:
        app.start_game(app.next_setup(self.setup))


def _to_main_menu(app: App) -> None:
    app.back_to_main_menu()


class StatisticsMenu(Menu):
    """Every game and level with its figures, then Reset statistics and Back."""

    def __init__(self, app: App) -> None:
        super().__init__(_(words.STATISTICS), [], on_back=_pop)
        self.problem: str | None = None
        self.rebuild(app)

    def rebuild(self, app: App, statistics: Statistics | None = None) -> None:
        """Read the figures again (after a reset)."""
        if statistics is None:
            statistics, self.problem = load_statistics()
        v = app.settings.verbosity
        items = [
            MenuItem(words.figures_text(game, level, figures_of(tally), v), _nothing)
            for game, level, tally in statistics.entries()
        ]
        if not items:
            items.append(MenuItem(words.no_statistics_text(), _nothing))
        else:
            items.append(MenuItem(_(words.RESET_STATISTICS), self._ask_reset))
        items.append(MenuItem(_(BACK_TO_MENU), _pop))
        self.items = items
        self.index = 0

    def enter(self, app: App) -> None:
        """The title, the first line, and a damaged file's sentence if there was one."""
        super().enter(app)
        if self.problem:
            app.say(self.problem, queue=True)
            self.problem = None

    def _ask_reset(self, app: App) -> None:
        ask(app, _(words.RESET_QUESTION), self._reset)

    def _reset(self, app: App) -> None:
        statistics, problems = reset_statistics()
        self.rebuild(app, statistics)
        app.say(f"{words.statistics_reset_text()}. {self.item_text(app)}")
        for problem in problems:
            app.say(problem, queue=True)


def _pop(app: App) -> None:
    app.pop()


def _nothing(app: App) -> None:
    """Choosing a line of figures reads it again."""
    app.resume_top()
