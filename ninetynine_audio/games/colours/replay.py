"""Replay a colour game's log through the engine and report the first line that differs.

The game is set up again from its ``game_started`` line; at each line that starts a player's
action (found by the codec's ``from_log``) the action is applied, and the events the engine
produces must equal the following lines exactly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ninetynine_audio.games.base import CodecError
from ninetynine_audio.games.colours import codec, setup_from_log
from ninetynine_audio.games.colours.engine import apply, new_game
from ninetynine_audio.games.errors import GameError


def replay_game(records: Sequence[Mapping[str, Any]]) -> str | None:
    """Replay one game's records; ``None`` when the engine gives exactly the log, else the
    first difference."""
    if not records:
        return "the log is empty"
    try:
        state, events = new_game(setup_from_log(records[0]))
    except GameError as error:
        return f"the game cannot be set up again: {error}"
    seats = {name: seat for seat, name in enumerate(state.players)}
    position = 0
    produced = [event.to_log() for event in events]
    while True:
        for offset, expected in enumerate(produced):
            line = position + offset
            if line >= len(records):
                return f"the log ends early; the engine goes on with {expected}"
            if dict(records[line]) != expected:
                return f"line {line + 1}: logged {records[line]}, replayed {expected}"
        position += len(produced)
        if state.is_over:
            if position != len(records):
                return f"line {position + 1}: the game is over but the log goes on"
            return None
        if position >= len(records):
            return "the log ends before the game does"
        encoded = codec.from_log(records, position, seats)
        if encoded is None:
            return f"line {position + 1}: {records[position]} starts no action"
        try:
            state, events = apply(state, codec.decode(encoded, len(state.players)))
        except (GameError, CodecError) as error:
            return f"line {position + 1}: {records[position]} cannot be played: {error}"
        produced = [event.to_log() for event in events]
