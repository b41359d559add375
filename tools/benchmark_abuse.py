"""Whether honest players keep their speed while one address attacks the table server (a
measurement on loopback, not a test).

Starts ``ninetynine-audio serve`` as its own process on a free 127.0.0.1 port and opens
``--tables`` tables of honest players (tools/benchmark_online.py's: Classic, 2 people and 2
Normal computers, each person asking something every 1.5 s and playing on their turn), spread
over addresses 127.0.1.x, eight tables to an address. Then it measures key-to-speech three
times, ``--seconds`` each: with no abuse, with abuse, and with no abuse again. The abuse comes
from another process and one address (127.0.0.2), all at once:

- failed sign-ins: wrong passwords for a few accounts and new names, as fast as answered;
- tables: guests making tables of Expert computers and starting them, one after another;
- half-open sockets: connections that send half a request and wait (40 at a time, more
  than the address may hold beside its other sockets);
- bad frames: websockets sending frames that are not the protocol until they are closed.

For each phase it prints key-to-speech p50 and p95 (with a 95% bootstrap interval), the
keys left unanswered (an honest key that got no speech within 5 s is counted there, not among
the latencies; it is counted in the phase, or the minute, in which its 5 s ran out) and the
server's CPU; before and after the abuse, the server's open descriptors, its memory (RSS) and
the size of its log; and what the abuse got (its attempts and the server's answers).

``--soak MINUTES`` runs the abuse phase that long (instead of ``--seconds``), and prints each
minute the server's descriptors, memory, log size, the minute's p95 and unanswered keys, and
the honest tables whose stored match did not move for a minute though a computer was to act
(a frozen table; the honest players here do not always find a card to play, so a table
waiting for one of them is not counted).

    python tools/benchmark_abuse.py [--tables 100] [--seconds 60] [--soak MINUTES]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import sqlite3
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import aiohttp

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tools"))

from benchmark_online import (  # noqa: E402
    ANSWER_BOUND_S,
    TASKS,
    Seat,
    Stats,
    close_all,
    cpu_seconds,
    open_table,
    p95_interval,
    percentile,
    server_process,
    watch_lag,
)

from ninetynine_audio.online import protocol as p  # noqa: E402

ATTACKER = "127.0.0.2"
TABLES_PER_ADDRESS = 8
HALF_OPEN = 40


# -- the server, seen from outside ------------------------------------------------------


def descriptors(pid: int) -> int:
    """Open file descriptors of a process (Linux)."""
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return -1


def rss_mb(pid: int) -> float:
    """Resident memory of a process, in MB (Linux)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return -1.0


def log_bytes(data: Path) -> int:
    """The server's log, with its older files."""
    return sum(path.stat().st_size for path in data.glob("server.log*"))


def state_line(pid: int, data: Path) -> str:
    return (
        f"descriptors {descriptors(pid)}, memory {rss_mb(pid):.1f} MB,"
        f" log {log_bytes(data):,} bytes"
    )


def frozen_tables(data: Path, codes: set[str], seconds: float) -> list[str]:
    """Honest tables in play whose stored match has not changed for ``seconds`` though a
    computer is to act (a table waiting for a person waits for that person)."""
    from ninetynine_audio.online.hosting import TableHost

    try:
        uri = f"file:{data}/server.sqlite3?mode=ro"
        with contextlib.closing(sqlite3.connect(uri, uri=True)) as db:
            rows = db.execute("SELECT code, state, seats, record, updated FROM tables").fetchall()
    except sqlite3.Error:
        return []
    frozen = []
    for code, state, seats, record, updated in rows:
        if code not in codes or state != "playing" or record is None:
            continue
        if time.time() - updated <= seconds:
            continue
        turn = TableHost.reload(json.loads(record), time.monotonic).turn_seat()
        seat = json.loads(seats)[turn] if turn is not None else None
        if seat is not None and (seat["kind"] != "human" or seat.get("replaced")):
            frozen.append(code)
    return frozen


