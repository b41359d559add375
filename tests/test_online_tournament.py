"""A tournament on a real server on a free loopback port, with real clients driven by keys:
Ann makes a knockout of four from the lobby's menus, Ben enters it, Ann starts it, computer
players fill the two empty places, each round's tables seat their people by themselves, and
the knockout runs to its winner, whom everyone hears with the standings."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from online_helpers import WAIT_S, Player, ServerThread, session_of

from ninetynine_audio.online.server import Server
from ninetynine_audio.present.adding.effects import UP_CHOICES, play_effects

pytestmark = [pytest.mark.usefixtures("private_home"), pytest.mark.slow]

TOURNAMENT_TIME_S = 480.0


def choose(srv: ServerThread, player: Player, words: str) -> None:
    """Move to the item of the player's menu on the server that says ``words``, and choose
    it (as a player hears their way down a menu)."""

    def where(server: Server) -> tuple[int, int]:
        menu = session_of(server, player.name).app.top
        texts = [item.text() for item in menu.items]
        found = next(i for i, text in enumerate(texts) if words in text)
        return menu.index, found

    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        now, wanted = srv.call(where)
        if now == wanted:
            player.press("return")
            return
        player.press("down" if wanted > now else "up")
    raise AssertionError(f"{player.name}: no item {words!r}")


def keys_for(screen: Any) -> list[str]:
    """A careful player's keys at an adding table: the cheapest card the rules allow."""
    state = screen.state
    hand = state.hands[state.to_act]
    options = []
    for index, card in enumerate(hand):
        for effect in play_effects(state.rules, card, state.total):
            if effect.is_allowed:
                options.append((effect.cost, index, effect.outcome.choice))
    cost, index, choice = min(options, key=lambda o: (o[0], o[1]))
    effects = [e for e in play_effects(state.rules, hand[index], state.total) if e.is_allowed]
    if len(effects) > 1:
        keys = ["left"] * len(hand) + ["right"] * index
        keys += ["up" if choice in UP_CHOICES else "down", "return"]
    else:
        keys = [str(index + 1)]
    if cost > 0:
        keys.append(keys[-1])
    return keys


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
            ben.heard("Lobby")
            choose(srv, ben, "Tournaments")
            choose(srv, ben, "Classic, Knockout, 1 of 4 entered")
            choose(srv, ben, "Enter the tournament")
            ben.heard("You entered.")
            ann.heard("Ben entered the tournament.")
            choose(srv, ann, "Start the tournament now")
            for player in players.values():
                player.heard("Classic, Knockout: the tournament starts with 2 players.")
                player.heard("Round 1 of 2.")
                player.heard("You are seated at table")

            def due(server: Server) -> tuple[bool, list[tuple[str, list[str]]]]:
                tournament = server.tournaments.all[tid]
                if tournament.state == "over":
                    return True, []
                work = []
                for code in tournament.codes.values():
                    table = server.tables.get(code)
                    host = None if table is None else table.host
                    if host is None or host.is_over or host.bot_due is not None:
                        continue
                    for seat in host.core.seats_to_act():
                        listener = host.listeners.get(seat)
                        if listener is not None and seat not in host.replaced:
                            work.append((table.seats[seat].name, keys_for(listener.screen)))
                return False, work

            deadline = time.monotonic() + TOURNAMENT_TIME_S
            while time.monotonic() < deadline:
                over, work = srv.call(due)
                if over:
                    break
                for name, keys in work[:1]:
                    players[name].press(*keys)
                for player in players.values():
                    player.pump(0.005)
            else:
                raise AssertionError("the tournament did not end")

            record = srv.call(lambda s: s.tournaments.all[tid].to_record())
            assert len(record["rounds"]) == 2
            final = record["rounds"][1]["tables"]
            assert len(final) == 1 and final[0]["places"] is not None
            winner = record["field"][final[0]["seats"][final[0]["places"].index(1)]]["name"]
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
