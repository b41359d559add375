"""Tournaments on the server: the thin part around ``play.tournament``.

A host makes one from the lobby (game, knockout or Swiss, seats at each table, the field's
size, the computer level that fills empty places, a start time); the lobby lists it and
players enter it. At its start (the time set, or the host's "start now") computer players fill
the field, and each round's tables are made: a table with a person at it is an ordinary online
table (listed, so others may watch; its seats kept for a dropped player as at any table, a
stand-in playing after the usual wait), its people seated at once and told where they are;
a table of computer players only is played at once, in memory. Each table's places come back
through ``Matches.placed`` (so a player who left finishes as there: no better than
last of those still in then), the round ends when its last table does, everyone who entered
hears the standings, and the next round is seated after :data:`ROUND_GAP_S`. The results and
ratings of each match are recorded as at any table; the tournament, its rounds and standings
are stored after every change (migration 5). The tournament as data is in
``online/tournament_record.py``, the menus in ``online/tournament_menus.py``.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ninetynine_audio.bots import levels
from ninetynine_audio.bots.tournament import play_bot_game
from ninetynine_audio.games.base import HUMAN, GameSetup
from ninetynine_audio.games.registry import find_game
from ninetynine_audio.online.opening import open_table
from ninetynine_audio.online.storage import StoredTournament
from ninetynine_audio.online.table import OnlineTable, SeatInfo, match_seed
from ninetynine_audio.online.tournament_deals import DealRounds
from ninetynine_audio.online.tournament_record import (
    OnlineTournament,
    computer_names,
    entrant_session,
    group_sizes,
    plays_deals,
    standings_text,
    stored_tournament,
    tournament_games,
)
from ninetynine_audio.play.tournament import (
    FORMATS,
    Entrant,
    Round,
    TournamentError,
    field_sizes,
    new_tournament,
)
from ninetynine_audio.present import tournaments as words
from ninetynine_audio.present.review import daily_once_text

if TYPE_CHECKING:
    from ninetynine_audio.online.parts import Parts
    from ninetynine_audio.online.session import Session

log = logging.getLogger(__name__)

ROUND_GAP_S = 20.0
"""Between a round's end and the next round's tables: time to hear the result and the
standings."""
START_CHOICES = (0, 5, 10, 15, 30, 60)
"""Minutes from now to the start a host may choose (0: when the host starts it)."""


Elsewhere = Callable[["Session", OnlineTournament, bool], "str | None"]
"""Enter (True) or withdraw from a tournament another process runs; the sentence saying why
not (``online.tournament_cluster``)."""


def _not_elsewhere(session: Session, tournament: OnlineTournament, entering: bool) -> str | None:
    return words.already_started_text()


class TournamentDesk:
    """The server's tournaments: made, entered, started, seated round by round, stored."""

    def __init__(self, parts: Parts, *, wall: Any = time.time) -> None:
        self.parts = parts
        self.wall = wall
        self.round_gap_s = ROUND_GAP_S
        self.all: dict[str, OnlineTournament] = {}
        self.bot_seed = secrets.randbits(64)
        self.deals = DealRounds(parts, self.counted)
        self.others: dict[str, OnlineTournament] = {}
        """The tournaments other processes run (several processes), as last stored."""
        self.claim: Callable[[str], bool] = lambda tid: True
        self.holds: Callable[[str], bool] = lambda tid: True
        self.elsewhere: Elsewhere = _not_elsewhere

    # -- kept across a restart ------------------------------------------------------------------

    def reload(self) -> None:
        """The tournaments not over, as stored (their tables come back as every table does)."""
        for stored in self.parts.db.tournaments(("waiting", "playing")):
            self.adopt(stored)

    def adopt(self, stored: StoredTournament) -> None:
        """Carry on the stored tournament from its state (after a restart, or taken over from
        a process that stopped)."""
        try:
            made = OnlineTournament.from_stored(stored)
        except (KeyError, TypeError, ValueError) as error:
            log.error("tournament %s cannot be loaded: %s", stored.id, error)
            return
        self.all[made.id] = made
        self.others.pop(made.id, None)
        current = made.plan.current if made.plan is not None else None
        if made.state == "playing" and current is not None and current.over:
            made.next_round_at = self.parts.clock()

    def store(self, tournament: OnlineTournament) -> None:
        stored = stored_tournament(tournament)
        try:
            self.parts.db.save_tournament(stored)
        except Exception as error:  # a full disk never stops a tournament
            log.error("tournament %s could not be stored: %s", tournament.id, error)

    # -- making and entering --------------------------------------------------------------------

    def listed(self) -> list[OnlineTournament]:
        """Every tournament the lobby lists: waiting, playing, and those over (to hear their
        standings) until the server restarts."""
        return [*self.all.values(), *self.others.values()]

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
            or table_size not in group_sizes(spec.id)
            or size not in field_sizes(format, table_size)
            or level not in levels(spec.family)
        ):
            return words.full_text()
        starts_at = self.wall() + minutes * 60 if minutes else None
        code = "".join(str(secrets.randbelow(10)) for _ in range(8))
        if code in self.others or not self.claim(code):
            return words.full_text()
        made = OnlineTournament(
            code,
            spec.id,
            format,
            table_size,
            size,
            level,
            session.identity,
            starts_at,
            seed=secrets.randbits(63),
        )
        made.people.append(Entrant(session.name, HUMAN, session.identity))
        self.all[code] = made
        self.store(made)
        session.app.say(words.created_text(spec.id, format))
        self.parts.rooms.refresh_lobbies()
        return None

    def enter(self, session: Session, tournament: OnlineTournament) -> str | None:
        """``session`` enters; the sentence saying why not."""
        if tournament.id in self.others:
            return self.elsewhere(session, tournament, True)
        if tournament.state != "waiting":
            return words.already_started_text()
        if tournament.seed_of(session.identity) is not None:
            return None
        if len(tournament.people) >= tournament.size:
            return words.full_text()
        tournament.people.append(Entrant(session.name, HUMAN, session.identity))
        self.store(tournament)
        session.app.say(words.entered_text())
        name = session.name
        say_to_entrants(
            self.parts.rooms.sessions,
            tournament,
            lambda: words.joined_text(name),
            except_id=session.identity,
        )
        self.parts.rooms.refresh_lobbies()
        return None

    def withdraw(self, session: Session, tournament: OnlineTournament) -> str | None:
        """``session`` withdraws before the start; the sentence saying why not."""
        if tournament.id in self.others:
            return self.elsewhere(session, tournament, False)
        if tournament.state != "waiting":
            return words.already_started_text()
        tournament.people = [e for e in tournament.people if e.who != session.identity]
        if tournament.host_id == session.identity:
            if not tournament.people:
                self.all.pop(tournament.id, None)
                tournament.people = []
            else:
                tournament.host_id = tournament.people[0].who or tournament.host_id
        self.store(tournament)
        session.app.say(words.withdrew_text())
        self.parts.rooms.refresh_lobbies()
        return None

    def start(self, session: Session | None, tournament: OnlineTournament) -> str | None:
        """Start now (``session``: the host asking, or None at the time set); the sentence
        saying why not."""
        if tournament.id in self.others:
            return words.start_elsewhere_text()
        if session is not None and session.identity != tournament.host_id:
            return words.host_only_text()
        if tournament.state != "waiting":
            return words.already_started_text()
        taken = {e.name for e in tournament.people} | set(
            find_game(tournament.game).fixed_seats or ()
        )
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
        say_to_entrants(
            self.parts.rooms.sessions,
            tournament,
            lambda: words.starting_text(game, format, people, missing),
        )
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
        tournament.deals, tournament.results = {}, {}
        say_pairings(self.parts.rooms.sessions, tournament, current)
        for index, table in enumerate(current.tables):
            entrants = [plan.field[seed] for seed in table.seats]
            if plays_deals(tournament.game):
                self.deals.deal_group(tournament, current.number, index)
                continue
            if all(e.who is None for e in entrants):
                places = play_computers(self.bot_seed, tournament, current.number, index, entrants)
                tournament.plan = tournament.plan.with_result(index, places)
                continue
            code = self._seat_table(tournament, index, entrants)
            if code is None:  # the engine refused the table: its computers go through
                places = [2 if e.who else 1 for e in entrants]
                tournament.plan = tournament.plan.with_result(index, places)
            else:
                tournament.codes[index] = code
        self.store(tournament)
        self.parts.rooms.refresh_lobbies()
        if tournament.plan.current is not None and tournament.plan.current.over:
            self._round_over(tournament)

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

        table = open_table(self.parts, setup, seats, settings, f"tournament:{tournament.id}", told)
        return None if table is None else table.code

    # -- each table's result --------------------------------------------------------------------

    def table_placed(self, table: OnlineTable, places: list[int]) -> None:
        """A table's places are in (``Server._record_places``): a tournament's table counts
        them; the round ends with its last table."""
        tournament = self.all.get(str(table.settings.get("tournament", "")))
        index = table.settings.get("tournament_table")
        if tournament is None or not isinstance(index, int):
            return
        seed = table.settings.get("tournament_seed")
        if isinstance(seed, int) and table.host is not None:
            core = table.host.core
            scores = core.spec.scores(core.state)
            self.deals.count(tournament, index, seed, table.code, places[0], scores, core.progress)
        elif seed is None:
            self.placed(tournament, index, table.code, places)

    def placed(
        self, tournament: OnlineTournament, index: int, code: str, places: list[int]
    ) -> None:
        """The places at table ``code``, the current round's ``index``, counted once."""
        if tournament.plan is None or tournament.codes.get(index) != code:
            return
        current = tournament.plan.current
        if current is None or index >= len(current.tables) or current.tables[index].over:
            return
        tournament.plan = tournament.plan.with_result(index, places)
        self.counted(tournament)

    def counted(self, tournament: OnlineTournament) -> None:
        """A result counted: stored, and the round over with its last."""
        self.store(tournament)
        current = tournament.plan.current if tournament.plan is not None else None
        if current is not None and current.over:
            self._round_over(tournament)

    def _round_over(self, tournament: OnlineTournament) -> None:
        plan = tournament.plan
        assert plan is not None
        over = plan.is_over
        say_standings(self.parts.rooms.sessions, tournament, round(self.round_gap_s))
        if not over:
            tournament.next_round_at = self.parts.clock() + self.round_gap_s
        self.store(tournament)
        self.parts.rooms.refresh_lobbies()

    def sweep(self) -> None:
        """Start the tournaments whose time has come, and the rounds due."""
        now = self.parts.clock()
        wall = self.wall()
        for tournament in list(self.all.values()):
            if not self.holds(tournament.id):
                continue
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


