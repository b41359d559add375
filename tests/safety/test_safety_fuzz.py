"""Seeded fuzzing of every reader: damaged settings, saves, statistics, keymaps and event logs.

Each case starts from a good file, damages it (bytes flipped, cut short, binary noise, values
swapped for ones of another kind, nesting far too deep) and hands it to the reader the game
uses. No exception may escape, and nothing may be lost: a file that is not used is kept
aside as ``*.broken`` byte for byte, the other files of the game are untouched, and the result
being recorded in the statistics is always counted.
"""

from __future__ import annotations

import copy
import json
import os
import random
import unicodedata
from functools import cache, partial
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from helpers.tools import load_tool

from ninetynine_audio import cli
from ninetynine_audio.bots import levels, tournament
from ninetynine_audio.games.adding import AddingOptions
from ninetynine_audio.games.saved import HUMAN, resume, start_match, to_record
from ninetynine_audio.games.setup import GameSetup
from ninetynine_audio.input.keymap import DEFAULT_KEYMAP_PATH, Keymap, load_keymap
from ninetynine_audio.store import paths
from ninetynine_audio.store.saves import load_match, match_file, save_match
from ninetynine_audio.store.settings import Settings, load_settings, save_settings
from ninetynine_audio.store.stats import (
    Statistics,
    load_statistics,
    record_result,
    save_statistics,
    statistics_file,
)

SEED = 99_2026
CASES = 120
"""Damaged files per reader: six readers, a couple of seconds in all."""

WEIRD: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    -1,
    2**70,
    -(2**63),
    1.5,
    -0.0,
    1e308,
    "",
    "x" * 2000,
    "\x00\x1b[2J\x07",
    "NaN",
    "ninety-nine",
    [],
    {},
    [[[[[[]]]]]],
    {"": {"": None}},
    [1, "a", None],
)


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NINETYNINE_AUDIO_HOME", str(tmp_path))
    # Durability is tested elsewhere; here thousands of writes need not each reach the disk.
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    return tmp_path


# -- damage ----------------------------------------------------------------------------------


def damage_value(rng: random.Random, value: Any) -> Any:
    """A copy of a JSON value with one node replaced, removed or wrapped."""
    value = copy.deepcopy(value)
    holders: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key in list(node):
                holders.append((node, key))
                walk(node[key])
        elif isinstance(node, list):
            for index in range(len(node)):
                holders.append((node, index))
                walk(node[index])

    walk(value)
    if not holders or rng.random() < 0.05:
        return rng.choice(WEIRD)
    holder, key = rng.choice(holders)
    action = rng.random()
    if action < 0.15 and isinstance(holder, dict):
        del holder[key]
    elif action < 0.25:
        holder[key] = [holder[key]] * rng.randint(1, 3)
    else:
        holder[key] = rng.choice(WEIRD)
    return value


def damage_bytes(rng: random.Random, data: bytes) -> bytes:
    """The bytes of a file hurt in one of the ways disks, crashes and people hurt them."""
    kind = rng.randrange(7)
    if kind == 0:  # cut short
        return data[: rng.randrange(len(data) + 1)]
    if kind == 1:  # bytes flipped
        out = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            if out:
                out[rng.randrange(len(out))] = rng.randrange(256)
        return bytes(out)
    if kind == 2:  # binary noise
        return rng.randbytes(rng.randint(0, 3000))
    if kind == 3:  # nested beyond any parser
        opener = rng.choice([b"[", b'{"a":', b"x = ["])
        return opener * rng.choice([1000, 20_000, 200_000])
    if kind == 4:  # NUL bytes and control characters inserted
        at = rng.randrange(len(data) + 1)
        return (
            data[:at]
            + rng.choice([b"\x00", b"\x00" * 50, b"\x1b[31m\x07", b"\xff\xfe"])
            + data[at:]
        )
    if kind == 5:  # a chunk repeated (a half-written block)
        at = rng.randrange(len(data) + 1)
        return data[:at] + data[: rng.randrange(len(data) + 1)] + data[at:]
    return b""  # emptied


def damaged_json(rng: random.Random, good: Any) -> bytes:
    if rng.random() < 0.55:
        return json.dumps(damage_value(rng, good)).encode()
    return damage_bytes(rng, json.dumps(good, indent=2).encode())


# -- good files ------------------------------------------------------------------------------


def good_record() -> dict[str, Any]:
    setup = GameSetup("classic", ("You", "Lily", "Max"), ("human", "hard", "hard"), seed=11)
    saved, _, _ = start_match(setup)
    return to_record(saved)


