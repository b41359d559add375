"""A tournament without a face: its field, the tables of each round, and the standings.

Two formats, for tables of two, three or four seats (the game's own count):

- **Knockout**: the field is a power of the table's size (2: 4, 8, 16, 32; 3: 9, 27; 4: 4,
  16), filled by computer players when fewer people entered. Each round seats those still in
  at tables in seed order folded (the first with the last), and the winner of each table (its
  first place) goes through; the others are out. The last table's places are the final
  places; those out earlier rank by the round they went out in, then by their place at that
  table, then by seed.
- **Swiss**: everyone plays every round. A table's places earn points (last nothing, each
  place above one more: at two seats a win is 1), and a bye earns a win's points. Each round
  groups the players in order of points then seed, no two who have met at a table again
  while another grouping avoids it; when the field does not divide into tables, the lowest
  ranked players who have had no bye sit out. Standings: points, then the points of the
  players met (Buchholz), then seed.

Everything here is plain data in and out, so the server only stores and seats it.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

KNOCKOUT = "knockout"
SWISS = "swiss"
FORMATS = (KNOCKOUT, SWISS)
MIN_FIELD = 4
MAX_FIELD = 32
SEARCH_LIMIT = 20_000
"""How many groupings the search for one without a rematch tries before it settles for the
fewest rematches it can find quickly."""


class TournamentError(ValueError):
    """A tournament that cannot be made or a result that does not fit it; ``code`` names why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Entrant:
    """One player of the field: ``who`` is a person's identity or ``None`` for a computer
    player of level ``kind``; its seed is its place in the field."""

    name: str
    kind: str
    who: str | None = None


@dataclass(frozen=True)
class Table:
    """One table of a round: the seeds seated there, and once played each one's place."""

    seats: tuple[int, ...]
    places: tuple[int, ...] | None = None

    @property
    def over(self) -> bool:
        """Whether its result is in."""
        return self.places is not None

    def winner(self) -> int:
        """The seed at first place (the lowest seed among equal firsts)."""
        assert self.places is not None
        best = min(self.places)
        return min(s for s, p in zip(self.seats, self.places, strict=True) if p == best)


@dataclass(frozen=True)
class Round:
    """The tables of one round and those who sat out (byes)."""

    number: int
    tables: tuple[Table, ...]
    byes: tuple[int, ...] = ()

    @property
    def over(self) -> bool:
        """Whether every table's result is in."""
        return all(t.over for t in self.tables)


@dataclass(frozen=True)
class Standing:
    """One line of the standings: place, seed, points (Swiss) or the round reached
    (knockout), the tie-break, and whether the player is still in (knockout)."""

    place: int
    seed: int
    points: int
    tie_break: int
    still_in: bool


