"""The lobby's Tournaments: the list, a tournament's menu (enter, withdraw, start, standings)
and the new tournament's settings, over the server's ``TournamentDesk``."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from ninetynine_audio.bots import levels
from ninetynine_audio.games.registry import find_game
from ninetynine_audio.online.tournament_record import (
    OnlineTournament,
    group_sizes,
    plays_deals,
    tournament_games,
)
from ninetynine_audio.online.tournament_speech import standings_text
from ninetynine_audio.play.tournament import (
    FORMATS,
    KNOCKOUT,
    field_sizes,
)
from ninetynine_audio.present import tournaments as words
from ninetynine_audio.present.screens import menu_opened_text
from ninetynine_audio.ui.screen import Menu, MenuItem

if TYPE_CHECKING:
    from ninetynine_audio.online.session import Session
    from ninetynine_audio.ui.host import Host as App

from ninetynine_audio.online.tournaments import START_CHOICES, TournamentDesk


class TournamentMenus:
    """What the lobby opens of the tournaments."""

    def __init__(self, desk: TournamentDesk) -> None:
        self.desk = desk

    def menu(self, session: Session) -> TournamentsMenu:
        """The lobby's Tournaments."""
        return TournamentsMenu(self.desk, session)


def _pop(app: App) -> None:
    app.pop()


class TournamentsMenu(Menu):
    """Create a tournament, and every tournament of the server."""

    def __init__(self, desk: TournamentDesk, session: Session) -> None:
        self.desk = desk
        self.session = session
        super().__init__(words.tournaments(), [], on_back=_pop)
        self.rebuild()

    def rebuild(self) -> None:
        """List the tournaments as they are now."""
        items = [MenuItem(words.create_tournament(), self._create)]
        for tournament in self.desk.listed():
            items.append(
                MenuItem(
                    partial(_item_now, self.desk, tournament),
                    partial(self._open, tournament=tournament),
                )
            )
        self.items = items
        self.index = min(self.index, len(items) - 1)

    def resume(self, app: App) -> None:
        """Back from a tournament's menu."""
        self.rebuild()
        self.enter(app)

    def _create(self, app: App) -> None:
        app.push(NewTournamentMenu(self.desk, self.session))

    def _open(self, app: App, tournament: OnlineTournament) -> None:
        app.push(TournamentMenu(self.desk, self.session, tournament))


class TournamentMenu(Menu):
    """One tournament: enter or withdraw, start it (its host), who entered, the standings."""

    def __init__(self, desk: TournamentDesk, session: Session, tournament: OnlineTournament):
        self.desk = desk
        self.session = session
        self.tournament = tournament
        super().__init__(item_text(tournament, desk.wall()), [], on_back=_pop)
        self.rebuild()

    def rebuild(self) -> None:
        """The choices as they are now."""
        t = self.tournament
        self.title = item_text(t, self.desk.wall())
        items: list[MenuItem] = []
        if t.state == "waiting":
            if t.seed_of(self.session.identity) is None:
                items.append(MenuItem(words.enter(), self._enter))
            else:
                items.append(MenuItem(words.withdraw(), self._withdraw))
            if t.host_id == self.session.identity:
                items.append(MenuItem(words.start_now(), self._start))
        items.append(
            MenuItem(
                lambda: words.format_help_text(t.format, t.table_size, plays_deals(t.game)),
                lambda a: a.resume_top(),
            )
        )
        items.append(
            MenuItem(
                lambda: words.entrants_text([e.name for e in t.entrants()]),
                lambda a: a.resume_top(),
            )
        )
        items.append(MenuItem(words.standings_item(), self._standings))
        self.items = items
        self.index = min(self.index, len(items) - 1)

    def resume(self, app: App) -> None:
        """Shown again."""
        self.rebuild()
        self.enter(app)

    def _answer(self, app: App, problem: str | None) -> None:
        if problem is not None:
            app.say(problem, cue="refused")
            return
        self.rebuild()

    def _enter(self, app: App) -> None:
        self._answer(app, self.desk.entry.enter(self.session, self.tournament))

    def _withdraw(self, app: App) -> None:
        self._answer(app, self.desk.entry.withdraw(self.session, self.tournament))

    def _start(self, app: App) -> None:
        problem = self.desk.start(self.session, self.tournament)
        if problem is not None:
            app.say(problem, cue="refused")

    def _standings(self, app: App) -> None:
        app.say(standings_text(self.tournament))


