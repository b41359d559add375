"""Accounts and names on the table server: one identity for every spelling of a name, names
that pass for another's refused, guests' tokens never kept, chat without control characters,
and leaving a rated match counted.

A real :class:`Server` on a folder of the test's own, with stand-in connections
(``server_inside``): sign-in and results are the server's own steps, not the sockets'.
"""

from __future__ import annotations

import io
import json
import logging
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher
from helpers.server_inside import (
    Clock,
    accounts_at_a_match,
    hello,
    inside_server,
    play_moves,
    start_match,
    welcome_of,
)

from ninetynine_audio.audio.backend import TextBackend
from ninetynine_audio.online.db import Database
from ninetynine_audio.online.identity import display_name, name_key, name_problem, token_hash
from ninetynine_audio.online.server import Server
from ninetynine_audio.plaintext import has_controls

pytestmark = pytest.mark.usefixtures("private_home")


# -- one identity per name -----------------------------------------------------------------------


def test_another_case_of_a_name_is_the_same_account_and_cannot_take_its_seat(
    tmp_path: Path,
) -> None:
    server, clock = inside_server(tmp_path / "data")
    try:
        owner_link, owner = hello(server, clock, "José", password="josé's own")
        assert owner is not None
        code = start_match(server, owner, ["human", "normal", "normal"], [])
        # Another password under the name in capitals: refused, and the owner keeps the
        # connection, the seat and the table.
        link, taken = hello(server, clock, "JOSÉ", password="anything at all")
        assert taken is None and link.errors() == ["bad_password"]
        assert owner.conn is owner_link and not owner_link.closing
        assert owner.table is server.tables[code] and owner.seat == 0
        # Compatibility forms are the same name too; the account keeps its first spelling.
        _, again = hello(server, clock, "ＪＯＳÉ", password="josé's own")
        assert again is owner and again.name == "José"
        with sqlite3.connect(tmp_path / "data" / "server.sqlite3") as db:
            assert db.execute("SELECT key, name FROM players").fetchall() == [("josé", "José")]
    finally:
        server.close()


def test_a_guest_cannot_take_an_accounts_name_in_any_spelling(tmp_path: Path) -> None:
    server, clock = inside_server(tmp_path / "data")
    try:
        hello(server, clock, "Strauß", password="secret")
        link, guest = hello(server, clock, "STRAUSS")
        assert guest is None and link.errors() == ["bad_name"]
    finally:
        server.close()


@pytest.mark.parametrize(
    "name",
    [
        "P\u0430ul",  # a Cyrillic a in a Latin name
        "\u0391nna",  # a Greek capital alpha
        "Ann\u200b",  # an invisible space
        "\u202eAnn",  # a right-to-left override
        "Ann\x1b[2J",  # a terminal's escape
    ],
)
def test_names_that_pass_for_another_are_refused(tmp_path: Path, name: str) -> None:
    server, clock = inside_server(tmp_path / "data")
    try:
        link, session = hello(server, clock, name, password="secret")
        assert session is None and link.errors() == ["bad_name"]
        assert not server.db.account_exists(name)
    finally:
        server.close()


def test_a_name_in_another_alphabet_that_looks_like_an_accounts_is_refused(
    tmp_path: Path,
) -> None:
    server, clock = inside_server(tmp_path / "data")
    try:
        hello(server, clock, "Ace", password="ace's")
        look_alike = "\u0410\u0441\u0435"  # "Асе": Cyrillic A, es and ie
        for password in ("anything", None):
            link, session = hello(server, clock, look_alike, password=password)
            assert session is None and link.errors() == ["bad_name"]
        assert not server.db.account_exists(look_alike)
        _, owner = hello(server, clock, "ACE", password="ace's")
        assert owner is not None and owner.name == "Ace"
    finally:
        server.close()


def test_names_of_one_alphabet_and_the_mixes_languages_write_are_welcome() -> None:
    for name in ("José", "Дмитрий", "Μαρία", "山田 Taro", "김 Jun", "O'Neil-Smith", "ﬁona"):
        assert name_problem(display_name(name)) is None, name
    assert name_problem("P\u0430ul") == "mixed_scripts"
    assert name_key("ﬁona") == name_key("FIONA") == "fiona"


def test_a_persian_name_keeps_its_non_joiner_between_letters_only() -> None:
    joined = "علی\u200cرضا"
    assert name_problem(display_name(joined)) is None
    assert display_name(joined) == joined  # shown as typed
    assert name_key(joined) == name_key("علیرضا")  # said alike: one account
    for placed in (
        "\u200cعلی",
        "علی\u200c",
        "Ali\u200cReza",
        "علی\u200c\u200cرضا",
        "علی \u200cرضا",
    ):
        assert name_problem(display_name(placed)) == "bad_name", repr(placed)


