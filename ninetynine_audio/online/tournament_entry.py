"""Making, entering and withdrawing from a tournament (``online.tournaments``' desk).

On one process the tournament in memory is the whole truth. In a cluster (``serve --cluster``)
its places are in the store (``online.tournament_cluster``'s :class:`Ledger`), wherever each
is taken: a host opens one only while hosting none on any process, each entry takes a place
in one transaction (so two people on two processes never both take the last), and the start
closes them. The words are the same either way.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from ninetynine_audio.bots import levels
from ninetynine_audio.games.base import HUMAN
from ninetynine_audio.games.registry import find_game
from ninetynine_audio.online.storage.competitions import CLOSED, FULL, UNANSWERED
from ninetynine_audio.online.tournament_record import (
    OnlineTournament,
    group_sizes,
    tournament_games,
)
from ninetynine_audio.online.tournament_speech import say_to_entrants
from ninetynine_audio.play.tournament import FORMATS, Entrant, field_sizes
from ninetynine_audio.present import online as online_words
from ninetynine_audio.present import tournaments as words

if TYPE_CHECKING:
    from ninetynine_audio.online.parts import Parts
    from ninetynine_audio.online.session import Session
    from ninetynine_audio.online.tournament_speech import Relay


class Desk(Protocol):
    """What entering needs of the server's ``TournamentDesk``."""

    parts: Parts
    all: dict[str, OnlineTournament]
    others: dict[str, OnlineTournament]
    relay: Relay
    wall: Callable[[], float]
    claim: Callable[[str], bool]

    def store(self, tournament: OnlineTournament) -> None: ...
    def current(self, tournament: OnlineTournament) -> OnlineTournament: ...


class Ledger(Protocol):
    """The places of the tournaments, as the store keeps them for every process."""

    def open(self, tournament: OnlineTournament, name: str) -> bool | None:
        """Store the new ``tournament``, its host called ``name`` in its first place; False
        (its lease let go) when its host hosts another not over, None when the database
        could not be asked."""

    def take(self, tournament: OnlineTournament, who: str, name: str) -> str:
        """``who`` takes a place (speaking ``tournament.languages[who]``): ``ENTERED``,
        ``FULL``, ``CLOSED`` or ``UNANSWERED`` (the database could not be asked)."""

    def leave(self, tournament: OnlineTournament, who: str) -> None:
        """``who`` gives up their place."""

    def close(self, tournament: OnlineTournament) -> list[tuple[str, str, str | None]] | None:
        """Close the places as it starts: who took them and the language each speaks, in
        order (None: not known)."""


class TournamentEntry:
    """Tournaments made, entered and withdrawn from."""

    def __init__(self, desk: Desk) -> None:
        self.desk = desk
        self.ledger: Ledger | None = None
        """The store's places in a cluster; None: the tournaments in memory are the truth."""

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
        desk = self.desk
        hosted = [
            t for t in desk.all.values() if t.host_id == session.identity and t.state != "over"
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
        starts_at = desk.wall() + minutes * 60 if minutes else None
        code = "".join(str(secrets.randbelow(10)) for _ in range(8))
        if code in desk.others or not desk.claim(code):
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
        made.languages[session.identity] = session.app.language
        if self.ledger is not None:
            opened = self.ledger.open(made, session.name)
            if opened is None:
                return online_words.server_busy_text()
            if not opened:
                return words.one_tournament_text()
        desk.all[code] = made
        desk.store(made)
        session.app.say(words.created_text(spec.id, format))
        desk.parts.rooms.refresh_lobbies()
        return None

    def enter(self, session: Session, tournament: OnlineTournament) -> str | None:
        """``session`` enters (the tournament run here or by another process); the sentence
        saying why not."""
        desk = self.desk
        tournament = desk.current(tournament)
        if tournament.state != "waiting":
            return words.already_started_text()
        if tournament.seed_of(session.identity) is not None:
            return None
        tournament.languages[session.identity] = session.app.language
        if self.ledger is not None:
            taken = self.ledger.take(tournament, session.identity, session.name)
            if taken == CLOSED:
                return words.already_started_text()
            if taken == FULL:
                return words.full_text()
            if taken == UNANSWERED:
                return online_words.server_busy_text()
        elif len(tournament.people) >= tournament.size:
            return words.full_text()
        tournament.people.append(Entrant(session.name, HUMAN, session.identity))
        session.app.say(words.entered_text())
        if tournament.id in desk.others:  # its process reads the place and tells the field
            return None
        desk.store(tournament)
        say_to_entrants(
            desk.parts.rooms.sessions,
            desk.relay,
            tournament,
            ["joined", session.name],
            except_id=session.identity,
        )
        desk.parts.rooms.refresh_lobbies()
        return None

    def speaks(self, session: Session) -> None:
        """``session`` signed in, maybe in another language than they entered in: each
        tournament waiting with them keeps the one they speak now, so the seat kept for them
        if they are away at its start speaks it (the store's place too, for the process
        running it)."""
        desk = self.desk
        who, language = session.identity, session.app.language
        for tournament in [*desk.all.values(), *desk.others.values()]:
            waiting = tournament.state == "waiting" and tournament.seed_of(who) is not None
            if not waiting or tournament.languages.get(who) == language:
                continue
            tournament.languages[who] = language
            if self.ledger is not None:
                self.ledger.take(tournament, who, session.name)
            if tournament.id not in desk.others:
                desk.store(tournament)

    def without(self, tournament: OnlineTournament, who: str) -> None:
        """``who`` is out of waiting ``tournament`` (here or on another process): the host's
        part passes to the first still in; with nobody left it is over, and gone."""
        tournament.people = [e for e in tournament.people if e.who != who]
        tournament.languages.pop(who, None)
        if not tournament.people:
            self.desk.all.pop(tournament.id, None)
        elif tournament.host_id == who:
            tournament.host_id = tournament.people[0].who or tournament.host_id

    def withdraw(self, session: Session, tournament: OnlineTournament) -> str | None:
        """``session`` withdraws before the start; the sentence saying why not."""
        desk = self.desk
        tournament = desk.current(tournament)
        if tournament.state != "waiting":
            return words.already_started_text()
        if self.ledger is not None:
            self.ledger.leave(tournament, session.identity)
        if tournament.id in desk.others:  # its process reads the place given up
            tournament.people = [e for e in tournament.people if e.who != session.identity]
            session.app.say(words.withdrew_text())
            return None
        self.without(tournament, session.identity)
        desk.store(tournament)
        session.app.say(words.withdrew_text())
        desk.parts.rooms.refresh_lobbies()
        return None
