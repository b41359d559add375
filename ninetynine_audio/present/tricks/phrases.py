"""Card, suit and bid phrases of the trick-taking game: "9 of hearts", "two hearts and a spade".

In this game the suit always matters, so a card is always named with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ninetynine_audio.cards import SHORT_DECK_RANKS, Card, Suit
from ninetynine_audio.games.tricks import BID_VALUES
from ninetynine_audio.present.words import RANK_NAMES, SUIT_NAMES, join_and

SUIT_ORDER: tuple[Suit, ...] = (Suit.CLUBS, Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS)
"""Suits in the order of their bid values, highest first: the order hands are read in."""

SINGULAR: dict[Suit, str] = {
    Suit.SPADES: "spade",
    Suit.HEARTS: "heart",
    Suit.DIAMONDS: "diamond",
    Suit.CLUBS: "club",
}

NUMBER_WORDS = ("no", "one", "two", "three")


def suit_name(suit: Suit) -> str:
    """``"hearts"``."""
    return SUIT_NAMES[suit]


def suit_count(count: int, suit: Suit, words: bool = False) -> str:
    """``"4 clubs"``, ``"1 heart"``; with ``words`` ``"two hearts"``, ``"a spade"``."""
    noun = SINGULAR[suit] if count == 1 else SUIT_NAMES[suit]
    if words and count < len(NUMBER_WORDS):
        return f"{'a' if count == 1 else NUMBER_WORDS[count]} {noun}"
    return f"{count} {noun}"


def rank_order(card: Card) -> int:
    """0 for the ace, 8 for the six: the order cards are read in within a suit."""
    return SHORT_DECK_RANKS.index(card.rank)


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards by suit (clubs, hearts, spades, diamonds), high to low within a suit."""
    return sorted(cards, key=lambda card: (SUIT_ORDER.index(card.suit), rank_order(card)))


def card_name(card: Card) -> str:
    """``"9 of hearts"``, ``"Ace of spades"``."""
    return f"{RANK_NAMES[card.rank]} of {SUIT_NAMES[card.suit]}"


def the_card(card: Card) -> str:
    """``"the 9 of hearts"``."""
    return f"the {card_name(card)}"


def cards_of_suit(cards: Sequence[Card]) -> str:
    """Cards of one suit named once: ``"the Ace and 9 of hearts"``."""
    if not cards:
        return "nothing"
    ranks = [RANK_NAMES[card.rank] for card in sort_cards(cards)]
    return f"the {join_and(ranks)} of {SUIT_NAMES[cards[0].suit]}"


def by_suit(cards: Iterable[Card]) -> list[tuple[Suit, list[Card]]]:
    """The cards grouped by suit in reading order, suits without cards left out."""
    ordered = sort_cards(cards)
    return [
        (suit, [card for card in ordered if card.suit is suit])
        for suit in SUIT_ORDER
        if any(card.suit is suit for card in ordered)
    ]


def suit_group_text(suit: Suit, cards: Sequence[Card]) -> str:
    """``"hearts: Ace, 9, 6"``."""
    return f"{SUIT_NAMES[suit]}: " + ", ".join(RANK_NAMES[card.rank] for card in cards)


def bid_value_of(cards: Iterable[Card]) -> int:
    """The bid coded by ``cards``."""
    return sum(BID_VALUES[card.suit] for card in cards)


def bid_suits_text(cards: Sequence[Card]) -> str:
    """The suits of bid cards: ``"two hearts and a spade"``, ``"three diamonds"``."""
    counts = [(suit, sum(1 for card in cards if card.suit is suit)) for suit in SUIT_ORDER]
    return join_and([suit_count(count, suit, words=True) for suit, count in counts if count])


def bid_text(cards: Sequence[Card]) -> str:
    """``"bid 5: two hearts and a spade"``."""
    return f"bid {bid_value_of(cards)}: {bid_suits_text(cards)}"


def keep_text(cards: Sequence[Card]) -> str:
    """What is left to play with: ``"you keep 4 clubs, 2 hearts, 3 spades"``."""
    counts = [suit_count(len(group), suit) for suit, group in by_suit(cards)]
    return "you keep " + ", ".join(counts) if counts else "you keep nothing"


def tricks_noun(count: int) -> str:
    """``"1 trick"``, ``"3 tricks"``."""
    return f"{count} trick" if count == 1 else f"{count} tricks"
