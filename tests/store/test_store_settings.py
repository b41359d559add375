"""Settings: defaults, round trip, clamping, bad values and damaged files."""

from __future__ import annotations

import dataclasses
import json
import os
import stat
import threading
from pathlib import Path
from typing import Any

import pytest

from ninetynine_audio.store import paths
from ninetynine_audio.store.settings import (
    INT_RANGES,
    SETTINGS_SCHEMA,
    Settings,
    chosen_language,
    guest_token_for,
    load_settings,
    save_settings,
    with_guest_token,
)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    return tmp_path


def settings_path(home: Path) -> Path:
    return home / "config" / "settings.json"


def write_raw(home: Path, data: object) -> None:
    path = settings_path(home)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")


def test_defaults() -> None:
    settings = Settings()
    assert settings.schema == SETTINGS_SCHEMA == 1
    assert settings.speech_backend == "auto"
    assert settings.tts_rate == 200
    assert settings.bot_pause_ms == 900
    assert settings.verbosity == "normal"
    assert settings.sound_enabled is True and settings.practice is False
    assert settings.keymap_path is None


def test_no_file_gives_defaults_and_no_problem(home: Path) -> None:
    assert load_settings() == (Settings(), [])
    assert not settings_path(home).exists()


def test_round_trip_through_the_config_folder(home: Path) -> None:
    changed = Settings(
        speech_backend="tts", tts_rate=310, tts_volume=40, sound_enabled=False, sound_volume=5,
        verbosity="brief", bot_pause_ms=0, practice=True, keymap_path="/keys/mine.toml",
    )  # fmt: skip
    assert save_settings(changed) is None
    assert settings_path(home).exists()
    assert load_settings() == (changed, [])


def test_explicit_path(tmp_path: Path) -> None:
    path = tmp_path / "elsewhere" / "s.json"
    assert save_settings(Settings(tts_rate=120), path) is None
    assert load_settings(path)[0].tts_rate == 120


@pytest.mark.parametrize(
    ("name", "given", "kept"),
    [
        ("tts_rate", 5, 80),
        ("tts_rate", 9000, 400),
        ("tts_rate", 250.6, 251),
        ("tts_volume", -3, 0),
        ("sound_volume", 101, 100),
        ("bot_pause_ms", 10_000, 3000),
        ("bot_pause_ms", -1, 0),
    ],
)
def test_numbers_are_clamped_without_complaint(
    home: Path, name: str, given: float, kept: int
) -> None:
    write_raw(home, {name: given})
    settings, problems = load_settings()
    assert getattr(settings, name) == kept
    assert problems == []


@pytest.mark.parametrize(
    ("name", "given"),
    [
        ("tts_rate", "fast"),
        ("tts_rate", True),
        ("tts_rate", None),
        ("speech_backend", "braille"),
        ("speech_backend", 3),
        ("verbosity", "chatty"),
        ("sound_enabled", "yes"),
        ("practice", 1),
        ("keymap_path", 12),
        ("online_guest_tokens", [["ws://a", "Ben"]]),
        ("online_guest_tokens", "token"),
    ],
)
def test_bad_values_go_back_to_defaults_and_are_named(home: Path, name: str, given: object) -> None:
    write_raw(home, {name: given, "tts_volume": 55})
    settings, problems = load_settings()
    assert getattr(settings, name) == getattr(Settings(), name)
    assert settings.tts_volume == 55  # the good value next to it is kept
    assert len(problems) == 1 and name.replace("_", " ") in problems[0]
    assert settings_path(home).exists()  # a bad value is not a damaged file


def test_choices_ignore_case_and_spaces(home: Path) -> None:
    write_raw(home, {"speech_backend": " ScreenReader ", "verbosity": "FULL"})
    settings, problems = load_settings()
    assert (settings.speech_backend, settings.verbosity) == ("screenreader", "full")
    assert problems == []


def test_unknown_keys_and_old_schema_are_ignored(home: Path) -> None:
    write_raw(home, {"schema": 0, "colour_theme": "dark", "practice": True})
    settings, problems = load_settings()
    assert settings == Settings(practice=True)
    assert settings.schema == SETTINGS_SCHEMA
    assert problems == []


