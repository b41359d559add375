"""Every command answers bad input with one clear line and a non-zero exit, never a traceback."""

from __future__ import annotations

import errno
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from ninetynine_audio.cli import main

REPOSITORY = Path(__file__).resolve().parents[2]
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


# -- item 5: --log-events where no log can be written ------------------------------------------


def unwritable_logs(folder: Path) -> dict[str, Path]:
    return {
        "folder": folder,
        "missing-folder": folder / "no" / "such" / "folder" / "games.jsonl",
        "read-only": folder / "read-only" / "games.jsonl",
    }


def refuse_writes_under(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening a file below ``folder`` fails as on a read-only file system (also for root)."""
    real_open = Path.open

    def read_only_open(self: Path, mode: str = "r", *args: object, **kwargs: object) -> object:
        if self.is_relative_to(folder) and any(c in mode for c in "wax+"):
            raise OSError(errno.EROFS, "Read-only file system")
        return real_open(self, mode, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(Path, "open", read_only_open)


@pytest.mark.parametrize("where", ["folder", "missing-folder", "read-only"])
@pytest.mark.parametrize("command", ["play", "simulate"])
def test_an_event_log_that_cannot_be_written_is_one_line_before_anything_starts(
    where: str,
    command: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    refuse_writes_under(tmp_path / "read-only", monkeypatch)
    log = unwritable_logs(tmp_path)[where]
    if command == "play":
        arguments = ["--text", "--game", "classic", "--log-events", str(log)]
    else:
        arguments = ["simulate", "--games", "3", "--log-events", str(log)]
    assert main(arguments) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert one_clear_line(err).startswith("ninetynine-audio: cannot write the event log")


def test_an_event_log_that_fails_mid_game_is_said_once_and_play_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from ninetynine_audio.ui.harness import make_app

    class FullDisk(io.StringIO):
        def write(self, text: str) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

    h = make_app()
    h.app.event_log = FullDisk()
    h.press("return", "return", "return", "return", "return", frames=3)  # start a classic game
    h.frames(20)
    said = [line for line in h.spoken if "event log could not be written" in line]
    assert said == [
        "The event log could not be written (No space left on device); the game goes on without it."
    ]
    assert h.app.running and h.app.event_log is None


# -- item 7: simulate does not empty a log it was not told to replace --------------------------


def test_simulate_refuses_to_overwrite_a_log_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "games.jsonl"
    log.write_text('{"event": "game_started"}\n', encoding="utf-8")
    before = log.read_bytes()
    assert main(["simulate", "--games", "0", "--log-events", str(log)]) == 2
    assert "exists already; add --force" in one_clear_line(capsys.readouterr().err)
    assert log.read_bytes() == before
    assert main(["simulate", "--games", "2", "--quiet", "--force", "--log-events", str(log)]) == 0
    assert log.read_bytes() != before and log.read_text().count("game_started") == 2


# -- item 8: numbers out of range ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["--bot-pause", "99999999999"], "--bot-pause must be from 0 to 3000 milliseconds"),
        (["--bot-pause", "-1"], "--bot-pause must be from 0 to 3000 milliseconds"),
        (["--seed", "-1"], "--seed must be from 0 to"),
        (["--seed", str(2**64)], "--seed must be from 0 to"),
        (["--game", "classic", "--lives", "0"], "lives"),
        (["--game", "classic", "--lives", "1000000000"], "lives"),
        (["--game", "classic", "--hand-size", "6"], "hand size"),
        (["--game", "classic", "--hand-size", "-3"], "hand size"),
        (["simulate", "--games", "-3"], "--games must be from 0"),
        (["simulate", "--seed", "-5", "--games", "1"], "--seed must be from 0 to"),
        (["simulate", "--lives", "99", "--games", "1"], "lives"),
    ],
)
def test_numbers_out_of_range_are_one_line_before_a_word_is_said(
    arguments: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    if arguments[0] != "simulate":
        arguments = ["--text", *arguments]
    assert main(arguments) == 2
    out, err = capsys.readouterr()
    assert out == ""  # nothing spoken: the game did not start
    assert said in one_clear_line(err)


def test_a_name_too_long_to_speak_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--text", "--players", "A" * 41 + ":human,normal"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "at most 40 characters" in one_clear_line(err)