def good_statistics() -> Statistics:
    return (
        Statistics()
        .with_result("classic", "hard", 1, 3, 4)
        .with_result("arcade", "easy", 2, 4, 7)
        .with_result("classic", "hard", 3, 3, 2)
    )


@cache
def good_log() -> str:
    lines: list[str] = []
    for seed in (1,):
        record = tournament.play_bot_game("classic", ["easy", "easy"], seed, AddingOptions(lives=2))
        lines += [json.dumps(event.to_log()) for event in record.events]
    return "\n".join(lines) + "\n"


def referee() -> ModuleType:
    return load_tool("tools/referee.py", "ninetynine_referee_fuzz")


def fill_home() -> dict[Path, bytes]:
    """A home folder with a good settings file, save and statistics; their bytes."""
    assert save_settings(Settings(verbosity="full", bot_pause_ms=300)) is None
    assert save_match(good_record()) is None
    assert save_statistics(good_statistics()) is None
    files = (paths.settings_file(), match_file(), statistics_file())
    return {path: path.read_bytes() for path in files}


def clear_broken(home: Path) -> list[Path]:
    found = sorted(home.rglob("*.broken"))
    for path in found:
        path.unlink()
    return found


def kept(home: Path, target: Path, data: bytes) -> bool:
    """The damaged bytes are still on disk: in place, or set aside as ``*.broken``."""
    if target.is_file() and target.read_bytes() == data:
        return True
    return any(p.read_bytes() == data for p in target.parent.glob(f"{target.name}*.broken"))


# -- the readers -----------------------------------------------------------------------------

Tally = dict[str, int]
tally_key = ("classic", "hard")


def fuzz_json_reader(
    home: Path, target: Path, good: Any, read: Any, check: Any, *, writes: bool = False
) -> int:
    """Damage ``target`` CASES times; ``read()`` must not raise, ``check`` judges its answer.

    A reader that ``writes`` may replace a file it could use (``check`` then judges what it
    kept); a file it could not use must be kept aside all the same. Returns how many of the
    cases were refused with a sentence.
    """
    rng = random.Random(f"{SEED}-{target.name}")
    refused = 0
    for _ in range(CASES):
        others = fill_home()
        data = damaged_json(rng, good)
        target.write_bytes(data)
        answer, problems = read()
        assert all(isinstance(p, str) and p for p in problems)
        if problems or not writes:
            assert kept(home, target, data), f"the damaged {target.name} was lost"
        for path, original in others.items():
            if path != target:
                assert path.read_bytes() == original, f"{path.name} was touched"
        check(answer, problems, data)
        refused += bool(problems)
        clear_broken(home)
    return refused


def test_fuzzed_settings_never_crash_and_nothing_is_lost(private_home: Path) -> None:
    def read() -> tuple[Settings, list[str]]:
        return load_settings()

    def check(settings: Settings, problems: list[str], data: bytes) -> None:
        assert isinstance(settings, Settings)
        assert save_settings(settings) is None  # whatever was loaded can be kept again

    refused = fuzz_json_reader(
        private_home, paths.settings_file(), Settings().to_dict(), read, check
    )
    assert refused > CASES // 3


def test_fuzzed_saves_never_crash_and_nothing_is_lost(private_home: Path) -> None:
    convert = partial(resume, known_kinds=(HUMAN, *levels("adding")))

    def read() -> tuple[Any, list[str]]:
        match, problem = load_match(convert)
        return match, [problem] if problem else []

    def check(match: Any, problems: list[str], data: bytes) -> None:
        assert (match is None) == bool(problems)
        if match is not None:
            json.dumps(to_record(match[0]))  # a match that loads can be saved again

    refused = fuzz_json_reader(private_home, match_file(), good_record(), read, check)
    assert refused > CASES // 2


def test_fuzzed_statistics_never_lose_the_result_being_recorded(private_home: Path) -> None:
    good = good_statistics()

    def read() -> tuple[Statistics, list[str]]:
        return record_result("classic", "hard", 1, 3, 5)

    def check(statistics: Statistics, problems: list[str], data: bytes) -> None:
        on_disk, problem = load_statistics()
        assert problem is None and on_disk == statistics
        tally = statistics.get(*tally_key)
        if problems:  # counted again from nothing, the old file kept aside
            assert tally.played >= 1 and tally.wins >= 1
        else:  # the file was usable: what it held is kept and the match is added
            before = Statistics.from_dict(json.loads(data))
            assert tally.played == before.get(*tally_key).played + 1
            for game, level, old in before.entries():
                assert statistics.get(game, level).played >= old.played

    refused = fuzz_json_reader(
        private_home, statistics_file(), good.to_dict(), read, check, writes=True
    )
    assert refused > CASES // 3