def slope(points: list[tuple[float, float]]) -> float:
    """The least-squares slope of ``points`` (x, y)."""
    mean_x = sum(x for x, _ in points) / len(points)
    mean_y = sum(y for _, y in points) / len(points)
    spread = sum((x - mean_x) ** 2 for x, _ in points)
    if spread == 0:
        return 0.0
    return sum((x - mean_x) * (y - mean_y) for x, y in points) / spread


def slope_interval(points: list[tuple[float, float]], rounds: int = 2000) -> tuple[float, float]:
    """A 95% bootstrap interval of the slope (the points drawn again with replacement)."""
    rng = random.Random(0)
    estimates = sorted(slope([rng.choice(points) for _ in points]) for _ in range(rounds))
    return estimates[int(0.025 * rounds)], estimates[int(0.975 * rounds) - 1]


def memory_trend(memory: list[float], last: int = 20) -> str:
    """The memory's growth a minute over the last ``last`` minutes of a soak."""
    points = [(float(minute), mb) for minute, mb in enumerate(memory)][-last:]
    if len(points) < 3:
        return "too few minutes for a trend"
    low, high = slope_interval(points)
    return (
        f"memory over the last {len(points)} minutes: {slope(points):+.2f} MB a minute"
        f" (95% interval {low:+.2f} to {high:+.2f}),"
        f" from {points[0][1]:.1f} to {points[-1][1]:.1f} MB"
    )


# -- the abuse, in a process of its own ------------------------------------------------------


async def _answer(ws: aiohttp.ClientWebSocketResponse, timeout: float = 5.0) -> str:
    """The code of the first error, or welcome/table (a new table, still waiting), or how
    the socket ended."""
    end = time.monotonic() + timeout
    while (left := end - time.monotonic()) > 0:
        try:
            frame = await ws.receive(timeout=left)
        except TimeoutError:
            return "no answer"
        if frame.type != aiohttp.WSMsgType.TEXT:
            return "closed"
        message = p.decode_server(frame.data)
        if isinstance(message, p.Error):
            return message.code
        if isinstance(message, p.Welcome):
            return "welcome"
        if isinstance(message, p.TableInfo) and message.code and message.state == "waiting":
            return "table"
    return "no answer"


async def _sign_ins(http: aiohttp.ClientSession, url: str, end: float, seen: Counter[str]) -> None:
    number = 0
    while time.monotonic() < end:
        number += 1
        name = f"Victim{number % 3}" if number % 2 else f"New{random.randrange(10**9)}"
        try:
            async with http.ws_connect(url) as ws:
                hello = p.Hello(protocol=p.PROTOCOL_VERSION, name=name, password=f"guess{number}")
                await ws.send_str(p.encode(hello))
                seen[f"sign-in: {await _answer(ws)}"] += 1
        except (aiohttp.ClientError, OSError):
            seen["sign-in: connection refused"] += 1
            await asyncio.sleep(0.01)


async def _tables(http: aiohttp.ClientSession, url: str, end: float, seen: Counter[str]) -> None:
    create = p.Create(game="classic", seats=["human", "expert", "expert", "expert"], pause_ms=0)
    number = 0
    while time.monotonic() < end:
        number += 1
        try:
            async with http.ws_connect(url) as ws:
                hello = p.Hello(protocol=p.PROTOCOL_VERSION, name=f"Flood{number}")
                await ws.send_str(p.encode(hello))
                await _answer(ws)
                while time.monotonic() < end and not ws.closed:
                    await ws.send_str(p.encode(create))
                    answer = await _answer(ws)
                    seen[f"table: {answer}"] += 1
                    if answer == "table":
                        await ws.send_str(p.encode(p.Start()))
                    await asyncio.sleep(0.05)
        except (aiohttp.ClientError, OSError):
            seen["table: connection refused"] += 1
            await asyncio.sleep(0.01)


