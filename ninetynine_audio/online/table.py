"""An online table: its code, game, seats and settings and, once started, the match hosted at
it. What every other part of the server shares; it knows nothing of them."""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass, field
from typing import Any

from ninetynine_audio.games.base import HUMAN
from ninetynine_audio.games.saved import RecordMaker
from ninetynine_audio.i18n import known_language
from ninetynine_audio.online.hosting import TableHost
from ninetynine_audio.online.storage import StoredTable
from ninetynine_audio.present import online as words

SEED_BITS = 128
"""The secret every shuffle, computer move and hint of an online match is drawn from."""


def match_seed() -> int:
    """A new online match's seed: :data:`SEED_BITS` bits from the system's secure source.

    Each shuffle (and each computer decision and hint) draws from a generator of its own,
    seeded with text holding this seed and the shuffle's number (Python fills the whole
    state from the text and its SHA-512), so neither this seed nor another deal can be
    searched for from the cards a seat holds. It stays on the server: it is stored with the
    match (so a restarted server deals the same cards) and never sent to a seat."""
    return secrets.randbits(SEED_BITS)


@dataclass
class SeatInfo:
    """One seat of an online table: what it is open for, who sits there, and whether a
    computer player stands in for them."""

    kind: str
    who: str | None = None
    name: str | None = None
    replaced: bool = False
    language: str | None = None
    """The language its player last heard the table in: after a restart, what the table
    says before they are back (the resumed game, what they missed) is in it."""
    forfeit: int | None = None
    """The place its player left the match in play at (last of those still in then): their
    result is never better, even if they come back to finish it (see ``Matches.finished``)."""
    unseen: bool = False
    """The server seated its player while they were not connected to it (a tournament's
    round, a table another process made) and they have not come to it yet: their first
    arrival is not a return. Stored, so a restart in between does not make it one."""

    def to_json(self) -> dict[str, Any]:
        """The seat as stored."""
        return {
            "kind": self.kind,
            "who": self.who,
            "name": self.name,
            "replaced": self.replaced,
            "language": self.language,
            "forfeit": self.forfeit,
            "unseen": self.unseen,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatInfo:
        """A stored seat."""
        language = data.get("language")
        forfeit = data.get("forfeit")
        return cls(
            data["kind"],
            data.get("who"),
            data.get("name"),
            bool(data.get("replaced")),
            language if isinstance(language, str) and known_language(language) else None,
            forfeit if isinstance(forfeit, int) and not isinstance(forfeit, bool) else None,
            data.get("unseen") is True,
        )


@dataclass
class OnlineTable:
    """A table of the server: its seats, settings and, once started, its hosted match."""

    code: str
    game: str
    options: dict[str, Any]
    listed: bool
    host_id: str
    """The identity of the person who hosts the table (starts it, removes players)."""
    seats: list[SeatInfo]
    settings: dict[str, Any]
    state: str = "waiting"
    host: TableHost | None = None
    """The match in play at the table (None while it waits)."""
    watchers: set[str] = field(default_factory=set)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None
    redraw: bool = True
    records: RecordMaker = field(default_factory=RecordMaker)
    told_unsaved: bool = False
    """Its players were told the server cannot save now (they are told once)."""
    silent_since: float | None = None
    """Since when no person at the table has been connected (None: someone is)."""

    def touch(self) -> None:
        """Something happened at the table: take the next step now and draw the screens."""
        self.redraw = True
        self.wake.set()

    def listing_text(self) -> str:
        """The table's listing: the line the lobby shows for it."""
        people = [s.name for s in self.seats if s.kind == HUMAN and s.name and s.who is not None]
        taken = sum(1 for s in self.seats if s.kind != HUMAN or s.who is not None)
        return words.table_item_text(self.game, self.state, taken, len(self.seats), people)

    @property
    def is_daily(self) -> bool:
        """Whether the table is a player's game of a daily deal."""
        return bool(self.settings.get("daily"))

    def open_seats(self) -> list[int]:
        """Seats open for a person and still free."""
        return [i for i, s in enumerate(self.seats) if s.kind == HUMAN and s.who is None]

    def seat_of(self, identity: str) -> int | None:
        """The seat ``identity`` sits at, if any."""
        for index, seat in enumerate(self.seats):
            if seat.who == identity:
                return index
        return None

    def stored(self) -> StoredTable:
        """The table's row, as the store keeps it."""
        record = None if self.host is None else self.records.record(self.host.core.saved)
        settings = {**self.settings, "options": self.options}
        return StoredTable(
            self.code,
            self.game,
            self.state,
            self.listed,
            self.host_id,
            [s.to_json() for s in self.seats],
            settings,
            record,
        )
