"""The server stopping, on a real server on a free loopback port with the game's own clients
driven by keys: a player whose game is not over hears that it is kept, one whose game is over
hears only that the server is stopping."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.competition import play_turns
from helpers.online import Player, ServerThread, session_of

from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.server import Server

pytestmark = [pytest.mark.usefixtures("private_home"), pytest.mark.slow]

GAME_TIME_S = 240.0
STOPPING = "The server is stopping."
KEPT = "Your game is kept."


def game_over(server: Server, name: str) -> bool:
    table = session_of(server, name).table
    return table is not None and table.host is not None and table.host.is_over


def test_a_finished_game_is_not_said_to_be_kept_when_the_server_stops(tmp_path: Path) -> None:
    srv = ServerThread(tmp_path / "data", pause_scale=0.0)
    srv.start()
    running = True
    players: list[Player] = []
    try:
        alone = p.Create(
            game="classic", seats=["human", "normal"], options={"lives": 1}, pause_ms=0
        )
        ann = Player(srv.url, "Ann", password="Ann's secret", first=[alone, p.Start()])
        ben = Player(srv.url, "Ben", password="Ben's secret", first=[alone, p.Start()])
        players += [ann, ben]
        for player in players:
            player.heard("The game starts.")
        play_turns(srv, {"Ann": ann}, lambda s: game_over(s, "Ann"), GAME_TIME_S)
        assert not srv.call(lambda s: game_over(s, "Ben"))
        starts = [len(player.spoken) for player in players]
        srv.stop()
        running = False
        for player, start in zip(players, starts, strict=True):
            player.wait_for(lambda pl=player, at=start: any(STOPPING in x for x in pl.spoken[at:]))
        anns = next(line for line in ann.spoken[starts[0] :] if STOPPING in line)
        bens = next(line for line in ben.spoken[starts[1] :] if STOPPING in line)
        assert KEPT not in anns, anns
        assert KEPT in bens, bens
    finally:
        for player in players:
            player.close()
        if running:
            srv.stop()
