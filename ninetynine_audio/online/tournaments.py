"""Tournaments on the server: the thin part around ``play.tournament``.

A host makes one from the lobby (game, knockout or Swiss, seats at each table, the field's
size, the computer level that fills empty places, a start time); the lobby lists it and
players enter it. At its start (the time set, or the host's "start now") computer players fill
the field, and each round's tables are made: a table with a person at it is an ordinary online
table (listed, so others may watch; its seats kept for a dropped player as at any table, a
stand-in playing after the usual wait), its people seated at once and told where they are;
a table of computer players only is played at once, in memory. Each table's places come back
through ``Server._record_places`` (so a player who left finishes as there: no better than
last of those still in then), the round ends when its last table does, everyone who entered
hears the standings, and the next round is seated after :data:`ROUND_GAP_S`. The results and
ratings of each match are recorded as at any table; the tournament, its rounds and standings
are stored after every change (migration 5).
"""

from __future__ import annotations

import logging
import secrets
import time
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from ninetynine_audio.bots import levels
from ninetynine_audio.bots.tournament import play_bot_game
from ninetynine_audio.games.base import COMPUTER_NAMES, HUMAN, GameSetup
from ninetynine_audio.games.registry import all_games, find_game
from ninetynine_audio.online.opening import open_table
from ninetynine_audio.online.storage import StoredTournament
from ninetynine_audio.online.table import OnlineTable, SeatInfo, match_seed
from ninetynine_audio.play.tournament import (
    FORMATS,
    KNOCKOUT,
    SWISS,
    Entrant,
    Round,
    Table,
    Tournament,
    TournamentError,
    field_sizes,
    new_tournament,
)
from ninetynine_audio.present import tournaments as words
from ninetynine_audio.present.review import daily_once_text
from ninetynine_audio.present.screens import menu_opened_text
from ninetynine_audio.ui.screen import Menu, MenuItem

if TYPE_CHECKING:
    from ninetynine_audio.online.server import Server
    from ninetynine_audio.online.session import Session
    from ninetynine_audio.ui.host import Host as App

log = logging.getLogger(__name__)

ROUND_GAP_S = 20.0
"""Between a round's end and the next round's tables: time to hear the result and the
standings."""
START_CHOICES = (0, 5, 10, 15, 30, 60)
"""Minutes from now to the start a host may choose (0: when the host starts it)."""


def tournament_games() -> list[str]:
    """The games a tournament can be of: all but those of one person against fixed seats
    (arcade), where a table never holds two entrants."""
    return [spec.id for spec in all_games() if spec.fixed_seats is None]


def computer_names(taken: set[str], count: int) -> list[str]:
    """``count`` names for computer players, none of them a person's in ``taken``."""
    names: list[str] = []
    lap = 1
    while len(names) < count:
        for base in COMPUTER_NAMES:
            name = base if lap == 1 else f"{base} {lap}"
            if name not in taken and len(names) < count:
                names.append(name)
        lap += 1
    return names


@dataclass
class OnlineTournament:
    """One tournament of the server."""

    id: str
    game: str
    format: str
    table_size: int
    size: int
    level: str
    host_id: str
    starts_at: float | None
    """When it starts (the wall clock), or None: when its host starts it."""
    people: list[Entrant] = field(default_factory=list)
    plan: Tournament | None = None
    codes: dict[int, str] = field(default_factory=dict)
    """The current round's tables at the server: table index → table code."""
    next_round_at: float | None = None

    @property
    def state(self) -> str:
        """waiting, playing or over."""
        if self.plan is None:
            return "waiting"
        return "over" if self.plan.is_over else "playing"

    def entrants(self) -> list[Entrant]:
        """The field once made, else those who entered."""
        return list(self.plan.field) if self.plan is not None else list(self.people)

    def seed_of(self, who: str) -> int | None:
        """The seed of the person ``who``."""
        for seed, entrant in enumerate(self.entrants()):
            if entrant.who == who:
                return seed
        return None

    def to_record(self) -> dict[str, Any]:
        """The whole tournament as plain data."""
        plan = self.plan
        return {
            "format": self.format,
            "table_size": self.table_size,
            "size": self.size,
            "level": self.level,
            "starts_at": self.starts_at,
            "people": [_entrant(e) for e in self.people],
            "field": None if plan is None else [_entrant(e) for e in plan.field],
            "rounds_planned": None if plan is None else plan.rounds_planned,
            "rounds": [] if plan is None else [_round_record(r) for r in plan.rounds],
            "codes": {str(k): v for k, v in self.codes.items()},
        }

    @classmethod
    def from_stored(cls, stored: StoredTournament) -> OnlineTournament:
        """A stored tournament."""
        record = stored.record
        made = cls(
            stored.id,
            stored.game,
            str(record["format"]),
            int(record["table_size"]),
            int(record["size"]),
            str(record["level"]),
            stored.host,
            record.get("starts_at"),
            [Entrant(**e) for e in record.get("people", [])],
        )
        if record.get("field") is not None:
            made.plan = Tournament(
                made.format,
                made.table_size,
                tuple(Entrant(**e) for e in record["field"]),
                int(record["rounds_planned"]),
                tuple(_round_from(r) for r in record.get("rounds", [])),
            )
            made.codes = {int(k): str(v) for k, v in record.get("codes", {}).items()}
        return made


