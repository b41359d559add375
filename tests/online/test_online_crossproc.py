"""One community across two real server processes sharing one real PostgreSQL
(``serve --cluster``): who is online lists the other process's players, a private message and
its answer cross, an invitation accepted sends the player to the table's process, friends ask
and answer across them and hear a friend sign in on the other, a block made on one process
holds on the other, and an owner's announcement and ban made on one process act on the other's
players."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.cluster import rows, two_processes
from helpers.online import WAIT_S, Player
from helpers.postgres import Postgres, postgres

from ninetynine_audio.online import protocol as p

__all__ = ["postgres"]  # the session's cluster, a fixture

pytestmark = [pytest.mark.usefixtures("private_home"), pytest.mark.slow]

OWNER = "Olga"
OWNER_PASSWORD = "the owner's own words"


def said_since(player: Player, start: int, text: str, timeout: float = WAIT_S) -> str:
    """Wait for a phrase holding ``text`` said after the first ``start`` phrases; it."""
    player.wait_for(lambda: any(text in line for line in player.spoken[start:]), timeout)
    return next(line for line in player.spoken[start:] if text in line)


def sees(player: Player, keys: tuple[str, ...], title: str) -> None:
    """Open who's online (``keys``) until its title is ``title``: the other process tells
    who is there every second."""
    for _attempt in range(int(WAIT_S)):
        start = len(player.spoken)
        player.press(*keys)
        said = said_since(player, start, "Who is online")
        if title in said:
            return
        player.press("escape")
        player.pump(1.0)
    raise AssertionError(f"who's online never said {title!r}")


def open_person(player: Player, title: str, name: str) -> int:
    """Open who's online until its title is ``title``, then ``name``'s choices (found by its
    first letter); how many phrases the player had heard before."""
    sees(player, ("f2",), title)
    start = len(player.spoken)
    player.press(name[0].lower(), "return")
    said_since(player, start, f"{name}. Send a private message")
    return start


def write(player: Player, title: str, name: str, line: str) -> None:
    """Send ``name`` a private message from who's online, and hear it sent."""
    start = open_person(player, title, name)
    player.press("return")
    player.answer(line)
    said_since(player, start, f"Sent to {name}.")


def signed_in(url: str, name: str, password: str) -> Player:
    player = Player(url, name, password=password)
    player.heard("Lobby.")
    return player


def test_ann_and_ben_on_two_processes_see_write_and_invite_each_other(
    postgres: Postgres, tmp_path: Path
) -> None:
    with two_processes(postgres.new_database(), tmp_path) as (one, two, players):
        ann = signed_in(one.url, "Ann", "ann-secret")
        players.append(ann)
        ben = signed_in(two.url, "Ben", "ben-secret")
        players.append(ben)
        # Ann, on the first process, sees Ben of the second in who's online.
        sees(ann, ("f2",), "Who is online: 1 other player")
        start = len(ann.spoken)
        ann.press("b")
        assert "Ben, in the lobby" in said_since(ann, start, "Ben")
        ann.press("return")
        said_since(ann, start, "Ben. Send a private message")
        ann.press("return")
        ann.answer("are you there?")
        said_since(ann, start, "Sent to Ben.")
        said_since(ben, 0, "Private message from Ann: are you there?")
        # Ben answers with one key: his process knows who wrote last.
        start_ben = len(ben.spoken)
        ben.press("alt+r")
        said_since(ben, start_ben, "Your message to Ann")
        ben.answer("here, deal me in")
        said_since(ben, start_ben, "Sent to Ann.")
        said_since(ann, start, "Private message from Ben: here, deal me in")
        # Ann makes a private table on her process and invites Ben; he accepts with one
        # key, is sent to her process and sits down.
        ann.press("escape", "escape")
        made = p.Create(
            game="classic", seats=["human", "human"], options={"lives": 1}, pause_ms=0, private=True
        )
        ann.screen.link.send(made)
        ann.wait_for(lambda: ann.screen.table is not None and ann.screen.table.code)
        code = ann.screen.table.code  # type: ignore[union-attr]
        start = open_person(ann, "Who is online: 1 other player", "Ben")
        ann.press("i", "return")
        said_since(ann, start, "Invitation sent to Ben.")
        said_since(ben, start_ben, "Ann invites you to a table of Classic.")
        start_ben = len(ben.spoken)
        ben.press("alt+y")
        said_since(ben, start_ben, "You joined", timeout=WAIT_S * 2)
        ben.wait_for(lambda: ben.screen.table is not None and ben.screen.table.code == code)
        assert ben.screen.link.url == one.url
        said_since(ann, start, "Ben joined the table.")


