"""The files that ship with the game, and reading any file without hanging or crashing.

The keymaps, sound cues and rules live in the repository as the top-level folders
``keymaps/``, ``sounds/`` and ``docs/rules/``. An installed game (``pip install .``, ``pipx``)
carries copies of them inside the package as ``ninetynine_audio/_data/<folder>``, put there
when the wheel is built. :func:`shipped_dir` finds the copy inside the package first and falls
back to the repository layout, which is what a source checkout and an editable install see.
The folder players unzip (a PyInstaller build, ``packaging/ninetynine-audio.spec``) holds the
package in the same layout inside its ``_internal`` folder (``sys._MEIPASS``), so it is found
the same way (``store.folders.program_folder`` tells where that folder is).

:func:`read_file_bytes` reads a file the game depends on (settings, saves, statistics, a
keymap) the careful way: a FIFO, a device or a folder in its place is refused at once instead of
blocking the game, a path the system cannot even name is a problem, not a crash, and a file far
larger than any the game writes is not read into memory. :func:`decode_text` then reads its
text in the encoding the player's editor wrote (UTF-8 with or without a byte order mark, UTF-16,
UTF-32).
"""

from __future__ import annotations

import os
import stat

TYPE_CHECKING = False  # ``pathlib`` and ``json`` are not imported before text mode's first line
if TYPE_CHECKING:
    from pathlib import Path

__all__ = [
    "DEFAULT_READ_LIMIT",
    "SHIPPED_FOLDERS",
    "FileProblem",
    "decode_text",
    "read_file_bytes",
    "shipped_dir",
]

SHIPPED_FOLDERS: dict[str, tuple[str, ...]] = {
    "keymaps": ("keymaps",),
    "sounds": ("sounds",),
    "rules": ("docs", "rules"),
}
"""Each shipped folder by name, and where it lies in the repository (below its top)."""

_DATA = "_data"

DEFAULT_READ_LIMIT = 8 * 1024 * 1024
"""The largest file :func:`read_file_bytes` reads by default: far above anything the game
writes, far below what would hurt to hold in memory."""


def shipped_dir(name: str) -> Path:
    """The folder of shipped files called ``name`` (a key of ``SHIPPED_FOLDERS``).

    Inside the installed package when it is there, otherwise in the repository. The folder
    returned may be missing (a damaged install); readers report that as a missing file.

    Raises:
        KeyError: ``name`` is not a shipped folder.
    """
    from pathlib import Path

    parts = SHIPPED_FOLDERS[name]
    # An ordinary install unpacks the package as files, so its resources are real paths beside
    # this module; a package imported from a zip file has none, and then the repository layout
    # is tried. (Read from this module's own path: importlib.resources would load zipfile,
    # tempfile and shutil before the game's first word.)
    here = Path(__file__)
    try:
        packaged = here.parent.joinpath(_DATA, name)
        if packaged.is_dir():
            return packaged
    except (ValueError, OSError):
        pass
    return here.resolve().parents[1].joinpath(*parts)


class FileProblem(Exception):
    """Why a file could not be read, as one of the kinds below (``kind``), with a detail.

    ``MISSING`` covers a file that is not there, also when a folder on its path is a file.
    """

    MISSING = "missing"
    NOT_A_FILE = "not a file"
    TOO_LARGE = "too large"
    UNREADABLE = "unreadable"

    def __init__(self, kind: str, detail: str = "") -> None:
        self.kind = kind
        self.detail = detail
        super().__init__(f"{kind}: {detail}" if detail else kind)


def read_file_bytes(path: Path | str, limit: int = DEFAULT_READ_LIMIT) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them.

    The file is opened without blocking and checked before anything is read, so a FIFO or a
    device named where a file should be cannot make the game wait.

    Raises:
        FileProblem: the file is missing, is not a regular file, is larger than ``limit``, or
            could not be opened or read (the path holds a NUL character, permissions, I/O).
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except (FileNotFoundError, NotADirectoryError) as exc:
        raise FileProblem(FileProblem.MISSING, exc.strerror or "") from None
    except IsADirectoryError as exc:
        raise FileProblem(FileProblem.NOT_A_FILE, exc.strerror or "") from None
    except OSError as exc:
        raise FileProblem(FileProblem.UNREADABLE, exc.strerror or str(exc)) from None
    except ValueError as exc:  # a NUL character in the path
        raise FileProblem(FileProblem.UNREADABLE, str(exc)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem(FileProblem.NOT_A_FILE)
        if info.st_size > limit:
            raise FileProblem(FileProblem.TOO_LARGE, f"{info.st_size} bytes")
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            size += len(chunk)
            if size > limit:  # it grew while being read
                raise FileProblem(FileProblem.TOO_LARGE, f"over {limit} bytes")
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise FileProblem(FileProblem.UNREADABLE, exc.strerror or str(exc)) from None
    finally:
        os.close(fd)


_BOMS = (
    (b"\xef\xbb\xbf", "utf-8"),
    (b"\xff\xfe\x00\x00", "utf-32-le"),
    (b"\x00\x00\xfe\xff", "utf-32-be"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"),
)


def decode_text(raw: bytes, *, guess: bool = True) -> str:
    """The text of a file the player may have saved from another editor.

    UTF-8 is what the game writes. A file that starts with a byte order mark is read in the
    encoding the mark names (Windows Notepad writes UTF-8 with a mark, or UTF-16), and the
    mark is not part of the text. With ``guess``, UTF-16 or UTF-32 without a mark is
    recognised the way JSON allows, from the zero bytes around the first characters; without
    it, text with no mark is UTF-8.

    Raises:
        UnicodeDecodeError: the bytes are not text in that encoding.
    """
    for mark, encoding in _BOMS:
        if raw.startswith(mark):
            return raw[len(mark) :].decode(encoding)
    if not guess or b"\x00" not in raw[:2]:
        return raw.decode("utf-8")  # what JSON's detection says of text with no zero byte first
    import json

    return raw.decode(json.detect_encoding(raw))
