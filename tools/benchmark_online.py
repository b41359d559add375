"""How fast and how far one table server goes, on loopback (a measurement, not a test).

Starts ``ninetynine-audio serve`` as its own process on a free 127.0.0.1 port, then, from this
process, opens tables of Classic with 2 people and 2 computer players (Normal, the default
one-second pause). Each person is a websocket client that behaves like a player: it asks
something about every 1.5 seconds (its hand, whose turn, the total), plays a card by its
number keys when it hears its turn (after a moment's thought), reports its speech as heard,
and starts another game when one ends. Key-to-speech is the time from sending a key to the
first phrase that answers it.

It measures one table alone (p50/p95), then steps up the number of tables and reports, for
each step, the key-to-speech p50/p95 (with a 95% interval for p95 by bootstrap) and the
server's CPU (its share of one core, and CPU per table-second and per message sent, which stay
comparable on a loaded machine), stopping at the first step whose p95 passes the goal. Beside
them it prints this process's own CPU share and loop lag (how late a 10 ms sleep wakes, p95
and worst), since the clients' own delay is inside every latency they measure.

    python tools/benchmark_online.py [--steps 50,100,200,300,400,500] [--seconds 20]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from ninetynine_audio.online import protocol as p  # noqa: E402

GOAL_P95_S = 0.050
ANSWER_BOUND_S = 5.0
"""A key not answered within this long counts as unanswered (not as a latency)."""
QUERY_KEYS = ("h", "t", "c")
TASKS: list[asyncio.Task[None]] = []


def free_port() -> int:
    """A port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Stats:
    """Latencies seen while measuring."""

    latencies: list[float] = field(default_factory=list)
    measuring: bool = False
    keys: int = 0
    messages: int = 0
    bytes: int = 0
    games_ended: int = 0
    lags: list[float] = field(default_factory=list)
    unanswered: int = 0
    """Keys sent while measuring that got no speech within ``ANSWER_BOUND_S``."""


async def watch_lag(stats: Stats) -> None:
    """How late this process's own loop wakes from a 10 ms sleep (its share of the latency)."""
    loop = asyncio.get_running_loop()
    while True:
        start = loop.time()
        await asyncio.sleep(0.010)
        if stats.measuring:
            stats.lags.append(loop.time() - start - 0.010)


