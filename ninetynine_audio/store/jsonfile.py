"""JSON files written atomically and read without ever crashing the game.

A write goes to a temporary file in the same folder, is flushed to disk, and then replaces the
old file in one step, so a crash or power cut leaves either the old file or the new one. A file
that cannot be read is renamed aside as ``<name>.broken`` (never deleted: the player may want
it back) and the reader gets a sentence to tell the player.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

from ninetynine_audio.i18n import N_, _
from ninetynine_audio.resources import FileProblem, decode_text, read_file_bytes

__all__ = [
    "broken_path_for",
    "read_json",
    "remove_stray_temporaries",
    "set_aside",
    "write_json_atomic",
]


def write_json_atomic(path: Path, data: object) -> None:
    """Write ``data`` as JSON to ``path`` atomically, creating the folder if needed.

    Raises:
        TypeError, ValueError: ``data`` is not plain JSON (NaN and infinities are refused too),
            or holds text that is not Unicode (a lone surrogate: ``UnicodeEncodeError``); the
            old file is then untouched and no temporary file is left.
        OSError: the file could not be written; the old file is then untouched.
    """
    text = json.dumps(data, ensure_ascii=False, indent=2, allow_nan=False) + "\n"
    encoded = text.encode("utf-8")  # before anything is created: this is where text can fail
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(encoded)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    # The rename itself is only durable once the folder is synced; Windows cannot open
    # folders this way and makes the rename durable on its own.
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def broken_path_for(path: Path) -> Path:
    """The first free name to keep a damaged file under.

    ``settings.json`` goes to ``settings.json.broken``; if that exists (an older damaged file,
    kept) to ``settings.json.2.broken``, then ``.3.broken`` and so on.
    """
    candidate = path.with_name(f"{path.name}.broken")
    number = 2
    while candidate.exists():
        candidate = path.with_name(f"{path.name}.{number}.broken")
        number += 1
    return candidate


# Why a file is set aside, and its two sentences: kept under another name, or left in place.
_SET_ASIDE: dict[str, tuple[str, str]] = {
    "not_a_file": (
        N_("The file {name} was not a file, so it was kept as {kept}."),
        N_("The file {name} was not a file, and it could not be moved aside."),
    ),
    "too_large": (
        N_("The file {name} was far too large, so it was kept as {kept}."),
        N_("The file {name} was far too large, and it could not be moved aside."),
    ),
    "unreadable": (
        N_("The file {name} could not be read, so it was kept as {kept}."),
        N_("The file {name} could not be read, and it could not be moved aside."),
    ),
    "damaged": (
        N_("The file {name} was damaged, so it was kept as {kept}."),
        N_("The file {name} was damaged, and it could not be moved aside."),
    ),
    "unexpected": (
        N_("The file {name} did not hold what the game expected, so it was kept as {kept}."),
        N_("The file {name} did not hold what the game expected, and it could not be moved aside."),
    ),
    "other_version": (
        N_("The file {name} was saved by another version of the game, so it was kept as {kept}."),
        N_(
            "The file {name} was saved by another version of the game, and it could not be "
            "moved aside."
        ),
    ),
    "cannot_continue": (
        N_("The file {name} held a match that cannot be continued, so it was kept as {kept}."),
        N_(
            "The file {name} held a match that cannot be continued, and it could not be "
            "moved aside."
        ),
    ),
}

SET_ASIDE_REASONS = tuple(_SET_ASIDE)
"""Why a file is set aside; each has its own sentence."""


def _set_aside_sentence(reason: str, name: str, kept_as: str | None) -> str:
    """The sentence for a file set aside for ``reason``, kept as ``kept_as`` (None: it could
    not be moved); an unknown reason is told as an unexpected content."""
    moved, stayed = _SET_ASIDE.get(reason, _SET_ASIDE["unexpected"])
    if kept_as is None:
        return _(stayed).format(name=name)
    return _(moved).format(name=name, kept=kept_as)


def set_aside(path: Path, reason: str) -> str:
    """Move a file the game cannot use to ``*.broken`` and say so in one sentence.

    ``reason`` is one of ``SET_ASIDE_REASONS``."""
    try:
        target = broken_path_for(path)
        os.replace(path, target)
    except (OSError, ValueError):
        return _set_aside_sentence(reason, path.name, None)
    return _set_aside_sentence(reason, path.name, target.name)


STRAY_AGE_S = 60.0
"""How old a temporary file must be to count as left behind: a write takes milliseconds, so
an older one belongs to a write that a crash or a power cut cut short."""


def remove_stray_temporaries(folder: Path, *, now: float | None = None) -> int:
    """Remove the temporary files that interrupted atomic writes left in ``folder``.

    Only files named as ``write_json_atomic`` names them (``.<name>.json.<random>.tmp``) and
    older than ``STRAY_AGE_S`` are removed, so a write in progress is never disturbed. Returns
    how many were removed; a folder that is missing or cannot be listed is no problem.
    """
    moment = time.time() if now is None else now
    removed = 0
    try:
        candidates = list(folder.glob(".*.json.*.tmp"))
    except OSError:
        return 0
    for candidate in candidates:
        with contextlib.suppress(OSError):
            info = candidate.lstat()
            if stat.S_ISREG(info.st_mode) and moment - info.st_mtime >= STRAY_AGE_S:
                candidate.unlink()
                removed += 1
    return removed


def _refuse_constant(name: str) -> object:
    raise ValueError(f"{name} is not JSON")


def read_json(path: Path, expected: type = dict) -> tuple[Any, str | None]:
    """Read JSON from ``path``: ``(data, None)``, or ``(None, problem)`` for a damaged file.

    A missing file gives ``(None, None)``; so does one whose folder is a file (the player hears
    about such a folder once, from ``paths.folder_problems``). A file that cannot be read, is
    not a regular file (a FIFO or a folder in its place), is far too large, is not JSON (for
    example cut short by a crash, or nested too deeply to parse), or whose top level is not of
    type ``expected`` is renamed aside (see ``broken_path_for``) and the problem is one
    sentence for the player. Nothing here raises.
    """
    try:
        raw = read_file_bytes(path)
    except FileProblem as problem:
        if problem.kind == FileProblem.MISSING:
            return None, None
        if problem.kind == FileProblem.NOT_A_FILE:
            return None, set_aside(path, "not_a_file")
        if problem.kind == FileProblem.TOO_LARGE:
            return None, set_aside(path, "too_large")
        return None, set_aside(path, "unreadable")
    try:
        data = json.loads(decode_text(raw), parse_constant=_refuse_constant)
    except (ValueError, RecursionError, MemoryError):
        # ValueError covers bad UTF-8, JSONDecodeError (including a file cut short), NaN and
        # Infinity (which the writer never produces) and numbers too long to convert;
        # RecursionError is nesting deeper than the parser can follow.
        return None, set_aside(path, "damaged")
    if not isinstance(data, expected):
        return None, set_aside(path, "unexpected")
    return data, None
