"""The lobby and a table's waiting room: menus like every other, run on the server.

Creating a table goes through the offline game, player-count, level and option menus
(``ui.menus``); what they would start is turned into the seats menu here, where each seat is
opened for a person or left to a computer level, and the table made listed or private.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

from ninetynine_audio.bots import levels
from ninetynine_audio.games.base import HUMAN, GameSetup
from ninetynine_audio.games.registry import all_games, find_game
from ninetynine_audio.present import online as words
from ninetynine_audio.present.screens import game_title, menu_opened_text
from ninetynine_audio.ui.menus import game_menu
from ninetynine_audio.ui.screen import Menu, MenuItem, ask

if TYPE_CHECKING:
    from ninetynine_audio.online.refusal import Refusal
    from ninetynine_audio.online.session import Session
    from ninetynine_audio.online.storage import Store
    from ninetynine_audio.online.table import OnlineTable
    from ninetynine_audio.ui.host import Host as App

TIMER_CHOICES = (0, 30, 60, 120)
PAUSE_CHOICES = (500, 1000, 1500, 2000, 3000)


class LobbyDesk(Protocol):
    """What the lobby's menus ask of the server (the server's ``Server`` is one)."""

    @property
    def db(self) -> Store:
        """The store: ratings and leaderboards."""
        ...

    def listed_tables(self) -> list[OnlineTable]:
        """The tables the lobby lists."""
        ...

    def join(self, session: Session, code: str, *, watch: bool = False) -> Refusal | None:
        """Sit at (or watch) the table of ``code``."""
        ...

    def create_table(
        self,
        session: Session,
        game: str,
        kinds: list[str],
        options: dict[str, Any],
        private: bool,
        settings: dict[str, Any],
    ) -> Refusal | None:
        """Make a table."""
        ...

    def start_table(self, session: Session) -> Refusal | None:
        """Start the player's table."""
        ...

    def remove_player(self, session: Session, seat: int) -> None:
        """The host removes a player."""
        ...

    def ask_chat(self, session: Session) -> None:
        """Ask for a line to say to the table."""
        ...

    def leave_table(self, session: Session, *, to_lobby: bool = True) -> None:
        """Leave the player's table."""
        ...


def _pop(app: App) -> None:
    app.pop()


def one_person_text(game: str) -> str | None:
    """For a game of one person against its own fixed seats (arcade), the sentence that says
    so and offers the first game of its family that people play together; else ``None``."""
    spec = find_game(game)
    if spec.fixed_seats is None:
        return None
    together = next(
        (s.id for s in all_games() if s.family == spec.family and s.fixed_seats is None),
        next(s.id for s in all_games() if s.fixed_seats is None),
    )
    return words.one_person_text(spec.id, spec.fixed_seats[1:], together)


class LobbyMenu(Menu):
    """Create a table, join with a code, the listed tables, ratings, leave."""

    def __init__(self, server: LobbyDesk, session: Session) -> None:
        super().__init__(words.lobby(), [], on_back=self._ask_leave)
        self.server = server
        self.session = session
        self.rebuild()

    def rebuild(self) -> None:
        """List the tables as they are now."""
        self.title = words.lobby()
        items = [
            MenuItem(words.create_table(), lambda a: a.push(game_menu())),
            MenuItem(words.join_with_code(), self._ask_code),
        ]
        for table in self.server.listed_tables():
            items.append(MenuItem(table.listing_text(), partial(self._open, code=table.code)))
        items.append(MenuItem(words.leaderboard(), lambda a: a.push(self._boards_menu())))
        items.append(MenuItem(words.your_ratings(), self._ratings))
        items.append(MenuItem(words.leave_server(), self._ask_leave))
        current = self.items[self.index].text() if self.items else None
        labels = [item.text() for item in items]
        self.items = items
        self.index = labels.index(current) if current in labels else 0

    def resume(self, app: App) -> None:
        """Back in the lobby: list the tables again."""
        self.rebuild()
        self.enter(app)

    def _ask_leave(self, app: App) -> None:
        ask(app, words.leave_server_question(), lambda a: a.quit())

    def _ask_code(self, app: App) -> None:
        self.session.ask(app, words.code_prompt(), self._code_given)

    def _code_given(self, app: App, text: str | None) -> None:
        if text is None:
            app.resume_top()
            return
        problem = self.server.join(self.session, "".join(text.split()))
        if problem is not None:
            app.say(problem.text, cue="refused")

    def _open(self, app: App, code: str) -> None:
        problem = self.server.join(self.session, code, watch=True)
        if problem is not None:
            app.say(problem.text, cue="refused")

    def _ratings(self, app: App) -> None:
        ratings = self.server.db.ratings_of(self.session.name) if self.session.account else []
        if not ratings:
            app.say(words.no_ratings_text())
            return
        app.say(" ".join(words.rating_text(r.game, r.mu, r.sigma, r.games) for r in ratings))

    def _boards_menu(self) -> Menu:
        items = [
            MenuItem(game_title(spec.id), partial(self._board, game=spec.id))
            for spec in all_games()
        ]
        return Menu(words.leaderboard(), items, on_back=_pop)

    def _board(self, app: App, game: str) -> None:
        board = self.server.db.leaderboard(game)
        lines = [
            words.leaderboard_line(n, r.name, r.mu, r.sigma, r.games)
            for n, r in enumerate(board, start=1)
        ]
        items = [MenuItem(line, lambda a: a.resume_top()) for line in lines]
        if not items:
            items = [MenuItem(words.empty_leaderboard_text(), lambda a: a.resume_top())]
        items.append(MenuItem(words.back_to_menu(), _pop))
        app.push(Menu(words.leaderboard_title(game), items, on_back=_pop))


