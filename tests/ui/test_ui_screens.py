"""Menus, settings, the rules reader, key help and keymap problems, driven by posted keys."""

from __future__ import annotations

import argparse
import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from ninetynine_audio.games.adding import AddingOptions, GameEnded, LivesChanged, PlayerOut
from ninetynine_audio.games.registry import game_ids
from ninetynine_audio.games.setup import GameSetup
from ninetynine_audio.i18n import ENGLISH, set_language
from ninetynine_audio.ui.harness import make_app
from ninetynine_audio.ui.screen import Menu, MenuItem
from ninetynine_audio.ui.start import build_app
from ninetynine_audio.ui.textmode import run_text

pytestmark = pytest.mark.usefixtures("private_home")  # each test has its own files


def test_the_main_menu_speaks_positions_wraps_and_jumps_by_letter() -> None:
    h = make_app()
    h.frames(1)
    assert h.new_speech() == ["Ninety-Nine. Main menu. Play, 1 of 9"]
    h.press("up")
    assert h.new_speech() == ["Quit, 9 of 9"]
    assert h.app.cues.names[-1] == "menu_edge"
    h.press("down")
    assert h.new_speech() == ["Play, 1 of 9"]
    assert h.app.cues.names[-1] == "menu_edge"
    h.press("down")
    assert h.new_speech() == ["Rules, 2 of 9"]
    assert h.app.cues.names[-1] == "menu_move"
    h.press("s", "s", "k", "end", "home")
    assert h.new_speech() == [
        "Statistics, 4 of 9",
        "Settings, 5 of 9",
        "Keys, 3 of 9",
        "Quit, 9 of 9",
        "Play, 1 of 9",
    ]
    h.press("q", "return")
    assert h.new_speech() == ["Quit, 9 of 9", "Goodbye"]
    assert not h.app.running


def test_a_menu_item_is_reached_by_its_number_past_the_ninth() -> None:
    h = make_app()
    h.frames(1)
    items = [MenuItem(f"Game {n}", lambda app: None) for n in range(1, 13)]
    h.app.push(Menu("Play", items))
    h.new_speech()
    h.press("3")
    assert h.new_speech() == ["Game 3, 3 of 12"]
    h.press("1", "2")  # typed together: the twelfth
    assert h.new_speech() == ["Game 1, 1 of 12", "Game 12, 12 of 12"]
    h.clock.advance(2.0)
    h.press("2")  # later on its own: the second
    assert h.new_speech() == ["Game 2, 2 of 12"]
    h.press("1", "9")  # no nineteenth: the nine starts again
    assert h.new_speech() == ["Game 1, 1 of 12", "Game 9, 9 of 12"]


def test_settings_change_at_once_and_are_saved(private_home: Path) -> None:
    h = make_app()
    h.press("s", "s", "return")
    assert h.new_speech()[-1] == "Settings. Speech: automatic, using recorder, 1 of 12"
    h.press("down", "return")
    assert h.new_speech() == ["Verbosity: normal, 2 of 12", "Verbosity: full, 2 of 12"]
    h.press("return")  # at the end Enter turns back instead of wrapping round
    assert h.new_speech() == ["Verbosity: normal, 2 of 12"]
    h.press("left")
    assert h.new_speech() == ["Verbosity: brief"]  # brief drops the position
    h.press("down", "return")
    assert h.new_speech() == ["Sound: on", "Sound: off"]
    assert not h.app.cues.player.enabled
    h.press("down", "down", "down", "down", "down", "return")
    assert h.new_speech()[-1] == "Pause after computer moves: 1200 milliseconds"
    saved = json.loads((private_home / "config" / "settings.json").read_text())
    assert saved["verbosity"] == "brief"
    assert saved["sound_enabled"] is False
    assert saved["bot_pause_ms"] == 1200
    h.press("escape")
    assert h.new_speech() == ["Main menu. Settings"]


def test_the_speech_setting_offers_a_list_and_switches_backend() -> None:
    h = make_app()
    h.press("s", "s", "return", "return")
    assert h.new_speech()[-1] == "Speech. Automatic, 1 of 4"
    h.press("end", "return")  # Text
    assert h.app.speaker.backend.name == "text"
    assert h.app.settings.speech_backend == "text"


def test_the_rules_reader_moves_by_paragraph_and_heading() -> None:
    h = make_app()
    h.press("down", "return")  # Rules
    assert h.new_speech()[-1] == f"Rules of which game. Classic, 1 of {len(game_ids())}"
    h.press("return")
    assert h.new_speech() == ["Rules: Classic. Ninety-Nine, the classic adding game, heading"]
    h.press("down")
    assert h.new_speech() == ["Overview, heading"]
    h.press("down")
    assert h.new_speech()[0].startswith("Players take turns laying a card")
    h.press("right")
    assert h.new_speech() == ["Setting up, heading"]
    h.press("home", "up")
    assert h.new_speech() == [
        "Ninety-Nine, the classic adding game, heading",
        "Start of the text",
    ]
    h.press("escape")
    assert h.new_speech() == [f"Rules of which game. Classic, 1 of {len(game_ids())}"]


