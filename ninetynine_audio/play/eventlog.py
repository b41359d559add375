"""The event log: every event's ``to_log()`` object, one JSON line each.

The one writer of the log's lines, for ``play --log-events`` (a log kept open for a whole
session, which must never stop the game) and ``simulate --log-events`` (which refuses to go on
when its log cannot be written).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable
from typing import IO

from ninetynine_audio.games.base import Event


def log_line(event: Event) -> str:
    """One event as its line of the log, newline included."""
    return json.dumps(event.to_log()) + "\n"


def write_events(stream: IO[str], events: Iterable[Event]) -> None:
    """Append ``events`` to ``stream``, one line each.

    Raises:
        OSError: the stream could not be written.
    """
    for event in events:
        stream.write(log_line(event))


class EventLog:
    """A log open for a whole session: a failure closes it once, and play goes on without it."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream: IO[str] | None = stream

    def write(self, events: Iterable[Event]) -> str | None:
        """Append ``events`` and flush; on failure close the log and return why (the
        operating system's words), once. ``None`` when all went well or the log is closed."""
        if self.stream is None:
            return None
        try:
            write_events(self.stream, events)
            self.stream.flush()
        except OSError as exc:
            self.close()
            return exc.strerror or str(exc)
        return None

    def close(self) -> None:
        """Close the stream; later writes do nothing."""
        if self.stream is not None:
            with contextlib.suppress(OSError):
                self.stream.close()
            self.stream = None