class SeatsMenu(Menu):
    """The seats of a table being created: each a person or a computer level; then listed
    or private, the stand-in level, the turn timer and the computer players' pause."""

    def __init__(self, server: LobbyDesk, session: Session, setup: GameSetup) -> None:
        self.server = server
        self.session = session
        self.game = setup.game
        self.options = dict(setup.options)
        family = find_game(setup.game).family
        self.levels = tuple(levels(family))
        # The offline menus chose a level for the other seats: the second seat starts open for
        # a friend, the rest keep that level; each can be changed here.
        level = next((k for k in setup.kinds if k != HUMAN), "normal")
        self.default_level = level if level in self.levels else self.levels[0]
        self.kinds = [HUMAN] + [self.default_level] * (len(setup.kinds) - 1)
        # A game of one person against its fixed seats (arcade) opens no seat for a second.
        self.alone = find_game(setup.game).fixed_seats is not None
        if len(self.kinds) > 1 and not self.alone:
            self.kinds[1] = HUMAN
        self.listed = True
        self.stand_in = self.default_level
        self.timer = 0
        self.pause_ms = 1000
        items = [MenuItem(words.create_now(), self._create)]
        for seat in range(1, len(self.kinds)):
            items.append(self._seat_item(seat))
        if self.alone:
            items.append(MenuItem(self._alone_text, lambda a: a.resume_top()))
        items += [
            MenuItem(lambda: words.listed_text(self.listed), self._toggle_listed),
            MenuItem(lambda: words.stand_in_text(self.stand_in), self._next_stand_in),
            MenuItem(lambda: words.timer_text(self.timer), self._next_timer),
            MenuItem(lambda: words.pause_text(self.pause_ms), self._next_pause),
        ]
        super().__init__(words.seats_menu(), items, on_back=_pop)

    def _alone_text(self) -> str:
        """Why no seat is a person's: said as a menu item, without the full stop that the
        item's position follows."""
        return (one_person_text(self.game) or "").rstrip(".")

    def _seat_item(self, seat: int) -> MenuItem:
        choices = self.levels if self.alone else (HUMAN, *self.levels)

        def label() -> str:
            return words.seat_choice_text(seat + 1, self.kinds[seat])

        def change(app: App) -> None:
            index = choices.index(self.kinds[seat]) if self.kinds[seat] in choices else 0
            self.kinds[seat] = choices[(index + 1) % len(choices)]
            self.refresh(app)

        def adjust(app: App, step: int) -> None:
            index = choices.index(self.kinds[seat]) if self.kinds[seat] in choices else 0
            self.kinds[seat] = choices[(index + step) % len(choices)]
            self.refresh(app)

        return MenuItem(label, change, adjust)

    def _toggle_listed(self, app: App) -> None:
        self.listed = not self.listed
        self.refresh(app)

    def _next_stand_in(self, app: App) -> None:
        index = self.levels.index(self.stand_in)
        self.stand_in = self.levels[(index + 1) % len(self.levels)]
        self.refresh(app)

    def _next_timer(self, app: App) -> None:
        self.timer = TIMER_CHOICES[(TIMER_CHOICES.index(self.timer) + 1) % len(TIMER_CHOICES)]
        self.refresh(app)

    def _next_pause(self, app: App) -> None:
        index = PAUSE_CHOICES.index(self.pause_ms)
        self.pause_ms = PAUSE_CHOICES[(index + 1) % len(PAUSE_CHOICES)]
        self.refresh(app)

    def _create(self, app: App) -> None:
        settings = {
            "stand_in": self.stand_in,
            "timer_s": self.timer or None,
            "pause_ms": self.pause_ms,
        }
        problem = self.server.create_table(
            self.session, self.game, list(self.kinds), self.options, not self.listed, settings
        )
        if problem is not None:
            app.say(problem.text, cue="refused")


