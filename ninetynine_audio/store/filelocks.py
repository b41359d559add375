"""Locking an open file through the operating system, of the standard library alone.

``fcntl.flock`` on Linux and macOS, ``msvcrt.locking`` of the file's first byte on Windows.
``store.locks`` builds the game's locks on these; text mode's first line (``firstline.py``)
asks with them, before anything else loads, whether another copy holds the running lock.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # ``types`` is not imported before text mode's first line
if TYPE_CHECKING:
    from types import ModuleType

__all__ = ["LockUnavailable", "try_lock", "unlock"]

fcntl: ModuleType | None
msvcrt: ModuleType | None
try:
    import fcntl
except ImportError:  # Windows
    fcntl = None
try:
    import msvcrt
except ImportError:  # everything else
    msvcrt = None


class LockUnavailable(OSError):
    """The lock file cannot be made or the system cannot lock it here; go on without."""


def try_lock(fd: int) -> bool:
    """Lock ``fd`` without waiting: True when locked, False when another process holds it.

    Raises:
        LockUnavailable: this system or this file system cannot lock files.
    """
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        if msvcrt is not None:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return True
    except BlockingIOError:
        return False
    except PermissionError:  # msvcrt: the byte is locked by another process
        return False
    except OSError as error:
        raise LockUnavailable(f"this file system cannot lock files: {error}") from None
    raise LockUnavailable("this system has no file locks")


def unlock(fd: int) -> None:
    """Let go of the lock :func:`try_lock` took on ``fd``."""
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_UN)
    elif msvcrt is not None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
