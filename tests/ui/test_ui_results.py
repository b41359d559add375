"""Results after each match, the statistics screen and its reset, driven by keys.

Quick matches come from stacked decks in classic with one life: "win" deals You a King and a 9
against Lily's 9, 5 and 6 (she is stuck at 99); "lose" deals You 5, 6 and 7 against three
Kings (You are stuck at 99).
"""

from __future__ import annotations

import json

import pytest
from helpers.adding_keys import DECKS, play_to_the_end, quick_match

from ninetynine_audio.cards import parse_cards
from ninetynine_audio.games.adding import AddingOptions
from ninetynine_audio.games.setup import GameSetup, default_names
from ninetynine_audio.present import results as words
from ninetynine_audio.store.stats import load_statistics, statistics_file
from ninetynine_audio.ui.harness import make_app, make_heard_app
from ninetynine_audio.ui.results import ResultsScreen

pytestmark = pytest.mark.usefixtures("private_home")  # each test has its own files


def test_each_match_is_told_and_counted_once_per_game_and_level() -> None:
    expected = [
        (
            "win",
            "easy",
            "You finished 1st of 2 after 1 round. Classic, Easy: 1 win, 0 losses, "
            "100%; streak 1 win; best streak 1 win",
        ),
        (
            "win",
            "easy",
            "You finished 1st of 2 after 1 round. Classic, Easy: 2 wins, 0 losses, "
            "100%; streak 2 wins; best streak 2 wins",
        ),
        (
            "lose",
            "normal",
            "You finished 2nd of 2 after 1 round. Classic, Normal: 0 wins, "
            "1 loss, 0%; streak 1 loss; best streak none yet",
        ),
        (
            "lose",
            "easy",
            "You finished 2nd of 2 after 1 round. Classic, Easy: 2 wins, 1 loss, "
            "67%; streak 1 loss; best streak 2 wins",
        ),
        (
            "win",
            "normal",
            "You finished 1st of 2 after 1 round. Classic, Normal: 1 win, 1 loss, "
            "50%; streak 1 win; best streak 1 win",
        ),
    ]
    for outcome, level, summary in expected:
        h = quick_match(outcome, level)
        spoken = h.new_speech()
        assert summary in spoken
        assert spoken[-1] == "Up and Down read the details; Enter or Escape goes back to the menu"
        h.frames(5)  # lingering on the results counts nothing more
        h.press("escape")
        assert h.new_speech() == ["Main menu. Play, 1 of 9"]
    statistics, problem = load_statistics()
    assert problem is None
    easy = statistics.get("classic", "easy")
    normal = statistics.get("classic", "normal")
    assert (easy.played, easy.wins, easy.losses, easy.streak, easy.best_streak) == (3, 2, 1, -1, 2)
    assert (normal.played, normal.wins, normal.losses, normal.best_streak) == (2, 1, 1, 1)
    assert easy.places == (2, 1) and easy.rounds == 3


def test_the_results_are_browsed_line_by_line_and_enter_goes_to_the_menu() -> None:
    h = quick_match("lose", "normal")
    h.new_speech()
    h.press("down", "down", "down", "down", "down", "down", "down", "down", "down", "down")
    assert h.new_speech() == [
        "1 round played, 2 of 11",
        "Places: 1st Lily, 2nd You, 3 of 11",
        "Classic, Normal: 1 match, 4 of 11",
        "Wins: 0, 5 of 11",
        "Losses: 1, 6 of 11",
        "Win rate: 0%, 7 of 11",
        "Current streak: 1 loss, 8 of 11",
        "Best streak: 0 wins, 9 of 11",
        "Review this game, 10 of 11",
        "Play again with the same players, 11 of 11",
    ]
    h.press("home", "return")
    assert h.new_speech() == ["You finished 2nd of 2, 1 of 11", "Main menu. Play, 1 of 9"]