def test_fuzzed_keymaps_never_crash_and_are_never_moved(tmp_path: Path) -> None:
    rng = random.Random(f"{SEED}-keymap")
    good = DEFAULT_KEYMAP_PATH.read_bytes()
    default = load_keymap(None)[0].bindings
    refused = 0
    for number in range(CASES):
        path = tmp_path / f"keys{number}.toml"
        data = damage_bytes(rng, good)
        if rng.random() < 0.3:  # a line of the file changed into another value
            lines = data.split(b"\n")
            at = rng.randrange(len(lines))
            lines[at] = rng.choice(
                [b"schema = 2", b"[nosuch]", b"table = 3", b'x = "\\u0000"', b"[table]\nt = [[]]"]
            )
            data = b"\n".join(lines)
        path.write_bytes(data)
        keymap, problems = load_keymap(path)
        assert isinstance(keymap, Keymap)
        assert path.read_bytes() == data  # the player's own file is never moved or changed
        if problems:
            refused += 1
            assert keymap.bindings == default
            assert all(p.startswith(path.name) for p in problems)
    assert refused > CASES // 3


def damaged_log(rng: random.Random) -> bytes:
    lines = good_log().splitlines()
    if rng.random() < 0.6:
        at = rng.randrange(len(lines))
        lines[at] = json.dumps(damage_value(rng, json.loads(lines[at])))
        if rng.random() < 0.2:
            lines.insert(rng.randrange(len(lines)), json.dumps(rng.choice(WEIRD)))
        return ("\n".join(lines) + "\n").encode()
    return damage_bytes(rng, good_log().encode())


def test_fuzzed_logs_are_answered_by_replay_and_referee_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(f"{SEED}-log")
    path = tmp_path / "games.jsonl"
    statuses: dict[str, list[int]] = {"replay": [], "referee": []}
    for _ in range(CASES):
        data = damaged_log(rng)
        path.write_bytes(data)
        statuses["replay"].append(cli.main(["replay", str(path)]))
        statuses["referee"].append(referee().main([str(path)]))
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err
        assert path.read_bytes() == data  # a log is only read
    for name, codes in statuses.items():
        assert all(isinstance(code, int) for code in codes), name
        assert sum(code != 0 for code in codes) > CASES // 2, name


# -- names, huge numbers and encodings (round two) ----------------------------------------------

NAME_PIECES: tuple[str, ...] = (
    "Zoë",
    "Łucja",
    "李",
    "\ud800",  # a lone surrogate, as a hand-edited save can hold
    "\udcff",  # a byte that was not UTF-8, as Python keeps it from the command line
    "\udcc3\udcab",  # the UTF-8 bytes of ë read in a C locale
    "\u202e",  # right-to-left override
    "\u2066",  # left-to-right isolate
    "\u200f",  # right-to-left mark
    "\x1b[2J",
    "\x07",
    "\x00",
    "\n",
    "\ufffd",
    "\ufeff",
    "e\u0301",
    " ",
)


