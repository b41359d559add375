"""The server's parts as the desks beside its tables see them (the people, moderation,
tournaments, the daily deal, reviews, the processes of a cluster, a table the server opens):
each desk works through the part that owns the job, and none imports ``server.py``, which
assembles the parts and the desks both."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ninetynine_audio.online.accounts import Accounts
from ninetynine_audio.online.creating import TableMaker
from ninetynine_audio.online.matches import Matches
from ninetynine_audio.online.reloading import Reloading
from ninetynine_audio.online.rooms import Rooms
from ninetynine_audio.online.saving import Saving
from ninetynine_audio.online.seating import Seating
from ninetynine_audio.online.storage import Store


@dataclass(frozen=True)
class Parts:
    """The store and the parts of one server, and its clock."""

    db: Store
    rooms: Rooms
    saving: Saving
    matches: Matches
    seating: Seating
    tables_made: TableMaker
    accounts: Accounts
    reloading: Reloading
    clock: Callable[[], float]