@dataclass(frozen=True)
class Tournament:
    """A tournament's whole state: rebuilt from its record, changed by returning a new one."""

    format: str
    table_size: int
    field: tuple[Entrant, ...]
    rounds_planned: int
    rounds: tuple[Round, ...] = ()

    # -- its shape --------------------------------------------------------------------------

    @property
    def current(self) -> Round | None:
        """The round being played or last played."""
        return self.rounds[-1] if self.rounds else None

    @property
    def is_over(self) -> bool:
        """Whether the last round is played."""
        current = self.current
        if current is None or not current.over:
            return False
        if self.format == KNOCKOUT:
            return len(current.tables) == 1
        return current.number >= self.rounds_planned

    def still_in(self) -> list[int]:
        """The seeds not knocked out (everyone in a Swiss)."""
        seeds = list(range(len(self.field)))
        if self.format == SWISS:
            return seeds
        for played in self.rounds:
            if played.over:
                seeds = sorted([t.winner() for t in played.tables] + list(played.byes))
        return seeds

    def table_of(self, seed: int) -> int | None:
        """The index of ``seed``'s table in the current round, if it plays in it."""
        current = self.current
        if current is None:
            return None
        for index, table in enumerate(current.tables):
            if seed in table.seats:
                return index
        return None

    # -- playing it -------------------------------------------------------------------------

    def next_round(self) -> Tournament:
        """The tournament with its next round's tables made."""
        if self.is_over:
            raise TournamentError("over", "the tournament is over")
        if self.current is not None and not self.current.over:
            raise TournamentError("playing", "the round is still being played")
        number = len(self.rounds) + 1
        if self.format == KNOCKOUT:
            made = knockout_round(number, self.still_in(), self.table_size)
        else:
            made = swiss_round(
                number, self.ranked_seeds(), self.table_size, self.met(), self.byes()
            )
        return replace(self, rounds=(*self.rounds, made))

    def with_result(self, table: int, places: Sequence[int]) -> Tournament:
        """The tournament with the places of the current round's ``table`` (one per seat, in
        the table's seat order: 1 is first)."""
        current = self.current
        if current is None or not 0 <= table < len(current.tables):
            raise TournamentError("no_table", f"no table {table} in this round")
        played = current.tables[table]
        if played.over:
            raise TournamentError("played", f"table {table} already has its result")
        if len(places) != len(played.seats) or any(p < 1 for p in places):
            raise TournamentError("places", f"places {list(places)} do not fit the table")
        tables = list(current.tables)
        tables[table] = replace(played, places=tuple(places))
        done = replace(current, tables=tuple(tables))
        return replace(self, rounds=(*self.rounds[:-1], done))

    # -- what it stands at ------------------------------------------------------------------

    def points(self) -> list[int]:
        """Each seed's Swiss points so far (a table's last place 0, each place above one more,
        a bye a win's)."""
        points = [0] * len(self.field)
        for played in self.rounds:
            for table in played.tables:
                if table.places is None:
                    continue
                for seed, place in zip(table.seats, table.places, strict=True):
                    points[seed] += len(table.seats) - place
            if played.over:
                for seed in played.byes:
                    points[seed] += self.table_size - 1
        return points

    def met(self) -> set[frozenset[int]]:
        """Every pair of seeds that has sat at one table."""
        pairs: set[frozenset[int]] = set()
        for played in self.rounds:
            for table in played.tables:
                pairs.update(frozenset(p) for p in itertools.combinations(table.seats, 2))
        return pairs

    def byes(self) -> set[int]:
        """The seeds that have sat out a round."""
        return {seed for played in self.rounds for seed in played.byes}

    def ranked_seeds(self) -> list[int]:
        """The seeds in the order the standings give."""
        return [s.seed for s in self.standings()]

    def standings(self) -> list[Standing]:
        """Everyone from first to last, as it stands now."""
        if self.format == KNOCKOUT:
            return self._knockout_standings()
        points = self.points()
        opponents: list[list[int]] = [[] for _ in self.field]
        for played in self.rounds:
            for table in played.tables:
                for seed in table.seats:
                    opponents[seed] += [s for s in table.seats if s != seed]
        buchholz = [sum(points[o] for o in opponents[s]) for s in range(len(self.field))]
        order = sorted(range(len(self.field)), key=lambda s: (-points[s], -buchholz[s], s))
        return _placed(order, lambda s: (points[s], buchholz[s]), points, buchholz, set(order))

    def _knockout_standings(self) -> list[Standing]:
        """The champion, then by the round each went out in (latest first), their place at
        that table, and seed; ``points`` is the round reached (one more for going through)."""
        alive = set(self.still_in())
        reached = [0] * len(self.field)
        table_place = [len(self.field)] * len(self.field)
        for played in self.rounds:
            for table in played.tables:
                for index, seed in enumerate(table.seats):
                    reached[seed] = played.number
                    if table.places is not None:
                        table_place[seed] = table.places[index]
            for seed in played.byes:
                reached[seed] = played.number
        if self.current is not None and self.current.over:
            for seed in alive:
                reached[seed] += 1
        order = sorted(range(len(self.field)), key=lambda s: (-reached[s], table_place[s], s))
        return _placed(order, lambda s: (reached[s], table_place[s]), reached, table_place, alive)


def _placed(
    order: list[int],
    key: Callable[[int], tuple[int, int]],
    points: list[int],
    tie_break: list[int],
    alive: set[int],
) -> list[Standing]:
    """Standings in ``order``, those equal on ``key`` sharing a place."""
    lines: list[Standing] = []
    for position, seed in enumerate(order, start=1):
        place = position
        if lines and key(lines[-1].seed) == key(seed):
            place = lines[-1].place
        lines.append(Standing(place, seed, points[seed], tie_break[seed], seed in alive))
    return lines


def knockout_sizes(table_size: int) -> list[int]:
    """The fields a knockout of ``table_size`` seats a table can have, 4 to 32 players."""
    sizes = []
    count = table_size
    while count <= MAX_FIELD:
        if count >= MIN_FIELD:
            sizes.append(count)
        count *= table_size
    return sizes


