"""Every file the game reads is read defensively: a damaged one is set aside, never fatal.

Deep nesting that no parser can follow, a FIFO or a folder where a file should be, a path with
a NUL character or a home folder that does not exist, a folder that is a file, leftovers of an
interrupted write, and a game installed from a wheel rather than run from the repository.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from helpers.adding_keys import quick_match

from ninetynine_audio.games.saved import HUMAN, resume, start_match, to_record
from ninetynine_audio.games.setup import GameSetup
from ninetynine_audio.i18n import using
from ninetynine_audio.input.keymap import keymap_path_from_text, load_keymap, read_keymap_file
from ninetynine_audio.present.screens import setting_label
from ninetynine_audio.resources import (
    SHIPPED_FOLDERS,
    FileProblem,
    read_file_bytes,
    shipped_dir,
)
from ninetynine_audio.store import paths
from ninetynine_audio.store.jsonfile import STRAY_AGE_S, read_json, write_json_atomic
from ninetynine_audio.store.saves import load_match, match_file, save_match
from ninetynine_audio.store.settings import Settings, load_settings
from ninetynine_audio.store.stats import load_statistics, record_result, statistics_file
from ninetynine_audio.ui.harness import make_app

NESTED = "[" * 100_000
REPOSITORY = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NINETYNINE_AUDIO_HOME", str(tmp_path))
    return tmp_path


def saved_record() -> dict[str, object]:
    setup = GameSetup("tactical", ("You", "Lily", "Max"), ("human", "easy", "easy"), seed=3)
    saved, _, _ = start_match(setup)
    return to_record(saved)


# -- deep nesting (item 4) ----------------------------------------------------------------------


def test_deeply_nested_settings_are_set_aside_and_the_defaults_used() -> None:
    paths.settings_file().parent.mkdir(parents=True)
    paths.settings_file().write_text(NESTED, encoding="utf-8")
    settings, problems = load_settings()
    assert settings == Settings()
    assert problems == [
        "The file settings.json was damaged, so it was kept as settings.json.broken."
    ]
    assert paths.settings_file().with_name("settings.json.broken").read_text() == NESTED


def test_a_game_starts_over_deeply_nested_settings_and_save(private_home: Path) -> None:
    for path in (paths.settings_file(), match_file()):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("{" * 50_000 + '"a":' + "[" * 50_000, encoding="utf-8")
    h = make_app()
    h.frames(2)
    spoken = " ".join(h.spoken)
    assert "settings.json was damaged" in spoken
    assert "current_match.json was damaged" in spoken
    assert h.app.running
    assert sorted(p.name for p in private_home.rglob("*.broken")) == [
        "current_match.json.broken",
        "settings.json.broken",
    ]


def test_deeply_nested_save_is_set_aside_with_one_sentence() -> None:
    match_file().parent.mkdir(parents=True)
    match_file().write_text(NESTED, encoding="utf-8")
    match, problem = load_match(resume)
    assert match is None
    assert problem is not None and "kept as current_match.json.broken" in problem
    assert not match_file().exists()


def test_a_save_whose_content_trips_the_reader_in_any_way_is_set_aside() -> None:
    # Deep nesting inside a field the resumer walks into: any exception means "cannot be
    # continued", and the file is kept.
    record = saved_record()
    record["setup"] = {"options": {"lives": [[[[[[[[[[1]]]]]]]]]]}}
    assert save_match(record) is None

    def trips(record: dict[str, object]) -> object:
        raise AttributeError("a bug met an odd value")

    assert load_match(trips)[1] is not None
    assert match_file().with_name("current_match.json.broken").exists()


# -- statistics must never lose the result being recorded (item 3) -----------------------------


def test_deeply_nested_statistics_keep_the_result_being_recorded() -> None:
    statistics_file().parent.mkdir(parents=True)
    statistics_file().write_text(NESTED, encoding="utf-8")
    statistics, problems = record_result("classic", "easy", 1, 4, 3)
    assert statistics.get("classic", "easy").wins == 1
    assert problems == [
        "The file statistics.json was damaged, so it was kept as statistics.json.broken."
    ]
    on_disk, problem = load_statistics()
    assert problem is None and on_disk.get("classic", "easy").wins == 1
    assert statistics_file().with_name("statistics.json.broken").read_text() == NESTED


def test_a_won_match_over_nested_statistics_is_counted_and_told() -> None:
    statistics_file().parent.mkdir(parents=True)
    statistics_file().write_text(NESTED, encoding="utf-8")
    h = quick_match("win", "easy")
    assert any("1 win, 0 losses" in line for line in h.spoken), h.spoken
    on_disk, _ = load_statistics()
    assert on_disk.get("classic", "easy").wins == 1


# -- files that are not files, paths that cannot be -------------------------------------------


def test_a_fifo_in_place_of_a_file_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    outcome: list[object] = []

    def read() -> None:
        outcome.append(read_keymap_file(fifo)[1])
        outcome.append(read_json(fifo))

    worker = threading.Thread(target=read, daemon=True)
    worker.start()
    worker.join(timeout=3)
    try:
        assert not worker.is_alive(), "reading a FIFO blocked the game"
    finally:
        if worker.is_alive():  # let the blocked reader go: a writer that closes gives EOF
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
    keymap_errors, (data, problem) = outcome
    assert [str(e) for e in keymap_errors] == [  # type: ignore[attr-defined]
        "pipe.toml: this is not a file (a folder, a device or a pipe)."
    ]
    assert data is None and problem == (
        "The file pipe.toml was not a file, so it was kept as pipe.toml.broken."
    )


@pytest.mark.parametrize("file", ["keymap", "settings"])
def test_a_fifo_in_the_config_folder_does_not_stop_the_start(file: str) -> None:
    fifo = paths.user_keymap_file() if file == "keymap" else paths.settings_file()
    paths.config_dir().mkdir(parents=True)
    os.mkfifo(fifo)
    started: list[bool] = []
    worker = threading.Thread(target=lambda: started.append(bool(make_app())), daemon=True)
    worker.start()
    worker.join(timeout=10)
    try:
        assert started == [True]
    finally:
        if worker.is_alive():
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("keys\x00.toml", "the file could not be read (embedded null byte)."),
        ("~nosuchuser-of-this-machine/keys.toml", "the file was not found."),
        ("/", "this is not a file (a folder, a device or a pipe)."),
    ],
    ids=["nul", "unknown-user", "folder"],
)
def test_a_keymap_path_that_names_no_file_is_one_sentence(text: str, said: str) -> None:
    keymap, problems = load_keymap(keymap_path_from_text(text))
    assert len(problems) == 1 and problems[0].endswith(said)
    assert keymap.bindings == load_keymap(None)[0].bindings


@pytest.mark.parametrize(
    "text",
    ["~nosuchuser-of-this-machine/keys.toml", "keys\x00.toml"],
    ids=["unknown-user", "nul"],
)
def test_the_game_starts_with_a_keymap_setting_that_names_no_file(text: str) -> None:
    write_json_atomic(paths.settings_file(), {"schema": 1, "keymap_path": text})
    h = make_app()
    h.frames(1)
    assert h.app.running
    assert any("keymap" in line.lower() for line in h.spoken), h.spoken


def test_a_nul_in_the_keymap_setting_is_reset_by_name() -> None:
    write_json_atomic(paths.settings_file(), {"schema": 1, "keymap_path": "a\x00b.toml"})
    settings, problems = load_settings()
    assert settings.keymap_path is None
    assert problems == ["A setting was not valid and went back to its default: keymap path."]
    # The game names each setting as Settings does, in the language in use.
    write_json_atomic(
        paths.settings_file(), {"schema": 1, "keymap_path": "a\x00b.toml", "tts_rate": "x"}
    )
    _, problems = load_settings(label=setting_label)
    assert problems == [
        "Some settings were not valid and went back to their defaults: Voice speed and Keymap."
    ]
    with using("de"):
        _, problems = load_settings(label=setting_label)
    assert problems == [
        "Einige Einstellungen waren ungültig und sind wieder auf dem Standard: "
        "Tempo der Stimme und Tastenbelegung."
    ]


def test_nested_keymap_toml_is_one_sentence(tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_text("x = " + "[" * 50_000, encoding="utf-8")
    _, errors = read_keymap_file(path)
    assert [str(e) for e in errors] == [
        "deep.toml: this is not a keymap: its values are nested too deeply."
    ]


def test_nul_bytes_in_a_keymap_file_are_one_sentence(tmp_path: Path) -> None:
    path = tmp_path / "nul.toml"
    path.write_bytes(b'schema = 1\n[table]\nannounce_total = ["c\x00"]\n')
    _, errors = read_keymap_file(path)
    assert [str(e) for e in errors] == ["nul.toml: the file is not text: it holds NUL characters."]


def test_a_file_far_too_large_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    with path.open("wb") as handle:
        handle.truncate(9 * 1024 * 1024)  # sparse: costs no disk
    with pytest.raises(FileProblem) as caught:
        read_file_bytes(path)
    assert caught.value.kind == FileProblem.TOO_LARGE
    data, problem = read_json(path)
    assert data is None and problem is not None and "far too large" in problem


def test_a_home_folder_naming_an_unknown_user_does_not_crash(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NINETYNINE_AUDIO_HOME", "~nosuchuser-of-this-machine/game")
    assert paths.config_dir() == Path("~nosuchuser-of-this-machine/game/config")
    assert load_settings() == (Settings(), [])


# -- leftovers of interrupted writes (item 10) -------------------------------------------------


def test_stray_temporary_files_are_removed_at_start() -> None:
    data = paths.data_dir()
    data.mkdir(parents=True)
    old = time.time() - STRAY_AGE_S - 5
    stray = [data / ".current_match.json.k2j4h1.tmp", data / ".statistics.json.x9x9.tmp"]
    for path in stray:
        path.write_text("{", encoding="utf-8")
        os.utime(path, (old, old))
    fresh = data / ".current_match.json.now123.tmp"  # a write of this very moment
    fresh.write_text("{", encoding="utf-8")
    mine = data / "notes.tmp"  # not one of the game's
    mine.write_text("keep", encoding="utf-8")
    os.utime(mine, (old, old))
    paths.config_dir().mkdir(parents=True)
    config_stray = paths.config_dir() / ".settings.json.abc.tmp"
    config_stray.write_text("{", encoding="utf-8")
    os.utime(config_stray, (old, old))
    make_app()
    assert sorted(p.name for p in data.iterdir()) == [".current_match.json.now123.tmp", "notes.tmp"]
    assert not config_stray.exists()


# -- a folder that is a file (item 11) ----------------------------------------------------------


def test_a_folder_that_is_a_file_is_told_once(private_home: Path) -> None:
    (private_home / "config").write_text("not a folder", encoding="utf-8")
    (private_home / "data").write_text("not a folder", encoding="utf-8")
    h = make_app()
    h.frames(2)
    for _ in range(3):  # open Rules and come back: the main menu is read again each time
        h.press("down", "return", frames=2)
        h.press("escape", "up", frames=2)
    spoken = " ".join(h.spoken)
    assert spoken.count("is not a folder") == 2, h.spoken
    assert spoken.count("The folder for settings") == 1
    assert "could not be moved aside" not in spoken
    assert (private_home / "config").read_text() == "not a folder"


# -- an installed game finds what it ships (item 13) -------------------------------------------


def test_the_build_puts_the_shipped_folders_inside_the_package(tmp_path: Path) -> None:
    built = tmp_path / "lib"
    subprocess.run(
        [sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(built)],
        cwd=REPOSITORY,
        check=True,
        capture_output=True,
    )
    data = built / "ninetynine_audio" / "_data"
    for name, parts in SHIPPED_FOLDERS.items():
        folder = REPOSITORY.joinpath(*parts)
        source = sorted(p.name for p in folder.iterdir() if p.is_file() or p.is_dir())
        shipped = sorted(p.name for p in (data / name).iterdir())
        assert shipped and set(shipped) <= set(source), name
        # The rules in other languages go folder for folder, every file of each.
        for sub in (data / name).iterdir():
            if sub.is_dir():
                assert sorted(p.name for p in sub.iterdir()) == sorted(
                    p.name for p in (folder / sub.name).glob("*.md")
                ), sub
    assert (data / "keymaps" / "default.toml").is_file()
    # Imported from the built tree, away from the repository, the game reads its own copies.
    probe = (
        "from ninetynine_audio.resources import shipped_dir;"
        "from ninetynine_audio.input.keymap import load_default_keymap;"
        "from ninetynine_audio.ui.reader import rules_paragraphs;"
        "load_default_keymap(); assert rules_paragraphs('classic');"
        "print(shipped_dir('sounds'))"
    )
    found = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(built)},
        check=True,
        capture_output=True,
        text=True,
    )
    assert Path(found.stdout.strip()) == data / "sounds"


def test_the_source_tree_finds_the_top_level_folders() -> None:
    for name, parts in SHIPPED_FOLDERS.items():
        assert shipped_dir(name) == REPOSITORY.joinpath(*parts)


def test_the_saved_match_survives_a_damaged_neighbour() -> None:
    assert save_match(saved_record()) is None
    statistics_file().write_text(NESTED, encoding="utf-8")
    paths.settings_file().parent.mkdir(parents=True)
    paths.settings_file().write_text(NESTED, encoding="utf-8")
    make_app()
    match, problem = load_match(resume)
    assert problem is None and match is not None
    assert match[0].setup.kinds[0] == HUMAN


@pytest.mark.parametrize(
    "damage", [b"\xff\xfe\x00rules", "fifo", "folder"], ids=["binary", "fifo", "folder"]
)
def test_a_damaged_rules_file_is_told_as_missing(
    damage: bytes | str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ninetynine_audio.ui import reader

    path = tmp_path / "classic.md"
    if damage == "fifo":
        os.mkfifo(path)
    elif damage == "folder":
        path.mkdir()
    else:
        assert isinstance(damage, bytes)
        path.write_bytes(damage)
    monkeypatch.setattr(reader, "RULES_DIR", tmp_path)
    h = make_app()
    h.press("down", "return", "return", frames=2)  # Rules, Classic
    assert h.app.running
    assert h.spoken[-1] == "No rules are written for Classic yet", h.spoken
