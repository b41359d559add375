"""Nothing lost, round two: names from anywhere, two copies on one home, signals, closed
streams, terminals that cannot print a letter, and files written by other editors.

Each test is one fault of the audit, tried the way a player meets it where that can be done
(the game in a subprocess, as started from a shell), or at the function that failed.
"""

from __future__ import annotations

import json
import logging
import os
import queue
import signal
import subprocess
import sys
import threading
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pytest
from helpers.adding_keys import quick_match
from helpers.text_game import env_for, text_game

from ninetynine_audio import cli
from ninetynine_audio.bots import tournament
from ninetynine_audio.cards import parse_cards
from ninetynine_audio.games.adding import AddingOptions
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.saved import resume, start_match, to_record
from ninetynine_audio.games.setup import parse_players
from ninetynine_audio.input.keymap import load_keymap
from ninetynine_audio.store import paths
from ninetynine_audio.store.saves import load_match, match_file, save_match
from ninetynine_audio.store.settings import Settings
from ninetynine_audio.store.stats import load_statistics, statistics_file
from ninetynine_audio.ui.app import keymap_for
from ninetynine_audio.ui.harness import make_app
from ninetynine_audio.ui.menus import known_kinds
from ninetynine_audio.ui.textmode import gestures_of_line

DEADLINE_S = 60
WIN_DECK = parse_cards("KS 9H 7C 5D 9C 6D 2S 3S")  # as test_ui_results: You win at once
ROOT = Path(__file__).resolve().parents[2]
REFEREE = ROOT / "tools" / "referee.py"


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NINETYNINE_AUDIO_HOME", str(tmp_path))
    return tmp_path


def game(home: Path, arguments: list[str | bytes], keys: str = "", **env: str) -> Any:
    """The game in text mode from a shell (``test_safety_play.text_game``)."""
    return text_game(home, arguments, keys, PYTHONPATH=str(ROOT), **env)


def wait_for_save() -> None:
    """Wait until the game has saved its match (it does so at the deal)."""
    for _ in range(200):
        if match_file().exists():
            return
        time.sleep(0.05)


def clean_end(done: subprocess.CompletedProcess[str], status: int = 0) -> None:
    assert "Traceback" not in done.stderr and "Error" not in done.stderr, done.stderr
    assert done.returncode == status, (done.returncode, done.stdout[-2000:], done.stderr)


def a_saved_match(names: tuple[str, ...] = ("You", "Lily")) -> dict[str, Any]:
    setup = GameSetup("classic", names, ("human", "normal"), {}, 3)
    saved, _, _ = start_match(setup)
    record = to_record(saved)
    assert save_match(record) is None
    return record


# -- 1 and 3: names from saves, the command line and the locale ---------------------------------


@pytest.mark.parametrize(
    ("written", "kept"),
    [
        ("\ud800", "Lily"),  # a lone surrogate: nothing left, so the seat's default
        ("Ma\udcc3\udcabx", "Maëx"),  # UTF-8 bytes kept as surrogates by a C locale
        ("Zo\udcff", "Zoÿ"),  # a byte that is not UTF-8
        ("Ann\u202eA\x1b[2J\x07", "AnnA[2J"),  # a bidi override and control characters
        ("x" * 1_000_000, "x" * 40),  # a megabyte
        ("Le\u0301a\n\ttab", "Léa tab"),  # decomposed accents and white space
    ],
    ids=["surrogate", "utf8-bytes", "latin1-byte", "controls", "megabyte", "spacing"],
)
def test_a_saved_name_of_any_kind_is_mended_so_the_match_goes_on_and_saves(
    written: str, kept: str
) -> None:
    record = a_saved_match()
    record["names"] = ["You", written]
    match_file().write_text(json.dumps(record), encoding="utf-8")  # escapes: valid JSON
    resumed, problem = load_match(lambda r: resume(r, known_kinds=known_kinds()))
    assert problem is None and resumed is not None
    names = resumed[0].setup.names
    assert names == ("You", kept)
    assert save_match(to_record(resumed[0])) is None
    match_file().read_bytes().decode("utf-8")  # strictly UTF-8 again


def test_the_audited_start_with_a_surrogate_name_plays_and_starts_again(
    private_home: Path,
) -> None:
    record = a_saved_match()
    record["names"] = ["You", "\ud800"]
    match_file().write_text(json.dumps(record), encoding="utf-8")
    keys = "return\nreturn\nreturn\n1\nreturn\n"
    for _ in range(2):  # the second start must find a save it can read
        done = game(private_home, ["--bot-pause", "0"], keys)
        clean_end(done)
        assert "Continuing Classic" in done.stdout
    assert not list(match_file().parent.glob("*.broken"))


