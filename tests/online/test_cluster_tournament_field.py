"""A tournament's field spread over two real server processes sharing one real PostgreSQL
(``serve --cluster``): its places are taken in the store (two people taking the last place
at once, on two processes: one has it, the other hears it is full), its host hosts one at a
time on any process and starts it now from the other process, and those connected to the
other process hear the start, the pairings and the standings when they are said, each in
their own language."""

from __future__ import annotations

import signal
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers.cluster import (
    ann_hosts,
    ben_enters_anns,
    choose_line,
    holder_of,
    open_listed,
    rows,
    two_processes,
)
from helpers.online import WAIT_S, Player
from helpers.postgres import Postgres, postgres

from ninetynine_audio.i18n import using
from ninetynine_audio.input.keynames import gesture_from_name
from ninetynine_audio.present import tournaments as words

__all__ = ["postgres"]  # the session's cluster, a fixture

pytestmark = [pytest.mark.usefixtures("private_home"), pytest.mark.slow]


def in_language(code: str, text: Callable[[], str]) -> str:
    """``text`` as said in language ``code``."""
    with using(code):
        return text()


def move_to_line(player: Player, text: str) -> None:
    """Move ``player``'s highlight to the line that says ``text``, without choosing it."""
    player.wait_for(lambda: any(text in line for line in player.screen.shown.lines))
    found = next(n for n, line in enumerate(player.screen.shown.lines) if text in line)
    while (now := player.screen.shown.highlight or 0) != found:
        player.press("down" if found > now else "up")


def test_the_last_place_its_host_and_its_words_hold_across_processes(
    postgres: Postgres, tmp_path: Path
) -> None:
    url = postgres.new_database()
    with two_processes(url, tmp_path) as (one, two, players):
        ann, ben = ben_enters_anns(one.url, two.url, players)
        listed = in_language(
            "es", lambda: words.tournament_item_text("classic", "knockout", "waiting", 2, 4, "")
        )
        with using("es"):
            cy = Player(two.url, "Cy", password="cy-secret")
        players.append(cy)
        open_listed(cy, listed.rstrip(", "), in_language("es", words.tournaments))
        choose_line(cy, in_language("es", words.enter))
        cy.heard(in_language("es", words.entered_text))
        assert rows(url, "SELECT COUNT(*) FROM tournament_entries") == [(3,)]

        # Dee (here) and Eve (there) take the last place at once: one has it.
        dee = Player(one.url, "Dee", password="dee-secret")
        eve = Player(two.url, "Eve", password="eve-secret")
        players += [dee, eve]
        open_listed(dee, "Classic, Knockout")
        open_listed(eve, "Classic, Knockout")
        for player in (dee, eve):
            move_to_line(player, "Enter the tournament")
        for player in (dee, eve):
            player.app.handle_gesture(gesture_from_name("return"))
        entered, full = words.entered_text(), words.full_text()
        for player in (dee, eve):
            player.wait_for(
                lambda player=player: any(  # type: ignore[misc]
                    entered in line or full in line for line in player.spoken
                )
            )
        answers = sorted(
            "entered" if any(entered in line for line in player.spoken) else "full"
            for player in (dee, eve)
        )
        assert answers == ["entered", "full"]
        assert rows(url, "SELECT COUNT(*) FROM tournament_entries") == [(4,)]
        last = dee if any(entered in line for line in dee.spoken) else eve
        if last is eve:
            ann.heard("Eve entered the tournament.", timeout=WAIT_S)

        # Ann comes back through the other process: she hosts one already, wherever made.
        ann.close()
        ann = Player(two.url, "Ann", password="ann-secret")
        players.append(ann)
        ann.heard("Lobby")
        choose_line(ann, "Tournaments")
        choose_line(ann, "Create a tournament")
        choose_line(ann, "Create the tournament")
        ann.heard(words.one_tournament_text())
        assert rows(url, "SELECT COUNT(*) FROM tournaments") == [(1,)]

        # She starts it now from there: the process that runs it starts it.
        ann.press("escape", "escape")  # back to the lobby
        open_listed(ann, "Classic, Knockout, 4 of 4 entered")
        choose_line(ann, "Start the tournament now")
        ann.heard("Classic, Knockout: the tournament starts with 4 players.", timeout=WAIT_S)
        ann.heard("Round 1 of 2.")
        # Ben and Cy, there too, hear the start and the pairings, Cy in Spanish.
        ben.heard("Classic, Knockout: the tournament starts with 4 players.")
        ben.heard("Round 1 of 2. Table 1:")
        spoken_es = in_language("es", lambda: words.starting_text("classic", "knockout", 4, 0))
        cy.heard(spoken_es)
        cy.heard(in_language("es", lambda: words.round_text(1, 2)))
        pairings = next(line for line in ben.spoken if line.startswith("Round 1 of 2."))
        assert next(line for line in ann.spoken if line.startswith("Round 1 of 2.")) == pairings
        assert all("Round 1 of 2." not in line for line in cy.spoken)
        assert rows(url, "SELECT state FROM tournaments") == [("playing",)]


