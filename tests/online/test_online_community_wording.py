"""What the community says of where players are and when they come, through a real server on a
free loopback port with the game's own clients driven by keys: a player at a daily deal is
playing that day's deal (not at some private table), and friends coming back after a restart,
or on a second connection, are not said to come online."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from helpers.competition import choose
from helpers.online import Player, ServerThread

from ninetynine_audio.online.server import Server

pytestmark = pytest.mark.usefixtures("private_home")


@pytest.fixture
def srv(tmp_path: Path) -> Iterator[ServerThread]:
    with ServerThread(tmp_path / "data") as running:
        yield running


@pytest.fixture
def people(srv: ServerThread) -> Iterator[Callable[[str], Player]]:
    """Accounts signed in to the test's server, each closed after the test."""
    made: list[Player] = []

    def sign_in(name: str) -> Player:
        player = Player(srv.url, name, password=f"{name}'s secret")
        made.append(player)
        player.heard("Lobby.")
        return player

    yield sign_in
    for player in made:
        player.close()


def heard_after(player: Player, start: int, text: str) -> str:
    """Wait for a phrase holding ``text`` said after the first ``start`` phrases; it."""
    player.wait_for(lambda: any(text in line for line in player.spoken[start:]))
    return next(line for line in player.spoken[start:] if text in line)


def test_a_player_at_a_daily_deal_is_said_to_play_todays_deal(
    srv: ServerThread, people: Callable[[str], Player]
) -> None:
    ann = people("Ann")
    ben = people("Ben")
    choose(srv, ben, "Daily deal")
    choose(srv, ben, "Classic: today's deal")
    ben.heard("The game starts.")
    start = len(ann.spoken)
    ann.press("f2")
    heard_after(ann, start, "Who is online: 1 other player")
    start = len(ann.spoken)
    ann.press("b")
    said = heard_after(ann, start, "Ben")
    assert "Ben, playing today's deal of Classic" in said, said
    assert "private table" not in said


def befriend(server: Server) -> None:
    server.db.ask_friend("Ann", "Ben")
    server.db.answer_friend("Ben", "Ann", True)
    server.db.flush()


def connected(server: Server, name: str) -> bool:
    """Whether ``name`` has a session with a connection on ``server``."""
    return any(s.name == name and s.conn is not None for s in server.rooms.sessions.values())


@pytest.mark.slow
def test_friends_coming_back_after_a_restart_are_not_said_to_come_online(
    tmp_path: Path,
) -> None:
    first: ServerThread | None = ServerThread(tmp_path / "data")
    assert first is not None
    first.start()
    port = first.port
    players: list[Player] = []
    try:
        first.call(befriend)
        ann = Player(first.url, "Ann", password="Ann's secret")
        players.append(ann)
        ann.heard("Lobby.")
        ben = Player(first.url, "Ben", password="Ben's secret")
        players.append(ben)
        ann.heard("Your friend Ben is online.")
        first.stop()
        first = None
        start = len(ann.spoken)
        with ServerThread(tmp_path / "data", port=port) as second:
            for player in (ann, ben):
                player.wait_for(lambda p=player: second.call(lambda s: connected(s, p.name)))
            heard_after(ann, start, "Lobby")
            heard_after(ben, start, "Lobby")
            ann.pump(0.5)
            ben.pump(0.5)
            assert not any("is online" in line for line in ann.spoken[start:]), ann.spoken
            # A second connection of a player the server knows is no coming online either.
            again = Player(second.url, "Ben", password="Ben's secret")
            players.append(again)
            again.heard("Lobby")
            ann.pump(0.5)
            assert not any("is online" in line for line in ann.spoken[start:]), ann.spoken
    finally:
        for player in players:
            player.close()
        if first is not None:
            first.stop()
