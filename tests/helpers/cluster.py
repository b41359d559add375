"""Several real ``ninetynine-audio serve`` processes sharing one real PostgreSQL, and players
driven from the table as the database stores it (as any process would read it).

Each process is started with ``--database URL --cluster ws://127.0.0.1:PORT/ws`` on a free
port and a data folder of its own (its log is there). :func:`drive` presses, for the person
whose turn it is, the keys of a card they may play, found from the stored match, until the
stored table has taken as many actions as asked (or is over).
"""

from __future__ import annotations

import contextlib
import json
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg

from helpers.online import WAIT_S, Player, ServerProcess, free_port
from ninetynine_audio.games.saved import SaveError
from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.hosting import TableHost
from ninetynine_audio.present.adding.effects import UP_CHOICES, play_effects

SHORT_CLASSIC = {"lives": 2}
"""A classic table that ends sooner than with the game's own five lives."""


def cluster_process(folder: Path, url: str, *extra: str) -> ServerProcess:
    """A serve process of the cluster on database ``url`` (not started), with ``extra``
    arguments."""
    port = free_port()
    return ServerProcess(
        folder, port, "--database", url, "--cluster", f"ws://127.0.0.1:{port}/ws", *extra
    )


@contextlib.contextmanager
def running(*processes: ServerProcess) -> Iterator[None]:
    """Start each process; stop every one at the end, whatever happened."""
    try:
        for process in processes:
            process.start()
        yield
    finally:
        for process in processes:
            if process.process is not None and process.process.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    process.process.send_signal(signal.SIGCONT)
            process.stop()


