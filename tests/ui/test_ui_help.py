"""Help while playing: rules read by keys, key help, history, practice and hints; the settings
added for them. All driven by posted keys through the real loop."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.adding_keys import stacked

from ninetynine_audio.games.registry import game_ids
from ninetynine_audio.present.screens import heading_text
from ninetynine_audio.ui.harness import make_app
from ninetynine_audio.ui.match import MatchScreen as TableScreen
from ninetynine_audio.ui.reader import Reader, rules_paragraphs

pytestmark = pytest.mark.usefixtures("private_home")  # each test has its own files

GAMES = game_ids()


@pytest.mark.parametrize("game", GAMES)
def test_every_game_s_rules_are_read_to_the_end_by_keys(game: str) -> None:
    paragraphs = rules_paragraphs(game)
    assert paragraphs is not None and len(paragraphs) > 10
    h = make_app()
    h.frames(1)
    h.press("down", "return")  # Rules
    for _ in range(GAMES.index(game)):
        h.press("down")
    h.new_speech()
    h.press("return")
    heard = h.new_speech()
    assert heard[-1].endswith(heading_text(paragraphs[0].text))
    for _ in range(len(paragraphs) - 1):
        h.press("down")
    heard = h.new_speech()
    # Every paragraph in order, each heading marked as one.
    assert heard == [heading_text(p.text) if p.is_heading else p.text for p in paragraphs[1:]]
    h.press("down")
    assert h.new_speech() == ["End of the text"]
    # Headings back to the start with Left, forward with PageDown.
    headings = [heading_text(p.text) for p in paragraphs if p.is_heading]
    for _ in range(len(headings) + 1):
        h.press("left")
    back = h.new_speech()
    assert back[:-1] == list(reversed(headings))[: len(back) - 1]
    assert back[-1] == "Start of the text"
    h.press("home", "pagedown", "pagedown", "end")
    # The title is the first heading, so PageDown from it goes to the second.
    assert paragraphs[0].is_heading
    assert h.new_speech() == [headings[0], *headings[1:3], paragraphs[-1].text]
    h.press("escape")
    assert not isinstance(h.app.top, Reader)


def test_rules_open_from_the_table_and_the_pause_menu_and_return_to_them() -> None:
    h = stacked("KS 9H 7C 5D 9C 6D 2S")
    h.press("f2")
    assert h.new_speech()[0].startswith("Rules: Classic. ")
    h.press("escape")
    assert h.new_speech() == ["Your turn, total 0"]
    h.press("escape", "down", "down", "down", "return")
    assert h.new_speech()[-1].startswith("Rules: Classic. ")
    h.press("escape")
    assert h.new_speech() == ["Paused. Rules, 4 of 5"]


def test_key_help_says_what_keys_do_and_ends_with_the_same_key_or_escape() -> None:
    h = stacked("KS 9H 7C 5D 9C 6D 2S")
    h.press("f12", "c", "return", "escape")
    assert h.new_speech() == [
        "Key help on: press a key to hear what it does, F12 or Escape to leave",
        "C: Announce the total",
        "Enter: Play the selected card",
        "Key help off",
    ]
    table = h.table
    assert table is not None and len(table.state.hands[0]) == 3, "a key in key help did nothing"
    h.press("f12", "f12", "c")
    assert h.new_speech()[-2:] == ["Key help off", "Total 0"]
    h.press("f1")
    h.press(*["down"] * 30)
    keys = h.new_speech()
    assert keys[0].startswith("Keys here, Classic. ")
    listed = [keys[0].removeprefix("Keys here, Classic. "), *keys[1:]]
    assert "C: Announce the total" in listed and "T: Say whose turn it is" in listed
    assert "F2: Read the rules of this game" in listed
    h.press("escape")
    assert isinstance(h.app.top, TableScreen)


def test_history_steps_through_what_was_said_with_the_ends_marked() -> None:
    h = make_app()
    h.frames(1)
    h.press("down", "down")
    h.new_speech()
    # (R, which repeats, is a letter jump in menus: the table's own test covers it.)
    h.press("comma", "comma", "comma", "comma", "period", "period", "period")
    assert h.new_speech() == [
        "Rules, 2 of 9",
        "Ninety-Nine. Main menu. Play, 1 of 9. First message",
        "No more messages",
        "No more messages",
        "Rules, 2 of 9",
        "Keys, 3 of 9. Last message",
        "No more messages",
    ]


def test_history_browsed_again_reads_what_the_game_said_not_its_own_answers() -> None:
    h = make_app()
    h.frames(1)
    h.press("down", "down")
    h.press("comma", "comma", "comma")  # back to the first message, then past it
    h.press("up")  # another key: the next browse starts again from the newest
    h.new_speech()
    h.press("comma", "comma")
    assert h.new_speech() == ["Keys, 3 of 9", "Rules, 2 of 9"]


def test_practice_follows_the_play_with_what_it_leaves_without_saying_it_twice() -> None:
    h = stacked("5S KS 6D KH 7C KD 2S 3S 4C 4D", practice=True)
    h.press("2", frames=3)  # your cards are 5, 6 and 7
    spoken = h.new_speech()
    assert spoken[0] == "You play 6, total 6"
    assert spoken[1] == "Lily is next"


def test_practice_names_what_the_next_player_must_hold() -> None:
    h = stacked("KS 9H 7C 5D 9C 6D 2S", practice=True)
    h.press("1", frames=3)
    spoken = h.new_speech()
    assert spoken[0] == "You play King, total 99"
    assert spoken[1] == "Lily is next and must hold a 4, 9, 10 or King"


def test_practice_in_tactical_says_what_a_landing_wins() -> None:
    h = stacked("QS 9S QH 9H QC 9D 5C 9C 5D 4S 3S 4H", "tactical", practice=True)
    for _ in range(3):
        h.press("1", frames=3)
    table = h.table
    assert table is not None and table.state.total == 30
    h.new_speech()
    h.press("3", frames=3)  # the 3, onto 33
    spoken = h.new_speech()
    # In tactical a 2 doubles the total: from 33 it lands on 66.
    assert spoken[0] == "You play 3, total 33"
    assert "Lily is next; a 2 would land Lily on 66" in spoken[1:3]
    assert sum("total 33" in line or "to 33" in line for line in spoken[:3]) == 1, spoken


def test_the_hint_suggests_a_play_with_its_reason() -> None:
    h = stacked("5S KS 6D KH 7C KD 2S 3S 4C 4D")
    h.press("1", frames=3)  # 5; Lily's King; You are stuck and a new round begins
    h.new_speech()
    table = h.table
    assert table is not None and table.state.to_act == 0
    h.press("slash")
    [hint] = h.new_speech()
    assert hint.startswith("Try ") and ": " in hint
    assert "keeps your King for later" in hint or "King, to 99" in hint
    h.press("shift+slash")
    assert h.new_speech() == [hint], "asking again gives the same hint"


def test_the_new_settings_are_spoken_applied_and_saved(private_home: Path) -> None:
    config = private_home / "config"
    config.mkdir()
    (config / "left-hand.toml").write_text('schema = 1\n[table]\nannounce_total = ["w"]\n')
    (config / "broken.toml").write_text('schema = 1\n[table]\nannounce_total = ["r"]\n')
    h = make_app()
    h.frames(1)
    h.press("s", "s", "return")
    h.new_speech()
    h.press("down", "down", "down", "down", "down", "return")
    assert h.new_speech()[-2:] == ["Voice volume: 100, 6 of 12", "Voice volume: 90, 6 of 12"]
    h.press("down", "down", "down", "return")
    assert h.new_speech() == [
        "Screen reader speed: 200 words per minute, 7 of 12",
        "Pause after computer moves: 900 milliseconds, 8 of 12",
        "Practice: off, 9 of 12",
        "Practice: on, 9 of 12",
    ]
    assert h.app.settings.practice is True
    h.press("down", "return")
    assert h.new_speech() == ["Keymap: usual keys, 10 of 12", "Keymap. Usual keys, 1 of 3"]
    h.press("down", "down", "return")  # left-hand.toml
    spoken = h.new_speech()
    assert spoken[-1] == "Settings. Keymap: left-hand.toml, 10 of 12"
    assert h.app.keymap.command_for("table.adding", "w") == "announce_total"
    h.press("return", "up", "return")  # broken.toml
    spoken = h.new_speech()
    assert any(line.startswith("Your keymap was not used. broken.toml") for line in spoken)
    assert h.app.keymap.command_for("table.adding", "c") == "announce_total"
    saved = json.loads((config / "settings.json").read_text())
    assert saved["tts_volume"] == 90 and saved["practice"] is True
    assert saved["keymap_path"].endswith("broken.toml")


def test_history_at_the_table_starts_with_the_match() -> None:
    h = make_app()
    h.frames(1)
    h.new_speech()
    h.press("return", "down", "return", "return", frames=3)  # Play, Arcade, Normal
    assert any(text.startswith("Arcade") for text in h.new_speech())
    h.press(*(["comma"] * 40))
    browsed = h.new_speech()
    first = next(text for text in browsed if text.endswith("First message"))
    assert first.startswith("Arcade")
    assert not any("Main menu" in text for text in browsed)
