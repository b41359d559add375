"""The colour game's cards: notation, parsing, the 110-card deck and seeded shuffles."""

from __future__ import annotations

import random

import pytest

from ninetynine_audio.cards import (
    Colour,
    ColourCard,
    ColourCardParseError,
    colour_card_text,
    colour_deck,
    parse_colour_card,
    parse_colour_cards,
    seeded_shuffle,
)


def test_colour_values_are_the_notation_in_the_rules_order():
    assert [c.value for c in Colour] == [
        "red",
        "orange",
        "yellow",
        "green",
        "light-blue",
        "dark-blue",
        "purple",
        "grey",
        "black",
        "pink",
    ]


def test_notation_is_colour_hyphen_value():
    assert colour_card_text(ColourCard(Colour.PURPLE, 9)) == "purple-9"
    assert str(ColourCard(Colour.LIGHT_BLUE, 10)) == "light-blue-10"
    assert str(ColourCard(Colour.PINK, 0)) == "pink-0"


@pytest.mark.parametrize("card", colour_deck())
def test_every_card_reads_back_from_its_notation(card):
    assert parse_colour_card(colour_card_text(card)) == card


def test_parsing_forgives_case_and_spaces():
    assert parse_colour_card("  Dark-Blue-3 ") == ColourCard(Colour.DARK_BLUE, 3)
    assert parse_colour_card("light blue 7") == ColourCard(Colour.LIGHT_BLUE, 7)
    assert parse_colour_cards("red-1, pink-10 grey-0") == (
        ColourCard(Colour.RED, 1),
        ColourCard(Colour.PINK, 10),
        ColourCard(Colour.GREY, 0),
    )


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("purple", "no hyphen"),
        ("blue-3", "'blue' is not a colour"),
        ("red-11", "'11' is not a value"),
        ("red-x", "'x' is not a value"),
        ("-3", "the colour is missing"),
    ],
)
def test_a_bad_card_text_says_what_is_wrong(text, reason):
    with pytest.raises(ColourCardParseError) as caught:
        parse_colour_card(text)
    assert reason in str(caught.value)
    assert "purple-9" in str(caught.value)


def test_a_card_value_outside_0_to_10_is_refused():
    with pytest.raises(ValueError):
        ColourCard(Colour.RED, 11)
    with pytest.raises(ValueError):
        ColourCard(Colour.RED, -1)


def test_the_deck_has_110_cards_each_value_once_in_each_colour():
    deck = colour_deck()
    assert len(deck) == 110
    assert len(set(deck)) == 110
    for colour in Colour:
        assert sorted(c.value for c in deck if c.colour is colour) == list(range(11))


def test_seeded_shuffle_of_the_colour_deck_repeats_with_the_seed():
    first = seeded_shuffle(colour_deck(), random.Random(5))
    again = seeded_shuffle(colour_deck(), random.Random(5))
    other = seeded_shuffle(colour_deck(), random.Random(6))
    assert first == again
    assert first != other
    assert sorted(first, key=colour_card_text) == sorted(colour_deck(), key=colour_card_text)
