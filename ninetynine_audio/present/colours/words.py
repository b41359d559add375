"""The colour game's small pieces of wording: cards, colours, piles, ways, rows."""

from __future__ import annotations

from collections.abc import Sequence

from ninetynine_audio.cards import Colour, ColourCard
from ninetynine_audio.games.colours import Way, fits_row, row_colours, ways_onto
from ninetynine_audio.present.words import BRIEF, join_and, possessive

COLOUR_NAMES: dict[Colour, str] = {
    Colour.RED: "red",
    Colour.ORANGE: "orange",
    Colour.YELLOW: "yellow",
    Colour.GREEN: "green",
    Colour.LIGHT_BLUE: "light blue",
    Colour.DARK_BLUE: "dark blue",
    Colour.PURPLE: "purple",
    Colour.GREY: "grey",
    Colour.BLACK: "black",
    Colour.PINK: "pink",
}

WAY_NAMES: dict[Way, str] = {
    Way.SAME_COLOUR: "same colour",
    Way.PLUS_ONE: "plus one",
    Way.SUM_TEN: "sum ten",
}

PILE_NAMES = {1: "left", 2: "right"}
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six")

BY_VALUE = "value"
BY_COLOUR = "colour"


def colour_name(colour: Colour) -> str:
    """``"light blue"``."""
    return COLOUR_NAMES[colour]


def card_name(card: ColourCard) -> str:
    """``"purple 9"``."""
    return f"{COLOUR_NAMES[card.colour]} {card.value}"


def cards_text(cards: Sequence[ColourCard]) -> str:
    """``"purple 9, red 2 and grey 0"``."""
    return join_and([card_name(card) for card in cards])


def number_word(count: int) -> str:
    """``"three"`` for small counts, the digits otherwise."""
    return NUMBER_WORDS[count] if 0 <= count < len(NUMBER_WORDS) else str(count)


def pile_name(pile: int) -> str:
    """``"left"`` or ``"right"``."""
    return PILE_NAMES.get(pile, str(pile))


def sorted_hand(hand: Sequence[ColourCard], order: str) -> tuple[ColourCard, ...]:
    """The hand by value (then colour) or by colour (then value)."""
    colours = list(Colour)
    if order == BY_COLOUR:
        return tuple(sorted(hand, key=lambda c: (colours.index(c.colour), c.value)))
    return tuple(sorted(hand, key=lambda c: (c.value, colours.index(c.colour))))


def ways_text(ways: Sequence[Way]) -> str:
    """``"same colour and sum ten"``."""
    return join_and([WAY_NAMES[way] for way in ways])


def pile_fit_text(card: ColourCard, tops: tuple[ColourCard, ColourCard]) -> str:
    """How a hand card fits each pile: ``"same colour on the left, sum ten on the right"``."""
    parts = []
    for pile, top in ((1, tops[0]), (2, tops[1])):
        ways = ways_onto(card, top)
        if ways:
            parts.append(f"{ways_text(ways)} on the {pile_name(pile)}")
    return ", ".join(parts) if parts else "fits neither pile"


def row_fit_text(card: ColourCard, row: Sequence[ColourCard]) -> str:
    """Whether a hand card fits the row, and why not."""
    if fits_row(card, row):
        return "starts your row" if not row else "fits your row"
    if card.colour in row_colours(row):
        return f"{colour_name(card.colour)} is already in your row"
    return f"not higher than {row[-1].value}"


def row_summary(name: str, row: Sequence[ColourCard], verbosity: str) -> str:
    """``"Lily's row: 3 cards up to 7, worth 9"``; an empty row said as such."""
    whose = possessive(name)
    if not row:
        return f"{whose} row is empty"
    count = len(row)
    if verbosity == BRIEF:
        return f"{whose} row: {count}, up to {row[-1].value}, worth {count * count}"
    noun = "card" if count == 1 else "cards"
    return f"{whose} row: {count} {noun} up to {card_name(row[-1])}, worth {count * count}"


def placed_text(who: str, card: ColourCard, length: int) -> str:
    """A row card put down: ``"You put grey 9 in the row, worth 16"``; the first card of a
    row ``"You put red 2 in the row: a new row"`` (``who`` is ``"You put"``, ``"Lily puts"``)."""
    if length == 1:
        return f"{who} {card_name(card)} in the row: a new row"
    return f"{who} {card_name(card)} in the row, worth {length * length}"
