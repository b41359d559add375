"""A watcher who drops is no seated player: the people at the table are not told that a seat
is kept for them."""

from __future__ import annotations

from pathlib import Path

from helpers.online import Player, ServerThread, session_of

from ninetynine_audio.online import protocol as p


def test_a_watcher_losing_the_connection_is_not_said_to_keep_a_seat(tmp_path: Path) -> None:
    with ServerThread(tmp_path / "data") as srv:
        create = p.Create(game="classic", seats=["human", "human"], options={}, pause_ms=0)
        ann = Player(srv.url, "Ann", first=[create])
        players = [ann]
        try:
            ann.wait_for(lambda: ann.screen.table is not None)
            table = ann.screen.table
            assert table is not None and table.code is not None
            ben = Player(srv.url, "Ben", first=[p.Join(code=table.code)])
            players.append(ben)
            ben.heard("You joined")
            ann.heard("Ben joined the table.")
            ann.screen.link.send(p.Start())
            ben.heard("The game starts.")
            # Cat follows the invitation to a table in play: she watches it.
            cat = Player(srv.url, "Cat", first=[p.Join(code=table.code)])
            players.append(cat)
            cat.heard("Ann's turn")  # the table's state, as a watcher hears it
            assert srv.call(lambda s: session_of(s, "Cat").seat) is None
            cat.kill()
            cat.wait_for(lambda: srv.call(lambda s: session_of(s, "Cat").conn is None))
            # Ben drops too: what the server says after Cat's drop reaches Ann after it.
            ben.kill()
            ann.heard("Ben lost the connection. Their seat is kept")
            assert not any(line.startswith("Cat lost") for line in ann.spoken), ann.spoken
        finally:
            for player in players:
                player.close()
