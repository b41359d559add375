"""Playing cards: ranks, suits, decks, notation and seeded shuffles."""

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

__all__ = [
    "SHORT_DECK_RANKS",
    "Card",
    "CardParseError",
    "Rank",
    "Suit",
    "card_text",
    "parse_card",
    "parse_cards",
    "seeded_shuffle",
    "short_deck",
    "standard_deck",
]
