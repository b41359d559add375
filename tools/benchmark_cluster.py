"""Two server processes sharing PostgreSQL beside one process with SQLite, on this machine (a
measurement, not a test).

    python tools/benchmark_cluster.py [--tables 300] [--rounds 2] [--seconds 15] [--kills 10]

Starts a PostgreSQL of its own (as the tests do: a cluster in a temporary folder on a free
port of 127.0.0.1, without fsync, as SQLite's WAL at NORMAL waits for no disk either), two
``serve --database … --cluster …`` processes on it and one ``serve`` on SQLite, then:

1. **Load, interleaved**: in each round, ``2 x N`` tables on the two processes (N on each, both
   people of a table on its process, as the front door and a ``moved`` message leave them),
   then ``N`` tables on the SQLite process; the other side's tables are closed meanwhile, so
   the machine's load falls on both alike. The players are ``tools/benchmark_online.py``'s
   (Classic, 2 people and 2 Normal computers; each person asks something every 1.5 s, plays
   on their turn, reports speech heard). Key-to-speech p50 and p95 with a 95% bootstrap
   interval over every round's keys, the servers' CPU, and for PostgreSQL the rows written a
   second (tables stored after each action, leases renewed, results) and commits a second.
   A step whose tables cannot all be opened is said, with how many were.
2. **Takeover**: ``--kills`` times, a table in play on one process, that process killed with
   SIGKILL, and the time until the other holds the table's lease (it deals the table again in
   the same step); the killed process is started again before the next kill, the two taking
   turns. p50 and max.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import signal
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import aiohttp

TOOLS = Path(__file__).resolve().parent
REPO = TOOLS.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))  # the tests' own PostgreSQL cluster

import psycopg  # noqa: E402
from benchmark_online import (  # noqa: E402
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

UNLIMITED = [
    option
    for limit in ("connections_per_address=100000", "tables_per_hour=100000")
    for option in ("--limit", limit)
]
"""Every table comes from this one address: its limits are lifted."""


def written(url: str) -> tuple[int, int, dict[str, int]]:
    """Rows written (inserted, updated, deleted) and commits in the database so far, and the
    rows written in each of the server's tables."""
    with psycopg.connect(url, autocommit=True) as conn:
        database = conn.execute(
            "SELECT tup_inserted + tup_updated + tup_deleted, xact_commit FROM pg_stat_database"
            " WHERE datname = current_database()"
        ).fetchone()
        per_table = conn.execute(
            "SELECT relname, n_tup_ins + n_tup_upd + n_tup_del FROM pg_stat_user_tables"
        ).fetchall()
    assert database is not None
    return int(database[0]), int(database[1]), {str(n): int(c) for n, c in per_table}


async def load(
    urls: list[str], pids: list[int], tables: int, seconds: float, stats: Stats
) -> tuple[int, float, int]:
    """Open ``tables`` tables spread over ``urls``, measure for ``seconds``, close them; how
    many were opened, the servers' CPU (share of one core) and the keys answered."""
    seats: list[Seat] = []
    TASKS.clear()
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as http:
        TASKS.append(asyncio.get_running_loop().create_task(watch_lag(stats)))
        try:
            for number in range(tables):
                seats += await open_table(urls[number % len(urls)], http, stats, number)
        except (TimeoutError, aiohttp.ClientError, OSError) as error:
            print(f"  opened {len(seats) // 2} of {tables} tables: {error}", flush=True)
        await asyncio.sleep(3.0)  # let the new tables settle
        before = len(stats.latencies)
        stats.measuring = True
        cpu0, wall0 = sum(cpu_seconds(pid) for pid in pids), time.monotonic()
        await asyncio.sleep(seconds)
        stats.measuring = False
        cpu = (sum(cpu_seconds(pid) for pid in pids) - cpu0) / (time.monotonic() - wall0)
        await close_all(seats)
        await asyncio.sleep(2.0)  # the closed tables' players gone before the other side
    return len(seats) // 2, cpu, len(stats.latencies) - before


def summary(name: str, tables: str, stats: Stats, cpu: list[float]) -> None:
    values = stats.latencies
    if not values:
        print(f"{name:28s} {tables:>9s}  no answers")
        return
    low, high = p95_interval(values)
    print(
        f"{name:28s} {tables:>9s} {len(values):7d} {percentile(values, 0.5) * 1000:7.1f}"
        f" {percentile(values, 0.95) * 1000:8.1f} ({low * 1000:.1f}-{high * 1000:.1f})"
        f"   {statistics.mean(cpu) * 100:4.0f}%",
        flush=True,
    )


@contextlib.contextmanager
def cluster_pair(url: str) -> Iterator[list[tuple[int, str]]]:
    """Two processes of a cluster on ``url``: each one's pid and address."""
    with contextlib.ExitStack() as stack:
        started = []
        for name in ("one", "two"):
            port = _free_port()
            extra = ("--database", url, "--cluster", f"ws://127.0.0.1:{port}/ws", *UNLIMITED)
            server, port, _data = stack.enter_context(_serve_on(port, f"cluster-{name}-", extra))
            if server is None:
                raise SystemExit(1)
            started.append((server.pid, f"ws://127.0.0.1:{port}/ws"))
        yield started


@contextlib.contextmanager
def _serve_on(port: int, prefix: str, extra: tuple[str, ...]) -> Iterator[tuple]:  # type: ignore[type-arg]
    with server_process(prefix, "--port", str(port), *extra) as started:
        yield started[0], port, started[2]


def _free_port() -> int:
    from benchmark_online import free_port

    return free_port()


