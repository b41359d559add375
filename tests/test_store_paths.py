"""Where files go: platformdirs folders, or NINETYNINE_AUDIO_HOME when set."""

from __future__ import annotations

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
