"""Why the trick-taking game refused an action, as a sentence for the player."""

from __future__ import annotations

from collections.abc import Sequence

from ninetynine_audio.cards import Card, Suit
from ninetynine_audio.games.errors import GameError
from ninetynine_audio.i18n import _, ngettext
from ninetynine_audio.present.tricks.phrases import (
    cards_of_suit,
    names_and,
    suit_name,
    the_card,
    upper_first,
)
from ninetynine_audio.present.words import NORMAL, is_you

__all__ = ["refusal_text", "upper_first"]


def refusal_text(error: GameError, verbosity: str = NORMAL) -> str:
    """The sentence for a refused action, from its ``code`` and ``details``."""
    details = error.details
    card = details.get("card")
    code = error.code
    if code == "must_follow":
        suit = details.get("suit")
        held = details.get("held", ())
        if isinstance(suit, Suit):
            cards = list(held) if isinstance(held, Sequence) else []
            # Translators: {cards} are the cards of that suit you hold, "the Ace and 9 of
            # hearts".
            return _("You must follow {suit}: you hold {cards}").format(
                suit=suit_name(suit), cards=cards_of_suit(cards)
            )
        return _("You must follow the suit led")
    if code == "card_not_in_hand":
        if isinstance(card, Card):
            return upper_first(_("{card} is not in your hand").format(card=the_card(card)))
        return _("That card is not in your hand")
    if code == "not_your_turn":
        player = str(details.get("player", ""))
        if player and not is_you(player):
            return _("It is {player}'s turn").format(player=player)
        return _("It is not your turn")
    if code == "bidding_not_over":
        names = [str(name) for name in details.get("names", ())]
        if not names:
            return _("The bids are not all in yet")
        # Translators: {players} is a list of names, "Lily and Max".
        return ngettext(
            "Wait for the bids: {players} still to bid",
            "Wait for the bids: {players} still to bid",
            len(names),
        ).format(players=names_and(names))
    if code == "bid_three_cards":
        count = details.get("count", 0)
        count = count if isinstance(count, int) else 0
        if count == 0:
            return _("A bid is three cards; you have marked no cards")
        return ngettext(
            "A bid is three cards; you have marked {count} card",
            "A bid is three cards; you have marked {count} cards",
            count,
        ).format(count=count)
    if code == "bid_card_twice":
        if isinstance(card, Card):
            return upper_first(_("{card} is marked twice").format(card=the_card(card)))
        return _("That card is marked twice")
    if code == "already_bid":
        return _("You have bid already this deal")
    if code == "not_bidding":
        return _("The bids are in; the tricks are being played")
    if code == "declarations_off":
        return _("This game is played without declarations")
    if code == "unknown_seat":
        return _("There is no such seat at this table")
    if code == "game_over":
        return _("The game is over")
    return error.message
