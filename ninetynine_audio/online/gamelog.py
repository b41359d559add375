"""Online games in the event log: the lines of offline play, written on the server only.

A table's match is named and logged exactly as offline: the seat names of its set-up (a
game's own fixed seats, arcade's You, Lily, Max and Zoe, stay as the rules name them; the
people are told apart in speech by :func:`heard_names`), and every event's line through
``play.eventlog``, the one writer. ``serve --event-log`` writes each match when it ends
(:class:`GameLog`); ``ninetynine-audio export`` deals any stored table's match again from its
set-up and actions and writes the same lines (:func:`export_lines`). The log never goes to a
client: it holds every hand.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import IO, Any

from ninetynine_audio.games.base import HUMAN, GameSetup, GameSpec
from ninetynine_audio.games.saved import from_record, replay_record
from ninetynine_audio.play.eventlog import write_events

log = logging.getLogger(__name__)


# -- names ---------------------------------------------------------------------------------


def table_names(
    spec: GameSpec[Any, Any, Any], kinds: Sequence[str], people: Sequence[str | None]
) -> tuple[str, ...]:
    """The seat names of a table's match: a game's fixed seats as its rules name them;
    otherwise each person's own name, and the computer players' usual names (numbered when
    a person already has one)."""
    names = list(spec.default_names(tuple(kinds)))
    if spec.fixed_seats is not None:
        return tuple(names)
    for index, (kind, name) in enumerate(zip(kinds, people, strict=True)):
        if kind == HUMAN and name:
            names[index] = name
    for index, kind in enumerate(kinds):
        if kind != HUMAN and names[index] in names[:index] + names[index + 1 :]:
            names[index] = f"{names[index]} {index + 1}"
    return tuple(names)


def heard_names(setup: GameSetup, people: Sequence[str | None]) -> dict[str, str]:
    """How others (spectators) hear the seats people sit at whose set-up name is not the
    person's own (arcade's You): by the person's name."""
    return {
        seat_name: person
        for seat_name, kind, person in zip(setup.names, setup.kinds, people, strict=False)
        if kind == HUMAN and person and person != seat_name
    }


# -- the server's log ------------------------------------------------------------------------


def log_target(path: Path, code: str) -> Path:
    """Where a table's games go: ``table-CODE.jsonl`` in a folder, else the one file."""
    return path / f"table-{code}.jsonl" if path.is_dir() else path


def log_place_problem(path: Path) -> str | None:
    """Why ``serve --event-log PATH`` cannot write there (checked before the server starts),
    or ``None``."""
    if path.is_dir():
        if not os.access(path, os.W_OK | os.X_OK):
            return f"cannot write the event log in {path}: {os.strerror(13)}"
        return None
    try:
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as error:
        return f"cannot write the event log {path}: {error.strerror or error}"
    return None


class GameLog:
    """The server's event log: each match's lines, written whole when it ends, so that games
    of tables played at the same time never mix in one file."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def write(self, code: str, events: Iterable[Any]) -> bool:
        """Append one table's match; False (and a line in the server's log) when the file
        could not be written — the table plays on."""
        target = log_target(self.path, code)
        try:
            with target.open("a", encoding="utf-8") as stream:
                write_events(stream, events)
        except OSError as error:
            log.warning("cannot write the event log %s: %s", target, error.strerror or error)
            return False
        return True


# -- exporting a stored table --------------------------------------------------------------


def record_events(record: dict[str, Any]) -> tuple[Any, ...]:
    """The events of a stored match, dealt again from its set-up and replayed action by
    action (over or not).

    Raises:
        SaveError: the record cannot be read or replayed.
    """
    return replay_record(from_record(record))[1]


def export_lines(record: dict[str, Any], stream: IO[str]) -> None:
    """Write a stored match to ``stream`` as the event log's lines.

    Raises:
        SaveError: the record cannot be read or replayed.
        OSError: the stream could not be written.
    """
    write_events(stream, record_events(record))
