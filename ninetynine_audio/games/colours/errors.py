"""Why the colour game refuses a move. Each refusal has a ``code`` and the facts in ``details``.

The shared refusals (``not_your_turn``, ``card_not_in_hand``, ``game_over``) come from
:mod:`ninetynine_audio.games.errors`; these are the colour game's own.
"""

from __future__ import annotations

from ninetynine_audio.games.errors import IllegalAction


class ColourInRow(IllegalAction):
    """The row already holds a card of that colour (details: ``card``, ``colour``, ``row``)."""

    code = "colour_in_row"


class RowNotRising(IllegalAction):
    """The card is not higher than the row's last card (details: ``card``, ``last``, ``row``)."""

    code = "row_not_rising"


class RowCardAlreadyPlaced(IllegalAction):
    """This turn's row card is already placed: one card a turn (details: ``card``)."""

    code = "row_card_placed"


class RowCardFirst(IllegalAction):
    """The row card comes first, before the piles or the end of the turn."""

    code = "row_card_first"


class NothingToScore(IllegalAction):
    """The row is empty, so there is nothing to score."""

    code = "row_empty"


class AlreadyScored(IllegalAction):
    """The row was already scored by choice this turn (once a turn)."""

    code = "already_scored"


class ScoringTooLate(IllegalAction):
    """Scoring by choice is only before the first pile play (details: ``pile_plays``)."""

    code = "scoring_too_late"


class NoSuchPile(IllegalAction):
    """There are two discard piles, 1 and 2 (details: ``pile``)."""

    code = "no_such_pile"


class PileLimitReached(IllegalAction):
    """Five cards have gone onto the piles this turn, the most a turn allows."""

    code = "pile_limit"


class NoWayOntoPile(IllegalAction):
    """The card fits the pile's top card by no way (details: ``card``, ``top``, ``pile``,
    ``sum``)."""

    code = "no_way"
