"""A game reviewed from the lobby's "Your last games" on a real server on a free loopback port,
with the game's own client driven by keys: the reviewed player's own moves are said to them
as "You play", as in play and as in a review opened from the results, never by their name."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from helpers.competition import choose
from helpers.online import WAIT_S, Player, ServerThread, session_of

from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.saved import advance, start_match, to_record
from ninetynine_audio.online.server import Server
from ninetynine_audio.online.storage import PastGame

pytestmark = [pytest.mark.usefixtures("private_home"), pytest.mark.slow]


def finished_classic(names: tuple[str, str], seed: int) -> dict[str, Any]:
    """The stored record of a classic game between ``names`` played to its end by random
    legal moves (the second seat a computer player)."""
    saved, state, _events = start_match(GameSetup("classic", names, ("human", "normal"), {}, seed))
    spec = saved.spec
    rng = random.Random(seed)
    for _move in range(5_000):
        seats = spec.seats_to_act(state)
        if not seats:
            break
        saved, state, _events = advance(
            saved, state, rng.choice(spec.legal_actions(state, seats[0]))
        )
    assert not spec.seats_to_act(state)
    return to_record(saved)


def test_a_game_reviewed_from_the_lobby_says_you_for_the_reviewed_seat(tmp_path: Path) -> None:
    with ServerThread(tmp_path / "data") as srv:
        ann = Player(srv.url, "Ann", password="ann's secret")
        try:
            ann.heard("Lobby")
            record = finished_classic(("Ann", "Lily"), seed=7)

            def keep(server: Server) -> None:
                who = session_of(server, "Ann").identity
                server.db.keep_game(who, PastGame(time.time(), "classic", 0, 1, 2, record))

            srv.call(keep)
            choose(srv, ann, "Your last games")
            choose(srv, ann, "Classic")
            ann.heard("moves weighed", timeout=WAIT_S * 4)
            said = next(line for line in ann.spoken if "moves weighed" in line)
            assert "You play" in said
            assert not any("Ann plays" in line for line in ann.spoken)
        finally:
            ann.close()
