"""The player's results, per game and level: matches played, wins, streaks, places.

Everything here is numbers; the screens put them into words. The figures live in
``statistics.json`` in the data folder, written atomically after every finished match. A file
that cannot be used is set aside as ``statistics.json.broken`` (see ``jsonfile``), the player
is told in one sentence, and counting starts again from nothing; no other file is touched.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ninetynine_audio.i18n import _
from ninetynine_audio.store import paths
from ninetynine_audio.store.jsonfile import read_json, set_aside, write_json_atomic
from ninetynine_audio.store.locks import held

__all__ = [
    "STATISTICS_FILE_NAME",
    "STATISTICS_SCHEMA",
    "Statistics",
    "Tally",
    "load_statistics",
    "record_result",
    "reset_statistics",
    "save_statistics",
    "statistics_file",
]

STATISTICS_FILE_NAME = "statistics.json"

STATISTICS_SCHEMA = 1
"""Version of the statistics file format, written as ``schema``."""


@dataclass(frozen=True)
class Tally:
    """The results of one game at one level. A win is first place; every other place a loss.

    Attributes:
        played: matches finished.
        wins: matches finished in first place.
        losses: matches finished in any other place.
        streak: the current run: positive for wins in a row, negative for losses in a row,
            0 before the first match.
        best_streak: the longest run of wins so far.
        rounds: rounds played over all the finished matches.
        places: how often each place was reached: ``places[0]`` first places, ``places[1]``
            second places, and so on (as long as the lowest place reached).
    """

    played: int = 0
    wins: int = 0
    losses: int = 0
    streak: int = 0
    best_streak: int = 0
    rounds: int = 0
    places: tuple[int, ...] = ()

    @property
    def win_rate(self) -> float | None:
        """Wins as a share of matches played, 0.0 to 1.0; None before the first match."""
        return self.wins / self.played if self.played else None

    @property
    def win_streak(self) -> int:
        """Wins in a row up to now (0 after a loss)."""
        return max(self.streak, 0)

    @property
    def loss_streak(self) -> int:
        """Losses in a row up to now (0 after a win)."""
        return max(-self.streak, 0)

    @property
    def average_rounds(self) -> float | None:
        """Rounds per match; None before the first match."""
        return self.rounds / self.played if self.played else None

    def with_result(self, place: int, rounds: int) -> Tally:
        """This tally after one more match finished in ``place`` after ``rounds`` rounds.

        Raises:
            ValueError: ``place`` is below 1 or ``rounds`` below 0.
        """
        if place < 1 or rounds < 0:
            raise ValueError(f"a match cannot end in place {place} after {rounds} rounds")
        is_win = place == 1
        if is_win:
            streak = self.streak + 1 if self.streak > 0 else 1
        else:
            streak = self.streak - 1 if self.streak < 0 else -1
        places = list(self.places) + [0] * max(0, place - len(self.places))
        places[place - 1] += 1
        return Tally(
            played=self.played + 1,
            wins=self.wins + is_win,
            losses=self.losses + (not is_win),
            streak=streak,
            best_streak=max(self.best_streak, streak),
            rounds=self.rounds + rounds,
            places=tuple(places),
        )

    def to_dict(self) -> dict[str, Any]:
        """The tally as plain JSON values."""
        data = dataclasses.asdict(self)
        data["places"] = list(self.places)
        return data

    @classmethod
    def from_dict(cls, data: object) -> Tally:
        """A tally from loaded JSON.

        Raises:
            ValueError: a figure is missing, not a whole number, negative, or at odds with
                the others (wins and losses must add up to the matches played).
        """
        if not isinstance(data, dict):
            raise ValueError("a tally must be an object")
        values: dict[str, Any] = {}
        for item in dataclasses.fields(cls):
            value = data.get(item.name)
            if item.name == "places":
                if not isinstance(value, list) or not all(_is_count(v) for v in value):
                    raise ValueError("places must be a list of counts")
                values["places"] = tuple(value)
            elif item.name == "streak":
                if not isinstance(value, int) or isinstance(value, bool):
                    raise ValueError("streak must be a whole number")
                values["streak"] = value
            else:
                if not _is_count(value):
                    raise ValueError(f"{item.name} must be a count, not {value!r}")
                values[item.name] = value
        tally = cls(**values)
        if (
            tally.wins + tally.losses != tally.played
            or sum(tally.places) != tally.played
            or abs(tally.streak) > tally.played
            or tally.best_streak > tally.wins
        ):
            raise ValueError("the figures do not add up")
        return tally


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


@dataclass(frozen=True)
class Statistics:
    """Every tally, keyed by ``(game, level)``. Changing it gives a new object."""

    tallies: Mapping[tuple[str, str], Tally] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # A read-only copy, so a Statistics cannot be changed behind its back.
        object.__setattr__(self, "tallies", MappingProxyType(dict(self.tallies)))

    def get(self, game: str, level: str) -> Tally:
        """The tally of ``game`` at ``level`` (an empty one if never played)."""
        return self.tallies.get((game, level), Tally())

    def entries(self) -> Iterator[tuple[str, str, Tally]]:
        """``(game, level, tally)`` for every pair played, sorted by game then level."""
        for game, level in sorted(self.tallies):
            yield game, level, self.tallies[(game, level)]

    def games(self) -> tuple[str, ...]:
        """The games with at least one finished match, sorted."""
        return tuple(sorted({game for game, _ in self.tallies}))

    def levels(self, game: str) -> tuple[str, ...]:
        """The levels ``game`` was played at, sorted."""
        return tuple(sorted(level for g, level in self.tallies if g == game))

    @property
    def is_empty(self) -> bool:
        """Whether no match has been counted."""
        return not self.tallies

    def with_result(
        self, game: str, level: str, place: int, players: int, rounds: int
    ) -> Statistics:
        """These statistics after a match of ``game`` at ``level`` finished.

        ``place`` is the player's place (1 is a win) among ``players`` seats, after ``rounds``.

        Raises:
            ValueError: ``place`` is not from 1 to ``players``, or ``rounds`` is negative.
        """
        if not 1 <= place <= players:
            raise ValueError(f"place {place} is not a place among {players} players")
        tallies = dict(self.tallies)
        tallies[(game, level)] = self.get(game, level).with_result(place, rounds)
        return Statistics(tallies)

    def without(self, game: str | None = None, level: str | None = None) -> Statistics:
        """These statistics with some tallies cleared: all of them by default, else those of
        ``game`` (at every level, or only ``level``)."""
        if game is None:
            return Statistics()
        return Statistics(
            {
                key: tally
                for key, tally in self.tallies.items()
                if not (key[0] == game and (level is None or key[1] == level))
            }
        )

    def to_dict(self) -> dict[str, Any]:
        """The statistics as the JSON object of the file."""
        games: dict[str, dict[str, Any]] = {}
        for game, level, tally in self.entries():
            games.setdefault(game, {})[level] = tally.to_dict()
        return {"schema": STATISTICS_SCHEMA, "games": games}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Statistics:
        """Statistics from the file's JSON object (its schema already checked).

        Raises:
            ValueError: the object is not of the form ``to_dict`` writes.
        """
        games = data.get("games")
        if not isinstance(games, dict):
            raise ValueError("games must be an object")
        tallies: dict[tuple[str, str], Tally] = {}
        for game, by_level in games.items():
            if not isinstance(by_level, dict):
                raise ValueError(f"{game} must be an object of levels")
            for level, tally in by_level.items():
                try:
                    tallies[(game, level)] = Tally.from_dict(tally)
                except ValueError as error:
                    raise ValueError(f"{game} {level}: {error}") from None
        return cls(tallies)


def statistics_file() -> Path:
    """The statistics, ``statistics.json`` in the data folder."""
    return paths.data_dir() / STATISTICS_FILE_NAME


def load_statistics(path: Path | None = None) -> tuple[Statistics, str | None]:
    """Load the statistics and a sentence to speak about a problem, if there was one.

    A missing file gives empty statistics and no problem. A damaged file, one of another
    schema version or one whose figures do not make sense is set aside as ``*.broken`` and
    gives empty statistics and one sentence.
    """
    target = statistics_file() if path is None else path
    data, problem = read_json(target, dict)
    if data is None:
        return Statistics(), problem
    schema = data.get("schema")
    if schema != STATISTICS_SCHEMA or isinstance(schema, bool):
        return Statistics(), set_aside(target, "other_version")
    try:
        return Statistics.from_dict(data), None
    except (ValueError, TypeError, RecursionError):
        return Statistics(), set_aside(target, "unexpected")


def save_statistics(statistics: Statistics, path: Path | None = None) -> str | None:
    """Write the statistics atomically. Returns None, or a sentence if they could not be."""
    target = statistics_file() if path is None else path
    try:
        write_json_atomic(target, statistics.to_dict())
    except OSError as exc:
        return _("The statistics could not be saved ({reason}).").format(reason=exc.strerror or exc)
    return None


def record_result(
    game: str, level: str, place: int, players: int, rounds: int, path: Path | None = None
) -> tuple[Statistics, list[str]]:
    """Count one finished match in the file and return the new statistics.

    ``level`` is the match's level (``games.saved.match_level``), ``place`` the player's place
    (1 is a win) among ``players`` seats, ``rounds`` the rounds the match lasted. The problems
    (a damaged file set aside, a file that could not be written) come back as sentences; the
    returned statistics hold the match even when they could not be written.

    Nothing about the file can lose the result: whatever is wrong with it, the old file is
    kept aside and the match is counted from nothing; and copies of the game on one home
    count one after the other, under the lock ``statistics.json.lock`` (``store.locks``).

    Raises:
        ValueError: ``place`` is not from 1 to ``players``, or ``rounds`` is negative.
    """
    target = statistics_file() if path is None else path
    if not 1 <= place <= players:
        raise ValueError(f"place {place} is not a place among {players} players")
    # Read, add and write under a lock between copies of the game: without it, two copies
    # finishing at once would each write their own match over the other's.
    with held(_lock_path(target)):
        statistics, problem = load_statistics(target)
        updated = statistics.with_result(game, level, place, players, rounds)
        failed = save_statistics(updated, target)
    return updated, [p for p in (problem, failed) if p]


def reset_statistics(
    game: str | None = None, level: str | None = None, path: Path | None = None
) -> tuple[Statistics, list[str]]:
    """Clear every tally (by default), or those of ``game`` (at ``level`` only, if given).

    Returns the statistics left and the problems as sentences, as :func:`record_result` does.
    """
    target = statistics_file() if path is None else path
    with held(_lock_path(target)):
        statistics, problem = load_statistics(target)
        updated = statistics.without(game, level)
        failed = save_statistics(updated, target)
    return updated, [p for p in (problem, failed) if p]


def _lock_path(target: Path) -> Path:
    """The lock file beside the statistics (``statistics.json.lock``)."""
    return target.with_name(f"{target.name}.lock")