def test_an_owner_s_announcement_and_ban_reach_the_other_process(
    postgres: Postgres, tmp_path: Path
) -> None:
    url = postgres.new_database()
    with two_processes(url, tmp_path, "--admin", OWNER) as (one, two, players):
        boss = signed_in(one.url, OWNER, OWNER_PASSWORD)
        players.append(boss)
        ben = signed_in(two.url, "Ben", "ben-secret")
        players.append(ben)
        boss.screen.link.send(p.Admin(command="announce Tournament at eight"))
        ben.heard("Announcement from the server: Tournament at eight")
        boss.screen.link.send(p.Admin(command="ban Ben"))
        boss.heard("Ben is banned for good.")
        ben.heard("The server's owner has banned you from this server.")
        ben.wait_for(lambda: ben.screen.ended)


def test_friends_and_a_block_across_two_processes(postgres: Postgres, tmp_path: Path) -> None:
    url = postgres.new_database()
    with two_processes(url, tmp_path) as (one, two, players):
        ann = signed_in(one.url, "Ann", "ann-secret")
        cat = signed_in(one.url, "Cat", "cat-secret")
        ben = signed_in(two.url, "Ben", "ben-secret")
        players += [ann, cat, ben]
        # Ann asks Ben, on the other process, to be her friend; he says yes with one key.
        start = open_person(ann, "Who is online: 2 other players", "Ben")
        ann.press("a", "return")
        said_since(ann, start, "Friend request sent to Ben.")
        said_since(ben, 0, "Ann asks to be your friend.")
        start_ben = len(ben.spoken)
        ben.press("alt+y")
        said_since(ben, start_ben, "You and Ann are friends now.")
        said_since(ann, start, "You and Ben are friends now.")
        # Ann writes to Ben (her process reads Ben's blocks: none yet).
        ann.press("escape", "escape")
        write(ann, "Who is online: 2 other players", "Ben", "first")
        said_since(ben, 0, "Private message from Ann: first")
        # Ben blocks Ann on his process; Ann's process hears of it.
        start_ben = open_person(ben, "Who is online: 2 other players", "Ann")
        ben.press("b", "return")
        said_since(ben, start_ben, "Ann is blocked")
        ben.wait_for(lambda: bool(rows(url, "SELECT other FROM blocks")))
        ann.press("escape")
        write(ann, "Who is online: 2 other players", "Ben", "second")
        # Cat's message, sent after Ann's, reaches Ben; Ann's never does.
        write(cat, "Who is online: 2 other players", "Ben", "after Ann")
        said_since(ben, start_ben, "Private message from Cat: after Ann")
        assert not any("from Ann: second" in line for line in ben.spoken), ben.spoken[-8:]
        # Dan befriends Ben on Ben's process, then signs in on the other one: Ben hears it.
        dan = signed_in(two.url, "Dan", "dan-secret")
        players.append(dan)
        open_person(dan, "Who is online: 3 other players", "Ben")
        dan.press("a", "return")
        said_since(ben, start_ben, "Dan asks to be your friend.")
        ben.press("alt+y")
        said_since(dan, 0, "You and Ben are friends now.")
        dan.close()
        players.remove(dan)
        start_ben = len(ben.spoken)
        players.append(signed_in(one.url, "Dan", "dan-secret"))
        said_since(ben, start_ben, "Your friend Dan is online.", timeout=WAIT_S * 2)
