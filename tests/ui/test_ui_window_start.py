"""The window's first line, said before the game loads (``ui.start.open_window_early``): the
very line the game's own start says, in every language and verbosity, said once; and the early
start left to the usual one whenever the first words could be others."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from ninetynine_audio import firstline
from ninetynine_audio.audio import RecorderBackend
from ninetynine_audio.i18n import ENGLISH, LANGUAGES, set_language
from ninetynine_audio.store.locks import running_lock
from ninetynine_audio.ui.start import build_app, build_speech

pytestmark = pytest.mark.usefixtures("private_home")


@pytest.fixture(autouse=True)
def _a_display(monkeypatch: pytest.MonkeyPatch) -> object:
    # As far as firstline can tell, a window could be seen: the early start is asked for.
    monkeypatch.setenv("DISPLAY", ":98")
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    yield
    set_language(ENGLISH)


def write_settings(home: Path, settings: dict[str, object]) -> None:
    (home / "config").mkdir(parents=True, exist_ok=True)
    (home / "config" / "settings.json").write_text(json.dumps(settings), encoding="utf-8")


def usual_start(language: str | None) -> tuple[list[str], list[str]]:
    """What the game's usual start says (all of it, in order) and shows in the window."""
    recorder = RecorderBackend()
    args = argparse.Namespace(
        text=False, speech=None, language=language, bot_pause=0, log_events=None
    )
    app, notices = build_app(args, 1, backend=recorder)
    try:
        app.start(None, notices)
        app.tick()
        return recorder.spoken, list(app.messages)
    finally:
        app.close()


def early_start(arguments: list[str]) -> tuple[str, list[str], list[str]]:
    """The early start's line, then what it and the app after it say and show."""
    opening = firstline.window_opening(arguments)
    assert opening is not None
    start, title, menu = opening
    recorder = RecorderBackend()
    speech = build_speech(start, backend=recorder)
    said = speech.opening(title, menu)
    speech.voice.say(said)
    args = argparse.Namespace(
        text=False, speech=None, language=start.language or None, bot_pause=0, log_events=None
    )
    app, notices = build_app(args, 1, speech=speech)
    try:
        app.start(None, notices, said=said)
        app.tick()
        return said, recorder.spoken, list(app.messages)
    finally:
        app.close()


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
