"""Bad input gets a clear error and changes nothing."""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers.engine import start

from ninetynine_audio.cards import CardParseError, parse_card, parse_cards
from ninetynine_audio.games.adding import AddingOptions, Choice, PlayCard, apply, new_game
from ninetynine_audio.games.errors import (
    CardNotInHand,
    ChoiceNotAllowed,
    ChoiceRequired,
    GameOverError,
    IllegalAction,
    NotYourTurn,
    SetupError,
)


@pytest.fixture
def game():
    state, _ = start("classic", ["Anna", "Ben"], ["10S 7S 9C", "2D 3D 5D"])
    return replace(state, total=40)


def refused(state, action, error):
    snapshot = repr(state)
    with pytest.raises(error) as caught:
        apply(state, action)
    assert repr(state) == snapshot
    assert isinstance(caught.value, IllegalAction)
    assert caught.value.message
    return caught.value


@pytest.mark.parametrize("text", ["", "X", "11H", "KX", "10", "H10", "joker"])
def test_unknown_card_text(text):
    with pytest.raises(CardParseError) as caught:
        parse_card(text)
    assert "not a card" in str(caught.value)


def test_card_text_notation_round_trips():
    cards = parse_cards("10H KS AD 2c, 9h")
    assert [str(c) for c in cards] == ["10H", "KS", "AD", "2C", "9H"]


def test_card_not_in_hand(game):
    error = refused(game, PlayCard(0, parse_card("KH")), CardNotInHand)
    assert error.code == "card_not_in_hand" and "KH" in error.message


def test_play_out_of_turn(game):
    error = refused(game, PlayCard(1, parse_card("2D")), NotYourTurn)
    assert error.details == {"player": "Ben", "to_act": "Anna"}


def test_choice_missing(game):
    error = refused(game, PlayCard(0, parse_card("10S")), ChoiceRequired)
    assert set(error.details["choices"]) == {Choice.PLUS_TEN, Choice.MINUS_TEN}


def test_choice_not_allowed_for_a_plain_card(game):
    refused(game, PlayCard(0, parse_card("7S"), Choice.PLUS_TEN), ChoiceNotAllowed)


def test_choice_of_the_wrong_card_kind(game):
    refused(game, PlayCard(0, parse_card("10S"), Choice.PLUS_ELEVEN), ChoiceNotAllowed)


def test_nothing_can_be_played_after_the_end(game):
    over = replace(game, is_over=True)
    refused(over, PlayCard(0, parse_card("7S")), GameOverError)


@pytest.mark.parametrize(
    ("game_id", "players", "options", "option"),
    [
        ("classic", 4, AddingOptions(lives=0), "lives"),
        ("classic", 4, AddingOptions(lives=51), "lives"),
        ("classic", 4, AddingOptions(hand_size=6), "hand_size"),
        ("tactical", 3, AddingOptions(hand_size=5), "hand_size"),
        ("tactical", 3, AddingOptions(manual_draw=True), "manual_draw"),
        ("classic", 9, AddingOptions(), "players"),
        ("tactical", 7, AddingOptions(), "players"),
    ],
)
def test_option_value_out_of_range(game_id, players, options, option):
    with pytest.raises(SetupError) as caught:
        new_game(game_id, [f"P{i}" for i in range(players)], options=options)
    assert caught.value.details["option"] == option


def test_duplicate_or_empty_names_refused():
    with pytest.raises(SetupError):
        new_game("classic", ["Anna", "Anna"])
    with pytest.raises(SetupError):
        new_game("classic", ["Anna", " "])


def test_unknown_game_refused():
    with pytest.raises(SetupError):
        new_game("snap", ["Anna", "Ben"])