class NewTournamentMenu(Menu):
    """The settings of a new tournament, each stepped with Enter or Left and Right."""

    def __init__(self, desk: TournamentDesk, session: Session) -> None:
        self.desk = desk
        self.session = session
        self.games = tournament_games()
        self.game = self.games[0]
        self.format = KNOCKOUT
        spec = find_game(self.game)
        self.table_size = group_sizes(self.game)[0]
        self.size = field_sizes(self.format, self.table_size)[0]
        self.level = "normal" if "normal" in levels(spec.family) else levels(spec.family)[0]
        self.minutes = 0
        items = [
            MenuItem(words.create_now(), self._create),
            self._setting(lambda: words.game_choice_text(self.game), self._step_game),
            self._setting(lambda: words.format_choice_text(self.format), self._step_format),
            self._setting(
                lambda: words.format_help_text(
                    self.format, self.table_size, plays_deals(self.game)
                ),
                self._step_seats,
            ),
            self._setting(lambda: words.size_choice_text(self.size), self._step_size),
            self._setting(lambda: words.level_choice_text(self.level), self._step_level),
            self._setting(lambda: words.start_choice_text(self.minutes), self._step_start),
        ]
        super().__init__(words.new_tournament_title(), items, on_back=_pop)

    def _setting(self, label: Any, step: Any) -> MenuItem:
        def change(app: App) -> None:
            step(1)
            self.refresh(app)

        def adjust(app: App, by: int) -> None:
            step(by)
            self.refresh(app)

        return MenuItem(label, change, adjust)

    def _fit(self) -> None:
        """Keep the seats, size and level possible for the game and format chosen."""
        spec = find_game(self.game)
        if self.table_size not in group_sizes(self.game):
            self.table_size = group_sizes(self.game)[0]
        sizes = field_sizes(self.format, self.table_size)
        if self.size not in sizes:
            self.size = min(sizes, key=lambda s: abs(s - self.size))
        known = list(levels(spec.family))
        if self.level not in known:
            self.level = "normal" if "normal" in known else known[0]

    def _step_game(self, by: int) -> None:
        self.game = self.games[(self.games.index(self.game) + by) % len(self.games)]
        self._fit()

    def _step_format(self, by: int) -> None:
        self.format = FORMATS[(FORMATS.index(self.format) + by) % len(FORMATS)]
        self._fit()

    def _step_seats(self, by: int) -> None:
        choices = group_sizes(self.game)
        self.table_size = choices[(choices.index(self.table_size) + by) % len(choices)]
        self._fit()

    def _step_size(self, by: int) -> None:
        sizes = field_sizes(self.format, self.table_size)
        self.size = sizes[(sizes.index(self.size) + by) % len(sizes)]

    def _step_level(self, by: int) -> None:
        known = list(levels(find_game(self.game).family))
        self.level = known[(known.index(self.level) + by) % len(known)]

    def _step_start(self, by: int) -> None:
        index = START_CHOICES.index(self.minutes)
        self.minutes = START_CHOICES[(index + by) % len(START_CHOICES)]

    def _create(self, app: App) -> None:
        problem = self.desk.entry.create(
            self.session,
            self.game,
            self.format,
            self.table_size,
            self.size,
            self.level,
            self.minutes,
        )
        if problem is not None:
            app.say(problem, cue="refused")
            return
        made = next(
            t
            for t in self.desk.all.values()
            if t.host_id == self.session.identity and t.state != "over"
        )
        # The tournament's own menu takes this one's place, said after "you created it".
        menu = TournamentMenu(self.desk, self.session, made)
        stack = self.session.app.stack
        stack[-1] = menu
        app.say(menu_opened_text(menu.title, menu.item_text(app)), queue=True)


def item_text(tournament: OnlineTournament, now: float) -> str:
    """A tournament as the list says it, at the wall-clock time ``now``."""
    plan = tournament.plan
    if plan is None:
        minutes = 0
        if tournament.starts_at is not None:
            minutes = max(1, round((tournament.starts_at - now) / 60))
        detail = words.starts_in_text(minutes)
    elif plan.is_over:
        detail = words.won_by_text(plan.field[plan.standings()[0].seed].name)
    else:
        detail = words.round_of_text(len(plan.rounds), plan.rounds_planned)
    return words.tournament_item_text(
        tournament.game,
        tournament.format,
        tournament.state,
        len(tournament.people),
        tournament.size,
        detail,
    )


def _item_now(desk: TournamentDesk, tournament: OnlineTournament) -> str:
    return item_text(tournament, desk.wall())
