"""Whole online games over real sockets: seats sat down at a table, games played out by keys,
stored tables driven on, and raw frames exchanged with a server."""

from __future__ import annotations

import json
import random
import sqlite3
import time
from pathlib import Path
from typing import Any

import aiohttp

from helpers.adding_keys import keys_for_turn as adding_keys
from helpers.by_keys_colours import keys_for as colours_keys
from helpers.by_keys_tricks import keys_for_turn as tricks_keys
from helpers.online import (
    Player,
    ServerThread,
)
from ninetynine_audio.games.saved import SaveError
from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.hosting import SeatScreen, TableHost
from ninetynine_audio.online.server import Server

TABLES = {
    "classic": (["human", "human", "normal"], {}),
    "arcade": (["human", "easy", "normal", "hard"], {}),
    "tactical": (["human", "human", "human", "normal"], {}),
    "colours": (["human", "human", "normal"], {}),
    "tricks": (["human", "human", "normal"], {"target": 10}),
}


NAMES = ("Ann", "Ben", "Cat")


GAME_TIME_S = 240.0


def keys_for(screen: Any, turn: int, rng: random.Random) -> list[str]:
    """The keys of the next action at the seat's own screen on the server."""
    family = screen.spec.family
    if family == "adding":
        return adding_keys(screen, turn)
    if family == "colours":
        return colours_keys(screen, turn, rng)
    return tricks_keys(screen, turn)


def seat_table(server: Server, code: str) -> Any:
    """The hosted match of ``code``."""
    return server.tables[code].host


def sit_down(
    srv: ServerThread,
    game: str,
    record: bool = False,
    layout: tuple[list[str], dict[str, Any]] | None = None,
) -> tuple[list[Player], str]:
    """Ann creates the table (the game's in :data:`TABLES` unless ``layout`` gives its seats
    and options), the others join by code, Ann starts it."""
    seats, options = layout or TABLES[game]
    humans = seats.count("human")
    create = p.Create(game=game, seats=seats, options=options, pause_ms=0)
    players = [Player(srv.url, NAMES[0], first=[create], record=record)]
    players[0].wait_for(lambda: players[0].screen.table is not None)
    table = players[0].screen.table
    assert table is not None and table.code is not None
    code = table.code
    for name in NAMES[1:humans]:
        other = Player(srv.url, name, first=[p.Join(code=code)], record=record)
        other.heard("You joined")
        players.append(other)
    for name in NAMES[1:humans]:
        players[0].heard(f"{name} joined the table.")
    players[0].screen.link.send(p.Start())
    for player in players:
        player.heard("The game starts.")
    return players, code


def play_out(srv: ServerThread, players: list[Player], code: str, seed: int = 1) -> int:
    """Press each human's keys on their turns until the match ends; the keys pressed."""
    rng = random.Random(seed)
    turn = 0
    pressed = 0
    deadline = time.monotonic() + GAME_TIME_S

    def due(server: Server) -> tuple[bool, list[tuple[int, list[str]]]]:
        host = seat_table(server, code)
        if host is None or host.is_over:
            return True, []
        if host.bot_due is not None:
            return False, []
        work = []
        for seat in host.core.seats_to_act():
            listener = host.listeners.get(seat)
            if listener is not None and seat not in host.replaced:
                work.append((seat, keys_for(listener.screen, turn, rng)))
        return False, work

    while time.monotonic() < deadline:
        over, work = srv.call(due)
        if over:
            return pressed
        for seat, keys in work[:1]:
            players[seat].press(*keys)
            pressed += len(keys)
            turn += 1
        for player in players:
            player.pump(0.005)
    raise AssertionError(f"the match did not end in {GAME_TIME_S} s")


SHORT = {"classic": {"lives": 2}, "tactical": {"lives": 3}}
"""The options of these tests' tables: what each test checks happens in the first rounds, and
the match then plays on to its end, shorter than with the games' own lives (five each in
classic for three players, ten points in tactical)."""


CLASSIC = (["human", "human", "normal"], SHORT["classic"])
"""Ann and Ben and a computer, at the short classic table."""


def moves_made(srv: ServerThread, code: str) -> int:
    """The actions of a table so far."""
    return srv.call(lambda s: len(s.tables[code].host.core.saved.actions))


def play_some(srv: ServerThread, players: list[Player], code: str, moves: int) -> None:
    """Let the table go on until ``moves`` more actions were taken."""
    target = moves_made(srv, code) + moves
    rng = random.Random(3)
    deadline = time.monotonic() + 120
    while moves_made(srv, code) < target and time.monotonic() < deadline:

        def work(server: Any) -> list[tuple[int, list[str]]]:
            host = server.tables[code].host
            if host.bot_due is not None or host.is_over:
                return []
            return [
                (seat, keys_for(host.listeners[seat].screen, 0, rng))
                for seat in host.core.seats_to_act()
                if seat in host.listeners and seat not in host.replaced
            ]

        for seat, keys in srv.call(work)[:1]:
            players[seat].press(*keys)
        for player in players:
            player.pump(0.01)
    assert moves_made(srv, code) >= target


