"""Tournaments across two real server processes sharing one real PostgreSQL (``serve
--cluster``): a tournament is held by one process under a lease, as a table is; killed, its
process's tournament is taken over by the other and carried on from its stored state to its
winner; and a player connected to the other process enters it and is seated at its start."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.cluster import (
    ann_hosts,
    ben_enters_anns,
    choose_line,
    drive,
    holder_of,
    open_listed,
    rows,
    two_processes,
)
from helpers.online import WAIT_S, Player
from helpers.postgres import Postgres, postgres

from ninetynine_audio.i18n import using
from ninetynine_audio.present import online as online_words
from ninetynine_audio.present import tournaments as words

__all__ = ["postgres"]  # the session's cluster, a fixture

pytestmark = [pytest.mark.usefixtures("private_home"), pytest.mark.slow]

TOURNAMENT_S = 180.0


def tournament_of(url: str) -> tuple[str, str, dict[str, object]]:
    """The one stored tournament: its id, state and record."""
    found = rows(url, "SELECT id, state, record FROM tournaments")
    assert len(found) == 1
    tid, state, record = found[0]
    return str(tid), str(state), json.loads(record)


def wait_until(player: Player, check: object, timeout: float) -> None:
    """Run ``player``'s client until ``check()`` holds."""
    player.wait_for(check, timeout)  # type: ignore[arg-type]


def test_a_killed_process_tournament_is_carried_on_by_the_other_to_its_winner(
    postgres: Postgres, tmp_path: Path
) -> None:
    url = postgres.new_database()
    with two_processes(url, tmp_path) as (one, two, players):
        ann = ann_hosts(one.url, players)
        choose_line(ann, "Start the tournament now")
        ann.heard("Round 1 of 2.")
        ann.heard("You are seated at table")
        wait_until(ann, lambda: tournament_of(url)[1] == "playing", WAIT_S)
        tid = tournament_of(url)[0]
        lease = f"tournament:{tid}"
        first_holder = holder_of(url, lease)
        assert first_holder is not None
        wait_until(ann, lambda: ann.screen.table is not None, WAIT_S)
        code = ann.screen.table.code  # type: ignore[union-attr]
        assert code is not None
        drive(url, code, [ann, ann], until=2)

        one.kill()  # mid-round: Ann's table in play, the tournament's next round not seated
        ann.screen.link.home = ann.screen.link.url = two.url  # as the front door would
        ann.heard("You are back at your seat.", timeout=WAIT_S * 2)
        wait_until(ann, lambda: holder_of(url, lease) not in (None, first_holder), WAIT_S * 2)
        # Played on at the other process; then Ann leaves her table, finishing last there.
        before = len(rows(url, "SELECT 1 FROM results"))
        ann.press("escape")
        choose_line(ann, "Leave the table")
        choose_line(ann, "Yes")
        wait_until(ann, lambda: len(rows(url, "SELECT 1 FROM results")) > before, WAIT_S)

        # The other process seats round 2 (computers only, Ann out) and ends it.
        wait_until(ann, lambda: tournament_of(url)[1] == "over", TOURNAMENT_S)
        _tid, _state, record = tournament_of(url)
        rounds = record["rounds"]
        assert isinstance(rounds, list) and len(rounds) == 2
        assert all(t["places"] is not None for played in rounds for t in played["tables"])
        standings = rows(
            url,
            "SELECT place, name FROM tournament_standings WHERE tournament = %s ORDER BY place",
            (tid,),
        )
        assert [place for place, _name in standings] == [1, 2, 3, 3]
        # Ann's table counted her as she left it: last there, out in round 1.
        assert "Ann" in {name for place, name in standings if place == 3}
        log = (tmp_path / "two" / "server.log").read_text(encoding="utf-8")
        assert f"tournament {tid} taken over" in log
        status, _out, err = two.terminate()
        assert status == 0 and "Traceback" not in err