def fuzz_name(rng: random.Random) -> str:
    """A name of the kinds that reach the game from saves, the command line and the network."""
    if rng.random() < 0.05:
        return rng.choice(NAME_PIECES) * rng.choice([1000, 1_000_000 // 8])  # up to 1 MB
    return "".join(rng.choice(NAME_PIECES) for _ in range(rng.randint(0, 6)))


def is_safe_name(name: str) -> bool:
    """Storable (strict UTF-8), speakable (no controls, no reordering) and short."""
    name.encode("utf-8")
    return (
        0 < len(name) <= 40
        and name == name.strip()
        and not any(c in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069" for c in name)
        and all(c.isprintable() or c == " " or unicodedata.category(c) == "Cf" for c in name)
    )


def test_fuzzed_names_in_saves_are_mended_and_saved_again(private_home: Path) -> None:
    rng = random.Random(f"{SEED}-names")
    convert = partial(resume, known_kinds=(HUMAN, *levels("adding")))
    record = good_record()
    match_file().parent.mkdir(parents=True, exist_ok=True)
    for _ in range(CASES):
        names = [fuzz_name(rng) for _ in record["names"]]
        match_file().write_text(json.dumps({**record, "names": names}), encoding="utf-8")
        match, problem = load_match(convert)
        assert problem is None and match is not None
        assert all(is_safe_name(name) for name in match[0].setup.names), match[0].setup.names
        assert save_match(to_record(match[0])) is None
        match_file().read_bytes().decode("utf-8")


def test_fuzzed_names_on_the_command_line_are_refused_or_safe() -> None:
    from ninetynine_audio.games.errors import SetupError
    from ninetynine_audio.games.setup import parse_players

    rng = random.Random(f"{SEED}-argv")
    refused = 0
    for _ in range(CASES):
        spec = f"{fuzz_name(rng).replace(',', '')}:human,Max:normal"
        try:
            names, _ = parse_players("classic", spec, (HUMAN, "normal"))
        except SetupError as error:
            refused += 1
            str(error).encode("utf-8")  # the sentence itself can be printed
            continue
        assert all(is_safe_name(name) for name in names), names
    assert 0 < refused < CASES


HUGE_NUMBERS = (
    b"schema = " + b"9" * 5000,
    b"schema = -" + b"1" * 4301,
    b"schema = 0x" + b"f" * 5000,
    b"schema = 1e99999",
    b"schema = " + b"1" * 4300,  # within Python's limit: a number, of the wrong value
    b"[table]\nplay_card = " + b"7" * 10_000,
    b"[table]\nplay_card = [" + b"3" * 6000 + b"]",
)


def test_fuzzed_keymaps_with_huge_numbers_are_one_sentence_each(tmp_path: Path) -> None:
    rng = random.Random(f"{SEED}-huge")
    good = DEFAULT_KEYMAP_PATH.read_bytes()
    default = load_keymap(None)[0].bindings
    for number in range(CASES):
        lines = good.split(b"\n")
        lines.insert(rng.randrange(len(lines) + 1), rng.choice(HUGE_NUMBERS))
        path = tmp_path / f"keys{number}.toml"
        path.write_bytes(b"\n".join(lines))
        keymap, problems = load_keymap(path)
        assert problems and all(p.startswith(path.name) for p in problems)
        assert keymap.bindings == default


ENCODINGS = ("utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-be")


def test_files_in_every_unicode_encoding_read_as_the_game_wrote_them(private_home: Path) -> None:
    fill_home()
    record = {**good_record(), "names": ["Zoë", "Łucja", "李"]}
    assert save_match(record) is None
    readers: list[tuple[Path, Any]] = [
        (paths.settings_file(), lambda: load_settings()[0]),
        (match_file(), lambda: load_match()[0]),
        (statistics_file(), lambda: load_statistics()[0]),
    ]
    for path, read in readers:
        expected = read()
        text = path.read_text(encoding="utf-8")
        for encoding in ENCODINGS:
            path.write_bytes(text.encode(encoding))
            assert read() == expected, (path.name, encoding)
            assert not list(path.parent.glob("*.broken")), (path.name, encoding)
        path.write_text(text, encoding="utf-8")
    for encoding in ("utf-8-sig", "utf-16", "utf-32"):
        keymap_path = private_home / f"keys-{encoding}.toml"
        keymap_path.write_bytes(DEFAULT_KEYMAP_PATH.read_text(encoding="utf-8").encode(encoding))
        keymap, problems = load_keymap(keymap_path)
        assert problems == [] and keymap.bindings == load_keymap(None)[0].bindings, encoding


@pytest.mark.parametrize("encoding", ["ascii", "latin-1", "cp1252", "cp437", "koi8-r"])
def test_a_terminal_that_cannot_print_a_letter_still_prints_every_line(encoding: str) -> None:
    import io

    from ninetynine_audio.audio import TextBackend
    from ninetynine_audio.ui.textmode import prepare_terminal

    rng = random.Random(f"{SEED}-{encoding}")
    raw = io.BytesIO()
    terminal = io.TextIOWrapper(raw, encoding=encoding, write_through=True)
    notices = prepare_terminal(terminal)
    assert len(notices) == 1 and notices[0].startswith("This terminal can only show")
    backend = TextBackend(terminal)
    for _ in range(CASES):
        backend.speak(f"Your turn, {fuzz_name(rng)[:200]} and Zoë, Łucja, 李")
    lines = raw.getvalue().decode(encoding).splitlines()
    assert len(lines) == CASES
    assert all(line.startswith("Your turn, ") and "Zo" in line for line in lines)