def play_computers(
    bot_seed: int, tournament: OnlineTournament, number: int, index: int, entrants: list[Entrant]
) -> list[int]:
    """A table of computer players only, played at once: each one's place."""
    seed = hash((bot_seed, tournament.id, number, index)) & (2**63 - 1)
    record = play_bot_game(
        tournament.game,
        [e.kind for e in entrants],
        seed,
        names=[e.name for e in entrants],
        keep_events=False,
    )
    return [record.places.index(seat) + 1 for seat in range(len(entrants))]


def say_pairings(
    sessions: dict[str, Session], tournament: OnlineTournament, current: Round
) -> None:
    """Round ``current``'s tables (or groups), said to everyone of the field here."""
    plan = tournament.plan
    assert plan is not None
    field_ = plan.field
    rounds = plan.rounds_planned
    number = current.number
    deals = plays_deals(tournament.game)

    def pairings() -> str:
        lines = [words.round_text(number, rounds)]
        for index, table in enumerate(current.tables, start=1):
            names = [field_[s].name for s in table.seats]
            if deals:
                lines.append(words.group_text(index, names))
            else:
                lines.append(words.pairing_text(index, names))
        if current.byes:
            lines.append(words.byes_text([field_[s].name for s in current.byes]))
        return " ".join(lines)

    for entrant in field_:
        session = entrant_session(sessions, entrant)
        if session is None:
            continue
        with session.app.speaking():
            session.app.say(pairings(), queue=True)
            seed = tournament.seed_of(session.identity)
            if seed is not None and seed in current.byes:
                session.app.say(words.your_bye_text(), queue=True)


