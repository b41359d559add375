"""The folders text mode's first line finds without platformdirs (``store.folders``) are the
ones platformdirs gives the rest of the game, on Linux, macOS and Windows, whatever the
environment says; where they cannot be told from the environment, none is guessed."""

from __future__ import annotations

import ntpath
import os
import sys
from pathlib import Path

import platformdirs
import pytest
from platformdirs import macos, unix, windows

from ninetynine_audio.store import folders, paths

KINDS = ("config", "data")
CLEARED = (
    "HOME",
    "XDG_CONFIG_HOME",
    "XDG_DATA_HOME",
    "XDG_STATE_HOME",
    "APPDATA",
    folders.WINDOWS_OVERRIDE,
)


def platformdirs_folder(system: str, kind: str) -> str:
    """The folder platformdirs gives on ``system`` for the game, as ``store.paths`` asks it."""
    made = {"linux": unix.Unix, "darwin": macos.MacOS, "win32": windows.Windows}[system]
    dirs = made(folders.APP_NAME, appauthor=False, roaming=True)
    return str(dirs.user_config_dir if kind == "config" else dirs.user_data_dir)


def on_system(monkeypatch: pytest.MonkeyPatch, system: str, environment: dict[str, str]) -> None:
    """As if on ``system`` (``sys.platform``) with these variables set."""
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(sys, "platform", system)


@pytest.fixture
def bare_environment(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for name in (*CLEARED, folders.HOME_ENV, "ANDROID_DATA"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("system", ["linux", "darwin"])
@pytest.mark.parametrize(
    "environment",
    [
        {"HOME": "/home/ann"},
        {"HOME": "/home/ann/"},
        {"HOME": "/home/ann", "XDG_CONFIG_HOME": "/elsewhere/config", "XDG_DATA_HOME": "/d"},
        {"HOME": "/home/ann", "XDG_CONFIG_HOME": "relative", "XDG_DATA_HOME": ""},
        {"HOME": "relative", "XDG_CONFIG_HOME": "/x", "XDG_DATA_HOME": "/y"},
    ],
)
def test_the_folders_are_the_ones_platformdirs_gives(
    bare_environment: pytest.MonkeyPatch, system: str, kind: str, environment: dict[str, str]
) -> None:
    on_system(bare_environment, system, environment)
    found = folders.usual_folder(kind)
    assert found is not None
    assert found == platformdirs_folder(system, kind)


@pytest.mark.parametrize("system", ["linux", "freebsd"])
@pytest.mark.parametrize(
    "environment",
    [
        {"HOME": "/home/ann"},
        {"HOME": "/home/ann/"},
        {"HOME": "/home/ann", "XDG_STATE_HOME": "/elsewhere/state"},
        {"HOME": "/home/ann", "XDG_STATE_HOME": "relative"},
        {"HOME": "/home/ann", "XDG_STATE_HOME": ""},
        {"HOME": "relative", "XDG_STATE_HOME": "/x"},
    ],
)
def test_the_log_folder_is_the_one_platformdirs_gives(
    bare_environment: pytest.MonkeyPatch, system: str, environment: dict[str, str]
) -> None:
    on_system(bare_environment, system, environment)
    found = folders.usual_log_folder()
    assert found is not None
    assert found == unix.Unix(folders.APP_NAME, appauthor=False).user_log_dir
    assert paths.log_dir() == Path(found)


@pytest.mark.parametrize(
    ("system", "environment"),
    [
        ("linux", {}),
        ("linux", {"HOME": "relative"}),
        ("linux", {"HOME": "/home/ann", "ANDROID_DATA": "/data"}),
        ("darwin", {"HOME": "/Users/ann"}),  # ~/Library/Logs: platformdirs tells it
        ("win32", {"APPDATA": r"C:\Roaming"}),  # the local folder's Logs: the same
    ],
)
def test_no_log_folder_is_guessed_where_platformdirs_would_tell_it(
    bare_environment: pytest.MonkeyPatch, system: str, environment: dict[str, str]
) -> None:
    on_system(bare_environment, system, environment)
    assert folders.usual_log_folder() is None


def test_the_log_folder_is_the_one_store_paths_gives(
    bare_environment: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    bare_environment.setenv("HOME", str(tmp_path))
    assert paths.log_dir() == platformdirs.user_log_path(folders.APP_NAME, appauthor=False)
    assert paths.data_dir() == platformdirs.user_data_path(
        folders.APP_NAME, appauthor=False, roaming=True
    )


@pytest.mark.parametrize("kind", KINDS)
def test_on_windows_the_folder_is_the_roaming_one_platformdirs_gives(
    bare_environment: pytest.MonkeyPatch, kind: str
) -> None:
    roaming = r"C:\Users\Ann\AppData\Roaming"
    bare_environment.setenv("APPDATA", roaming)
    bare_environment.setattr(sys, "platform", "win32")
    # platformdirs asks Windows for the folder that Windows also names in APPDATA.
    bare_environment.setattr(windows, "get_win_folder", lambda name: roaming)
    with pytest.MonkeyPatch.context() as windows_paths:
        windows_paths.setattr(os, "path", ntpath)  # Windows' own paths, for both
        found = folders.usual_folder(kind)
        expected = platformdirs_folder("win32", kind)
    assert found == expected == r"C:\Users\Ann\AppData\Roaming\ninetynine-audio"


@pytest.mark.parametrize(
    ("system", "environment"),
    [
        ("linux", {}),  # no HOME: platformdirs asks the system's user database
        ("linux", {"HOME": "relative"}),
        ("linux", {"HOME": "/home/ann", "ANDROID_DATA": "/data"}),
        ("darwin", {"HOME": ""}),
        ("win32", {}),
        ("win32", {"APPDATA": r"C:\Roaming", folders.WINDOWS_OVERRIDE: r"D:\Elsewhere"}),
        ("emscripten", {"HOME": "/home/web_user"}),
    ],
)
def test_no_folder_is_guessed_where_platformdirs_would_ask_the_system(
    bare_environment: pytest.MonkeyPatch, system: str, environment: dict[str, str]
) -> None:
    on_system(bare_environment, system, environment)
    assert folders.usual_folder("config") is None
    assert folders.game_folder("data") is None


def test_the_game_folders_are_the_ones_store_paths_gives(
    bare_environment: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    bare_environment.setenv("HOME", str(tmp_path))
    assert Path(str(folders.game_folder("config"))) == paths.config_dir()
    assert Path(str(folders.game_folder("data"))) == paths.data_dir()
    assert paths.config_dir() == platformdirs.user_config_path(
        folders.APP_NAME, appauthor=False, roaming=True
    )
    bare_environment.setenv(folders.HOME_ENV, str(tmp_path / "own"))
    assert Path(str(folders.game_folder("config"))) == paths.config_dir() == tmp_path / "own/config"
    assert Path(str(folders.game_folder("data"))) == paths.data_dir()


def test_the_portable_folder_is_the_one_store_paths_gives(
    bare_environment: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    program = tmp_path / "unzipped"
    program.mkdir()
    (program / "portable").write_text("", encoding="utf-8")
    bare_environment.setattr(sys, "frozen", True, raising=False)
    bare_environment.setattr(sys, "executable", str(program / "ninetynine-audio"))
    assert Path(str(folders.game_folder("data"))) == paths.data_dir()
    assert paths.data_dir() == program.resolve() / "userdata" / "data"
