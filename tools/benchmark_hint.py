"""Measure how long the hint takes to answer, in every game, in CPU time.

The hint asks the strongest level of the game's family with the hint's own budget
(``make_hint_bot``). This plays whole games between computer players (the first seat Hard, the
others at the game's default level) and, at every decision of the first seat, times the hint
bot's choice on that seat's view, as a player pressing the hint key would get it. It prints the
median, the 95th percentile and the worst time per game.

    python tools/benchmark_hint.py               # 40 games of each
    python tools/benchmark_hint.py --games 5 --only tricks
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence

from ninetynine_audio.bots import make_bot, make_hint_bot
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.registry import all_games, find_game

PLAYERS = {"classic": 4, "arcade": 4, "tactical": 4, "colours": 2, "tricks": 3}


def hint_times(game: str, games: int, seed: int) -> list[float]:
    """The CPU seconds of every hint asked at the first seat of ``games`` games."""
    spec = find_game(game)
    count = PLAYERS.get(game, spec.min_players)
    kinds = ("hard",) * count
    times: list[float] = []
    for index in range(games):
        names = spec.default_names(kinds)
        state, _ = spec.new_game(GameSetup(spec.id, names, kinds, {}, seed + index))
        bots = [make_bot(spec.family, kind) for kind in kinds]
        rngs = [random.Random(f"hint:{seed}:{index}:{seat}") for seat in range(count)]
        while not spec.is_over(state):
            seat = spec.seats_to_act(state)[0]
            seen = spec.view(state, seat)
            if seat == 0:
                hint = make_hint_bot(spec.family)
                started = time.process_time()
                hint.choose(seen, random.Random(f"hint:{index}:{len(times)}"))
                times.append(time.process_time() - started)
            state, _ = spec.apply(state, bots[seat].choose(seen, rngs[seat]))
    return times


def main(argv: Sequence[str] | None = None) -> int:
    """Time the hint in each game and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=40, help="games of each (default 40)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default=None, help="only this game")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    print("| game | hints | median | 95th pct | worst |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for spec in all_games():
        if args.only and args.only != spec.id:
            continue
        times = sorted(hint_times(spec.id, args.games, args.seed))
        if not times:
            continue
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(
            f"| {spec.id} | {len(times)} | {statistics.median(times) * 1000:.1f} ms"
            f" | {p95 * 1000:.1f} ms | {times[-1] * 1000:.1f} ms |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
