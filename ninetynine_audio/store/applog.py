"""The app's own log file, ``ninetynine-audio.log`` in the log folder: written carefully.

Log messages go to a file because on stderr a screen reader would read them out. Two things
must never happen: a failed write (a full disk, a vanished folder) printing logging's
"--- Logging error ---" traceback on stderr, and the log being written through a link to a
file outside the game's folders. So the file is opened without following a link (a link in
its place is moved aside as ``*.broken``, never followed or deleted), and a handler whose write
fails closes its file and drops what follows, quietly.
"""

from __future__ import annotations

import contextlib
import logging
import os
import stat
from pathlib import Path

from ninetynine_audio.store import paths
from ninetynine_audio.store.jsonfile import broken_path_for

__all__ = ["LOG_FILE_NAME", "QuietFileHandler", "log_to_file", "open_log_file"]

LOG_FILE_NAME = "ninetynine-audio.log"

_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class QuietFileHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """A handler on an open log file that stops, without a word on stderr, once a write fails.

    The game goes on; only the log is lost from that moment (:attr:`failed` says so).
    """

    def __init__(self, stream: object) -> None:
        super().__init__(stream)
        self.failed = False

    def emit(self, record: logging.LogRecord) -> None:
        """Write one record, unless a write has failed before."""
        if not self.failed:
            super().emit(record)

    def handleError(self, record: logging.LogRecord) -> None:
        """A write failed: close the file and write no more, instead of printing a traceback."""
        self.failed = True
        with contextlib.suppress(Exception):
            self.stream.close()


def open_log_file(path: Path) -> object:
    """Open ``path`` to append, never through a link; returns the open text file.

    A link (or anything but a regular file) in the log's place is moved aside as
    ``*.broken`` first, so the game's log stays inside the game's folders.

    Raises:
        OSError: the file cannot be opened or created.
    """
    with contextlib.suppress(FileNotFoundError):
        info = path.lstat()
        if not stat.S_ISREG(info.st_mode):
            os.replace(path, broken_path_for(path))
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
    flags |= getattr(os, "O_NOCTTY", 0)
    # O_NOFOLLOW refuses a link put there between the look above and this open.
    fd = os.open(path, flags, 0o600)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{path} is not a regular file")
        return os.fdopen(fd, "a", encoding="utf-8", errors="backslashreplace")
    except BaseException:
        os.close(fd)
        raise


def log_to_file() -> logging.Handler:
    """Send log messages at INFO and above to the log file, once (a root logger that has a
    handler already is left alone). Returns the handler in use: a null one when no log file
    can be opened, since the game plays the same without it."""
    root = logging.getLogger()
    if root.handlers:
        return root.handlers[0]
    handler: logging.Handler
    try:
        folder = paths.log_dir()
        folder.mkdir(parents=True, exist_ok=True)
        handler = QuietFileHandler(open_log_file(folder / LOG_FILE_NAME))
    except (OSError, ValueError):
        handler = logging.NullHandler()
    handler.setFormatter(logging.Formatter(_FORMAT))
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    return handler
