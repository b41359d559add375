"""Card, suit and bid phrases of the trick-taking game: "9 of hearts", "two hearts and a spade".

In this game the suit always matters, so a card is always named with it. Every phrase here is a
noun phrase or a clause that the sentences of ``events``, ``queries``, ``refusals`` and
``advice`` place whole into their own messages (each such placeholder is explained to
translators beside its message).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ninetynine_audio.cards import SHORT_DECK_RANKS, Card, Suit
from ninetynine_audio.games.tricks import BID_VALUES
from ninetynine_audio.i18n import _, npgettext, pgettext
from ninetynine_audio.present import words
from ninetynine_audio.present.words import (
    FULL,
    join_and,
    rank_name,
    seat_name,
    semicolon_list,
    separated,
)

SUIT_ORDER: tuple[Suit, ...] = (Suit.CLUBS, Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS)
"""Suits in the order of their bid values, highest first: the order hands are read in."""


def suit_name(suit: Suit) -> str:
    """``"hearts"``."""
    return words.suit_name(suit)


def suit_count(count: int, suit: Suit) -> str:
    """``"4 clubs"``, ``"1 heart"``: how many cards of a suit, as a noun phrase."""
    if suit is Suit.SPADES:
        return npgettext("cards of a suit", "{count} spade", "{count} spades", count).format(
            count=count
        )
    if suit is Suit.HEARTS:
        return npgettext("cards of a suit", "{count} heart", "{count} hearts", count).format(
            count=count
        )
    if suit is Suit.DIAMONDS:
        return npgettext("cards of a suit", "{count} diamond", "{count} diamonds", count).format(
            count=count
        )
    return npgettext("cards of a suit", "{count} club", "{count} clubs", count).format(count=count)


def bid_suit_words(count: int, suit: Suit) -> str:
    """``"a spade"``, ``"two hearts"``, ``"three diamonds"``: one suit of a bid, in words."""
    messages = {
        (1, Suit.SPADES): pgettext("bid cards", "a spade"),
        (2, Suit.SPADES): pgettext("bid cards", "two spades"),
        (3, Suit.SPADES): pgettext("bid cards", "three spades"),
        (1, Suit.HEARTS): pgettext("bid cards", "a heart"),
        (2, Suit.HEARTS): pgettext("bid cards", "two hearts"),
        (3, Suit.HEARTS): pgettext("bid cards", "three hearts"),
        (1, Suit.DIAMONDS): pgettext("bid cards", "a diamond"),
        (2, Suit.DIAMONDS): pgettext("bid cards", "two diamonds"),
        (3, Suit.DIAMONDS): pgettext("bid cards", "three diamonds"),
        (1, Suit.CLUBS): pgettext("bid cards", "a club"),
        (2, Suit.CLUBS): pgettext("bid cards", "two clubs"),
        (3, Suit.CLUBS): pgettext("bid cards", "three clubs"),
    }
    return messages.get((count, suit)) or suit_count(count, suit)


def rank_order(card: Card) -> int:
    """0 for the ace, 8 for the six: the order cards are read in within a suit."""
    return SHORT_DECK_RANKS.index(card.rank)


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards by suit (clubs, hearts, spades, diamonds), high to low within a suit."""
    return sorted(cards, key=lambda card: (SUIT_ORDER.index(card.suit), rank_order(card)))


def card_name(card: Card) -> str:
    """``"9 of hearts"``, ``"Ace of spades"``."""
    return words.card_name(card, FULL)


def the_card(card: Card) -> str:
    """``"the 9 of hearts"``."""
    return words.card_with_article(card, FULL)


def cards_of_suit(cards: Sequence[Card]) -> str:
    """Cards of one suit named once: ``"the Ace and 9 of hearts"``."""
    if not cards:
        return pgettext("cards held", "nothing")
    ranks = [rank_name(card.rank) for card in sort_cards(cards)]
    # Translators: some cards of one suit named together, "the Ace and 9 of hearts"; {ranks}
    # is a list of rank names ("Ace and 9"), {suit} a suit ("hearts").
    return _("the {ranks} of {suit}").format(ranks=join_and(ranks), suit=suit_name(cards[0].suit))


def by_suit(cards: Iterable[Card]) -> list[tuple[Suit, list[Card]]]:
    """The cards grouped by suit in reading order, suits without cards left out."""
    ordered = sort_cards(cards)
    return [
        (suit, [card for card in ordered if card.suit is suit])
        for suit in SUIT_ORDER
        if any(card.suit is suit for card in ordered)
    ]


def ranks_text(cards: Iterable[Card]) -> str:
    """``"Ace, 9, 6"``: the ranks of some cards of one suit, high first."""
    return separated(rank_name(card.rank) for card in sort_cards(cards))


def suit_group_text(suit: Suit, cards: Sequence[Card]) -> str:
    """``"hearts: Ace, 9, 6"``."""
    # Translators: one suit of a hand read out, "hearts: Ace, 9, 6"; {ranks} are rank names.
    return pgettext("hand", "{suit}: {ranks}").format(suit=suit_name(suit), ranks=ranks_text(cards))


def hand_groups_text(cards: Iterable[Card]) -> str:
    """``"clubs: Ace, 9; hearts: 7"``: a hand by suit, in reading order."""
    return semicolon_list(suit_group_text(suit, group) for suit, group in by_suit(cards))


def bid_value_of(cards: Iterable[Card]) -> int:
    """The bid coded by ``cards``."""
    return sum(BID_VALUES[card.suit] for card in cards)


def bid_suits_text(cards: Sequence[Card]) -> str:
    """The suits of bid cards: ``"two hearts and a spade"``, ``"three diamonds"``."""
    counts = [(suit, sum(1 for card in cards if card.suit is suit)) for suit in SUIT_ORDER]
    return join_and([bid_suit_words(count, suit) for suit, count in counts if count])


def keep_text(cards: Sequence[Card]) -> str:
    """What is left to play with: ``"you keep 4 clubs, 2 hearts, 3 spades"``, a clause."""
    counts = [suit_count(len(group), suit) for suit, group in by_suit(cards)]
    if not counts:
        return _("you keep nothing")
    # Translators: a clause after a bid, "you keep 4 clubs, 2 hearts, 3 spades".
    return _("you keep {counts}").format(counts=separated(counts))


def scores_text(players: Sequence[str], scores: Sequence[int]) -> str:
    """``"You 33, Lily 1, Max 5"``."""
    # Translators: one player's score or tricks in a list, "Lily 33"; {player} is a name.
    return separated(
        pgettext("score", "{player} {score}").format(player=seat_name(name), score=score)
        for name, score in zip(players, scores, strict=True)
    )


def names_and(names: Sequence[str]) -> str:
    """``"You, Lily and Max"``."""
    return join_and([seat_name(name) for name in names])


def sentences(*parts: str) -> str:
    """Whole sentences said one after another: ``"Deal 2 scored. Nobody made the bid"``."""
    return ". ".join(part for part in parts if part)


def upper_first(text: str) -> str:
    """``text`` with its first letter a capital, the rest untouched."""
    return text[:1].upper() + text[1:]
