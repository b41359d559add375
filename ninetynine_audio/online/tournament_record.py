"""A tournament of the server as data: its entrants, plan and times, as stored and read back,
its standings said, and the names of the computer players that fill its field."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from ninetynine_audio.games.base import COMPUTER_NAMES
from ninetynine_audio.games.registry import all_games, find_game
from ninetynine_audio.online.storage import StoredTournament
from ninetynine_audio.online.table import SeatInfo
from ninetynine_audio.play.tournament import (
    Entrant,
    Round,
    Table,
    Tournament,
)

log = logging.getLogger(__name__)


def tournament_games() -> list[str]:
    """The games a tournament can be of: every game."""
    return [spec.id for spec in all_games()]


def plays_deals(game: str) -> bool:
    """Whether a tournament of ``game`` compares deals rather than seating entrants together:
    a game of one person against its own fixed seats (arcade), where each entrant plays the
    same deal against the same computer players at a private table of their own."""
    return find_game(game).fixed_seats is not None


def group_sizes(game: str) -> list[int]:
    """How many entrants meet at each table (or, comparing deals, in each group)."""
    if plays_deals(game):
        return [2, 3, 4]
    spec = find_game(game)
    return list(range(spec.min_players, spec.max_players + 1))


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
    seed: int = 0
    """Where the deals of a tournament comparing deals come from (each group's its own)."""
    deals: dict[int, str] = field(default_factory=dict)
    """Comparing deals, the current round's private tables at the server: seed → code."""
    results: dict[int, dict[str, Any]] = field(default_factory=dict)
    """Comparing deals, the current round's results in: seed → the result's record."""
    languages: dict[str, str] = field(default_factory=dict)
    """The language each person who entered speaks: the seat kept for one not connected to
    this process (who entered from another) speaks to them in it."""

    @property
    def state(self) -> str:
        """waiting, playing or over (one everyone withdrew from before its start is over)."""
        if self.plan is None:
            return "waiting" if self.people else "over"
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
            "seed": self.seed,
            "deals": {str(k): v for k, v in self.deals.items()},
            "results": {str(k): v for k, v in self.results.items()},
            "languages": dict(self.languages),
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
            seed=int(record.get("seed", 0)),
            languages={str(k): str(v) for k, v in record.get("languages", {}).items()},
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
            made.deals = {int(k): str(v) for k, v in record.get("deals", {}).items()}
            made.results = {int(k): dict(v) for k, v in record.get("results", {}).items()}
        return made


def seat_of(tournament: OnlineTournament, entrant: Entrant) -> SeatInfo:
    """The seat of ``entrant`` at a table of ``tournament``, in the language they speak."""
    language = None if entrant.who is None else tournament.languages.get(entrant.who)
    return SeatInfo(entrant.kind, entrant.who, entrant.name, language=language)


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


def stored_tournament(tournament: OnlineTournament) -> StoredTournament:
    """``tournament`` as the store keeps it: its record, each round's tables, the standings."""
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
    return StoredTournament(
        tournament.id,
        tournament.game,
        tournament.host_id,
        tournament.state,
        tournament.to_record(),
        rounds,
        standings,
    )