OLD_SCHEMA = """
CREATE TABLE players (name TEXT PRIMARY KEY COLLATE NOCASE, hash TEXT NOT NULL,
    created REAL NOT NULL);
CREATE TABLE tables (code TEXT PRIMARY KEY, game TEXT NOT NULL, state TEXT NOT NULL,
    listed INTEGER NOT NULL, host TEXT NOT NULL, seats TEXT NOT NULL, settings TEXT NOT NULL,
    record TEXT, updated REAL NOT NULL);
CREATE TABLE results (id INTEGER PRIMARY KEY AUTOINCREMENT, code TEXT NOT NULL,
    game TEXT NOT NULL, finished REAL NOT NULL, players TEXT NOT NULL);
CREATE TABLE ratings (name TEXT NOT NULL COLLATE NOCASE, game TEXT NOT NULL, mu REAL NOT NULL,
    sigma REAL NOT NULL, games INTEGER NOT NULL, PRIMARY KEY (name, game));
"""
"""The tables of a server before names had one identity (version 0)."""


def test_an_older_servers_data_is_carried_over_and_names_that_collide_are_told(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    hasher = PasswordHasher()
    with sqlite3.connect(data / "server.sqlite3") as db:
        db.executescript(OLD_SCHEMA)
        accounts = [("José", "first", 1.0), ("JOSÉ", "second", 2.0), ("Ann", "ann's", 3.0)]
        accounts += [("Ace", "latin", 4.0), ("\u0410\u0441\u0435", "cyrillic", 5.0)]
        for name, password, created in accounts:
            hashed = hasher.hash(password)
            db.execute("INSERT INTO players VALUES (?, ?, ?)", (name, hashed, created))
        db.execute("INSERT INTO ratings VALUES ('JOSÉ', 'classic', 30.0, 5.0, 3)")
        db.execute("INSERT INTO ratings VALUES ('ann', 'classic', 20.0, 6.0, 2)")
        seats = [
            {"kind": "human", "who": "account:ann", "name": "Ann", "replaced": False},
            {"kind": "human", "who": "guest:the-guests-token", "name": "Ben", "replaced": False},
        ]
        db.execute(
            "INSERT INTO tables VALUES ('123456', 'classic', 'waiting', 1, 'account:ann', ?,"
            " '{}', NULL, 1.0)",
            (json.dumps(seats),),
        )
        db.execute(
            "INSERT INTO results (code, game, finished, players) VALUES ('1', 'classic', 1.0, ?)",
            (json.dumps([{"name": "Ben", "who": "guest:the-guests-token", "place": 1}]),),
        )
    with caplog.at_level(logging.WARNING):
        database = Database(data)
    try:
        # The first made keeps the name; the other is numbered, and both are named in the log.
        assert database.sign_in("josé", "first") == (True, "José")
        assert database.sign_in("JOSÉ 2", "second") == (True, "JOSÉ 2")
        assert any("'JOSÉ 2'" in record.getMessage() for record in caplog.records)
        # Look-alike accounts made before keep their names.
        assert database.sign_in("ace", "latin") == (True, "Ace")
        assert database.sign_in("\u0410\u0441\u0435", "cyrillic")[0]
        # Ratings follow their accounts, by any spelling.
        assert database.rating("josé 2", "classic").mu == 30.0
        assert database.rating("ANN", "classic").games == 2
        # The guest's token is gone from the tables and the results, its hash in its place.
        (stored,) = database.tables()
        assert stored.host == "account:ann"
        assert stored.seats[1]["who"] == f"guest:{token_hash('the-guests-token')}"
        kept = database.db.execute("SELECT seats FROM tables").fetchone()[0]
        kept += database.db.execute("SELECT players FROM results").fetchone()[0]
        assert "the-guests-token" not in kept
    finally:
        database.close()
    # Carried over once: opening it again changes nothing.
    again = Database(data)
    try:
        assert again.sign_in("JOSÉ 2", "second") == (True, "JOSÉ 2")
        assert again.rating("josé 2", "classic").mu == 30.0
    finally:
        again.close()


# -- guests' tokens ----------------------------------------------------------------------------


def test_a_guests_token_is_stored_only_as_its_hash_and_still_takes_the_seat_back(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    server, clock = inside_server(data)
    link, ann = hello(server, clock, "Ann")
    assert ann is not None
    token = welcome_of(link).guest_token
    assert token
    start_match(server, ann, ["human", "normal", "normal"], [])
    server.close()
    with sqlite3.connect(data / "server.sqlite3") as db:
        stored = " ".join(str(row) for row in db.execute("SELECT * FROM tables"))
    assert token not in stored and token_hash(token) in stored
    again, clock = inside_server(data)
    try:
        again.reload()
        link, back = hello(again, clock, "Ann", token=token)
        assert back is not None and back.seat == 0 and back.table is not None
    finally:
        again.close()


# -- chat -------------------------------------------------------------------------------------


def test_chat_reaches_the_others_without_control_characters_or_direction_overrides(
    tmp_path: Path,
) -> None:
    server, clock = inside_server(tmp_path / "data")
    try:
        _, ann = hello(server, clock, "Ann")
        ben_link, ben = hello(server, clock, "Ben")
        assert ann is not None and ben is not None
        start_match(server, ann, ["human", "human", "normal"], [ben])
        server.ask_chat(ann)
        assert ann.answer is not None
        ann.answer(ann.app, "hi\x1b]0;owned\x07 \u202egnp.exe\x9b2J\u2066done")
        said = [line for line in ben_link.spoken() if "says" in line]
        assert said, ben_link.spoken()
        assert not any(has_controls(line) for line in said)
        assert said[-1].endswith("hi ]0;owned gnp.exe 2Jdone")
    finally:
        server.close()


def test_the_text_client_prints_no_control_character_a_server_sends() -> None:
    # A hostile server's phrase, as the text client's speech prints it into a terminal.
    out = io.StringIO()
    TextBackend(out).speak("Ann says: \x1b[2J\x1b]0;title\x07hi\x9b31m \u202eevil\u2069 end\x7f")
    printed = out.getvalue()
    assert printed.endswith("\n") and printed.count("\n") == 1
    assert not has_controls(printed[:-1])
    assert printed == "Ann says: [2J ]0;title hi 31m evil end\n"


# -- leaving a rated match ---------------------------------------------------------------------


def finished(server: Server, clock: Clock, code: str) -> list[dict[str, Any]]:
    """Play the match of ``code`` to its end; its players as recorded."""
    host = server.tables[code].host
    assert host is not None
    while not host.is_over:
        play_moves(server, clock, code, 10)
    (players,) = server.db.db.execute(
        "SELECT players FROM results WHERE code = ?", (code,)
    ).fetchone()
    return list(json.loads(players))


def test_leaving_a_rated_match_counts_as_last_of_those_still_in(tmp_path: Path) -> None:
    server, clock = inside_server(tmp_path / "data")
    try:
        (ann_link, _), (ann, _ben), code = accounts_at_a_match(server, clock)
        play_moves(server, clock, code, 2)
        server.leave_table(ann)
        assert any("counts as last" in line for line in ann_link.spoken())
        players = finished(server, clock, code)
        # Last, whatever the computer that stood in made of the seat; and rated for it.
        assert players[0]["place"] == 3 and players[0]["left"] is True
        assert sorted(p["place"] for p in players) == [1, 2, 3]
        assert server.db.rating("Ann", "classic").games == 1
        assert server.db.rating("Ann", "classic").mu < server.db.rating("Ben", "classic").mu
    finally:
        server.close()


def test_taking_the_seat_back_does_not_clear_leaving(tmp_path: Path) -> None:
    server, clock = inside_server(tmp_path / "data")
    try:
        _, (ann, _ben), code = accounts_at_a_match(server, clock)
        server.leave_table(ann)
        play_moves(server, clock, code, 4)
        assert server.join(ann, code) is None and ann.seat == 0  # back before the end
        assert server.tables[code].host.replaced == {}  # type: ignore[union-attr]
        players = finished(server, clock, code)
        assert players[0]["place"] == 3 and players[0]["left"] is True
        assert server.db.rating("Ann", "classic").games == 1
    finally:
        server.close()


def test_a_player_who_stays_to_the_end_keeps_the_place_they_played_to(tmp_path: Path) -> None:
    server, clock = inside_server(tmp_path / "data")
    try:
        _, _sessions, code = accounts_at_a_match(server, clock)
        host = server.tables[code].host
        assert host is not None
        players = finished(server, clock, code)
        outcome = host.core.outcome
        assert outcome is not None
        assert [p["place"] for p in players] == [outcome.place_of(s) for s in range(3)]
        assert not any(p["left"] for p in players)
    finally:
        server.close()


def test_the_last_person_to_leave_a_rated_match_cannot_avoid_its_result(tmp_path: Path) -> None:
    # Both people leave a match in play: the table closes (no computers play on for nobody),
    # and the match is recorded as it stood, the later leaver ahead of the earlier one.
    server, clock = inside_server(tmp_path / "data")
    try:
        _, (ann, ben), code = accounts_at_a_match(server, clock)
        play_moves(server, clock, code, 2)
        server.leave_table(ann)
        server.leave_table(ben)
        assert code not in server.tables
        (players,) = server.db.db.execute(
            "SELECT players FROM results WHERE code = ?", (code,)
        ).fetchone()
        recorded = json.loads(players)
        assert recorded[0]["left"] is True and recorded[1]["left"] is True
        assert recorded[1]["place"] < recorded[0]["place"] == 3
        assert recorded[2]["place"] == 1  # the computer still in
        assert server.db.rating("Ann", "classic").games == 1
        assert server.db.rating("Ben", "classic").games == 1
        assert server.db.rating("Ann", "classic").mu < server.db.rating("Ben", "classic").mu
    finally:
        server.close()
