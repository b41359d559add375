"""An arcade tournament on a real server on a free loopback port: arcade is one person against
its own three (Lily, Max and Zoe), so its entrants never share a table; each plays the same
deal against the same three at a private table of their own, and the results on that deal are
compared as the daily deal ranks them (place, then margin). Ann makes a knockout of four, Ben
enters, computer players fill the other two places, and it runs to its winner."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.competition import (
    ann_creates,
    ben_enters_and_ann_starts,
    choose,
    enters_and_leaves,
    knockout_played_out,
)
from helpers.online import Player, ServerThread

from ninetynine_audio.online.daily import server_rank
from ninetynine_audio.play.daily import DailyResult

pytestmark = [pytest.mark.usefixtures("private_home"), pytest.mark.slow]

TOURNAMENT_TIME_S = 480.0


def test_an_arcade_knockout_of_four_compares_the_same_deals_to_its_winner(
    tmp_path: Path,
) -> None:
    with ServerThread(tmp_path / "data", pause_scale=0.0) as srv:
        srv.call(lambda s: setattr(s.tournaments, "round_gap_s", 0.5))
        ann = Player(srv.url, "Ann")
        ben = Player(srv.url, "Ben")
        players = {"Ann": ann, "Ben": ben}
        try:
            ann.heard("Lobby")
            ann_creates(srv, ann, arcade=True)
            ann.heard("Arcade, Knockout: you created the tournament")
            tid = srv.call(lambda s: next(iter(s.tournaments.all)))
            ben_enters_and_ann_starts(srv, ann, ben, "Arcade, Knockout, 1 of 4 entered")
            field = srv.call(lambda s: [e.name for e in s.tournaments.all[tid].plan.field])
            assert not {"Lily", "Max", "Zoe"} & set(field)  # never a name of arcade's three
            for player in players.values():
                player.heard("Arcade, Knockout: the tournament starts with 2 players.")
                player.heard("Round 1 of 2.")
                player.heard("Group 1:")
                player.heard("play the same deal against Lily, Max and Zoe.")
            # Each person is alone at a private table against arcade's own three.
            alone = srv.call(
                lambda s: [
                    (s.tables[code].listed, [seat.who is not None for seat in s.tables[code].seats])
                    for code in s.tournaments.all[tid].deals.values()
                ]
            )
            assert alone == [(False, [True, False, False, False])] * 2

            record, final = knockout_played_out(srv, players, tid, TOURNAMENT_TIME_S)
            # The final's places are the comparison of its two results on the same deal.
            results = [DailyResult.from_record(record["results"][str(s)]) for s in final["seats"]]
            assert all(r is not None for r in results)
            compared = [server_rank(r, results)[0] for r in results]  # type: ignore[arg-type]
            assert compared == final["places"]
            assert len({(r.seed, r.game) for r in results if r is not None}) == 1
            places = final["places"]
            best = min(places)
            winner_seed = min(s for s, p in zip(final["seats"], places, strict=True) if p == best)
            winner = record["field"][winner_seed]["name"]
            for player in players.values():
                player.heard("Your result counts:")
                player.heard("the same deal compared:")
                player.heard("Final standings:")
                player.heard(f"{winner} wins the tournament.")
            # Every person's deal was recorded as a match.
            deals_of_people = sum(
                1
                for played in record["rounds"]
                for table in played["tables"]
                for seed in table["seats"]
                if record["field"][seed]["who"]
            )
            assert srv.call(lambda s: s.db.results_count()) == deals_of_people
            stored = srv.call(lambda s: s.db.tournaments())
            assert [(t.id, t.state) for t in stored] == [(tid, "over")]
            assert stored[0].standings[0]["name"] == winner
            assert srv.call(lambda s: s.crashes) == 0
            assert [e for pl in players.values() for e in pl.screen.errors] == []
        finally:
            for player in players.values():
                player.close()


def test_a_player_away_over_a_restart_hears_the_deal_they_play_when_they_come(
    tmp_path: Path,
) -> None:
    """Ben enters an arcade knockout and leaves; Ann starts it and the server restarts before
    Ben comes: at his private table he hears whom he compares the deal with, as he would have
    without the restart."""
    data = tmp_path / "data"
    with ServerThread(data, pause_scale=0.0) as srv:
        ann = Player(srv.url, "Ann", password="ann's secret")
        ben = Player(srv.url, "Ben", password="ben's secret")
        try:
            ann_creates(srv, ann, arcade=True)
            enters_and_leaves(srv, ben, "Arcade, Knockout, 1 of 4 entered")
            choose(srv, ann, "Start the tournament now")
            ann.heard("play the same deal against Lily, Max and Zoe.")
        finally:
            ann.close()
            ben.close()
    with ServerThread(data, pause_scale=0.0) as srv:
        ben = Player(srv.url, "Ben", password="ben's secret")
        try:
            ben.heard("You are at your seat. What happened so far:")
            ben.heard("play the same deal against Lily, Max and Zoe.")
        finally:
            ben.close()