@pytest.mark.parametrize("key", ["return", "escape", "down", "t"])
def test_a_key_pressed_as_the_match_ends_waits_for_the_result_to_be_heard(key: str) -> None:
    """Lily's King ends the match while the player, at a screen reader, still hears it: a key
    pressed then was meant for the table. It sounds the refusal and does nothing else (no
    menu, no answer said ahead of the end); once the result is heard, keys work again."""
    setup = GameSetup(
        "classic",
        ("You", "Lily"),
        ("human", "easy"),
        AddingOptions(lives=1),
        5,
        parse_cards(DECKS["lose"]),
    )
    h, voice = make_heard_app(setup, bot_pause_ms=0)
    for _ in range(3000):
        table = h.table
        assert table is not None
        if table.is_over:
            break
        if table.bot_due is None and table.state.to_act in table.humans:
            h.press("1")  # the 5, then the cards drawn
        else:
            h.frames()
    assert isinstance(h.app.top, ResultsScreen)
    assert not h.app.speech_idle()
    said = len(h.spoken)
    h.press(key)
    assert isinstance(h.app.top, ResultsScreen)
    assert h.app.cues.names[-1] == "refused"
    assert len(h.spoken) == said  # nothing answered ahead of the end
    for _ in range(3000):
        if h.app.speech_idle():
            break
        h.frames()
    # Heard whole, in order: the end, the result, and the keys of the results.
    end, result, hint = voice.heard_whole[-3:]
    assert end == "Lily wins the game. Places: 1st Lily, 2nd You"
    assert result.startswith("You finished 2nd of 2")
    assert hint.startswith("Up and Down read the details")
    h.press("escape")
    assert h.new_speech()[-1] == "Main menu. Play, 1 of 9"


def test_play_again_deals_a_new_match_with_the_same_players() -> None:
    h = quick_match("win", "easy")
    h.press("end", "return")
    table = h.table
    assert table is not None and not table.is_over
    assert table.setup.kinds == ("human", "easy") and table.setup.deck is None


def test_an_arcade_match_is_counted_under_its_level() -> None:
    kinds = ("human", "easy", "easy", "easy")
    setup = GameSetup("arcade", default_names("arcade", kinds), kinds, AddingOptions(), 21)
    h = make_app(setup)
    table = play_to_the_end(h)
    result = table.result
    assert result is not None and result.place is not None
    statistics, _ = load_statistics()
    tally = statistics.get("arcade", "easy")
    assert tally.played == 1 and tally.wins == (result.place == 1)
    assert tally.rounds == result.rounds
    assert statistics.get("arcade", "normal").played == 0


def test_a_match_left_unfinished_is_not_counted() -> None:
    setup = GameSetup("classic", ("You", "Lily"), ("human", "easy"), AddingOptions(lives=1), 5)
    h = make_app(setup)
    h.frames(2)
    h.press("escape", "end", "return", "escape")
    assert not statistics_file().exists()


def test_the_statistics_screen_lists_every_game_and_level_and_resets_after_asking() -> None:
    quick_match("win", "easy")
    quick_match("lose", "normal")
    h = make_app()
    h.frames(1)
    h.new_speech()
    h.press("end", "up", "up", "up", "up", "up", "return")  # Statistics
    assert h.new_speech()[-1] == (
        "Statistics. Classic, Easy: 1 win, 0 losses, 100%; streak 1 win; best streak 1 win, 1 of 4"
    )
    h.press("down", "down")
    assert h.new_speech() == [
        "Classic, Normal: 0 wins, 1 loss, 0%; streak 1 loss; best streak none yet, 2 of 4",
        "Reset statistics, 3 of 4",
    ]
    h.press("return")
    assert h.new_speech() == [
        "Every result counted so far will be lost. Reset the statistics? No, 2 of 2"
    ]
    h.press("return")  # No
    assert h.new_speech() == ["Statistics. Reset statistics, 3 of 4"]
    assert load_statistics()[0].get("classic", "easy").played == 1
    h.press("return", "up", "return")  # Yes
    assert h.new_speech()[-1] == "Statistics reset. No finished matches yet, 1 of 2"
    assert json.loads(statistics_file().read_text())["games"] == {}
    h.press("escape")
    assert h.new_speech() == ["Main menu. Statistics, 4 of 9"]


def test_the_colour_and_trick_taking_games_count_turns_and_deals_not_rounds() -> None:
    assert words.place_text(2, 4, 29, game="colours") == "You finished 2nd of 4 after 29 turns"
    assert words.place_text(1, 3, 1, game="tricks") == "You finished 1st of 3 after 1 deal"
    assert words.place_text(1, 3, 9, game="classic") == "You finished 1st of 3 after 9 rounds"
    assert words.continue_label("tricks", "normal", 1) == "Continue: Tricks, Normal, deal 1"
    assert words.continued_text("colours", "normal", 12).endswith("Normal, turn 12")
    lines = words.result_lines(1, 4, 29, ("You",), "colours", "normal", None)
    assert "29 turns played" in lines
