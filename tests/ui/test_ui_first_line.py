"""Text mode's first line, written before the game loads (``firstline.py``): the very line the
game's own start says, in every language and verbosity; heard once; and nothing written where
the first line could be another."""

from __future__ import annotations

import argparse
import gettext
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.text_game import env_for

from ninetynine_audio import firstline
from ninetynine_audio.i18n import DOMAIN, ENGLISH, LANGUAGES, catalogue_dir, set_language
from ninetynine_audio.store import paths
from ninetynine_audio.store.locks import running_lock
from ninetynine_audio.ui.start import build_app

pytestmark = pytest.mark.usefixtures("private_home")


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    set_language(ENGLISH)


def write_settings(home: Path, settings: dict[str, object]) -> None:
    (home / "config").mkdir(parents=True, exist_ok=True)
    (home / "config" / "settings.json").write_text(json.dumps(settings), encoding="utf-8")


def game_first_line(language: str | None) -> str:
    """The first line the game itself says in text mode (its whole start, in this process)."""
    out = io.StringIO()
    args = argparse.Namespace(
        text=True, speech=None, language=language, bot_pause=0, log_events=None
    )
    app, notices = build_app(args, 1, stream=out)
    try:
        app.start(None, notices)
        app.tick()
    finally:
        app.close()
    return out.getvalue().splitlines()[0]


@pytest.mark.parametrize("verbosity", ["normal", "brief", " Full "])
@pytest.mark.parametrize("code", [entry.code for entry in LANGUAGES])
def test_the_first_line_is_the_one_the_game_says(
    private_home: Path, code: str, verbosity: str
) -> None:
    write_settings(private_home, {"verbosity": verbosity, "sound_enabled": False})
    line = firstline.first_line(["--text", "--language", code])
    assert line is not None
    assert line == game_first_line(code)


@pytest.mark.parametrize("code", ["ru", "pt_BR"])
def test_the_language_comes_from_the_settings_then_from_the_system(
    private_home: Path, monkeypatch: pytest.MonkeyPatch, code: str
) -> None:
    monkeypatch.setenv("LANGUAGE", "de_AT")
    write_settings(private_home, {"language": code})
    assert firstline.first_line(["--text"]) == game_first_line(None)
    assert firstline.first_line(["--text"]) == firstline.first_line(["--text", "--language", code])
    # A language the game does not know is reset to none: the system's is said.
    write_settings(private_home, {"language": "tlh"})
    german = firstline.first_line(["--text"])
    assert german == game_first_line(None)
    assert german is not None and german.startswith("Neunundneunzig")


def test_the_catalogue_is_read_as_gettext_reads_it() -> None:
    for entry in LANGUAGES:
        path = catalogue_dir() / entry.code / "LC_MESSAGES" / f"{DOMAIN}.mo"
        if not path.exists():
            assert entry.code == ENGLISH
            continue
        with path.open("rb") as handle:
            catalogue = gettext.GNUTranslations(handle)
        keys = [key for key in catalogue._catalog if isinstance(key, str) and key][::7]  # type: ignore[attr-defined]
        messages = [*keys, *firstline.MESSAGES, "not a message of the game"]
        found = firstline.translated(str(path), messages)
        assert found == {message: catalogue.gettext(message) for message in messages}


@pytest.mark.parametrize(
    "arguments",
    [
        ["--text", "--game", "classic"],
        ["--text", "--speech", "screenreader"],
        ["--text", "--language", "qps"],
        ["--text", "--language"],
        ["--text", "--server", "ws://127.0.0.1:1"],
        ["simulate", "--text"],
        ["--help"],
    ],
)
def test_nothing_is_written_for_another_start(arguments: list[str]) -> None:
    assert firstline.first_line(arguments) is None


def test_nothing_is_written_for_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    assert firstline.first_line([]) is None
    assert firstline.first_line(["--speech", "text"]) is None
    assert firstline.first_line(["--text", "--speech=text"]) is not None


def test_nothing_is_written_when_the_game_would_say_something_else(private_home: Path) -> None:
    assert firstline.first_line(["--text"]) is not None
    assert firstline.first_line(["--text"], encoding="ascii") is None
    # Another copy plays on this home: it says so instead.
    lock = running_lock()
    assert lock.acquire()
    try:
        assert firstline.first_line(["--text"]) is None
    finally:
        lock.release()
    assert firstline.first_line(["--text"]) is not None
    # A damaged settings file: the game sets it aside and says so.
    (private_home / "config").mkdir()
    (private_home / "config" / "settings.json").write_text("{nope", encoding="utf-8")
    assert firstline.first_line(["--text"]) is None
    (private_home / "config" / "settings.json").write_text("{}", encoding="utf-8")
    # A saved match: Continue comes first.
    (private_home / "data" / paths.MATCH_FILE_NAME).write_text("{}", encoding="utf-8")
    assert firstline.first_line(["--text"]) is None


def transcript(home: Path, program: list[str], code: str) -> str:
    done = subprocess.run(
        [sys.executable, *program, "--text", "--language", code],
        input="\n",  # Enter on Play opens the game menu; then the input ends and the game quits
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env_for(home, LANGUAGE="en"),
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("code", ["en", "ru"])
def test_the_player_hears_the_first_line_once_and_then_the_same_game(
    private_home: Path, code: str
) -> None:
    write_settings(private_home, {"sound_enabled": False})
    started = transcript(private_home, ["-m", "ninetynine_audio"], code)
    # The same start without the early line: the command line's own entry, as before.
    before = transcript(
        private_home,
        ["-c", "import sys; from ninetynine_audio.cli import main; sys.exit(main(sys.argv[1:]))"],
        code,
    )
    lines = started.splitlines()
    assert lines[0] == firstline.first_line(["--text", "--language", code])
    assert lines.count(lines[0]) == 1
    assert started == before
