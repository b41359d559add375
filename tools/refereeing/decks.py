"""Card accounting any card game's referee can use: what a deck holds, and taking cards out
of hands and piles so that no card is in more places than it has copies.

Cards are the log's own text (``"10H"``, ``"purple-9"``); nothing here knows what they mean.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass


def suited(ranks: Iterable[str], suits: Iterable[str]) -> tuple[str, ...]:
    """Every card written rank then suit, suit by suit (``"AS" … "KS", "AH" …``)."""
    ranks = tuple(ranks)
    return tuple(rank + suit for suit in suits for rank in ranks)


@dataclass(frozen=True)
class Deck:
    """The cards a game plays with: each card's text and how many copies of it there are."""

    copies: Mapping[str, int]

    @classmethod
    def of(cls, cards: Iterable[str], decks: int = 1) -> Deck:
        """``decks`` copies of each of ``cards`` (a card listed twice has twice as many)."""
        counts: Counter[str] = Counter()
        for card in cards:
            counts[card] += decks
        return cls(counts)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, str) and card in self.copies

    @property
    def size(self) -> int:
        """How many cards the whole deck holds."""
        return sum(self.copies.values())

    def counts(self) -> Counter[str]:
        """A fresh count of every card of the deck, to take cards out of."""
        return Counter(self.copies)

    def unknown(self, cards: Iterable[str]) -> list[str]:
        """The cards of ``cards`` that are not of this deck, in their order."""
        return [card for card in cards if card not in self]

    def overused(self, cards: Counter[str]) -> list[tuple[str, int]]:
        """Cards of the deck counted more often than there are copies, with their count."""
        return [
            (card, count)
            for card, count in cards.items()
            if card in self.copies and count > self.copies[card]
        ]

    def rest(self, out: Counter[str]) -> Counter[str]:
        """What is left of the deck once the cards ``out`` are taken (never below zero)."""
        return self.counts() - out


def take(place: list[str] | Counter[str], card: str) -> bool:
    """Take one copy of ``card`` out of a hand (a list) or a pile (a count).

    Returns False, and leaves ``place`` alone, when it holds no copy.
    """
    if isinstance(place, Counter):
        if place[card] > 0:
            place[card] -= 1
            return True
        return False
    if card in place:
        place.remove(card)
        return True
    return False
