"""A saved match survives every way of starting, stopping and leaving the game.

Through the real loop (posted keys, recorded speech) and as a player starts it (text mode and
the window in a subprocess): a game named on the command line, Yes then going back, Escape on
the main menu, Ctrl+C and SIGTERM, no display, and names kept as they were written.
"""

from __future__ import annotations

import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.text_game import DEADLINE_S, env_for, text_game
from helpers.xvfb import read_lines, wait_for, xvfb_display

from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.saved import resume, start_match, to_record
from ninetynine_audio.store.saves import load_match, match_file, save_match
from ninetynine_audio.ui.harness import make_app
from ninetynine_audio.ui.match import MatchScreen

__all__ = ["xvfb_display"]  # the fixture, used below

KINDS = ("human", "normal", "normal")


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NINETYNINE_AUDIO_HOME", str(tmp_path))
    return tmp_path


def saved_game() -> str | None:
    """The game of the saved match (None when there is none)."""
    record, problem = load_match()
    assert problem is None
    return None if record is None else str(record["summary"]["game"])


def a_saved_match() -> bytes:
    """A tactical match saved as if left after its start; the file's bytes."""
    setup = GameSetup("tactical", ("You", "Lily", "Max"), KINDS, {}, 7)
    saved, _, _ = start_match(setup)
    assert save_match(to_record(saved)) is None
    return match_file().read_bytes()


# -- item 1: a game named on the command line ------------------------------------------------


def test_a_command_line_game_asks_before_replacing_the_saved_match_in_the_window() -> None:
    saved = a_saved_match()
    h = make_app(GameSetup("arcade", ("You", "Lily", "Max", "Zoe"), ("human",) + ("easy",) * 3))
    h.frames(2)
    assert h.spoken[:2] == [
        "Ninety-Nine",
        "A saved match will be lost. Start a new game? No, 2 of 2",
    ]
    assert match_file().read_bytes() == saved
    h.press("return", frames=2)  # No
    assert h.spoken[-1].startswith("Main menu. Continue: Tactical")
    assert h.table is None and match_file().read_bytes() == saved


def test_yes_to_the_command_line_game_starts_it_and_only_then_drops_the_save() -> None:
    a_saved_match()
    h = make_app(GameSetup("arcade", ("You", "Lily", "Max", "Zoe"), ("human",) + ("easy",) * 3))
    h.frames(2)
    h.press("up", "return", frames=2)  # Yes
    assert isinstance(h.table, MatchScreen) and h.table.setup.game == "arcade"
    assert saved_game() in (None, "arcade")


def test_a_scripted_command_line_game_never_destroys_the_saved_match(private_home: Path) -> None:
    saved = a_saved_match()
    done = text_game(private_home, ["--game", "arcade"], "")  # as with </dev/null
    assert done.returncode == 0, done.stderr
    assert "A saved match will be lost. Start a new game? No, 2 of 2" in done.stdout
    assert match_file().read_bytes() == saved


# -- item 2: Yes, then going back --------------------------------------------------------------


def test_yes_then_going_back_keeps_the_saved_match(private_home: Path) -> None:
    saved = a_saved_match()
    done = text_game(private_home, [], "down\n\ndown\n\nescape\n")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "Yes, 1 of 2" in lines and any(line.startswith("Choose a game") for line in lines)
    assert any(line.startswith("Main menu. Play, 2 of 10") for line in lines), lines
    assert match_file().read_bytes() == saved


def test_the_saved_match_goes_only_when_the_new_game_starts() -> None:
    saved = a_saved_match()
    h = make_app()
    h.frames(1)
    h.press("down", "return", "up", "return", frames=2)  # Play, Yes
    assert match_file().read_bytes() == saved
    h.press("return", "return", "return", frames=2)  # Classic, 4 players, Normal
    assert match_file().read_bytes() == saved  # still choosing options
    h.press("return", frames=2)  # Start the game
    assert isinstance(h.table, MatchScreen)
    assert saved_game() in (None, "classic")


# -- item 12: Escape on the main menu ----------------------------------------------------------


def test_escape_on_the_main_menu_asks_first_with_no_chosen() -> None:
    h = make_app()
    h.frames(1)
    h.new_speech()
    h.press("escape")
    assert h.new_speech() == ["Quit the game? No, 2 of 2"]
    h.press("return")
    assert h.app.running
    assert h.new_speech() == ["Main menu. Play, 1 of 9"]
    h.press("escape", "up", "return")
    assert not h.app.running
    assert h.new_speech()[-1] == "Goodbye"


# -- item 8: names as the player wrote them --------------------------------------------------


