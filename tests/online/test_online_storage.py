"""The server's data under faults: a database that refuses writes (a full or read-only disk),
a second server on the same folder, a damaged table, a damaged database, a folder that cannot
be written. A table never stops; start-up says what is wrong in one line and exits non-zero.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers.online import REPO, WAIT_S, ServerProcess, free_port
from helpers.server_inside import (
    accounts_at_a_match,
    hello,
    inside_server,
    play_moves,
    start_match,
    welcome_of,
)

from ninetynine_audio.online.db import Database, DataProblem

pytestmark = pytest.mark.usefixtures("private_home")

WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE", "BEGIN")


class RefusingWrites:
    """The server's SQLite connection, refusing every write while ``full`` as a full disk
    does; reads go through."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.full = False
        self.refused = 0

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        """Run ``sql``, unless it writes while the disk is full."""
        if self.full and sql.lstrip().upper().startswith(WRITES):
            self.refused += 1
            raise sqlite3.OperationalError("database or disk is full")
        return self.db.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)


def stored_actions(data: Path, code: str) -> int:
    """The actions of the table as another process reads them from the file."""
    with sqlite3.connect(data / "server.sqlite3") as db:
        (record,) = db.execute("SELECT record FROM tables WHERE code = ?", (code,)).fetchone()
    return len(json.loads(record)["actions"])


