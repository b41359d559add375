"""Text mode's first line, written before the game loads (``firstline.py``): the very line the
game's own start says, in every language and verbosity; heard once; and nothing written where
the first line could be another."""

from __future__ import annotations

import fcntl
import gettext
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.starts import started_and_closed, write_settings
from helpers.text_game import env_for

from ninetynine_audio import firstline
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.saved import start_match, to_record
from ninetynine_audio.i18n import DOMAIN, ENGLISH, LANGUAGES, catalogue_dir, set_language
from ninetynine_audio.store import filelocks, paths
from ninetynine_audio.store.locks import running_lock
from ninetynine_audio.store.saves import save_match
from ninetynine_audio.ui.textmode import WatchedOutput

pytestmark = pytest.mark.usefixtures("private_home")


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    set_language(ENGLISH)


def game_first_line(language: str | None) -> str:
    """The first line the game itself says in text mode (its whole start, in this process)."""
    out = io.StringIO()
    started_and_closed(language, text=True, stream=out)
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
    # A saved match: Continue comes first, and only the line's beginning is written early.
    (private_home / "data" / paths.MATCH_FILE_NAME).write_text("{}", encoding="utf-8")
    assert firstline.first_line(["--text"]) is None
    assert firstline.early_text(["--text"]) == "Ninety-Nine. Main menu. "


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


def save_a_match() -> None:
    setup = GameSetup("tactical", ("You", "Lily", "Max"), ("human", "normal", "normal"), {}, 7)
    saved, _, _ = start_match(setup)
    assert save_match(to_record(saved)) is None


@pytest.mark.parametrize("code", ["en", "de", "fa"])
def test_with_a_saved_match_the_line_begins_early_and_the_game_ends_it(
    private_home: Path, code: str
) -> None:
    write_settings(private_home, {"sound_enabled": False})
    save_a_match()
    early = firstline.early_text(["--text", "--language", code])
    assert early is not None and early.strip() and not early.endswith("\n")
    started = transcript(private_home, ["-m", "ninetynine_audio"], code)
    before = transcript(
        private_home,
        ["-c", "import sys; from ninetynine_audio.cli import main; sys.exit(main(sys.argv[1:]))"],
        code,
    )
    assert started == before  # the same words, the same lines
    first = started.splitlines()[0]
    assert first.startswith(early)
    assert len(first) > len(early)  # the saved match's Continue, from the game
    assert started.count(early) == 1


def test_the_rest_of_a_line_begun_early_is_written_once() -> None:
    out = io.StringIO()
    begun = WatchedOutput(out, written="Ninety-Nine. Main menu. ")
    begun.write("Ninety-Nine. Main menu. Continue: Tactical, Normal, round 1, 1 of 10\n")
    begun.write("Ninety-Nine. Main menu. \n")  # only the first write is the early line's
    continued = "Continue: Tactical, Normal, round 1, 1 of 10\n"
    assert out.getvalue() == continued + "Ninety-Nine. Main menu. \n"
    out = io.StringIO()
    WatchedOutput(out, written="Ninety-Nine. Main menu. ").write("Something else\n")
    assert out.getvalue() == "\nSomething else\n"  # the line begun early is ended first
    out = io.StringIO()
    whole = WatchedOutput(out, written="Ninety-Nine. Main menu. Play, 1 of 9\n")
    whole.write("Ninety-Nine. Main menu. Play, 1 of 9\n")
    whole.write("Game menu. Classic, 1 of 5\n")
    assert out.getvalue() == "Game menu. Classic, 1 of 5\n"


class FlockAsMsvcrt:
    """Windows' ``msvcrt.locking`` of a file's first byte, played here by ``fcntl.flock``:
    a byte another process holds is refused with PermissionError, as Windows does."""

    LK_NBLCK, LK_UNLCK = 2, 0

    @staticmethod
    def locking(fd: int, mode: int, size: int) -> None:
        assert size == 1
        if mode == FlockAsMsvcrt.LK_UNLCK:
            fcntl.flock(fd, fcntl.LOCK_UN)
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise PermissionError(13, "locked by another process") from None


def test_on_windows_the_running_lock_is_asked_with_msvcrt(
    private_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(filelocks, "fcntl", None)
    monkeypatch.setattr(filelocks, "msvcrt", FlockAsMsvcrt)
    lock = running_lock()
    assert lock.acquire()
    try:
        assert firstline.first_line(["--text"]) is None  # another copy plays on this home
    finally:
        lock.release()
    assert firstline.first_line(["--text"]) == "Ninety-Nine. Main menu. Play, 1 of 9"
    monkeypatch.setattr(filelocks, "msvcrt", None)  # a system with no locks at all
    assert firstline.first_line(["--text"]) is None


@pytest.mark.parametrize(
    "text",
    [
        '{"language": "de", "verbosity": "brief"}',
        ' \n\t{"a": [1, 2.5, -3e2, true, false, null, "\\u00e9\\n"]}\r\n',
        "[]",
        '"text"',
        "12",
        '{"a": NaN}',
        '{"a": Infinity}',
        '{"a": 1} {"b": 2}',
        '{"a": 1,}',
        "\ufeff{}",
        "",
        "   ",
        '{"a": "\x01"}',
        '{"a": 1}  x',
        "[" * 50 + "]" * 50,
    ],
)
def test_settings_are_read_as_json_reads_them(text: str) -> None:
    def refuse(name: str) -> object:
        raise ValueError(name)

    try:
        expected: object = json.loads(text, parse_constant=refuse)
    except ValueError:
        expected = ValueError
    try:
        found: object = firstline.json_value(text)
    except ValueError:
        found = ValueError
    assert found == expected
