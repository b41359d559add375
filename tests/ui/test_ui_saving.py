"""Leaving a match and continuing it, damaged saves, and the question before a new game.

Everything is driven by posted keys through the real loop; a new app built over the same
folder stands for the game being started again.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.adding_keys import keys_for_turn, play_to_the_end

from ninetynine_audio.games.adding import AddingOptions
from ninetynine_audio.games.registry import game_ids
from ninetynine_audio.games.setup import GameSetup, default_names
from ninetynine_audio.store.saves import match_file
from ninetynine_audio.ui.harness import Harness, make_app
from ninetynine_audio.ui.match import MatchScreen

KINDS = ("human", "normal", "normal", "normal")


pytestmark = pytest.mark.usefixtures("private_home")  # each test has its own files


def arcade(seed: int) -> GameSetup:
    return GameSetup("arcade", default_names("arcade", KINDS), KINDS, AddingOptions(), seed)


def play_turns(h: Harness, turns: int) -> MatchScreen:
    """Play ``turns`` turns of the human, letting the computer players act in between."""
    table = h.table
    assert table is not None
    done = 0
    for _ in range(5000):
        if done == turns or table.is_over:
            break
        if table.bot_due is None and table.state.to_act in table.humans:
            h.press(*keys_for_turn(table, done))
            done += 1
        else:
            h.frames(1)
    # Let the computer players finish so the match stops on a human turn.
    for _ in range(200):
        if table.bot_due is None:
            break
        h.frames(1)
    assert done == turns and not table.is_over
    return table


@pytest.mark.parametrize("seed", [21])
def test_a_match_left_and_continued_plays_on_exactly_as_without_the_break(seed: int) -> None:
    whole = play_to_the_end(make_app(arcade(seed)))
    assert not match_file().exists(), "a finished match must not stay saved"

    first = make_app(arcade(seed))
    left = play_turns(first, 6)
    round_left = left.state.round
    first.press("escape", "end", "return")  # pause menu, Quit to menu
    assert first.new_speech()[-1] == (
        f"Main menu. Continue: Arcade, Normal, round {round_left}, 1 of 10"
    )
    record = json.loads(match_file().read_text())
    assert record["summary"] == {"game": "arcade", "level": "normal", "round": round_left}
    first.press("escape")  # quit the game

    again = make_app()  # the game started again
    again.frames(1)
    assert again.new_speech()[0] == (
        f"Ninety-Nine. Main menu. Continue: Arcade, Normal, round {round_left}, 1 of 10"
    )
    again.press("return")
    spoken = again.new_speech()
    hand = left.state.hands[0]
    assert spoken[0].startswith(f"Continuing Arcade, Normal, round {round_left}. ")
    assert spoken[0].count(", to ") + spoken[0].count(" to ") >= len(hand), "the hand is read"
    table = again.table
    assert table is not None
    assert table.state == left.state
    assert table.events == left.events
    finished = play_to_the_end(again)
    assert finished.events == whole.events
    assert finished.state == whole.state
    assert not match_file().exists()


def test_a_damaged_save_is_told_once_and_the_menu_has_no_continue(private_home: Path) -> None:
    folder = private_home / "data"
    folder.mkdir()
    (folder / "current_match.json").write_text('{"schema": 1, "game": "arc')
    h = make_app()
    h.frames(1)
    spoken = h.new_speech()
    assert spoken[0] == "Ninety-Nine. Main menu. Play, 1 of 9"
    assert len(spoken) == 2 and "current_match.json" in spoken[1]
    assert (folder / "current_match.json.broken").exists()
    h.press("s", "s", "return", "escape")
    assert h.new_speech()[-1] == "Main menu. Settings, 5 of 9"  # told only once
    h.press("home", "return")
    assert h.new_speech()[-1].startswith("Choose a game. Classic")


def test_a_save_that_cannot_be_replayed_is_set_aside(private_home: Path) -> None:
    h = make_app(arcade(3))
    h.frames(2)
    record = json.loads(match_file().read_text())
    record["actions"] = [["play", 2, "KS", None]]  # not seat 2's turn, nor its card
    match_file().write_text(json.dumps(record))
    again = make_app()
    again.frames(1)
    spoken = again.new_speech()
    assert spoken[0] == "Ninety-Nine. Main menu. Play, 1 of 9"
    assert "cannot be continued" in spoken[1]


@pytest.mark.parametrize("answer", ["no", "yes"])
def test_a_new_game_asks_before_dropping_the_saved_match(answer: str) -> None:
    first = make_app(arcade(8))
    play_turns(first, 1)
    saved = match_file().read_text()
    again = make_app()
    again.frames(1)
    again.new_speech()
    again.press("down", "return")  # Play
    assert again.new_speech() == [
        "Play, 2 of 10",
        "A saved match will be lost. Start a new game? No, 2 of 2",
    ]
    if answer == "no":
        again.press("return")
        assert again.new_speech() == ["Main menu. Play, 2 of 10"]
        assert match_file().read_text() == saved
        again.press("escape")
        return
    again.press("up", "return")
    assert again.new_speech() == [
        "Yes, 1 of 2",
        "Choose a game. Classic: keep the total at 99 or less; 2 to 8 players,"
        f" 1 of {len(game_ids())}",
    ]
    # Yes only leads to the choice of a game: the saved match goes once one really starts.
    assert match_file().read_text() == saved
    again.press("escape")
    assert again.new_speech() == ["Main menu. Play, 2 of 10"]
    assert match_file().read_text() == saved
