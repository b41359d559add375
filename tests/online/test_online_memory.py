"""What a long-running server keeps must not grow with what it has served: a seat that has
answered many keys, tables that chatted and closed, and websockets the server closed leave
nothing behind, or records of a bounded size."""

from __future__ import annotations

import asyncio
import gc
import time
from pathlib import Path
from types import SimpleNamespace

import aiohttp
from aiohttp import web
from helpers.online import ServerThread

from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.connections import HEARTBEAT_S
from ninetynine_audio.online.front import SeatApp
from ninetynine_audio.online.server import Server
from ninetynine_audio.present.buffers import ALL
from ninetynine_audio.ui.buffers import BUFFER_LIMIT
from ninetynine_audio.ui.speech import LATENCIES_KEPT


def test_a_seat_keeps_the_times_of_its_last_keys_only() -> None:
    app = SeatApp(lambda message: None)
    for number in range(3 * LATENCIES_KEPT):
        app.voice.key_pressed()
        app.say(f"Answer {number}")
    assert len(app.latencies) == LATENCIES_KEPT
    assert all(seconds >= 0.0 for seconds in app.latencies)


def test_a_seat_keeps_no_longer_a_history_than_its_message_buffers() -> None:
    app = SeatApp(lambda message: None)
    said = [f"Lily plays the {number % 10 + 1} of hearts" for number in range(3 * BUFFER_LIMIT)]
    for text in said:
        app.say(text)
    assert list(app.speaker.history) == said[-BUFFER_LIMIT:]
    assert app.voice.buffers.count(ALL) == BUFFER_LIMIT


def test_the_chat_kept_for_reports_is_only_that_of_tables_still_open(tmp_path: Path) -> None:
    def chat_at(server: Server, code: str) -> int:
        """A line of chat at a table ``code`` that has closed since; the tables whose
        chat the server keeps."""
        table = SimpleNamespace(code=code)
        session = SimpleNamespace(identity="guest:someone", name="Someone", table=table)
        assert server.moderation.chat_allowed(session, "hello")  # type: ignore[arg-type]
        return len(server.moderation.chat)

    with ServerThread(tmp_path) as srv:
        kept = [srv.call(lambda s, code=f"{n:06d}": chat_at(s, code)) for n in range(50)]
    assert kept == [1] * 50


def test_websockets_the_server_closed_are_not_kept_after_their_connection(
    tmp_path: Path,
) -> None:
    def closed_websockets(server: Server) -> int:
        gc.collect()
        # By type, not isinstance: a weak proxy among the objects would raise when asked its
        # class after its object died.
        return sum(
            issubclass(type(o), web.WebSocketResponse) and o.closed for o in gc.get_objects()
        )

    async def refused(port: int) -> None:
        """A hello with a name the server refuses: it says why and closes the websocket."""
        url = f"ws://127.0.0.1:{port}/ws"
        async with aiohttp.ClientSession() as http, http.ws_connect(url) as ws:
            await ws.send_str(p.encode(p.Hello(protocol=p.PROTOCOL_VERSION, name="\x1b")))
            async for _frame in ws:
                pass

    async def flood(port: int) -> None:
        await asyncio.wait_for(asyncio.gather(*(refused(port) for _ in range(20))), 60)

    with ServerThread(tmp_path) as srv:
        asyncio.run(flood(srv.port))
        # Each handler has returned once its client saw the close; a websocket still held
        # would be held by its heartbeat's timer, HEARTBEAT_S (30 s) and more.
        deadline = time.monotonic() + min(10.0, HEARTBEAT_S / 2)
        while (held := srv.call(closed_websockets)) and time.monotonic() < deadline:
            time.sleep(0.2)
    assert held == 0
