"""Whole games of classic, arcade and tactical played by key presses through the real loop.

Keys are posted to pygame's event queue (dummy video and audio drivers), the window's frame
loop handles them, and speech goes to the recording backend. Computer players act without a
pause. Each game is checked against the engine's own events: every card played, its total,
every life lost and the winner must have been spoken.
"""

from __future__ import annotations

import pytest
from helpers.adding_keys import play_to_the_end

from ninetynine_audio.cards import parse_cards
from ninetynine_audio.games.adding import (
    AddingOptions,
    CardPlayed,
    GameEnded,
    LivesChanged,
    PlayerOut,
    Scoring,
)
from ninetynine_audio.games.setup import GameSetup
from ninetynine_audio.present.adding.events import card_played_text
from ninetynine_audio.ui.harness import Harness, make_app
from ninetynine_audio.ui.match import MatchScreen

pytestmark = pytest.mark.usefixtures("private_home")  # each test has its own files


def assert_game_was_spoken(h: Harness, table: MatchScreen) -> None:
    spoken = h.spoken
    text = "\n".join(spoken)
    plays = [e for e in table.events if isinstance(e, CardPlayed)]
    assert plays, "no card was played"
    for event in plays:
        phrase = card_played_text(event, h.app.settings.verbosity, table.setup.game)
        assert str(event.total) in phrase and event.player in phrase
        assert any(phrase in line for line in spoken), phrase
    for event in table.events:
        if isinstance(event, LivesChanged):
            # Alone: "Lily loses a life, 2 left"; together: "… lose 1 point each … Lily 2".
            left = f"{event.lives} left" if event.lives > 0 else "no "
            listed = f"{event.player} {event.lives if event.lives > 0 else 'out'}"
            assert any(
                event.player in line and "lose" in line and (left in line or listed in line)
                for line in spoken
            ), event
        if isinstance(event, PlayerOut):
            assert f"{event.player} {'are' if event.player == 'You' else 'is'} out" in text
    ended = [e for e in table.events if isinstance(e, GameEnded)]
    assert len(ended) == 1
    if ended[0].winner is not None:
        verb = "win" if ended[0].winner == "You" else "wins"
        assert f"{ended[0].winner} {verb} the game" in text
    assert "Game over" in text or ended[0].winner is not None
    assert ("win" in h.app.cues.names) or ("loss" in h.app.cues.names)


@pytest.mark.parametrize("seed", [3, 11])
def test_classic_is_played_to_the_end_by_keys(seed: int) -> None:
    setup = GameSetup(
        "classic",
        ("You", "Lily", "Max", "Zoe"),
        ("human", "normal", "normal", "normal"),
        AddingOptions(lives=2),
        seed,
    )
    h = make_app(setup)
    table = play_to_the_end(h)
    assert_game_was_spoken(h, table)
    assert "card_played" in h.app.cues.names
    assert "round_start" in h.app.cues.names


def test_arcade_is_chosen_in_the_menus_and_played_to_the_end() -> None:
    h = make_app(seed=5)
    h.frames(1)
    assert h.new_speech() == ["Ninety-Nine. Main menu. Play, 1 of 9"]
    h.press("return")  # Play
    h.press("down")  # Arcade
    assert h.new_speech()[-1].startswith("Arcade: you against Lily, Max and Zoe")
    h.press("return")
    assert h.new_speech()[-1].startswith("Computer level. Normal")
    h.press("up")  # Easy
    h.press("return")
    table = h.table
    assert table is not None and table.state.rules.game == "arcade"
    assert table.setup.kinds == ("human", "easy", "easy", "easy")
    table = play_to_the_end(h)
    assert_game_was_spoken(h, table)


@pytest.mark.parametrize("seed", [2, 9])
def test_tactical_is_played_to_the_end_by_keys(seed: int) -> None:
    setup = GameSetup(
        "tactical",
        ("You", "Lily", "Max"),
        ("human", "normal", "easy"),
        AddingOptions(lives=4),
        seed,
    )
    h = make_app(setup)
    table = play_to_the_end(h)
    assert table.state.rules.scoring is Scoring.LIMITS
    assert_game_was_spoken(h, table)


def _stacked(game: str, deck: str, players: int = 2, lives: int = 3) -> Harness:
    names = ("You", "Lily", "Max", "Zoe")[:players]
    kinds = ("human",) + ("normal",) * (players - 1)
    setup = GameSetup(game, names, kinds, AddingOptions(lives=lives), 7, parse_cards(deck))
    h = make_app(setup)
    h.frames(2)
    return h


def test_an_unsafe_card_is_refused_with_its_reason_and_cue() -> None:
    # You hold K, 7, 9; Lily holds 9, 5, 6 and can only pass at 99.
    h = _stacked("classic", "KS 9H 7C 5D 9C 6D 2S")
    h.new_speech()
    h.press("1")
    spoken = h.new_speech()
    assert "You play King, total 99" in spoken
    assert "danger_99" in h.app.cues.names
    assert "Lily plays 9, total 99" in spoken
    table = h.table
    assert table is not None
    h.press("1")  # the 7
    assert h.new_speech() == ["7 would take the total to 106"]
    assert h.app.cues.names[-1] == "refused"
    assert table.state.total == 99 and len(table.state.hands[0]) == 3
    h.press("right")  # the cursor went to the 7; the next card is the 9
    assert h.new_speech() == ["9, stays 99"]
    h.press("return")
    assert h.new_speech()[0] == "You play 9, total 99"


