"""The server's store, the same tests on both engines: the SQLite file in the data folder and
a PostgreSQL database (a real cluster of the tests' own, ``helpers.postgres``).

Accounts, tables, results and ratings, the schema's version, one server at a time, and a
server's tables coming back after a restart, through ``online.storage.open_store`` as the
``serve`` command opens it.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
import pytest
from helpers.online import REPO, WAIT_S, ServerProcess, free_port
from helpers.postgres import Postgres, postgres
from helpers.server_inside import accounts_at_a_match, hello, inside_server, play_moves

from ninetynine_audio.online.storage import (
    DataProblem,
    Store,
    StoredTable,
    StoreRefused,
    open_store,
)
from ninetynine_audio.online.storage.leases import LeaseStore
from ninetynine_audio.online.storage.migrations import SCHEMA_VERSION

__all__ = ["postgres"]  # the session's cluster, a fixture


@dataclass
class Engine:
    """One engine for one test: where its data is, and a way in beside the store."""

    name: str
    folder: Path
    url: str | None

    def open(self, folder: Path | None = None) -> Store:
        """A store as ``serve`` opens it (another data folder for a second server)."""
        return open_store(folder or self.folder, self.url)

    def rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Run ``sql`` straight on the database, as a person looking at it would."""
        if self.url is None:
            with contextlib.closing(sqlite3.connect(self.folder / "server.sqlite3")) as db:
                found = db.execute(sql, params).fetchall()
                db.commit()
                return found
        with psycopg.connect(self.url, autocommit=True) as conn:
            cursor = conn.execute(sql.replace("?", "%s"), params)
            return list(cursor.fetchall()) if cursor.description else []


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(request: pytest.FixtureRequest, tmp_path: Path) -> Engine:
    if request.param == "postgresql":
        cluster: Postgres = request.getfixturevalue("postgres")
        return Engine("postgresql", tmp_path / "data", cluster.new_database())
    return Engine("sqlite", tmp_path / "data", None)


@pytest.fixture
def store(engine: Engine) -> Iterator[Store]:
    opened = engine.open()
    try:
        yield opened
    finally:
        opened.close()


def a_table(code: str, state: str = "waiting", actions: int = 0) -> StoredTable:
    seats = [{"kind": "human", "name": "Ann", "who": "account:ann", "replaced": False}]
    record = None if state == "waiting" else {"actions": [{"n": n} for n in range(actions)]}
    return StoredTable(code, "classic", state, True, "account:ann", seats, {"lives": 2}, record)


# -- accounts --------------------------------------------------------------------------------


def test_an_account_is_made_once_and_known_by_any_spelling_of_its_name(store: Store) -> None:
    assert not store.account_exists("Ann")
    assert store.sign_in("Ann", "ann's") == (True, "Ann")
    assert store.account_exists("ANN")
    assert store.sign_in("aNN", "ann's") == (True, "Ann")
    assert store.sign_in("Ann", "not ann's") == (False, "Ann")
    assert store.look_alike("Аnn") == "Ann"  # a Cyrillic A
    assert store.look_alike("Ann") is None


