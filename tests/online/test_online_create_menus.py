"""Creating a table on a server from the menus: the level menu offers no "People at this
computer" (hot seat) and asks no names, since the people of a table join it from their own
computers and the seats menu that follows sets them. A real server on loopback and the game's
own client."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.online import Player, ServerThread

from ninetynine_audio.i18n import _
from ninetynine_audio.present.people import PEOPLE_HERE

pytestmark = [pytest.mark.usefixtures("private_home"), pytest.mark.slow]


def test_the_level_menu_online_has_no_people_at_this_computer(tmp_path: Path) -> None:
    with ServerThread(tmp_path / "data") as srv:
        ann = Player(srv.url, "Ann")
        try:
            ann.heard("Lobby. Create a table")
            ann.press("return")  # Create a table
            ann.heard("Choose a game. Classic")
            ann.press("return")  # Classic
            ann.heard("How many players. 4 players")
            ann.press("return")
            ann.heard("Computer level. Normal")
            ann.wait_for(lambda: ann.screen.shown.title.startswith("Computer level"))
            lines = ann.screen.shown.lines
            assert "Normal" in lines and _(PEOPLE_HERE) not in lines, lines
            ann.press("end")
            assert not ann.spoken[-1].startswith(_(PEOPLE_HERE)), ann.spoken[-1]
            ann.press("return")  # the last level, then the options: no names asked
            ann.heard("Options. Start the game")
            ann.press("return")
            ann.heard("Seats of the new table")
            assert not any("Name of player" in line for line in ann.spoken)
        finally:
            ann.close()
