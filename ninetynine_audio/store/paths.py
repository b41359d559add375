"""Where the game keeps its files.

Settings and the player's keymap go in the user config folder, saved matches and statistics in
the user data folder, logs in the user log folder, all as platformdirs gives them for the app
``ninetynine-audio``. When the environment variable ``NINETYNINE_AUDIO_HOME`` names a folder,
everything goes under it instead (``config/``, ``data/``, ``logs/``): for tests, and for
trying things without touching the usual folders. In the folder players unzip, a file named
``portable`` (or ``portable.txt``) beside the program does the same with the folder
``userdata`` beside it: the game and everything it keeps then travel together, on a USB stick
for example. The variable, when set, comes first. Nothing here creates a folder; writers do that
when they write.
"""

from __future__ import annotations

import os
from pathlib import Path

from ninetynine_audio.resources import program_dir

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


def portable_home() -> Path | None:
    """The folder the game keeps its files in when it runs portable, else ``None``."""
    folder = program_dir()
    if folder is None:
        return None
    if any((folder / marker).is_file() for marker in PORTABLE_MARKERS):
        return folder / PORTABLE_FOLDER
    return None


def _home() -> Path | None:
    value = os.environ.get(HOME_ENV, "").strip()
    if not value:
        return portable_home()
    try:
        return Path(value).expanduser()
    except RuntimeError:  # "~someone" for a user the system does not know
        return Path(value)


def config_dir() -> Path:
    """The folder for settings and the player's keymap."""
    home = _home()
    if home is not None:
        return home / "config"
    import platformdirs  # only here: a start with a home of its own goes without it

    return platformdirs.user_config_path(APP_NAME, appauthor=False, roaming=True)


def data_dir() -> Path:
    """The folder for saved matches and statistics."""
    home = _home()
    if home is not None:
        return home / "data"
    import platformdirs  # only here: a start with a home of its own goes without it

    return platformdirs.user_data_path(APP_NAME, appauthor=False, roaming=True)


def log_dir() -> Path:
    """The folder for log files (for example a speech backend that failed)."""
    home = _home()
    if home is not None:
        return home / "logs"
    import platformdirs

    return platformdirs.user_log_path(APP_NAME, appauthor=False)


def settings_file() -> Path:
    """The settings file, ``settings.json`` in the config folder."""
    return config_dir() / SETTINGS_FILE_NAME


def user_keymap_file() -> Path:
    """The player's optional keymap, ``keymap.toml`` in the config folder."""
    return config_dir() / USER_KEYMAP_FILE_NAME
