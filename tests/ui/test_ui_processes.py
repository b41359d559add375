"""The game as a player starts it: text mode in a subprocess, and the real window under Xvfb.

Both play the same stacked two-player classic game to its end: You play the King (99), Lily
passes with a 9, your 7 is refused, your 9 passes, and Lily, holding 5, 6 and 3, is stuck.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from helpers.xvfb import window_game, xvfb_display

from ninetynine_audio.games.registry import game_ids
from ninetynine_audio.present.screens import game_title

__all__ = ["xvfb_display"]  # the fixture, used below

GAME = [
    "--game",
    "classic",
    "--players",
    "You:human,Lily:normal",
    "--deck",
    "KS 9H 7C 5D 9C 6D 2S 3S",
    "--lives",
    "1",
    "--bot-pause",
    "0",
    "--seed",
    "1",
]
EXPECTED = [
    "Round 1. You start. Your cards: King, 7 and 9",
    "You play King, total 99",
    "Lily plays 9, total 99",
    "7 would take the total to 106",
    "You play 9, total 99",
    "Lily is stuck at 99 with 5, 6 and 3",
    "Lily loses a life, no lives left",
    "You win the game. Places: 1st You, 2nd Lily",
    "Main menu. Play, 1 of 9",
    "Goodbye",
]
DEADLINE_S = 60  # only a guard against a hung process; the game itself takes well under a second


def _env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        NINETYNINE_AUDIO_HOME=str(home),
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    return env


def test_text_mode_plays_a_game_to_its_end_from_stdin(tmp_path: Path) -> None:
    keys = "\n".join(["1", "1", "2", "escape"]) + "\n"  # then the end of input quits
    done = subprocess.run(
        [sys.executable, "-m", "ninetynine_audio", "--text", *GAME],
        input=keys,
        capture_output=True,
        text=True,
        env=_env(tmp_path),
        timeout=DEADLINE_S,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Ninety-Nine"
    positions = [lines.index(line) for line in EXPECTED]
    assert positions == sorted(positions), lines


def test_text_mode_menus_reach_every_game(tmp_path: Path) -> None:
    # Down through the games, each read with its position; Escape backs out, the end quits.
    games = game_ids()
    keys = "return\n" + "down\n" * (len(games) - 1) + "escape\nescape\n"
    done = subprocess.run(
        [sys.executable, "-m", "ninetynine_audio", "--text", "--seed", "3"],
        input=keys,
        capture_output=True,
        text=True,
        env=_env(tmp_path),
        timeout=DEADLINE_S,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Ninety-Nine. Main menu. Play, 1 of 9"
    assert lines[1].startswith("Choose a game. Classic")
    count = len(games)
    for place, game in enumerate(games, start=1):
        line = lines[place].removeprefix("Choose a game. ")
        assert line.startswith(game_title(game)) and line.endswith(f"{place} of {count}"), line
    read = [line.split(":")[0] for line in lines[2 : count + 1]]
    assert [title for title in read if title in ("Arcade", "Tactical", "Colours", "Tricks")] == [
        "Arcade",
        "Tactical",
        "Colours",
        "Tricks",
    ]
    assert lines[count + 1] == "Main menu. Play, 1 of 9"
    assert lines[-1] == "Goodbye"


def test_the_real_window_is_played_with_real_key_presses(tmp_path: Path, xvfb_display: str) -> None:
    assert shutil.which("xdotool"), "xdotool is needed (apt-get install xdotool)"
    env = _env(tmp_path)
    env.update(DISPLAY=xvfb_display, SDL_VIDEODRIVER="x11")
    with window_game(GAME, env, DEADLINE_S) as game:
        game.wait_for("Your turn, total 0")
        game.key("1", "Lily plays 9, total 99")
        game.key("1", "7 would take the total to 106")
        game.key("Right", "9, stays 99")
        game.key("Return", "You win the game. Places: 1st You, 2nd Lily")
        game.key("Escape", "Main menu. Play, 1 of 9")
        game.key("Escape", "Quit the game? No, 2 of 2")
        game.key("Up", "Yes, 1 of 2")
        game.key("Return", "Goodbye")
        assert game.ended() == 0
    seen = game.seen
    positions = [seen.index(line) for line in EXPECTED]
    assert positions == sorted(positions), seen
