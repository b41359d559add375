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
from ninetynine_audio.input.commands import MENU, TABLE
from ninetynine_audio.present import community
from ninetynine_audio.present import online as words
from ninetynine_audio.present import tournaments as tournament_words
from ninetynine_audio.present.screens import menu_opened_text
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


class PeopleItems(Protocol):
    """The people's part of the lobby (``online/people_menus.py``'s ``PeopleMenus`` is one)."""

    def command(self, session: Session, command: str) -> None:
        """A people's command (who is online, ...)."""
        ...

    def open_friends(self, session: Session) -> None:
        """The player's friends."""
        ...


class ModerationMenus(Protocol):
    """Moderation's items in the menus (``online/moderation.py``'s ``Moderation`` is one)."""

    def report_items(self, session: Session) -> list[MenuItem]:
        """Report a player."""
        ...

    def owner_items(self, session: Session) -> list[MenuItem]:
        """What the server's owners may do."""
        ...

    def remove_items(self, session: Session, table: OnlineTable) -> list[MenuItem]:
        """What a host may do to the players at the table."""
        ...


class MenuDesk(Protocol):
    """A desk the lobby opens a menu of (tournaments, the daily deal, past games)."""

    def menu(self, session: Session) -> Menu:
        """The desk's menu for ``session``."""
        ...


class LobbyDesk(Protocol):
    """What the lobby's menus ask of the server (the server's ``Server`` is one)."""

    @property
    def people_menus(self) -> PeopleItems:
        """The people: who is online, friends."""
        ...

    @property
    def moderation(self) -> ModerationMenus:
        """Reports, bans and removals."""
        ...

    @property
    def tournament_menus(self) -> MenuDesk:
        """The tournaments."""
        ...

    @property
    def daily(self) -> MenuDesk:
        """The daily deal."""
        ...

    @property
    def leaderboards(self) -> MenuDesk:
        """The leaderboards."""
        ...

    @property
    def reviews(self) -> MenuDesk:
        """The player's past games."""
        ...

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
        session = self.session
        self.title = words.lobby()
        items = [
            MenuItem(words.create_table(), lambda a: a.push(game_menu())),
            MenuItem(words.join_with_code(), self._ask_code),
            MenuItem(tournament_words.tournaments(), self._tournaments),
            MenuItem(tournament_words.daily_deal_item(), self._daily),
            MenuItem(tournament_words.last_games_item(), self._last_games),
        ]
        for table in self.server.listed_tables():
            items.append(MenuItem(table.listing_text(), partial(self._open, code=table.code)))
        people = self.server.people_menus
        items.append(
            MenuItem(words.leaderboard(), lambda a: a.push(self.server.leaderboards.menu(session)))
        )
        items.append(MenuItem(words.your_ratings(), self._ratings))
        items.append(
            MenuItem(community.who_online_item(), lambda a: people.command(session, "who_online"))
        )
        if session.account:
            items.append(MenuItem(community.friends_item(), lambda a: people.open_friends(session)))
        moderation = self.server.moderation
        items += [*moderation.report_items(self.session), *moderation.owner_items(self.session)]
        items.append(MenuItem(words.leave_server(), self._ask_leave))
        current = self.items[self.index].text() if self.items else None
        labels = [item.text() for item in items]
        self.items = items
        self.index = labels.index(current) if current in labels else 0

    def resume(self, app: App) -> None:
        """Back in the lobby: list the tables again."""
        self.rebuild()
        self.enter(app)

    def _tournaments(self, app: App) -> None:
        app.push(self.server.tournament_menus.menu(self.session))

    def _daily(self, app: App) -> None:
        app.push(self.server.daily.menu(self.session))

    def _last_games(self, app: App) -> None:
        app.push(self.server.reviews.menu(self.session))

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
            items += self.server.moderation.remove_items(self.session, self.table)
        items.append(MenuItem(words.say_to_table(), self._chat))
        items += self.server.moderation.report_items(self.session)
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

    def handle_gesture(self, app: App, gesture: str) -> bool:
        """The table's chat key says a line here too, as its item does, while the players
        wait for the start (unless a menu key is on it)."""
        chat = app.command_for(TABLE, gesture) == "table_chat"
        if chat and app.command_for(MENU, gesture) is None:
            self._chat(app)
            return True
        return super().handle_gesture(app, gesture)

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

    moderation = server.moderation
    here = session.table
    hosting = here is not None and here.host_id == session.identity
    return Menu(
        words.online_paused(),
        [
            MenuItem(words.back_to_table(), _pop),
            MenuItem(words.say_to_table(), lambda a: server.ask_chat(session)),
            *(moderation.remove_items(session, here) if here is not None and hosting else []),
            *moderation.report_items(session),
            MenuItem(words.rules_item(), rules),
            MenuItem(words.leave_table(), leave),
        ],
        on_back=_pop,
    )
