"""Presence between processes (``online.community``) without a database: a process's
players go out in events that each fit a NOTIFY payload, another process lists every one of
them with where they are, and forgets them once their process falls silent."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

from ninetynine_audio.online.community import FORGET_S, PRESENCE, Community
from ninetynine_audio.online.identity import NAME_LIMIT
from ninetynine_audio.online.tournament_bus import SAID, TournamentBus
from ninetynine_audio.online.tournament_speech import Phrase, text_of

NOTIFY_LIMIT = 8000


class Sent:
    """A store that keeps what it was asked to notify."""

    def __init__(self) -> None:
        self.payloads: list[str] = []

    def notify(self, channel: str, payload: str) -> None:
        self.payloads.append(payload)


def community(sessions: dict[str, Any], store: Sent, clock: list[float]) -> Community:
    parts: Any = SimpleNamespace(
        rooms=SimpleNamespace(sessions=sessions), accounts=SimpleNamespace(background=set())
    )
    return Community(
        parts,
        lambda text: store.notify("lobby", text),
        "one",
        told=lambda session, what, data: None,
        owners_told=lambda what, data: 0,
        blocks_changed=lambda who: None,
        clock=lambda: clock[0],
    )


def test_many_players_go_out_in_events_that_fit_and_are_forgotten_when_silent() -> None:
    table = SimpleNamespace(
        code="4711", game="classic", listed=True, state="playing", is_daily=False
    )
    here = {
        f"account:player {n}": SimpleNamespace(
            identity=f"account:player {n}",
            name=f"Player {n} " + "é" * 20,
            conn=object(),
            table=table if n % 2 else None,
            seat=0 if n % 4 == 1 else None,
        )
        for n in range(300)
    }
    store = Sent()
    clock = [100.0]
    community(here, store, clock).publish()
    assert len(store.payloads) > 1
    assert all(len(payload.encode("utf-8")) < NOTIFY_LIMIT for payload in store.payloads)
    there = community({}, Sent(), clock)
    for payload in store.payloads:
        event = json.loads(payload)
        assert event["kind"] == PRESENCE
        there.heard(event["kind"], event["data"])
    listed = {e.identity: e for e in there.everyone_elsewhere()}
    assert set(listed) == set(here)
    assert listed["account:player 2"].where().endswith("in the lobby")
    assert "playing" in listed["account:player 1"].where()
    assert "watching" in listed["account:player 3"].where()
    clock[0] += FORGET_S + 0.1
    assert there.everyone_elsewhere() == []
    assert there.online_elsewhere("account:player 1") is None


def test_a_player_at_a_daily_deal_on_another_process_is_playing_todays_deal() -> None:
    def at_private_table(name: str, daily: bool) -> Any:
        table = SimpleNamespace(
            code="0815", game="classic", listed=False, state="playing", is_daily=daily
        )
        identity = f"account:{name.lower()}"
        return SimpleNamespace(identity=identity, name=name, conn=object(), table=table, seat=0)

    here = {s.identity: s for s in (at_private_table("Ann", True), at_private_table("Ben", False))}
    store = Sent()
    clock = [100.0]
    community(here, store, clock).publish()
    there = community({}, Sent(), clock)
    for payload in store.payloads:
        event = json.loads(payload)
        there.heard(event["kind"], event["data"])
    listed = {e.identity: e.where() for e in there.everyone_elsewhere()}
    assert listed["account:ann"] == "Ann, playing today's deal of Classic"
    assert listed["account:ben"] == "Ben, at a private table of Classic"


def test_a_large_fields_standings_and_pairings_reach_another_process_whole_and_in_order() -> None:
    """32 people named with 30 letters each from outside the Basic Multilingual Plane (four
    bytes each in UTF-8, twelve as JSON escapes): the standings and the next round's pairings
    are longer than one event may be, and come across whole, in order, in several."""
    names = [f"{n:02d}" + "".join(chr(0x20000 + 97 * n + i) for i in range(28)) for n in range(32)]
    assert all(len(name) == NAME_LIMIT for name in names)
    standings: Phrase = [
        "standings",
        False,
        1,
        False,
        [[n + 1, name, 0, n < 16] for n, name in enumerate(names)],
        None,
    ]
    pairings: Phrase = ["pairings", 2, 5, False, [names[n : n + 2] for n in range(0, 16, 2)], []]
    said = [standings, pairings, ["next_round", 30]]
    clock = [100.0]
    store = Sent()
    here = community({}, store, clock)
    here.heard(PRESENCE, [["account:cy", names[3]]])  # Cy is connected to the other process
    bus = TournamentBus(SimpleNamespace(community=here), SimpleNamespace())  # type: ignore[arg-type]
    assert bus.relay("account:cy", said)
    assert len(store.payloads) > 1
    assert all(len(payload.encode("utf-8")) < NOTIFY_LIMIT for payload in store.payloads)
    cy = SimpleNamespace(identity="account:cy", conn=object())
    there = community({"account:cy": cy}, Sent(), clock)
    heard: list[Phrase] = []
    there.handlers[SAID] = lambda session, data: heard.extend(data["said"])
    for payload in store.payloads:
        event = json.loads(payload)
        there.heard(event["kind"], event["data"])
    assert heard == said
    assert names[31] in text_of(heard[0]) and names[14] in text_of(heard[1])
    # Nobody of that name elsewhere: nothing is sent.
    assert not bus.relay("account:dee", said)
