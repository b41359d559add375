"""Why an action or a game set-up was refused.

Every refusal carries a ``code`` the presenter turns into speech, ``details`` with the facts it
needs, and an English message for logs and the command line.
"""

from __future__ import annotations

from typing import Any


class GameError(Exception):
    """Base of every refusal raised by a game engine."""

    code = "error"

    def __init__(self, message: str, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.details: dict[str, Any] = details


class IllegalAction(GameError):
    """An action the rules do not allow now; the state is unchanged."""

    code = "illegal"


class GameOverError(IllegalAction):
    """The game has ended; nothing more can be played."""

    code = "game_over"


class NotYourTurn(IllegalAction):
    """A seat tried to act when another seat is to act."""

    code = "not_your_turn"


class CardNotInHand(IllegalAction):
    """The card named is not in the acting player's hand."""

    code = "card_not_in_hand"


class ChoiceRequired(IllegalAction):
    """The card can be played more than one way and no way was chosen."""

    code = "choice_required"


class ChoiceNotAllowed(IllegalAction):
    """The chosen way of playing the card is not one the card offers here."""

    code = "choice_not_allowed"


class TotalTooHigh(IllegalAction):
    """The play would take the total past 99 where that is not allowed."""

    code = "over_99"


class NothingToDraw(IllegalAction):
    """A draw was asked for when the seat has no draw owed."""

    code = "nothing_to_draw"


class SetupError(GameError, ValueError):
    """A game cannot be set up as asked: bad player count, option out of range, bad deck.

    ``template`` is the sentence with named placeholders filled from ``details``
    (``"lives must be from 1 to {high}, not {value}"``): the message is it filled in English,
    and the command line says it translated (``present.words.setup_error_text``). Every
    template is extracted into the catalogue (``SetupError`` is a keyword of
    ``tools/catalogues.py``), so it must be a plain string, never an f-string.
    """

    code = "setup"

    def __init__(self, template: str, **details: Any) -> None:
        try:
            message = template.format(**details)
        except (KeyError, IndexError, ValueError):
            message = template
        super().__init__(message, **details)
        self.template = template


def unreadable_card(text: str) -> SetupError:
    """A card of a stacked deck (``--deck``) that names no card, as the sentence that says
    how to write one."""
    return SetupError(
        "{value!r} is not a card: write the rank (A 2-10 J Q K) then the suit (S H D C), "
        "for example 10H or KS",
        option="deck",
        value=text,
    )