class Seat:
    """One person at a table, as a websocket client."""

    def __init__(self, url: str, name: str, stats: Stats, rng: random.Random) -> None:
        self.url = url
        self.name = name
        self.stats = stats
        self.rng = rng
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.seq = 0
        self.sent: dict[int, float] = {}
        self.last_phrase = 0
        self.my_turn = False
        self.answer: asyncio.Queue[p.Phrase] = asyncio.Queue()
        self.table: p.TableInfo | None = None
        self.over = False
        self.is_host = False
        self.closed = False

    async def send(self, message: p.ClientMessage) -> None:
        if self.ws is None or self.closed:
            return
        try:
            await self.ws.send_str(p.encode(message))
        except aiohttp.ClientError:
            self.closed = True

    async def key(self, name: str) -> p.Phrase | None:
        """Press a key and wait for the phrase that answers it."""
        self.seq += 1
        self.sent[self.seq] = time.perf_counter()
        while not self.answer.empty():
            self.answer.get_nowait()
        sent_while_measuring = self.stats.measuring
        await self.send(p.Key(key=name, seq=self.seq))
        self.stats.keys += 1
        try:
            return await asyncio.wait_for(self.answer.get(), timeout=ANSWER_BOUND_S)
        except TimeoutError:
            # An answer coming later is not a latency: the key stays unanswered.
            self.sent.pop(self.seq, None)
            if sent_while_measuring and self.stats.measuring:
                self.stats.unanswered += 1
            return None

    async def read(self) -> None:
        assert self.ws is not None
        async for frame in self.ws:
            if frame.type != aiohttp.WSMsgType.TEXT:
                continue
            if self.stats.measuring:
                self.stats.messages += 1
                self.stats.bytes += len(frame.data)
            message = p.decode_server(frame.data)
            if isinstance(message, p.Phrase):
                self.last_phrase = message.seq
                if message.answer_to is not None and message.answer_to in self.sent:
                    took = time.perf_counter() - self.sent.pop(message.answer_to)
                    if self.stats.measuring:
                        self.stats.latencies.append(took)
                    self.answer.put_nowait(message)
                if message.cue and "your_turn" in message.cue:
                    self.my_turn = True
            elif isinstance(message, p.TableInfo):
                self.table = message
            elif isinstance(message, (p.Error, p.Bye)) and os.environ.get("BENCH_DEBUG"):
                print(self.name, message, file=sys.stderr)
            elif isinstance(message, p.Display) and message.title == "Result":
                self.over = True
        self.closed = True

    async def heard(self) -> None:
        """Report speech as heard now and then, as the game's client does."""
        reported = 0
        while not self.closed:
            await asyncio.sleep(0.2)
            if self.last_phrase != reported and self.ws is not None:
                reported = self.last_phrase
                await self.send(p.Heard(seq=reported, remaining=0.0))

    async def play(self) -> None:
        """Ask now and then; play a card on the turn; start another game at the end."""
        while not self.closed:
            await asyncio.sleep(self.rng.uniform(1.0, 2.0))
            if self.over:
                self.over = False
                if self.is_host:
                    await self.key("end")
                    await self.key("return")  # Play again: the same seats wait
                    await asyncio.sleep(0.5)
                    await self.send(p.Start())
                continue
            if self.my_turn:
                self.my_turn = False
                for name in ("1", "2", "3", "4", "5", "up", "return", "down", "return"):
                    phrase = await self.key(name)
                    if phrase is None or not (phrase.cue or "").startswith("refused"):
                        break
                continue
            await self.key(self.rng.choice(QUERY_KEYS))


