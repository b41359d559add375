"""Whole games between computer players, and the figures of a tournament.

The clock is passed in (``bots/`` never reads it itself), so the same code runs in tests with
a fake clock and in ``simulate`` with a real one.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ninetynine_audio.bots.base import Bot, make_bot
from ninetynine_audio.games.base import AnySpec, GameSetup, Outcome
from ninetynine_audio.games.registry import find_game

Clock = Callable[[], float]


@dataclass
class GameRecord:
    """One finished game between bots."""

    seed: int
    players: tuple[str, ...]
    kinds: tuple[str, ...]
    winner: int | None
    places: tuple[int, ...]  # seats, first place first
    rounds: int
    lives_lost: tuple[int, ...]  # how far each seat's score fell (lives and tokens lost)
    scores: tuple[int, ...] = ()  # each seat's score at the end
    events: list[Any] = field(default_factory=list)
    decisions: list[tuple[str, float]] = field(default_factory=list)


def play_bot_game(
    game: str,
    kinds: Sequence[str],
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    names: Sequence[str] | None = None,
    deck: Sequence[Any] | None = None,
    clock: Clock | None = None,
    keep_events: bool = True,
    max_actions: int = 100_000,
) -> GameRecord:
    """Play one game of any registered ``game`` in which every seat is a bot of the level
    named in ``kinds``."""
    spec = find_game(game)
    seat_names = tuple(names) if names else spec.default_names(tuple(kinds))
    setup = GameSetup(
        spec.id, seat_names, tuple(kinds), dict(options or {}), seed, tuple(deck) if deck else None
    )
    state, events = spec.new_game(setup)
    start_scores = spec.scores(state)
    bots: list[Bot] = [make_bot(spec.family, kind) for kind in kinds]
    rngs = [random.Random(f"bot:{seed}:{seat}") for seat in range(len(kinds))]
    log: list[Any] = list(events) if keep_events else []
    decisions: list[tuple[str, float]] = []
    outcome: Outcome | None = None
    for _ in range(max_actions):
        outcome = spec.outcome(state)
        if outcome is not None:
            break
        seat = _seat_to_move(spec, state)
        started = clock() if clock else 0.0
        action = bots[seat].choose(spec.view(state, seat), rngs[seat])
        if clock:
            decisions.append((kinds[seat], clock() - started))
        state, events = spec.apply(state, action)
        if keep_events:
            log.extend(events)
    if outcome is None:
        raise RuntimeError(f"game with seed {seed} did not end in {max_actions} actions")
    end_scores = spec.scores(state)
    return GameRecord(
        seed=seed,
        players=seat_names,
        kinds=tuple(kinds),
        winner=outcome.winner,
        places=outcome.places,
        rounds=spec.progress(state),
        lives_lost=tuple(max(0, a - b) for a, b in zip(start_scores, end_scores, strict=True)),
        scores=tuple(end_scores),
        events=log,
        decisions=decisions,
    )


def _seat_to_move(spec: AnySpec, state: Any) -> int:
    """The first seat that may act: one owing a draw draws first (bots never forget)."""
    return spec.seats_to_act(state)[0]


# ---------------------------------------------------------------------------- tournaments


@dataclass(frozen=True)
class Interval:
    """A proportion with its 95% Wilson score interval."""

    rate: float
    low: float
    high: float


def wilson(successes: int, trials: int, z: float = 1.96) -> Interval:
    """The Wilson score interval, which behaves well near 0 and 1 and for small samples."""
    if trials == 0:
        return Interval(0.0, 0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class EntryResult:
    """How one entry of ``--players`` did over a tournament (whatever seat it sat in)."""

    index: int
    kind: str
    wins: int = 0
    lives_lost: int = 0

    def interval(self, games: int) -> Interval:
        """The win rate with its 95% interval."""
        return wilson(self.wins, games)


class TimeHistogram:
    """Decision times counted in buckets 1% wide: flat in memory however many games are played.

    The median and 95th percentile read from it are within 1% of the exact ones. Histograms of
    separate runs merge by adding their counts (the benchmark adds those of its chunks).
    """

    FLOOR = 1e-7  # seconds; anything faster counts as this
    RATIO = 1.01

    def __init__(self, counts: dict[int, int] | None = None) -> None:
        """An empty histogram, or one with the bucket ``counts`` of :meth:`to_dict`."""
        self.counts: dict[int, int] = dict(counts or {})

    def add(self, seconds: float) -> None:
        """Count one decision of ``seconds``."""
        bucket = int(math.log(max(seconds, self.FLOOR) / self.FLOOR) / math.log(self.RATIO))
        self.counts[bucket] = self.counts.get(bucket, 0) + 1

    def merge(self, other: TimeHistogram) -> None:
        """Add the counts of ``other`` to this one."""
        for bucket, count in other.counts.items():
            self.counts[bucket] = self.counts.get(bucket, 0) + count

    @property
    def count(self) -> int:
        """How many decisions were counted."""
        return sum(self.counts.values())

    def percentile(self, pct: float) -> float:
        """The ``pct`` percentile (nearest rank) in seconds, 0 when empty."""
        total = self.count
        if total == 0:
            return 0.0
        rank = max(1, math.ceil(pct / 100 * total))
        seen = 0
        for bucket in sorted(self.counts):
            seen += self.counts[bucket]
            if seen >= rank:
                # the bucket's geometric middle
                return float(self.FLOOR * self.RATIO ** (bucket + 0.5))
        raise AssertionError("unreachable: the ranks add up to the count")

    def to_dict(self) -> dict[str, int]:
        """The counts with string keys, for JSON."""
        return {str(bucket): count for bucket, count in sorted(self.counts.items())}

    @classmethod
    def from_dict(cls, data: dict[str, int]) -> TimeHistogram:
        """The histogram written by :meth:`to_dict`."""
        return cls({int(bucket): count for bucket, count in data.items()})


@dataclass
class TournamentResult:
    """The figures of a tournament."""

    game: str
    kinds: tuple[str, ...]
    games: int = 0
    rounds: int = 0
    entries: list[EntryResult] = field(default_factory=list)
    decision_times: dict[str, TimeHistogram] = field(default_factory=dict)

    def decision_summary(self, level: str) -> tuple[float, float]:
        """Median and 95th percentile of ``level``'s decision times, in seconds."""
        times = self.decision_times.get(level)
        if times is None:
            return (0.0, 0.0)
        return (times.percentile(50), times.percentile(95))


