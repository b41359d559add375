"""Replay an event log through the engine and report where it differs.

A log holds one or more games, each starting with ``game_started``. The game is set up again
from that line (game, seed, players, kinds, options, deck) by the game's own spec; then each
line where a player acted (for the adding games every ``card_played``, and in the manual-draw
variant every ``card_drawn`` the player chose to make) is read back into that action by the
game's action codec and applied, and the events the engine produces must equal the following
lines exactly. It works for every registered game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ninetynine_audio.games.base import CodecError
from ninetynine_audio.games.errors import GameError
from ninetynine_audio.games.registry import find_game


@dataclass(frozen=True)
class ReplayResult:
    """One game of the log: who won by the log, and the first difference found (if any)."""

    index: int
    winner: str | None
    lines: int
    problem: str | None

    @property
    def is_consistent(self) -> bool:
        """True when the engine produced exactly the logged events."""
        return self.problem is None


def split_games(records: Iterable[dict[str, Any]]) -> Iterator[list[dict[str, Any]]]:
    """Group log records into games, each starting at a ``game_started`` line."""
    current: list[dict[str, Any]] = []
    for record in records:
        if record.get("event") == "game_started" and current:
            yield current
            current = []
        current.append(record)
    if current:
        yield current


ActionWatcher = Callable[[int, Any, Any], None]
"""Told of every action as it is replayed: its line in the game's records, the state it was
taken in, and the action (what a review of the game reads)."""


def replay_game(
    records: list[dict[str, Any]], index: int = 0, on_action: ActionWatcher | None = None
) -> ReplayResult:
    """Replay one game's records; ``on_action`` is told of each action before it is applied."""
    winner = next(
        (r.get("winner") for r in reversed(records) if r.get("event") == "game_ended"), None
    )

    def result(problem: str | None) -> ReplayResult:
        return ReplayResult(index, winner, len(records), problem)

    start = records[0]
    if start.get("event") != "game_started":
        return result("the first line is not game_started")
    try:
        spec = find_game(str(start["game"]))
        setup = spec.setup_from_log(start)
        state, events = spec.new_game(setup)
    except Exception as error:
        # GameError, KeyError, ValueError and TypeError are the usual ones; any other failure
        # to read the line means the same: this log cannot be set up again.
        return result(f"the game cannot be set up again: {_error_text(error)}")
    seats = {name: seat for seat, name in enumerate(setup.names)}
    position = 0
    produced = [event.to_log() for event in events]
    while True:
        for offset, expected in enumerate(produced):
            line = position + offset
            if line >= len(records):
                return result(f"the log ends early; the engine goes on with {expected}")
            if records[line] != expected:
                return result(f"line {line + 1}: logged {records[line]}, replayed {expected}")
        position += len(produced)
        if spec.is_over(state):
            if position != len(records):
                return result(f"line {position + 1}: the game is over but the log goes on")
            return result(None)
        if position >= len(records):
            return result("the log ends before the game does")
        record = records[position]
        try:
            encoded = spec.codec.from_log(records, position, seats)
            if encoded is None:
                raise CodecError(f"a {record.get('event')} line cannot start a player's action")
            action = spec.codec.decode(encoded, len(setup.names))
            if on_action is not None:
                on_action(position, state, action)
            state, events = spec.apply(state, action)
        except Exception as error:
            # A value of the wrong kind in the line (a list for a player, a number for a
            # card) is a difference from the engine like any other.
            return result(f"line {position + 1}: {record} cannot be played: {_error_text(error)}")
        produced = [event.to_log() for event in events]


def _error_text(error: Exception) -> str:
    if isinstance(error, GameError):
        return str(error)
    return f"{type(error).__name__}: {error}"


def iter_replay(records: Iterable[dict[str, Any]]) -> Iterator[ReplayResult]:
    """Replay every game in a log as its lines come: each result is given as soon as its game
    has been read, and only that one game's lines are held, so a log of any length replays
    in the memory of its longest game."""
    for index, game in enumerate(split_games(records)):
        yield replay_game(game, index)


def replay_log(records: Iterable[dict[str, Any]]) -> list[ReplayResult]:
    """Replay every game in a log."""
    return list(iter_replay(records))
