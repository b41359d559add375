"""What the tests of tournaments, the daily deal and the coach online share: a player's way
through the server's menus by their words, and a careful player's keys at an adding table."""

from __future__ import annotations

import time
from typing import Any

from helpers.online import WAIT_S, Player, ServerThread, session_of
from ninetynine_audio.online.server import Server
from ninetynine_audio.present.adding.effects import UP_CHOICES, play_effects


def choose(srv: ServerThread, player: Player, words: str) -> None:
    """Move to the item of the player's menu on the server that says ``words``, and choose
    it, as a player hears their way down a menu."""

    def where(server: Server) -> tuple[int, int]:
        menu = session_of(server, player.name).app.top
        texts = [item.text() for item in menu.items]
        found = next(i for i, text in enumerate(texts) if words in text)
        return menu.index, found

    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        try:
            now, wanted = srv.call(where)
        except (StopIteration, AttributeError):  # the menu is not open yet
            player.pump(0.05)
            continue
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


def play_turns(srv: ServerThread, players: dict[str, Player], done: Any, time_s: float) -> None:
    """Press each person's keys on their turns at their own table until ``done(server)``."""

    def due(server: Server) -> tuple[bool, list[tuple[str, list[str]]]]:
        if done(server):
            return True, []
        work = []
        for name in players:
            table = session_of(server, name).table
            host = None if table is None else table.host
            if host is None or host.is_over or host.bot_due is not None:
                continue
            for seat in host.core.seats_to_act():
                listener = host.listeners.get(seat)
                mine = listener is not None and listener.app is session_of(server, name).app
                if listener is not None and mine and seat not in host.replaced:
                    work.append((name, keys_for(listener.screen)))
        return False, work

    deadline = time.monotonic() + time_s
    while time.monotonic() < deadline:
        over, work = srv.call(due)
        if over:
            return
        for name, keys in work:
            players[name].press(*keys)
        for player in players.values():
            player.pump(0.005)
    raise AssertionError(f"not done in {time_s} s")


def ann_creates(srv: ServerThread, ann: Player, *, arcade: bool = False) -> None:
    """Ann makes a knockout of four at classic (or arcade) from the lobby's menus."""
    choose(srv, ann, "Tournaments")
    choose(srv, ann, "Create a tournament")
    if arcade:
        choose(srv, ann, "Game: Classic")
        ann.heard("Game: Arcade")
    choose(srv, ann, "Create the tournament")
    ann.heard("you created the tournament")


def enters_and_leaves(srv: ServerThread, player: Player, item: str) -> None:
    """``player`` enters the tournament the lobby lists as ``item`` and closes their client."""
    player.heard("Lobby")
    choose(srv, player, "Tournaments")
    choose(srv, player, item)
    choose(srv, player, "Enter the tournament")
    player.heard("You entered.")
    player.close()
    is_gone(srv, player.name)


def is_gone(srv: ServerThread, name: str) -> None:
    """Wait until the server has seen the connection of the player ``name`` close."""
    deadline = time.monotonic() + WAIT_S
    while srv.call(lambda s: any(c.session and c.session.name == name for c in s.connections)):
        assert time.monotonic() < deadline, f"{name}'s connection was not closed"
        time.sleep(0.05)


def ben_enters_and_ann_starts(srv: ServerThread, ann: Player, ben: Player, item: str) -> None:
    """Ben enters the tournament the lobby lists as ``item``; Ann, its host, starts it."""
    ben.heard("Lobby")
    choose(srv, ben, "Tournaments")
    choose(srv, ben, item)
    choose(srv, ben, "Enter the tournament")
    ben.heard("You entered.")
    ann.heard("Ben entered the tournament.")
    choose(srv, ann, "Start the tournament now")


def knockout_played_out(
    srv: ServerThread, players: dict[str, Player], tid: str, time_s: float
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Play a knockout of four to its end: its record and its final table (one, placed)."""
    play_turns(srv, players, lambda s: s.tournaments.all[tid].state == "over", time_s)
    record: dict[str, Any] = srv.call(lambda s: s.tournaments.all[tid].to_record())
    assert len(record["rounds"]) == 2
    final = record["rounds"][1]["tables"]
    assert len(final) == 1 and final[0]["places"] is not None
    return record, final[0]
