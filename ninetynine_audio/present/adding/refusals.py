"""Why a play was refused, as a sentence: "7 would take the total to 103"."""

from __future__ import annotations

from collections.abc import Sequence

from ninetynine_audio.cards import Card
from ninetynine_audio.games.adding import Choice
from ninetynine_audio.games.errors import GameError
from ninetynine_audio.i18n import _, ngettext
from ninetynine_audio.present.adding.effects import choice_words
from ninetynine_audio.present.screens import not_now_text, waiting_for_ready_text
from ninetynine_audio.present.words import NORMAL, card_name, is_you, join_and


def refusal_text(error: GameError, verbosity: str = NORMAL) -> str:
    """The sentence for a refused action, from its ``code`` and ``details``."""
    details = error.details
    card = details.get("card")
    named = isinstance(card, Card)
    card_words = card_name(card, verbosity) if isinstance(card, Card) else ""
    code = error.code
    if code == "over_99":
        total = details.get("total")
        if named:
            return _("{card} would take the total to {total}").format(card=card_words, total=total)
        return _("That card would take the total to {total}").format(total=total)
    if code == "not_your_turn":
        to_act = str(details.get("to_act", ""))
        if not to_act:
            return _("It is not your turn")
        if is_you(to_act):
            return _("It is your turn")
        return _("It is {player}'s turn").format(player=to_act)
    if code == "card_not_in_hand":
        if named:
            return _("{card} is not in your hand").format(card=card_words)
        return _("That card is not in your hand")
    if code == "choice_required":
        choices = details.get("choices", ())
        return choice_needed_text(card_words, choices)
    if code == "choice_not_allowed":
        choice = details.get("choice")
        if isinstance(choice, Choice):
            way = choice_words(choice)
            if named:
                return _("{card} cannot be played as {way} now").format(card=card_words, way=way)
            return _("That card cannot be played as {way} now").format(way=way)
        if named:
            return _("{card} cannot be played that way now").format(card=card_words)
        return _("That card cannot be played that way now")
    if code == "nothing_to_draw":
        return _("You have no card to draw")
    if code == "game_over":
        return _("The game is over")
    return error.message


def choice_needed_text(card_words: str, choices: Sequence[Choice]) -> str:
    """``"Choose how to play the 10: up for plus 10, down for minus 10"``; ``card_words`` is
    the card's name (empty for a card the error does not name)."""
    ways = [
        (
            # Translators: the Up key chooses this way of playing the card ("up for plus 10").
            _("up for {way}")
            if c in (Choice.PLUS_TEN, Choice.PLUS_ELEVEN)
            # Translators: the Down key chooses this way of playing the card.
            else _("down for {way}")
        ).format(way=choice_words(c))
        for c in choices
    ]
    # Translators: {ways} lists the keys and the ways they choose ("up for plus 10 and down
    # for minus 10").
    if card_words:
        return _("Choose how to play {card}: {ways}").format(card=card_words, ways=join_and(ways))
    return _("Choose how to play that card: {ways}").format(ways=join_and(ways))


def no_card_at_text(position: int, hand_size: int) -> str:
    """A number key past the end of the hand."""
    if hand_size == 0:
        return _("Your hand is empty")
    return _("No card {position}: you hold {count}").format(position=position, count=hand_size)


def costly_play_text(card_words: str, total: int, cost: int, key: str) -> str:
    """The warning before a tactical play that costs points; the second press plays it."""
    # Translators: {key} is the name of the key just pressed; pressing it again plays the card.
    return ngettext(
        "{card} to {total} costs you {count} point. Press {key} again to play it",
        "{card} to {total} costs you {count} points. Press {key} again to play it",
        cost,
    ).format(card=card_words, total=total, count=cost, key=key)


def draw_prompt_text(key: str) -> str:
    """Draw by hand: the card is played, now the draw (before the next player moves)."""
    # Translators: {key} is the name of the key that draws a card.
    return _("Draw a card: press {key}").format(key=key)


def no_choice_text(card_words: str) -> str:
    """Up or Down on a card that has only one way to play."""
    return _("{card} has only one way to play").format(card=card_words)


__all__ = [
    "choice_needed_text",
    "costly_play_text",
    "no_card_at_text",
    "no_choice_text",
    "not_now_text",
    "refusal_text",
    "waiting_for_ready_text",
]
