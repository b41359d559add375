"""Where the game keeps its files.

Settings and the player's keymap go in the user config folder, saved matches and statistics in
the user data folder, logs in the user log folder, all as platformdirs gives them for the app
``ninetynine-audio`` (told from the environment by ``store.folders`` where it can, without
loading platformdirs). When the environment variable ``NINETYNINE_AUDIO_HOME`` names a folder,
everything goes under it instead (``config/``, ``data/``, ``logs/``): for tests, and for
trying things without touching the usual folders. In the folder players unzip, a file named
``portable`` (or ``portable.txt``) beside the program does the same with the folder
``userdata`` beside it: the game and everything it keeps then travel together, on a USB stick
for example. The variable, when set, comes first. Nothing here creates a folder; writers do that
when they write.
"""

from __future__ import annotations

from pathlib import Path

from ninetynine_audio.store.folders import (
    APP_NAME,
    HOME_ENV,
    MATCH_FILE_NAME,
    PORTABLE_FOLDER,
    PORTABLE_MARKERS,
    RUNNING_LOCK_NAME,
    SETTINGS_FILE_NAME,
    USER_KEYMAP_FILE_NAME,
    home_folder,
    usual_folder,
    usual_log_folder,
)

__all__ = [
    "APP_NAME",
    "HOME_ENV",
    "MATCH_FILE_NAME",
    "PORTABLE_FOLDER",
    "PORTABLE_MARKERS",
    "RUNNING_LOCK_NAME",
    "SETTINGS_FILE_NAME",
    "USER_KEYMAP_FILE_NAME",
    "config_dir",
    "data_dir",
    "log_dir",
    "settings_file",
    "user_keymap_file",
]


def _home() -> Path | None:
    home = home_folder()
    return None if home is None else Path(home)


def config_dir() -> Path:
    """The folder for settings and the player's keymap."""
    home = _home()
    if home is not None:
        return home / "config"
    usual = usual_folder("config")
    if usual is not None:
        return Path(usual)
    import platformdirs  # only here: where the environment alone cannot tell the folder

    return platformdirs.user_config_path(APP_NAME, appauthor=False, roaming=True)


def data_dir() -> Path:
    """The folder for saved matches and statistics."""
    home = _home()
    if home is not None:
        return home / "data"
    usual = usual_folder("data")
    if usual is not None:
        return Path(usual)
    import platformdirs  # only here: where the environment alone cannot tell the folder

    return platformdirs.user_data_path(APP_NAME, appauthor=False, roaming=True)


def log_dir() -> Path:
    """The folder for log files (for example a speech backend that failed)."""
    home = _home()
    if home is not None:
        return home / "logs"
    usual = usual_log_folder()
    if usual is not None:
        return Path(usual)
    import platformdirs

    return platformdirs.user_log_path(APP_NAME, appauthor=False)


def settings_file() -> Path:
    """The settings file, ``settings.json`` in the config folder."""
    return config_dir() / SETTINGS_FILE_NAME


def user_keymap_file() -> Path:
    """The player's optional keymap, ``keymap.toml`` in the config folder."""
    return config_dir() / USER_KEYMAP_FILE_NAME
