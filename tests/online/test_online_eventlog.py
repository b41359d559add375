"""Online games in the event log, and arcade online as the rules decide.

The server writes every finished match in the offline log's lines (``serve --event-log``),
``export`` writes any stored table's match the same way, and ``replay`` and the referee accept
both. Arcade online is one person against Lily, Max and Zoe: the log keeps the rules' seat
names, spectators hear the person by their name, and a second person is offered classic.
Whole games over real sockets are in ``test_online_games``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers.online import assert_log_checks
from helpers.server_inside import hello, inside_server, play_moves, start_match

from ninetynine_audio.cli import main
from ninetynine_audio.games.base import HUMAN, GameSetup
from ninetynine_audio.online.lobby import SeatsMenu
from ninetynine_audio.online.server import Server

pytestmark = pytest.mark.usefixtures("private_home")

ARCADE = ["human", "easy", "normal", "hard"]
ONE_PERSON = "Arcade is one person against Lily, Max and Zoe. To play together, create a Classic"


def finish(server: Server, clock: Any, code: str) -> None:
    """Play the table's match to its end."""
    play_moves(server, clock, code, 5000)
    host = server.tables[code].host
    assert host is not None and host.is_over


def log_games(path: Path) -> list[list[dict[str, Any]]]:
    """The games of a log, each its lines in order."""
    games: list[list[dict[str, Any]]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record["event"] == "game_started":
            games.append([])
        games[-1].append(record)
    return games


def test_one_log_file_holds_each_table_s_game_whole_and_both_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "online.jsonl"
    server, clock = inside_server(tmp_path / "data", event_log=log)
    try:
        codes = []
        for name, game in (("Ann", "classic"), ("Ben", "tactical")):
            _link, session = hello(server, clock, name)
            assert session is not None
            codes.append(start_match(server, session, ["human", "normal"], [], game=game))
        # The two tables play turn about, so their events come interleaved in time.
        for _ in range(4):
            for code in codes:
                play_moves(server, clock, code, 1)
        assert not log.exists() or log.read_text() == ""  # nothing before a match ends
        for code in codes:
            finish(server, clock, code)
        games = log_games(log)
        assert [game[0]["game"] for game in games] == ["classic", "tactical"]
        assert [game[-1]["event"] for game in games] == ["game_ended", "game_ended"]
        assert games[0][0]["players"] == ["Ann", "Lily"]
        assert_log_checks(log)
        assert "2 games replayed, 2 the same, 0 differ" in capsys.readouterr().out
    finally:
        server.db.close()


def test_an_arcade_game_online_keeps_the_rules_names_and_passes_the_referee(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    server, clock = inside_server(tmp_path / "data", event_log=logs)
    try:
        player, ann = hello(server, clock, "Ann")
        watcher, cat = hello(server, clock, "Cat")
        assert ann is not None and cat is not None
        code = start_match(server, ann, ARCADE, [], game="arcade")
        host = server.tables[code].host
        assert host is not None
        assert host.core.setup.names == ("You", "Lily", "Max", "Zoe")
        assert host.core.setup.kinds[0] == HUMAN
        assert server.join(cat, code, watch=True) is None
        finish(server, clock, code)
        # The spectator hears Ann by her name, never "you" for her seat.
        heard = " ".join(watcher.spoken())
        assert "Ann" in heard
        assert "You played" not in heard and "You have" not in heard
        # The results keep the person's name.
        (players,) = server.db.db.execute("SELECT players FROM results").fetchone()
        assert json.loads(players)[0]["name"] == "Ann"
        path = logs / f"table-{code}.jsonl"
        (game,) = log_games(path)
        # The log, which names every hand, stays on the server.
        sent = "".join(player.frames + watcher.frames)
        assert "game_started" not in sent and "round_started" not in sent
        assert game[0]["players"] == ["You", "Lily", "Max", "Zoe"]
        assert game[0]["kinds"] == ARCADE
        assert_log_checks(path)
        # The export of the stored table is the same log, line for line.
        exported = tmp_path / "export.jsonl"
        assert main(["export", "--data", str(tmp_path / "data"), code, "-o", str(exported)]) == 0
        assert exported.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")
    finally:
        server.db.close()


def test_a_second_person_is_offered_classic_at_an_arcade_table(tmp_path: Path) -> None:
    server, clock = inside_server(tmp_path / "data")
    try:
        _ann_link, ann = hello(server, clock, "Ann")
        _ben_link, ben = hello(server, clock, "Ben")
        assert ann is not None and ben is not None
        # A table of arcade with a second person's seat is not made.
        refused = server.create_table(
            ann, "arcade", ["human", "human", "easy", "easy"], {}, False, {}
        )
        assert refused is not None and refused.text.startswith(ONE_PERSON)
        assert ann.table is None
        # A waiting arcade table has no seat for Ben, and he is told why.
        assert server.create_table(ann, "arcade", ARCADE, {}, False, {}) is None
        assert ann.table is not None
        said = server.join(ben, ann.table.code)
        assert said is not None and said.text.startswith(ONE_PERSON)
        assert [seat.who for seat in ann.table.seats][1:] == [None, None, None]
    finally:
        server.db.close()


def test_the_seats_menu_of_arcade_offers_no_second_person(tmp_path: Path) -> None:
    server, clock = inside_server(tmp_path / "data")
    try:
        _link, ann = hello(server, clock, "Ann")
        assert ann is not None
        setup = GameSetup("arcade", ("You", "Lily", "Max", "Zoe"), tuple(ARCADE), {}, 1)
        menu = SeatsMenu(server, ann, setup)
        assert menu.kinds[1:] == ["easy", "easy", "easy"]
        texts = [item.text() for item in menu.items]
        assert any(text.startswith(ONE_PERSON) for text in texts)
        seat = menu.items[1]
        for _ in range(len(menu.levels) + 1):  # every choice of the seat, round and back
            seat.action(ann.app)
            assert menu.kinds[1] != HUMAN
        classic = GameSetup("classic", ("You", "Lily"), ("human", "normal"), {}, 1)
        assert SeatsMenu(server, ann, classic).kinds == [HUMAN, HUMAN]
    finally:
        server.db.close()


def test_export_says_what_it_cannot_do(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", "--data", str(tmp_path / "none"), "123456"]) == 2
    assert "cannot read" in capsys.readouterr().err
    server, clock = inside_server(tmp_path / "data")
    try:
        _link, ann = hello(server, clock, "Ann")
        assert ann is not None
        code = start_match(server, ann, ["human", "normal"], [])
        play_moves(server, clock, code, 3)
        assert main(["export", "--data", str(tmp_path / "data"), "999999"]) == 1
        assert f"tables with a game: {code}" in capsys.readouterr().err
        # A match in play is exported as far as it went, as an offline game left unfinished.
        out = tmp_path / "part.jsonl"
        assert main(["export", "--data", str(tmp_path / "data"), code, "-o", str(out)]) == 0
        (game,) = log_games(out)
        assert sum(line["event"] == "card_played" for line in game) >= 3
        assert main(["replay", str(out)]) == 1
        assert "game 1: the log ends before the game does" in capsys.readouterr().out
    finally:
        server.db.close()


def test_serve_refuses_an_event_log_it_cannot_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    status = main(["serve", "--data", str(tmp_path / "data"), "--event-log", str(blocker / "x")])
    assert status == 2
    assert "cannot write the event log" in capsys.readouterr().err
