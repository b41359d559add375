"""Migration 5 on both engines: tournaments with their rounds and standings, and each
account's daily deals, kept across a restart of the store."""

from __future__ import annotations

import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.postgres import Postgres, postgres

from ninetynine_audio.online.storage import PastGame, Store, StoredTournament, open_store
from ninetynine_audio.online.storage.competitions import CLOSED, ENTERED, FULL

__all__ = ["postgres"]  # the session's cluster, a fixture


@pytest.fixture(params=["sqlite", "postgresql"])
def opened(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Path, str | None]]:
    url = None
    if request.param == "postgresql":
        cluster: Postgres = request.getfixturevalue("postgres")
        url = cluster.new_database()
    yield tmp_path / "data", url


def reopen(store: Store, where: tuple[Path, str | None]) -> Store:
    assert store.flush()
    store.close()
    return open_store(*where)


def test_a_tournament_its_rounds_and_standings_are_kept(opened: tuple[Path, str | None]) -> None:
    store = open_store(*opened)
    tables = [[{"seats": ["Ann", "Lily"], "places": [1, 2]}], [{"seats": ["Ann"], "places": None}]]
    standings = [
        {"place": 1, "name": "Ann", "who": "account:ann", "points": 2, "tie_break": 0},
        {"place": 2, "name": "Lily", "who": None, "points": 1, "tie_break": 0},
    ]
    first = StoredTournament("T1", "classic", "account:ann", "waiting", {"a": 1}, [], [])
    store.save_tournament(first)
    later = StoredTournament("T1", "classic", "account:ann", "playing", {"a": 2}, tables, standings)
    store.save_tournament(later)
    store.save_tournament(StoredTournament("T2", "tricks", "account:ben", "over", {}, [], []))
    store = reopen(store, opened)
    try:
        assert store.tournaments(("playing",)) == [later]
        assert [t.id for t in store.tournaments()] == ["T1", "T2"]
    finally:
        store.close()


def test_a_daily_deal_is_begun_once_and_its_result_kept(opened: tuple[Path, str | None]) -> None:
    store = open_store(*opened)
    store.begin_daily("2026-12-06", "classic", "account:ann", "Ann")
    store.begin_daily("2026-12-06", "classic", "account:ann", "Ann")
    store.begin_daily("2026-12-06", "tricks", "account:ann", "Ann")
    store.begin_daily("2026-12-06", "classic", "account:ben", "Ben")
    store.finish_daily("2026-12-06", "classic", "account:ann", {"place": 1})
    store.finish_daily("2026-12-06", "classic", "account:ann", {"place": 1, "cost": 0.5})
    store = reopen(store, opened)
    try:
        entries = store.daily_entries("2026-12-06", "classic")
        assert [(e.who, e.result) for e in entries] == [
            ("account:ann", {"place": 1, "cost": 0.5}),
            ("account:ben", None),
        ]
        assert store.daily_entries("2026-12-07", "classic") == []
    finally:
        store.close()


def test_a_persons_last_games_are_kept_the_last_first(opened: tuple[Path, str | None]) -> None:
    store = open_store(*opened)
    for number in range(5):
        game = PastGame(float(number), "classic", number % 2, 1, 3, {"n": number})
        store.keep_game("account:ann", game, keep=3)
    store.keep_game("account:ben", PastGame(9.0, "tricks", 0, 2, 3, {}), keep=3)
    store = reopen(store, opened)
    try:
        assert [g.record["n"] for g in store.past_games("account:ann")] == [4, 3, 2]
        assert [g.game for g in store.past_games("account:ben")] == ["tricks"]
    finally:
        store.close()


