"""Two real server processes sharing one real PostgreSQL (``serve --cluster``): a table made
on one is joined by its code from the other, each table is played by one process at a time
(its lease), and a process killed or stopped past its lease has its tables taken over by the
other, from their stored actions, while its players come back into the same position.
"""

from __future__ import annotations

import asyncio
import signal
import time
from pathlib import Path

import pytest
from helpers.cluster import (
    actions_of,
    drive,
    holder_of,
    person_to_act,
    rows,
    sit_down,
    stored,
    two_processes,
)
from helpers.online import WAIT_S, Player
from helpers.postgres import Postgres, postgres

from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.bus import Bus, event_text
from ninetynine_audio.online.cluster import LOBBY_CHANNEL
from ninetynine_audio.online.storage import open_store

__all__ = ["postgres"]  # the session's cluster, a fixture

pytestmark = [pytest.mark.usefixtures("private_home"), pytest.mark.slow]


def test_a_table_made_on_one_process_is_joined_from_the_other_and_survives_a_kill(
    postgres: Postgres, tmp_path: Path
) -> None:
    url = postgres.new_database()
    with two_processes(url, tmp_path) as (one, two, players):
        ann, ben, code = sit_down(one.url, two.url)
        players += [ann, ben]
        # Ben asked the other process for the code and was sent to the table's own.
        assert ben.screen.link.url == one.url and ben.screen.link.home == two.url
        drive(url, code, players, until=8)
        _, record = stored(url, code)
        before = actions_of(record)
        held_by = holder_of(url, code)
        assert held_by is not None
        one.kill()
        # Ann connected to the killed process; the front door would reach the other.
        ann.screen.link.home = ann.screen.link.url = two.url
        for player in players:
            player.heard("You are back at your seat.", timeout=WAIT_S * 2)
        new_holder = holder_of(url, code)
        assert new_holder is not None and new_holder != held_by
        # The same position: dealt again from its stored actions.
        _, record = stored(url, code)
        assert actions_of(record)[: len(before)] == before
        for player in players:
            assert player.screen.link.url == two.url
        drive(url, code, players, until=None)
        ann.wait_for(lambda: rows(url, "SELECT COUNT(*) FROM results") == [(1,)])
        time.sleep(1.0)  # a second result, were it written, would be there by now
        assert rows(url, "SELECT code FROM results") == [(code,)]
        assert rows(url, "SELECT COUNT(*), SUM(games) FROM ratings") == [(2, 2)]
        status, _out, err = two.terminate()
        assert status == 0 and "Traceback" not in err


def test_a_process_stopped_past_its_lease_never_plays_its_table_again(
    postgres: Postgres, tmp_path: Path
) -> None:
    url = postgres.new_database()
    with two_processes(url, tmp_path) as (one, two, players):
        ann, ben, code = sit_down(one.url, one.url)
        players += [ann, ben]
        drive(url, code, players, until=4)
        # Wait for a person's turn, so that a key of theirs would play a card.
        ann.wait_for(lambda: person_to_act(url, code) is not None)
        _, record = stored(url, code)
        before = actions_of(record)
        held_by = holder_of(url, code)
        assert one.process is not None
        one.process.send_signal(signal.SIGSTOP)  # its clock goes on, its renewals do not
        ann.wait_for(lambda: holder_of(url, code) not in (None, held_by), timeout=WAIT_S)
        # The other process holds the table now. A key that the stopped process will
        # read when it runs again races the table's new holder.
        found = person_to_act(url, code)
        assert found is not None  # nobody played meanwhile: the same person's turn
        seat, keys = found
        players[seat].press(*keys)
        one.process.send_signal(signal.SIGCONT)
        for player in players:
            player.heard("You are back at your seat.", timeout=WAIT_S * 2)
            assert player.screen.link.url == two.url
        _, record = stored(url, code)
        assert actions_of(record) == before  # the key was not played by the stopped one
        log = (tmp_path / "one" / "server.log").read_text(encoding="utf-8")
        assert f"table {code}: its lease is not held" in log
        assert "a write was dropped" not in log


def test_the_lobby_of_each_process_lists_the_tables_of_the_other(
    postgres: Postgres, tmp_path: Path
) -> None:
    url = postgres.new_database()
    with two_processes(url, tmp_path) as (one, two, players):
        ben = Player(two.url, "Ben", password="ben-secret")
        players.append(ben)
        ben.heard("Lobby.")
        create = p.Create(game="classic", seats=["human", "human", "normal"])
        ann = Player(one.url, "Ann", password="ann-secret", first=[create])
        players.append(ann)
        ann.wait_for(lambda: ann.screen.table is not None)
        # Ben's lobby, on the other process, lists Ann's table as it waits for him.
        assert lobby_lists(ben, "Ann")
        # Chosen there, it sends him to Ann's process, where he sits down.
        shown = ben.screen.shown
        line = next(n for n, text in enumerate(shown.lines) if "Ann" in text)
        ben.press(*["down"] * (line - (shown.highlight or 0)), "return")
        ben.heard("You joined")
        ann.heard("Ben joined the table.")
        assert ben.screen.link.url == one.url


def lobby_lists(player: Player, name: str) -> bool:
    """Whether ``player``'s lobby comes to list a table of ``name``'s, looked at as a player
    would: a key, then the window it draws."""
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        player.press("home")
        if any(name in line for line in player.screen.shown.lines):
            return True
        player.pump(0.2)
    return False


def test_lobby_events_cross_processes_over_listen_and_notify(
    postgres: Postgres, tmp_path: Path
) -> None:
    url = postgres.new_database()
    store = open_store(tmp_path / "one", url, shared=True)
    heard: list[tuple[str, object]] = []
    loop = asyncio.new_event_loop()
    buses = [Bus(url, LOBBY_CHANNEL, "one"), Bus(url, LOBBY_CHANNEL, "two")]
    try:
        for bus in buses:
            bus.start(loop, lambda kind, data, bus=bus: heard.append((bus.me, kind, data)))
        # Each bus listens once connected: events until then may be missed, so send until
        # the first arrives.
        deadline = time.monotonic() + WAIT_S
        while not heard and time.monotonic() < deadline:
            store.notify(LOBBY_CHANNEL, event_text("one", "tables", {"code": "123456"}))
            loop.run_until_complete(asyncio.sleep(0.1))
        assert heard and all(event == ("two", "tables", {"code": "123456"}) for event in heard)
    finally:
        for bus in buses:
            bus.close()
        store.close()
        loop.close()
