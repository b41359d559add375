"""Whole online games of all five games: a real server on a free loopback port, one to three
real clients (the game's own client code, driven by keys), and computer players.

Each human presses the keys a careful player would (the same choices as the offline game
tests make) when the server says it is their turn; the game must reach its end, every client
must hear the result, the server must have recorded the match, and nothing may have failed.
The server's event log of the game, and the export of the stored table, must be the same
lines, which ``replay`` and the referee accept.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers.online import WAIT_S, Player, ServerThread, assert_log_checks, session_of
from helpers.online_games import (
    GAME_TIME_S,
    NAMES,
    TABLES,
    keys_for,
    play_out,
    seat_table,
    sit_down,
)

from ninetynine_audio.cli import main
from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.connections import table_marks
from ninetynine_audio.online.server import Server
from ninetynine_audio.present.results import RESULTS

pytestmark = [pytest.mark.usefixtures("private_home"), pytest.mark.slow]


@pytest.mark.parametrize("game", sorted(TABLES))
def test_a_whole_online_game_is_played_by_keys_to_its_end(game: str, tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    with ServerThread(tmp_path / "data", event_log=logs) as srv:
        players, code = sit_down(srv, game)
        try:
            pressed = play_out(srv, players, code)
            assert pressed > 0
            for player in players:
                # Every seat is shown the result.
                player.wait_for(lambda pl=player: pl.screen.shown.title == RESULTS, WAIT_S)
                assert any(pl_line.startswith("You finished") for pl_line in player.spoken)
            assert srv.call(lambda s: s.db.results_count()) == 1
            assert srv.call(lambda s: s.crashes) == 0
            errors = [e for pl in players for e in pl.screen.errors]
            assert errors == []
            # The table's stored match, exported while the server runs, is the logged game.
            exported = tmp_path / "export.jsonl"
            command = ["export", "--data", str(tmp_path / "data"), code, "-o", str(exported)]
            assert main(command) == 0
        finally:
            for player in players:
                player.close()
    logged = logs / f"table-{code}.jsonl"
    assert logged.read_text(encoding="utf-8") == exported.read_text(encoding="utf-8")
    assert logged.read_text(encoding="utf-8").count('"event": "game_started"') == 1
    assert_log_checks(logged)


def _displays(player: Player) -> list[p.Display]:
    """The screens the server has sent ``player`` so far."""
    found = []
    for frame in player.frames:
        message = p.decode_server(frame)
        if isinstance(message, p.Display):
            found.append(message)
    return found


def test_a_question_redraws_only_the_asker_and_a_play_redraws_everyone(tmp_path: Path) -> None:
    """A key that changes nothing at the table (a question) draws no one else's screen; a
    key that plays a card draws every seat's screen again."""
    with ServerThread(tmp_path / "data") as srv:
        create = p.Create(game="classic", seats=["human", "human"], options={}, pause_ms=0)
        ann = Player(srv.url, "Ann", first=[create], record=True)
        try:
            ann.wait_for(lambda: ann.screen.table is not None)
            table = ann.screen.table
            assert table is not None and table.code is not None
            code = table.code
            ben = Player(srv.url, "Ben", first=[p.Join(code=code)], record=True)
            try:
                ben.heard("You joined")

                def marks(server: Server) -> object:
                    session = next(x for x in server.sessions.values() if x.name == "Ann")
                    return table_marks(session)

                # At a table waiting to start, a key may change the seats everyone is shown:
                # it is drawn for everyone.
                assert srv.call(marks) is None
                ann.screen.link.send(p.Start())
                players = [ann, ben]
                for player in players:
                    player.heard("The game starts.")
                    player.pump(0.3)
                assert srv.call(marks) is not None
                turn = srv.call(lambda s: seat_table(s, code).turn_seat())
                assert turn in (0, 1)
                mover, other = players[turn], players[1 - turn]
                # The one who waits asks whose turn it is: only their own screen is drawn.
                drawn = {0: 0, 1: 0}

                def count_draws(server: Server) -> None:
                    for seat, listener in seat_table(server, code).listeners.items():
                        draw = listener.screen.display

                        def counted(app: Any, seat: int = seat, draw: Any = draw) -> Any:
                            drawn[seat] += 1
                            return draw(app)

                        listener.screen.display = counted  # type: ignore[method-assign]

                srv.call(count_draws)
                before = len(_displays(mover))
                spoken = len(other.spoken)
                other.press("t")
                other.wait_for(lambda: len(other.spoken) > spoken)
                mover.pump(0.5)
                assert drawn[1 - turn] >= 1  # the asker's screen is drawn
                assert drawn[turn] == 0
                assert len(_displays(mover)) == before
                # The one whose turn it is plays: the other's screen shows the new total.
                seen = _displays(other)[-1]
                keys = srv.call(
                    lambda s: keys_for(
                        seat_table(s, code).listeners[turn].screen, 0, random.Random(1)
                    )
                )
                mover.press(*keys)
                other.wait_for(lambda: _displays(other)[-1].lines != seen.lines)
                assert drawn[turn] >= 1 and drawn[1 - turn] >= 2
                assert srv.call(lambda s: len(s.tables[code].host.core.saved.actions)) >= 1
                assert srv.call(lambda s: s.crashes) == 0
            finally:
                ben.close()
        finally:
            ann.close()


