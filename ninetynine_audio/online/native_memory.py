"""Memory the C library keeps after it is freed.

Each password check takes a block of 19 MiB (Argon2's memory cost). glibc serves a large
block with its own mapping and returns it when freed, but after the first such block it
raises its threshold to that size, so the next checks are served from the arenas of the
threads that run them; an arena gives memory back only from its top, and the small blocks
SQLite and the hashing leave above a freed check keep it. Under a stream of sign-ins the
server's memory then grows with no Python object behind it. A fixed threshold keeps every
block of a mebibyte or more in a mapping of its own, returned as soon as it is freed.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys

M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter (malloc.h)
MAPPED_FROM_BYTES = 1 << 20


def return_large_blocks(threshold: int = MAPPED_FROM_BYTES) -> bool:
    """Have glibc map every block of ``threshold`` bytes or more on its own (setting the
    threshold also stops glibc moving it). False where there is no glibc (the other
    C libraries and systems keep no such threshold)."""
    if not sys.platform.startswith("linux"):
        return False
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        libc = ctypes.CDLL(name)
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return bool(mallopt(M_MMAP_THRESHOLD, threshold))
