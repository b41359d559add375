"""The colour game's rules as small pure functions over cards, shared by the engine and bots.

Nothing here knows about seats or turns: whether a card may extend a row, the ways a card goes
onto a pile's top card, and what a row is worth.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum

from ninetynine_audio.cards import Colour, ColourCard

HAND_SIZE = 6
DRAW_PILE_SIZE = 15
MAX_PILE_PLAYS = 5
TARGET = 99
RENEWAL_POINTS = 15
PILES = (1, 2)
"""The discard piles as the log and the actions number them: 1 left, 2 right."""
MIN_PLAYERS = 2
MAX_PLAYERS = 4


class Way(Enum):
    """A way of playing a card onto a discard pile; the value is its log name."""

    SAME_COLOUR = "same_colour"
    PLUS_ONE = "plus_one"
    SUM_TEN = "sum_ten"


def ways_onto(card: ColourCard, top: ColourCard) -> tuple[Way, ...]:
    """Every way ``card`` may go onto ``top``, in the order same colour, plus one, sum ten."""
    found: list[Way] = []
    if card.colour is top.colour:
        found.append(Way.SAME_COLOUR)
    if card.value == top.value + 1:
        found.append(Way.PLUS_ONE)
    if card.value + top.value == 10:
        found.append(Way.SUM_TEN)
    return tuple(found)


def may_go_onto(card: ColourCard, top: ColourCard) -> bool:
    """Whether ``card`` may go onto ``top`` at all (:func:`ways_onto` finds some way)."""
    value = card.value
    return card.colour is top.colour or value == top.value + 1 or value + top.value == 10


def row_colours(row: Iterable[ColourCard]) -> frozenset[Colour]:
    """The colours already in a row."""
    return frozenset(card.colour for card in row)


def fits_row(card: ColourCard, row: Sequence[ColourCard]) -> bool:
    """Whether ``card`` may be added to the right of ``row``: higher than its last card and of a
    colour not yet in it (any card starts an empty row)."""
    if not row:
        return True
    return card.value > row[-1].value and all(c.colour is not card.colour for c in row)


def can_extend(row: Sequence[ColourCard], hand: Iterable[ColourCard]) -> bool:
    """Whether some card of ``hand`` may extend ``row``."""
    return any(fits_row(card, row) for card in hand)


def row_points(length: int) -> int:
    """What a row of ``length`` cards scores: the length squared."""
    return length * length