async def _half_open(port: int, end: float, seen: Counter[str]) -> None:
    while time.monotonic() < end:
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=(ATTACKER, 0)
            )
        except OSError:
            seen["half-open: connect failed"] += 1
            await asyncio.sleep(0.01)
            continue
        opened = time.monotonic()
        with contextlib.suppress(OSError):
            writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: ")
            await writer.drain()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(reader.read(), timeout=max(0.01, end - time.monotonic()))
        held = time.monotonic() - opened
        seen["half-open: closed at once" if held < 0.5 else "half-open: closed later"] += 1
        writer.close()


async def _bad_frames(
    http: aiohttp.ClientSession, url: str, end: float, seen: Counter[str]
) -> None:
    while time.monotonic() < end:
        try:
            async with http.ws_connect(url) as ws:
                sent = 0
                while not ws.closed and time.monotonic() < end:
                    await ws.send_str('{"type": "nonsense", "x": [1, 2, {"y": null}]}')
                    sent += 1
                    with contextlib.suppress(TimeoutError):
                        frame = await ws.receive(timeout=0.01)
                        if frame.type != aiohttp.WSMsgType.TEXT:
                            break
                seen["bad frames: sent"] += sent
                seen["bad frames: connections closed by the server"] += 1
        except (aiohttp.ClientError, OSError):
            seen["bad frames: connection refused"] += 1
            await asyncio.sleep(0.01)


async def _abuse(port: int, seconds: float) -> Counter[str]:
    url = f"ws://127.0.0.1:{port}/ws"
    seen: Counter[str] = Counter()
    end = time.monotonic() + seconds
    connector = aiohttp.TCPConnector(limit=0, local_addr=(ATTACKER, 0))
    timeout = aiohttp.ClientTimeout(total=10)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as http:
        jobs = [
            *(_sign_ins(http, url, end, seen) for _ in range(4)),
            *(_tables(http, url, end, seen) for _ in range(4)),
            *(_half_open(port, end, seen) for _ in range(HALF_OPEN)),
            *(_bad_frames(http, url, end, seen) for _ in range(2)),
        ]
        await asyncio.gather(*jobs, return_exceptions=True)
    return seen


def abuse_process(port: int, seconds: float, out: Any) -> None:
    """The attacker: run every kind of abuse for ``seconds``, then send what it saw and its
    own CPU share. It runs at a lower priority (nice 10): a real attacker's CPU is not the
    server's, and here both share this machine's cores."""
    os.nice(10)
    start = time.monotonic()
    seen = dict(asyncio.run(_abuse(port, seconds)))
    seen["attacker CPU, % of one core"] = round(
        100 * time.process_time() / (time.monotonic() - start)
    )
    out.send(seen)


# -- the honest players ---------------------------------------------------------------------


async def open_tables(url: str, tables: int, stats: Stats) -> tuple[list[Seat], list[Any]]:
    """The honest tables, eight to a loopback address of their own."""
    seats: list[Seat] = []
    sessions = []
    for number in range(tables):
        if number % TABLES_PER_ADDRESS == 0:
            address = f"127.0.1.{number // TABLES_PER_ADDRESS + 1}"
            connector = aiohttp.TCPConnector(limit=0, local_addr=(address, 0))
            sessions.append(aiohttp.ClientSession(connector=connector))
        seats += await open_table(url, sessions[-1], stats, number)
    return seats, sessions


