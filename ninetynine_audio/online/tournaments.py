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

from ninetynine_audio.bots.tournament import play_bot_game
from ninetynine_audio.games.base import HUMAN, GameSetup
from ninetynine_audio.games.registry import find_game
from ninetynine_audio.online.opening import open_table
from ninetynine_audio.online.storage import StoredTournament
from ninetynine_audio.online.table import OnlineTable, match_seed
from ninetynine_audio.online.tournament_deals import DealRounds
from ninetynine_audio.online.tournament_entry import TournamentEntry
from ninetynine_audio.online.tournament_record import (
    OnlineTournament,
    computer_names,
    plays_deals,
    seat_of,
    stored_tournament,
)
from ninetynine_audio.online.tournament_speech import (
    Phrase,
    Relay,
    not_relayed,
    say_pairings,
    say_standings,
    say_to_entrants,
    text_of,
)
from ninetynine_audio.play.tournament import (
    Entrant,
    TournamentError,
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


StartElsewhere = Callable[["Session", OnlineTournament], "str | None"]
"""The host asks to start a tournament another process runs; the sentence saying why not, if
known at once (``online.tournament_cluster``)."""


def _not_elsewhere(session: Session, tournament: OnlineTournament) -> str | None:
    return words.start_elsewhere_text()


class TournamentDesk:
    """The server's tournaments: made, entered, started, seated round by round, stored."""

    def __init__(self, parts: Parts, *, wall: Any = time.time) -> None:
        self.parts = parts
        self.wall = wall
        self.round_gap_s = ROUND_GAP_S
        self.all: dict[str, OnlineTournament] = {}
        self.bot_seed = secrets.randbits(64)
        self.deals = DealRounds(parts, self.counted, lambda who, said: self.relay(who, said))
        self.others: dict[str, OnlineTournament] = {}
        """The tournaments other processes run (several processes), as last stored."""
        self.claim: Callable[[str], bool] = lambda tid: True
        self.holds: Callable[[str], bool] = lambda tid: True
        self.start_elsewhere: StartElsewhere = _not_elsewhere
        self.relay: Relay = not_relayed
        """Phrases to a person of the field connected to another process (a cluster)."""
        self.entry = TournamentEntry(self)

    # -- kept across a restart ------------------------------------------------------------------

    def reload(self) -> None:
        """The tournaments not over, as stored (their tables come back as every table does)."""
        for stored in self.parts.db.tournaments(("waiting", "playing")):
            self.adopt(stored)
        for tournament in self.all.values():
            for code in [*tournament.codes.values(), *tournament.deals.values()]:
                table = self.parts.rooms.tables.get(code)
                if table is not None:
                    self._tell_unseen(tournament, table)

    def _tell_unseen(self, tournament: OnlineTournament, table: OnlineTable) -> None:
        """After a restart, where a person seated at ``table`` while away is (its number and
        who they play), kept again among what they missed: what was said before is not
        kept, and the resumed table alone does not say it is the tournament's."""
        plan = tournament.plan
        current = None if plan is None else plan.current
        index = table.settings.get("tournament_table")
        if plan is None or current is None or not isinstance(index, int):
            return
        if not 0 <= index < len(current.tables):
            return
        names = [seat.name or "" for seat in table.seats]
        for number, seat in enumerate(table.seats):
            ghost = None if seat.who is None else self.parts.rooms.sessions.get(seat.who)
            if not seat.unseen or ghost is None or ghost.conn is not None:
                continue
            with ghost.app.speaking():
                if "tournament_seed" in table.settings:  # a deal: the group plays it apart
                    seed = table.settings["tournament_seed"]
                    group = [plan.field[s].name for s in current.tables[index].seats if s != seed]
                    told = words.your_deal_text(group, names[1:])
                else:
                    told = words.your_table_text(index + 1, names[:number] + names[number + 1 :])
                ghost.app.say(told, queue=True)

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

    def current(self, tournament: OnlineTournament) -> OnlineTournament:
        """``tournament`` as known now (a menu opened before it was taken over, or read again
        from the store, holds the one it was then)."""
        return self.all.get(tournament.id) or self.others.get(tournament.id) or tournament

    def listed(self) -> list[OnlineTournament]:
        """Every tournament the lobby lists: waiting, playing, and those over (to hear their
        standings) until the server restarts."""
        return [*self.all.values(), *self.others.values()]

    def start(self, session: Session, tournament: OnlineTournament) -> str | None:
        """The host asks to start now; the sentence saying why not (from another process
        than the tournament's: asked of that one, which answers)."""
        tournament = self.current(tournament)
        if tournament.id in self.others:
            return self.start_elsewhere(session, tournament)
        refused = self.start_by(session.identity, tournament)
        return None if refused is None else text_of(refused)

    def start_by(self, who: str | None, tournament: OnlineTournament) -> Phrase | None:
        """Start now (``who``: the person asking, or None at the time set); the phrase
        saying why not."""
        if who is not None and who != tournament.host_id:
            return ["host_only"]
        if tournament.state != "waiting":
            return ["already_started"]
        if self.entry.ledger is not None:
            places = self.entry.ledger.close(tournament)
            if places:  # the places as closed in the store, wherever each was taken
                known = {e.who: e for e in tournament.people}
                tournament.people = [
                    known.get(person) or Entrant(name, HUMAN, person)
                    for person, name, _language in places
                ][: tournament.size]
                for person, _name, language in places:
                    if language is not None:
                        tournament.languages.setdefault(person, language)
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
            return ["full"]
        starting = ["starting", tournament.game, tournament.format, len(tournament.people), missing]
        say_to_entrants(self.parts.rooms.sessions, self.relay, tournament, starting)
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
        say_pairings(self.parts.rooms.sessions, self.relay, tournament, current)
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
        seats = [seat_of(tournament, e) for e in entrants]
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
        say_standings(self.parts.rooms.sessions, self.relay, tournament, round(self.round_gap_s))
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
                    self.start_by(None, tournament)
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
