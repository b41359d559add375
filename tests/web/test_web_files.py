"""The browser page's files and what the server gives it, without a browser.

The page must load nothing from the internet and need no build step: every file it names is in
``ninetynine_audio/web/``, every script is a plain module the browser runs as it is, and the
keys and sounds it asks the server for come from the game's own keymap and sound folder.
"""

from __future__ import annotations

import re

from ninetynine_audio.audio.cues import ALL_CUE_NAMES
from ninetynine_audio.input.commands import CONTEXTS, GLOBAL
from ninetynine_audio.input.keymap import load_default_keymap
from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.front import SeatApp, whole_text
from ninetynine_audio.online.page import (
    BROWSER_KEYS,
    PAGE_DIR,
    browser_keymap,
    keys_document,
    sound_path,
)
from ninetynine_audio.ui.reader import Paragraph, Reader

BUILT_FOLDER_ONLY = ("pyodide/",)
"""Files the folder ``ninetynine-audio build-web`` writes has beside the page's own."""
SERVED_BESIDE = ("offline/",)
"""What a table server gives beside the page: the folder of ``serve --offline-page``."""

WEB_FILES = sorted(p for p in PAGE_DIR.iterdir() if p.suffix in {".html", ".css", ".js"})


def test_the_page_names_only_its_own_files() -> None:
    assert (PAGE_DIR / "index.html").is_file()
    named: set[str] = set()
    for path in WEB_FILES:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"https?://|//[a-z0-9.-]+\.[a-z]{2,}/", text, re.I), path.name
        named |= set(re.findall(r'(?:src|href)="([^"#:]+)"', text))
        named |= set(re.findall(r'from "\./([^"]+)"', text))
    named.discard("data:,")
    assert named, "the page names no file at all"
    for name in named:
        if name.startswith(BUILT_FOLDER_ONLY):
            continue  # build-web adds Pyodide's files beside the page's (worker.js loads them)
        if name in SERVED_BESIDE:
            continue  # the server's route, shown only when it answers
        assert (PAGE_DIR / name).is_file(), f"{name} is named but not shipped"


def test_every_context_but_global_lists_its_commands_with_their_keys() -> None:
    contexts = keys_document()["contexts"]
    assert set(contexts) == set(CONTEXTS) - {GLOBAL}
    keymap = load_default_keymap()
    for context, commands in contexts.items():
        ids = [c["id"] for c in commands]
        assert len(ids) == len(set(ids)), context
        for command in commands:
            assert command["description"].strip(), command
            assert command["keys"], command
            assert keymap.gestures_for(context, command["id"]), command
        # Every screen also lists the global commands (key help, history, repeat).
        assert "key_help_list" in ids and "history_previous" in ids, context
    adding = [c["id"] for c in contexts["table.adding"]]
    for seed_control in ("announce_turn", "announce_total", "previous_card", "play_card"):
        assert seed_control in adding
    total = next(c for c in contexts["table.adding"] if c["id"] == "announce_total")
    assert total["keys"] == ["C"]


def test_sounds_are_the_shipped_cues_and_nothing_else() -> None:
    for name in ALL_CUE_NAMES:
        path = sound_path(f"{name}.wav")
        assert path is not None and path.is_file(), name
    for bad in ("../pyproject.toml", "your_turn", "your_turn.mp3", "..wav", "a/b.wav", "x.wav"):
        assert sound_path(bad) is None, bad


def test_the_page_files_are_small() -> None:
    total = sum(p.stat().st_size for p in WEB_FILES)
    assert 0 < total < 100_000, total  # hand-written, no library bundled


def test_scripts_are_modules_the_browser_runs_as_they_are() -> None:
    html = (PAGE_DIR / "index.html").read_text(encoding="utf-8")
    assert '<script type="module" src="app.js">' in html
    for path in WEB_FILES:
        if path.suffix == ".js":
            text = path.read_text(encoding="utf-8")
            assert "require(" not in text and "import(" not in text, path.name
            for module in re.findall(r'from "([^"]+)"', text):
                built = module[2:].startswith(BUILT_FOLDER_ONLY)  # Pyodide's own pyodide.mjs
                assert module.startswith("./") and (module.endswith(".js") or built), module


def test_the_page_keys_are_the_shipped_ones_but_the_browser_s_own() -> None:
    contexts = keys_document()["contexts"]
    shipped = load_default_keymap()
    for context, commands in contexts.items():
        for command in commands:
            # The page catches the keys it is given here, and no other.
            assert len(command["gestures"]) == len(command["keys"]), command
            assert not set(command["gestures"]) & BROWSER_KEYS, command
            left = [
                g for g in shipped.gestures_for(context, command["id"]) if g not in BROWSER_KEYS
            ]
            assert command["gestures"] == left, (context, command)
    menu = {c["id"]: c["gestures"] for c in contexts["menu"]}
    assert menu["move_up"] == ["up"] and menu["move_down"] == ["down"]
    assert browser_keymap().command_for("menu", "tab") is None
    assert shipped.command_for("menu", "tab") == "move_down"


def test_a_text_screen_is_sent_whole_to_the_page_in_lines_broken_between_words() -> None:
    long = " ".join(f"Hitting{n}" for n in range(60))  # about 540 characters
    paragraphs = [Paragraph("Rules", is_heading=True), Paragraph(long)]
    paragraphs += [Paragraph(f"Paragraph {n}.") for n in range(6)]
    reader = Reader("Rules", paragraphs)
    reader.index = 1
    lines, current = whole_text(reader)
    assert lines[0] == "Rules" and current == 1
    assert all(len(line) <= 200 for line in lines)
    long_lines = lines[1 : len(lines) - 6]
    assert len(long_lines) >= 3 and " ".join(long_lines) == long
    assert lines[-1] == "Paragraph 5."
    # A long text: 64 lines from a little before the current paragraph.
    reader = Reader("Rules", [Paragraph(f"Paragraph {n}.") for n in range(200)])
    reader.index = 100
    lines, current = whole_text(reader)
    assert len(lines) == 64 and lines[current] == "Paragraph 100." and current == 8


def test_settings_changed_while_connected_are_used_at_once_and_said() -> None:
    sent: list[p.ServerMessage] = []
    app = SeatApp(sent.append, verbosity="normal", wpm=180)
    app.change_settings("brief", 320)
    assert app.settings.verbosity == "brief" and app.settings.screen_reader_rate_wpm == 320
    assert app.remote.words_per_minute == 320
    said = [(m.text, m.priority) for m in sent if isinstance(m, p.Phrase)]
    assert said == [
        ("Verbosity: brief", "now"),
        ("Screen reader speed: 320 words per minute", "queue"),
    ]
    # Nothing changed: nothing said.
    app.change_settings("brief", None)
    assert len([m for m in sent if isinstance(m, p.Phrase)]) == 2


def test_a_browser_seat_has_the_keys_the_page_leaves_it() -> None:
    app = SeatApp(lambda message: None)
    assert app.keymap.command_for("menu", "tab") == "move_down"
    app.use_client("browser")
    assert app.keymap.command_for("menu", "tab") is None
    assert app.keymap.command_for("menu", "down") == "move_down"
    app.use_client("game")
    assert app.keymap.command_for("menu", "shift+tab") == "move_up"