async def measure_phase(stats: Stats, pid: int, seconds: float) -> tuple[str, list[float]]:
    """Key-to-speech over ``seconds``: the printed figures and the latencies."""
    stats.latencies.clear()
    stats.lags.clear()
    stats.unanswered = 0
    stats.measuring = True
    cpu0, wall0 = cpu_seconds(pid), time.monotonic()
    await asyncio.sleep(seconds)
    stats.measuring = False
    cpu = (cpu_seconds(pid) - cpu0) / (time.monotonic() - wall0)
    values = list(stats.latencies)
    unanswered = f"unanswered {stats.unanswered} (no speech within {ANSWER_BOUND_S:.0f} s)"
    if not values:
        return f"no answers, {unanswered}", []
    low, high = p95_interval(values)
    lags = stats.lags or [0.0]
    line = (
        f"keys {len(values):6d}  p50 {percentile(values, 0.5) * 1000:6.1f} ms"
        f"  p95 {percentile(values, 0.95) * 1000:6.1f} ms ({low * 1000:.1f}-{high * 1000:.1f})"
        f"  server CPU {cpu * 100:3.0f}%  generator lag p95 {percentile(lags, 0.95) * 1000:.1f} ms"
        f"  {unanswered}"
    )
    return line, values


async def run(args: argparse.Namespace, port: int, pid: int, data: Path) -> None:
    url = f"ws://127.0.0.1:{port}/ws"
    stats = Stats()
    TASKS.append(asyncio.get_running_loop().create_task(watch_lag(stats)))
    seats, sessions = await open_tables(url, args.tables, stats)
    codes = {seat.table.code for seat in seats if seat.table is not None and seat.table.code}
    print(f"{args.tables} honest tables ({len(seats)} connections) open", flush=True)
    await asyncio.sleep(3.0)
    abuse_s = args.soak * 60 if args.soak else args.seconds
    print(f"before the abuse: {state_line(pid, data)}", flush=True)
    line, _ = await measure_phase(stats, pid, args.seconds)
    print(f"abuse off:        {line}", flush=True)

    receiving, sending = multiprocessing.Pipe(duplex=False)
    attacker = multiprocessing.Process(target=abuse_process, args=(port, abuse_s, sending))
    attacker.start()
    if args.soak:
        minutes = []
        memory = []
        started = time.monotonic()
        for minute in range(int(args.soak)):
            # Each minute ends on the minute from the abuse's start, whatever looking for
            # frozen tables took, so that the last minute is still one of abuse.
            left = started + 60.0 * (minute + 1) - time.monotonic()
            line, values = await measure_phase(stats, pid, max(1.0, left))
            minutes.extend(values)
            frozen = frozen_tables(data, codes, 60.0)
            print(
                f"abuse on, minute {minute + 1}: {line}; {state_line(pid, data)};"
                f" frozen tables {len(frozen)}",
                flush=True,
            )
            memory.append(rss_mb(pid))
        print(memory_trend(memory), flush=True)
    else:
        line, _ = await measure_phase(stats, pid, abuse_s)
        print(f"abuse on:         {line}", flush=True)
        print(f"during the abuse: {state_line(pid, data)}", flush=True)
    seen = await asyncio.to_thread(receiving.recv)
    await asyncio.to_thread(attacker.join, 30)
    await asyncio.sleep(2.0)
    print(f"after the abuse:  {state_line(pid, data)}", flush=True)
    line, _ = await measure_phase(stats, pid, args.seconds)
    print(f"abuse off again:  {line}", flush=True)
    frozen = frozen_tables(data, codes, 60.0)
    print(
        f"honest tables stood still for a minute on a computer's turn: {len(frozen)}"
        f" of {len(codes)}"
    )
    print("what the abuse got:")
    for kind, count in sorted(seen.items()):
        print(f"  {kind}: {count:,}")
    await close_all(seats)
    for session in sessions:
        await session.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60.0, help="each phase's length")
    parser.add_argument("--soak", type=float, default=0.0, help="minutes of abuse (a soak run)")
    parser.add_argument(
        "--limit", action="append", default=[], help="a server limit, NAME=VALUE (as serve's)"
    )
    args = parser.parse_args()
    limits = [option for limit in args.limit for option in ("--limit", limit)]
    with server_process("benchmark-abuse-", *limits) as (server, port, data):
        if server is None:
            return 1
        asyncio.run(run(args, port, server.pid, data))
        load = os.getloadavg()
        print(f"load average: {load[0]:.1f} (this machine: {os.cpu_count()} cores)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
