"""Why a move of the colour game was refused, in words, for every refusal code."""

from __future__ import annotations

from ninetynine_audio.games.errors import GameError
from ninetynine_audio.i18n import _
from ninetynine_audio.present.colours.words import (
    LEFT,
    capitalised,
    card_name,
    colour_name,
)
from ninetynine_audio.present.words import BRIEF, seat_name


def refusal_text(error: GameError, verbosity: str) -> str:
    """The reason behind ``error`` as a short sentence."""
    d = error.details
    code = error.code
    card = d.get("card")
    # Translators: stands for a card's name ("purple 9") when the refusal does not name it.
    named = card_name(card) if card is not None else _("that card")
    if code == "colour_in_row":
        text = _("{colour} is already in your row").format(colour=colour_name(d["colour"]))
        return capitalised(text)
    if code == "row_not_rising":
        last = d["last"]
        if verbosity == BRIEF:
            return _("{card}: not higher than {value}").format(card=named, value=last.value)
        # Translators: {card} and {last} are card names ("purple 9").
        return _("The {card} is not higher than your row's last card, {last}").format(
            card=named, last=card_name(last)
        )
    if code == "row_card_placed":
        return _("Your row card is already placed this turn: now the piles")
    if code == "row_card_first":
        return _("First put a card in your row")
    if code == "row_empty":
        return _("Your row is empty: there is nothing to score")
    if code == "already_scored":
        return _("You have already scored your row this turn")
    if code == "scoring_too_late":
        return _("Too late: a row is scored before the first card goes onto the piles")
    if code == "no_such_pile":
        return _("There are two piles, left and right")
    if code == "pile_limit":
        return _("Five cards have gone onto the piles: end your turn")
    if code == "no_way":
        top, total = d["top"], d["sum"]
        if card is None or verbosity == BRIEF:
            return _("{card} does not fit {top}").format(card=named, top=card_name(top))
        if d["pile"] == LEFT:
            # Translators: {value} is the value of the card played, {top} the value of the
            # pile's top card, {total} the two values added up (not 10).
            text = _(
                "A {value} cannot go on the {top} on the left: not the same colour,"
                " not one higher, and they make {total}"
            )
        else:
            text = _(
                "A {value} cannot go on the {top} on the right: not the same colour,"
                " not one higher, and they make {total}"
            )
        return text.format(value=card.value, top=top.value, total=total)
    if code == "card_not_in_hand":
        return _("The {card} is not in your hand").format(card=named)
    if code == "not_your_turn":
        player = d.get("player")
        if player is None:
            return _("It is another player's turn")
        return _("It is {player}'s turn").format(player=seat_name(player))
    if code == "game_over":
        return _("The game is over")
    return error.message
