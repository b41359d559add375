"""Time the Expert's decisions in each game, and fingerprint the games it played.

Plays seeded games of the Expert against the strength report's hardest opponents (Hard, seats
in turn), times every decision of the Expert in CPU time and prints, per game, the decisions
timed, their median, 95th percentile (with a 95% interval, by order statistics) and worst.
Each game line ends with a hash of every event of every game played: a change that is meant to
make the Expert faster without changing what it chooses must leave the hash as it was, for the
same ``--games`` and ``--seed``.

    python tools/benchmark_decisions.py                     # 20 games of each
    python tools/benchmark_decisions.py --only colours --games 10
    python tools/benchmark_decisions.py --only colours --players 4    # the Expert and three Hard
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
import time
from collections.abc import Sequence

from ninetynine_audio.bots.tournament import game_seed, play_bot_game, seating
from ninetynine_audio.games.registry import all_games

OPPONENTS = {"classic": 3, "arcade": 3, "tactical": 3, "colours": 1, "tricks": 2}
LEVEL = "expert"
OPPONENT = "hard"


def percentile_interval(count: int, pct: float, z: float = 1.96) -> tuple[int, int, int]:
    """The ranks (0-based, into ``count`` sorted times) of the ``pct`` percentile and of the
    ends of its 95% interval, from the binomial count of times below it."""
    p = pct / 100
    centre = min(count - 1, max(0, math.ceil(p * count) - 1))
    spread = z * math.sqrt(count * p * (1 - p))
    low = min(count - 1, max(0, math.floor(p * count - spread) - 1))
    high = min(count - 1, max(0, math.ceil(p * count + spread)))
    return centre, low, high


def play(game: str, games: int, seed: int, players: int | None = None) -> tuple[list[float], str]:
    """The Expert's decision times over ``games`` games, and the hash of their events; at a
    table of ``players`` (by default the strength report's)."""
    kinds = [LEVEL] + [OPPONENT] * (OPPONENTS[game] if players is None else players - 1)
    digest = hashlib.sha256()
    times: list[float] = []
    for index in range(games):
        seats = seating(len(kinds), seed, index)
        record = play_bot_game(
            game,
            [kinds[e] for e in seats],
            game_seed(seed, index),
            clock=time.process_time,
        )
        for event in record.events:
            digest.update(json.dumps(event.to_log(), sort_keys=True).encode())
        times.extend(seconds for level, seconds in record.decisions if level == LEVEL)
    return times, digest.hexdigest()[:16]


def main(argv: Sequence[str] | None = None) -> int:
    """Play and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=20, help="games of each (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default=None, help="only these games, comma-separated")
    parser.add_argument("--players", type=int, default=None, help="players at each table")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    only = set(args.only.split(",")) if args.only else None
    print("| game | decisions | median | 95th pct (95% interval) | worst | events hash |")
    print("| --- | ---: | ---: | --- | ---: | --- |")
    for spec in all_games():
        if only is not None and spec.id not in only:
            continue
        if args.players is not None and not (spec.min_players <= args.players <= spec.max_players):
            continue
        times, digest = play(spec.id, args.games, args.seed, args.players)
        times.sort()
        centre, low, high = percentile_interval(len(times), 95)
        ms = [t * 1000 for t in times]
        print(
            f"| {spec.id} | {len(times)} | {ms[len(ms) // 2]:.1f} ms"
            f" | {ms[centre]:.1f} ms ({ms[low]:.1f}-{ms[high]:.1f}) | {ms[-1]:.1f} ms"
            f" | {digest} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
