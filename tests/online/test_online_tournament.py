"""A tournament on a real server on a free loopback port, with real clients driven by keys:
Ann makes a knockout of four from the lobby's menus, Ben enters it, Ann starts it, computer
players fill the two empty places, each round's tables seat their people by themselves, and
the knockout runs to its winner, whom everyone hears with the standings."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from helpers.competition import (
    ann_creates,
    ben_enters_and_ann_starts,
    choose,
    enters_and_leaves,
    is_gone,
    knockout_played_out,
    play_turns,
)
from helpers.online import Player, ServerThread

from ninetynine_audio.i18n import using
from ninetynine_audio.online.server import Server
from ninetynine_audio.present import online as online_words
from ninetynine_audio.present import tournaments as words

pytestmark = [pytest.mark.usefixtures("private_home"), pytest.mark.slow]

TOURNAMENT_TIME_S = 480.0


def test_a_knockout_of_four_filled_by_computers_runs_to_its_winner(tmp_path: Path) -> None:
    with ServerThread(tmp_path / "data", pause_scale=0.0) as srv:
        srv.call(lambda s: setattr(s.tournaments, "round_gap_s", 0.5))
        ann = Player(srv.url, "Ann")
        ben = Player(srv.url, "Ben")
        players = {"Ann": ann, "Ben": ben}
        try:
            ann.heard("Lobby")
            choose(srv, ann, "Tournaments")
            choose(srv, ann, "Create a tournament")
            ann.heard("New tournament")
            choose(srv, ann, "Create the tournament")
            ann.heard("Classic, Knockout: you created the tournament")
            tid = srv.call(lambda s: next(iter(s.tournaments.all)))
            ben_enters_and_ann_starts(srv, ann, ben, "Classic, Knockout, 1 of 4 entered")
            for player in players.values():
                player.heard("Classic, Knockout: the tournament starts with 2 players.")
                player.heard("Round 1 of 2.")
                player.heard("You are seated at table")

            record, final = knockout_played_out(srv, players, tid, TOURNAMENT_TIME_S)
            winner = record["field"][final["seats"][final["places"].index(1)]]["name"]
            for player in players.values():
                player.heard("Final standings:")
                player.heard(f"{winner} wins the tournament.")
                player.heard("You finished")
            # Every round's table with a person at it was recorded as a match (and rated).
            tables_with_people = sum(
                1
                for played in record["rounds"]
                for table in played["tables"]
                if any(record["field"][s]["who"] for s in table["seats"])
            )
            assert srv.call(lambda s: s.db.results_count()) == tables_with_people
            stored = srv.call(lambda s: s.db.tournaments())
            assert [(t.id, t.state) for t in stored] == [(tid, "over")]
            assert stored[0].standings[0]["name"] == winner
            assert srv.call(lambda s: s.crashes) == 0
            assert [e for pl in players.values() for e in pl.screen.errors] == []
        finally:
            for player in players.values():
                player.close()


def test_a_tournament_in_play_carries_on_after_the_server_restarts(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with ServerThread(data, pause_scale=0.0) as srv:
        ann = Player(srv.url, "Ann", password="ann's secret")
        ben = Player(srv.url, "Ben", password="ben's secret")
        try:
            ann_creates(srv, ann)
            choose(srv, ben, "Tournaments")
            choose(srv, ben, "1 of 4 entered")
            choose(srv, ben, "Enter the tournament")
            ann.heard("Ben entered the tournament.")
            choose(srv, ann, "Start the tournament now")
            for player in (ann, ben):
                player.heard("You are seated at table")
            tid, codes = srv.call(
                lambda s: next((t.id, dict(t.codes)) for t in s.tournaments.all.values())
            )
        finally:
            ann.close()
            ben.close()
    with ServerThread(data, pause_scale=0.0) as srv:
        srv.call(lambda s: setattr(s.tournaments, "round_gap_s", 0.5))
        # Round 1 is still in play at the same tables, each a tournament's table again.
        again = srv.call(lambda s: dict(s.tournaments.all[tid].codes))
        assert again == codes
        settings = srv.call(lambda s: [s.tables[c].settings["tournament"] for c in codes.values()])
        assert settings == [tid] * len(codes)
        ann = Player(srv.url, "Ann", password="ann's secret")
        ben = Player(srv.url, "Ben", password="ben's secret")
        players = {"Ann": ann, "Ben": ben}
        try:
            for player in players.values():
                player.heard("You are back at your seat.")
            play_turns(
                srv,
                players,
                lambda s: s.tournaments.all[tid].state == "over",
                TOURNAMENT_TIME_S,
            )
            for player in players.values():
                player.heard("wins the tournament.")
            stored = srv.call(lambda s: s.db.tournaments())
            assert [(t.id, t.state, len(t.rounds)) for t in stored] == [(tid, "over", 2)]
            assert srv.call(lambda s: s.crashes) == 0
        finally:
            for player in players.values():
                player.close()


def test_a_table_everyone_left_is_played_out_by_its_stand_ins(tmp_path: Path) -> None:
    # Nobody hears it, yet its round waits on it: after the seats' keeping, the computers
    # standing in play it to its end, each person placed as they left it.
    with ServerThread(tmp_path / "data", pause_scale=1.0, keep_seat_s=0.5) as srv:
        srv.call(lambda s: setattr(s.tournaments, "round_gap_s", 0.5))
        ann = Player(srv.url, "Ann", password="ann's secret")
        ben = Player(srv.url, "Ben", password="ben's secret")
        try:
            ann_creates(srv, ann)
            ben_enters_and_ann_starts(srv, ann, ben, "Classic, Knockout, 1 of 4 entered")
            for player in (ann, ben):
                player.heard("You are seated at table")
            tid = srv.call(lambda s: next(iter(s.tournaments.all)))
        finally:
            ann.close()
            ben.close()
        deadline = time.monotonic() + TOURNAMENT_TIME_S
        while srv.call(lambda s: s.tournaments.all[tid].state) != "over":
            assert time.monotonic() < deadline, "the round waited on a table nobody hears"
            time.sleep(0.2)
        record = srv.call(lambda s: s.tournaments.all[tid].to_record())
        first = record["rounds"][0]["tables"]
        people = {e["who"]: n for n, e in enumerate(record["field"]) if e["who"]}
        for table in first:
            for seat, seed in enumerate(table["seats"]):
                if seed in people.values():  # out at the place they left it in: last
                    assert table["places"][seat] == len(table["seats"])
        # Each table with a person was recorded as a match, as any table a computer took.
        assert srv.call(lambda s: s.db.results_count()) == len(people)
        assert srv.call(lambda s: s.crashes) == 0


@pytest.mark.parametrize("restart", [False, True], ids=["same server", "after a restart"])
def test_a_player_seated_while_away_hears_their_seat_as_new_not_as_a_return(
    tmp_path: Path, restart: bool
) -> None:
    data = tmp_path / "data"
    with ServerThread(data, pause_scale=0.0) as srv:
        ann = Player(srv.url, "Ann", password="ann's secret")
        ben = Player(srv.url, "Ben", password="ben's secret")
        try:
            ann_creates(srv, ann)
            # Ben is away when the tournament starts.
            enters_and_leaves(srv, ben, "Classic, Knockout, 1 of 4 entered")
            srv.call(befriend)
            choose(srv, ann, "Start the tournament now")
            ann.heard("You are seated at table")
            if not restart:
                ben_comes_to_a_new_seat(srv, ann, "You are seated at table")
        finally:
            ann.close()
            ben.close()
    if restart:  # the server stopped before Ben came: his seat is still new to him
        with ServerThread(data, pause_scale=0.0) as srv:
            ann = Player(srv.url, "Ann", password="ann's secret")
            try:
                ann.heard("You are back at your seat.")
                # What was said before the restart is not kept: where he is is said again.
                ben_comes_to_a_new_seat(srv, ann, "You are seated at table")
            finally:
                ann.close()


def ben_comes_to_a_new_seat(srv: ServerThread, ann: Player, missed: str) -> None:
    """Ben signs in to the round he was seated at while away and hears it as new, then
    ``missed``; Ann, his friend, hears that he came online. Then he leaves again and comes
    back: a return now."""
    ben = Player(srv.url, "Ben", password="ben's secret")
    try:
        ben.heard("You are at your seat. What happened so far:")
        ben.heard(missed)
        assert not any("You are back at your seat" in line for line in ben.spoken)
        ann.heard("Your friend Ben is online.")  # he came: he was not connected
    finally:
        ben.close()
    is_gone(srv, "Ben")
    ben = Player(srv.url, "Ben", password="ben's secret")
    try:
        ben.heard("You are back at your seat.")
        assert not any("You are at your seat" in line for line in ben.spoken)
    finally:
        ben.close()


def test_a_player_who_entered_and_came_back_in_another_language_is_seated_in_it(
    tmp_path: Path,
) -> None:
    """Ben enters in English, signs in again in Spanish (and hears the lobby in it, not the
    tournament's menu made in English) and leaves; the server restarts, and Ann starts the
    tournament: what his seat says while he is away is in Spanish, the language he speaks
    now."""
    data = tmp_path / "data"
    with ServerThread(data, pause_scale=0.0) as srv:
        ann = Player(srv.url, "Ann", password="ann's secret")
        ben = Player(srv.url, "Ben", password="ben's secret")
        try:
            ann_creates(srv, ann)
            enters_and_leaves(srv, ben, "Classic, Knockout, 1 of 4 entered")
            with using("es"):
                ben = Player(srv.url, "Ben", password="ben's secret")
                lobby = online_words.lobby()
            ben.heard(lobby)
        finally:
            ann.close()
            ben.close()
    with ServerThread(data, pause_scale=0.0) as srv:
        ann = Player(srv.url, "Ann", password="ann's secret")
        try:
            choose(srv, ann, "Tournaments")
            choose(srv, ann, "Classic, Knockout, 2 of 4 entered")
            choose(srv, ann, "Start the tournament now")
            ann.heard("You are seated at table")
            with using("es"):
                seated = words.your_table_text(99, ["Lily"]).split("99")[0]
                ben = Player(srv.url, "Ben", password="ben's secret")
            ben.heard(seated)
            assert not any("You are seated" in line for line in ben.spoken), ben.spoken
        finally:
            ann.close()
            ben.close()


def befriend(server: Server) -> None:
    """Ann and Ben are friends."""
    server.db.ask_friend("Ann", "Ben")
    server.db.answer_friend("Ben", "Ann", True)
    server.db.flush()


def test_a_swiss_of_five_gives_byes_and_says_points(tmp_path: Path) -> None:
    with ServerThread(tmp_path / "data", pause_scale=0.0) as srv:
        srv.call(lambda s: setattr(s.tournaments, "round_gap_s", 0.5))
        ann = Player(srv.url, "Ann")
        ben = Player(srv.url, "Ben")
        players = {"Ann": ann, "Ben": ben}
        try:
            choose(srv, ann, "Tournaments")
            choose(srv, ann, "Create a tournament")
            choose(srv, ann, "Format: Knockout")
            ann.heard("Format: Swiss system")
            choose(srv, ann, "Players: 4")
            ann.heard("Players: 5")
            choose(srv, ann, "Create the tournament")
            ann.heard("Classic, Swiss system: you created the tournament")
            choose(srv, ben, "Tournaments")
            choose(srv, ben, "1 of 5 entered")
            choose(srv, ben, "Enter the tournament")
            ann.heard("Ben entered the tournament.")
            choose(srv, ann, "Start the tournament now")
            tid = srv.call(lambda s: next(iter(s.tournaments.all)))
            play_turns(
                srv,
                players,
                lambda s: s.tournaments.all[tid].state == "over",
                TOURNAMENT_TIME_S,
            )
            record = srv.call(lambda s: s.tournaments.all[tid].to_record())
            assert len(record["rounds"]) == 3
            byes = [b for played in record["rounds"] for b in played["byes"]]
            assert len(byes) == 3 and len(set(byes)) == 3  # one a round, never twice
            for player in players.values():
                player.heard("Round 3 of 3.")
                player.heard("Final standings:")
                player.heard("wins the tournament.")
            said = " ".join(ann.spoken + ben.spoken)
            assert "Sitting out, counted as a win:" in said
            assert " points" in said or " point" in said
            for seed in byes:
                name = record["field"][seed]["name"]
                if name in players:
                    players[name].heard("You sit out this round; it counts as a win.")
            assert srv.call(lambda s: s.crashes) == 0
        finally:
            for player in players.values():
                player.close()


def test_a_tournament_everyone_withdrew_from_is_gone_after_a_restart(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with ServerThread(data, pause_scale=0.0) as srv:
        ann = Player(srv.url, "Ann", password="ann's secret")
        try:
            ann_creates(srv, ann)
            choose(srv, ann, "Withdraw from the tournament")
            ann.heard("You withdrew from the tournament.")
        finally:
            ann.close()
    with ServerThread(data, pause_scale=0.0) as srv:
        assert srv.call(lambda s: list(s.tournaments.all)) == []
        ann = Player(srv.url, "Ann", password="ann's secret")
        try:
            # Not hosting it any more: she makes another.
            ann_creates(srv, ann)
        finally:
            ann.close()