def rows(url: str, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Run ``sql`` on the database, as a person looking at it would."""
    with psycopg.connect(url, autocommit=True) as conn:
        cursor = conn.execute(sql, params)
        return list(cursor.fetchall()) if cursor.description else []


def stored(url: str, code: str) -> tuple[str, dict[str, Any] | None]:
    """The stored table's state and match record."""
    found = rows(url, "SELECT state, record FROM tables WHERE code = %s", (code,))
    if not found:
        return "gone", None
    state, record = found[0]
    return state, None if record is None else json.loads(record)


def actions_of(record: dict[str, Any] | None) -> list[Any]:
    """The actions of a stored match."""
    return [] if record is None else list(record["actions"])


def holder_of(url: str, code: str) -> str | None:
    """The process that holds table ``code``'s lease now, by the database's clock."""
    found = rows(
        url,
        "SELECT holder FROM leases WHERE code = %s"
        " AND until > EXTRACT(EPOCH FROM clock_timestamp())",
        (code,),
    )
    return str(found[0][0]) if found else None


def classic_keys(host: TableHost) -> tuple[int, list[str]] | None:
    """The seat of the person to act at a classic match and the keys of a card they may
    play (its number, or the arrows and the way for a card played more than one way);
    None while a computer is to act or the match is over."""
    core = host.core
    if core.is_over or core.computer_to_move() is not None:
        return None
    state = core.state
    seat = state.to_act
    if seat not in host.humans:
        return None
    hand = state.hands[seat]
    for index, card in enumerate(hand):
        effects = [e for e in play_effects(state.rules, card, state.total) if e.is_allowed]
        if len(effects) == 1:
            return seat, [str(index + 1)]
        if effects:
            way = "up" if effects[0].outcome.choice in UP_CHOICES else "down"
            return seat, ["left"] * len(hand) + ["right"] * index + [way, "return"]
    return None


def person_to_act(url: str, code: str) -> tuple[int, list[str]] | None:
    """The seat of the person to act at the stored classic table ``code``, and the keys of a
    card they may play; None while nobody (no person) is to act."""
    state, record = stored(url, code)
    if state != "playing" or record is None:
        return None
    try:
        return classic_keys(TableHost.reload(record, time.monotonic))
    except SaveError:  # over, and about to be stored as such
        return None


def drive(url: str, code: str, players: list[Player], until: int | None) -> None:
    """Press the keys of the person to act, read from the stored match, until ``until``
    actions are stored (None: until the table is over)."""
    deadline = time.monotonic() + 240
    pressed: tuple[int, float] = (-1, 0.0)
    while time.monotonic() < deadline:
        state, record = stored(url, code)
        done = len(actions_of(record))
        if state == "over" or (until is not None and done >= until):
            return
        work = person_to_act(url, code)
        now = time.monotonic()
        # Once per position, or again when the keys were lost (a connection coming back).
        if work is not None and (done != pressed[0] or now - pressed[1] > 3.0):
            seat, keys = work
            players[seat].press(*keys)
            pressed = (done, now)
        for player in players:
            player.pump(0.02)
    raise AssertionError(f"the stored table did not get there; last {stored(url, code)[0]}")


@contextlib.contextmanager
def two_processes(
    database: str, folder: Path, *extra: str
) -> Iterator[tuple[ServerProcess, ServerProcess, list[Player]]]:
    """Two processes of a cluster on ``database`` (each with ``extra`` arguments), started,
    and a list for the test's players: every player in it is closed and every process
    stopped at the end."""
    one = cluster_process(folder / "one", database, *extra)
    two = cluster_process(folder / "two", database, *extra)
    players: list[Player] = []
    with running(one, two):
        try:
            yield one, two, players
        finally:
            for player in players:
                player.close()


def sit_down(ann_url: str, ben_url: str) -> tuple[Player, Player, str]:
    """Ann makes a short classic table (Ann, Ben and a computer) at ``ann_url``; Ben joins it
    by its code at ``ben_url``; Ann starts it."""
    create = p.Create(
        game="classic", seats=["human", "human", "normal"], options=SHORT_CLASSIC, pause_ms=0
    )
    ann = Player(ann_url, "Ann", password="ann-secret", first=[create])
    ann.wait_for(lambda: ann.screen.table is not None)
    code = ann.screen.table.code  # type: ignore[union-attr]
    assert code is not None
    ben = Player(ben_url, "Ben", password="ben-secret", first=[p.Join(code=code)])
    ben.heard("You joined", timeout=WAIT_S)
    ann.heard("Ben joined the table.")
    ann.screen.link.send(p.Start())
    ben.heard("The game starts.")
    return ann, ben, code


def choose_line(player: Player, words: str, timeout: float = WAIT_S) -> None:
    """Move to the line of the player's screen that says ``words`` and press Enter, as a
    player finds an item of a menu (by the window the client draws, not the server)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        shown = player.screen.shown
        found = next((n for n, text in enumerate(shown.lines) if words in text), None)
        if found is not None:
            now = shown.highlight or 0
            if now == found:
                player.press("return")
                return
            player.press("down" if found > now else "up")
        player.pump(0.05)
    raise AssertionError(f"{player.name}: no line {words!r} in {player.screen.shown.lines}")


def create_knockout(ann: Player) -> None:
    """Ann makes a knockout of four at classic from the lobby's menus."""
    ann.heard("Lobby")
    choose_line(ann, "Tournaments")
    choose_line(ann, "Create a tournament")
    choose_line(ann, "Create the tournament")
    ann.heard("Classic, Knockout: you created the tournament")


def ann_hosts(url: str, players: list[Player]) -> Player:
    """Ann, signed in at ``url`` (kept in ``players``), makes a knockout of four at classic."""
    ann = Player(url, "Ann", password="ann-secret")
    players.append(ann)
    create_knockout(ann)
    return ann


def open_listed(player: Player, line: str, tournaments: str = "Tournaments") -> None:
    """``player`` opens the lobby's Tournaments (``tournaments`` in their language) and the
    tournament listed with ``line``: the list of another process's tournaments is read from
    the store every second, so it is opened again until it is there."""
    deadline = time.monotonic() + WAIT_S
    while True:
        choose_line(player, tournaments)
        player.pump(0.3)
        if any(line in shown for shown in player.screen.shown.lines):
            break
        assert time.monotonic() < deadline, player.screen.shown.lines
        player.press("escape")
        player.pump(1.0)
    choose_line(player, line)


def ben_enters_anns(one: str, two: str, players: list[Player]) -> tuple[Player, Player]:
    """Ann, at process ``one``, makes a knockout of four at classic; Ben, at process ``two``,
    enters it from his lobby (both kept in ``players``, closed at the end)."""
    ann = Player(one, "Ann", password="ann-secret")
    ben = Player(two, "Ben", password="ben-secret")
    players += [ann, ben]
    create_knockout(ann)
    ben.heard("Lobby")
    open_listed(ben, "Classic, Knockout, 1 of 4 entered")
    choose_line(ben, "Enter the tournament")
    ben.heard("You entered.")
    return ann, ben