def test_f1_lists_the_keys_of_the_screen_and_f12_explains_keys() -> None:
    h = make_app()
    h.new_speech()
    h.press("f1")
    assert h.new_speech() == [
        "Keys here, Main menu. Up arrow or Shift plus Tab: Move to the previous item"
    ]
    h.press("down")
    assert h.new_speech() == ["Down arrow or Tab: Move to the next item"]
    h.press("end")
    assert h.new_speech()[-1] == "Alt plus P: Say the time a message takes to the server and back"
    h.press("escape")
    assert h.new_speech() == ["Main menu. Play, 1 of 9"]
    h.press("f12", "return", "x", "f12", "down")
    assert h.new_speech() == [
        "Key help on: press a key to hear what it does, F12 or Escape to leave",
        "Enter: Choose this item",
        "X: nothing here",
        "Key help off",
        "Rules, 2 of 9",
    ]


def test_a_key_that_does_nothing_here_says_so_and_which_key_lists_the_keys() -> None:
    setup = GameSetup("classic", ("You", "Lily"), ("human", "normal"), AddingOptions(), 3)
    h = make_app(setup)
    h.frames(2)
    h.new_speech()
    table = h.table
    assert table is not None
    hand = list(table.state.hands[0])
    h.app.cues.played.clear()
    h.press("x", "ctrl+q")
    assert h.new_speech() == [
        "X does nothing here. F1 lists the keys of this screen.",
        "Control plus Q does nothing here. F1 lists the keys of this screen.",
    ]
    assert h.app.cues.names == ["refused", "refused"]
    assert h.table is table and list(table.state.hands[0]) == hand
    # In a menu, a letter no item starts with.
    h.press("escape")
    h.new_speech()
    h.press("x")
    assert h.new_speech() == ["X does nothing here. F1 lists the keys of this screen."]


def test_the_key_that_lists_the_keys_is_named_as_the_players_keymap_has_it(
    private_home: Path,
) -> None:
    config = private_home / "config"
    config.mkdir()
    (config / "keymap.toml").write_text('schema = 1\n[global]\nkey_help_list = ["f3"]\n')
    h = make_app()
    h.frames(1)
    h.new_speech()
    h.press("x", "f1")
    assert h.new_speech() == [
        "X does nothing here. F3 lists the keys of this screen.",
        "F1 does nothing here. F3 lists the keys of this screen.",
    ]


def test_a_modifier_alone_and_the_screen_readers_keys_stay_silent() -> None:
    h = make_app()
    h.frames(1)
    h.new_speech()
    h.app.cues.played.clear()
    h.press("shift", "alt", "insert", "capslock", "kp0", "shift+insert")
    # The browser's page sends some of them straight to the app.
    for gesture in ("shift", "alt", "insert", "kp0", "ctrl+insert"):
        h.app.handle_gesture(gesture)
    h.frames(1)
    assert h.new_speech() == []
    assert h.app.cues.names == []
    # Typed in text mode, their names were meant as keys: they are answered.
    h.app.handle_gesture("shift", typed=True)
    assert h.new_speech() == ["Shift does nothing here. F1 lists the keys of this screen."]


@pytest.fixture
def english_after() -> Iterator[None]:
    """A test that plays in another language sets the process's language: English after it."""
    yield
    set_language(ENGLISH)


@pytest.mark.usefixtures("english_after")
def test_a_key_that_does_nothing_here_says_so_in_the_language_in_use() -> None:
    h = make_app(extra_args=[("language", "de")])
    h.frames(1)
    h.new_speech()
    h.press("x", "ctrl+q")
    assert h.new_speech() == [
        "X tut hier nichts. F1 listet die Tasten dieses Bildschirms auf.",
        "Strg plus Q tut hier nichts. F1 listet die Tasten dieses Bildschirms auf.",
    ]


def test_a_key_whose_command_means_nothing_on_the_item_says_so() -> None:
    """Left and Right change a setting; on a menu item that is not one they do nothing, and
    the player hears that rather than silence."""
    h = make_app()
    h.frames(2)
    h.new_speech()
    h.press("left", "right")
    assert h.new_speech() == [
        "Left arrow does nothing here. F1 lists the keys of this screen.",
        "Right arrow does nothing here. F1 lists the keys of this screen.",
    ]


def test_text_mode_answers_a_typed_key_that_does_nothing_here() -> None:
    out = io.StringIO()
    args = argparse.Namespace(text=True, speech="text", bot_pause=0, log_events=None)
    app, notices = build_app(args, 1, stream=out)
    app.start(None, notices)
    run_text(app, io.StringIO("x\nshift\nsideways\n"), wait_for_game=True, sleep=lambda s: 0)
    lines = out.getvalue().splitlines()
    assert "X does nothing here. F1 lists the keys of this screen." in lines, lines
    assert "Shift does nothing here. F1 lists the keys of this screen." in lines, lines
    assert "sideways is not a key name" in lines, lines  # a word that names no key, as before