@pytest.mark.parametrize(
    "content",
    [b'{"tts_rate": 2', b"[]", b"\x00\x01", b'"text"'],
    ids=["truncated", "list", "binary", "string"],
)
def test_damaged_file_is_set_aside_and_defaults_used(home: Path, content: bytes) -> None:
    path = settings_path(home)
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    settings, problems = load_settings()
    assert settings == Settings()
    assert len(problems) == 1 and "settings.json.broken" in problems[0]
    assert (path.parent / "settings.json.broken").read_bytes() == content
    # Saving again afterwards works and keeps the damaged copy.
    assert save_settings(Settings(tts_rate=111)) is None
    assert load_settings() == (Settings(tts_rate=111), [])
    assert (path.parent / "settings.json.broken").exists()


def test_save_failure_is_a_sentence_not_a_crash(home: Path) -> None:
    # A file where the config folder should be makes the folder impossible to create.
    home.joinpath("config").write_text("in the way", encoding="utf-8")
    problem = save_settings(Settings())
    assert problem is not None and problem.startswith("The settings could not be saved")


def test_with_changes_clamps_and_refuses_nonsense() -> None:
    settings = Settings()
    assert settings.with_changes(tts_rate=1000).tts_rate == 400
    assert settings.with_changes(verbosity="full").verbosity == "full"
    assert settings.tts_rate == 200  # the original is untouched
    with pytest.raises(ValueError):
        settings.with_changes(verbosity="loud")
    with pytest.raises(ValueError):
        settings.with_changes(volume=3)


def test_constructing_invalid_settings_is_refused() -> None:
    with pytest.raises(ValueError):
        Settings(tts_rate=1000)
    with pytest.raises(ValueError):
        Settings(speech_backend="braille")


def test_every_int_field_has_a_range() -> None:
    for field in dataclasses.fields(Settings):
        if field.type == "int" and field.name != "schema":
            assert field.name in INT_RANGES
    for name, (low, high) in INT_RANGES.items():
        assert low <= getattr(Settings(), name) <= high


def test_saved_file_is_plain_json(home: Path) -> None:
    save_settings(Settings(practice=True))
    data = json.loads(settings_path(home).read_text(encoding="utf-8"))
    assert data["practice"] is True and data["schema"] == 1


def test_guest_tokens_are_kept_per_server_and_name_through_the_file(home: Path) -> None:
    settings = with_guest_token(Settings(), "ws://a/ws", "Ben", "t1")
    settings = with_guest_token(settings, "ws://b/ws", "Ben", "t2")
    settings = with_guest_token(settings, "ws://a/ws", "Ann", "t3")
    settings = with_guest_token(settings, "ws://a/ws", "Ben", "t4")  # a newer token replaces
    assert save_settings(settings) is None
    loaded, problems = load_settings()
    assert problems == [] and loaded == settings
    assert guest_token_for(loaded, "ws://a/ws", "Ben") == "t4"
    assert guest_token_for(loaded, "ws://b/ws", "Ben") == "t2"
    assert guest_token_for(loaded, "ws://a/ws", "Ann") == "t3"
    assert guest_token_for(loaded, "ws://b/ws", "Ann") is None
    assert len(loaded.online_guest_tokens) == 3


def _returns_within(function: Any, seconds: float = 20.0) -> Any:
    """Run ``function`` on a thread; its result, or fail when it is still waiting after
    ``seconds`` (a read that blocks is then let go by a writer opening the FIFO)."""
    result: list[Any] = []
    worker = threading.Thread(target=lambda: result.append(function()), daemon=True)
    worker.start()
    worker.join(seconds)
    blocked = worker.is_alive()
    if blocked:
        for candidate in Path(paths.config_dir()).iterdir():
            if stat.S_ISFIFO(candidate.lstat().st_mode):
                fd = os.open(candidate, os.O_WRONLY | os.O_NONBLOCK)
                os.close(fd)
        worker.join(seconds)
    assert not blocked, "reading the settings waited on a FIFO"
    return result[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_settings_file_that_is_a_fifo_never_blocks_the_start(home: Path) -> None:
    path = settings_path(home)
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    # The language is looked up before anything is said: no language, at once.
    assert _returns_within(lambda: chosen_language(path)) is None
    settings, problems = _returns_within(lambda: load_settings(path))
    assert settings == Settings()
    assert len(problems) == 1 and "was not a file" in problems[0]
    # Said once: the FIFO is set aside, and the next start reads no file at all.
    assert not path.exists()
    assert load_settings(path) == (Settings(), [])
