"""Measure the colour game's computer players: win rates with 95% Wilson intervals and
decision times.

Each row is one bot of a level against one or two opponents; the entries change seats every
game, so no level profits from a seat. The games are seeded, so a run with the same options
gives the same win rates.

    python tools/benchmark_colours.py                 # 1,000 games per row
    python tools/benchmark_colours.py --games 100     # a quick run
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ninetynine_audio.bots.tournament import TimeHistogram, run_tournament, wilson

GAME = "colours"


@dataclass(frozen=True)
class Row:
    """One line: ``level`` against ``opponents``, with or without the Pro Variant."""

    level: str
    opponents: tuple[str, ...]
    pro_variant: bool = False

    @property
    def label(self) -> str:
        """How the row is named in the table."""
        against = f"{len(self.opponents)} × {self.opponents[0]}"
        return f"{self.level} | {against} | {'pro' if self.pro_variant else 'plain'}"


ROWS = (
    Row("hard", ("normal",)),
    Row("hard", ("normal", "normal")),
    Row("hard", ("normal", "normal", "normal")),
    Row("normal", ("easy",)),
    Row("hard", ("normal",), pro_variant=True),
    Row("hard", ("normal", "normal"), pro_variant=True),
)


def run_chunk(job: tuple[Row, int, int]) -> tuple[Row, int, int, dict[str, int]]:
    """Play ``games`` games of ``row`` from ``seed``: the row, games, wins and decision times."""
    row, games, seed = job
    result = run_tournament(
        GAME,
        [row.level, *row.opponents],
        games,
        seed,
        {"pro_variant": row.pro_variant},
        clock=time.perf_counter,
    )
    times = result.decision_times.get(row.level, TimeHistogram())
    return row, result.games, result.entries[0].wins, times.to_dict()


def main(argv: Sequence[str] | None = None) -> int:
    """Run every row and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per row")
    parser.add_argument("--seed", type=int, default=2025)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--chunk", type=int, default=60, help="games per job (a multiple of 12)")
    args = parser.parse_args(argv)
    jobs = [
        (row, min(args.chunk, args.games - start), args.seed + start)
        for row in ROWS
        for start in range(0, args.games, args.chunk)
    ]
    totals: dict[Row, list[int]] = {row: [0, 0] for row in ROWS}
    times: dict[Row, TimeHistogram] = {row: TimeHistogram() for row in ROWS}
    with multiprocessing.Pool(args.workers) as pool:
        for row, games, wins, decided in pool.imap_unordered(run_chunk, jobs):
            totals[row][0] += games
            totals[row][1] += wins
            times[row].merge(TimeHistogram.from_dict(decided))
            print(f"  {row.label}: {totals[row][0]} games", file=sys.stderr)
    print(
        "| level | against | variant | games | win rate | 95% interval | even share"
        " | decision median | decision 95th pct |"
    )
    print("| --- | --- | --- | ---: | ---: | --- | ---: | ---: | ---: |")
    for row in ROWS:
        games, wins = totals[row]
        interval = wilson(wins, games)
        median = times[row].percentile(50) * 1000
        p95 = times[row].percentile(95) * 1000
        even = 1 / (len(row.opponents) + 1)
        print(
            f"| {row.label} | {games} | {interval.rate:.1%} | {interval.low:.1%} – "
            f"{interval.high:.1%} | {even:.0%} | {median:.2f} ms | {p95:.2f} ms |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