def accounts_sit_down(url: str, game: str, ben_password: str) -> tuple[list[Player], str]:
    """Ann and Ben, both accounts, at a new table of ``game`` (its :data:`SHORT` options) with
    one computer; started."""
    create = p.Create(
        game=game, seats=["human", "human", "normal"], options=SHORT[game], pause_ms=0
    )
    ann = Player(url, "Ann", password="ann-secret", first=[create])
    ann.wait_for(lambda: ann.screen.table is not None)
    code = ann.screen.table.code  # type: ignore[union-attr]
    assert code is not None
    ben = Player(url, "Ben", password=ben_password, first=[p.Join(code=code)])
    ben.heard("You joined")
    ann.heard("Ben joined the table.")
    ann.screen.link.send(p.Start())
    ben.heard("The game starts.")
    return [ann, ben], code


def stored_table(data: Path) -> dict[str, Any]:
    """The one table stored in a server's database, read as another process would."""
    with sqlite3.connect(data / "server.sqlite3") as db:
        row = db.execute("SELECT code, state, seats, record FROM tables").fetchone()
    code, state, seats, record = row
    return {
        "code": code,
        "state": state,
        "seats": json.loads(seats),
        "record": None if record is None else json.loads(record),
    }


def keys_from_store(data: Path) -> tuple[str, list[tuple[int, list[str]]]]:
    """The table's state as stored, and the keys of each human seat that may act now."""
    stored = stored_table(data)
    if stored["state"] != "playing" or stored["record"] is None:
        return stored["state"], []
    try:
        host = TableHost.reload(stored["record"], time.monotonic)
    except SaveError:  # over, and about to be stored as such
        return "over", []
    if host.core.computer_to_move() is not None:
        return "playing", []
    rng = random.Random(len(stored["record"]["actions"]))
    work = []
    for seat in host.core.seats_to_act():
        if seat in host.humans:
            work.append((seat, keys_for(SeatScreen(host, seat), 0, rng)))
    return "playing", work


def drive_stored(data: Path, players: list[Player], until: int | None) -> None:
    """Press keys from the stored table until ``until`` actions are stored (or the end)."""
    deadline = time.monotonic() + 180
    pressed_at: tuple[int, float] = (-1, 0.0)
    while time.monotonic() < deadline:
        state, work = keys_from_store(data)
        record = stored_table(data)["record"]
        actions = len(record["actions"]) if record else 0
        if state == "over" or (until is not None and actions >= until):
            return
        now = time.monotonic()
        # Once per position, or again if the keys were lost (a connection coming back).
        if work and (actions != pressed_at[0] or now - pressed_at[1] > 3.0):
            seat, keys = work[0]
            players[seat].press(*keys)
            pressed_at = (actions, now)
        for player in players:
            player.pump(0.02)
    raise AssertionError("the stored table did not get there")


async def exchange(url: str, frames: list[str | bytes], wait: float = 0.3) -> list[Any]:
    """Send frames on one raw websocket; everything received (decoded), and how it ended."""
    received: list[Any] = []
    async with aiohttp.ClientSession() as http, http.ws_connect(url, max_msg_size=0) as ws:
        for frame in frames:
            if isinstance(frame, bytes):
                await ws.send_bytes(frame)
            else:
                await ws.send_str(frame)
        end = time.monotonic() + wait
        while time.monotonic() < end:
            try:
                message = await ws.receive(timeout=max(0.01, end - time.monotonic()))
            except TimeoutError:
                break
            if message.type == aiohttp.WSMsgType.TEXT:
                received.append(p.decode_server(message.data))
            elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                received.append(("closed", ws.close_code))
                break
    return received


HELLO = p.encode(p.Hello(protocol=p.PROTOCOL_VERSION, name="Mallory"))


def ann_and_ben(
    srv: ServerThread, seats: list[str], *, password: str | None = None, start: bool = True
) -> tuple[Player, Player, str]:
    """Ann creates a table of ``seats``, Ben joins it (an account with ``password``), and
    Ann starts it unless not ``start``; the table's code."""
    create = p.Create(game="classic", seats=seats, pause_ms=0)
    ann = Player(srv.url, "Ann", first=[create])
    ann.wait_for(lambda: ann.screen.table is not None)
    code = ann.screen.table.code  # type: ignore[union-attr]
    assert code is not None
    ben = Player(srv.url, "Ben", password=password, first=[p.Join(code=code)])
    ben.heard("You joined")
    ann.heard("Ben joined the table.")
    if start:
        ann.screen.link.send(p.Start())
        ben.heard("The game starts.")
    return ann, ben, code
