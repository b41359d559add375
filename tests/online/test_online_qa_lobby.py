"""What players hear of a table: in the lobby after its host removed someone in play, and
at the table (in play and in its waiting room) when they say a line in chat."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.online import Player, ServerThread, session_of

from ninetynine_audio.online import protocol as p

pytestmark = [pytest.mark.usefixtures("private_home"), pytest.mark.slow]


def ann_and_ben(srv: ServerThread, *, start: bool) -> list[Player]:
    """Ann creates a classic table of two people and Ben joins it; Ann starts the game if
    ``start``."""
    create = p.Create(game="classic", seats=["human", "human"], pause_ms=0)
    ann = Player(srv.url, "Ann", first=[create])
    ann.wait_for(lambda: ann.screen.table is not None and ann.screen.table.code is not None)
    code = ann.screen.table.code  # type: ignore[union-attr]
    assert code is not None
    ben = Player(srv.url, "Ben", first=[p.Join(code=code)])
    ben.heard("You joined")
    ann.heard("Ben joined the table.")
    if start:
        ann.screen.link.send(p.Start())
        ben.heard("The game starts.")
    return [ann, ben]


def test_the_lobby_no_longer_names_a_player_the_host_removed_in_play(tmp_path: Path) -> None:
    with ServerThread(tmp_path / "data") as srv:
        players = ann_and_ben(srv, start=True)
        ann = players[0]
        try:
            ann.press("escape")
            ann.heard("Back to the table")
            for _move in range(16):
                if ann.spoken and ann.spoken[-1].startswith("Remove a player"):
                    break
                ann.press("down")
            ann.press("return")
            ann.heard("Remove which player")
            ann.press("return")
            ann.heard("Ben was removed from the table; a Normal computer player takes the seat.")
            cat = Player(srv.url, "Cat")
            players.append(cat)
            cat.heard("Lobby.")
            cat.press("end")
            for _item in range(8):
                if cat.spoken[-1].startswith("Watch Classic"):
                    break
                cat.press("up")
            assert cat.spoken[-1].startswith("Watch Classic: Ann playing"), cat.spoken[-3:]
        finally:
            for player in players:
                player.close()


def test_a_line_said_in_chat_is_heard_by_its_speaker_and_kept_in_their_chat_buffer(
    tmp_path: Path,
) -> None:
    with ServerThread(tmp_path / "data") as srv:
        ann, ben = ann_and_ben(srv, start=True)
        try:
            ben.press("quote")
            ben.answer("good luck")
            ann.heard("Ben says: good luck")
            # The speaker hears that the line went, as the others heard it.
            ben.heard("Ben says: good luck")
            kept = srv.call(lambda s: list(session_of(s, "Ben").app.voice.buffers.lines["chat"]))
            assert kept == ["Ben says: good luck"]
        finally:
            for player in (ann, ben):
                player.close()


def test_the_chat_key_says_a_line_in_the_waiting_room(tmp_path: Path) -> None:
    with ServerThread(tmp_path / "data") as srv:
        ann, ben = ann_and_ben(srv, start=False)
        try:
            ben.press("quote")
            ben.heard("Say to the table, then Enter.")
            ben.answer("hello Ann")
            ann.heard("Ben says: hello Ann")
            assert not any("does nothing here" in line for line in ben.spoken)
        finally:
            for player in (ann, ben):
                player.close()