def test_a_broken_keymap_is_reported_and_the_default_keys_work(private_home: Path) -> None:
    config = private_home / "config"
    config.mkdir()
    (config / "keymap.toml").write_text('schema = 1\n[table.adding]\nannounce_total = ["r"]\n')
    setup = GameSetup("classic", ("You", "Lily"), ("human", "normal"), AddingOptions(), 3)
    h = make_app(setup)
    h.frames(1)
    spoken = h.new_speech()
    # Said before the game opens, not between the player's cards and their first key.
    assert spoken[:3] == [
        "Ninety-Nine",
        'Your keymap was not used. keymap.toml, section [table.adding], announce_total: "r" is '
        "already used by repeat_last in [global]. The default keys are in use.",
        "Classic. You and Lily. 5 lives each",
    ], spoken
    h.press("c", "r")
    assert h.new_speech() == ["Total 0", "Total 0"]  # C, then R repeats it


def test_a_good_user_keymap_changes_keys(private_home: Path) -> None:
    config = private_home / "config"
    config.mkdir()
    (config / "keymap.toml").write_text('schema = 1\n[table]\nannounce_total = ["w"]\n')
    setup = GameSetup("classic", ("You", "Lily"), ("human", "normal"), AddingOptions(), 3)
    h = make_app(setup)
    h.frames(1)
    h.new_speech()
    h.press("c", "w")
    # C no longer announces the total (it says it does nothing); W does.
    assert h.new_speech() == ["C does nothing here. F1 lists the keys of this screen.", "Total 0"]


def test_a_fast_game_drops_old_narration_but_never_a_result() -> None:
    setup = GameSetup(
        "classic",
        ("Ann", "Bob", "Cat"),
        ("normal", "easy", "normal"),
        AddingOptions(lives=1),
        12,
    )
    h = make_app(setup, bot_pause_ms=0)
    h.recorder.hold = True  # the voice is always still talking: a backlog would build
    h.press("s", frames=400)
    table = h.table
    assert table is not None and table.is_over
    for _ in range(400):
        h.recorder.finish()
        h.frames(1)
    spoken = "\n".join(h.spoken)
    results = [e for e in table.events if isinstance(e, LivesChanged | PlayerOut | GameEnded)]
    assert results
    for event in results:
        if isinstance(event, LivesChanged):
            assert f"{event.player} loses a life" in spoken
        elif isinstance(event, PlayerOut):
            assert f"{event.player} is out" in spoken
    winner = next(e for e in table.events if isinstance(e, GameEnded)).winner
    assert f"{winner} wins the game" in spoken
    played = sum(1 for line in h.app.speaker.history if " plays " in line)
    assert sum(1 for line in h.spoken if " plays " in line) < played


def test_text_mode_lines_become_key_presses() -> None:
    from ninetynine_audio.ui.textmode import gestures_of_line

    assert gestures_of_line("\n") == (["return"], [])
    assert gestures_of_line("right right Enter\n") == (["right", "right", "return"], [])
    assert gestures_of_line("shift+tab ? +\n") == (["shift+tab", "shift+slash", "plus"], [])
    assert gestures_of_line("\x1b[B\x1b[A\n") == (["down", "up"], [])
    assert gestures_of_line("\x1b\n") == (["escape"], [])
    assert gestures_of_line("up sideways\n") == (["up"], ["sideways"])


def test_r_repeats_the_last_phrase_in_a_menu_as_everywhere() -> None:
    h = make_app()
    h.frames(1)
    opening = h.new_speech()[-1]
    h.press("r")
    assert h.new_speech() == [opening]  # not a jump to Rules
    h.press("down")
    h.new_speech()
    h.press("r")
    assert h.new_speech() == ["Rules, 2 of 9"]


@pytest.mark.parametrize(
    ("game", "players", "line"),
    [("classic", 4, "Lives: game default, 5"), ("tactical", 4, "Points: game default, 10")],
)
def test_an_option_line_says_the_games_default_and_right_and_left_change_it(
    game: str, players: int, line: str
) -> None:
    from ninetynine_audio.ui.menus import Draft, options_menu

    h = make_app()
    h.frames(1)
    draft = Draft(game, players)
    h.app.push(options_menu(draft))
    h.new_speech()
    h.press("down")
    assert h.new_speech()[-1].startswith(line)
    h.press("right")
    assert draft.options["lives"] == 1
    assert h.new_speech()[-1].startswith(line.split(":")[0] + ": 1")
    h.press("left")
    assert draft.options["lives"] is None
    h.press("left")  # the end of the values: felt, not wrapped
    assert draft.options["lives"] is None and h.app.cues.names[-1] == "menu_edge"
