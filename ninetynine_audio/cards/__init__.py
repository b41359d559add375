"""Playing cards: ranks, suits, the colour game's cards, decks, notation and seeded shuffles."""

from __future__ import annotations

from ninetynine_audio.cards.cards import (
    SHORT_DECK_RANKS,
    Card,
    CardParseError,
    Rank,
    Suit,
    card_text,
    parse_card,
    parse_cards,
    seeded_shuffle,
    short_deck,
    standard_deck,
)
from ninetynine_audio.cards.colours import (
    Colour,
    ColourCard,
    ColourCardParseError,
    colour_card_text,
    colour_cards_text,
    colour_deck,
    parse_colour_card,
    parse_colour_cards,
)

__all__ = [
    "SHORT_DECK_RANKS",
    "Card",
    "CardParseError",
    "Colour",
    "ColourCard",
    "ColourCardParseError",
    "Rank",
    "Suit",
    "card_text",
    "colour_card_text",
    "colour_cards_text",
    "colour_deck",
    "parse_card",
    "parse_cards",
    "parse_colour_card",
    "parse_colour_cards",
    "seeded_shuffle",
    "short_deck",
    "standard_deck",
]
