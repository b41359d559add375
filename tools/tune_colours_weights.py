"""Weigh a change to the colour game's Hard: Hard with some weights changed against Hard as it
is, heads-up, in whole games played in the playouts' fast copy of the game.

The fast copy (:mod:`ninetynine_audio.bots.colours.fastsim`) plays the same turns as Hard
chooses them in the engine, a few hundred games a second on one core, so a change to a weight
can be measured on thousands of games in seconds. Every deal is played twice, each player in
each seat, so two equal players win exactly half. No Pro Variant. The win rate is printed with
its 95% Wilson interval; a game that runs past :data:`MAX_TURNS` turns counts half to each.

    python tools/tune_colours_weights.py --set kept_chain=0.75             # 3,000 deals
    python tools/tune_colours_weights.py --set per_draw=1.5 --deals 500    # a quick look
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, fields, replace

from ninetynine_audio.bots.colours.fastsim import Seat, Table, Worths, codes, mask
from ninetynine_audio.bots.colours.hard import Weights
from ninetynine_audio.bots.tournament import wilson
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.colours import new_game

MAX_TURNS = 400
CHUNK = 50  # deals a worker plays at a time


def play(seed: int, first: Weights, second: Weights) -> float:
    """One game on the deal of ``seed``, the engine's first seat playing by ``first``, the
    other by ``second``: 1 when the first seat wins, 0 when the second does, a half when
    neither has after :data:`MAX_TURNS` turns."""
    state, _ = new_game(GameSetup("colours", ("A", "B"), ("hard", "hard"), {}, seed))
    seats = [Seat(codes(state.hands[s]), codes(state.draw_piles[s]), [], 0) for s in (0, 1)]
    tops = [codes(state.discards[0])[0], codes(state.discards[1])[0]]
    # The reserve is rebuilt by this generator, not the engine's: the game is the same game,
    # its later shuffles differ.
    table = Table(tops, codes(state.reserve), [], random.Random(seed), mask(tops))
    weights = (first, second)
    worths: tuple[Worths, Worths] = ({}, {})
    mover = state.to_act
    for _ in range(MAX_TURNS):
        other = 1 - mover
        won, _ = table.hard_turn(
            seats[mover], mask(seats[other].row), weights[mover], worths[mover]
        )
        if won:
            return 1.0 if mover == 0 else 0.0
        mover = other
    return 0.5


def play_deals(job: tuple[list[int], dict[str, float]]) -> float:
    """The changed Hard's points from ``seeds``, each deal played from both seats."""
    seeds, changes = job
    changed, usual = replace(Weights(), **changes), Weights()
    return sum(play(seed, changed, usual) + 1.0 - play(seed, usual, changed) for seed in seeds)


def parse_changes(texts: Sequence[str]) -> dict[str, float]:
    """``name=value`` pairs as weight changes.

    Raises:
        ValueError: not a pair, not a weight of Hard's, or not a number.
    """
    names = {field.name for field in fields(Weights)}
    changes: dict[str, float] = {}
    for text in texts:
        name, equals, value = text.partition("=")
        name = name.strip()
        if not equals or name not in names:
            known = ", ".join(sorted(names))
            raise ValueError(f"{text!r}: give name=value, the name one of {known}")
        changes[name] = float(value)
    return changes


def measure(changes: dict[str, float], deals: int, seed: int, workers: int) -> tuple[float, int]:
    """The changed Hard's points and the number of games, over ``deals`` deals from ``seed``."""
    seeds = list(range(seed, seed + deals))
    jobs = [(seeds[start : start + CHUNK], changes) for start in range(0, deals, CHUNK)]
    if workers <= 1:
        points = sum(map(play_deals, jobs))
    else:
        with multiprocessing.Pool(workers) as pool:
            points = sum(pool.map(play_deals, jobs))
    return points, 2 * deals


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--set", action="append", default=[], metavar="NAME=VALUE", help="a weight changed"
    )
    parser.add_argument("--deals", type=int, default=3000, help="deals, each played twice")
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed")
    parser.add_argument("--workers", type=int, default=multiprocessing.cpu_count())
    args = parser.parse_args(argv)
    try:
        changes = parse_changes(args.set)
    except ValueError as error:
        parser.error(str(error))
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    started = time.perf_counter()
    points, games = measure(changes, args.deals, args.seed, args.workers)
    seconds = time.perf_counter() - started
    # A game past the last turn counts half: the interval is taken on whole games won.
    interval = wilson(round(points), games)
    usual = asdict(Weights())
    said = ", ".join(f"{name} {usual[name]} → {value}" for name, value in changes.items())
    print(f"Hard with {said or 'no change'} against Hard as it is")
    print(
        f"{games} games: {100 * points / games:.1f}% "
        f"({100 * interval.low:.1f}% – {100 * interval.high:.1f}%), "
        f"{games / seconds:.0f} games a second"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