async def open_table(
    url: str, http: aiohttp.ClientSession, stats: Stats, number: int
) -> list[Seat]:
    """Two people sit at a new table of Classic with two computer players and start it."""
    rng = random.Random(number)
    host, guest = Seat(url, f"A{number}", stats, rng), Seat(url, f"B{number}", stats, rng)
    host.is_host = True
    for seat in (host, guest):
        seat.ws = await http.ws_connect(url, max_msg_size=0)
        await seat.send(p.Hello(protocol=p.PROTOCOL_VERSION, name=seat.name, hears_cues=True))
        TASKS.append(asyncio.get_running_loop().create_task(seat.read()))
    await host.send(p.Create(game="classic", seats=["human", "human", "normal", "normal"]))
    for _ in range(3000):
        if host.table is not None and host.table.code:
            break
        await asyncio.sleep(0.01)
    if host.table is None or host.table.code is None:
        raise TimeoutError("the server did not answer a new table within 30 seconds")
    await guest.send(p.Join(code=host.table.code))
    for _ in range(500):
        if guest.table is not None and guest.table.code:
            break
        await asyncio.sleep(0.01)
    await host.send(p.Start())
    for seat in (host, guest):
        TASKS.append(asyncio.get_running_loop().create_task(seat.heard()))
        TASKS.append(asyncio.get_running_loop().create_task(seat.play()))
    return [host, guest]


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def p95_interval(values: list[float], rounds: int = 200) -> tuple[float, float]:
    """A 95% bootstrap interval of the 95th percentile."""
    rng = random.Random(0)
    estimates = sorted(
        percentile([rng.choice(values) for _ in values], 0.95) for _ in range(rounds)
    )
    return estimates[int(0.025 * rounds)], estimates[int(0.975 * rounds) - 1]


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of a process so far (Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


async def measure(url: str, pid: int, steps: list[int], seconds: float, keep_going: bool) -> None:
    stats = Stats()
    seats: list[Seat] = []
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as http:
        print(
            "(latency as the load generator sees it, so a busy machine adds its own delay;"
            " server CPU is the share of one core)"
        )
        print(
            "tables  connections  keys   p50 ms  p95 ms  (95% interval)   server CPU"
            "  ms CPU/table-s  msgs/s  ms CPU/msg  gen CPU  gen lag p95/max ms"
        )
        TASKS.append(asyncio.get_running_loop().create_task(watch_lag(stats)))
        for tables in steps:
            try:
                while len(seats) // 2 < tables:
                    seats += await open_table(url, http, stats, len(seats) // 2)
            except (TimeoutError, aiohttp.ClientError) as error:
                print(f"{tables:6d}  could not open the tables: {error}")
                break
            await asyncio.sleep(3.0)  # let the new tables settle
            stats.latencies.clear()
            stats.lags.clear()
            stats.messages = stats.bytes = 0
            stats.measuring = True
            cpu0, own0, wall0 = cpu_seconds(pid), time.process_time(), time.monotonic()
            await asyncio.sleep(seconds)
            stats.measuring = False
            wall = time.monotonic() - wall0
            cpu = (cpu_seconds(pid) - cpu0) / wall
            own = (time.process_time() - own0) / wall
            lags = stats.lags or [0.0]
            values = stats.latencies
            if not values:
                print(f"{tables:6d}  no answers")
                break
            p50, p95 = percentile(values, 0.5), percentile(values, 0.95)
            low, high = p95_interval(values)
            rate = stats.messages / seconds
            print(
                f"{tables:6d}  {2 * tables:11d}  {len(values):5d}  {p50 * 1000:6.1f}  "
                f"{p95 * 1000:6.1f}  ({low * 1000:5.1f}-{high * 1000:5.1f})  "
                f"{cpu * 100:8.0f}%  {cpu / tables * 1000:6.2f}ms  {rate:6.0f}  "
                f"{cpu / max(rate, 1e-9) * 1000:6.2f}  "
                f"{own * 100:6.0f}%  {percentile(lags, 0.95) * 1000:6.1f}/{max(lags) * 1000:.0f}",
                flush=True,
            )
            if p95 > GOAL_P95_S:
                print(f"p95 passed {GOAL_P95_S * 1000:.0f} ms at {tables} tables")
                if not keep_going:
                    break
        await close_all(seats)


async def close_all(seats: list[Seat]) -> None:
    """Stop every client task and close every seat's websocket."""
    for task in TASKS:
        task.cancel()
    for seat in seats:
        seat.closed = True
        if seat.ws is not None:
            await seat.ws.close()


@contextlib.contextmanager
def server_process(
    prefix: str, *extra: str
) -> Iterator[tuple[subprocess.Popen[str] | None, int, Path]]:
    """``ninetynine-audio serve`` on a free port and a new data folder, with ``extra``
    options: the process (None, said on standard error, when it did not start), the port and
    the folder. Stopped at the end."""
    port = free_port()
    data = Path(tempfile.mkdtemp(prefix=prefix))
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    command = [sys.executable, "-m", "ninetynine_audio", "serve", "--port", str(port)]
    command += ["--data", str(data), *extra]
    server = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        if "Listening" not in line:
            print(f"the server did not start: {line}", file=sys.stderr)
            yield None, port, data
        else:
            print(f"server pid {server.pid}: {line.strip()}")
            yield server, port, data
    finally:
        server.terminate()
        server.wait(30)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", default="1,50,100,200,300,400,500")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument(
        "--keep-going", action="store_true", help="measure every step, past the goal too"
    )
    args = parser.parse_args()
    steps = [int(s) for s in args.steps.split(",")]
    # Every table comes from this one address: its limits are lifted (they are measured by
    # tools/benchmark_abuse.py, whose honest players come from many addresses).
    unlimited = ["connections_per_address=100000", "tables_per_hour=100000"]
    options = [option for limit in unlimited for option in ("--limit", limit)]
    with server_process("benchmark-online-", *options) as (server, port, _data):
        if server is None:
            return 1
        url = f"ws://127.0.0.1:{port}/ws"
        asyncio.run(measure(url, server.pid, steps, args.seconds, args.keep_going))
        load = os.getloadavg()
        print(f"load average during the run: {load[0]:.1f} (this machine: {os.cpu_count()} cores)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