def test_a_full_disk_never_stops_a_table_and_everything_is_written_once_it_recovers(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    server, clock = inside_server(data)
    disk = RefusingWrites(server.db.db)
    server.db.db = disk  # type: ignore[assignment]
    try:
        (ann_link, ben_link), _, code = accounts_at_a_match(server, clock)
        play_moves(server, clock, code, 3)
        before = stored_actions(data, code)
        disk.full = True
        # The table plays on: the people's moves are taken and the computer's are made.
        play_moves(server, clock, code, 12)
        host = server.tables[code].host
        assert host is not None
        assert disk.refused > 0 and stored_actions(data, code) == before
        # To the end of the match, with its result still waiting to be written.
        while not host.is_over:
            play_moves(server, clock, code, 10)
            server.sweep()  # retries, refused too
        assert server.db.results_count() == 0
        for link in (ann_link, ben_link):
            told = [line for line in link.spoken() if "may not be kept" in line]
            assert len(told) == 1, link.spoken()
        # The disk has room again: at the next retry the moves, the result and the ratings
        # are written.
        disk.full = False
        clock.now += 60.0
        server.sweep()
        assert not server.storage_failing
        assert server.db.results_count() == 1
        assert server.db.rating("ann", "classic").games == 1
        assert server.db.rating("ben", "classic").games == 1
        with sqlite3.connect(data / "server.sqlite3") as db:
            state, record = db.execute(
                "SELECT state, record FROM tables WHERE code = ?", (code,)
            ).fetchone()
        assert state == "over"
        assert len(json.loads(record)["actions"]) == len(host.core.saved.actions)
    finally:
        server.close()


def test_retries_wait_longer_each_time_the_disk_still_refuses(tmp_path: Path) -> None:
    server, clock = inside_server(tmp_path / "data")
    disk = RefusingWrites(server.db.db)
    server.db.db = disk  # type: ignore[assignment]
    try:
        _, ann = hello(server, clock, "Ann")
        assert ann is not None
        disk.full = True
        start_match(server, ann, ["human", "normal", "normal"], [])
        gaps = []
        for _ in range(8):
            attempts = disk.refused
            waited = 0.0
            while disk.refused == attempts:
                clock.now += 0.5
                waited += 0.5
                server.sweep()
            gaps.append(waited)
        assert gaps == sorted(gaps) and gaps[-1] > gaps[0]
        assert max(gaps) <= 30.0
    finally:
        server.close()


# -- the data folder ---------------------------------------------------------------------------


def serve(data: Path, port: int | None = None) -> subprocess.CompletedProcess[str]:
    """``serve`` on ``data`` that is expected to stop at once by itself."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    command = [sys.executable, "-m", "ninetynine_audio", "serve", "--data", str(data)]
    command += ["--port", str(port or free_port())]
    return subprocess.run(
        command, env=env, capture_output=True, text=True, timeout=WAIT_S, check=False
    )


def said_in_one_line(done: subprocess.CompletedProcess[str], words: str) -> None:
    """It ended with 1 and said ``words`` in one line, without a traceback."""
    assert done.returncode == 1, (done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], done.stderr
    assert "Traceback" not in done.stdout + done.stderr


@pytest.mark.slow
def test_a_second_server_on_the_same_data_says_why_and_exits(tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = ServerProcess(data, free_port())
    first.start()
    try:
        said_in_one_line(serve(data), "Another server is using the data folder")
    finally:
        first.stop()
    # Once the first has stopped, the folder is free again (even after a kill).
    assert Database(data).close() is None


def test_a_damaged_database_ends_start_up_in_one_line(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "server.sqlite3").write_bytes(b"this was never a database " * 400)
    said_in_one_line(serve(data), "is damaged")
    with pytest.raises(DataProblem) as problem:
        Database(data)
    assert problem.value.kind == "damaged"


def test_a_database_cut_short_ends_start_up_in_one_line(tmp_path: Path) -> None:
    data = tmp_path / "data"
    Database(data).close()
    path = data / "server.sqlite3"
    whole = path.read_bytes()
    path.write_bytes(whole[:100] + b"\xff" * (len(whole) - 100))
    said_in_one_line(serve(data), "is damaged")


@pytest.mark.skipif(not Path("/sys/kernel").is_dir(), reason="no /sys to refuse a folder")
def test_a_data_folder_that_cannot_be_made_ends_start_up_in_one_line() -> None:
    # /sys takes no new folder, even from the superuser.
    said_in_one_line(serve(Path("/sys/ninetynine-audio-server")), "cannot be written")


def test_a_data_path_that_is_a_file_ends_start_up_in_one_line(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.write_text("not a folder", encoding="utf-8")
    said_in_one_line(serve(data), "cannot be written")


def test_a_damaged_table_is_set_aside_told_to_its_players_and_the_others_load(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    server, clock = inside_server(data)
    _, ann = hello(server, clock, "Ann", password="ann's")
    _, ben = hello(server, clock, "Ben", password="ben's")
    _, cat = hello(server, clock, "Cat", password="cat's")
    dan_link, dan = hello(server, clock, "Dan")
    dan_token = welcome_of(dan_link).guest_token
    assert ann is not None and ben is not None and cat is not None and dan is not None
    broken = start_match(server, ann, ["human", "human", "normal"], [dan])
    seats_only = start_match(server, ben, ["human", "normal", "normal"], [])
    kept = start_match(server, cat, ["human", "normal", "normal"], [])
    play_moves(server, clock, kept, 2)
    server.close()
    with sqlite3.connect(data / "server.sqlite3") as db:
        # One record that cannot be a match, one row that is not JSON at all.
        (record,) = db.execute("SELECT record FROM tables WHERE code = ?", (broken,)).fetchone()
        wrong = json.loads(record)
        wrong["actions"] = [{"type": "no such action"}]
        db.execute("UPDATE tables SET record = ? WHERE code = ?", (json.dumps(wrong), broken))
        db.execute("UPDATE tables SET seats = '[{\"kind\": ' WHERE code = ?", (seats_only,))
    again, clock = inside_server(data)
    try:
        again.reload()
        assert set(again.tables) == {kept}
        assert again.db.set_aside_count() == 2
        link, back = hello(again, clock, "Ann", password="ann's")
        assert back is not None and back.table is None
        assert any(f"table {broken} could not be loaded" in line for line in link.spoken())
        # A guest, by the token their client kept.
        link, back = hello(again, clock, "Dan", token=dan_token)
        assert back is not None and welcome_of(link).guest_token == dan_token
        assert any(f"table {broken} could not be loaded" in line for line in link.spoken())
    finally:
        again.close()
    # Set aside, not lost: the rows are kept for a person to look at.
    with sqlite3.connect(data / "server.sqlite3") as db:
        codes = {row[0] for row in db.execute("SELECT code FROM set_aside")}
    assert codes == {broken, seats_only}
