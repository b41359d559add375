"""The unfinished match, kept in one file so the game can be continued after it was closed.

There is one saved match at a time: ``current_match.json`` in the data folder, rewritten
atomically after every turn and removed when the match ends or the player starts another.
The records themselves are made and understood by ``games.saved`` (this package may not
import the games); here they are only written, read and, when they are of no use, set aside
as ``*.broken`` with a sentence for the player.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar, overload

from ninetynine_audio.i18n import _
from ninetynine_audio.store import paths
from ninetynine_audio.store.jsonfile import read_json, set_aside, write_json_atomic

__all__ = [
    "MATCH_FILE_NAME",
    "MATCH_SCHEMA",
    "discard_match",
    "has_saved_match",
    "load_match",
    "match_file",
    "save_match",
]

MATCH_FILE_NAME = paths.MATCH_FILE_NAME

MATCH_SCHEMA = 1
"""The saved-match format this version reads; the same number as ``games.saved.SAVE_SCHEMA``."""

T = TypeVar("T")

log = logging.getLogger(__name__)


def match_file() -> Path:
    """The saved match, ``current_match.json`` in the data folder."""
    return paths.data_dir() / MATCH_FILE_NAME


def save_match(
    record: Mapping[str, Any], path: Path | None = None, *, now: datetime | None = None
) -> str | None:
    """Write ``record`` (from ``games.saved.to_record``) as the saved match, atomically.

    ``saved_at`` is set to ``now`` (the current time by default) in ISO 8601 with its offset.
    Returns None when saved, or a sentence to speak when the file could not be written; the
    match goes on in memory either way.

    Raises:
        TypeError, ValueError: ``record`` is not plain JSON (a bug in the caller).
    """
    target = match_file() if path is None else path
    stamp = (now or datetime.now(UTC)).isoformat(timespec="seconds")
    try:
        write_json_atomic(target, {**record, "saved_at": stamp})
    except OSError as exc:
        # Translators: the reason in brackets is the system's own words.
        return _("The match could not be saved ({reason}).").format(reason=exc.strerror or exc)
    except UnicodeEncodeError:
        # Names are made safe where they enter (games.setup.safe_name); should some other
        # text slip through, the player hears it once and the game goes on.
        log.warning("the match holds text that cannot be written", exc_info=True)
        return _("The match could not be saved: it holds text that cannot be written.")
    return None


@overload
def load_match(
    convert: None = None, path: Path | None = None
) -> tuple[dict[str, Any] | None, str | None]: ...


@overload
def load_match(
    convert: Callable[[dict[str, Any]], T], path: Path | None = None
) -> tuple[T | None, str | None]: ...


def load_match(
    convert: Callable[[dict[str, Any]], Any] | None = None, path: Path | None = None
) -> tuple[Any, str | None]:
    """Read the saved match: ``(match, None)``, ``(None, None)`` when there is none, or
    ``(None, problem)`` when there is one that cannot be used.

    Without ``convert`` the match is the record itself, checked only for its schema version
    and its ``summary`` (``game``, ``level`` and ``round``, enough for the menu). With
    ``convert`` (``games.saved.resume``, say) the match is what ``convert`` returns; any
    exception from it (``SaveError`` is the usual one) means the match cannot be continued.

    A file that is damaged, of another schema version or not usable is renamed aside as
    ``current_match.json.broken`` (never deleted) and ``problem`` is one sentence for the
    player. No other file is touched.
    """
    target = match_file() if path is None else path
    if _FINISHED and _identity(target) in _FINISHED:
        return None, None  # a finished match whose save could not be removed
    record, problem = read_json(target, dict)
    if record is None:
        return None, problem
    schema = record.get("schema")
    if schema != MATCH_SCHEMA or isinstance(schema, bool):
        return None, set_aside(target, "other_version")
    if not _has_summary(record):
        return None, set_aside(target, "unexpected")
    if convert is None:
        return record, None
    try:
        return convert(record), None
    except Exception:
        # ValueError (SaveError), TypeError and LookupError are the expected ones; anything
        # else means the same to the player, and the file is kept for a look at the bug.
        log.warning("the saved match cannot be continued", exc_info=True)
        return None, set_aside(target, "cannot_continue")


def _has_summary(record: Mapping[str, Any]) -> bool:
    summary = record.get("summary")
    if not isinstance(summary, dict):
        return False
    round_number = summary.get("round")
    return (
        isinstance(summary.get("game"), str)
        and isinstance(summary.get("level"), str)
        and isinstance(round_number, int)
        and not isinstance(round_number, bool)
    )


def has_saved_match(path: Path | None = None) -> bool:
    """Whether a saved match file exists (it may still turn out to be unusable)."""
    target = match_file() if path is None else path
    return target.is_file()


def discard_match(path: Path | None = None, *, finished: bool = False) -> str | None:
    """Remove the saved match (none is fine). Returns a sentence if it could not be removed.

    ``finished`` says the save is of a match that has just ended (and been counted): when
    such a save cannot be removed (a read-only home), it is remembered, and :func:`load_match`
    passes over that very file for as long as this copy of the game runs, so the finished
    match is never offered as Continue and counted twice.
    """
    target = match_file() if path is None else path
    try:
        with contextlib.suppress(FileNotFoundError):
            target.unlink()
    except OSError as exc:
        reason = exc.strerror or str(exc)
        if finished:
            identity = _identity(target)
            if identity is not None:
                _FINISHED.add(identity)
            return _(
                "The finished match could not be removed from the saved matches ({reason}); "
                "it will not be offered to continue."
            ).format(reason=reason)
        return _("The saved match could not be removed ({reason}).").format(reason=reason)
    return None


_FINISHED: set[tuple[str, int, int, int, int]] = set()
"""Saves of finished matches that could not be removed: path, device, inode, size, time."""


def _identity(path: Path) -> tuple[str, int, int, int, int] | None:
    try:
        info = path.stat()
    except (OSError, ValueError):
        return None
    return (str(path), info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)
