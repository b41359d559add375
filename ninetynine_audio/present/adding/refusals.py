"""Why a play was refused, as a sentence: "7 would take the total to 103"."""

from __future__ import annotations

from collections.abc import Sequence

from ninetynine_audio.cards import Card
from ninetynine_audio.games.adding import Choice
from ninetynine_audio.games.errors import GameError
from ninetynine_audio.present.adding.effects import choice_words
from ninetynine_audio.present.screens import not_now_text, waiting_for_ready_text
from ninetynine_audio.present.words import NORMAL, card_name, is_you, join_and


def refusal_text(error: GameError, verbosity: str = NORMAL) -> str:
    """The sentence for a refused action, from its ``code`` and ``details``."""
    details = error.details
    card = details.get("card")
    card_words = card_name(card, verbosity) if isinstance(card, Card) else "That card"
    code = error.code
    if code == "over_99":
        return f"{card_words} would take the total to {details.get('total')}"
    if code == "not_your_turn":
        to_act = str(details.get("to_act", ""))
        if not to_act:
            return "It is not your turn"
        return "It is your turn" if is_you(to_act) else f"It is {to_act}'s turn"
    if code == "card_not_in_hand":
        return f"{card_words} is not in your hand"
    if code == "choice_required":
        choices = details.get("choices", ())
        return choice_needed_text(card_words, choices)
    if code == "choice_not_allowed":
        choice = details.get("choice")
        way = choice_words(choice) if isinstance(choice, Choice) else "that way"
        return f"{card_words} cannot be played as {way} now"
    if code == "nothing_to_draw":
        return "You have no card to draw"
    if code == "game_over":
        return "The game is over"
    return error.message


def choice_needed_text(card_words: str, choices: Sequence[Choice]) -> str:
    """``"Choose how to play the 10: up for plus 10, down for minus 10"``."""
    ways = [
        f"{'up' if c in (Choice.PLUS_TEN, Choice.PLUS_ELEVEN) else 'down'} for {choice_words(c)}"
        for c in choices
    ]
    return f"Choose how to play {card_words}: {join_and(ways)}"


def no_card_at_text(position: int, hand_size: int) -> str:
    """A number key past the end of the hand."""
    if hand_size == 0:
        return "Your hand is empty"
    return f"No card {position}: you hold {hand_size}"


def costly_play_text(card_words: str, total: int, cost: int, key: str) -> str:
    """The warning before a tactical play that costs points; the second press plays it."""
    points = "1 point" if cost == 1 else f"{cost} points"
    return f"{card_words} to {total} costs you {points}. Press {key} again to play it"


def draw_prompt_text(key: str) -> str:
    """Draw by hand: the card is played, now the draw (before the next player moves)."""
    return f"Draw a card: press {key}"


def no_choice_text(card_words: str) -> str:
    """Up or Down on a card that has only one way to play."""
    return f"{card_words} has only one way to play"


__all__ = [
    "choice_needed_text",
    "costly_play_text",
    "no_card_at_text",
    "no_choice_text",
    "not_now_text",
    "refusal_text",
    "waiting_for_ready_text",
]
