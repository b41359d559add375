"""Online words a player can act on: a code that opens nothing and an invitation to a table with
no seat left get different answers."""

from __future__ import annotations

import asyncio
from pathlib import Path

from helpers.online import ServerThread
from helpers.online_games import CLASSIC, HELLO, exchange, sit_down

from ninetynine_audio.online import protocol as p
from ninetynine_audio.present import online as words


def refusals(received: list[object]) -> list[str]:
    return [m.text for m in received if isinstance(m, p.Error)]


def test_a_full_table_and_a_wrong_code_are_told_apart(tmp_path: Path) -> None:
    with ServerThread(tmp_path / "data") as srv:
        players, code = sit_down(srv, "classic", layout=CLASSIC)
        try:
            # A table in play that is not open to watchers: its code opens no seat.
            srv.call(lambda s: setattr(s.tables[code], "listed", False))
            wrong = "000000" if code != "000000" else "000001"
            got = asyncio.run(
                exchange(
                    srv.url, [HELLO, p.encode(p.Join(code=code)), p.encode(p.Join(code=wrong))]
                )
            )
            assert refusals(got) == [words.table_full_text(), words.no_table_text()], got
            assert words.table_full_text() != words.no_table_text()
        finally:
            for player in players:
                player.close()


def test_the_host_hears_the_game_of_the_table_they_created_without_an_article_to_agree() -> None:
    # "a Arcade table" was heard: the game's name stands alone, whatever its first letter.
    for game, title in (("arcade", "Arcade"), ("classic", "Classic"), ("tricks", "Tricks")):
        said = words.created_text(game, "472913")
        assert said.startswith(f"You created the table: {title}. Table code 4 7 2"), said