def test_a_player_of_the_other_process_enters_and_is_seated(
    postgres: Postgres, tmp_path: Path
) -> None:
    url = postgres.new_database()
    with two_processes(url, tmp_path) as (one, two, players):
        # Ben's process lists the tournament Ann's runs, from the store.
        ann, ben = ben_enters_anns(one.url, two.url, players)
        # Every place is in the store, the host's first, wherever each was taken.
        assert rows(url, "SELECT name FROM tournament_entries ORDER BY at") == [("Ann",), ("Ben",)]
        ann.heard("Ben entered the tournament.", timeout=WAIT_S)
        choose_line(ann, "Start the tournament now")
        ann.heard("Classic, Knockout: the tournament starts with 2 players.")
        ann.heard("You are seated at table")
        # Ben is seated by Ann's process and sent there to his seat.
        wait_until(ben, lambda: ben.screen.link.url == one.url, WAIT_S * 2)
        wait_until(ben, lambda: ben.screen.table is not None, WAIT_S)
        ben.heard("You are at your seat. What happened so far:")  # never here before
        ben.heard("You are seated at table")
        _tid, _state, record = tournament_of(url)
        codes = record["codes"]
        assert isinstance(codes, dict)
        field = record["field"]
        assert isinstance(field, list)
        assert [e["name"] for e in field][:2] == ["Ann", "Ben"]
        assert ben.screen.table.code in codes.values()  # type: ignore[union-attr]
        seats = rows(url, "SELECT seats FROM tables WHERE code = %s", (ben.screen.table.code,))  # type: ignore[union-attr]
        assert any(seat.get("who") == "account:ben" for seat in json.loads(seats[0][0]))


def test_a_player_of_the_other_process_hears_their_seat_in_their_own_language(
    postgres: Postgres, tmp_path: Path
) -> None:
    url = postgres.new_database()
    with two_processes(url, tmp_path) as (one, two, players):
        ann = ann_hosts(one.url, players)
        with using("es"):
            cy = Player(two.url, "Cy", password="cy-secret")
            listed = words.tournament_item_text("classic", "knockout", "waiting", 1, 4, "")
            menu, enter, entered = words.tournaments(), words.enter(), words.entered_text()
            seated = words.your_table_text(1, ["Ann"]).split("1")[0]  # "…table " before its number
            back = online_words.seated_text(1)
        players.append(cy)
        open_listed(cy, listed.rstrip(", "), menu)
        choose_line(cy, enter)
        cy.heard(entered)
        assert rows(url, "SELECT language FROM tournament_entries WHERE who = 'account:cy'") == [
            ("es",)
        ]
        ann.heard("Cy entered the tournament.", timeout=WAIT_S)
        choose_line(ann, "Start the tournament now")
        ann.heard("You are seated at table")
        # Seated by Ann's process while connected to the other: sent there, Cy hears where
        # he sits, and what happened before he came, in Spanish.
        wait_until(cy, lambda: cy.screen.link.url == one.url, WAIT_S * 2)
        wait_until(cy, lambda: cy.screen.table is not None, WAIT_S)
        cy.heard(back)
        cy.heard(seated)
        assert not any("You are seated" in line for line in cy.spoken)


def test_players_of_one_address_moved_at_once_all_land_at_their_seats(
    postgres: Postgres, tmp_path: Path
) -> None:
    # One password check of an address at a time: the three moved at the start sign in at
    # Ann's process together, and those refused as busy sign in again by themselves.
    url = postgres.new_database()
    with two_processes(url, tmp_path, "--limit", "password_per_address=1") as (
        one,
        two,
        players,
    ):
        ann = ann_hosts(one.url, players)
        moved: list[Player] = []
        for name in ("Ben", "Cy", "Dee"):  # signed in one after the other
            player = Player(two.url, name, password=f"{name}-secret")
            players.append(player)
            moved.append(player)
            player.heard("Lobby")
            open_listed(player, "Classic, Knockout")
            choose_line(player, "Enter the tournament")
            player.heard("You entered.")
            ann.heard(f"{player.name} entered the tournament.", timeout=WAIT_S)
        choose_line(ann, "Start the tournament now")
        ann.heard("the tournament starts with 4 players.")
        for player in moved:
            wait_until(player, lambda p=player: p.screen.link.url == one.url, WAIT_S * 2)  # type: ignore[misc]
            wait_until(player, lambda p=player: p.screen.table is not None, WAIT_S * 2)  # type: ignore[misc]
            player.heard("You are seated at table", timeout=WAIT_S)
            assert not any("busy" in line for line in player.spoken)
        _tid, _state, record = tournament_of(url)
        codes = record["codes"]
        assert isinstance(codes, dict)
        assert {p.screen.table.code for p in moved} <= set(codes.values())  # type: ignore[union-attr]
        # The limit held: some were refused as busy, and came back.
        log = (tmp_path / "one" / "server.log").read_text(encoding="utf-8")
        assert "sign-ins while the password checks were full" in log
