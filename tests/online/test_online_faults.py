"""People and servers failing: a client killed or cut off mid-game, the server killed with
SIGKILL and started again, and every kind of bad message.

All over real sockets on 127.0.0.1, with every server stopped at the end of its test.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from helpers.online import WAIT_S, Player, ServerProcess, ServerThread, assert_log_checks, free_port
from helpers.online_games import (
    CLASSIC,
    HELLO,
    accounts_sit_down,
    drive_stored,
    exchange,
    keys_for,
    moves_made,
    play_out,
    play_some,
    sit_down,
    stored_table,
)

from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.hosting import TableHost
from ninetynine_audio.online.identity import guest_identity
from ninetynine_audio.present.online import spectator_text

pytestmark = [pytest.mark.usefixtures("private_home"), pytest.mark.slow]


def settled(player: Player) -> None:
    """Wait until everything the server has sent ``player`` so far has been said: the answer to
    a question comes after it, and the client then says the narration it went ahead of."""
    player.press("h")  # the hand, in words that name no one's turn
    asked = player.screen.key_seq
    player.wait_for(
        lambda: any(
            isinstance(m, p.Phrase) and m.answer_to == asked for m in player.screen.received
        )
    )
    player.wait_for(player.app.speech_idle)


def test_a_dropped_client_comes_back_by_itself_and_hears_where_the_game_stands(
    tmp_path: Path,
) -> None:
    with ServerThread(tmp_path / "data") as srv:
        players, code = sit_down(srv, "classic", layout=CLASSIC)
        ann, ben = players
        try:
            play_some(srv, players, code, 4)
            ben.screen.link.drop()
            ann.heard("Ben lost the connection.")
            ben.heard("The connection was lost.")
            ben.heard("You are back at your seat.")
            ben.heard("Connected again.")
            assert ben.screen.link.connections == 2
            ann.heard("Ben is back.")
            play_out(srv, players, code)
            assert srv.call(lambda s: s.db.results_count()) == 1
        finally:
            for player in players:
                player.close()


def test_a_player_whose_turn_came_while_away_hears_it_once_after_what_followed(
    tmp_path: Path,
) -> None:
    """Ben's turn comes while his connection is down, and Ann then says a line to the table:
    coming back, Ben hears the line among what he missed and "Your turn" once, at the end."""
    with ServerThread(tmp_path / "data") as srv:
        players, code = sit_down(srv, "classic", layout=CLASSIC)
        ann, ben = players
        rng = random.Random(5)

        def turn(server: Any) -> int | None:
            host = server.tables[code].host
            return None if host.bot_due is not None else host.turn_seat()

        def ann_keys(server: Any) -> list[str]:
            return keys_for(server.tables[code].host.listeners[0].screen, 0, rng)

        def ben_missed(server: Any) -> list[str]:
            return [phrase.text for phrase in server.sessions[ben_id].app.remote.missed]

        try:
            ben_id = guest_identity(ben.screen.link.guest_token or "")
            deadline = time.monotonic() + 120
            while srv.call(turn) != 0 and time.monotonic() < deadline:
                play_some(srv, players, code, 1)
            assert srv.call(turn) == 0, "Ann did not come to act"
            ben.hold_back()
            ben.screen.link.drop()
            ann.heard("Ben lost the connection.")
            start = len(ben.spoken)
            while (seat := srv.call(turn)) != 1 and time.monotonic() < deadline:
                if seat == 0:
                    ann.press(*srv.call(ann_keys))
                ann.pump(0.02)
            assert seat == 1, "Ben's turn did not come"
            ann.press("quote")
            ann.answer("back soon?")
            ann.wait_for(lambda: "Ann says: back soon?" in srv.call(ben_missed))
            ben.let_through()
            ben.heard("You are back at your seat.")
            settled(ben)
            heard = ben.spoken[start:]
            turns = [i for i, line in enumerate(heard) if line.startswith("Your turn")]
            assert len(turns) == 1, "\n".join(heard)
            said = [i for i, line in enumerate(heard) if line == "Ann says: back soon?"]
            assert len(said) == 1 and said[0] < turns[0], "\n".join(heard)
        finally:
            for player in players:
                player.close()


def test_a_killed_client_started_again_takes_its_seat_back(tmp_path: Path) -> None:
    with ServerThread(tmp_path / "data") as srv:
        players, code = accounts_sit_down(srv.url, "tactical", "ben-secret")
        ann, ben = players
        try:
            play_some(srv, players, code, 3)
            before = moves_made(srv, code)
            ben.close()  # the process is gone: no reconnecting
            ann.heard("Ben lost the connection.")
            # A wrong password does not take the seat.
            thief = Player(srv.url, "Ben", password="guess")
            thief.heard("That password does not match this name.")
            thief.close()
            ben = Player(srv.url, "Ben", password="ben-secret")
            players[1] = ben
            ben.heard("You are back at your seat.")
            assert moves_made(srv, code) >= before
            play_out(srv, players, code)
            assert srv.call(lambda s: s.db.results_count()) == 1
            # Both accounts were rated for this game.
            ratings = srv.call(lambda s: [r.games for r in s.db.leaderboard("tactical")])
            assert ratings == [1, 1]
        finally:
            for player in players:
                player.close()


def test_a_killed_guest_started_again_takes_its_seat_back_by_the_kept_token(
    tmp_path: Path,
) -> None:
    with ServerThread(tmp_path / "data") as srv:
        players, code = sit_down(srv, "classic", layout=CLASSIC)
        ann, ben = players
        try:
            play_some(srv, players, code, 2)
            ben.kill()
            ann.heard("Ben lost the connection.")
            # A new client on the same settings home: nothing of the old one but its settings.
            ben = Player(srv.url, "Ben")
            players[1] = ben
            ben.heard("You are back at your seat.")
            # Ann's token is kept under her own name, not given to Ben.
            assert ann.screen.link.guest_token != ben.screen.link.guest_token
            play_out(srv, players, code)
            assert srv.call(lambda s: s.db.results_count()) == 1
        finally:
            for player in players:
                player.close()


def test_a_player_away_too_long_is_played_by_a_computer_and_takes_the_seat_back(
    tmp_path: Path,
) -> None:
    with ServerThread(tmp_path / "data", keep_seat_s=0.5) as srv:
        players, code = sit_down(srv, "classic", layout=CLASSIC)
        ann, ben = players
        try:
            token = ben.screen.link.guest_token
            ben.close()
            ann.heard("plays for Ben until they come back.", timeout=WAIT_S)
            assert srv.call(lambda s: 1 in s.tables[code].host.replaced)
            again = Player(srv.url, "Ben", guest_token=token)  # the same guest as before
            players[1] = again
            again.heard("You took your seat back.")
            assert srv.call(lambda s: 1 not in s.tables[code].host.replaced)
            play_out(srv, players, code)
        finally:
            for player in players:
                player.close()


def test_a_server_killed_mid_game_reloads_its_table_and_the_players_play_on(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    logs = tmp_path / "logs"
    logs.mkdir()
    port = free_port()
    server = ServerProcess(data, port, "--event-log", str(logs))
    server.start()
    players: list[Player] = []
    try:
        players, code = accounts_sit_down(server.url, "classic", "b-pass")
        ann = players[0]
        drive_stored(data, players, until=6)
        before = stored_table(data)
        server.kill()
        ann.heard("The connection was lost.")
        after_kill = stored_table(data)
        assert after_kill["record"] == before["record"] or len(
            after_kill["record"]["actions"]
        ) >= len(before["record"]["actions"])
        server.restart()
        for player in players:
            player.heard("You are back at your seat.")
        # The same position: the match reloaded from its set-up and actions.
        assert (
            stored_table(data)["record"]["actions"][: len(after_kill["record"]["actions"])]
            == (after_kill["record"]["actions"])
        )
        drive_stored(data, players, until=None)
        players[0].wait_for(lambda: stored_table(data)["state"] == "over")
        # The table is stored as over a moment before its result is: wait for the result,
        # then it must be there once.
        players[0].wait_for(lambda: results_stored(data) > 0)
        assert results_stored(data) == 1
        status, out, err = server.terminate()
        assert status == 0
        assert "The server stopped." in out
        assert "Traceback" not in err
        # The event log holds the whole match, from its deal before the kill to its end.
        logged = logs / f"table-{code}.jsonl"
        assert logged.read_text(encoding="utf-8").count('"event": "game_started"') == 1
        assert_log_checks(logged)
    finally:
        for player in players:
            player.close()
        server.stop()


def results_stored(data: Path) -> int:
    """How many match results the server has stored."""
    db = sqlite3.connect(data / "server.sqlite3")
    try:
        count: int = db.execute("SELECT COUNT(*) FROM results").fetchone()[0]
    finally:
        db.close()
    return count


def person_to_act(data: Path) -> int:
    """Wait until a person (not a computer player) is to act at the stored table: their seat."""
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        host = TableHost.reload(stored_table(data)["record"], time.monotonic)
        seat = host.turn_seat()
        if seat is not None and seat in host.humans and host.core.computer_to_move() is None:
            return seat
        time.sleep(0.05)
    raise AssertionError("no person came to act")


def lost_at(player: Player, start: int) -> tuple[int, int]:
    """Wait until ``player`` says it lost the connection (line ``start`` or later): the index
    of that line, and how many phrases the client had received by then."""

    def line() -> int | None:
        said = player.spoken
        return next((i for i in range(start, len(said)) if "connection was lost" in said[i]), None)

    player.wait_for(lambda: line() is not None)
    index = line()
    assert index is not None
    return index, len(player.screen.received)


def back_at_seat(player: Player, since: int) -> None:
    """Wait until ``player`` hears it is back at its seat (after line ``since``)."""
    player.wait_for(
        lambda: any(s.startswith("You are back at your seat") for s in player.spoken[since:])
    )


@pytest.mark.parametrize("last_back", ["the player to act", "the player waiting"])
def test_after_a_server_restart_each_player_hears_whose_turn_it_is_once(
    tmp_path: Path, last_back: str
) -> None:
    """Both reconnect by themselves, one later than the other (their network still down), so
    the later one has been told while away that the first is back. Each hears whose turn it
    is once on coming back: the player to act "Your turn" with its cue, not also again."""
    data = tmp_path / "data"
    port = free_port()
    server = ServerProcess(data, port)
    server.start()
    players: list[Player] = []
    try:
        players, _ = accounts_sit_down(server.url, "classic", "b-pass")
        drive_stored(data, players, until=4)
        seat = person_to_act(data)
        mover, waiting = players[seat], players[1 - seat]
        late, early = (mover, waiting) if last_back == "the player to act" else (waiting, mover)
        starts = [len(player.spoken) for player in players]
        late.hold_back()
        server.kill()
        lost = [lost_at(player, start) for player, start in zip(players, starts, strict=True)]
        server.restart()
        back_at_seat(early, lost[players.index(early)][0])
        late.let_through()
        back_at_seat(late, lost[players.index(late)][0])
        for player in players:
            settled(player)

        for player, (said, _) in zip(players, lost, strict=True):
            heard = player.spoken[said:]
            turn = "Your turn" if player is mover else f"{mover.name}'s turn"
            turns = [i for i, line in enumerate(heard) if line.startswith(turn)]
            assert len(turns) == 1, "\n".join(heard)
            # It ends what they are told on coming back (the later one: that the other is back).
            back = [i for i, line in enumerate(heard) if line.startswith("You are back")]
            if player is late:
                back += [i for i, line in enumerate(heard) if line.endswith(" is back.")]
            assert turns[0] > max(back), "\n".join(heard)
        cues = [m for m in mover.screen.received[lost[seat][1] :] if m.cue == "your_turn"]
        assert len(cues) == 1, cues
    finally:
        for player in players:
            player.close()
        server.stop()


# -- bad messages ------------------------------------------------------------------------------


def codes(received: list[Any]) -> list[str]:
    """The error codes among the messages received."""
    return [m.code for m in received if isinstance(m, p.Error)]


BAD = [
    ("not json", "bad_json"),
    (b"\x00\xff binary", "bad_json"),
    ("[1, 2, 3]", "bad_message"),
    ('{"type": "nonsense"}', "bad_message"),
    ('{"type": "key"}', "bad_message"),
    ('{"type": "key", "key": 5}', "bad_message"),
    ('{"type": "key", "key": "a", "extra": true}', "bad_message"),
    ('{"type": "key", "key": "no such key"}', "bad_message"),
    ('{"type": "command", "command": "win_the_game"}', "bad_message"),
    ('{"type": "heard", "seq": 1e400}', "bad_message"),
    ('{"type": "heard", "seq": -4}', "bad_message"),
    ('{"type": "join", "code": "12ab"}', "bad_message"),
    ('{"type": "answer", "text": "nobody asked"}', "not_now"),
    ('{"type": "create", "game": "poker", "seats": ["human"]}', "bad_table"),
    ('{"type": "create", "game": "classic", "seats": ["human", "godlike"]}', "bad_table"),
    ('{"type": "create", "game": "tricks", "seats": ["human"]}', "bad_table"),
    ('{"type": "start"}', "not_host"),
    (HELLO, "hello_first"),
    ('{"type":' + '{"a":' * 1500 + "1" + "}" * 1500, "bad_message"),
]


def test_every_kind_of_bad_message_is_refused_and_no_other_table_changes(
    tmp_path: Path,
) -> None:
    with ServerThread(tmp_path / "data") as srv:
        players, code = sit_down(srv, "classic", layout=CLASSIC)
        try:
            play_some(srv, players, code, 2)
            # Until a person is to act: then nothing may change the table but their keys.
            players[0].wait_for(lambda: srv.call(lambda s: s.tables[code].host.bot_due is None))
            before = srv.call(lambda s: s.tables[code].host.core.record())
            tried = 0
            # Before hello: only hello counts; another version is told so in one sentence.
            got = asyncio.run(exchange(srv.url, ['{"type": "key", "key": "return"}']))
            assert codes(got) == ["hello_first"]
            old = json.dumps({"type": "hello", "protocol": 99, "name": "Old", "future": 1})
            got = asyncio.run(exchange(srv.url, [old]))
            assert codes(got) == ["version"]
            assert any(isinstance(m, p.Bye) and "version 99" in m.text for m in got)
            tried += 2
            # After hello, each bad frame gets its error and the connection stays.
            for frame, code_expected in BAD:
                got = asyncio.run(exchange(srv.url, [HELLO, frame]))
                assert isinstance(got[0], p.Welcome), frame
                assert code_expected in codes(got), (frame, codes(got))
                tried += 1
            # Codes that open nothing: five tries, then a minute's wait.
            joins = [HELLO] + [p.encode(p.Join(code=f"{n:06d}")) for n in range(7)]
            got = asyncio.run(exchange(srv.url, joins))
            assert codes(got).count("no_table") == 5
            assert "join_limit" in codes(got)
            tried += 7
            # A frame over the limit closes the connection.
            huge = '{"type": "key", "key": "' + "a" * (p.MAX_FRAME_BYTES + 10) + '"}'
            got = asyncio.run(exchange(srv.url, [HELLO, huge]))
            assert ("closed", 1009) in got
            tried += 1
            # A flood is cut short: dropped with an error, then the connection is closed.
            flood = [HELLO] + [p.encode(p.Ping(seq=n)) for n in range(400)]
            got = asyncio.run(exchange(srv.url, flood, wait=1.0))
            assert "too_fast" in codes(got)
            assert any(isinstance(m, tuple) and m[0] == "closed" for m in got)
            pongs = sum(isinstance(m, p.Pong) for m in got)
            assert 0 < pongs < 400
            tried += 1
            # The table in play was not touched, and still answers its players' keys.
            assert srv.call(lambda s: s.tables[code].host.core.record()) == before
            assert srv.call(lambda s: s.crashes) == 0
            players[0].press("t")
            players[0].heard("turn")
            print(f"bad messages tried: {tried}, crashes: 0")
        finally:
            for player in players:
                player.close()


def test_a_spectator_hears_the_public_game_and_a_turn_timer_plays_for_the_slow(
    tmp_path: Path,
) -> None:
    with ServerThread(tmp_path / "data") as srv:
        create = p.Create(game="classic", seats=["human", "normal"], pause_ms=0, timer_s=5)
        ann = Player(srv.url, "Ann", first=[create])
        ann.heard("Table code")
        ann.screen.link.send(p.Start())
        ann.heard("The game starts.")
        cat = Player(srv.url, "Cat")
        cat.heard("Lobby.")
        # The lobby lists the table in play to watch, above the lobby's other items: up from
        # the last item (Leave) to it, by its words.
        cat.press("end")
        for _item in range(8):
            if cat.spoken[-1].startswith("Watch Classic"):
                break
            cat.press("up")
        cat.press("return")
        try:
            cat.heard("You are watching a Classic table.")
            # Ann does nothing: the timer plays for her, and everyone hears it.
            ann.heard("Time is up: the computer plays for Ann.", timeout=WAIT_S)
            cat.heard("Time is up: the computer plays for Ann.", timeout=WAIT_S)
            assert (
                srv.call(lambda s: len(s.tables[ann.screen.table.code].host.core.saved.actions)) > 0
            )  # type: ignore[union-attr]
            # A spectator has no cards: never "Your cards", and a hand key says so.
            assert not any("Your cards" in line for line in cat.spoken)
            assert any("Your cards" in line for line in ann.spoken)
            for key in ("1", "return", "right", "end"):
                said = len(cat.spoken)
                cat.press(key)
                # The table's own narration may come between; the answer to the key must too.
                cat.wait_for(lambda n=said: spectator_text() in cat.spoken[n:])
            assert not any("when ready" in line for line in cat.spoken)
        finally:
            ann.close()
            cat.close()


def test_a_player_who_leaves_is_replaced_and_joining_again_takes_the_seat_back(
    tmp_path: Path,
) -> None:
    with ServerThread(tmp_path / "data") as srv:
        players, code = sit_down(srv, "classic", layout=CLASSIC)
        ann, ben = players
        try:
            # Escape, then Leave the table (the last item), then Yes.
            ben.press("escape")
            ben.heard("Paused, the table plays on")
            ben.press("end", "return")
            ben.heard("Leave the table?")
            ben.press("up", "return")
            ben.heard("Lobby.")
            ann.heard("plays for Ben until they come back.")
            assert srv.call(lambda s: 1 in s.tables[code].host.replaced)
            ben.screen.link.send(p.Join(code=code))
            ben.heard("You took your seat back.")
            ann.heard("Ben is back.")
            assert srv.call(lambda s: 1 not in s.tables[code].host.replaced)
            play_out(srv, players, code)
        finally:
            for player in players:
                player.close()
