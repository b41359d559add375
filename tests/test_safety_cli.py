"""Every command answers bad input with one clear line and a non-zero exit, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ninetynine_audio.cli import main

REPOSITORY = Path(__file__).resolve().parents[1]
REFEREE_PATH = REPOSITORY / "tools" / "referee.py"


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NINETYNINE_AUDIO_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def one_clear_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    assert len(lines) == 1, text
    assert "Traceback" not in text
    return lines[0]


def bad_logs(folder: Path) -> dict[str, Path]:
    logs = {
        "missing": folder / "nothing-here.jsonl",
        "folder": folder,
        "binary": folder / "binary.jsonl",
        "list": folder / "list.jsonl",
        "nested": folder / "nested.jsonl",
        "number-player": folder / "number-player.jsonl",
    }
    logs["binary"].write_bytes(bytes(range(256)) * 4)
    logs["list"].write_text("[1, 2, 3]\n", encoding="utf-8")
    logs["nested"].write_text("[" * 100_000 + "\n", encoding="utf-8")
    start = {
        "event": "game_started",
        "game": "classic",
        "seed": 1,
        "players": ["You", "Lily"],
        "kinds": ["easy", "easy"],
    }
    play = {"event": "card_played", "player": [1], "card": 7}
    logs["number-player"].write_text(
        json.dumps(start) + "\n" + json.dumps(play) + "\n", encoding="utf-8"
    )
    return logs


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("missing", "cannot read"),
        ("folder", "cannot read"),
        ("binary", "not an event log"),
        ("list", "not a JSON object"),
        ("nested", "not JSON"),
    ],
)
def test_replay_of_a_file_that_is_no_log_is_one_line(
    name: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = bad_logs(tmp_path)[name]
    assert main(["replay", str(log)]) != 0
    out, err = capsys.readouterr()
    assert out == ""
    assert said in one_clear_line(err)


def test_replay_of_a_log_with_values_of_the_wrong_kind_reports_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = bad_logs(tmp_path)["number-player"]
    assert main(["replay", str(log)]) == 1
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert "1 games replayed, 0 the same, 1 differ" in out


@pytest.mark.parametrize("name", ["missing", "folder", "binary", "list", "nested", "number-player"])
def test_referee_answers_every_bad_log_without_a_traceback(name: str, tmp_path: Path) -> None:
    log = bad_logs(tmp_path)[name]
    done = subprocess.run(
        [sys.executable, str(REFEREE_PATH), str(log)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "Traceback" not in done.stdout + done.stderr
    if name in ("missing", "folder", "binary"):
        assert done.returncode == 2 and done.stdout == ""
        one_clear_line(done.stderr)
