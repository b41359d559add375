"""The window's first line, said before the game loads (``ui.start.open_window_early``): the
very line the game's own start says, in every language and verbosity, said once; and the early
start left to the usual one whenever the first words could be others."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from helpers.starts import started_and_closed, write_settings
from helpers.xvfb import window_game, xvfb_display

from ninetynine_audio import firstline
from ninetynine_audio.audio import RecorderBackend
from ninetynine_audio.i18n import ENGLISH, LANGUAGES, set_language
from ninetynine_audio.store.locks import running_lock
from ninetynine_audio.ui.start import build_speech

pytestmark = pytest.mark.usefixtures("private_home")

__all__ = ["xvfb_display"]  # the fixture, used below

DEADLINE_S = 60  # only a guard against a hung process


@pytest.fixture(autouse=True)
def _a_display(monkeypatch: pytest.MonkeyPatch) -> object:
    # As far as firstline can tell, a window could be seen: the early start is asked for.
    monkeypatch.setenv("DISPLAY", ":98")
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    yield
    set_language(ENGLISH)


def usual_start(language: str | None) -> tuple[list[str], list[str]]:
    """What the game's usual start says (all of it, in order) and shows in the window."""
    recorder = RecorderBackend()
    app = started_and_closed(language, text=False, backend=recorder)
    return recorder.spoken, list(app.messages)


def early_start(arguments: list[str]) -> tuple[str, list[str], list[str]]:
    """The early start's line, then what it and the app after it say and show."""
    opening = firstline.window_opening(arguments)
    assert opening is not None
    start, title, menu = opening
    recorder = RecorderBackend()
    speech = build_speech(start, backend=recorder)
    said = speech.opening(title, menu)
    speech.voice.say(said)
    app = started_and_closed(start.language or None, text=False, said=said, speech=speech)
    return said, recorder.spoken, list(app.messages)


@pytest.mark.parametrize("verbosity", ["normal", "brief", " Full "])
@pytest.mark.parametrize("code", [entry.code for entry in LANGUAGES])
def test_the_early_line_is_the_one_the_game_says_and_is_said_once(
    private_home: Path, code: str, verbosity: str
) -> None:
    write_settings(private_home, {"verbosity": verbosity, "sound_enabled": False})
    spoken, shown = usual_start(code)
    said, early_spoken, early_shown = early_start(["--language", code])
    assert said == spoken[0]
    assert early_spoken == spoken
    assert early_shown == shown


def test_settings_problems_are_said_after_the_early_line(private_home: Path) -> None:
    write_settings(private_home, {"verbosity": "loud", "sound_volume": 500})
    spoken, _ = usual_start(None)
    assert len(spoken) > 1  # the settings reset are told
    said, early_spoken, _ = early_start([])
    assert early_spoken == spoken
    assert early_spoken[0] == said


@pytest.mark.parametrize(
    "arguments",
    [
        ["--text"],
        ["--speech", "text", "--seed", "1"],
        ["--game", "classic"],
        ["--language", "tlh"],
        ["--language"],
        ["serve"],
        ["--bot-pause", "0"],
    ],
)
def test_only_a_plain_start_opens_early(arguments: list[str]) -> None:
    assert firstline.window_opening(arguments) is None


def test_no_early_start_without_a_display(monkeypatch: pytest.MonkeyPatch) -> None:
    assert firstline.window_opening(["--speech", "text"]) is not None
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert firstline.window_opening(["--speech", "text"]) is None


def test_no_early_start_with_a_saved_match_or_another_copy(private_home: Path) -> None:
    assert firstline.window_opening([]) is not None
    lock = running_lock()
    assert lock.acquire()
    try:
        assert firstline.window_opening([]) is None  # another copy is playing on this home
    finally:
        lock.release()
    (private_home / "data").mkdir(exist_ok=True)
    (private_home / "data" / "current_match.json").write_text("{}", encoding="utf-8")
    assert firstline.window_opening([]) is None  # its Continue is the game's to word


# The main menu walked and the game quit, each key with the words that answer it.
KEYS = [
    ("Down", "Rules, 2 of 9"),
    ("Down", "Keys, 3 of 9"),
    ("Return", "Keys. Menus, heading"),
    ("Escape", "Main menu. Keys, 3 of 9"),
    ("Escape", "Quit the game? No, 2 of 2"),
    ("Up", "Yes, 1 of 2"),
    ("Return", "Goodbye"),
]


def played_in_the_window(home: Path, display: str, options: list[str]) -> list[str]:
    """Everything the real window says (in text) from its start, through :data:`KEYS`
    pressed as a player presses them, to its end."""
    env = dict(os.environ)
    env.update(
        NINETYNINE_AUDIO_HOME=str(home),
        SDL_AUDIODRIVER="dummy",
        SDL_VIDEODRIVER="x11",
        DISPLAY=display,
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    with window_game(options, env, DEADLINE_S) as game:
        game.wait_for("Ninety-Nine. Main menu. Play, 1 of 9")
        for key, answer in KEYS:
            game.key(key, answer)
        assert game.ended() == 0
    return game.seen


def test_the_window_started_early_says_what_the_usual_start_says(
    tmp_path: Path, xvfb_display: str
) -> None:
    assert shutil.which("xdotool"), "xdotool is needed (apt-get install xdotool)"
    early = played_in_the_window(tmp_path / "early", xvfb_display, [])
    # An option of the command line leaves the window to the usual start.
    usual = played_in_the_window(tmp_path / "usual", xvfb_display, ["--bot-pause", "0"])
    assert early == usual
    assert early[0] == "Ninety-Nine. Main menu. Play, 1 of 9"
    assert early.count(early[0]) == 1
    assert early[-1] == "Goodbye"
