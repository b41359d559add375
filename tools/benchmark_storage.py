"""How fast each engine takes the server's writes: a table stored after an action, as the
server stores every table after every action.

    python tools/benchmark_storage.py [--rounds 8] [--writes 300] [--database URL]

For SQLite (a file in a temporary folder) and PostgreSQL (a cluster of its own in a temporary
folder, as the tests start it, or the database ``--database`` names), in interleaved rounds
(the order swapped each round, so the machine's load falls on both alike): the writes a
second until all are done (``flush``), and what one write costs its caller (the event loop)
p50/p95. Means over the rounds with a 95% interval (t). The tests' cluster waits for no disk
(``fsync=off``), as SQLite's file at ``synchronous=NORMAL`` in WAL mode waits only at its
checkpoints: both figures are without a disk's flush per write.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent / "tests"
sys.path.insert(0, str(TESTS.parent))
sys.path.insert(0, str(TESTS))  # the tests' own PostgreSQL cluster

from benchmark_review import mean_interval  # noqa: E402

from ninetynine_audio.online.storage import Store, StoredTable, open_store  # noqa: E402


def a_table(number: int, actions: int) -> StoredTable:
    seats = [
        {"kind": "human", "name": name, "who": f"account:{name.lower()}", "replaced": False}
        for name in ("Ann", "Ben", "Cat")
    ]
    record = {"seed": number, "actions": [{"type": "play", "card": n % 52} for n in range(actions)]}
    return StoredTable(
        f"T{number:05d}", "classic", "playing", True, "account:ann", seats, {}, record
    )


def one_round(store: Store, writes: int, tables: int) -> tuple[float, list[float]]:
    """Writes a second, and each write's cost to its caller in microseconds."""
    costs = []
    start = time.perf_counter()
    for n in range(writes):
        table = a_table(n % tables, 20 + n // tables)
        before = time.perf_counter()
        store.save_table(table)
        costs.append((time.perf_counter() - before) * 1e6)
    assert store.flush(timeout=120)
    return writes / (time.perf_counter() - start), costs


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--writes", type=int, default=300)
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--database", default=None, help="a PostgreSQL database to use")
    args = parser.parse_args()
    cluster = None
    url = args.database
    if url is None:
        from helpers.postgres import Postgres

        cluster = Postgres()
        url = cluster.new_database()
    folder = Path(tempfile.mkdtemp(prefix="ninetynine-storage-"))
    stores = {
        "sqlite": open_store(folder / "sqlite"),
        "postgresql": open_store(folder / "postgresql", url),
    }
    rates: dict[str, list[float]] = {name: [] for name in stores}
    p50s: dict[str, list[float]] = {name: [] for name in stores}
    p95s: dict[str, list[float]] = {name: [] for name in stores}
    try:
        for number in range(args.rounds):
            order = list(stores) if number % 2 == 0 else list(reversed(stores))
            for name in order:
                rate, costs = one_round(stores[name], args.writes, args.tables)
                rates[name].append(rate)
                p50s[name].append(percentile(costs, 0.5))
                p95s[name].append(percentile(costs, 0.95))
    finally:
        for store in stores.values():
            store.close()
        if cluster is not None:
            cluster.stop()
        shutil.rmtree(folder, ignore_errors=True)
    shape = f"{args.rounds} rounds of {args.writes} writes over {args.tables} tables"
    print(f"{shape}; means over the rounds (95% interval)")
    for name in stores:
        print(f"{name}: writes a second {mean_interval(rates[name])}")
        print(f"  one write's cost to its caller, µs: p50 {mean_interval(p50s[name])}")
        print(f"  p95 {mean_interval(p95s[name])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