class WaitingRoom(Menu):
    """A table that has not started: its seats, and for the host Start and Remove."""

    def __init__(self, server: LobbyDesk, session: Session, table: OnlineTable) -> None:
        self.server = server
        self.session = session
        self.table = table
        super().__init__(words.waiting_title(table.game, table.code), [], on_back=self._leave)
        self.rebuild()

    @property
    def is_host(self) -> bool:
        """Whether this player is the table's host."""
        return self.table.host_id == self.session.identity

    def rebuild(self) -> None:
        """The seats and choices as they are now."""
        self.title = words.waiting_title(self.table.game, self.table.code)
        items: list[MenuItem] = []
        if self.is_host:
            items.append(MenuItem(words.start_table(), self._start))
        for number, seat in enumerate(self.table.seats, start=1):
            host = seat.who == self.table.host_id and seat.who is not None
            text = words.seat_item_text(number, seat.kind, seat.name, host)
            items.append(MenuItem(text, lambda a: a.resume_top()))
        if self.is_host:
            items.append(MenuItem(words.remove_player(), self._remove_menu))
        items.append(MenuItem(words.say_to_table(), self._chat))
        items.append(MenuItem(words.rules_item(), lambda a: a.open_rules(self.table.game)))
        items.append(MenuItem(words.leave_table(), self._leave))
        current = self.items[self.index].text() if self.items else None
        labels = [item.text() for item in items]
        self.items = items
        self.index = labels.index(current) if current in labels else 0

    def refresh_silently(self) -> None:
        """The table changed (someone came or went): the menu lists it as it is now."""
        self.rebuild()

    def enter_after_narration(self, app: App) -> None:
        """Opened by another player (play again): the title and the current item, said after
        what the player is still hearing of the table, not ahead of it."""
        app.say(menu_opened_text(self.title, self.item_text(app)), queue=True)

    def resume(self, app: App) -> None:
        """Back in the waiting room."""
        self.rebuild()
        self.enter(app)

    def _start(self, app: App) -> None:
        problem = self.server.start_table(self.session)
        if problem is not None:
            app.say(problem.text, cue="refused")

    def _remove_menu(self, app: App) -> None:
        items = []
        for seat_index, seat in enumerate(self.table.seats):
            if seat.who is None or seat.who == self.session.identity:
                continue
            items.append(MenuItem(seat.name or "", partial(self._remove, seat=seat_index)))
        items.append(MenuItem(words.back_to_menu(), _pop))
        app.push(Menu(words.which_player(), items, on_back=_pop))

    def _remove(self, app: App, seat: int) -> None:
        app.pop()
        self.server.remove_player(self.session, seat)

    def _chat(self, app: App) -> None:
        self.server.ask_chat(self.session)

    def _leave(self, app: App) -> None:
        self.server.leave_table(self.session)


def online_pause_menu(server: LobbyDesk, session: Session, table: Any) -> Menu:
    """The pause menu at an online table: the game goes on meanwhile."""

    def rules(app: App) -> None:
        app.open_rules(table.setup.game)

    def leave(app: App) -> None:
        ask(app, words.leave_table_question(), lambda a: server.leave_table(session))

    return Menu(
        words.online_paused(),
        [
            MenuItem(words.back_to_table(), _pop),
            MenuItem(words.say_to_table(), lambda a: server.ask_chat(session)),
            MenuItem(words.rules_item(), rules),
            MenuItem(words.leave_table(), leave),
        ],
        on_back=_pop,
    )
