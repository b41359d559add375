#!/usr/bin/env python3
"""What a review costs the server's other tables while it weighs on a worker thread.

Online, the coach weighs a finished game beside the event loop (``online/review.py``): the
loop goes on, but the thread holds Python's lock for most of its time slices. For each game (a
game between computer players from a fixed seed, seat 0's decisions reviewed as a player's
review would), the loop runs a 10 ms timer and counts how late each tick comes while the
review weighs on a worker thread, while it weighs in a worker process (the server's way; the
two in alternating order game by game, so the machine's load falls on both alike), and while
nothing else runs. Printed: the review's time, and the timer's lateness at p50, p95 and its
worst in each case (means over the games, with 95% t intervals).

Usage: ``python tools/benchmark_online_review.py [--games 5] [--game classic]``.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import statistics
import sys
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ninetynine_audio.bots.tournament import play_bot_game
from ninetynine_audio.games.registry import find_game
from ninetynine_audio.play.review import review_game

TICK_S = 0.010
T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26}


def mean_interval(values: list[float], scale: float = 1000.0) -> str:
    """``"mean (low to high)"`` in ms with a 95% t interval."""
    mean = statistics.fmean(values) * scale
    if len(values) < 2:
        return f"{mean:.1f}"
    half = T95.get(len(values) - 1, 1.96) * statistics.stdev(values) * scale / len(values) ** 0.5
    return f"{mean:.1f} ({mean - half:.1f} to {mean + half:.1f})"


async def lateness(until: asyncio.Future[object] | float) -> list[float]:
    """How late each 10 ms tick comes, until ``until`` is done (or that many seconds)."""
    late: list[float] = []
    end = until if isinstance(until, float) else None
    start = time.perf_counter()
    while True:
        asked = time.perf_counter()
        await asyncio.sleep(TICK_S)
        late.append(max(0.0, time.perf_counter() - asked - TICK_S))
        if end is not None and time.perf_counter() - start >= end:
            return late
        if not isinstance(until, float) and until.done():
            return late


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def measure(game: str, games: int) -> None:
    spec = find_game(game)
    kinds = ("normal",) * len(spec.default_kinds)
    loop = asyncio.get_running_loop()
    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
    pool.submit(int).result()  # started before the first window
    places: list[tuple[str, Executor | None]] = [("thread", None), ("process", pool)]
    took: dict[str, list[float]] = {where: [] for where, _ in places}
    idle: dict[str, list[float]] = {"p50": [], "p95": [], "worst": []}
    busy = {where: {"p50": [], "p95": [], "worst": []} for where, _ in places}
    try:
        for seed in range(games):
            played = play_bot_game(spec.id, kinds, 1000 + seed)
            records = [event.to_log() for event in played.events]
            # Each game on both, the order alternating, and an idle window as long.
            order = places if seed % 2 == 0 else places[::-1]
            for where, executor in order:
                started = time.perf_counter()
                weigh = partial(review_game, records, seats=[0])
                during = await lateness(loop.run_in_executor(executor, weigh))
                took[where].append(time.perf_counter() - started)
                for name, q in (("p50", 0.5), ("p95", 0.95), ("worst", 1.0)):
                    busy[where][name].append(quantile(during, q))
                print(f"  game {seed + 1}, {where}: review {took[where][-1]:.2f} s", flush=True)
            before = await lateness(statistics.fmean(took[w][-1] for w, _ in places))
            for name, q in (("p50", 0.5), ("p95", 0.95), ("worst", 1.0)):
                idle[name].append(quantile(before, q))
    finally:
        pool.shutdown()
    print(f"{game}, {games} games, seat 0 reviewed:")
    for where, _ in places:
        print(f"  review's time on a worker {where}: {mean_interval(took[where], 1.0)} s")
    for name in ("p50", "p95", "worst"):
        print(
            f"  10 ms timer late at {name}: idle {mean_interval(idle[name])} ms, "
            f"thread {mean_interval(busy['thread'][name])} ms, "
            f"process {mean_interval(busy['process'][name])} ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--game", default="classic")
    args = parser.parse_args()
    asyncio.run(measure(args.game, args.games))


if __name__ == "__main__":
    main()
