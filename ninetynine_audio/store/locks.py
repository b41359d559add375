"""Locks between copies of the game that share one home: the running copy, and the statistics.

A lock is a small file in the data folder locked by the operating system (``fcntl.flock`` on
Linux and macOS, ``msvcrt.locking`` on Windows: ``filelocks.py``). The system releases such a
lock when the process that holds it ends, however it ends, so a copy that crashed or was
killed never leaves a lock behind to be cleared by hand. The file holds the holder's process
id, for a person looking; the lock itself is the system's.

Where the system cannot lock (a file system without locks, a folder that cannot be written),
:class:`FileLock` raises ``LockUnavailable`` and the callers go on without the lock, as the
game did before it had one: a read-only home cannot be written by two copies anyway.
"""

from __future__ import annotations

import contextlib
import logging
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from ninetynine_audio.store import paths
from ninetynine_audio.store.filelocks import LockUnavailable, try_lock, unlock

__all__ = [
    "RUNNING_LOCK_NAME",
    "FileLock",
    "LockUnavailable",
    "held",
    "running_lock",
]

RUNNING_LOCK_NAME = paths.RUNNING_LOCK_NAME
"""Held by the copy of the game that plays on this home, for as long as it runs."""

log = logging.getLogger(__name__)


class FileLock:
    """An exclusive lock on the file at ``path``, shared by every process on the computer."""

    def __init__(self, path: Path, *, sleep: Callable[[float], None] = time.sleep) -> None:
        self.path = path
        self._fd: int | None = None
        self._sleep = sleep

    @property
    def is_held(self) -> bool:
        """Whether this object holds the lock now."""
        return self._fd is not None

    def acquire(self, wait_s: float = 0.0) -> bool:
        """Take the lock, waiting up to ``wait_s`` seconds for another holder to let go.

        Returns True when held, False when another process holds it still.

        Raises:
            LockUnavailable: the lock file cannot be opened, or this system cannot lock it.
        """
        if self._fd is not None:
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
            fd = os.open(self.path, flags | getattr(os, "O_BINARY", 0), 0o600)
        except (OSError, ValueError) as error:
            raise LockUnavailable(f"the lock {self.path} cannot be opened: {error}") from None
        deadline = time.monotonic() + wait_s
        try:
            while not try_lock(fd):
                if time.monotonic() >= deadline:
                    os.close(fd)
                    return False
                self._sleep(0.01)
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        return True

    def release(self) -> None:
        """Let go of the lock (the file stays, for the next holder)."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            unlock(fd)
        with contextlib.suppress(OSError):
            os.close(fd)


LOCK_WAIT_S = 30.0
"""How long a write of the statistics waits for another copy's: that write takes milliseconds,
so only a copy stopped in the middle (a debugger, SIGSTOP) holds it this long."""


@contextlib.contextmanager
def held(path: Path, wait_s: float = LOCK_WAIT_S) -> Iterator[bool]:
    """Hold the lock file ``path`` for the block; yields whether the lock is held.

    The block runs without the lock (yielding False, with a line in the log) when the system
    cannot lock here or another copy holds the lock for longer than ``wait_s``: a read and
    write of a file is then done as it was before there were locks, rather than not at all.
    """
    lock = FileLock(path)
    try:
        got = lock.acquire(wait_s)
    except LockUnavailable as error:
        log.warning("going on without a lock: %s", error)
        got = False
    else:
        if not got:
            log.warning("another copy held %s for %.0f s; going on without it", path, wait_s)
    try:
        yield got
    finally:
        lock.release()


def running_lock() -> FileLock:
    """The lock of the copy of the game playing on this home (``running.lock`` in the data
    folder)."""
    return FileLock(paths.data_dir() / RUNNING_LOCK_NAME)