def say_standings(sessions: dict[str, Session], tournament: OnlineTournament, gap_s: int) -> None:
    """A round is over: the standings, and to each one here their place, that they are out,
    or when the next round starts."""
    plan = tournament.plan
    assert plan is not None
    over = plan.is_over
    for entrant in plan.field:
        session = entrant_session(sessions, entrant)
        if session is None:
            continue
        with session.app.speaking():
            session.app.say(standings_text(tournament), queue=True)
            seed = tournament.seed_of(session.identity)
            if over and seed is not None:
                place = next(s.place for s in plan.standings() if s.seed == seed)
                session.app.say(words.you_finished_text(place), queue=True)
            elif seed is not None and seed not in plan.still_in():
                session.app.say(words.knocked_out_text(), queue=True)
            else:
                session.app.say(words.next_round_text(gap_s), queue=True)


def say_to_entrants(
    sessions: dict[str, Session],
    tournament: OnlineTournament,
    text: Callable[[], str],
    *,
    except_id: str | None = None,
) -> None:
    """Say ``text`` (made in each one's language) to every person who entered, but one."""
    for entrant in tournament.entrants():
        session = entrant_session(sessions, entrant)
        if session is None or session.identity == except_id:
            continue
        with session.app.speaking():
            session.app.say(text(), queue=True)