def measure_load(url: str, tables: int, rounds: int, seconds: float) -> None:
    print(f"N = {tables} tables (two people and two computers each); {rounds} rounds of")
    print(
        f"{seconds:.0f} s a side, the sides interleaved; the other side's tables closed meanwhile"
    )
    cluster_stats, sqlite_stats = Stats(), Stats()
    cluster_cpu: list[float] = []
    sqlite_cpu: list[float] = []
    opened = {"cluster": [], "sqlite": []}  # type: dict[str, list[int]]
    rows = commits = 0
    per_table: dict[str, int] = {}
    measured_s = 0.0
    with cluster_pair(url) as pair, server_process("sqlite-", *UNLIMITED) as sqlite:
        sqlite_server, sqlite_port, _ = sqlite
        if sqlite_server is None:
            raise SystemExit(1)
        for number in range(rounds):
            print(
                f"round {number + 1}: two processes on PostgreSQL, {2 * tables} tables", flush=True
            )
            rows0, commits0, table0 = written(url)
            start = time.monotonic()
            count, cpu, _keys = asyncio.run(
                load(
                    [u for _, u in pair],
                    [pid for pid, _ in pair],
                    2 * tables,
                    seconds,
                    cluster_stats,
                )
            )
            rows1, commits1, table1 = written(url)
            elapsed = time.monotonic() - start
            measured_s += elapsed
            rows += rows1 - rows0
            commits += commits1 - commits0
            for name, value in table1.items():
                per_table[name] = per_table.get(name, 0) + value - table0.get(name, 0)
            cluster_cpu.append(cpu)
            opened["cluster"].append(count)
            print(f"round {number + 1}: one process on SQLite, {tables} tables", flush=True)
            count, cpu, _keys = asyncio.run(
                load(
                    [f"ws://127.0.0.1:{sqlite_port}/ws"],
                    [sqlite_server.pid],
                    tables,
                    seconds,
                    sqlite_stats,
                )
            )
            sqlite_cpu.append(cpu)
            opened["sqlite"].append(count)
    print()
    print(
        "side                          tables     keys  p50 ms   p95 ms (95% interval)"
        "  servers' CPU"
    )
    summary(
        "2 processes, PostgreSQL", "/".join(map(str, opened["cluster"])), cluster_stats, cluster_cpu
    )
    summary("1 process, SQLite", "/".join(map(str, opened["sqlite"])), sqlite_stats, sqlite_cpu)
    print(
        f"PostgreSQL while its side ran (opening, settling, measuring: {measured_s:.0f} s):"
        f" {rows / measured_s:.0f} rows written a second,"
        f" {commits / measured_s:.0f} commits a second"
    )
    print(
        "  rows a second by table: "
        + ", ".join(f"{name} {count / measured_s:.0f}" for name, count in sorted(per_table.items()))
    )


async def table_in_play(url: str) -> str:
    """A table of one person and a computer started at ``url``; its code."""
    stats = Stats()
    async with aiohttp.ClientSession() as http:
        seat = Seat(url, f"K{random.randrange(10**6)}", stats, random.Random(0))
        seat.ws = await http.ws_connect(url)
        await seat.send(p.Hello(protocol=p.PROTOCOL_VERSION, name=seat.name, hears_cues=True))
        reader = asyncio.get_running_loop().create_task(seat.read())
        await seat.send(p.Create(game="classic", seats=["human", "normal"], pause_ms=0))
        for _ in range(3000):
            if seat.table is not None and seat.table.code:
                break
            await asyncio.sleep(0.01)
        assert seat.table is not None and seat.table.code is not None
        await seat.send(p.Start())
        await asyncio.sleep(0.5)
        await seat.ws.close()
        reader.cancel()
        return seat.table.code


def holder(url: str, code: str) -> str | None:
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute(
            "SELECT holder FROM leases WHERE code = %s"
            " AND until > EXTRACT(EPOCH FROM clock_timestamp())",
            (code,),
        ).fetchone()
    return None if row is None else str(row[0])


def measure_takeover(url: str, kills: int) -> None:
    taken: list[float] = []
    with contextlib.ExitStack() as stack:
        ports = [_free_port(), _free_port()]

        def start(index: int) -> int:
            extra = ("--database", url, "--cluster", f"ws://127.0.0.1:{ports[index]}/ws")
            server, _port, _ = stack.enter_context(_serve_on(ports[index], "takeover-", extra))
            if server is None:
                raise SystemExit(1)
            return int(server.pid)

        pids = [start(0), start(1)]
        for number in range(kills):
            victim = number % 2
            code = asyncio.run(table_in_play(f"ws://127.0.0.1:{ports[victim]}/ws"))
            time.sleep(random.uniform(0.0, 1.0))  # anywhere in the renewal's second
            before = holder(url, code)
            os.kill(pids[victim], signal.SIGKILL)
            killed = time.monotonic()
            while holder(url, code) in (None, before) and time.monotonic() - killed < 60:
                time.sleep(0.02)
            taken.append(time.monotonic() - killed)
            print(f"kill {number + 1}: taken over after {taken[-1]:.2f} s", flush=True)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pids[victim], 0)
            pids[victim] = start(victim)
    print(
        f"takeover after kill -9 over {len(taken)} kills: p50 {statistics.median(taken):.2f} s,"
        f" max {max(taken):.2f} s (lease 6 s, renewed every second)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=300, help="N: the SQLite side's tables")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--kills", type=int, default=10)
    args = parser.parse_args()
    from postgres_helpers import Postgres

    cluster = Postgres()
    try:
        if args.tables > 0:
            measure_load(cluster.new_database(), args.tables, args.rounds, args.seconds)
        if args.kills > 0:
            measure_takeover(cluster.new_database(), args.kills)
    finally:
        cluster.stop()
    load = os.getloadavg()
    print(f"load average at the end: {load[0]:.1f} (this machine: {os.cpu_count()} cores)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
