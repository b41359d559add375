"""Atomic JSON writes, and damaged files set aside as *.broken with a sentence to speak."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from ninetynine_audio.store.jsonfile import broken_path_for, read_json, write_json_atomic


def test_write_then_read_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "folder" / "stats.json"
    data = {"name": "Zoë", "wins": [1, 2, 3], "ratio": 0.5, "ok": True, "none": None}
    write_json_atomic(path, data)
    assert read_json(path) == (data, None)
    assert json.loads(path.read_text(encoding="utf-8")) == data
    assert [p.name for p in path.parent.iterdir()] == ["stats.json"]  # no temp file left


def test_write_replaces_in_one_step(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "settings.json"
    write_json_atomic(path, {"v": 1})
    calls: list[tuple[str, str]] = []
    real_replace = os.replace

    def spy(src: str, dst: Path) -> None:
        # At the moment of the swap the new data is complete in a sibling file and the old
        # file is still whole.
        assert Path(src).parent == tmp_path
        assert json.loads(Path(src).read_text(encoding="utf-8")) == {"v": 2}
        assert json.loads(path.read_text(encoding="utf-8")) == {"v": 1}
        calls.append((src, str(dst)))
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    write_json_atomic(path, {"v": 2})
    assert len(calls) == 1 and calls[0][1] == str(path)
    assert read_json(path) == ({"v": 2}, None)


def test_failed_write_keeps_the_old_file_and_no_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "settings.json"
    write_json_atomic(path, {"v": 1})

    def fail(src: str, dst: Path) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError):
        write_json_atomic(path, {"v": 2})
    assert read_json(path) == ({"v": 1}, None)
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


@pytest.mark.parametrize("bad", [{"x": float("nan")}, {"x": object()}], ids=["nan", "object"])
def test_data_that_is_not_json_is_refused_before_touching_the_file(
    tmp_path: Path, bad: object
) -> None:
    path = tmp_path / "settings.json"
    write_json_atomic(path, {"v": 1})
    with pytest.raises((TypeError, ValueError)):
        write_json_atomic(path, bad)
    assert read_json(path) == ({"v": 1}, None)
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_missing_file_is_not_a_problem(tmp_path: Path) -> None:
    assert read_json(tmp_path / "nothing.json") == (None, None)


DAMAGED = {
    "not json": (b"hello", "was damaged"),
    "truncated": (b'{"tts_rate": 200, "verbos', "was damaged"),
    "empty": (b"", "was damaged"),
    "not utf-8": (b'{"a": "\xff\xfe"}', "was damaged"),
    "nan": (b'{"a": NaN}', "was damaged"),
    "wrong type": (b"[1, 2, 3]", "did not hold what the game expected"),
    "a bare number": (b"42", "did not hold what the game expected"),
}


@pytest.mark.parametrize(("content", "reason"), DAMAGED.values(), ids=DAMAGED.keys())
def test_damaged_file_is_set_aside_with_a_sentence(
    tmp_path: Path, content: bytes, reason: str
) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    data, problem = read_json(path)
    assert data is None
    assert problem == f"The file settings.json {reason}, so it was kept as settings.json.broken."
    assert not path.exists()
    assert (tmp_path / "settings.json.broken").read_bytes() == content


def test_older_broken_files_are_kept_by_numbering(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    for attempt in range(3):
        path.write_text(f"broken {attempt}", encoding="utf-8")
        _, problem = read_json(path)
        assert problem is not None
    assert (tmp_path / "settings.json.broken").read_text(encoding="utf-8") == "broken 0"
    assert (tmp_path / "settings.json.2.broken").read_text(encoding="utf-8") == "broken 1"
    assert (tmp_path / "settings.json.3.broken").read_text(encoding="utf-8") == "broken 2"
    assert "settings.json.3.broken" in (problem or "")
    assert broken_path_for(path).name == "settings.json.4.broken"


def test_expected_type_can_be_a_list(tmp_path: Path) -> None:
    path = tmp_path / "history.json"
    write_json_atomic(path, [1, 2])
    assert read_json(path, list) == ([1, 2], None)
    _, problem = read_json(path, dict)
    assert problem is not None and (tmp_path / "history.json.broken").exists()


def test_unreadable_file_is_set_aside(tmp_path: Path) -> None:
    # A folder where the file should be cannot be read as a file on any system.
    path = tmp_path / "settings.json"
    path.mkdir()
    data, problem = read_json(path)
    assert data is None
    assert problem == (
        "The file settings.json was not a file, so it was kept as settings.json.broken."
    )
    assert (tmp_path / "settings.json.broken").is_dir()