def test_a_tactical_play_that_costs_points_needs_a_second_press() -> None:
    h = _stacked("tactical", "QS 9S QH 9H QC 9D 5C 9C 5D 4S 3S 4H", lives=10)
    for _ in range(3):
        h.press("1", frames=3)
    table = h.table
    assert table is not None
    assert table.state.total == 30 and table.state.to_act == 0
    h.new_speech()
    h.press("h")
    assert h.new_speech() == [
        "5, to 35, costs you 1 for passing 33; 5, to 35, costs you 1 for passing 33; "
        "3, to 33, others lose 1"
    ]
    h.press("1")
    assert h.new_speech() == ["5 to 35 costs you 1 point. Press 1 again to play it"]
    assert table.state.total == 30
    h.press("1")
    spoken = h.new_speech()
    assert spoken[:2] == ["You play 5, total 35", "You lose 1 point for passing 33, 9 left"]


def test_a_ten_asks_which_way_and_up_or_down_chooses() -> None:
    # At 50 a 10 may go either way in classic.
    h = _stacked("classic", "QS 9H QH 9D 10C 4S 10D QD QC")
    table = h.table
    assert table is not None
    h.press("1", frames=2)  # Q: 10
    h.press("1", frames=2)  # Q: 20 (Lily passes with 9s meanwhile)
    assert table.state.to_act == 0
    index = next(i for i, c in enumerate(table.state.hands[0]) if c.rank.value == "10")
    h.new_speech()
    h.press(str(index + 1))
    total = table.state.total
    assert h.new_speech() == ["Choose how to play 10: up for plus 10 and down for minus 10"]
    h.press("down")
    assert h.new_speech() == [f"minus 10, to {max(0, total - 10)}"]
    h.press("return")
    assert h.new_speech()[0] == f"You play 10 going down, total {max(0, total - 10)}"


def test_the_table_answers_questions_and_moves_through_the_hand() -> None:
    h = _stacked("classic", "KS 9H 7C 5D 9C 6D 2S", lives=3)
    h.new_speech()
    for key in ("t", "c", "l", "d", "h", "right", "right", "right"):
        h.press(key)
    assert h.new_speech() == [
        "Your turn, total 0",
        "Total 0",
        "Lives: You 3, Lily 3",
        "Clockwise. After you: Lily",
        "King, to 99; 7, to 7; 9, stays 0",
        "7, to 7",
        "9, stays 0",
        "9, stays 0",
    ]
    assert h.app.cues.names[-1] == "menu_edge"  # the end of the hand


def test_computer_players_wait_their_pause_and_a_key_skips_ahead() -> None:
    setup = GameSetup(
        "classic", ("You", "Lily", "Max"), ("human", "normal", "normal"), AddingOptions(), 4
    )
    h = make_app(setup, bot_pause_ms=500)
    h.frames(2)
    table = h.table
    assert table is not None
    h.press("1")
    assert table.state.to_act == 1
    h.frames(10)  # 0.2 s of the fake clock
    assert table.state.to_act == 1, "Lily played before her pause was over"
    h.frames(20)
    assert table.state.to_act == 2, "Lily did not play after her pause"
    h.press("s", frames=2)
    assert table.state.to_act == 0, "skipping did not play Max at once"


def test_hot_seat_hides_the_next_hand_until_enter() -> None:
    setup = GameSetup(
        "classic", ("You", "Sam", "Lily"), ("human", "human", "normal"), AddingOptions(), 8
    )
    h = make_app(setup)
    h.frames(1)
    spoken = h.new_speech()
    assert "You's turn" not in " ".join(spoken)
    assert spoken[-1] == "Your turn, press Enter when ready"
    table = h.table
    assert table is not None
    h.press("h")
    assert h.new_speech() == ["Your turn, press Enter when ready"]
    h.press("return")
    cards = h.new_speech()[0]
    assert cards.startswith("Your turn, total 0. ")
    h.press("1", frames=2)
    spoken = h.new_speech()
    assert spoken[-1] == "Sam's turn, press Enter when ready"
    sam_hand = table.state.hands[1]
    assert not any("Sam draws" in line for line in spoken)
    h.press("return")
    news, reveal = h.new_speech()
    assert news == "Sam, before your first turn: Player 1 plays Ace, total 1", news
    assert reveal.startswith("Your turn, ")
    assert all(card.rank.value in reveal or card.rank.name.title() in reveal for card in sam_hand)


def test_the_pause_menu_resumes_and_quits_to_the_main_menu() -> None:
    h = _stacked("classic", "KS 9H 7C 5D 9C 6D 2S")
    h.new_speech()
    h.press("escape")
    assert h.new_speech() == ["Paused. Resume, 1 of 5"]
    h.press("down", "down")
    assert h.new_speech() == ["New game, 2 of 5", "Sound: on, 3 of 5"]
    h.press("return")
    assert h.new_speech() == ["Sound: off, 3 of 5"]
    assert h.app.settings.sound_enabled is False
    h.press("up", "up", "return")
    assert h.new_speech()[-1] == "Your turn, total 0"
    h.press("escape", "end", "return")
    # The match is kept: the main menu offers to continue it.
    assert h.new_speech()[-1] == "Main menu. Continue: Classic, Normal, round 1, 1 of 10"
    h.app.update_settings(sound_enabled=True)


def test_the_turn_is_said_the_same_way_when_it_comes_and_when_asked() -> None:
    h = _stacked("classic", "KS 9H 7C 5D 9C 6D 2S", lives=3)
    came = [line for line in h.spoken if line.startswith("Your turn")]
    h.press("t")
    assert came and came[-1] == h.new_speech()[-1] == "Your turn, total 0"
