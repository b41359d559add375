"""The colour game's cards: values 0 to 10 in ten colours, written ``colour-value``.

``purple-9``, ``light-blue-10`` and ``pink-0`` are cards; the 110-card deck holds each once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

LOWEST_VALUE = 0
HIGHEST_VALUE = 10


class Colour(Enum):
    """A card colour; the value is its notation."""

    RED = "red"
    ORANGE = "orange"
    YELLOW = "yellow"
    GREEN = "green"
    LIGHT_BLUE = "light-blue"
    DARK_BLUE = "dark-blue"
    PURPLE = "purple"
    GREY = "grey"
    BLACK = "black"
    PINK = "pink"


COLOUR_ORDER: tuple[Colour, ...] = tuple(Colour)
"""The colours in the order the notation lists them (the order for sorting by colour)."""


class ColourCardParseError(ValueError):
    """A text that names no colour card; the message says what is wrong with it."""

    def __init__(self, text: str, reason: str, kind: str = "", part: str = "") -> None:
        super().__init__(
            f"{text!r} is not a colour card: {reason}; write the colour, a hyphen and the "
            "value 0 to 10, for example purple-9 or light-blue-10"
        )
        self.text = text
        self.reason = reason
        self.kind = kind
        """What is wrong: ``"hyphen"``, ``"colour_missing"``, ``"colour"`` or ``"value"``."""
        self.part = part
        """The part of the text that is wrong (the colour or the value written)."""


@dataclass(frozen=True)
class ColourCard:
    """One card of the colour game: a colour and a value from 0 to 10."""

    colour: Colour
    value: int

    def __post_init__(self) -> None:
        if not LOWEST_VALUE <= self.value <= HIGHEST_VALUE or isinstance(self.value, bool):
            raise ValueError(f"a colour card's value is 0 to 10, not {self.value!r}")

    def __str__(self) -> str:
        return colour_card_text(self)


def colour_card_text(card: ColourCard) -> str:
    """The notation of ``card``: ``"purple-9"``."""
    return f"{card.colour.value}-{card.value}"


def parse_colour_card(text: str) -> ColourCard:
    """Read one card in notation; case and surrounding spaces do not matter.

    Raises:
        ColourCardParseError: the text names no card; the reason says which part is wrong.
    """
    cleaned = text.strip().lower().replace("_", "-").replace(" ", "-")
    colour_text, sep, value_text = cleaned.rpartition("-")
    if not sep:
        raise ColourCardParseError(text, "there is no hyphen between colour and value", "hyphen")
    if not colour_text:
        raise ColourCardParseError(text, "the colour is missing", "colour_missing")
    try:
        colour = Colour(colour_text)
    except ValueError:
        known = ", ".join(c.value for c in Colour)
        raise ColourCardParseError(
            text,
            f"{colour_text!r} is not a colour (the colours are {known})",
            "colour",
            colour_text,
        ) from None
    if not value_text.isdigit() or not LOWEST_VALUE <= int(value_text) <= HIGHEST_VALUE:
        raise ColourCardParseError(
            text, f"{value_text!r} is not a value from 0 to 10", "value", value_text
        )
    return ColourCard(colour, int(value_text))


def parse_colour_cards(text: str | Iterable[str]) -> tuple[ColourCard, ...]:
    """Read cards separated by spaces or commas (or an iterable of card texts)."""
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(parse_colour_card(part) for part in parts)


def colour_cards_text(cards: Iterable[ColourCard]) -> list[str]:
    """The notation of each card, in order."""
    return [colour_card_text(card) for card in cards]


def colour_deck() -> tuple[ColourCard, ...]:
    """The 110 cards in a fixed order: colour by colour, each from 0 to 10."""
    return tuple(
        ColourCard(colour, value)
        for colour in Colour
        for value in range(LOWEST_VALUE, HIGHEST_VALUE + 1)
    )
