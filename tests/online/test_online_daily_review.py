"""The daily deal and the coach on a real server on a free loopback port, with real clients
driven by keys: two players are dealt the same daily deal and ranked among everyone who played
it on the server, it is played once a day, and a game reviewed after it ends (from its results,
then again, then from the lobby's last games) names the same costly moves each time."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from helpers.competition import choose, play_turns
from helpers.online import WAIT_S, Player, ServerThread, session_of

from ninetynine_audio.games.registry import find_game
from ninetynine_audio.online.daily import server_rank
from ninetynine_audio.online.review import OnlineReview
from ninetynine_audio.online.server import Server
from ninetynine_audio.play.daily import DailyResult, daily_seed
from ninetynine_audio.present.words import ordinal

pytestmark = [pytest.mark.usefixtures("private_home"), pytest.mark.slow]

DAY = "2026-12-06"
GAME_TIME_S = 300.0


def all_over(server: Server, names: list[str]) -> bool:
    """Whether every one of ``names`` has finished the match at their table."""
    for name in names:
        table = session_of(server, name).table
        if table is not None and table.host is not None and not table.host.is_over:
            return False
    return True


def costly_now(srv: ServerThread, name: str) -> list[tuple[int, str]] | None:
    """The costly moves of the review open on ``name``'s screen, once weighed."""

    def look(server: Server) -> list[tuple[int, str]] | None:
        top = session_of(server, name).app.top
        if not isinstance(top, OnlineReview) or top.review is None:
            return None
        return [(d.number, d.chosen.code) for d in top.review.costly]

    return srv.call(look)


def open_review(srv: ServerThread, player: Player, words: str) -> None:
    """Choose ``words`` until a review opens (a results screen takes no key until the
    result has been heard)."""

    def opened(server: Server) -> bool:
        return isinstance(session_of(server, player.name).app.top, OnlineReview)

    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        choose(srv, player, words)
        if player.wait_for(lambda: srv.call(opened), timeout=2.0, fail=False):
            return
    raise AssertionError(f"{player.name}: no review opened")


def wait_review(srv: ServerThread, player: Player) -> list[tuple[int, str]]:
    """The costly moves of the review on the player's screen, once weighed."""
    found: list[list[tuple[int, str]]] = []

    def weighed() -> bool:
        costly = costly_now(srv, player.name)
        if costly is not None:
            found.append(costly)
        return bool(found)

    player.wait_for(weighed, timeout=WAIT_S * 4)
    return found[0]


def test_the_daily_deal_online_deals_alike_ranks_and_reviews_the_same(tmp_path: Path) -> None:
    with ServerThread(tmp_path / "data", pause_scale=0.0) as srv:
        srv.call(lambda s: setattr(s.daily, "today", lambda: DAY))
        ann = Player(srv.url, "Ann", password="ann's secret")
        ben = Player(srv.url, "Ben", password="ben's secret")
        players = {"Ann": ann, "Ben": ben}
        try:
            for player in players.values():
                player.heard("Lobby")
                choose(srv, player, "Daily deal")
                choose(srv, player, "Classic: today's deal")
                player.heard("The game starts.")

            def setups(server: Server) -> list[Any]:
                return [session_of(server, n).table.host.core.setup for n in players]

            first, second = srv.call(setups)
            # The same deal as offline: the seed from the date, the same seats and levels.
            assert first.seed == second.seed == daily_seed(DAY, "classic")
            assert first.kinds == second.kinds and first.options == second.options == {}
            assert first.names[0] == "Ann" and second.names[0] == "Ben"
            spec = find_game("classic")
            dealt = [spec.new_game(replace(s, names=first.names))[0] for s in (first, second)]
            assert dealt[0].hands == dealt[1].hands

            play_turns(srv, players, lambda s: all_over(s, list(players)), GAME_TIME_S)
            for player in players.values():
                player.heard("today's deal:")
            entries = srv.call(lambda s: s.db.daily_entries(DAY, "classic"))
            results = {e.who: DailyResult.from_record(e.result) for e in entries}
            assert set(results) == {"account:ann", "account:ben"}
            ranked = [r for r in results.values() if r is not None]
            assert len(ranked) == 2
            # The second to finish hears where their result stands among both: place first,
            # then the margin (the coach's cost is not known before the review).
            lines = {
                n: [x for x in pl.spoken if "on this server" in x] for n, pl in players.items()
            }
            second = next(n for n, said in lines.items() if any("of 2 players" in x for x in said))
            mine = results[f"account:{second.lower()}"]
            other = results[f"account:{('Ben' if second == 'Ann' else 'Ann').lower()}"]
            assert mine is not None and other is not None
            rank = 2 if other.rank_key() < mine.rank_key() else 1
            assert any(f"{ordinal(rank)} of 2 players on this server" in x for x in lines[second])
            assert server_rank(mine, [mine, other]) == (rank, 2)

            # Reviewed from the results, twice, then from the lobby's last games: the same
            # costly moves each time.
            open_review(srv, ann, "Review this game")
            once = wait_review(srv, ann)
            ann.press("escape")
            open_review(srv, ann, "Review this game")
            twice = wait_review(srv, ann)
            assert once == twice
            stored = srv.call(lambda s: s.db.daily_entries(DAY, "classic"))
            kept = next(e for e in stored if e.who == "account:ann")
            assert kept.result is not None and kept.result["cost"] is not None
            ann.press("escape")
            srv.call(lambda s: s.leave_table(session_of(s, "Ann")))
            choose(srv, ann, "Your last games")
            open_review(srv, ann, "Classic")
            later = wait_review(srv, ann)
            assert later == once

            # Played once a day: a second try is refused.
            srv.call(lambda s: s.leave_table(session_of(s, "Ben")))
            choose(srv, ben, "Daily deal")
            choose(srv, ben, "Classic, today's deal:")
            ben.heard("each daily deal is played once a day")
            assert srv.call(lambda s: session_of(s, "Ben").table) is None

            # Reviewed later from the lobby, the day's result keeps the coach's cost all the same.
            def ben_cost(server: Server) -> object:
                entry = next(e for e in server.db.daily_entries(DAY, "classic") if "ben" in e.who)
                return None if entry.result is None else entry.result["cost"]

            assert srv.call(ben_cost) is None
            ben.press("escape")
            choose(srv, ben, "Your last games")
            open_review(srv, ben, "Classic")
            wait_review(srv, ben)
            ben.wait_for(lambda: srv.call(ben_cost) is not None)
            assert srv.call(lambda s: s.crashes) == 0
        finally:
            for player in players.values():
                player.close()
