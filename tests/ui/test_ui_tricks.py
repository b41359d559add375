"""The trick-taking game played by key presses through the real loop, against two computer
players: bids marked by ear, cards played by the arrows and by number keys, the questions,
refusals and hints; every card, trick winner and deal score must have been spoken."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from helpers.by_keys_tricks import go_to, play_to_the_end

from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.registry import game_ids
from ninetynine_audio.games.tricks import (
    CardPlayed,
    DealScored,
    DealStarted,
    GameEnded,
    TricksState,
    TrickWon,
    playable,
)
from ninetynine_audio.present.tricks.events import card_played_text, trick_won_text
from ninetynine_audio.present.tricks.phrases import sort_cards
from ninetynine_audio.ui.harness import Harness, make_app
from ninetynine_audio.ui.match import MatchScreen

NAMES = ("You", "Lily", "Max")

pytestmark = pytest.mark.usefixtures("private_home")


def start(seed: int, target: int = 100, declarations: bool = False, kinds=("normal", "easy")):
    setup = GameSetup(
        "tricks",
        NAMES,
        ("human", *kinds),
        {"target": target, "declarations": declarations},
        seed,
    )
    h = make_app(setup)
    h.frames(2)
    return h


def assert_game_was_spoken(h: Harness, table: MatchScreen) -> None:
    spoken = h.spoken
    verbosity = h.app.settings.verbosity
    trumps = None
    for event in table.events:
        if isinstance(event, DealStarted):
            trumps = event.trumps
        if isinstance(event, CardPlayed):
            assert card_played_text(event, verbosity, trumps) in spoken, event
        if isinstance(event, TrickWon):
            assert trick_won_text(event, verbosity) in spoken, event
        if isinstance(event, DealScored):
            assert any(line.startswith(f"Deal {event.deal} scored") for line in spoken)
    ended = [e for e in table.events if isinstance(e, GameEnded)]
    assert len(ended) == 1
    verb = "win" if ended[0].winner == "You" else "wins"
    assert any(line.startswith(f"{ended[0].winner} {verb} with") for line in spoken)
    assert {"trick_won", "card_played"} <= set(h.app.cues.names)
    assert ("win" in h.app.cues.names) or ("loss" in h.app.cues.names)


@pytest.mark.parametrize("seed", [4, 21])
def test_a_whole_game_is_played_by_keys_against_two_computer_players(seed: int) -> None:
    h = start(seed)
    table = play_to_the_end(h)
    assert table.outcome is not None
    assert max(table.state.scores) >= 100
    assert_game_was_spoken(h, table)
    # Every one of your bids was set aside by the keys: three cards a deal.
    deals = [e for e in table.events if isinstance(e, DealScored)]
    assert len(deals) >= 3


def test_marking_cards_speaks_the_bid_and_enter_sets_it_aside() -> None:
    h = start(3)
    h.new_speech()
    hand = sort_cards(h.table.state.hands[0])
    h.press("space")
    said = h.new_speech()[-1]
    assert said.startswith("Marked ") and "so far; mark 2 more" in said
    h.press("return")
    assert h.new_speech()[-1] == "A bid is three cards; you have marked 1 card"
    h.press("right", "space", "right", "space")
    said = h.new_speech()[-1]
    assert said.startswith(f"Marked {hand[2].rank.value}") or "; you keep " in said
    assert "Bid " in said and "; you keep " in said
    h.press("right", "space")
    assert h.new_speech()[-1] == "Three cards are marked already: unmark one first"
    h.press("return")
    state = h.table.state
    assert state.bids[0] == tuple(hand[:3])
    assert any(line.startswith("You bid ") for line in h.new_speech())


def test_the_questions_are_answered_by_keys() -> None:
    h = start(5)
    h.press("b")
    assert h.new_speech()[-1] == "You have not bid yet"
    h.press("space", "right", "space", "right", "space", "return")
    h.new_speech()
    h.press("u")
    assert h.new_speech()[-1] == "No trumps this deal"
    h.press("l")
    assert h.new_speech()[-1] == "You lead"
    h.press("b")
    assert h.new_speech()[-1].startswith("Your bid ")
    h.press("w")
    assert h.new_speech()[-1] == "Tricks: You 0, Lily 0, Max 0; 9 to play"
    h.press("g")
    assert h.new_speech()[-1] == "Scores: You 0, Lily 0, Max 0. Game to 100"
    h.press("c")
    assert h.new_speech()[-1] == "Trick 1: no cards yet, you lead"
    h.press("h")
    assert h.new_speech()[-1].startswith("Your hand: ")
    h.press("i")
    assert h.new_speech()[-1] == "No deal has been scored yet"
    h.press("e")
    assert h.new_speech()[-1] == "No bid is declared this deal"
    h.press("down")
    assert ": " in h.new_speech()[-1]


def test_a_card_that_does_not_follow_is_refused_with_its_reason() -> None:
    for seed in range(40):
        h = start(seed)
        h.press("space", "right", "space", "right", "space", "return")
        state: TricksState = h.table.state
        # Lead something, wait for the others, then look for a later trick where You follow.
        for _ in range(400):
            if h.table.is_over or state.trick_number > 8:
                break
            state = h.table.state
            if h.table.bot_due is None and h.table.spec.seats_to_act(state) == (0,):
                hand = sort_cards(state.hands[0])
                allowed = playable(state.hands[0], state.trick)
                wrong = [i for i, card in enumerate(hand) if card not in allowed]
                if state.trick and wrong:
                    h.new_speech()
                    h.press(*go_to(wrong[0], len(hand)))
                    assert h.new_speech()[-1].endswith(", not playable")
                    h.press("return")
                    said = h.new_speech()[-1]
                    led = state.trick[0][1].suit
                    assert said.startswith(f"You must follow {led.name.lower()}: you hold the ")
                    assert "refused" in h.app.cues.names
                    return
                index = next(i for i, card in enumerate(hand) if card in allowed)
                h.press(*go_to(index, len(hand)), "return")
            else:
                h.frames(1)
    raise AssertionError("no seed gave a card to refuse")


def test_the_hint_offers_the_strongest_levels_bid_with_its_reason() -> None:
    h = start(6)
    h.new_speech()
    h.press("slash")
    said = h.new_speech()[-1]
    assert said.startswith("Try bid ") and "; you keep " in said and "look good for about" in said


def test_the_declaration_key_cycles_when_the_option_is_on() -> None:
    h = start(7, declarations=True)
    h.new_speech()
    h.press("d")
    assert h.new_speech()[-1] == "Declare the bid: premium 30"
    h.press("d")
    assert h.new_speech()[-1].startswith("Reveal the bid")
    h.press("space", "right", "space", "right", "space", "return")
    said = h.new_speech()
    assert any(line.startswith("You reveal: bid ") for line in said), said


def test_the_declaration_key_is_refused_in_a_game_without_declarations() -> None:
    h = start(7)
    h.press("d")
    assert h.new_speech()[-1] == "This game is played without declarations"
    assert "refused" in h.app.cues.names


def test_the_window_shows_the_trick_the_hand_by_suit_and_the_scores() -> None:
    h = start(8)
    display = h.table.display(h.app)
    assert display.lines[0] == "No trick yet: the bids are being made"
    assert display.highlight is not None and "[" in display.lines[display.highlight]
    assert display.lines[-1] == "Scores: You 0, Lily 0, Max 0. Game to 100"


def test_the_trick_taking_game_is_chosen_in_the_menus() -> None:
    h = make_app(seed=5)
    h.frames(1)
    h.press("return")  # Play
    for _ in range(len(game_ids())):  # the games in the order they registered
        h.press("down")
        if h.new_speech()[-1].startswith("Tricks"):
            break
    else:
        raise AssertionError("the menu has no Tricks")
    h.press("return")
    assert h.new_speech()[-1].startswith("Computer level. Normal")
    h.press("return")
    said = h.new_speech()
    h.press("down")
    assert h.new_speech()[-1].startswith("Declarations")
    h.press("down")
    assert h.new_speech()[-1].startswith("Game to")
    h.press("up", "up", "return")  # Start game
    table = h.table
    assert table is not None and table.setup.game == "tricks", said
    assert table.setup.kinds == ("human", "normal", "normal")
    assert any(line.startswith("Trick-taking Ninety-Nine.") for line in h.spoken)


def test_a_whole_game_is_played_in_text_mode_from_stdin(tmp_path: Path) -> None:
    # A player who tries the cards in turn: the number keys, then the arrows and Enter; a card
    # that may not be played is refused with its reason and the next one is tried.
    cycle = ["1", "2", "3", "return", *map(str, range(1, 8))]
    cycle += ["right", "return"] * 10 + ["left"] * 12
    keys = "\n".join(cycle * 60) + "\n"
    env = dict(os.environ, NINETYNINE_AUDIO_HOME=str(tmp_path), SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "ninetynine_audio",
            "play",
            "--text",
            "--game",
            "tricks",
            "--players",
            "You:human,normal,easy",
            "--seed",
            "3",
            "--target",
            "30",
            "--bot-pause",
            "0",
        ],
        input=keys,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "Trick-taking Ninety-Nine. You, Lily and Max, game to 30." in lines
    assert any(line.startswith("You bid ") for line in lines)
    assert any(line.startswith("You must follow ") for line in lines)
    assert any(" with " in line and "points. Final totals:" in line for line in lines)


def test_practice_says_what_a_card_does_before_it_is_played() -> None:
    h = start(9)
    h.app.update_settings(practice=True)
    h.press("space", "right", "space", "right", "space", "return")
    h.new_speech()
    state: TricksState = h.table.state
    assert h.table.spec.seats_to_act(state) == (0,)  # You lead the first trick
    h.press("return")
    said = h.new_speech()
    assert said[0].startswith("You lead the ") and "; you need " in said[0], said
    assert said[1].startswith("You lead the ")


def test_after_the_third_mark_the_game_says_how_to_bid_and_t_says_it_too() -> None:
    h = start(7)
    h.new_speech()
    h.press("space", "right", "space", "right")
    h.new_speech()
    h.press("t")
    assert h.new_speech()[-1] == "Your bid: 2 marked, mark 1 more"
    h.press("space")
    assert h.new_speech()[-1].endswith("Three cards marked: press Enter to bid them")
    h.press("t")
    assert h.new_speech()[-1] == "Three cards marked: press Enter to bid them"
    h.press("f1")
    entries = [p.text for p in h.app.stack[-1].paragraphs]  # type: ignore[attr-defined]
    assert "Enter: Play the selected card; while bidding, bid the three marked cards" in entries


def test_home_end_and_the_ends_of_the_hand_are_said() -> None:
    h = start(7)
    h.new_speech()
    size = len(h.table.table.hand())  # type: ignore[union-attr]
    h.press("end")
    last = h.new_speech()[-1]
    h.press("right")
    assert h.new_speech()[-1] == f"Last card: {last}"
    assert h.app.cues.names[-1] == "menu_edge"
    h.press("home")
    first = h.new_speech()[-1]
    h.press("left")
    assert h.new_speech()[-1] == f"First card: {first}"
    assert size == 12


def test_with_nine_cards_key_help_says_1_to_9_and_key_9_plays_the_ninth() -> None:
    h = start(7)
    h.press("1", "2", "3", "return", frames=2)  # bid the first three cards
    table = h.table
    assert table is not None
    for _ in range(2000):
        if table.bot_due is None and 0 in table.spec.seats_to_act(table.state):
            break
        h.frames(1)
    hand = table.table.hand()  # type: ignore[attr-defined]
    assert len(hand) == 9
    h.press("f1")
    entries = [p.text for p in h.app.stack[-1].paragraphs]  # type: ignore[attr-defined]
    assert any(e.startswith("1 to 9: ") for e in entries), entries
    h.press("escape")
    h.new_speech()
    h.press("9")
    said = h.new_speech()
    # The ninth card is played, or refused with the reason it may not be played now.
    from ninetynine_audio.present.tricks.phrases import the_card

    name = the_card(hand[8])[4:]
    assert any(name in line for line in said), said


def test_the_window_keeps_the_newest_lines_in_view() -> None:
    h = start(8)
    for _ in range(6):
        h.app.say("A long line the game said, long enough to wrap over more than one row " * 2)
    h.app.say("Your lead")
    h.window.draw(h.app)
    height = pygame.display.get_surface().get_height()
    drawn = h.window.layout
    assert all(bottom <= height for _, _, bottom in drawn), drawn
    assert drawn[-1][0] == "Your lead"
