"""Replay an event log through the engine and report where it differs.

A log holds one or more games, each starting with ``game_started``. The game is set up again
from that line (game, seed, players, kinds, options, deck); then every ``card_played`` (and,
in the manual-draw variant, every ``card_drawn`` the player chose to make) is applied, and
the events the engine produces must equal the following lines exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ninetynine_audio.cards import parse_card, parse_cards
from ninetynine_audio.games.adding.engine import apply, new_game
from ninetynine_audio.games.adding.model import Action, Choice, DrawCard, PlayCard
from ninetynine_audio.games.adding.rules import AddingOptions
from ninetynine_audio.games.errors import GameError


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


def replay_game(records: list[dict[str, Any]], index: int = 0) -> ReplayResult:
    """Replay one game's records."""
    winner = next(
        (r.get("winner") for r in reversed(records) if r.get("event") == "game_ended"), None
    )

    def result(problem: str | None) -> ReplayResult:
        return ReplayResult(index, winner, len(records), problem)

    start = records[0]
    if start.get("event") != "game_started":
        return result("the first line is not game_started")
    try:
        options = AddingOptions.from_mapping(dict(start.get("options", {})))
        deck = parse_cards(start["deck"]) if start.get("deck") else None
        state, events = new_game(
            start["game"],
            start["players"],
            kinds=start.get("kinds"),
            options=options,
            seed=int(start["seed"]),
            deck=deck,
        )
    except Exception as error:
        # GameError, KeyError, ValueError and TypeError are the usual ones; any other failure
        # to read the line means the same: this log cannot be set up again.
        return result(f"the game cannot be set up again: {_error_text(error)}")
    seats = {name: seat for seat, name in enumerate(state.players)}
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
        if state.is_over:
            if position != len(records):
                return result(f"line {position + 1}: the game is over but the log goes on")
            return result(None)
        if position >= len(records):
            return result("the log ends before the game does")
        record = records[position]
        if record.get("event") == "stock_rebuilt" and position + 1 < len(records):
            # a manual draw that needed a new stock: the draw itself is on the next line
            record = records[position + 1]
        try:
            action = _action(record, seats)
            state, events = apply(state, action)
        except Exception as error:
            # A value of the wrong kind in the line (a list for a player, a number for a
            # card) is a difference from the engine like any other.
            return result(f"line {position + 1}: {record} cannot be played: {_error_text(error)}")
        produced = [event.to_log() for event in events]


def _error_text(error: Exception) -> str:
    if isinstance(error, GameError):
        return str(error)
    return f"{type(error).__name__}: {error}"


def _action(record: dict[str, Any], seats: dict[str, int]) -> Action:
    kind = record.get("event")
    seat = seats[record["player"]]
    if kind == "card_played":
        choice = Choice(record["choice"]) if record.get("choice") else None
        return PlayCard(seat, parse_card(record["card"]), choice)
    if kind == "card_drawn":
        return DrawCard(seat)
    raise ValueError(f"a {kind} line cannot start a player's action")


def replay_log(records: Iterable[dict[str, Any]]) -> list[ReplayResult]:
    """Replay every game in a log."""
    return [replay_game(game, index) for index, game in enumerate(split_games(records))]
