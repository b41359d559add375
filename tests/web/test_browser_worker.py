"""The game that runs in the page's worker (``ninetynine_audio/browser/``), without a browser.

The worker runs Pyodide, which has none of the compiled libraries the desktop game and the
server use. These tests hold the two things that make that work: the plain-Python stand-in for
msgspec writes and reads every protocol message exactly as msgspec does, and the game in
``game.zip`` (what the build ships) plays with pygame, aiohttp, msgspec, argon2 and openskill
all missing — in CPython, so a break is seen without building the page.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from ninetynine_audio.browser import structs
from ninetynine_audio.browser.build import LEFT_OUT, write_game_zip
from ninetynine_audio.i18n import LANGUAGES
from ninetynine_audio.online import protocol


def protocol_on_the_stand_in() -> ModuleType:
    """``online/protocol.py`` loaded again, its ``import msgspec`` answered by the stand-in."""
    spec = importlib.util.spec_from_file_location("protocol_on_stand_in", protocol.__file__)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # where its annotations are read back from
    saved = sys.modules.get("msgspec")
    sys.modules["msgspec"] = structs
    try:
        spec.loader.exec_module(module)
    finally:
        if saved is not None:
            sys.modules["msgspec"] = saved
    return module


def every_message(p: Any) -> list[Any]:
    """One or more of every message kind, with defaults and without, from module ``p``."""
    return [
        p.Hello(protocol=1, name="Ann"),
        p.Hello(protocol=1, name="Ann", password="x", verbosity="full", language="de"),
        p.Key(key="return", seq=3),
        p.Key(key="f1"),
        p.Command(command="speak_hand", seq=9),
        p.Answer(text=None),
        p.Answer(text="Bo"),
        p.Heard(seq=4, remaining=1.25),
        p.Settings(verbosity="brief"),
        p.Settings(words_per_minute=400),
        p.Create(game="classic", seats=["human", "easy"], options={"lives": 3, "x": True}),
        p.Join(code="123456"),
        p.Start(),
        p.Ping(seq=2),
        p.Welcome(protocol=1, name="Ann", account=False, guest_token="t"),
        p.Phrase(text="Dein Zug — 9 ♥", priority="now", cue="your_turn+card_played", pan=-0.5),
        p.Phrase(text="", seq=7, answer_to=3, mergeable=True, key="turn"),
        p.Speech(action="skip"),
        p.Cue(name="danger_97", pan=1.0),
        p.Display(
            title="Classic",
            lines=["Hand: 9   10", "Total 0"],
            highlight=0,
            busy=True,
            context="table.adding",
            groups=[p.Group(line=0, label="Hand", items=["9", "10"])],
        ),
        p.Display(title="Main menu", lines=[]),
        p.Ask(prompt="Name?", secret=True),
        p.TableInfo(code=None, game="classic", seat=0, state="playing"),
        p.TableInfo(code=None),
        p.Error(code="bad_message", text="No."),
        p.Bye(text="Goodbye.", retry=False),
        p.Pong(seq=1),
        p.Moved(url="ws://127.0.0.1:9/ws", code="123456"),
        p.Moved(),
        p.Admin(command="announce The server restarts at nine"),
        p.Note(text="The connection was lost. Trying again in 1 second."),
    ]


def test_the_stand_in_writes_and_reads_every_message_as_msgspec_does() -> None:
    plain = protocol_on_the_stand_in()
    assert plain.msgspec is structs and protocol.msgspec is not structs
    real_messages, plain_messages = every_message(protocol), every_message(plain)
    kinds = {type(m).__name__ for m in real_messages}
    union = {*protocol.ClientMessage.__args__, *protocol.ServerMessage.__args__}
    assert kinds == {kind.__name__ for kind in union}, "a message kind is not tried here"
    for real, mine in zip(real_messages, plain_messages, strict=True):
        text = protocol.encode(real)
        assert plain.encode(mine) == text
        from_client = isinstance(real, protocol.ClientMessage.__args__)
        again = (plain.decode_client if from_client else plain.decode_server)(text)
        assert type(again).__name__ == type(real).__name__
        assert plain.encode(again) == text
        assert again == mine
    assert plain.Key(key="a") != plain.Key(key="b")


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("not json", "bad_json"),
        ("[1, 2]", "bad_message"),
        ('{"type": "shout", "key": "a"}', "bad_message"),
        ('{"type": "key", "key": "a", "extra": 1}', "bad_message"),
        ('{"type": "key"}', "bad_message"),
        ("x" * (protocol.MAX_FRAME_BYTES + 1), "too_big"),
    ],
)
def test_the_stand_in_refuses_what_msgspec_refuses(frame: str, code: str) -> None:
    plain = protocol_on_the_stand_in()
    with pytest.raises(protocol.ProtocolError) as real:
        protocol.decode_client(frame)
    with pytest.raises(plain.ProtocolError) as mine:
        plain.decode_client(frame)
    assert real.value.code == mine.value.code == code


# Run in a fresh interpreter that cannot import what the browser lacks, from game.zip alone.
WORKER_SCRIPT = textwrap.dedent(
    """
    import importlib.abc, json, os, sys, time
    MISSING = {"pygame", "aiohttp", "msgspec", "argon2", "openskill", "pyttsx3",
               "accessible_output2", "bidi", "prismatoid"}

    class Missing(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name.split(".")[0] in MISSING:
                raise ModuleNotFoundError(name, name=name)
            return None

    sys.meta_path.insert(0, Missing())
    # As in the browser: nothing installed beside the standard library but what the zip holds.
    sys.path[:] = [p for p in sys.path if "-packages" not in p]
    sys.path.insert(0, sys.argv[1])
    from ninetynine_audio.browser.session import Session

    said, shown, tables = [], [], []

    def feed(frames):
        for frame in frames:
            message = json.loads(frame)
            if message["type"] == "phrase":
                said.append(message)
            elif message["type"] == "display":
                shown.append(message)
            elif message["type"] == "table":
                tables.append(message["state"])

    def key(session, name, seq):
        feed(session.receive(json.dumps({"type": "key", "key": name, "seq": seq})))

    def hello(session):
        feed(session.receive(json.dumps({"type": "hello", "protocol": 1, "name": "Ann",
                                         "words_per_minute": 900})))

    session = Session(bot_pause_ms=0)
    hello(session)
    first_menu = shown[-1]["lines"]
    # Play, Classic, two players (up twice from four), Normal, Start game.
    for seq, name in enumerate(["return", "return", "up", "up", "return", "return", "return"], 1):
        key(session, name, seq)
    deadline = time.monotonic() + 60
    narrated = lambda: [p for p in said if p.get("priority", "queue") != "now"]
    while len(narrated()) < 6 and time.monotonic() < deadline:
        time.sleep(0.02)
        feed(session.tick())
        feed(session.receive(json.dumps({"type": "heard", "seq": 10**6, "remaining": 0})))
    # Press the first card until one is played (an answer that is not a refusal).
    for seq in range(20, 40):
        before = len(said)
        key(session, "return", seq)
        answers = [p for p in said[before:] if p.get("answer_to") == seq]
        if answers and answers[0].get("priority", "queue") != "now":
            break
        key(session, "right", 100 + seq)
    saves = sorted(
        os.path.relpath(os.path.join(d, f), os.environ["NINETYNINE_AUDIO_HOME"])
        for d, _, files in os.walk(os.environ["NINETYNINE_AUDIO_HOME"]) for f in files
    )
    # A reload: a new session, the main menu offers to continue the match.
    again = Session(bot_pause_ms=0)
    shown.clear()
    hello(again)
    stand_in = sys.modules["msgspec"].__name__
    loaded = sorted(m for m in sys.modules if m.split(".")[0] in MISSING and m != "msgspec")
    print(json.dumps({
        "file": __import__("ninetynine_audio").__file__,
        "first_menu": first_menu, "said": [p["text"] for p in said], "tables": tables,
        "answers": [p for p in said if p.get("answer_to")], "saves": saves,
        "menu_after_reload": shown[-1]["lines"], "loaded": loaded, "stand_in": stand_in,
    }))
    """
)


def test_the_game_zip_plays_without_the_libraries_the_browser_lacks(tmp_path: Path) -> None:
    archive = tmp_path / "game.zip"
    write_game_zip(archive)
    with zipfile.ZipFile(archive) as zipped:
        names = set(zipped.namelist())
        zipped.extractall(tmp_path / "game")
    for left_out in LEFT_OUT:
        assert f"ninetynine_audio/{left_out}" not in names
    assert not any(n.startswith(("pygame", "aiohttp", "msgspec")) for n in names)
    locales = {Path(n).stem for n in names if n.startswith("babel/locale-data/")}
    shipped = {code for entry in LANGUAGES for code in (entry.code, entry.locale)}
    assert {"root", "en", "de", "es", "pt", "pt_BR", "fa"} <= locales
    # Each shipped language's locale with the ones it inherits from, and nothing else.
    assert locales <= shipped | {"root", "en", "en_001", "en_GB", "pt"}
    assert any(n.startswith("num2words/") for n in names)  # numbers in words, for the pacing
    assert "ninetynine_audio/_data/keymaps/default.toml" in names
    assert "ninetynine_audio/_data/rules/classic.md" in names

    environment = {**os.environ, "NINETYNINE_AUDIO_HOME": str(tmp_path / "home")}
    environment.pop("PYTHONPATH", None)
    result = subprocess.run(
        [sys.executable, "-I", "-c", WORKER_SCRIPT, str(tmp_path / "game")],
        capture_output=True,
        text=True,
        timeout=180,
        env=environment,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["file"].startswith(str(tmp_path / "game")), report["file"]
    assert report["loaded"] == []
    assert report["stand_in"] == "ninetynine_audio.browser.structs"
    assert report["first_menu"][0] == "Play" and "Play online" not in report["first_menu"]
    assert report["said"][0].startswith("Ninety-Nine. Main menu.")
    assert any(text.startswith("Round 1") for text in report["said"]), report["said"][:12]
    assert report["tables"][0] == "playing"
    assert report["answers"], "no phrase answered a key"
    assert "data/current_match.json" in report["saves"], report["saves"]
    assert report["menu_after_reload"][0].startswith("Continue"), report["menu_after_reload"]


def test_the_page_s_settings_are_the_game_s_own_and_kept(tmp_path: Path, monkeypatch: Any) -> None:
    """The voice, the volumes and the keymap file are the page's own options: the game's
    settings menu leaves them out, and what it changes is written to the data folder."""
    monkeypatch.setenv("NINETYNINE_AUDIO_HOME", str(tmp_path))
    from ninetynine_audio.browser.session import Session

    session = Session(bot_pause_ms=0)
    hello = {"type": "hello", "protocol": 1, "name": "Ann", "words_per_minute": 300}
    session.receive(json.dumps(hello))
    out: list[str] = []
    for seq, key in enumerate(["down"] * 4 + ["return", "right"], 1):  # Settings, Verbosity
        out = session.receive(json.dumps({"type": "key", "key": key, "seq": seq}))
    shown = [json.loads(f) for f in out if json.loads(f)["type"] == "display"][-1]
    assert shown["lines"][0].startswith("Verbosity")
    assert not any(line.startswith(("Speech", "Keymap", "Voice")) for line in shown["lines"])
    kept = json.loads((tmp_path / "config" / "settings.json").read_text(encoding="utf-8"))
    assert kept["verbosity"] == "full"
