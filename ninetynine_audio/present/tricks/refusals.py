"""Why the trick-taking game refused an action, as a sentence for the player."""

from __future__ import annotations

from collections.abc import Sequence

from ninetynine_audio.cards import Card, Suit
from ninetynine_audio.games.errors import GameError
from ninetynine_audio.present.tricks.phrases import cards_of_suit, suit_name, the_card
from ninetynine_audio.present.words import NORMAL, join_and


def upper_first(text: str) -> str:
    """``text`` with its first letter a capital, the rest untouched."""
    return text[:1].upper() + text[1:]


def refusal_text(error: GameError, verbosity: str = NORMAL) -> str:
    """The sentence for a refused action, from its ``code`` and ``details``."""
    details = error.details
    card = details.get("card")
    card_words = the_card(card) if isinstance(card, Card) else "That card"
    code = error.code
    if code == "must_follow":
        suit = details.get("suit")
        held = details.get("held", ())
        if isinstance(suit, Suit):
            cards = list(held) if isinstance(held, Sequence) else []
            return f"You must follow {suit_name(suit)}: you hold {cards_of_suit(cards)}"
        return "You must follow the suit led"
    if code == "card_not_in_hand":
        return f"{upper_first(card_words)} is not in your hand"
    if code == "not_your_turn":
        player = str(details.get("player", ""))
        return f"It is {player}'s turn" if player else "It is not your turn"
    if code == "bidding_not_over":
        names = [str(name) for name in details.get("names", ())]
        if not names:
            return "The bids are not all in yet"
        return f"Wait for the bids: {join_and(names)} still to bid"
    if code == "bid_three_cards":
        count = details.get("count", 0)
        marked = "no cards" if count == 0 else f"{count} card" if count == 1 else f"{count} cards"
        return f"A bid is three cards; you have marked {marked}"
    if code == "bid_card_twice":
        return f"{upper_first(card_words)} is marked twice"
    if code == "already_bid":
        return "You have bid already this deal"
    if code == "not_bidding":
        return "The bids are in; the tricks are being played"
    if code == "declarations_off":
        return "This game is played without declarations"
    if code == "unknown_seat":
        return "There is no such seat at this table"
    if code == "game_over":
        return "The game is over"
    return error.message