def leave_table(player: Player) -> None:
    """``player`` leaves the table they are seated at (finishing last of those still in)."""
    player.wait_for(lambda: player.screen.table is not None, WAIT_S * 2)
    player.press("escape")
    choose_line(player, "Leave the table")
    before = len(player.spoken)
    choose_line(player, "Yes")
    player.wait_for(lambda: any("Lobby" in line for line in player.spoken[before:]))


def test_the_standings_reach_an_entrant_on_the_other_process(
    postgres: Postgres, tmp_path: Path
) -> None:
    url = postgres.new_database()
    with two_processes(url, tmp_path) as (one, two, players):
        ann, ben = ben_enters_anns(one.url, two.url, players)
        ann.heard("Ben entered the tournament.", timeout=WAIT_S)
        choose_line(ann, "Start the tournament now")
        ann.heard("Round 1 of 2.")
        # Ben hears the pairings where he is, then is sent to his seat at Ann's process.
        ben.heard("Round 1 of 2.", timeout=WAIT_S)
        ben.wait_for(lambda: ben.screen.link.url == one.url, WAIT_S * 2)
        leave_table(ben)
        # Back at the other process's lobby, he is out of the tournament's process.
        ben.close()
        ben = Player(two.url, "Ben", password="ben-secret")
        players.append(ben)
        ben.heard("Lobby")
        ben.wait_for(lambda: ben.screen.link.url == two.url)
        leave_table(ann)
        # Round 1 is over: the standings, and that he is out, reach Ben there.
        title = words.standings_title(False, 1)
        ann.heard(title, timeout=WAIT_S * 2)
        ben.heard(title, timeout=WAIT_S)
        ben.heard(words.knocked_out_text())
        standings = next(line for line in ann.spoken if line.startswith(title))
        assert next(line for line in ben.spoken if line.startswith(title)) == standings
        assert ben.screen.link.url == two.url


def test_a_start_nobody_answers_is_said_and_works_once_taken_over(
    postgres: Postgres, tmp_path: Path
) -> None:
    url = postgres.new_database()
    with two_processes(url, tmp_path) as (one, two, players):
        ann = ann_hosts(one.url, players)
        tid = str(rows(url, "SELECT id FROM tournaments")[0][0])
        first_holder = holder_of(url, f"tournament:{tid}")
        ann.close()
        ann = Player(two.url, "Ann", password="ann-secret")
        players.append(ann)
        ann.heard("Lobby")
        open_listed(ann, "Classic, Knockout, 1 of 4 entered")
        move_to_line(ann, "Start the tournament now")
        assert one.process is not None
        one.process.send_signal(signal.SIGSTOP)  # its process stops answering
        ann.press("return")
        ann.heard(words.start_unanswered_text(), timeout=WAIT_S)
        assert not any("the tournament starts" in line for line in ann.spoken)
        # Taken over by the process Ann is connected to, it starts there when she asks again.
        ann.wait_for(
            lambda: holder_of(url, f"tournament:{tid}") not in (None, first_holder), WAIT_S * 2
        )
        ann.press("escape", "escape")
        open_listed(ann, "Classic, Knockout, 1 of 4 entered")
        choose_line(ann, "Start the tournament now")
        ann.heard("Classic, Knockout: the tournament starts with 1 player.", timeout=WAIT_S)


def test_a_host_withdrawing_from_the_other_process_passes_the_host_on(
    postgres: Postgres, tmp_path: Path
) -> None:
    url = postgres.new_database()
    with two_processes(url, tmp_path) as (one, two, players):
        ann, _ben = ben_enters_anns(one.url, two.url, players)
        ann.heard("Ben entered the tournament.", timeout=WAIT_S)
        ann.close()
        ann = Player(two.url, "Ann", password="ann-secret")
        players.append(ann)
        ann.heard("Lobby")
        open_listed(ann, "Classic, Knockout, 2 of 4 entered")
        choose_line(ann, "Withdraw from the tournament")
        ann.heard("You withdrew from the tournament.")
        # Its process reads her place given up: Ben, still in, hosts it now.
        ann.wait_for(lambda: rows(url, "SELECT host FROM tournaments") == [("account:ben",)])
        ann.press("escape", "escape")
        choose_line(ann, "Tournaments")
        choose_line(ann, "Create a tournament")
        choose_line(ann, "Create the tournament")
        ann.heard("Classic, Knockout: you created the tournament")
