"""The deals of online matches: drawn from a secret of 128 bits that never leaves the server,
and dealt again exactly from what the server stored after a restart."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.online import ServerThread
from helpers.online_games import play_out, sit_down
from helpers.server_inside import hello, inside_server, play_moves, start_match

pytestmark = pytest.mark.usefixtures("private_home")


def test_every_online_match_is_seeded_with_128_bits_from_the_secure_source(
    tmp_path: Path,
) -> None:
    server, clock = inside_server(tmp_path / "data")
    try:
        _, ann = hello(server, clock, "Ann")
        assert ann is not None
        seeds = []
        for _ in range(4):
            code = start_match(server, ann, ["human", "normal", "normal"], [])
            seeds.append(server.tables[code].host.core.setup.seed)  # type: ignore[union-attr]
        # A seed searched for among 2**31 (or 2**64) cannot be one of these: four draws of
        # 128 bits all below 2**100 happen once in 2**112.
        assert len(set(seeds)) == len(seeds)
        assert max(seeds) >= 2**100
        assert all(0 <= seed < 2**128 for seed in seeds)
    finally:
        server.close()


def test_a_restarted_server_deals_and_replays_each_table_exactly(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server, clock = inside_server(data)
    _, ann = hello(server, clock, "Ann")
    _, ben = hello(server, clock, "Ben")
    assert ann is not None and ben is not None
    code = start_match(server, ann, ["human", "human", "normal"], [ben], game="tricks")
    play_moves(server, clock, code, 9)
    host = server.tables[code].host
    assert host is not None
    seed, state = host.core.setup.seed, host.core.state
    server.close()
    again, _clock = inside_server(data)
    try:
        again.reload()
        reloaded = again.tables[code].host
        assert reloaded is not None
        assert reloaded.core.setup.seed == seed
        assert reloaded.core.state == state
    finally:
        again.close()


@pytest.mark.slow
def test_no_frame_a_seat_is_sent_carries_the_seed(tmp_path: Path) -> None:
    with ServerThread(tmp_path / "data") as srv:
        players, code = sit_down(srv, "tricks", record=True)
        try:
            play_out(srv, players, code)
            seed = srv.call(lambda s: s.tables[code].host.core.setup.seed)
        finally:
            for player in players:
                player.close()
    marks = {str(seed), f"{seed:x}", f"{seed:X}", str(seed)[:12]}
    frames = [frame for player in players for frame in player.frames]
    assert len(frames) > 100
    for frame in frames:
        assert not any(mark in frame for mark in marks), frame