def test_names_keep_the_players_own_spelling(private_home: Path) -> None:
    done = text_game(
        private_home,
        [
            "--players",
            "You:human,DJ:normal,McCoy:normal,Ann-Marie:normal",
            "--seed",
            "1",
            "--bot-pause",
            "0",
        ],
        "l\n",
    )
    assert done.returncode == 0, done.stderr
    lives = [line for line in done.stdout.splitlines() if line.startswith("Lives:")]
    assert lives == ["Lives: You 5, DJ 5, McCoy 5, Ann-Marie 5"], done.stdout


@pytest.mark.parametrize("name", ["E\x1b[2Jvil", "Bell\x07", "Nul\x00", "Rev\u202eerse"])
def test_control_characters_in_names_are_refused_before_anything_is_said(
    name: str, private_home: Path
) -> None:
    if "\x00" in name:  # no process can be given a NUL in its arguments; check the parser
        from ninetynine_audio.games.errors import SetupError
        from ninetynine_audio.games.setup import parse_players

        with pytest.raises(SetupError, match="control characters"):
            parse_players("classic", f"{name}:human,normal", ("human", "normal"))
        return
    done = text_game(private_home, ["--players", f"{name}:human,normal"], "")
    assert done.returncode == 2
    assert done.stdout == ""
    assert "control characters" in done.stderr and len(done.stderr.splitlines()) == 1
    assert "\x1b" not in done.stderr and "\x07" not in done.stderr


# -- item 6: Ctrl+C and SIGTERM --------------------------------------------------------------


@pytest.fixture
def game_process(private_home: Path) -> Iterator[list[subprocess.Popen[str]]]:
    started: list[subprocess.Popen[str]] = []
    yield started
    for process in started:
        if process.poll() is None:
            process.kill()
            process.wait()


GAME = ["--game", "classic", "--players", "You:human,Lily:easy", "--seed", "4", "--bot-pause", "0"]


@pytest.mark.parametrize(
    ("signum", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)], ids=["ctrl-c", "term"]
)
@pytest.mark.parametrize("face", ["text", "window"])
def test_a_stop_signal_ends_the_game_cleanly_with_the_match_saved(
    signum: int,
    status: int,
    face: str,
    private_home: Path,
    game_process: list[subprocess.Popen[str]],
    request: pytest.FixtureRequest,
) -> None:
    if face == "text":
        command = ["--text", *GAME]
        env = env_for(private_home)
    else:
        display = request.getfixturevalue("xvfb_display")
        command = ["--speech", "text", *GAME]
        env = env_for(private_home, DISPLAY=display, SDL_VIDEODRIVER="x11")
    game = subprocess.Popen(
        [sys.executable, "-m", "ninetynine_audio", *command],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    game_process.append(game)
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=read_lines, args=(game.stdout, lines), daemon=True).start()
    seen: list[str] = []
    wait_for(lines, seen, DEADLINE_S, "Your turn", prefix=True)
    if face == "text":
        assert game.stdin is not None
        game.stdin.write("1\n")  # one turn, so that there is a match to keep
        game.stdin.flush()
        wait_for(lines, seen, DEADLINE_S, "Your turn", 2, prefix=True)
        for _ in range(100):
            if match_file().exists():
                break
            time.sleep(0.05)
    game.send_signal(signum)
    assert game.wait(timeout=DEADLINE_S) == status
    assert game.stderr is not None
    errors = game.stderr.read()
    assert "Traceback" not in errors and "KeyboardInterrupt" not in errors, errors
    if face == "text":
        match, problem = load_match(resume)
        assert problem is None and match is not None
        assert match[0].setup.names == ("You", "Lily")


# -- item 9: no display ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "changes",
    [
        {"SDL_VIDEODRIVER": "offscreen"},
        {"SDL_VIDEODRIVER": "", "DISPLAY": "", "WAYLAND_DISPLAY": ""},
    ],
    ids=["offscreen", "no-display"],
)
def test_without_a_display_the_game_says_so_and_plays_in_the_terminal(
    changes: dict[str, str], private_home: Path
) -> None:
    env = env_for(private_home, **changes)
    for name, value in changes.items():
        if not value:
            env.pop(name, None)
    done = subprocess.run(
        [sys.executable, "-m", "ninetynine_audio", "--speech", "text"],
        input="down\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=DEADLINE_S,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Ninety-Nine. Main menu. Play, 1 of 9"
    assert any(line.startswith("No window can be shown here") for line in lines), lines
    assert "Rules, 2 of 9" in lines
    assert lines[-1] == "Goodbye"
