"""Four sentences of online play, each on a real server on loopback with the game's own
clients: the host hears when a seat kept for someone away goes to a computer; a code to a
full table and a code of no table get different answers; "What you missed:" is always
followed by what was missed, after a server restart too; ``play --join`` with a code of no
table says so; and a player removed from a match hears why before anything else."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from helpers.online import WAIT_S, Player, ServerProcess, ServerThread, free_port, session_of
from helpers.online_games import (
    accounts_sit_down,
    ann_and_ben,
    drive_stored,
    moves_made,
    play_some,
)
from helpers.text_game import env_for

from ninetynine_audio.online import protocol as p
from ninetynine_audio.present.online import no_table_text, table_full_text

pytestmark = [pytest.mark.usefixtures("private_home"), pytest.mark.slow]

MISSED = "What you missed:"


def test_the_host_hears_when_a_kept_seat_goes_to_a_computer(tmp_path: Path) -> None:
    with ServerThread(tmp_path / "data", keep_seat_s=0.5) as srv:
        ann, ben, code = ann_and_ben(srv, ["human", "human", "normal"])
        try:
            ann.press("escape")  # the host is in the table's menu, not at the cards
            ann.heard("Back to the table")
            ben.close()
            ann.heard("Ben lost the connection")
            ann.heard("A Normal computer player plays for Ben until they come back.")
            assert srv.call(lambda s: 1 in s.tables[code].host.replaced)
        finally:
            for player in (ann, ben):
                player.close()


def test_a_player_who_leaves_a_match_is_not_told_of_themselves(tmp_path: Path) -> None:
    with ServerThread(tmp_path / "data") as srv:
        ann, ben, _code = ann_and_ben(srv, ["human", "human", "normal"])
        try:
            srv.call(lambda s: s.parts.seating.leave_table(session_of(s, "Ann")))
            ben.heard("A Normal computer player plays for Ann until they come back.")
            ann.wait_for(lambda: ann.screen.table is not None and ann.screen.table.code is None)
            ann.pump(0.5)
            assert not any("plays for Ann" in line for line in ann.spoken), ann.spoken[-5:]
        finally:
            for player in (ann, ben):
                player.close()


def test_a_full_table_and_a_code_of_no_table_get_different_answers(tmp_path: Path) -> None:
    with ServerThread(tmp_path / "data") as srv:
        ann, ben, code = ann_and_ben(srv, ["human", "human"], start=False)
        wrong = "0" * len(code) if code != "0" * len(code) else "1" * len(code)
        cat = Player(srv.url, "Cat", first=[p.Join(code=code)])
        try:
            cat.heard(table_full_text())
            before = len(cat.spoken)
            cat.screen.link.send(p.Join(code=wrong))
            cat.wait_for(lambda: no_table_text() in cat.spoken[before:])
            assert table_full_text() != no_table_text()
            assert [error.code for error in cat.screen.errors] == ["no_table", "no_table"]
        finally:
            for player in (ann, ben, cat):
                player.close()


def test_what_you_missed_is_followed_by_what_was_missed_after_a_restart(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = ServerProcess(data, free_port())
    server.start()
    players: list[Player] = []
    try:
        players, _ = accounts_sit_down(server.url, "classic", "b-pass")
        ann, ben = players
        drive_stored(data, players, until=4)
        starts = [len(player.spoken) for player in players]
        ben.hold_back()  # Ben's network is still down when the server is back
        server.kill()
        for player in players:
            player.heard("The connection was lost.")
        server.restart()
        ann.wait_for(lambda: any(s.startswith("You are back") for s in ann.spoken[starts[0] :]))
        ben.pump(1.0)
        ben.let_through()
        ben.wait_for(lambda: any(s.startswith("You are back") for s in ben.spoken[starts[1] :]))
        for player in players:
            player.pump(1.0)
            player.wait_for(player.app.speech_idle)
        heard = {
            player.name: player.spoken[start:]
            for player, start in zip(players, starts, strict=True)
        }
        for player in players:
            # What follows the words is what was missed, to be said whole: never dropped as
            # narration a key press or a backlog makes obsolete (the table's opening lines are).
            phrases = [m for m in player.screen.received if isinstance(m, p.Phrase)]
            told = [i for i, m in enumerate(phrases) if m.text.endswith(MISSED)]
            for index in told:
                assert index + 1 < len(phrases), f"{player.name}: nothing after {MISSED!r}"
                missed = phrases[index + 1]
                assert not missed.until_action and not missed.mergeable, missed
                assert missed.key is None, missed
        # Ben was away when Ann came back: he missed that, and is told it after the words.
        assert any(line.endswith(MISSED) for line in heard["Ben"]), heard["Ben"]
        for name, lines in heard.items():
            for index, line in enumerate(lines):
                if line.endswith(MISSED):
                    assert index + 1 < len(lines), f"{name}: nothing after {line!r}"
                    after = lines[index + 1]
                    assert after.strip() and not after.startswith("You are back"), lines
                    assert "turn" not in after.lower(), lines  # the turn is said last, apart
    finally:
        for player in players:
            player.close()
        server.stop()


def test_moves_missed_while_away_are_said_whole_after_what_you_missed(tmp_path: Path) -> None:
    with ServerThread(tmp_path / "data") as srv:
        # Ben sits across from Ann at six seats: a 4 turns the play back, so at four seats
        # Ann's first card could make it Ben's turn at once; here three moves come first.
        seats = ["human", "normal", "normal", "human", "normal", "normal"]
        ann, ben, code = ann_and_ben(srv, seats)
        try:
            ben.hold_back()
            ben.screen.link.drop()
            ann.heard("Ben lost the connection")
            before = moves_made(srv, code)
            play_some(srv, [ann, ann, ann, ben, ann, ann], code, 3)  # Ann, then two computers
            assert moves_made(srv, code) >= before + 3
            ben.let_through()
            ben.heard(MISSED)
            ben.wait_for(ben.app.speech_idle)
            phrases = [m for m in ben.screen.received if isinstance(m, p.Phrase)]
            told = next(i for i, m in enumerate(phrases) if m.text.endswith(MISSED))
            missed = [m for m in phrases[told + 1 :] if m.answer_to is None][:3]
            assert len(missed) == 3, phrases[told:]
            for phrase in missed:
                assert not phrase.mergeable and not phrase.until_action, phrase
                assert phrase.text in ben.spoken, (phrase.text, ben.spoken[-8:])
        finally:
            for player in (ann, ben):
                player.close()


def test_a_player_removed_in_play_hears_why_before_the_lobby(tmp_path: Path) -> None:
    with ServerThread(tmp_path / "data") as srv:
        ann, ben, _code = ann_and_ben(srv, ["human", "human", "normal"], password="ben's own words")
        try:
            since = len(ben.spoken)
            srv.call(lambda s: s.moderation.remove(session_of(s, "Ann"), 1, ban=True))
            ben.wait_for(lambda: any(line.startswith("Lobby.") for line in ben.spoken[since:]))
            ben.wait_for(ben.app.speech_idle)
            heard = ben.spoken[since:]
            why = heard.index("The host removed you from the table, and you cannot join it again.")
            lobby = next(i for i, line in enumerate(heard) if line.startswith("Lobby."))
            left = next(i for i, line in enumerate(heard) if line.startswith("You left a match"))
            assert why < left < lobby, heard
        finally:
            for player in (ann, ben):
                player.close()


def test_a_report_whose_reason_asks_is_read_to_the_owner_with_one_mark(tmp_path: Path) -> None:
    with ServerThread(tmp_path / "data", admins=["Boss"]) as srv:
        boss = Player(srv.url, "Boss", password="the owner's own words")
        try:
            boss.heard("Lobby")
            reporter, reported = ("guest:1", "Ann"), ("guest:2", "Ben")
            chat = ["Ben: you play like a potato"]
            srv.call(lambda s: s.db.add_report(reporter, reported, "123456", "rude?", chat))
            boss.screen.link.send(p.Admin(command="reports"))
            boss.heard("reported Ben")
            heard = next(line for line in boss.spoken if "reported Ben" in line)
            assert "Ann reported Ben: rude? Chat before it: Ben: you play like a potato" in heard
        finally:
            boss.close()


def test_play_join_with_a_code_of_no_table_says_so(tmp_path: Path, private_home: Path) -> None:
    with ServerThread(tmp_path / "data") as srv:
        command = [sys.executable, "-m", "ninetynine_audio", "play", "--text"]
        command += ["--server", srv.url, "--name", "Zed", "--join", "999 999"]
        game = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            env=env_for(private_home),
        )
        said: list[str] = []
        reading = threading.Thread(target=lambda: said.extend(game.stdout or []), daemon=True)
        reading.start()
        try:
            deadline = time.monotonic() + WAIT_S
            while time.monotonic() < deadline and not any(no_table_text() in s for s in said):
                time.sleep(0.05)
            assert any(no_table_text() in line for line in said), said
            assert game.stdin is not None
            game.stdin.write("escape\nreturn\n")
            game.stdin.close()
            game.wait(WAIT_S)
        finally:
            if game.poll() is None:
                game.kill()
                game.wait(WAIT_S)
            reading.join(WAIT_S)
            for stream in (game.stdout, game.stderr):
                if stream is not None:
                    stream.close()
        lines = [line.strip() for line in said]
        # Connected, and the code's answer said (not a silent lobby).
        assert lines.index(no_table_text()) > lines.index("Connected as Zed, a guest.")