def field_sizes(format: str, table_size: int) -> list[int]:
    """The sizes a host may choose for a tournament of ``format`` at tables of
    ``table_size``."""
    if format == KNOCKOUT:
        return knockout_sizes(table_size)
    return list(range(max(MIN_FIELD, table_size), MAX_FIELD + 1))


def swiss_rounds(size: int, table_size: int) -> int:
    """The rounds a Swiss of ``size`` players plays: enough to leave one player ahead of
    the rest had each table one winner (the logarithm of the field), at least two."""
    return max(2, math.ceil(math.log(size, table_size)))


def new_tournament(
    format: str,
    table_size: int,
    people: Sequence[Entrant],
    size: int,
    computers: Sequence[Entrant],
) -> Tournament:
    """A tournament of ``people`` (seeded in entry order) filled up to ``size`` with
    ``computers`` (taken in order)."""
    if format not in FORMATS:
        raise TournamentError("format", f"no format {format!r}")
    if not 2 <= table_size <= 4:
        raise TournamentError("table_size", f"tables of {table_size} seats")
    if size not in field_sizes(format, table_size):
        raise TournamentError("size", f"a {format} of {size} at tables of {table_size}")
    if len(people) > size:
        raise TournamentError("full", f"{len(people)} people for {size} places")
    missing = size - len(people)
    if missing > len(computers):
        raise TournamentError("computers", f"{missing} computer players needed")
    entrants = (*people, *computers[:missing])
    rounds = swiss_rounds(size, table_size)
    if format == KNOCKOUT:
        rounds = round(math.log(size, table_size))
    return Tournament(format, table_size, tuple(entrants), rounds)


def knockout_round(number: int, seeds: Sequence[int], table_size: int) -> Round:
    """Round ``number`` of a knockout of ``seeds`` (best first): tables made by folding the
    order, so the best seeds meet last."""
    ordered = list(seeds)
    count = len(ordered) // table_size
    tables: list[list[int]] = [[] for _ in range(count)]
    for index, seed in enumerate(ordered):
        lap, step = divmod(index, count)
        tables[step if lap % 2 == 0 else count - 1 - step].append(seed)
    byes = tuple(ordered[count * table_size :])
    return Round(number, tuple(Table(tuple(t)) for t in tables), byes)


def swiss_round(
    number: int,
    ranked: Sequence[int],
    table_size: int,
    met: set[frozenset[int]],
    had_bye: set[int],
) -> Round:
    """Round ``number`` of a Swiss: ``ranked`` (best first) grouped in tables of
    ``table_size`` with no two who have ``met`` together again while that can be avoided;
    the remainder sits out, the lowest ranked who have had no bye first."""
    order = list(ranked)
    out_count = len(order) % table_size
    byes: list[int] = []
    for seed in reversed(order):
        if len(byes) == out_count:
            break
        if seed not in had_bye:
            byes.append(seed)
    for seed in reversed(order):  # everyone has had one: the lowest ranked again
        if len(byes) == out_count:
            break
        if seed not in byes:
            byes.append(seed)
    playing = [s for s in order if s not in byes]
    grouped = group_without_rematch(playing, table_size, met)
    return Round(number, tuple(Table(tuple(g)) for g in grouped), tuple(sorted(byes)))


def group_without_rematch(
    order: Sequence[int], table_size: int, met: set[frozenset[int]]
) -> list[list[int]]:
    """``order`` in groups of ``table_size``, each group's first the best still free and its
    others the next best it has not met; when no grouping avoids every rematch (or the
    search runs past :data:`SEARCH_LIMIT`), the grouping with the fewest found."""
    budget = [SEARCH_LIMIT]
    best: list[tuple[int, list[list[int]]]] = []

    def clashes(group: Sequence[int]) -> int:
        return sum(1 for pair in itertools.combinations(group, 2) if frozenset(pair) in met)

    def search(free: list[int], made: list[list[int]], cost: int) -> bool:
        if best and cost >= best[0][0]:
            return False
        if not free:
            best[:] = [(cost, [list(g) for g in made])]
            return cost == 0
        budget[0] -= 1
        if budget[0] < 0:
            return True
        head, rest = free[0], free[1:]
        candidates = sorted(
            itertools.combinations(rest, table_size - 1),
            key=lambda others: clashes((head, *others)),
        )
        for others in candidates:
            group = [head, *others]
            left = [s for s in rest if s not in others]
            if search(left, [*made, group], cost + clashes(group)):
                return True
        return False

    search(list(order), [], 0)
    return best[0][1]