def test_sign_ins_of_one_new_name_at_once_make_one_account(engine: Engine, store: Store) -> None:
    answers: list[tuple[bool, str]] = []
    start = threading.Barrier(6)

    def sign_in() -> None:
        with store.for_thread() as mine:
            start.wait()
            answers.append(mine.sign_in("Zoe", "zoe's"))

    threads = [threading.Thread(target=sign_in) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert answers == [(True, "Zoe")] * 6
    assert engine.rows("SELECT COUNT(*) FROM players") == [(1,)]


# -- tables ----------------------------------------------------------------------------------


def test_tables_are_stored_replaced_forgotten_and_kept_across_a_restart(engine: Engine) -> None:
    store = engine.open()
    try:
        store.save_table(a_table("AAAA"))
        store.save_table(a_table("BBBB"))
        store.save_table(a_table("AAAA", "playing", actions=3))
        store.drop_table("BBBB")
    finally:
        store.close()
    again = engine.open()
    try:
        assert again.tables() == [a_table("AAAA", "playing", actions=3)]
    finally:
        again.close()


def test_a_table_that_cannot_be_read_is_set_aside_and_the_others_load(
    engine: Engine, store: Store
) -> None:
    store.save_table(a_table("GOOD"))
    store.save_table(a_table("BAD1"))
    assert store.flush()
    engine.rows("UPDATE tables SET seats = '[{\"kind\": ' WHERE code = ?", ("BAD1",))
    assert [table.code for table in store.tables()] == ["GOOD"]
    assert store.set_aside_count() == 1
    ((code, row),) = engine.rows("SELECT code, row FROM set_aside")
    assert code == "BAD1" and json.loads(row)[5] == '[{"kind": '


# -- results and ratings ---------------------------------------------------------------------


def test_a_result_is_recorded_once_and_rates_its_accounts_only(store: Store) -> None:
    for name in ("Ann", "Ben", "Cat"):
        store.sign_in(name, "secret")
    seats = [{"name": "Ann", "kind": "human", "place": 1, "score": 3}]
    store.record_result("AAAA", "classic", seats, [["Ann"], ["Ben", "Cat"]])
    store.record_result("BBBB", "classic", seats, [["Ann"], []])  # one account: not rated
    store.record_result("CCCC", "arcade", seats, [["ben"], ["cat"]])
    assert store.flush()
    assert store.results_count() == 3
    ann, ben, cat = (store.rating(name, "classic") for name in ("Ann", "Ben", "Cat"))
    assert ann.games == ben.games == cat.games == 1
    assert ann.mu > 25 > ben.mu and ben.mu == pytest.approx(cat.mu)
    assert [r.name for r in store.leaderboard("classic")] == ["Ann", "Ben", "Cat"]
    assert [r.game for r in store.ratings_of("BEN")] == ["arcade", "classic"]
    assert store.rating("Dan", "classic").games == 0


# -- the schema and the store's one server ---------------------------------------------------


def version_of(engine: Engine) -> int:
    if engine.url is None:
        return int(engine.rows("PRAGMA user_version")[0][0])
    return int(engine.rows("SELECT version FROM schema_version")[0][0])


def test_a_new_store_is_at_the_last_version_and_one_of_a_newer_is_refused(engine: Engine) -> None:
    engine.open().close()
    assert version_of(engine) == SCHEMA_VERSION
    engine.open().close()  # nothing more to run
    assert version_of(engine) == SCHEMA_VERSION
    if engine.url is None:
        engine.rows(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    else:
        engine.rows("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    with pytest.raises(DataProblem) as refused:
        engine.open()
    assert refused.value.kind == "newer"


def test_a_second_server_on_the_same_store_is_refused(engine: Engine, tmp_path: Path) -> None:
    first = engine.open()
    try:
        other_folder = engine.folder if engine.url is None else tmp_path / "other"
        with pytest.raises(DataProblem) as refused:
            engine.open(other_folder)
        assert refused.value.kind == "locked"
    finally:
        first.close()
    engine.open(tmp_path / "other" if engine.url else None).close()  # free once it stops


def test_writes_wait_while_postgresql_is_away_and_are_all_made_when_it_is_back(
    tmp_path: Path,
) -> None:
    cluster = Postgres()  # its own, to stop and start again
    try:
        store = open_store(tmp_path / "data", cluster.new_database())
        try:
            store.save_table(a_table("AAAA"))
            assert store.flush()
            cluster.halt()
            store.save_table(a_table("BBBB"))  # queued: the event loop never waits
            refused = None
            for _ in range(1200):  # until the writer has found the database away
                try:
                    store.save_table(a_table("BBBB", "playing", actions=2))
                except StoreRefused as error:
                    refused = error
                    break
                time.sleep(0.05)
            assert refused is not None
            with pytest.raises(StoreRefused):
                store.save_table(a_table("CCCC"))  # not kept: its caller keeps it
            cluster.start()
            assert store.flush(timeout=120)
            store.save_table(a_table("DDDD"))
            assert store.flush(timeout=120)
            codes = {table.code: table.state for table in store.tables()}
            assert codes == {"AAAA": "waiting", "BBBB": "playing", "DDDD": "waiting"}
        finally:
            store.close()
    finally:
        cluster.stop()


# What each migration added: its tables, and columns as (table, column).
ADDED: dict[int, tuple[str | tuple[str, str], ...]] = {
    2: ("leases",),
    3: ("friends", "blocks", ("ratings", "wins")),
    4: ("bans", "chat_mutes", "reports"),
    5: ("tournaments", "tournament_rounds", "tournament_standings", "past_games", "daily_results"),
    6: ("processes",),
    7: ("tournament_entries",),
    8: (("tournament_entries", "language"),),
}


def as_left_by(engine: Engine, version: int) -> None:
    """Make the store as a server of ``version`` left it: without what later versions added."""
    assert sorted(ADDED) == list(range(2, SCHEMA_VERSION + 1))  # a new migration is listed
    for number in reversed(range(version + 1, SCHEMA_VERSION + 1)):  # newest first
        for added in ADDED[number]:
            if isinstance(added, tuple):
                engine.rows(f"ALTER TABLE {added[0]} DROP COLUMN {added[1]}")
            else:
                engine.rows(f"DROP TABLE {added}")
    if engine.url is None:
        engine.rows(f"PRAGMA user_version = {version}")
    else:
        engine.rows("UPDATE schema_version SET version = ?", (version,))


def test_a_store_of_the_previous_version_is_brought_up_to_date_and_keeps_its_data(
    engine: Engine,
) -> None:
    store = engine.open()
    try:
        store.sign_in("Ann", "ann's")
        store.save_table(a_table("AAAA", "playing", actions=2))
    finally:
        store.close()
    as_left_by(engine, 1)  # as a server of version 1 left it: no leases yet
    again = engine.open()
    try:
        assert version_of(engine) == SCHEMA_VERSION == 8
        assert again.tables() == [a_table("AAAA", "playing", actions=2)]
        assert again.sign_in("ann", "ann's") == (True, "Ann")
        assert again.hold_table("AAAA", "one", 30.0) is not None
        again.sign_in("Bea", "bea's")
        again.ask_friend("Ann", "Bea")
        again.set_blocked("Bea", "Cy", True)
        again.flush()
        assert [(f.name, f.state) for f in again.friends("Bea")] == [("Ann", "asking")]
        assert again.blocked("bea") == ["cy"]
    finally:
        again.close()


# -- leases ----------------------------------------------------------------------------------


def test_a_table_is_held_by_one_holder_until_it_lets_go_or_its_lease_runs_out(
    store: Store,
) -> None:
    until = store.hold_table("AAAA", "one", 30.0)
    assert until is not None
    assert store.hold_table("AAAA", "two", 30.0) is None
    renewed = store.hold_table("AAAA", "one", 60.0)
    assert renewed is not None and renewed > until
    assert store.hold_table("BBBB", "two", 30.0) is not None  # another table: free
    store.let_go("AAAA", "two")  # not its lease: nothing changes
    assert store.hold_table("AAAA", "two", 30.0) is None
    store.let_go("AAAA", "one")
    assert store.hold_table("AAAA", "two", 0.2) is not None
    deadline = time.monotonic() + WAIT_S
    taken = None
    while taken is None and time.monotonic() < deadline:  # once two's lease has run out
        taken = store.hold_table("AAAA", "one", 30.0)
        time.sleep(0.05)
    assert taken is not None
    assert store.hold_table("AAAA", "two", 30.0) is None


def test_a_lease_taken_after_waiting_on_the_old_holder_s_row_starts_after_the_old_one_ends(
    postgres: Postgres, tmp_path: Path
) -> None:
    url = postgres.new_database()
    one = open_store(tmp_path / "one", url, shared=True)
    two = open_store(tmp_path / "two", url, shared=True)
    try:
        until = one.hold_table("AAAA", "one", 2.0)
        assert until is not None
        asked: list[float | None] = []
        asking = threading.Thread(target=lambda: asked.append(two.hold_table("AAAA", "two", 5.0)))
        with psycopg.connect(url) as beside, psycopg.connect(url, autocommit=True) as looking:
            beside.execute("SELECT 1 FROM leases WHERE code = 'AAAA' FOR UPDATE")  # a write
            asking.start()  # two asks while one's lease runs: a new lease would start now
            deadline = time.monotonic() + WAIT_S
            waiting = 0
            while not waiting and time.monotonic() < deadline:
                time.sleep(0.02)
                waiting = len(
                    looking.execute(
                        "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                        " AND query LIKE 'INSERT INTO leases%'"
                    ).fetchall()
                )
            assert waiting == 1  # two's statement waits on the row
            while looking.execute(f"SELECT {LeaseStore.NOW}").fetchone()[0] <= until + 0.1:  # type: ignore[index]
                time.sleep(0.05)  # one's lease runs out while the row is held
            beside.commit()
        asking.join(WAIT_S)
        assert asked == [None]  # else two's lease would have started while one's still ran
        taken = two.hold_table("AAAA", "two", 5.0)  # asked again, after one's lease ended
        assert taken is not None and taken - 5.0 >= until
    finally:
        one.close()
        two.close()


CONTENDER = """
import json, random, sys, time
from pathlib import Path
from ninetynine_audio.online.storage import open_store

folder, url, me, seconds = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
store = open_store(Path(folder), url, shared=True)
print("ready", flush=True)
sys.stdin.readline()
stop = time.monotonic() + seconds
while time.monotonic() < stop:
    for code in ("T1", "T2", "T3"):
        if random.random() < 0.5:  # else a renewal missed: the lease may run out
            until = store.hold_table(code, me, 0.1)
            if until is not None:
                print(json.dumps([code, me, until - 0.1, until]), flush=True)
    time.sleep(random.random() * 0.08)
store.close()
"""


@pytest.mark.slow
def test_two_processes_never_hold_the_same_table_at_once(
    postgres: Postgres, tmp_path: Path
) -> None:
    url = postgres.new_database()
    open_store(tmp_path / "first", url).close()  # the schema, made once
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", CONTENDER, str(tmp_path / me), url, me, "3"],
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for me in ("one", "two")
    ]
    held: list[tuple[str, str, float, float]] = []
    try:
        for process in processes:
            assert process.stdout is not None and process.stdout.readline() == "ready\n"
        for process in processes:  # both start contending together
            assert process.stdin is not None
            process.stdin.write("go\n")
            process.stdin.flush()
        for process in processes:
            out, _ = process.communicate(timeout=WAIT_S * 4)
            assert process.returncode == 0
            held += [tuple(json.loads(line)) for line in out.splitlines()]  # type: ignore[misc]
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
                process.wait()
    for code in ("T1", "T2", "T3"):
        leases = sorted((start, until, who) for name, who, start, until in held if name == code)
        # The table changed hands, and no two holders' leases ever overlap.
        assert {who for _, _, who in leases} == {"one", "two"}
        for a in leases:
            for b in leases:
                if a[2] != b[2]:
                    assert a[1] <= b[0] or b[1] <= a[0], (code, a, b)


def test_a_server_that_holds_a_database_whole_never_runs_beside_processes_sharing_it(
    postgres: Postgres, tmp_path: Path
) -> None:
    url = postgres.new_database()
    sharing = open_store(tmp_path / "one", url, shared=True)
    also = open_store(tmp_path / "two", url, shared=True)
    try:
        with pytest.raises(DataProblem) as refused:
            open_store(tmp_path / "three", url)
        assert refused.value.kind == "locked"
    finally:
        sharing.close()
        also.close()
    whole = open_store(tmp_path / "three", url)
    try:
        with pytest.raises(DataProblem):
            open_store(tmp_path / "four", url, shared=True)
    finally:
        whole.close()


def test_a_write_postgresql_will_never_take_is_dropped_alone_and_the_others_are_kept(
    postgres: Postgres, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = open_store(tmp_path / "data", postgres.new_database())
    try:
        codes = [f"T{n:03d}" for n in range(200)]
        for number, code in enumerate(codes):  # queued far faster than written: in batches
            store.save_table(a_table(code))
            if number == 100:
                store.save_table(a_table("BAD\x00"))  # text PostgreSQL cannot hold
        assert store.flush(timeout=WAIT_S)
        assert sorted(table.code for table in store.tables()) == codes
        dropped = [r for r in caplog.records if "will never take" in r.getMessage()]
        assert len(dropped) == 1
    finally:
        store.close()


# -- a server on the store -------------------------------------------------------------------


@pytest.mark.slow
def test_a_table_in_play_comes_back_after_a_restart_and_its_result_is_kept_once(
    engine: Engine,
) -> None:
    server, clock = inside_server(engine.folder, database=engine.url)
    try:
        _, _, code = accounts_at_a_match(server, clock)
        play_moves(server, clock, code, 3)
        host = server.tables[code].host
        assert host is not None
        played = len(host.core.saved.actions)
    finally:
        server.close()
    again, clock = inside_server(engine.folder, database=engine.url)
    try:
        again.reload()
        host = again.tables[code].host
        assert host is not None and len(host.core.saved.actions) == played
        for name in ("Ann", "Ben"):
            _, session = hello(again, clock, name, password=f"{name.lower()}'s")
            assert session is not None and session.table is again.tables[code]
        play_moves(again, clock, code, 10_000)
        assert host.is_over
    finally:
        again.close()
    assert engine.rows("SELECT code FROM results") == [(code,)]
    assert engine.rows("SELECT COUNT(*) FROM ratings") == [(2,)]


# -- the serve command -----------------------------------------------------------------------


def serve_once(data: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    """``serve`` that is expected to stop at once by itself."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    command = [sys.executable, "-m", "ninetynine_audio", "serve", "--data", str(data)]
    command += ["--port", str(free_port()), *extra]
    return subprocess.run(
        command, env=env, capture_output=True, text=True, timeout=WAIT_S, check=False
    )


@pytest.mark.slow
def test_serve_keeps_its_data_in_the_postgresql_database_it_is_given(
    postgres: Postgres, tmp_path: Path
) -> None:
    url = postgres.new_database()
    first = ServerProcess(tmp_path / "one", free_port(), "--database", url)
    first.start()
    try:
        second = serve_once(tmp_path / "two", "--database", url)
        assert second.returncode == 1 and "Traceback" not in second.stderr
        assert second.stderr.strip().splitlines() == [
            f"Another server is using the data folder {url}: stop it, or give this one "
            "another --data."
        ]
    finally:
        first.stop()
    with psycopg.connect(url) as conn:
        version = conn.execute("SELECT version FROM schema_version").fetchall()
    assert version == [(SCHEMA_VERSION,)]
    assert not (tmp_path / "one" / "server.sqlite3").exists()


def test_serve_says_in_one_line_when_its_database_cannot_be_reached(tmp_path: Path) -> None:
    url = f"postgresql://someone:secret@127.0.0.1:{free_port()}/nothing"
    done = serve_once(tmp_path / "data", "--database", url)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    (line,) = done.stderr.strip().splitlines()
    assert "postgresql://someone@127.0.0.1" in line and "secret" not in line


@pytest.mark.slow
def test_a_table_plays_on_while_postgresql_is_away_and_everything_is_written_once_it_is_back(
    tmp_path: Path,
) -> None:
    cluster = Postgres()  # its own, to stop and start again
    try:
        url = cluster.new_database()
        server, clock = inside_server(tmp_path / "data", database=url)
        try:
            (ann_link, ben_link), _, code = accounts_at_a_match(server, clock)
            play_moves(server, clock, code, 3)
            assert server.db.flush()
            cluster.halt()
            host = server.tables[code].host
            assert host is not None
            deadline = time.monotonic() + WAIT_S
            while not server.storage_failing and time.monotonic() < deadline:
                play_moves(server, clock, code, 1)  # the table plays on
                time.sleep(0.05)
            assert server.storage_failing
            while not host.is_over:
                play_moves(server, clock, code, 10)
                server.sweep()  # retries, refused too
            for link in (ann_link, ben_link):
                told = [line for line in link.spoken() if "may not be kept" in line]
                assert len(told) == 1, link.spoken()
            cluster.start()
            deadline = time.monotonic() + WAIT_S
            while server.storage_failing and time.monotonic() < deadline:
                clock.now += 60.0
                server.sweep()
                time.sleep(0.1)
            assert not server.storage_failing
            assert server.db.flush(timeout=WAIT_S)
            assert server.db.results_count() == 1
            assert server.db.rating("ann", "classic").games == 1
            stored = {table.code: table for table in server.db.tables()}
            assert stored[code].state == "over"
            assert stored[code].record is not None
            assert len(stored[code].record["actions"]) == len(host.core.saved.actions)
        finally:
            server.close()
    finally:
        cluster.stop()


# -- processes sharing the database (migration 6) ------------------------------------------


def test_a_fenced_store_keeps_a_process_writes_only_while_it_holds_the_table(
    engine: Engine, store: Store
) -> None:
    assert store.hold_table("AAAA", "one", 30.0) is not None
    store.fenced_by = "one"
    store.save_table(a_table("AAAA", "playing", actions=2))
    assert store.flush(WAIT_S)
    assert store.stored_table("AAAA") == a_table("AAAA", "playing", actions=2)
    store.let_go("AAAA", "one")
    assert store.hold_table("AAAA", "two", 30.0) is not None  # another process has it now
    store.save_table(a_table("AAAA", "playing", actions=3))  # a write of one that lost it
    store.record_result("AAAA", "classic", [{"name": "Ann"}], [["Ann"]])
    store.drop_table("AAAA")
    store.save_table(a_table("BBBB"))  # never held
    assert store.flush(WAIT_S)
    assert store.tables() == [a_table("AAAA", "playing", actions=2)]
    assert store.results_count() == 0
    store.fenced_by = "two"
    store.save_table(a_table("AAAA", "playing", actions=3))
    assert store.flush(WAIT_S)
    assert store.tables() == [a_table("AAAA", "playing", actions=3)]


def test_the_processes_and_the_tables_nobody_holds_are_known_to_every_process(
    engine: Engine, store: Store
) -> None:
    for code in ("AAAA", "BBBB", "CCCC"):
        store.save_table(a_table(code, "playing", actions=1))
    store.save_table(a_table("DDDD", "over", actions=1))
    assert store.flush(WAIT_S)
    assert store.unheld_tables() == ["AAAA", "BBBB", "CCCC"]  # never an over one
    store.announce("one", "ws://one.example/ws", 30.0)
    store.announce("two", "ws://two.example/ws", 0.1)
    assert store.hold_table("AAAA", "one", 30.0) is not None
    assert store.hold_table("BBBB", "two", 30.0) is not None
    assert store.unheld_tables() == ["CCCC"]
    assert [(t.code, where) for t, where in store.others_tables("two")] == [
        ("AAAA", "ws://one.example/ws")
    ]
    assert store.holder_url("AAAA", "two") == "ws://one.example/ws"
    assert store.holder_url("AAAA", "one") is None  # its own
    time.sleep(0.2)  # two is heard of no more: its tables are not offered as its
    assert store.others_tables("one") == []
    assert store.holder_url("BBBB", "one") is None
    store.withdraw("one")  # stopping: its leases go at once
    assert store.unheld_tables() == ["AAAA", "CCCC"]
    assert store.stored_table("AAAA") == a_table("AAAA", "playing", actions=1)
    assert store.stored_table("ZZZZ") is None


def test_a_store_of_version_two_gains_the_processes_and_keeps_its_leases(engine: Engine) -> None:
    store = engine.open()
    try:
        assert store.hold_table("AAAA", "one", 30.0) is not None
    finally:
        store.close()
    as_left_by(engine, 2)  # leases, nothing later
    again = engine.open()
    try:
        assert version_of(engine) == SCHEMA_VERSION
        assert again.hold_table("AAAA", "two", 30.0) is None  # still one's
        again.announce("one", "ws://one.example/ws", 30.0)
        assert again.holder_url("AAAA", "two") == "ws://one.example/ws"
    finally:
        again.close()


def test_a_process_renews_all_its_leases_at_once_but_never_one_taken_from_it(
    store: Store,
) -> None:
    for code in ("AAAA", "BBBB"):
        assert store.hold_table(code, "one", 0.2) is not None
    assert store.hold_table("CCCC", "two", 30.0) is not None
    assert store.renew("one", 30.0) == {"AAAA", "BBBB"}
    assert store.hold_table("AAAA", "two", 30.0) is None  # renewed: still one's
    assert store.renew("one", 0.1) == {"AAAA", "BBBB"}
    deadline = time.monotonic() + WAIT_S
    while store.hold_table("BBBB", "two", 30.0) is None and time.monotonic() < deadline:
        time.sleep(0.02)  # until one's lease has run out
    assert store.renew("one", 30.0) == {"AAAA"}
    assert store.renew("three", 30.0) == set()


def open_at_once(url: str, folders: list[Path]) -> tuple[list[Any], list[BaseException]]:
    """Open a shared store on ``url`` in each folder, each on a thread of its own, at the
    same moment: the stores opened and the errors."""
    gate = threading.Barrier(len(folders))
    opened: list[Any] = []
    failed: list[BaseException] = []

    def open_one(folder: Path) -> None:
        gate.wait()
        try:
            opened.append(open_store(folder, url, shared=True))
        except BaseException as error:
            failed.append(error)

    threads = [threading.Thread(target=open_one, args=(folder,)) for folder in folders]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT_S)
    return opened, failed


@pytest.mark.slow
def test_two_processes_opening_a_new_database_at_once_both_start(
    postgres: Postgres, tmp_path: Path
) -> None:
    """Two processes of a cluster started together on a new database: one makes the schema,
    the other waits for it (its first statement too), and both open it."""
    for attempt in range(30):
        folders = [tmp_path / f"{attempt}-{n}" for n in (1, 2)]
        opened, failed = open_at_once(postgres.new_database(), folders)
        for store in opened:
            store.close()
        assert failed == [] and len(opened) == 2, failed