def test_a_tournament_is_held_by_lease_its_writes_fenced_its_entries_kept(
    opened: tuple[Path, str | None],
) -> None:
    store = open_store(*opened, shared=opened[1] is not None)
    try:
        made = StoredTournament("T1", "classic", "account:ann", "waiting", {"a": 1}, [], [])
        store.fenced_by = "one"
        store.save_tournament(made)
        assert store.flush()
        assert store.tournaments() == []  # its lease not held: the write is not kept
        assert store.hold_table("tournament:T1", "one", 30.0) is not None
        store.save_tournament(made)
        assert store.flush()
        assert store.tournaments() == [made]
        assert store.stored_tournament("T1") == made
        assert store.unheld_tournaments() == []
        store.announce("one", "ws://one", 30.0)
        assert store.others_tournaments("two") == [("T1", "ws://one")]
        assert store.others_tournaments("one") == []
        assert store.hold_table("tournament:T1", "two", 30.0) is None  # one process at a time
        store.let_go("tournament:T1", "one")
        assert store.unheld_tournaments() == ["T1"]
        assert store.take_place("T1", "account:ben", "Ben", 4, "es") == ENTERED
        assert store.take_place("T1", "account:cy", "Cy", 4) == ENTERED
        assert store.take_place("T1", "account:ben", "Ben", 4) == ENTERED  # his language kept
        store.leave_tournament("T1", "account:cy")
        store.record_result("12345678", "classic", [{"place": 2}, {"place": 1}], [])
        assert store.flush()
        assert store.tournament_entries("T1") == [("account:ben", "Ben", "es")]
        # Back in another language, the place he has keeps it (one place still).
        assert store.take_place("T1", "account:ben", "Ben", 4, "pl") == ENTERED
        assert store.tournament_entries("T1") == [("account:ben", "Ben", "pl")]
        assert store.table_places("12345678") is None  # fenced: the table's lease is not held
        store.fenced_by = None
        store.record_result("12345678", "classic", [{"place": 2}, {"place": 1}], [])
        assert store.flush()
        assert store.table_places("12345678") == [{"place": 2}, {"place": 1}]
    finally:
        store.close()


def test_places_are_taken_one_at_a_time_and_closed_at_the_start(
    opened: tuple[Path, str | None],
) -> None:
    store = open_store(*opened, shared=opened[1] is not None)
    try:
        made = StoredTournament("T2", "classic", "account:ann", "waiting", {"a": 1}, [], [])
        assert store.open_tournament(made, "Ann", "de")
        # Ann hosts one not over: a second is refused, wherever it is made.
        other = StoredTournament("T3", "classic", "account:ann", "waiting", {"a": 2}, [], [])
        assert not store.open_tournament(other, "Ann")
        assert store.take_place("T2", "account:ben", "Ben", 3, "fr") == ENTERED
        assert store.take_place("T2", "account:ben", "Ben", 3) == ENTERED  # once
        assert store.take_place("T2", "account:cy", "Cy", 3) == ENTERED
        assert store.take_place("T2", "account:dee", "Dee", 3) == FULL
        store.leave_tournament("T2", "account:cy")
        assert store.take_place("T2", "account:dee", "Dee", 3) == ENTERED
        assert store.take_place("T9", "account:dee", "Dee", 3) == CLOSED  # no such one
        assert store.close_entries("T2") == [
            ("account:ann", "Ann", "de"),
            ("account:ben", "Ben", "fr"),
            ("account:dee", "Dee", None),
        ]
        store.leave_tournament("T2", "account:dee")
        assert store.take_place("T2", "account:eve", "Eve", 3) == CLOSED
        store.save_tournament(made)  # a write of it as it waited, queued before the start
        assert store.flush()
        assert store.take_place("T2", "account:eve", "Eve", 3) == CLOSED
        # Her one is playing: still hosting; once over, she may open another.
        assert not store.open_tournament(other, "Ann")
        store.save_tournament(StoredTournament("T2", "classic", "account:ann", "over", {}, [], []))
        assert store.flush()
        assert store.open_tournament(other, "Ann")
    finally:
        store.close()


def race_for_the_last_place(stores: list[Store], tid: str) -> list[str]:
    """Each store (a process) takes the last of tournament ``tid``'s two places at once: the
    answers."""
    gate = threading.Barrier(len(stores))
    answers: list[str] = []

    def take(store: Store, who: str) -> None:
        gate.wait()
        answers.append(store.take_place(tid, who, who, 2))

    threads = [
        threading.Thread(target=take, args=(store, f"p{n}")) for n, store in enumerate(stores)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return answers


def test_two_processes_taking_the_last_place_at_once_one_has_it(postgres: Postgres) -> None:
    url = postgres.new_database()
    with tempfile.TemporaryDirectory() as folder:
        stores = [open_store(Path(folder) / name, url, shared=True) for name in ("one", "two")]
        try:
            for race in range(12):
                tid = f"R{race}"
                made = StoredTournament(tid, "classic", f"host{race}", "waiting", {}, [], [])
                assert stores[0].open_tournament(made, "Host")
                answers = race_for_the_last_place(stores, tid)
                assert sorted(answers) == [ENTERED, FULL], answers
                assert len(stores[1].tournament_entries(tid)) == 2
        finally:
            for store in stores:
                store.close()