@functools.cache
def balanced_seatings(count: int) -> tuple[tuple[int, ...], ...]:
    """Every order of ``count`` entries round the table, as seat -> entry, in a fair cycle.

    Each relative order of the entries (entry 0 first, then every permutation of the others)
    comes with all its ``count`` rotations one after the other, so every ``count`` games each
    entry has sat in every seat once, and every ``count!`` games every seating has been played.
    """
    seatings: list[tuple[int, ...]] = []
    for rest in itertools.permutations(range(1, count)):
        order = (0, *rest)
        for shift in range(count):
            seatings.append(tuple(order[(s + shift) % count] for s in range(count)))
    return tuple(seatings)


BALANCED_UP_TO = 4  # beyond 4 entries (120 orders and more) the seatings are drawn at random


def seating(count: int, seed: int, index: int, rotate: bool = True) -> tuple[int, ...]:
    """Which entry sits in each seat in game ``index`` of a tournament seeded ``seed``.

    Up to four entries the games cycle through :func:`balanced_seatings`; with more, each game
    gets a random seating drawn from the seed (fair on average). Without ``rotate`` entry ``s``
    keeps seat ``s``.
    """
    if not rotate:
        return tuple(range(count))
    if count <= BALANCED_UP_TO:
        cycle = balanced_seatings(count)
        return cycle[index % len(cycle)]
    order = list(range(count))
    random.Random(f"seating:{seed}:{index}").shuffle(order)
    return tuple(order)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a tournament started with ``seed``."""
    return random.Random(f"tournament:{seed}:{index}").getrandbits(48)


def run_tournament(
    game: str,
    kinds: Sequence[str],
    games: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    rotate: bool = True,
    clock: Clock | None = None,
    on_game: Callable[[int, GameRecord], None] | None = None,
    keep_events: bool = False,
    deck: Sequence[Any] | None = None,
    first: int = 0,
) -> TournamentResult:
    """Play ``games`` games; with ``rotate`` the entries change seats fairly (see :func:`seating`).

    ``first`` is the index of the first game: a long tournament played in pieces (as the
    benchmark does) gives the same games and seatings as one played at once.
    """
    result = TournamentResult(
        game=game,
        kinds=tuple(kinds),
        entries=[EntryResult(i, kind) for i, kind in enumerate(kinds)],
    )
    count = len(kinds)
    for index in range(first, first + games):
        seat_entry = seating(count, seed, index, rotate)
        seat_kinds = [kinds[e] for e in seat_entry]
        record = play_bot_game(
            game,
            seat_kinds,
            game_seed(seed, index),
            options,
            clock=clock,
            keep_events=keep_events,
            deck=deck,
        )
        result.games += 1
        result.rounds += record.rounds
        if record.winner is not None:
            result.entries[seat_entry[record.winner]].wins += 1
        for seat, lost in enumerate(record.lives_lost):
            result.entries[seat_entry[seat]].lives_lost += lost
        _count_times(result.decision_times, record.decisions)
        if on_game:
            on_game(index, record)
    return result


def _count_times(into: dict[str, TimeHistogram], decisions: Iterable[tuple[str, float]]) -> None:
    for level, seconds in decisions:
        histogram = into.get(level)
        if histogram is None:
            histogram = into[level] = TimeHistogram()
        histogram.add(seconds)