def test_a_save_holding_text_that_cannot_be_written_is_a_sentence() -> None:
    record = a_saved_match()
    problem = save_match({**record, "note": "\udfff"})
    assert problem == "The match could not be saved: it holds text that cannot be written."
    assert json.loads(match_file().read_text(encoding="utf-8")) == {
        **record,
        "saved_at": json.loads(match_file().read_text())["saved_at"],
    }
    assert not list(match_file().parent.glob(".*.tmp"))


def test_names_are_made_safe_in_one_place() -> None:
    from ninetynine_audio.games.setup import clean_text, safe_name

    assert safe_name("\ud800\x00", "Max") == "Max"
    assert safe_name(None, "Max") == "Max"
    assert clean_text("\u2066a\u2069\u200f b\ufffd", 10) == "a b"
    names, _ = parse_players("classic", "Zo\udcff:human,M\udcc3\udcabx:normal", ("human", "normal"))
    assert names == ("Zoÿ", "Mëx")


def test_a_name_in_bytes_that_are_not_utf8_plays_and_saves(private_home: Path) -> None:
    # A computer seat's name: the player at the keys is "you", and the others are named.
    done = game(private_home, ["--players", b"You:human,Zo\xff:normal", "--bot-pause", "0"], "l\n")
    clean_end(done)
    assert "Lives: You 5, Zoÿ 5" in done.stdout
    record, problem = load_match()
    assert problem is None and record is not None and record["names"] == ["You", "Zoÿ"]


def test_a_utf8_name_in_a_locale_that_is_not_utf8_plays_and_saves(private_home: Path) -> None:
    done = game(
        private_home,
        ["--players", "You:human,Zoë:normal".encode(), "--bot-pause", "0"],
        "l\n",
        LC_ALL="C",
        LANG="C",
        PYTHONUTF8="0",
        PYTHONCOERCECLOCALE="0",
        PYTHONIOENCODING="",
    )
    clean_end(done)
    record, problem = load_match()
    assert problem is None and record is not None and record["names"] == ["You", "Zoë"]
    assert "Lives: You 5, Zoe 5" in done.stdout  # an ASCII terminal, told so once


# -- 2: huge numbers in a keymap -------------------------------------------------------------


def test_an_integer_of_5000_digits_in_a_keymap_is_one_sentence(private_home: Path) -> None:
    keymap = paths.user_keymap_file()
    keymap.parent.mkdir(parents=True)
    keymap.write_text("schema = " + "9" * 5000 + "\n", encoding="utf-8")
    default = load_keymap(None)[0].bindings
    for settings in (Settings(), Settings(keymap_path=str(keymap))):
        loaded, problems = keymap_for(settings)
        assert loaded.bindings == default
        assert problems == ["keymap.toml: this is not a keymap: it holds a number far too long."]
    done = game(private_home, [], "")
    clean_end(done)
    assert "it holds a number far too long" in done.stdout


# -- 4: a terminal that cannot print a letter -------------------------------------------------


def test_a_terminal_that_cannot_print_a_letter_keeps_the_game_heard(private_home: Path) -> None:
    done = game(
        private_home,
        ["--game", "colours", "--players", "You:human,Zoë:normal,Łucja:normal", "--seed", "2"],
        "\n",
        PYTHONIOENCODING="ascii",
    )
    clean_end(done)
    lines = done.stdout.splitlines()
    assert "Colours: You, Zoe and Lucja. First to 99 points wins" in lines, lines
    assert any(line.startswith("This terminal can only show ascii text") for line in lines)
    assert lines[-1] == "Goodbye"
    record, _ = load_match()
    assert record is not None and record["names"] == ["You", "Zoë", "Łucja"]


def test_input_that_is_not_text_is_read_with_the_bytes_replaced(private_home: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ninetynine_audio", "--text"],
        input=b"\xff\xfe down\n\x1b[2J\x07" + b"q" * 1_000_000 + b"\n",
        capture_output=True,
        env=env_for(private_home, PYTHONPATH=str(ROOT)),
        timeout=DEADLINE_S,
    )
    out, err = done.stdout.decode("utf-8"), done.stderr.decode("utf-8", "replace")
    assert done.returncode == 0 and "Traceback" not in err, err
    assert "\x1b" not in out and "\x07" not in out
    assert max(len(line) for line in out.splitlines()) < 200


