"""Why a move of the colour game was refused, in words, for every refusal code."""

from __future__ import annotations

from ninetynine_audio.games.errors import GameError
from ninetynine_audio.present.colours.words import card_name, colour_name, pile_name
from ninetynine_audio.present.words import BRIEF


def refusal_text(error: GameError, verbosity: str) -> str:
    """The reason behind ``error`` as a short sentence."""
    d = error.details
    code = error.code
    card = d.get("card")
    named = card_name(card) if card is not None else "that card"
    if code == "colour_in_row":
        return f"{colour_name(d['colour']).capitalize()} is already in your row"
    if code == "row_not_rising":
        last = d["last"]
        if verbosity == BRIEF:
            return f"{named}: not higher than {last.value}"
        return f"The {named} is not higher than your row's last card, {card_name(last)}"
    if code == "row_card_placed":
        return "Your row card is already placed this turn: now the piles"
    if code == "row_card_first":
        return "First put a card in your row"
    if code == "row_empty":
        return "Your row is empty: there is nothing to score"
    if code == "already_scored":
        return "You have already scored your row this turn"
    if code == "scoring_too_late":
        return "Too late: a row is scored before the first card goes onto the piles"
    if code == "no_such_pile":
        return "There are two piles, left and right"
    if code == "pile_limit":
        return "Five cards have gone onto the piles: end your turn"
    if code == "no_way":
        top, total = d["top"], d["sum"]
        where = pile_name(d["pile"])
        if card is None or verbosity == BRIEF:
            return f"{named} does not fit {card_name(top)}"
        return (
            f"A {card.value} cannot go on the {top.value} on the {where}: not the same colour, "
            f"not one higher, and they make {total}"
        )
    if code == "card_not_in_hand":
        return f"The {named} is not in your hand"
    if code == "not_your_turn":
        return f"It is {d.get('player', 'another player')}'s turn"
    if code == "game_over":
        return "The game is over"
    return error.message
