"""When the database of a cluster cannot be asked, making or entering a tournament is not
refused as if it were full or as if the host had another: the player hears that the server is
busy and may try again, and no place is counted."""

from __future__ import annotations

import threading
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from helpers.competition import choose
from helpers.online import Player, ServerThread

from ninetynine_audio.online.storage.competitions import UNANSWERED
from ninetynine_audio.online.tournament_cluster import TournamentLeases

pytestmark = pytest.mark.usefixtures("private_home")


class AwayStore:
    """A store whose database is gone: every question fails."""

    def __getattr__(self, name: str) -> Any:
        def fail(*args: object, **kwargs: object) -> None:
            raise OSError("connection to the database lost")

        return fail


def leases_without_a_database() -> Any:
    """The cluster's ledger of places (its real methods) over a store that cannot be asked."""
    ledger = SimpleNamespace(
        store=AwayStore(),
        cluster=SimpleNamespace(holder="process-1"),
        valid={},
        _lock=threading.Lock(),
    )
    for name in ("open", "take"):
        setattr(ledger, name, getattr(TournamentLeases, name).__get__(ledger))
    return ledger


def test_the_ledger_says_the_database_was_not_asked() -> None:
    ledger = leases_without_a_database()
    tournament = SimpleNamespace(id="T1", size=4, host_id="account:ann", languages={})
    assert ledger.take(tournament, "account:ben", "Ben") == UNANSWERED
    assert ledger.open(tournament, "Ann") is None


class Answers:
    """A ledger that answers as told: ``opened`` for a new tournament, ``taken`` for a place."""

    def __init__(self) -> None:
        self.opened: bool | None = None
        self.taken = UNANSWERED

    def open(self, tournament: object, name: str) -> bool | None:
        return self.opened

    def take(self, tournament: object, who: str, name: str) -> str:
        return self.taken

    def leave(self, tournament: object, who: str) -> None:
        return None

    def close(self, tournament: object) -> None:
        return None


@pytest.mark.slow
def test_a_player_hears_the_server_is_busy_when_the_database_is_away(tmp_path: Path) -> None:
    busy = "The server is busy. Please try again in a moment."
    with ServerThread(tmp_path / "data", pause_scale=0.0) as srv:
        answers = Answers()
        srv.call(lambda s: setattr(s.tournaments.entry, "ledger", answers))
        ann = Player(srv.url, "Ann")
        ben = Player(srv.url, "Ben")
        try:
            ann.heard("Lobby")
            choose(srv, ann, "Tournaments")
            choose(srv, ann, "Create a tournament")
            choose(srv, ann, "Create the tournament")
            ann.heard(busy)
            assert srv.call(lambda s: len(s.tournaments.all)) == 0
            assert not any("another" in line for line in ann.spoken)

            answers.opened = True  # the database is back: the same choice makes it
            choose(srv, ann, "Create the tournament")
            ann.heard("you created the tournament")
            tid = srv.call(lambda s: next(iter(s.tournaments.all)))

            answers.taken = UNANSWERED
            ben.heard("Lobby")
            choose(srv, ben, "Tournaments")
            choose(srv, ben, "Classic, Knockout")
            choose(srv, ben, "Enter the tournament")
            ben.heard(busy)
            assert not any("full" in line.lower() for line in ben.spoken), ben.spoken
            people = srv.call(lambda s: [p.name for p in s.tournaments.all[tid].people])
            assert people == ["Ann"]
        finally:
            ann.close()
            ben.close()
