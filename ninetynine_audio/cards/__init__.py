"""Playing cards: ranks, suits, decks, notation and seeded shuffles."""

from __future__ import annotations

from ninetynine_audio.cards.cards import (
    Card,
    CardParseError,
    Rank,
    Suit,
    card_text,
    parse_card,
    parse_cards,
    seeded_shuffle,
    standard_deck,
)

__all__ = [
    "Card",
    "CardParseError",
    "Rank",
    "Suit",
    "card_text",
    "parse_card",
    "parse_cards",
    "seeded_shuffle",
    "standard_deck",
]
