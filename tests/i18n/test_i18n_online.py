"""Each player at an online table hears it in their own language: a real server on a free
loopback port, two real clients, one asking for English and one for the pseudo-language, and a
whole game by keys. Every phrase the server sends each of them is in that player's language: the
English player's never shows the pseudo-language's brackets, and the other's shows no English
letter outside them but the players' names."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from helpers.online import WAIT_S, Player, ServerThread, session_of
from helpers.online_games import play_out

from ninetynine_audio.i18n import using
from ninetynine_audio.i18n.pseudo import pseudo_text
from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.server import Server

pytestmark = [pytest.mark.usefixtures("private_home"), pytest.mark.slow]

NAMES = re.compile(r"\b(Ann|Ben|Max|Lily|Zoe|Sam|Cat|Mia|Leo|Ivy|Tom)( \d+)?\b")
OPEN, CLOSE = "⟦", "⟧"
OTHER_AREAS = re.compile(
    r"^Tricks$|, \d+ of \d+$|^Result$|^You finished .*|^\d+ deals? played$|^Places: .*"
    r"|^Up and Down read the details.*|^Play again with the same players$"
)
"""Words of the game's title, a menu item's place and the results screen: the shared screens'
wording (present/screens.py, present/results.py), converted apart from online play."""


def english_left(text: str) -> str:
    """What is left of a phrase outside the brackets once names and digits are taken out."""
    outside = re.sub(f"{OPEN}[^{CLOSE}]*{CLOSE}", "", text)
    return re.sub("[^A-Za-z]", "", NAMES.sub("", outside))


def texts(frames: list[str]) -> list[str]:
    """Every sentence the server sent in ``frames``: phrases, questions, errors, goodbyes and
    the window's lines."""
    found: list[str] = []
    for frame in frames:
        message = p.decode_server(frame)
        if isinstance(message, p.Phrase):
            found.append(message.text)
        elif isinstance(message, p.Ask):
            found.append(message.prompt)
        elif isinstance(message, p.Error | p.Bye):
            found.append(message.text)
        elif isinstance(message, p.Display):
            found.extend([message.title, *message.lines])
    return [text for text in found if text.strip()]


def ask_chat_of(name: str) -> Any:
    """A step of the server: ask ``name`` for a chat line, as the table's menu does."""

    def step(server: Server) -> None:
        session = session_of(server, name)
        with session.app.speaking():
            server.ask_chat(session)

    return step


def test_each_seat_hears_a_whole_game_in_its_own_language(tmp_path: Path) -> None:
    started = time.monotonic()
    with ServerThread(tmp_path / "data", keep_seat_s=60.0) as srv:
        create = p.Create(
            game="tricks", seats=["human", "human", "normal"], options={"target": 10}, pause_ms=0
        )
        ann = Player(srv.url, "Ann", first=[create], record=True)
        ann.wait_for(lambda: ann.screen.table is not None)
        assert ann.screen.table is not None and ann.screen.table.code is not None
        code = ann.screen.table.code
        with using("qps"):
            ben = Player(srv.url, "Ben", first=[p.Join(code=code)], record=True)
        players = [ann, ben]
        try:
            joined = pseudo_text("{player} joined the table.", "qps").format(player="Ben")
            ben.wait_for(lambda: ben.screen.table is not None and ben.screen.table.code == code)
            ann.heard("Ben joined the table.")
            # A chat line, a refusal and a start, each said to both in their own words.
            srv.call(ask_chat_of("Ann"))
            ann.answer("99")
            ben.heard(pseudo_text("{player} says: {line}", "qps").format(player="Ann", line="99"))
            ben.screen.link.send(p.Start())  # not the host: refused in Ben's language
            ben.wait_for(lambda: any(e.code == "not_host" for e in ben.screen.errors))
            ann.screen.link.send(p.Start())
            ann.heard("The game starts.")
            ben.heard(pseudo_text("The game starts.", "qps"))
            play_out(srv, players, code)
            for player in players:
                player.wait_for(
                    lambda pl=player: (
                        pl.screen.table is not None and pl.screen.table.state == "over"
                    ),
                    WAIT_S,
                )
            # Ann drops: Ben hears it in his language.
            ann.kill()
            lost = pseudo_text(
                "{player} lost the connection. Their seat is kept for two minutes.", "qps"
            ).format(player="Ann")
            ben.heard(lost)
        finally:
            for player in players:
                player.close()
    english, pseudo = texts(ann.frames), texts(ben.frames)
    assert len(english) > 50 and len(pseudo) > 50
    assert [t for t in english if OPEN in t] == []
    assert [t for t in pseudo if english_left(OTHER_AREAS.sub("", t))] == []
    assert joined not in pseudo  # Ben was told "You joined", Ann that Ben joined
    assert any("joined the table" in t for t in english)
    assert time.monotonic() - started < 240.0


