"""The names of the game's folders and files, and the folder chosen for them, as plain text.

Of the standard library alone (no ``pathlib``, no ``platformdirs``), so that text mode's first
line (``firstline.py``) can find the settings and the saved match before anything else loads.
``store.paths`` builds its paths from these and says where everything goes.
"""

from __future__ import annotations

import os
import sys

APP_NAME = "ninetynine-audio"
"""The application name platformdirs builds the folders from."""

HOME_ENV = "NINETYNINE_AUDIO_HOME"
"""Environment variable naming one folder that holds all the game's files."""

SETTINGS_FILE_NAME = "settings.json"
USER_KEYMAP_FILE_NAME = "keymap.toml"
MATCH_FILE_NAME = "current_match.json"
"""The saved match, in the data folder (``store.saves``)."""
RUNNING_LOCK_NAME = "running.lock"
"""The lock of the copy of the game playing on a home, in the data folder (``store.locks``)."""

PORTABLE_MARKERS = ("portable", "portable.txt")
"""Files that, beside the program of the unzipped folder, keep the game's files in that folder
(``portable.txt`` is what Windows makes of a new text document named ``portable``)."""

PORTABLE_FOLDER = "userdata"
"""The folder beside the program that holds ``config/``, ``data/`` and ``logs/`` when portable."""

# Each folder of the user's as platformdirs makes it where it needs no more than the
# environment: on Linux and the BSDs the XDG variable when it is an absolute path, else the
# folder below the home; on macOS the same variable, else Application Support; on Windows the
# roaming application data folder, which Windows names in APPDATA (platformdirs asks the
# system for it, and takes a variable of its own first).
XDG_VARIABLES = {"config": "XDG_CONFIG_HOME", "data": "XDG_DATA_HOME"}
UNIX_FOLDERS = {"config": "~/.config", "data": "~/.local/share"}
UNIX_PLATFORMS = ("linux", "freebsd", "openbsd", "netbsd")
"""The platforms (``sys.platform`` begins so) whose folders follow the XDG variables."""
MACOS_FOLDER = "~/Library/Application Support"
WINDOWS_VARIABLE, WINDOWS_OVERRIDE = "APPDATA", "WIN_PD_OVERRIDE_CSIDL_APPDATA"


def program_folder() -> str | None:
    """The folder of the program when the game runs as a built folder (PyInstaller sets
    ``sys.frozen``), else None (``resources.program_dir``, as text)."""
    if not getattr(sys, "frozen", False):
        return None
    return os.path.dirname(os.path.realpath(sys.executable))


def home_folder() -> str | None:
    """The one folder that holds every file of the game's (``config/``, ``data/``,
    ``logs/``): ``NINETYNINE_AUDIO_HOME`` when set, else ``userdata`` beside a portable
    program; None when the files go in the user's usual folders."""
    value = os.environ.get(HOME_ENV, "").strip()
    if value:
        return os.path.expanduser(value)  # "~someone" the system does not know stays as it is
    folder = program_folder()
    if folder is not None and any(
        os.path.isfile(os.path.join(folder, marker)) for marker in PORTABLE_MARKERS
    ):
        return os.path.join(folder, PORTABLE_FOLDER)
    return None


def usual_folder(kind: str) -> str | None:
    """The user's ``config`` or ``data`` folder of the game as platformdirs gives it, where that
    can be told from the environment alone (Linux, the BSDs and macOS with an absolute ``HOME``,
    Windows with an absolute ``APPDATA``); else None, and only ``store.paths`` tells it, through
    platformdirs (``tests/store/test_store_folders.py`` holds the two together)."""
    if _on_android():
        return None  # Android, whose folders platformdirs finds its own way
    if sys.platform == "win32":
        roaming = os.environ.get(WINDOWS_VARIABLE, "")
        if WINDOWS_OVERRIDE in os.environ or not os.path.isabs(roaming):
            return None
        return os.path.join(os.path.normpath(roaming), APP_NAME)
    if sys.platform == "darwin":
        below_home = MACOS_FOLDER
    elif sys.platform.startswith(UNIX_PLATFORMS):
        below_home = UNIX_FOLDERS[kind]
    else:
        return None
    return _chosen_or_below_home(XDG_VARIABLES[kind], below_home)


UNIX_STATE_VARIABLE, UNIX_STATE_FOLDER = "XDG_STATE_HOME", "~/.local/state"
"""Where Linux and the BSDs keep a program's state, and so its logs (``log`` in it)."""


def usual_log_folder() -> str | None:
    """The user's log folder of the game as platformdirs gives it (``user_log_path``), where
    that can be told from the environment alone: on Linux and the BSDs, ``log`` in the state
    folder (``XDG_STATE_HOME`` when it is an absolute path, else below an absolute ``HOME``);
    else None, and only ``store.paths`` tells it, through platformdirs
    (``tests/store/test_store_folders.py`` holds the two together)."""
    if _on_android() or not sys.platform.startswith(UNIX_PLATFORMS):
        return None
    state = _chosen_or_below_home(UNIX_STATE_VARIABLE, UNIX_STATE_FOLDER)
    return None if state is None else os.path.join(state, "log")


def _on_android() -> bool:
    """Whether this is Android, whose folders platformdirs finds its own way."""
    return hasattr(sys, "getandroidapilevel") or "ANDROID_DATA" in os.environ


def _chosen_or_below_home(variable: str, below_home: str) -> str | None:
    """The game's folder in the one the XDG ``variable`` names when it is an absolute path,
    else in ``below_home`` (``~/...``) when ``HOME`` is absolute; else None (platformdirs then
    asks the system's user database)."""
    chosen = os.environ.get(variable, "")
    if os.path.isabs(chosen):
        return os.path.join(chosen, APP_NAME)
    if not os.path.isabs(os.environ.get("HOME", "")):
        return None
    return os.path.join(os.path.expanduser(below_home), APP_NAME)


def game_folder(kind: str) -> str | None:
    """The game's ``config`` or ``data`` folder as text, where it can be told without
    platformdirs (see :func:`usual_folder`); else None."""
    home = home_folder()
    if home is not None:
        return os.path.join(home, kind)
    return usual_folder(kind)
