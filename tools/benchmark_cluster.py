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
import subprocess
import sys
import tempfile
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
    free_port,
    open_table,
    p95_interval,
    percentile,
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
def serving(prefix: str, *extra: str) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """``ninetynine-audio serve`` on a free port and a new data folder, with ``extra``
    options (``{port}`` in them is the port): the process and its address. Stopped at the end
    (killed when it does not stop in time: the figures are printed before)."""
    port = free_port()
    data = Path(tempfile.mkdtemp(prefix=prefix))
    command = [sys.executable, "-m", "ninetynine_audio", "serve", "--port", str(port)]
    command += ["--data", str(data), *(option.format(port=port) for option in extra)]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    server = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        if "Listening" not in line:
            raise SystemExit(f"the server did not start: {line}")
        yield server, f"ws://127.0.0.1:{port}/ws"
    finally:
        server.terminate()
        try:
            server.wait(60)
        except subprocess.TimeoutExpired:
            print(f"server {server.pid} did not stop in 60 s: killed", flush=True)
            server.kill()
            server.wait(30)


def cluster_options(url: str) -> tuple[str, ...]:
    return ("--database", url, "--cluster", "ws://127.0.0.1:{port}/ws")


def measure_load(url: str, tables: int, rounds: int, seconds: float) -> None:
    print(f"N = {tables} tables (two people and two computers each); {rounds} rounds of")
    print(
        f"{seconds:.0f} s a side, the sides interleaved; the other side's tables closed meanwhile"
    )
    cluster_stats, sqlite_stats = Stats(), Stats()
    cpu: dict[str, list[float]] = {"cluster": [], "sqlite": []}
    opened: dict[str, list[int]] = {"cluster": [], "sqlite": []}
    rows = commits = 0
    per_table: dict[str, int] = {}
    measured_s = 0.0
    with contextlib.ExitStack() as stack:
        pair = [
            stack.enter_context(serving(f"cluster-{name}-", *cluster_options(url), *UNLIMITED))
            for name in ("one", "two")
        ]
        sqlite, sqlite_url = stack.enter_context(serving("sqlite-", *UNLIMITED))
        for number in range(rounds):
            print(f"round {number + 1}: two processes on PostgreSQL, {2 * tables} tables")
            rows0, commits0, table0 = written(url)
            start = time.monotonic()
            count, used, _keys = asyncio.run(
                load(
                    [u for _, u in pair],
                    [s.pid for s, _ in pair],
                    2 * tables,
                    seconds,
                    cluster_stats,
                )
            )
            rows1, commits1, table1 = written(url)
            measured_s += time.monotonic() - start
            rows += rows1 - rows0
            commits += commits1 - commits0
            for name, value in table1.items():
                per_table[name] = per_table.get(name, 0) + value - table0.get(name, 0)
            cpu["cluster"].append(used)
            opened["cluster"].append(count)
            print(f"round {number + 1}: one process on SQLite, {tables} tables", flush=True)
            count, used, _keys = asyncio.run(
                load([sqlite_url], [sqlite.pid], tables, seconds, sqlite_stats)
            )
            cpu["sqlite"].append(used)
            opened["sqlite"].append(count)
        print()
        print(
            "side                          tables     keys  p50 ms   p95 ms (95% interval)"
            "  servers' CPU"
        )
        cluster_opened = "/".join(map(str, opened["cluster"]))
        summary("2 processes, PostgreSQL", cluster_opened, cluster_stats, cpu["cluster"])
        summary(
            "1 process, SQLite", "/".join(map(str, opened["sqlite"])), sqlite_stats, cpu["sqlite"]
        )
        print(
            f"PostgreSQL while its side ran (opening, settling, measuring: {measured_s:.0f} s):"
            f" {rows / measured_s:.0f} rows written a second,"
            f" {commits / measured_s:.0f} commits a second"
        )
        print(
            "  rows a second by table: "
            + ", ".join(f"{name} {n / measured_s:.0f}" for name, n in sorted(per_table.items()))
        )
        print(flush=True)


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
    running: list[contextlib.ExitStack] = []
    addresses: list[str] = []
    processes: list[subprocess.Popen[str]] = []
    try:
        for _ in range(2):
            running.append(contextlib.ExitStack())
            process, address = running[-1].enter_context(
                serving("takeover-", *cluster_options(url))
            )
            processes.append(process)
            addresses.append(address)
        for number in range(kills):
            victim = number % 2
            code = asyncio.run(table_in_play(addresses[victim]))
            time.sleep(random.uniform(0.0, 1.0))  # anywhere in the renewal's second
            before = holder(url, code)
            processes[victim].send_signal(signal.SIGKILL)
            killed = time.monotonic()
            while holder(url, code) in (None, before) and time.monotonic() - killed < 60:
                time.sleep(0.02)
            taken.append(time.monotonic() - killed)
            print(f"kill {number + 1}: taken over after {taken[-1]:.2f} s", flush=True)
            running[victim].close()
            processes[victim], addresses[victim] = running[victim].enter_context(
                serving("takeover-", *cluster_options(url))
            )
    finally:
        for stack in running:
            stack.close()
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
    from helpers.postgres import Postgres

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