def test_after_a_server_restart_each_seat_hears_the_resumed_table_in_its_language(
    tmp_path: Path,
) -> None:
    from helpers.online import ServerProcess, free_port
    from helpers.online_games import drive_stored

    data = tmp_path / "data"
    port = free_port()
    server = ServerProcess(data, port)
    server.start()
    players: list[Player] = []
    try:
        create = p.Create(game="classic", seats=["human", "human", "normal"], pause_ms=0)
        ann = Player(server.url, "Ann", password="ann-secret", first=[create], record=True)
        ann.wait_for(lambda: ann.screen.table is not None)
        code = ann.screen.table.code  # type: ignore[union-attr]
        assert code is not None
        with using("qps"):
            ben = Player(
                server.url, "Ben", password="ben-secret", first=[p.Join(code=code)], record=True
            )
        players = [ann, ben]
        ben.wait_for(lambda: ben.screen.table is not None and ben.screen.table.code == code)
        ann.heard("Ben joined the table.")
        ann.screen.link.send(p.Start())
        ben.heard(pseudo_text("The game starts.", "qps"))
        drive_stored(data, players, until=4)
        server.kill()
        ann.heard("The connection was lost.")
        restart_at = len(ben.frames)
        server.restart()
        ann.heard("You are back at your seat.")
        back = pseudo_text("You are back at your seat. What you missed:", "qps")
        ben.wait_for(lambda: any(back in t for t in texts(ben.frames[restart_at:])))
        ben.pump(1.0)
        after = texts(ben.frames[restart_at:])
        # What the reloaded table said before Ben was back (the resumed game, whose turn it
        # is) and since, all in his language; none of it in Ann's.
        assert len(after) >= 3, after
        assert [t for t in after if english_left(OTHER_AREAS.sub("", t))] == [], after
    finally:
        for player in players:
            player.close()
        server.stop()


def test_a_player_back_in_another_language_hears_the_turn_once(tmp_path: Path) -> None:
    """Ben's client is killed, his turn comes while he is away (said to the empty seat in
    English), and he starts the game again in the pseudo-language: he is told it is his turn
    once, in his new language, not once in each."""
    from helpers.online_games import accounts_sit_down, play_some

    with ServerThread(tmp_path / "data") as srv:
        players, code = accounts_sit_down(srv.url, "classic", "ben-secret")
        ann, ben = players

        def turn(server: Any) -> int | None:
            host = server.tables[code].host
            return None if host.bot_due is not None else host.turn_seat()

        try:
            deadline = time.monotonic() + WAIT_S
            while srv.call(turn) != 0 and time.monotonic() < deadline:
                play_some(srv, players, code, 1)
            assert srv.call(turn) == 0, "Ann did not come to act"
            ben.close()
            ann.heard("Ben lost the connection.")
            while (seat := srv.call(turn)) != 1 and time.monotonic() < deadline:
                if seat == 0:
                    play_some(srv, [ann], code, 1)
                ann.pump(0.02)
            assert seat == 1, "Ben's turn did not come"

            def missed_turns(server: Any) -> list[str]:
                session = server.sessions["account:ben"]
                missed = session.app.remote.missed
                return [m.text for m in missed if m.cue and "your_turn" in m.cue]

            assert [t for t in srv.call(missed_turns) if t.startswith("Your turn")]
            with using("qps"):
                ben = Player(srv.url, "Ben", password="ben-secret")
            players[1] = ben
            ben.heard(pseudo_text("You are back at your seat. What you missed:", "qps"))
            ben.pump(1.0)
            turns = [
                m.text
                for m in ben.screen.received
                if isinstance(m, p.Phrase) and m.cue and "your_turn" in m.cue
            ]
            assert len(turns) == 1, turns
            assert english_left(turns[0]) == "", turns
        finally:
            for player in players:
                player.close()


def test_a_player_back_at_a_waiting_table_in_another_language_hears_the_room_in_it(
    tmp_path: Path,
) -> None:
    """Ben joins Ann's table in English and signs in again in the pseudo-language before it
    starts: the waiting room is made again in it, its title and choices bracketed."""
    with ServerThread(tmp_path / "data") as srv:
        ann = Player(srv.url, "Ann", first=[p.Create(game="classic", seats=["human", "human"])])
        ann.wait_for(lambda: ann.screen.table is not None and ann.screen.table.code is not None)
        code = ann.screen.table.code  # type: ignore[union-attr]
        assert code is not None
        ben = Player(srv.url, "Ben", password="ben's words", first=[p.Join(code=code)])
        try:
            ben.heard("You joined")
            ben.close()
            ann.heard("Ben lost the connection")
            with using("qps"):
                ben = Player(srv.url, "Ben", password="ben's words")
            ben.heard(pseudo_text("You are back at your seat.", "qps"))
            ben.wait_for(lambda: ben.screen.shown.title.startswith(OPEN))
            shown = [ben.screen.shown.title, *ben.screen.shown.lines]
            assert all(english_left(line) == "" for line in shown), shown
        finally:
            ann.close()
            ben.close()
