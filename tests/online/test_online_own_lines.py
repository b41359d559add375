"""The client's own lines (its ping's answer, the connection lost and found) are kept in the
player's buffer of the system's messages on the server, where the buffer keys, answered there,
read them with the server's own: a real server on loopback and the game's own client."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.online import Player, ServerThread, session_of

pytestmark = [pytest.mark.usefixtures("private_home"), pytest.mark.slow]


def system_buffer(srv: ServerThread, name: str) -> list[str]:
    """What the server keeps in the player's buffer of the system's messages."""
    return srv.call(lambda s: list(session_of(s, name).app.voice.buffers.lines["system"]))


def test_the_ping_and_a_lost_connection_are_read_back_in_the_system_buffer(
    tmp_path: Path,
) -> None:
    with ServerThread(tmp_path / "data") as srv:
        ann = Player(srv.url, "Ann")
        try:
            ann.heard("Lobby.")
            ann.press("alt+p")
            ann.heard("Ping: ")
            ping = next(line for line in ann.spoken if line.startswith("Ping: "))
            ann.wait_for(lambda: ping in system_buffer(srv, "Ann"))
            ann.press("leftbracket")  # from all messages round to the system's
            ann.heard("System messages, ")
            ann.press("comma")
            ann.heard(f"{ping}. Only message")

            ann.hold_back()
            ann.screen.link.drop()
            ann.heard("The connection was lost.")
            lost = next(line for line in ann.spoken if line.startswith("The connection was lost"))
            ann.let_through()
            ann.heard("Connected again.")
            ann.wait_for(lambda: "Connected again." in system_buffer(srv, "Ann"))
            kept = system_buffer(srv, "Ann")
            assert kept.index(ping) < kept.index(lost) < kept.index("Connected again.")
            assert kept.count(ping) == 1  # kept once, not said again
            ann.press("rightbracket", "leftbracket")
            ann.heard("System messages, ")
            ann.press("comma")
            ann.wait_for(lambda: ann.spoken[-1] == "Connected again. Last message")
            ann.press("comma")
            ann.wait_for(lambda: ann.spoken[-1] == lost)
        finally:
            ann.close()