def test_unknown_words_are_said_without_controls_and_cut_short() -> None:
    _, unknown = gestures_of_line("\x1b]0;evil\x07 " + "w" * 1_000_000)
    assert unknown == ["]0;evil", "w" * 30 + "…"]


# -- 5: a DISPLAY with no X server behind it ---------------------------------------------------


def test_a_display_with_no_server_behind_it_plays_in_the_terminal(private_home: Path) -> None:
    env = env_for(private_home, PYTHONPATH=str(ROOT), DISPLAY=":57")
    env.pop("SDL_VIDEODRIVER", None)
    env.pop("WAYLAND_DISPLAY", None)
    done = subprocess.run(
        [sys.executable, "-m", "ninetynine_audio", "--game", "classic", "--seed", "1"],
        input="l\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=DEADLINE_S,
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    lines = done.stdout.splitlines()
    assert any(
        line.startswith("No window can be shown here (no display server answers at :57)")
        for line in lines
    ), lines
    assert any(line.startswith("Lives: You 5") for line in lines), lines


# -- 6 and 9: the app's log on a full disk, and through a link ---------------------------------


@pytest.fixture
def bare_root_logger() -> Iterator[logging.Logger]:
    root = logging.getLogger()
    saved, level = root.handlers[:], root.level
    root.handlers = []
    yield root
    for handler in root.handlers:
        handler.close()
    root.handlers, root.level = saved, level


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full, a disk that is full")
def test_logging_on_a_full_disk_prints_nothing_on_stderr(
    bare_root_logger: logging.Logger, capfd: pytest.CaptureFixture[str]
) -> None:
    from ninetynine_audio.store import applog

    handler = applog.QuietFileHandler(open("/dev/full", "a", encoding="utf-8"))  # noqa: SIM115
    bare_root_logger.addHandler(handler)
    for number in range(3):
        logging.getLogger("ninetynine_audio.test").warning("warning %d", number)
    assert handler.failed
    assert capfd.readouterr().err == ""


def test_the_app_log_is_never_written_through_a_link(private_home: Path) -> None:
    from ninetynine_audio.store.applog import QuietFileHandler, open_log_file

    outside = private_home / "outside.txt"
    outside.write_text("mine\n", encoding="utf-8")
    logs = paths.log_dir()
    logs.mkdir(parents=True)
    log = logs / "ninetynine-audio.log"
    log.symlink_to(outside)
    handler = QuietFileHandler(open_log_file(log))
    handler.emit(logging.LogRecord("t", logging.WARNING, __file__, 1, "a line", None, None))
    handler.close()
    assert outside.read_text(encoding="utf-8") == "mine\n"
    assert not log.is_symlink() and "a line" in log.read_text(encoding="utf-8")
    assert (logs / "ninetynine-audio.log.broken").is_symlink()  # kept aside, not followed


# -- 7: two copies of the game on one home -----------------------------------------------------

RECORDER = """
import os, sys
from pathlib import Path
os.fsync = lambda fd: None  # the race is in reading and writing, not in reaching the disk
from ninetynine_audio.store.stats import record_result
for number in range(int(sys.argv[2])):
    record_result("classic", "normal", 1 + number % 3, 4, 2, Path(sys.argv[1]))
"""


def test_two_processes_recording_at_once_count_every_result(private_home: Path) -> None:
    target = statistics_file()
    each = 150
    command = [sys.executable, "-c", RECORDER, str(target), str(each)]
    env = env_for(private_home, PYTHONPATH=str(ROOT))
    processes = [subprocess.Popen(command, env=env) for _ in range(2)]
    for process in processes:
        assert process.wait(timeout=DEADLINE_S * 2) == 0
    statistics, problem = load_statistics()
    assert problem is None
    assert statistics.get("classic", "normal").played == 2 * each


def _lines_of(stream: IO[str], lines: queue.Queue[str]) -> None:
    for line in stream:
        lines.put(line.rstrip("\n"))


def _wait_for(lines: queue.Queue[str], wanted: str) -> list[str]:
    seen: list[str] = []
    end = time.monotonic() + DEADLINE_S
    while not any(line.startswith(wanted) for line in seen):
        try:
            seen.append(lines.get(timeout=max(0.1, end - time.monotonic())))
        except queue.Empty:
            raise AssertionError(f"{wanted!r} was never said; heard {seen}") from None
    return seen


@pytest.fixture
def first_copy(private_home: Path) -> Iterator[subprocess.Popen[str]]:
    """A game playing in text mode on the test's home, at its first turn."""
    process = subprocess.Popen(
        [sys.executable, "-m", "ninetynine_audio", "--text", "--game", "classic", "--seed", "5"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env_for(private_home, PYTHONPATH=str(ROOT)),
    )
    lines: queue.Queue[str] = queue.Queue()
    assert process.stdout is not None
    threading.Thread(target=_lines_of, args=(process.stdout, lines), daemon=True).start()
    _wait_for(lines, "Your turn")
    yield process
    if process.poll() is None:
        process.kill()
    process.wait()


def test_a_second_copy_says_another_runs_and_leaves_the_match_alone(
    private_home: Path, first_copy: subprocess.Popen[str]
) -> None:
    wait_for_save()
    saved = match_file().read_bytes()
    done = game(private_home, ["--game", "tactical"], "up\nreturn\n")  # Yes, were it asked
    clean_end(done, status=3)
    assert done.stdout.splitlines() == [
        "Ninety-Nine is already running with the same saved match and statistics, so this "
        "copy closes and leaves them to it; go back to the one that is running."
    ]
    assert match_file().read_bytes() == saved
    # A copy that was killed leaves no lock behind.
    first_copy.kill()
    first_copy.wait()
    done = game(private_home, [], "")
    clean_end(done)
    assert done.stdout.startswith("Ninety-Nine. Main menu. Continue: Classic")


# -- 8 and 12: the end of a match ------------------------------------------------------------


def test_a_crash_while_counting_the_result_keeps_the_save(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from ninetynine_audio.ui import results

    def killed(*args: object, **kwargs: object) -> None:
        raise SystemExit("killed while counting")

    monkeypatch.setattr(results, "record_result", killed)
    with pytest.raises(SystemExit):
        quick_match("lose", "easy")
    assert match_file().exists()  # removed only once the result is counted


def test_on_a_read_only_home_the_finished_match_is_said_and_not_offered_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import tempfile

    real_mkstemp, real_unlink = tempfile.mkstemp, Path.unlink
    data = paths.data_dir()

    def read_only(error_path: object) -> OSError:
        return OSError(30, "Read-only file system", str(error_path))

    def mkstemp(*args: Any, **kwargs: Any) -> tuple[int, str]:
        if Path(str(kwargs.get("dir", ""))) == data:
            raise read_only(data)
        return real_mkstemp(*args, **kwargs)

    def unlink(self: Path, missing_ok: bool = False) -> None:
        if self.parent == data:
            raise read_only(self)
        real_unlink(self, missing_ok=missing_ok)

    h = make_app(
        GameSetup(
            "classic", ("You", "Lily"), ("human", "easy"), AddingOptions(lives=1), 5, WIN_DECK
        )
    )
    h.frames(2)
    assert match_file().exists()  # saved at the deal, before the folder became read-only
    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    monkeypatch.setattr(Path, "unlink", unlink)
    for key in ("1", "1", "2"):
        h.press(key, frames=3)
    assert any(line.startswith("Results") or "1 win" in line for line in h.spoken), h.spoken
    assert any(
        line.startswith("The finished match could not be removed from the saved matches")
        for line in h.spoken
    ), h.spoken
    h.new_speech()
    h.press("escape", frames=2)
    menu = h.new_speech()
    assert menu and menu[0].startswith("Main menu. Play"), menu


def test_a_game_named_on_the_command_line_asks_before_replacing_a_damaged_save() -> None:
    match_file().parent.mkdir(parents=True)
    match_file().write_bytes(b'{"schema": 1, "game": ')
    h = make_app(GameSetup("classic", ("You", "Lily"), ("human", "easy")))
    h.frames(2)
    assert "The saved match could not be read. Start a new game? No, 2 of 2" in h.spoken
    assert any("kept as current_match.json.broken" in line for line in h.spoken), h.spoken
    assert h.table is None


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-16-be", "utf-32"])
def test_a_save_written_by_another_editor_is_read(encoding: str) -> None:
    record = a_saved_match(("Zoë", "Lily"))
    match_file().write_bytes(json.dumps(record, ensure_ascii=False).encode(encoding))
    loaded, problem = load_match()
    assert problem is None and loaded is not None and loaded["names"] == ["Zoë", "Lily"]


def test_escape_unbound_by_the_players_keymap_says_so(private_home: Path) -> None:
    keymap = paths.user_keymap_file()
    keymap.parent.mkdir(parents=True)
    keymap.write_text('[menu]\nback = ["backspace"]\n', encoding="utf-8")
    h = make_app()
    h.frames(1)
    h.press("down", "return", frames=2)  # into the game menu
    h.new_speech()
    h.press("escape", frames=1)
    assert h.new_speech() == [
        "Escape does nothing here in your keymap. F1 lists the keys of this screen."
    ]


def test_the_referee_and_replay_agree_on_a_seed_of_infinity(tmp_path: Path) -> None:
    record = tournament.play_bot_game("classic", ["easy", "easy"], 1, AddingOptions(lives=1))
    lines = [event.to_log() for event in record.events]
    lines[0]["seed"] = "SEED"
    text = "\n".join(json.dumps(line) for line in lines).replace('"SEED"', "1e400") + "\n"
    log = tmp_path / "inf.jsonl"
    log.write_text(text, encoding="utf-8")
    replayed = subprocess.run(
        [sys.executable, "-m", "ninetynine_audio", "replay", str(log)],
        capture_output=True,
        text=True,
        env=env_for(tmp_path, PYTHONPATH=str(ROOT)),
        timeout=DEADLINE_S,
    )
    refereed = subprocess.run(
        [sys.executable, str(REFEREE), str(log)], capture_output=True, text=True, timeout=DEADLINE_S
    )
    assert replayed.returncode == 1 and refereed.returncode == 1, refereed.stdout
    assert "seed is not a whole number" in refereed.stdout


# -- 10: replay streams the log ----------------------------------------------------------------


def a_log(games: int) -> str:
    lines = []
    for seed in range(games):
        record = tournament.play_bot_game("classic", ["easy", "easy"], seed, AddingOptions(lives=2))
        lines += [json.dumps(event.to_log()) for event in record.events]
    return "\n".join(lines) + "\n"


def test_replay_reads_the_log_one_game_at_a_time() -> None:
    from ninetynine_audio.games.replay import iter_replay

    records = [json.loads(line) for line in a_log(3).splitlines()]
    first_game = next(i for i, r in enumerate(records[1:], 1) if r["event"] == "game_started")
    taken = 0

    def lazily() -> Iterator[dict[str, Any]]:
        nonlocal taken
        for record in records:
            taken += 1
            yield record

    results = iter_replay(lazily())
    first = next(results)
    assert first.is_consistent and first.lines == first_game
    assert taken == first_game + 1  # the first game, and the line that starts the next
    assert [r.is_consistent for r in results] == [True, True]


def test_replay_needs_far_less_memory_than_the_log_holds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "games.jsonl"
    text = a_log(20)
    log.write_text(text * 10, encoding="utf-8")  # 200 games, about 1.3 MB
    size = log.stat().st_size
    assert cli.main(["replay", str(log)]) == 0  # everything a replay loads, loaded
    capsys.readouterr()
    tracemalloc.start()
    try:
        assert cli.main(["replay", str(log)]) == 0
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert "200 games replayed, 200 the same" in capsys.readouterr().out
    assert peak < size / 4, (peak, size)


# -- 11: signals and closed streams ------------------------------------------------------------


def _ctrl_c_as_at_a_terminal() -> None:
    """In the command's process before it starts: Ctrl+C does what it does at a terminal. A
    suite run as a background job of a script ignores SIGINT, and so would every command it
    starts (a shell's background jobs ignore it, and Python then leaves it ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _stopped_by_ctrl_c(command: list[str], fifo: Path, feed: str | None) -> None:
    """Start ``command``, wait until it is at work on ``fifo``, press Ctrl+C: quiet, 130."""
    process = subprocess.Popen(
        command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env_for(fifo.parent, PYTHONPATH=str(ROOT)),
        preexec_fn=_ctrl_c_as_at_a_terminal,
    )
    try:
        if feed is None:  # the command writes the FIFO: read until it is playing
            with fifo.open(encoding="utf-8") as pipe:
                pipe.readline()
                process.send_signal(signal.SIGINT)
                out, err = process.communicate(timeout=DEADLINE_S)
        else:  # the command reads the FIFO: give it a game, then Ctrl+C while it waits
            with fifo.open("w", encoding="utf-8") as pipe:
                pipe.write(feed)
                pipe.flush()
                time.sleep(0.5)
                process.send_signal(signal.SIGINT)
                out, err = process.communicate(timeout=DEADLINE_S)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 130, (out, err)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err


@pytest.mark.parametrize("command", ["simulate", "replay", "referee"])
def test_ctrl_c_ends_the_commands_quietly(command: str, tmp_path: Path) -> None:
    fifo = tmp_path / "games.jsonl"
    os.mkfifo(fifo)
    if command == "simulate":
        arguments = ["simulate", "--players", "easy,easy", "--games", "1000000", "--quiet"]
        argv = [sys.executable, "-m", "ninetynine_audio", *arguments]
        _stopped_by_ctrl_c([*argv, "--log-events", str(fifo), "--force"], fifo, None)
    elif command == "replay":
        argv = [sys.executable, "-m", "ninetynine_audio", "replay", str(fifo)]
        _stopped_by_ctrl_c(argv, fifo, a_log(1))
    else:
        _stopped_by_ctrl_c([sys.executable, str(REFEREE), str(fifo)], fifo, a_log(1))


def test_text_mode_with_its_input_closed_ends_quietly(private_home: Path) -> None:
    done = subprocess.run(
        ["sh", "-c", f'exec "{sys.executable}" -m ninetynine_audio --text <&-'],
        capture_output=True,
        text=True,
        env=env_for(private_home, PYTHONPATH=str(ROOT)),
        timeout=DEADLINE_S,
    )
    clean_end(done)
    assert done.stdout.splitlines()[-1] == "Goodbye"


def test_text_mode_ends_when_its_output_is_closed(private_home: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "ninetynine_audio", "--text"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env_for(private_home, PYTHONPATH=str(ROOT)),
    )
    assert process.stdin is not None and process.stdout is not None
    stop = threading.Event()

    def keys() -> None:  # ``yes down``
        assert process.stdin is not None
        try:
            while not stop.is_set():
                process.stdin.write(b"down\n" * 100)
                process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            pass

    threading.Thread(target=keys, daemon=True).start()
    try:
        assert process.stdout.readline().startswith(b"Ninety-Nine")
        process.stdout.close()  # ``| head -1``
        status = process.wait(timeout=DEADLINE_S)
    finally:
        stop.set()
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.stderr is not None
    errors = process.stderr.read().decode("utf-8", "replace")
    assert status == 0 and "Traceback" not in errors and "Exception" not in errors, errors


def test_sighup_ends_the_game_cleanly_with_the_match_saved(
    private_home: Path, first_copy: subprocess.Popen[str]
) -> None:
    wait_for_save()
    first_copy.send_signal(signal.SIGHUP)
    assert first_copy.wait(timeout=DEADLINE_S) == 129
    assert first_copy.stderr is not None
    errors = first_copy.stderr.read()
    assert "Traceback" not in errors, errors
    match, problem = load_match(lambda r: resume(r, known_kinds=known_kinds()))
    assert problem is None and match is not None and match[0].setup.game == "classic"


def test_the_text_voice_writes_a_line_even_to_a_stream_that_lacks_its_letters() -> None:
    import io

    from ninetynine_audio.audio import TextBackend

    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii", write_through=True)  # strict, unprepared
    TextBackend(stream).speak("Łucja plays 7")
    assert raw.getvalue() == b"?ucja plays 7\n"


def test_without_file_locks_the_statistics_are_still_counted(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from ninetynine_audio.store import filelocks, locks
    from ninetynine_audio.store.stats import record_result

    monkeypatch.setattr(filelocks, "fcntl", None)  # a system with neither kind of lock
    monkeypatch.setattr(filelocks, "msvcrt", None)
    with pytest.raises(locks.LockUnavailable):
        locks.running_lock().acquire()
    statistics, problems = record_result("classic", "easy", 1, 2, 3)
    assert problems == [] and statistics.get("classic", "easy").played == 1
    assert "going on without a lock" in caplog.text


def test_a_lock_held_elsewhere_is_waited_for_then_taken(private_home: Path) -> None:
    from ninetynine_audio.store.locks import FileLock

    first, second = FileLock(private_home / "x.lock"), FileLock(private_home / "x.lock")
    assert first.acquire()
    assert not second.acquire(wait_s=0.05)
    assert (private_home / "x.lock").read_text().strip() == str(os.getpid())
    first.release()
    assert second.acquire()
    second.release()
