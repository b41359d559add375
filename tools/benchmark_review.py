#!/usr/bin/env python3
"""How long the coach's review takes, and how often its costly moves stand a deeper search.

For each game asked for, a few games between computer players are played from fixed seeds
(seat 0 at ``--level``, the others Normal), and seat 0's every decision is reviewed twice from
the game's log: at the review's budget (``play.review.DEALS`` deals a decision) and at four
times it. Printed per game:

- the review's time per game and per decision (mean, with a 95% interval over the games by the
  t distribution), at both budgets;
- how many decisions were weighed, and how many the review and the deeper review call costly;
- agreement: the share of the review's costly moves that the deeper review also calls costly
  (precision), and the share of the deeper review's costly moves the review found (recall),
  each with its 95% Wilson interval; how often the two name the same best move; and what the
  deeper review makes of the review's costly moves: their mean cost there, and the share of
  them it finds cost at least half the threshold (a borderline move falls on either side of a
  threshold by luck, so exact agreement is the harsher measure).

Usage: ``python tools/benchmark_review.py [--games 3] [--only classic,tricks] [--level hard]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ninetynine_audio.bots.tournament import play_bot_game, wilson
from ninetynine_audio.games.registry import all_games, find_game
from ninetynine_audio.play.review import COSTLY, DEALS, Review, review_game

T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26}


def mean_interval(values: list[float]) -> str:
    """``"mean (low to high)"`` with a 95% t interval (just the mean for one value)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return f"{mean:.2f}"
    half = T95.get(len(values) - 1, 1.96) * statistics.stdev(values) / len(values) ** 0.5
    return f"{mean:.2f} ({mean - half:.2f} to {mean + half:.2f})"


def timed(records: list[dict], deals: int) -> tuple[Review, float]:
    started = time.perf_counter()
    review = review_game(records, seats=[0], deals=deals)
    return review, time.perf_counter() - started


def measure(game: str, games: int, level: str, seed: int) -> None:
    spec = find_game(game)
    seats = len(spec.default_kinds)
    kinds = (level, *("normal" for _ in range(seats - 1)))
    times: dict[int, list[float]] = {DEALS: [], 4 * DEALS: []}
    per_decision: dict[int, list[float]] = {DEALS: [], 4 * DEALS: []}
    decisions = costly = deep_costly = both = same_best = half = 0
    deep_costs: list[float] = []
    for index in range(games):
        record = play_bot_game(game, kinds, seed + index)
        records = [event.to_log() for event in record.events]
        # Interleaved: the deeper review right after the review of the same game.
        quick, quick_s = timed(records, DEALS)
        deep, deep_s = timed(records, 4 * DEALS)
        for deals, seconds, review in ((DEALS, quick_s, quick), (4 * DEALS, deep_s, deep)):
            times[deals].append(seconds)
            per_decision[deals].append(seconds / max(len(review.decisions), 1) * 1000)
        decisions += len(quick.decisions)
        marked = {d.number for d in quick.costly}
        deep_marked = {d.number for d in deep.costly}
        for a, b in zip(quick.decisions, deep.decisions, strict=True):
            if a.number in marked:
                deep_costs.append(b.cost)
                half += b.cost >= COSTLY / 2
        costly += len(marked)
        deep_costly += len(deep_marked)
        both += len(marked & deep_marked)
        same_best += sum(
            1
            for a, b in zip(quick.decisions, deep.decisions, strict=True)
            if a.best.code == b.best.code
        )
    precision = wilson(both, costly)
    recall = wilson(both, deep_costly)
    best = wilson(same_best, decisions)
    print(f"{game}: {games} games, seat 0 {level} against Normal, {decisions} decisions weighed")
    for deals in times:
        print(
            f"  {deals:>3} deals: {mean_interval(times[deals])} s a game, "
            f"{mean_interval(per_decision[deals])} ms a decision"
        )
    print(f"  costly: {costly} at {DEALS} deals, {deep_costly} at {4 * DEALS}, {both} in both")
    print(
        f"  precision {precision.rate:.0%} ({precision.low:.0%} to {precision.high:.0%}), "
        f"recall {recall.rate:.0%} ({recall.low:.0%} to {recall.high:.0%}), "
        f"same best move {best.rate:.0%} ({best.low:.0%} to {best.high:.0%})"
    )
    near = wilson(half, costly)
    print(
        f"  the review's costly moves at {4 * DEALS} deals: mean cost "
        f"{mean_interval(deep_costs) if deep_costs else '-'}, at least {COSTLY / 2:.2f} in "
        f"{near.rate:.0%} ({near.low:.0%} to {near.high:.0%})",
        flush=True,
    )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per game (default 3)")
    parser.add_argument("--only", default="", help="games, comma-separated (default: all)")
    parser.add_argument("--level", default="hard", help="seat 0's level (default hard)")
    parser.add_argument("--seed", type=int, default=100, help="first game's seed")
    args = parser.parse_args(argv)
    names = [n for n in args.only.split(",") if n] or [spec.id for spec in all_games()]
    for name in names:
        measure(name, args.games, args.level, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