Press = Callable[[Server, str, str], int]


def server_press() -> Press:
    """Press a key for a named player on the server's side of their connection (within one
    step of the server): the key's ``seq``, from 10,000 on."""
    seqs = iter(range(10_000, 11_000))

    def press(server: Server, name: str, key: str) -> int:
        session = session_of(server, name)
        assert session.conn is not None
        seq = next(seqs)
        server.handle(session.conn, p.encode(p.Key(key=key, seq=seq)))
        return seq

    return press


def play_to_the_end_in_steps(
    srv: ServerThread,
    players: list[Player],
    code: str,
    press: Press,
    then: Callable[[Server], None],
) -> None:
    """Play a table of people alone to its end, each move a step of the server made by the
    mover's keys; ``then`` runs in the step that ends the match, before any client can have
    heard its end."""

    def step(server: Server) -> bool:
        host = seat_table(server, code)
        seat = host.turn_seat()
        for key in keys_for(host.listeners[seat].screen, 0, random.Random(1)):
            press(server, NAMES[seat], key)
        if not host.is_over:
            return False
        then(server)
        return True

    deadline = time.monotonic() + GAME_TIME_S
    while not srv.call(step):
        assert time.monotonic() < deadline, "the match did not end"
        for player in players:
            player.pump(0.1)  # within the server's limit of keys a second


# Two people alone, one life each: a short match whose every move is a person's.
TWO_PEOPLE = (["human", "human"], {"lives": 1})


def test_a_key_pressed_as_the_match_ends_leaves_the_result_to_be_heard_first(
    tmp_path: Path,
) -> None:
    """Keys that reach the server just after the last move, before their players could hear
    the end (Ann's Enter for a card, Ben asking whose turn it is), do nothing there but sound
    the refusal: Ann stays at the table, nobody is told anything ahead of the result, and
    once the result has been heard Enter goes back to the lobby, after it."""
    with ServerThread(tmp_path / "data") as srv:
        players, code = sit_down(srv, "classic", True, TWO_PEOPLE)
        ann = players[0]
        try:
            for player in players:
                player.pump(0.3)
            press = server_press()
            pressed: list[int] = []

            def keys_as_it_ends(server: Server) -> None:
                pressed.append(press(server, "Ann", "return"))
                pressed.append(press(server, "Ben", "t"))

            play_to_the_end_in_steps(srv, players, code, press, keys_as_it_ends)

            def seated(server: Server) -> bool:
                session = session_of(server, "Ann")
                return session.table is server.tables.get(code) and session.seat == 0

            assert srv.call(seated)
            for player in players:
                player.heard("You finished")
                answers = [
                    item
                    for item in player.screen.received
                    if isinstance(item, p.Phrase) and item.answer_to in pressed
                ]
                assert answers == [], answers
                assert not any("does nothing here" in text for text in player.spoken)
            cues = [p.decode_server(frame) for frame in ann.frames]
            assert p.Cue(name="refused") in cues
            assert ann.wait_for(lambda: srv.call(lambda s: session_of(s, "Ann").app.speech_idle()))
            ann.press("return")
            ann.heard("Lobby")
            said = ann.spoken[ann.spoken.index("The game starts.") :]
            result = next(i for i, text in enumerate(said) if text.startswith("You finished"))
            assert not any("Lobby" in text for text in said[:result]), said[-12:]
            assert any("Lobby" in text for text in said[result:]), said[-12:]
            assert not srv.call(seated)
            assert srv.call(lambda s: s.crashes) == 0
        finally:
            for player in players:
                player.close()


def test_play_again_is_told_to_the_others_after_their_result(tmp_path: Path) -> None:
    """Ann hears the result and plays again at once; Ben, still hearing the end, is told he
    is back at the table after his result, as narration, not ahead of it as an answer."""
    with ServerThread(tmp_path / "data") as srv:
        players, code = sit_down(srv, "classic", True, TWO_PEOPLE)
        ann, ben = players
        try:
            for player in players:
                player.pump(0.3)
            press = server_press()

            def result_seq(server: Server) -> int:
                return int(session_of(server, "Ben").app.remote.seq)

            ends_at: list[int] = []
            play_to_the_end_in_steps(
                srv, players, code, press, lambda s: ends_at.append(result_seq(s))
            )
            ann.heard("You finished")
            assert ann.wait_for(lambda: srv.call(lambda s: session_of(s, "Ann").app.speech_idle()))

            def play_again(server: Server) -> None:
                # Ben has not reported hearing anything since the end.
                assert session_of(server, "Ben").app.remote.heard_seq < ends_at[0]
                press(server, "Ann", "end")  # Play again with the same players
                press(server, "Ann", "return")

            srv.call(play_again)
            ben.heard("Back at the table")
            told = [
                item
                for item in ben.screen.received
                if isinstance(item, p.Phrase) and item.seq > ends_at[0]
            ]
            assert told, "Ben was told nothing"
            assert all(item.priority == "queue" for item in told), told
            assert srv.call(lambda s: s.tables[code].state) == "waiting"
            assert srv.call(lambda s: s.crashes) == 0
        finally:
            for player in players:
                player.close()
