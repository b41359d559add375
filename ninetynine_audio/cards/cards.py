"""Standard 52-card cards and their text notation (``"10H"``, ``"KS"``, ``"AD"``)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TypeVar


class Suit(Enum):
    """A suit; the value is its notation letter."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"


class Rank(Enum):
    """A rank; the value is its notation."""

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"


RANK_ORDER: tuple[Rank, ...] = tuple(Rank)


class CardParseError(ValueError):
    """A card text that names no card."""

    def __init__(self, text: str) -> None:
        super().__init__(
            f"{text!r} is not a card: write the rank (A 2-10 J Q K) then the suit (S H D C), "
            "for example 10H or KS"
        )
        self.text = text


@dataclass(frozen=True)
class Card:
    """One card. With two decks the two copies of a card are equal: only rank and suit matter."""

    rank: Rank
    suit: Suit

    def __str__(self) -> str:
        return card_text(self)


def card_text(card: Card) -> str:
    """The notation of ``card``: rank then suit, e.g. ``"10H"``."""
    return card.rank.value + card.suit.value


def parse_card(text: str) -> Card:
    """Read one card in notation; case and surrounding spaces do not matter."""
    cleaned = text.strip().upper()
    if len(cleaned) < 2:
        raise CardParseError(text)
    rank_text, suit_text = cleaned[:-1], cleaned[-1]
    if rank_text == "1":
        rank_text = "A"
    if rank_text == "T":
        rank_text = "10"
    try:
        return Card(Rank(rank_text), Suit(suit_text))
    except ValueError:
        raise CardParseError(text) from None


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas (or an iterable of card texts)."""
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(parse_card(part) for part in parts)


def standard_deck(decks: int = 1) -> tuple[Card, ...]:
    """``decks`` full 52-card decks in a fixed order (suit by suit, ace to king)."""
    one = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
    return one * decks


SHORT_DECK_RANKS: tuple[Rank, ...] = (
    Rank.ACE,
    Rank.KING,
    Rank.QUEEN,
    Rank.JACK,
    Rank.TEN,
    Rank.NINE,
    Rank.EIGHT,
    Rank.SEVEN,
    Rank.SIX,
)
"""The ranks of the 36-card deck, highest first (ace high, six low)."""


def short_deck() -> tuple[Card, ...]:
    """The 36-card deck (A K Q J 10 9 8 7 6 of each suit) in a fixed order, suit by suit."""
    return tuple(Card(rank, suit) for suit in Suit for rank in SHORT_DECK_RANKS)


_Item = TypeVar("_Item")


def seeded_shuffle(cards: Sequence[_Item], rng: random.Random) -> tuple[_Item, ...]:
    """A shuffled copy of ``cards`` (of any card type) drawn from ``rng`` (never the global
    generator)."""
    deck = list(cards)
    rng.shuffle(deck)
    return tuple(deck)
