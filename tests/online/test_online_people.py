"""The people on a server, with a real server on a free loopback port and the game's own
clients driven by keys: who is online and where, friends asked and accepted, an invitation
accepted with one key and the game played, private messages and their answers, a block that
holds, what a guest may do, the leaderboards after rated games, a player at a daily deal said
to play that day's deal, and friends coming back after a restart (or on a second connection)
not said to come online."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers.competition import choose
from helpers.online import WAIT_S, Player, ServerThread, session_of

from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.server import Server
from ninetynine_audio.present.adding.effects import UP_CHOICES, play_effects
from ninetynine_audio.ui.textmode import gestures_of_line

pytestmark = pytest.mark.usefixtures("private_home")

GAME_TIME_S = 240.0


@pytest.fixture
def srv(tmp_path: Path) -> Iterator[ServerThread]:
    with ServerThread(tmp_path / "data") as running:
        yield running


def account(srv: ServerThread, name: str) -> Player:
    player = Player(srv.url, name, password=f"{name}'s secret")
    player.heard("Lobby.")
    return player


@pytest.fixture
def people(srv: ServerThread) -> Iterator[Callable[..., Player]]:
    """Players signed in to the test's server (accounts; ``guest=True`` a guest), each
    closed after the test."""
    made: list[Player] = []

    def sign_in(name: str, *, guest: bool = False) -> Player:
        if guest:
            player = Player(srv.url, name)
            player.heard("Lobby.")
        else:
            player = account(srv, name)
        made.append(player)
        return player

    yield sign_in
    for player in made:
        player.close()


def heard_after(player: Player, start: int, text: str) -> str:
    """Wait for a phrase holding ``text`` said after the first ``start`` phrases; it."""
    player.wait_for(lambda: any(text in line for line in player.spoken[start:]))
    return next(line for line in player.spoken[start:] if text in line)


def at_table(player: Player) -> str:
    player.wait_for(lambda: player.screen.table is not None and player.screen.table.code)
    table = player.screen.table
    assert table is not None and table.code is not None
    return table.code


def create(player: Player, seats: list[str], options: dict[str, Any] | None = None) -> str:
    made = p.Create(game="classic", seats=seats, options=options or {}, pause_ms=0, private=True)
    player.screen.link.send(made)
    return at_table(player)


def play_out(srv: ServerThread, players: dict[int, Player], code: str) -> None:
    """Each person at the table plays, by keys, the cheapest card allowed on their turn."""
    deadline = time.monotonic() + GAME_TIME_S

    def due(server: Server) -> tuple[bool, list[tuple[int, list[str]]]]:
        host = server.tables[code].host
        if host is None or host.is_over:
            return True, []
        if host.bot_due is not None:
            return False, []
        work = []
        for seat in host.core.seats_to_act():
            if seat in players:
                state = host.listeners[seat].screen.state
                hand = state.hands[seat]
                options = sorted(
                    (
                        (effect.cost, index, effect.outcome.choice)
                        for index, card in enumerate(hand)
                        for effect in play_effects(state.rules, card, state.total)
                        if effect.is_allowed
                    ),
                    key=lambda option: option[:2],
                )
                _cost, index, choice = options[0]
                keys = ["left"] * len(hand) + ["right"] * index
                allowed = [
                    e for e in play_effects(state.rules, hand[index], state.total) if e.is_allowed
                ]
                if len(allowed) > 1:
                    keys.append("up" if choice in UP_CHOICES else "down")
                work.append((seat, [*keys, "return"]))
        return False, work

    while time.monotonic() < deadline:
        over, work = srv.call(due)
        if over:
            return
        for seat, keys in work[:1]:
            players[seat].press(*keys)
        for player in players.values():
            player.pump(0.005)
    raise AssertionError(f"the match did not end in {GAME_TIME_S} s")


def test_friends_find_each_other_befriend_invite_with_one_key_and_play(
    srv: ServerThread, people: Callable[..., Player]
) -> None:
    ann = people("Ann")
    ben = people("Ben")
    # Who is online, from the lobby (F2): Ben, in the lobby.
    start = len(ann.spoken)
    ann.press("f2")
    heard_after(ann, start, "Who is online: 1 other player")
    start = len(ann.spoken)
    ann.press("b")  # the first item that starts with B
    assert "Ben, in the lobby" in heard_after(ann, start, "Ben")
    # Ann asks Ben to be her friend; Ben hears it at once and accepts with Alt+Y.
    ann.press("return")
    heard_after(ann, start, "Ben. Send a private message")
    start = len(ann.spoken)
    ann.press("a", "return")
    heard_after(ann, start, "Friend request sent to Ben.")
    start_ben = len(ben.spoken)
    said = heard_after(ben, 0, "Ann asks to be your friend.")
    assert "Alt plus Y to accept" in said or "Alt+Y" in said, said
    ben.press("alt+y")
    heard_after(ben, start_ben, "You and Ann are friends now.")
    heard_after(ann, start, "You and Ben are friends now.")
    # Ben's friends list (Shift+F2) says Ann is online, and where.
    start_ben = len(ben.spoken)
    ben.press("shift+f2")
    heard_after(ben, start_ben, "Your friends: 1 of 1 online")
    ben.press("escape")
    # Ann makes a private table and invites Ben from who's online (F2 in the waiting
    # room too); Ben accepts with one key and sits at it.
    code = create(ann, ["human", "human"], {"lives": 1})
    start = len(ann.spoken)
    ann.press("f2")
    heard_after(ann, start, "Who is online")
    ann.press("b", "return")
    heard_after(ann, start, "Ben. Send a private message")
    start = len(ann.spoken)
    ann.press("i", "return")
    heard_after(ann, start, "Invitation sent to Ben.")
    start_ben = len(ben.spoken)
    heard_after(ben, start_ben - 5, "Ann invites you to a table of Classic.")
    ben.press("alt+y")
    heard_after(ben, start_ben, "You joined")
    assert at_table(ben) == code
    heard_after(ann, start, "Ben joined the table.")
    ann.screen.link.send(p.Start())
    heard_after(ann, start, "The game starts.")
    heard_after(ben, start_ben, "The game starts.")
    play_out(srv, {0: ann, 1: ben}, code)
    heard_after(ann, start, "You finished")
    heard_after(ben, start_ben, "You finished")
    ratings = srv.call(
        lambda s: [
            (s.db.rating(n, "classic").games, s.db.rating(n, "classic").wins)
            for n in ("Ann", "Ben")
        ]
    )
    assert [games for games, _wins in ratings] == [1, 1]
    assert sorted(wins for _games, wins in ratings) == [0, 1]


def test_a_private_message_is_heard_at_once_and_answered_with_one_key(
    people: Callable[..., Player],
) -> None:
    ann = people("Ann")
    ben = people("Ben")
    start = len(ann.spoken)
    ann.press("f2", "b", "return")
    heard_after(ann, start, "Send a private message")
    ann.press("return")  # the first item: send a private message
    ann.answer("are you there?")
    heard_after(ann, start, "Sent to Ben.")
    said = heard_after(ben, 0, "Private message from Ann: are you there?")
    assert "Alt plus R to answer" in said, said
    # Filed in Ben's buffer of private messages, where he can read it again.
    start_ben = len(ben.spoken)
    ben.press("rightbracket", "rightbracket", "rightbracket")
    heard_after(ben, start_ben, "Private messages, 1 message")
    ben.press("comma")
    heard_after(ben, start_ben, "Private message from Ann: are you there?")
    start_ben = len(ben.spoken)
    ben.press("alt+r")
    heard_after(ben, start_ben, "Your message to Ann")
    ben.answer("here, deal me in")
    heard_after(ben, start_ben, "Sent to Ann.")
    heard_after(ann, start, "Private message from Ben: here, deal me in")
    # By name, from who's online's first item.
    start_ben = len(ben.spoken)
    ben.press("f2", "return")
    ben.answer("ANN")
    ben.answer("one more")
    heard_after(ann, start, "Private message from Ben: one more")


def test_a_block_holds_no_message_no_invitation_no_request_not_seated_together(
    srv: ServerThread, people: Callable[..., Player]
) -> None:
    ann = people("Ann")
    ben = people("Ben")
    cat = people("Cat")
    # Ben blocks Ann (from who's online: Ann, then Block).
    start_ben = len(ben.spoken)
    ben.press("f2", "a", "return")
    heard_after(ben, start_ben, "Ann. Send a private message")
    ben.press("b", "return")
    heard_after(ben, start_ben, "Ann is blocked")
    # Ann's message goes as far as Ann can tell, and never reaches Ben; Cat's, sent
    # after it, does.
    start = len(ann.spoken)
    ann.press("f2", "b", "return", "return")
    ann.answer("hello?")
    heard_after(ann, start, "Sent to Ben.")
    cat.press("f2", "b", "return", "return")
    cat.answer("after Ann")
    heard_after(ben, start_ben, "Private message from Cat: after Ann")
    assert not any("from Ann" in line for line in ben.spoken), ben.spoken[-8:]
    # No friend request either, and Alt+R answers Cat, not Ann.
    start = len(ann.spoken)
    ann.press("f2", "b", "return", "a", "return")
    heard_after(ann, start, "Friend request sent to Ben.")
    # Ann's invitation says it went, and nothing waits for Ben.
    code = create(ann, ["human", "human", "normal"])
    start = len(ann.spoken)
    ann.press("f2", "b", "return", "i", "return")
    heard_after(ann, start, "Invitation sent to Ben.")
    start_ben = len(ben.spoken)
    ben.press("alt+y")
    heard_after(ben, start_ben, "No invitation or friend request is waiting.")
    assert not any("Ann" in line for line in ben.spoken[start_ben:])
    # Ben's table: Ann cannot sit at it (told as for a full table), Cat can.
    ben_code = create(ben, ["human", "human", "normal"])
    ann.press("escape")
    start = len(ann.spoken)
    ann.screen.link.send(p.Join(code=ben_code))
    heard_after(ann, start, "full")
    assert srv.call(lambda s: session_of(s, "Ann").table.code) == code
    cat.screen.link.send(p.Join(code=ben_code))
    assert at_table(cat) == ben_code
    # Ben chooses otherwise by joining Ann's table himself.
    ben.screen.link.send(p.Join(code=code))
    ben.wait_for(lambda: ben.screen.table is not None and ben.screen.table.code == code)
    # The block is kept for the account: unblocking is said, and then a message goes.
    start_ben = len(ben.spoken)
    ben.press("f2", "a", "return", "u", "return")
    heard_after(ben, start_ben, "Ann is no longer blocked.")
    ann.press("f2", "b", "return", "return")
    ann.answer("now?")
    heard_after(ben, start_ben, "Private message from Ann: now?")


def test_a_guest_sees_who_is_online_and_writes_but_keeps_no_friends(
    people: Callable[..., Player],
) -> None:
    ann = people("Ann")
    guest = people("Visitor", guest=True)
    start = len(guest.spoken)
    guest.press("f2")
    heard_after(guest, start, "Who is online: 1 other player")
    guest.press("escape", "shift+f2")
    heard_after(guest, start, "Friends are kept for accounts")
    guest.press("f2", "a", "return", "return")
    guest.answer("hi from a guest")
    heard_after(ann, 0, "Private message from Visitor: hi from a guest")


def test_leaderboards_say_rating_wins_games_and_your_own_place(
    srv: ServerThread, people: Callable[..., Player]
) -> None:
    for name in ("Ann", "Ben", "Cat"):
        account(srv, name).close()

    def rated(server: Server) -> None:
        server.db.record_result("AAAAAA", "classic", [], [["Ben"], ["Ann"], ["Cat"]])
        server.db.record_result("BBBBBB", "classic", [], [["Ben"], ["Cat"], ["Ann"]])

    srv.call(rated)
    cat = people("Cat")
    start = len(cat.spoken)
    cat.press("l")  # the lobby's first item starting with L: the leaderboard
    heard_after(cat, start, "Leaderboard")
    cat.press("return")
    heard_after(cat, start, "Leaderboard. Classic")
    cat.press("return")
    said = heard_after(cat, start, "Your place:")
    assert "of 3 rated players" in said, said
    start = len(cat.spoken)
    cat.press("down")
    line = heard_after(cat, start, "1. Ben")
    assert "2 won of 2 games" in line, line
    cat.press("down")
    cat.wait_for(lambda: any("2." in line for line in cat.spoken[start:]), WAIT_S)


def test_a_terminal_s_alt_letters_and_shift_f2_are_the_game_s_keys() -> None:
    # What a terminal sends for Alt+R, Alt+Y, Shift+F2 (xterm and its kin), as text mode reads.
    assert gestures_of_line("\x1br") == (["alt+r"], [])
    assert gestures_of_line("\x1by \x1bn") == (["alt+y", "alt+n"], [])
    assert gestures_of_line("\x1b[1;2Q") == (["shift+f2"], [])
    assert gestures_of_line("\x1bOQ") == (["f2"], [])
    assert gestures_of_line("\x1b") == (["escape"], [])


def test_a_friend_coming_online_is_told_to_friends_only(
    srv: ServerThread, people: Callable[..., Player]
) -> None:
    srv.call(befriend)
    ann = people("Ann")
    cat = people("Cat")
    start = len(cat.spoken)
    people("Ben")
    heard_after(ann, 0, "Your friend Ben is online.")
    cat.pump(0.5)
    assert not any("Ben" in line for line in cat.spoken[start:]), cat.spoken[start:]


def test_a_player_at_a_daily_deal_is_said_to_play_todays_deal(
    srv: ServerThread, people: Callable[..., Player]
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
    """Ann and Ben are friends."""
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
