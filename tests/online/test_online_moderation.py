"""Message buffers, ping and moderation through a real server on loopback, with the game's
own clients driven by keys: chat filed in its buffer and muted with F6, Alt+P timed by the
client, a host removing and banning a player in play, an owner's bans (account and address),
chat mute, announcement and maintenance message, a report kept with its chat lines, and an
owner's command from anyone else refused with a code."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.online import Player, ServerThread, session_of

from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.server import Server

pytestmark = [pytest.mark.usefixtures("private_home"), pytest.mark.slow]

OWNER = "Boss"
OWNER_PASSWORD = "the owner's own words"


def two_at_a_table(srv: ServerThread, names: tuple[str, str] = ("Ann", "Ben")) -> list[Player]:
    """The first creates a classic table of two people, the second joins, the game starts
    (nobody but them: nothing moves until they play)."""
    create = p.Create(game="classic", seats=["human", "human"], pause_ms=0)
    first = Player(srv.url, names[0], first=[create])
    first.wait_for(lambda: first.screen.table is not None and first.screen.table.code is not None)
    code = first.screen.table.code  # type: ignore[union-attr]
    assert code is not None
    second = Player(srv.url, names[1], first=[p.Join(code=code)])
    second.heard("You joined")
    first.heard(f"{names[1]} joined the table.")
    first.screen.link.send(p.Start())
    for player in (first, second):
        player.heard("The game starts.")
    return [first, second]


def chat(player: Player, line: str) -> None:
    """Say ``line`` to the table by the chat key."""
    player.press("quote")
    player.answer(line)


def choose(player: Player, words: str) -> None:
    """In the menu on top, move down to the item that starts with ``words`` and choose it."""
    for _move in range(16):
        if player.spoken and words in player.spoken[-1]:
            player.press("return")
            return
        player.press("down")
    raise AssertionError(f"{player.name}: no item {words!r}; last heard {player.spoken[-3:]}")


def errors_of(player: Player) -> list[str]:
    """The codes of the errors the server sent this client."""
    return [error.code for error in player.screen.errors]


def test_chat_is_kept_in_its_buffer_f6_mutes_it_and_alt_p_says_the_ping(tmp_path: Path) -> None:
    with ServerThread(tmp_path / "data") as srv:
        ann, ben = two_at_a_table(srv)
        try:
            chat(ann, "good luck")
            ben.heard("Ann says: good luck")
            ben.press("rightbracket", "rightbracket")
            ben.heard("Chat, 1 message")
            ben.press("comma")
            ben.heard("Ann says: good luck. Only message")
            ben.press("f6")
            ben.heard("Chat muted: kept in its buffer, not spoken")
            chat(ann, "second line")
            ann.pump(0.3)
            ben.pump(0.3)
            assert not any("second line" in line for line in ben.spoken)
            ben.press("leftbracket", "rightbracket")
            ben.heard("Chat, 2 messages, muted")
            ben.press("comma")
            ben.heard("Ann says: second line. Last message")
            ben.press("rightbracket", "rightbracket", "rightbracket")  # round to all
            ben.heard("All messages, ")
            ben.press("rightbracket")
            ben.heard("Table, ")
            table = srv.call(lambda s: list(session_of(s, "Ben").app.voice.buffers.lines["table"]))
            assert not any("says:" in line for line in table)
            ben.press("alt+p")
            ben.heard("Ping: ")
            said = next(line for line in ben.spoken if line.startswith("Ping: "))
            assert said.endswith(("millisecond", "milliseconds"))
            assert 0 <= int(said.split()[1]) < 30_000
        finally:
            for player in (ann, ben):
                player.close()


def test_a_host_removes_and_bans_a_player_in_play(tmp_path: Path) -> None:
    with ServerThread(tmp_path / "data") as srv:
        ann, ben = two_at_a_table(srv)
        code = ann.screen.table.code  # type: ignore[union-attr]
        try:
            ann.press("escape")
            ann.heard("Back to the table")
            choose(ann, "Remove and ban a player")
            ann.heard("Remove and ban which player")
            choose(ann, "Ben")
            ann.heard(
                "Ben was removed and banned from the table; a Normal computer player takes "
                "the seat."
            )
            ben.heard("The host removed you from the table, and you cannot join it again.")
            ann.pump(0.5)
            # One act, one line: the host does not hear it again as one at the table.
            assert [line for line in ann.spoken if "removed" in line] == [
                "Ben was removed and banned from the table; a Normal computer player takes "
                "the seat."
            ]
            assert not any("until they come back" in line for line in ann.spoken + ben.spoken)

            def seat(server: Server) -> tuple[str | None, bool, str | None]:
                info = server.tables[code].seats[1]
                return info.who, info.replaced, session_of(server, "Ben").table

            who, replaced, bens_table = srv.call(seat)
            assert who is None and replaced and bens_table is None
            ben.screen.link.send(p.Join(code=code))
            ben.heard("The host banned you from this table.")
            assert srv.call(lambda s: session_of(s, "Ben").table) is None
        finally:
            for player in (ann, ben):
                player.close()


def test_an_owner_mutes_announces_sets_maintenance_and_bans(tmp_path: Path) -> None:
    with ServerThread(tmp_path / "data", admins=[OWNER]) as srv:
        sam, tim = two_at_a_table(srv, ("Sam", "Tim"))
        boss = Player(srv.url, OWNER, password=OWNER_PASSWORD)
        boss.heard("Lobby")
        players = [sam, tim, boss]
        try:
            # Someone else's owner's command is refused, with its code.
            sam.screen.link.send(p.Admin(command="announce free cards for all"))
            sam.heard("Only the server's owner can do that.")
            sam.wait_for(lambda: "not_admin" in errors_of(sam))
            assert not any("free cards" in line for line in tim.spoken)

            boss.screen.link.send(p.Admin(command="mute Sam 10"))
            boss.heard("Sam cannot chat for 10 minutes.")
            chat(sam, "buy my cards")
            sam.heard("The server's owner has muted you: your line was not sent.")
            chat(tim, "hello")
            sam.heard("Tim says: hello")
            assert not any("buy my cards" in line for line in tim.spoken)

            boss.screen.link.send(p.Admin(command="announce Tournament at eight"))
            for player in (sam, tim):
                player.heard("Announcement from the server: Tournament at eight")
            boss.heard("Said to 3 players online.")

            boss.screen.link.send(p.Admin(command="maintenance Restart in 5 minutes"))
            sam.heard("Maintenance: Restart in 5 minutes")
            late = Player(srv.url, "Una")
            players.append(late)
            late.heard("Maintenance: Restart in 5 minutes")
            boss.screen.link.send(p.Admin(command="maintenance none"))
            boss.heard("The maintenance message is cleared.")

            boss.screen.link.send(p.Admin(command="unmute Sam"))
            boss.heard("Sam may chat again.")
            assert srv.call(lambda s: s.db.muted_until(session_of(s, "Sam").identity)) is None

            boss.screen.link.send(p.Admin(command="ban Tim"))
            boss.heard("Tim is banned for good.")
            tim.heard("The server's owner has banned you from this server.")
            tim.wait_for(lambda: tim.screen.ended)
            sam.heard("plays for Tim")  # his seat went to a computer player
        finally:
            for player in players:
                player.close()


def test_a_banned_account_and_a_banned_address_cannot_sign_in(tmp_path: Path) -> None:
    with ServerThread(tmp_path / "data", admins=[OWNER]) as srv:
        boss = Player(srv.url, OWNER, password=OWNER_PASSWORD)
        boss.heard("Lobby")
        ned = Player(srv.url, "Ned", password="ned's own words")
        ned.heard("Lobby")
        players = [boss, ned]
        try:
            boss.screen.link.send(p.Admin(command="ban Ned 60"))
            boss.heard("Ned is banned for 60 minutes.")
            ned.wait_for(lambda: ned.screen.ended)
            again = Player(srv.url, "Ned", password="ned's own words")
            players.append(again)
            again.wait_for(lambda: "banned" in errors_of(again))
            again.wait_for(lambda: again.screen.ended)

            guest = Player(srv.url, "Gus")
            players.append(guest)
            guest.heard("Lobby")
            boss.screen.link.send(p.Admin(command="banip Gus"))
            boss.heard("The address 127.0.0.1 is banned for good.")
            guest.wait_for(lambda: guest.screen.ended)
            other = Player(srv.url, "Ola")
            players.append(other)
            other.wait_for(lambda: "banned" in errors_of(other))
            # The owner, at the same address, is never refused.
            owner_again = Player(srv.url, OWNER, password=OWNER_PASSWORD)
            players.append(owner_again)
            owner_again.heard("Lobby")
            owner_again.screen.link.send(p.Admin(command="unbanip 127.0.0.1"))
            owner_again.heard("127.0.0.1 may come back.")
            welcome = Player(srv.url, "Ola")
            players.append(welcome)
            welcome.heard("Lobby")
        finally:
            for player in players:
                player.close()


def test_a_report_is_kept_with_the_tables_chat_and_the_owner_hears_it(tmp_path: Path) -> None:
    with ServerThread(tmp_path / "data", admins=[OWNER]) as srv:
        ann, ben = two_at_a_table(srv)
        boss = Player(srv.url, OWNER, password=OWNER_PASSWORD)
        try:
            chat(ben, "you play like a potato")
            ann.heard("Ben says: you play like a potato")
            chat(ann, "please stop")
            ann.press("escape")
            ann.heard("Back to the table")
            choose(ann, "Report a player")
            ann.heard("Report which player")
            choose(ann, "Ben")
            ann.heard("Why are you reporting Ben?")
            ann.answer("insults at the table")
            ann.heard("Thank you. Your report of Ben was sent to the server's owner.")
            reports = srv.call(lambda s: s.db.reports())
            assert len(reports) == 1
            report = reports[0]
            assert (report.reporter_name, report.reported_name) == ("Ann", "Ben")
            identities = srv.call(lambda s: [session_of(s, n).identity for n in ("Ann", "Ben")])
            assert [report.reporter, report.reported] == identities
            assert report.reason == "insults at the table"
            assert report.chat == ("Ben: you play like a potato", "Ann: please stop")
            assert report.table == ann.screen.table.code  # type: ignore[union-attr]
            boss.heard("Lobby")
            boss.screen.link.send(p.Admin(command="reports"))
            boss.heard("reported Ben")
            heard = next(line for line in boss.spoken if "reported Ben" in line)
            assert "insults at the table" in heard and "you play like a potato" in heard
            assert "guest:" not in heard
        finally:
            for player in (ann, ben, boss):
                player.close()
