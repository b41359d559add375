"""Where files go: platformdirs folders, or NINETYNINE_AUDIO_HOME when set."""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs
import pytest

from ninetynine_audio.store import paths


def test_home_variable_overrides_every_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    assert paths.config_dir() == tmp_path / "config"
    assert paths.data_dir() == tmp_path / "data"
    assert paths.log_dir() == tmp_path / "logs"
    assert paths.settings_file() == tmp_path / "config" / "settings.json"
    assert paths.user_keymap_file() == tmp_path / "config" / "keymap.toml"
    assert not (tmp_path / "config").exists()  # asking for a path creates nothing


def test_without_the_variable_platformdirs_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(paths.HOME_ENV, raising=False)
    expected = platformdirs.user_config_path("ninetynine-audio", appauthor=False, roaming=True)
    assert paths.config_dir() == expected
    assert "ninetynine-audio" in str(paths.data_dir())
    assert "ninetynine-audio" in str(paths.log_dir())


def test_blank_variable_counts_as_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(paths.HOME_ENV, "  ")
    assert paths.config_dir().name == "ninetynine-audio"


def _frozen_program(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """Run as the unzipped folder does: PyInstaller sets ``sys.frozen`` and the program is
    ``sys.executable``."""
    folder.mkdir(parents=True, exist_ok=True)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(folder / "ninetynine-audio"))
    monkeypatch.delenv(paths.HOME_ENV, raising=False)


@pytest.mark.parametrize("marker", ["portable", "portable.txt"])
def test_a_portable_marker_keeps_everything_beside_the_program(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, marker: str
) -> None:
    folder = tmp_path / "ninetynine-audio"
    _frozen_program(monkeypatch, folder)
    (folder / marker).write_text("", encoding="utf-8")
    home = folder.resolve() / "userdata"
    assert paths.config_dir() == home / "config"
    assert paths.data_dir() == home / "data"
    assert paths.log_dir() == home / "logs"
    assert paths.settings_file() == home / "config" / "settings.json"
    assert not home.exists()  # asking for a path creates nothing


def test_without_the_marker_the_unzipped_game_uses_the_user_folders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "ninetynine-audio"
    _frozen_program(monkeypatch, folder)
    (folder / "portable").mkdir()  # a folder of that name is no marker
    expected = platformdirs.user_config_path("ninetynine-audio", appauthor=False, roaming=True)
    assert paths.config_dir() == expected


def test_the_marker_means_nothing_to_a_game_run_by_python(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delattr(sys, "frozen", raising=False)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "python3"))
    monkeypatch.delenv(paths.HOME_ENV, raising=False)
    (tmp_path / "portable").write_text("", encoding="utf-8")
    assert not paths.config_dir().is_relative_to(tmp_path)


def test_the_home_variable_comes_before_the_marker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "ninetynine-audio"
    _frozen_program(monkeypatch, folder)
    (folder / "portable").write_text("", encoding="utf-8")
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path / "elsewhere"))
    assert paths.data_dir() == tmp_path / "elsewhere" / "data"