def _entrant(entrant: Entrant) -> dict[str, Any]:
    return {"name": entrant.name, "kind": entrant.kind, "who": entrant.who}


def _round_record(played: Round) -> dict[str, Any]:
    return {
        "number": played.number,
        "tables": [
            {"seats": list(t.seats), "places": None if t.places is None else list(t.places)}
            for t in played.tables
        ],
        "byes": list(played.byes),
    }


def _round_from(record: dict[str, Any]) -> Round:
    tables = tuple(
        Table(tuple(t["seats"]), None if t["places"] is None else tuple(t["places"]))
        for t in record["tables"]
    )
    return Round(int(record["number"]), tables, tuple(record.get("byes", ())))


class TournamentDesk:
    """The server's tournaments: made, entered, started, seated round by round, stored."""

    def __init__(self, server: Server, *, wall: Any = time.time) -> None:
        self.server = server
        self.wall = wall
        self.round_gap_s = ROUND_GAP_S
        self.all: dict[str, OnlineTournament] = {}
        self.bot_seed = secrets.randbits(64)

    # -- kept across a restart ------------------------------------------------------------------

    def reload(self) -> None:
        """The tournaments not over, as stored (their tables come back as every table does)."""
        for stored in self.server.db.tournaments(("waiting", "playing")):
            try:
                made = OnlineTournament.from_stored(stored)
            except (KeyError, TypeError, ValueError) as error:
                log.error("tournament %s cannot be loaded: %s", stored.id, error)
                continue
            self.all[made.id] = made
            if made.state == "playing" and made.plan is not None:
                current = made.plan.current
                if current is not None and current.over:
                    made.next_round_at = self.server.clock()

    def _store(self, tournament: OnlineTournament) -> None:
        plan = tournament.plan
        rounds = [] if plan is None else [_round_record(r)["tables"] for r in plan.rounds]
        standings = []
        if plan is not None and plan.rounds:
            for line in plan.standings():
                entrant = plan.field[line.seed]
                standings.append(
                    {
                        "place": line.place,
                        "seed": line.seed,
                        "name": entrant.name,
                        "who": entrant.who,
                        "points": line.points,
                        "tie_break": line.tie_break,
                    }
                )
        stored = StoredTournament(
            tournament.id,
            tournament.game,
            tournament.host_id,
            tournament.state,
            tournament.to_record(),
            rounds,
            standings,
        )
        try:
            self.server.db.save_tournament(stored)
        except Exception as error:  # a full disk never stops a tournament
            log.error("tournament %s could not be stored: %s", tournament.id, error)

    # -- making and entering --------------------------------------------------------------------

    def listed(self) -> list[OnlineTournament]:
        """Every tournament the lobby lists: waiting, playing, and those over (to hear their
        standings) until the server restarts."""
        return list(self.all.values())

    def create(
        self,
        session: Session,
        game: str,
        format: str,
        table_size: int,
        size: int,
        level: str,
        minutes: int,
    ) -> str | None:
        """Make a tournament with ``session`` as its host and first entrant; the sentence
        saying why not."""
        hosted = [
            t for t in self.all.values() if t.host_id == session.identity and t.state != "over"
        ]
        if hosted:
            return words.one_tournament_text()
        spec = find_game(game)
        if (
            game not in tournament_games()
            or format not in FORMATS
            or not spec.min_players <= table_size <= spec.max_players
            or size not in field_sizes(format, table_size)
            or level not in levels(spec.family)
        ):
            return words.full_text()
        starts_at = self.wall() + minutes * 60 if minutes else None
        code = "".join(str(secrets.randbelow(10)) for _ in range(8))
        made = OnlineTournament(
            code, spec.id, format, table_size, size, level, session.identity, starts_at
        )
        made.people.append(Entrant(session.name, HUMAN, session.identity))
        self.all[code] = made
        self._store(made)
        session.app.say(words.created_text(spec.id, format))
        self.server.rooms.refresh_lobbies()
        return None

    def enter(self, session: Session, tournament: OnlineTournament) -> str | None:
        """``session`` enters; the sentence saying why not."""
        if tournament.state != "waiting":
            return words.already_started_text()
        if tournament.seed_of(session.identity) is not None:
            return None
        if len(tournament.people) >= tournament.size:
            return words.full_text()
        tournament.people.append(Entrant(session.name, HUMAN, session.identity))
        self._store(tournament)
        session.app.say(words.entered_text())
        name = session.name
        self._say_to(tournament, lambda: words.joined_text(name), except_id=session.identity)
        self.server.rooms.refresh_lobbies()
        return None

    def withdraw(self, session: Session, tournament: OnlineTournament) -> str | None:
        """``session`` withdraws before the start; the sentence saying why not."""
        if tournament.state != "waiting":
            return words.already_started_text()
        tournament.people = [e for e in tournament.people if e.who != session.identity]
        if tournament.host_id == session.identity:
            if not tournament.people:
                self.all.pop(tournament.id, None)
                tournament.people = []
            else:
                tournament.host_id = tournament.people[0].who or tournament.host_id
        self._store(tournament)
        session.app.say(words.withdrew_text())
        self.server.rooms.refresh_lobbies()
        return None

    def start(self, session: Session | None, tournament: OnlineTournament) -> str | None:
        """Start now (``session``: the host asking, or None at the time set); the sentence
        saying why not."""
        if session is not None and session.identity != tournament.host_id:
            return words.host_only_text()
        if tournament.state != "waiting":
            return words.already_started_text()
        taken = {e.name for e in tournament.people}
        missing = tournament.size - len(tournament.people)
        computers = [Entrant(name, tournament.level) for name in computer_names(taken, missing)]
        try:
            tournament.plan = new_tournament(
                tournament.format,
                tournament.table_size,
                tournament.people,
                tournament.size,
                computers,
            )
        except TournamentError as error:
            tournament.plan = None
            log.error("tournament %s cannot start: %s", tournament.id, error)
            return words.full_text()
        people = len(tournament.people)
        game, format = tournament.game, tournament.format
        self._say_to(tournament, lambda: words.starting_text(game, format, people, missing))
        self._next_round(tournament)
        return None

    # -- the rounds -----------------------------------------------------------------------------

    def _next_round(self, tournament: OnlineTournament) -> None:
        plan = tournament.plan
        assert plan is not None
        tournament.next_round_at = None
        tournament.plan = plan = plan.next_round()
        current = plan.current
        assert current is not None
        tournament.codes = {}
        self._say_pairings(tournament, current)
        for index, table in enumerate(current.tables):
            entrants = [plan.field[seed] for seed in table.seats]
            if all(e.who is None for e in entrants):
                places = self._play_computers(tournament, current.number, index, entrants)
                tournament.plan = tournament.plan.with_result(index, places)
                continue
            code = self._seat_table(tournament, index, entrants)
            if code is None:  # the engine refused the table: its computers go through
                places = [2 if e.who else 1 for e in entrants]
                tournament.plan = tournament.plan.with_result(index, places)
            else:
                tournament.codes[index] = code
        self._store(tournament)
        self.server.rooms.refresh_lobbies()
        if tournament.plan.current is not None and tournament.plan.current.over:
            self._round_over(tournament)

    def _say_pairings(self, tournament: OnlineTournament, current: Round) -> None:
        plan = tournament.plan
        assert plan is not None
        field_ = plan.field
        rounds = plan.rounds_planned
        number = current.number

        def pairings() -> str:
            lines = [words.round_text(number, rounds)]
            for index, table in enumerate(current.tables, start=1):
                lines.append(words.pairing_text(index, [field_[s].name for s in table.seats]))
            if current.byes:
                lines.append(words.byes_text([field_[s].name for s in current.byes]))
            return " ".join(lines)

        for entrant in field_:
            session = self._session(entrant)
            if session is None:
                continue
            with session.app.speaking():
                session.app.say(pairings(), queue=True)
                seed = tournament.seed_of(session.identity)
                if seed is not None and seed in current.byes:
                    session.app.say(words.your_bye_text(), queue=True)

    def _play_computers(
        self, tournament: OnlineTournament, number: int, index: int, entrants: list[Entrant]
    ) -> list[int]:
        """A table of computer players only, played at once."""
        seed = hash((self.bot_seed, tournament.id, number, index)) & (2**63 - 1)
        record = play_bot_game(
            tournament.game,
            [e.kind for e in entrants],
            seed,
            names=[e.name for e in entrants],
            keep_events=False,
        )
        return [record.places.index(seat) + 1 for seat in range(len(entrants))]

    def _seat_table(
        self, tournament: OnlineTournament, index: int, entrants: list[Entrant]
    ) -> str | None:
        """Make the online table of ``entrants`` and seat its people; its code."""
        spec = find_game(tournament.game)
        seats = [SeatInfo(e.kind, e.who, e.name) for e in entrants]
        settings = {
            "stand_in": tournament.level,
            "tournament": tournament.id,
            "tournament_table": index,
        }
        names = tuple(e.name for e in entrants)
        setup = GameSetup(spec.id, names, tuple(e.kind for e in entrants), {}, match_seed())

        def told(seat: int) -> str:
            others = [e.name for n, e in enumerate(entrants) if n != seat]
            return words.your_table_text(index + 1, others)

        table = open_table(self.server, setup, seats, settings, f"tournament:{tournament.id}", told)
        return None if table is None else table.code

    def table_placed(self, table: OnlineTable, places: list[int]) -> None:
        """A table's places are in (``Server._record_places``): a tournament's table counts
        them; the round ends with its last table."""
        tournament = self.all.get(str(table.settings.get("tournament", "")))
        index = table.settings.get("tournament_table")
        if tournament is None or tournament.plan is None or not isinstance(index, int):
            return
        if tournament.codes.get(index) != table.code:
            return
        current = tournament.plan.current
        if current is None or index >= len(current.tables) or current.tables[index].over:
            return
        tournament.plan = tournament.plan.with_result(index, places)
        self._store(tournament)
        if tournament.plan.current is not None and tournament.plan.current.over:
            self._round_over(tournament)

    def _round_over(self, tournament: OnlineTournament) -> None:
        plan = tournament.plan
        assert plan is not None
        over = plan.is_over
        for entrant in plan.field:
            session = self._session(entrant)
            if session is None:
                continue
            with session.app.speaking():
                session.app.say(self.standings_text(tournament), queue=True)
                seed = tournament.seed_of(session.identity)
                if over and seed is not None:
                    place = next(s.place for s in plan.standings() if s.seed == seed)
                    session.app.say(words.you_finished_text(place), queue=True)
                elif seed is not None and seed not in plan.still_in():
                    session.app.say(words.knocked_out_text(), queue=True)
                else:
                    session.app.say(words.next_round_text(round(self.round_gap_s)), queue=True)
        if not over:
            tournament.next_round_at = self.server.clock() + self.round_gap_s
        self._store(tournament)
        self.server.rooms.refresh_lobbies()

    def standings_text(self, tournament: OnlineTournament) -> str:
        """The standings as they are now, in the language in use."""
        plan = tournament.plan
        if plan is None or not plan.rounds:
            return words.no_standings_text()
        current = plan.current
        assert current is not None
        number = current.number if current.over else current.number - 1
        lines = [words.standings_title(plan.is_over, number)]
        swiss = plan.format == SWISS
        for line in plan.standings():
            name = plan.field[line.seed].name
            still = line.still_in and not plan.is_over
            lines.append(words.standing_line(line.place, name, swiss, line.points, still))
        # One sentence a line: a line's own commas keep apart its place, name and points.
        text = lines[0] + " " + ". ".join(lines[1:]) + "."
        if plan.is_over:
            winner = plan.field[plan.standings()[0].seed].name
            text += " " + words.winner_text(winner)
        return text

    def sweep(self) -> None:
        """Start the tournaments whose time has come, and the rounds due."""
        now = self.server.clock()
        wall = self.wall()
        for tournament in list(self.all.values()):
            if tournament.state == "waiting":
                if tournament.starts_at is not None and wall >= tournament.starts_at:
                    self.start(None, tournament)
            elif tournament.next_round_at is not None and now >= tournament.next_round_at:
                self._next_round(tournament)

    def refuses_play_again(self, session: Session, table: OnlineTable) -> bool:
        """Play again at a tournament's table (the next round seats its players itself) or
        a daily deal's (played once a day) is refused, and said so."""
        if table.settings.get("daily"):
            session.app.say(daily_once_text(table.game), cue="refused")
            return True
        if not table.settings.get("tournament"):
            return False
        session.app.say(words.wait_for_round_text(), cue="refused")
        return True

    # -- speaking to those who entered ----------------------------------------------------------

    def _session(self, entrant: Entrant) -> Session | None:
        if entrant.who is None:
            return None
        return self.server.sessions.get(entrant.who)

    def _say_to(
        self, tournament: OnlineTournament, text: Any, *, except_id: str | None = None
    ) -> None:
        for entrant in tournament.entrants():
            session = self._session(entrant)
            if session is None or session.identity == except_id:
                continue
            with session.app.speaking():
                session.app.say(text(), queue=True)

    # -- the menus ------------------------------------------------------------------------------

    def menu(self, session: Session) -> TournamentsMenu:
        """The lobby's Tournaments."""
        return TournamentsMenu(self, session)

    def item_text(self, tournament: OnlineTournament) -> str:
        """A tournament as the list says it."""
        plan = tournament.plan
        if plan is None:
            minutes = 0
            if tournament.starts_at is not None:
                minutes = max(1, round((tournament.starts_at - self.wall()) / 60))
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
                    partial(self.desk.item_text, tournament),
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
        super().__init__(desk.item_text(tournament), [], on_back=_pop)
        self.rebuild()

    def rebuild(self) -> None:
        """The choices as they are now."""
        t = self.tournament
        self.title = self.desk.item_text(t)
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
                lambda: words.format_help_text(t.format, t.table_size),
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
        self._answer(app, self.desk.enter(self.session, self.tournament))

    def _withdraw(self, app: App) -> None:
        self._answer(app, self.desk.withdraw(self.session, self.tournament))

    def _start(self, app: App) -> None:
        problem = self.desk.start(self.session, self.tournament)
        if problem is not None:
            app.say(problem, cue="refused")

    def _standings(self, app: App) -> None:
        app.say(self.desk.standings_text(self.tournament))


class NewTournamentMenu(Menu):
    """The settings of a new tournament, each stepped with Enter or Left and Right."""

    def __init__(self, desk: TournamentDesk, session: Session) -> None:
        self.desk = desk
        self.session = session
        self.games = tournament_games()
        self.game = self.games[0]
        self.format = KNOCKOUT
        spec = find_game(self.game)
        self.table_size = spec.min_players
        self.size = field_sizes(self.format, self.table_size)[0]
        self.level = "normal" if "normal" in levels(spec.family) else levels(spec.family)[0]
        self.minutes = 0
        items = [
            MenuItem(words.create_now(), self._create),
            self._setting(lambda: words.game_choice_text(self.game), self._step_game),
            self._setting(lambda: words.format_choice_text(self.format), self._step_format),
            self._setting(
                lambda: words.format_help_text(self.format, self.table_size), self._step_seats
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
        if not spec.min_players <= self.table_size <= spec.max_players:
            self.table_size = spec.min_players
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
        spec = find_game(self.game)
        choices = list(range(spec.min_players, spec.max_players + 1))
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
        problem = self.desk.create(
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
