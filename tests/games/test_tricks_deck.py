"""The 36-card deck of the trick-taking game."""

from __future__ import annotations

from collections import Counter

from ninetynine_audio.cards import (
    SHORT_DECK_RANKS,
    Card,
    Rank,
    Suit,
    card_text,
    parse_cards,
    short_deck,
)


def test_short_deck_has_36_cards_each_once():
    deck = short_deck()
    assert len(deck) == 36
    assert len(set(deck)) == 36


def test_short_deck_has_nine_of_each_suit_from_ace_to_six():
    deck = short_deck()
    by_suit = Counter(card.suit for card in deck)
    assert by_suit == {suit: 9 for suit in Suit}
    assert {card.rank for card in deck} == set(SHORT_DECK_RANKS)
    for low in (Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE):
        assert all(card.rank != low for card in deck)


def test_short_deck_ranks_run_from_ace_down_to_six():
    assert [rank.value for rank in SHORT_DECK_RANKS] == [
        "A",
        "K",
        "Q",
        "J",
        "10",
        "9",
        "8",
        "7",
        "6",
    ]


def test_short_deck_cards_use_the_common_notation():
    texts = [card_text(card) for card in short_deck()]
    assert "10H" in texts and "6C" in texts and "AS" in texts
    assert parse_cards(" ".join(texts)) == short_deck()
    assert Card(Rank.TEN, Suit.HEARTS) in short_deck()
