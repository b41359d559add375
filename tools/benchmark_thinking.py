"""How long a bystander waits for the server while many tables' computer players think (a
measurement on loopback, not a test).

Starts ``ninetynine-audio serve`` on a free 127.0.0.1 port and opens ``--tables`` tables of
Classic with one person and three Expert computers, no pause, a 5-second turn timer: the
person (a silent client that stays connected, each from an address of its own) never plays,
so the strongest computer plays for them when the timer runs out and the Experts think
almost all the time. A bystander in the lobby sends a ping every 100 ms; the benchmark prints
the ping's round trip, p50 and p95 with a 95% bootstrap interval, with no table open and with
the tables thinking, and the server's CPU share.

    python tools/benchmark_thinking.py [--tables 19] [--seconds 30]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path
from typing import Any

import aiohttp

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tools"))

from benchmark_online import cpu_seconds, p95_interval, percentile, server_process  # noqa: E402

from ninetynine_audio.online import protocol as p  # noqa: E402


async def connect(url: str, address: str, name: str) -> tuple[aiohttp.ClientSession, Any]:
    """A guest signed in from ``address``."""
    http = aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(address, 0)))
    ws = await http.ws_connect(url, max_msg_size=0)
    await ws.send_str(p.encode(p.Hello(protocol=p.PROTOCOL_VERSION, name=name)))
    return http, ws


async def drain(ws: aiohttp.ClientWebSocketResponse) -> None:
    """Read everything the server sends, and report each phrase heard at once (so that the
    computers do not wait for this person to hear them)."""
    async for frame in ws:
        if frame.type != aiohttp.WSMsgType.TEXT:
            continue
        message = p.decode_server(frame.data)
        if isinstance(message, p.Phrase):
            await ws.send_str(p.encode(p.Heard(seq=message.seq, remaining=0.0)))


async def pings(ws: aiohttp.ClientWebSocketResponse, seconds: float) -> list[float]:
    """Round trips of a ping every 100 ms for ``seconds``."""
    times: list[float] = []
    end = time.monotonic() + seconds
    seq = 0
    while time.monotonic() < end:
        seq += 1
        sent = time.perf_counter()
        await ws.send_str(p.encode(p.Ping(seq=seq)))
        while True:
            frame = await ws.receive(timeout=30)
            if frame.type != aiohttp.WSMsgType.TEXT:
                return times
            message = p.decode_server(frame.data)
            if isinstance(message, p.Pong) and message.seq == seq:
                break
        times.append(time.perf_counter() - sent)
        await asyncio.sleep(0.1)
    return times


def figures(times: list[float]) -> str:
    low, high = p95_interval(times)
    return (
        f"pings {len(times):4d}  p50 {percentile(times, 0.5) * 1000:6.1f} ms"
        f"  p95 {percentile(times, 0.95) * 1000:6.1f} ms ({low * 1000:.1f}-{high * 1000:.1f})"
    )


async def run(url: str, pid: int, tables: int, seconds: float) -> None:
    opened = []
    http, bystander = await connect(url, "127.0.2.1", "Bystander")
    cpu0, wall0 = cpu_seconds(pid), time.monotonic()
    quiet = await pings(bystander, seconds)
    cpu = (cpu_seconds(pid) - cpu0) / (time.monotonic() - wall0)
    print(f"no table:          {figures(quiet)}  server CPU {cpu * 100:3.0f}%", flush=True)
    create = p.Create(
        game="classic", seats=["human", "expert", "expert", "expert"], pause_ms=0, timer_s=5
    )
    for number in range(tables):
        session, ws = await connect(url, f"127.0.1.{number + 1}", f"Silent{number}")
        await ws.send_str(p.encode(create))
        await asyncio.sleep(0.2)
        await ws.send_str(p.encode(p.Start()))
        opened.append((session, ws, asyncio.create_task(drain(ws))))
    await asyncio.sleep(3.0)
    cpu0, wall0 = cpu_seconds(pid), time.monotonic()
    busy = await pings(bystander, seconds)
    cpu = (cpu_seconds(pid) - cpu0) / (time.monotonic() - wall0)
    print(f"{tables} tables thinking: {figures(busy)}  server CPU {cpu * 100:3.0f}%", flush=True)
    for session, ws, task in opened:
        task.cancel()
        await ws.close()
        await session.close()
    await bystander.close()
    await http.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=19)
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args()
    with server_process("benchmark-thinking-") as (server, port, _data):
        if server is None:
            return 1
        asyncio.run(run(f"ws://127.0.0.1:{port}/ws", server.pid, args.tables, args.seconds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
