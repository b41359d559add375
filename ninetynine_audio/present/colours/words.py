"""The colour game's small pieces of wording: cards, colours, piles, ways, rows.

Every phrase is one whole message of the catalogue (``docs/translating.md``). A colour card is
named by one message per colour (``"purple {value}"``), so that a language puts the colour
before or after the value and gives the colour the form it takes there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from ninetynine_audio.cards import Colour, ColourCard
from ninetynine_audio.games.colours import Way, fits_row, row_colours, ways_onto
from ninetynine_audio.i18n import _, ngettext, pgettext
from ninetynine_audio.present.words import BRIEF, is_you, join_and

LEFT = 1
RIGHT = 2

BY_VALUE = "value"
BY_COLOUR = "colour"


def colour_name(colour: Colour) -> str:
    """``"light blue"``: a colour alone, as in "light blue is already in your row"."""
    names: dict[Colour, Callable[[], str]] = {
        # Translators: a colour of the colour game's cards, said alone ("red is already in
        # your row", "colours used: red, grey and pink").
        Colour.RED: lambda: pgettext("colour", "red"),
        Colour.ORANGE: lambda: pgettext("colour", "orange"),
        Colour.YELLOW: lambda: pgettext("colour", "yellow"),
        Colour.GREEN: lambda: pgettext("colour", "green"),
        Colour.LIGHT_BLUE: lambda: pgettext("colour", "light blue"),
        Colour.DARK_BLUE: lambda: pgettext("colour", "dark blue"),
        Colour.PURPLE: lambda: pgettext("colour", "purple"),
        Colour.GREY: lambda: pgettext("colour", "grey"),
        Colour.BLACK: lambda: pgettext("colour", "black"),
        Colour.PINK: lambda: pgettext("colour", "pink"),
    }
    return names[colour]()


def _card_message(colour: Colour) -> str:
    if colour is Colour.RED:
        # Translators: a card of the colour game, its colour and its value (0 to 10), as
        # the name of the card: "purple 9". It stands inside sentences ("Hint: put purple 9
        # in your row") and begins some ("Purple 9, row of 3").
        return pgettext("colour card", "red {value}")
    if colour is Colour.ORANGE:
        return pgettext("colour card", "orange {value}")
    if colour is Colour.YELLOW:
        return pgettext("colour card", "yellow {value}")
    if colour is Colour.GREEN:
        return pgettext("colour card", "green {value}")
    if colour is Colour.LIGHT_BLUE:
        return pgettext("colour card", "light blue {value}")
    if colour is Colour.DARK_BLUE:
        return pgettext("colour card", "dark blue {value}")
    if colour is Colour.PURPLE:
        return pgettext("colour card", "purple {value}")
    if colour is Colour.GREY:
        return pgettext("colour card", "grey {value}")
    if colour is Colour.BLACK:
        return pgettext("colour card", "black {value}")
    return pgettext("colour card", "pink {value}")


def card_name(card: ColourCard) -> str:
    """``"purple 9"``."""
    return _card_message(card.colour).format(value=card.value)


def capitalised(text: str) -> str:
    """``text`` with its first letter upper case (the rest as it is) to begin a sentence."""
    return text[:1].upper() + text[1:]


def cards_text(cards: Sequence[ColourCard]) -> str:
    """``"purple 9, red 2 and grey 0"``."""
    return join_and([card_name(card) for card in cards])


def joined_sentences(sentences: Iterable[str]) -> str:
    """Whole sentences said one after another: ``"Your row: 3 cards. Colours used: red"``."""
    # Translators: what ends one sentence and begins the next, when several are said in one
    # line ("Your row: 3 cards up to purple 7, worth 9. Colours used: red, grey and purple").
    return pgettext("between sentences", ". ").join(sentences)


def cards_on_piles_text(count: int) -> str:
    """``"three cards on the piles"``: a computer turn's pile plays, in its summary."""
    if count == 0:
        # Translators: a part of a computer turn's summary ("Lily: new row, no cards on the
        # piles, drew 1"); the parts are separated by commas.
        return _("no cards on the piles")
    # Translators: a part of a computer turn's summary ("Lily: row of 5, three cards on the
    # piles, drew 3"); {count} is a number in words (one to six) or in digits.
    return ngettext("{count} card on the piles", "{count} cards on the piles", count).format(
        count=number_word(count)
    )


def number_word(count: int) -> str:
    """``"three"`` for small counts of cards, the digits otherwise."""
    words: dict[int, Callable[[], str]] = {
        # Translators: a number of cards in words, in "{count} cards on the piles".
        1: lambda: pgettext("number of cards", "one"),
        2: lambda: pgettext("number of cards", "two"),
        3: lambda: pgettext("number of cards", "three"),
        4: lambda: pgettext("number of cards", "four"),
        5: lambda: pgettext("number of cards", "five"),
        6: lambda: pgettext("number of cards", "six"),
    }
    word = words.get(count)
    return word() if word is not None else str(count)


def sorted_hand(hand: Sequence[ColourCard], order: str) -> tuple[ColourCard, ...]:
    """The hand by value (then colour) or by colour (then value)."""
    colours = list(Colour)
    if order == BY_COLOUR:
        return tuple(sorted(hand, key=lambda c: (colours.index(c.colour), c.value)))
    return tuple(sorted(hand, key=lambda c: (c.value, colours.index(c.colour))))


def way_name(way: Way) -> str:
    """``"same colour"``: one way a card goes onto a pile."""
    if way is Way.SAME_COLOUR:
        # Translators: a way a card may go onto a pile, a short noun phrase; several are
        # joined into a list ("same colour and sum ten") that stands in other sentences.
        return pgettext("way onto a pile", "same colour")
    if way is Way.PLUS_ONE:
        return pgettext("way onto a pile", "plus one")
    return pgettext("way onto a pile", "sum ten")


def ways_text(ways: Sequence[Way]) -> str:
    """``"same colour and sum ten"``."""
    return join_and([way_name(way) for way in ways])


def pile_fit_text(card: ColourCard, tops: tuple[ColourCard, ColourCard]) -> str:
    """How a hand card fits each pile: ``"same colour on the left, sum ten on the right"``."""
    left = ways_onto(card, tops[0])
    right = ways_onto(card, tops[1])
    if left and right:
        # Translators: how a hand card fits the piles; {left} and {right} are lists of ways
        # ("same colour and sum ten").
        return _("{left} on the left, {right} on the right").format(
            left=ways_text(left), right=ways_text(right)
        )
    if left:
        return _("{ways} on the left").format(ways=ways_text(left))
    if right:
        return _("{ways} on the right").format(ways=ways_text(right))
    return _("fits neither pile")


def row_fit_text(card: ColourCard, row: Sequence[ColourCard]) -> str:
    """Whether a hand card fits the row, and why not."""
    if fits_row(card, row):
        # Translators: after a card's name in the hand ("purple 9: fits your row").
        return _("starts your row") if not row else _("fits your row")
    if card.colour in row_colours(row):
        return _("{colour} is already in your row").format(colour=colour_name(card.colour))
    return _("not higher than {value}").format(value=row[-1].value)


def row_summary(name: str, row: Sequence[ColourCard], verbosity: str) -> str:
    """``"Lily's row: 3 cards up to purple 7, worth 9"``; an empty row said as such."""
    you = is_you(name)
    if not row:
        return _("Your row is empty") if you else _("{player}'s row is empty").format(player=name)
    count = len(row)
    values = {"player": name, "count": count, "worth": count * count}
    if verbosity == BRIEF:
        if you:
            # Translators: a row in brief: its number of cards, its last value, its points.
            return _("Your row: {count}, up to {last}, worth {worth}").format(
                last=row[-1].value, **values
            )
        return _("{player}'s row: {count}, up to {last}, worth {worth}").format(
            last=row[-1].value, **values
        )
    if you:
        # Translators: {last} is the row's last card ("purple 7"), {worth} its points.
        text = ngettext(
            "Your row: {count} card up to {last}, worth {worth}",
            "Your row: {count} cards up to {last}, worth {worth}",
            count,
        )
    else:
        text = ngettext(
            "{player}'s row: {count} card up to {last}, worth {worth}",
            "{player}'s row: {count} cards up to {last}, worth {worth}",
            count,
        )
    return text.format(last=card_name(row[-1]), **values)


def placed_text(name: str, card: ColourCard, length: int) -> str:
    """A row card put down: ``"You put grey 9 in the row, worth 16"``; the first card of a
    row ``"You put red 2 in the row: a new row"``."""
    you = is_you(name)
    if length == 1:
        if you:
            text = _("You put {card} in the row: a new row")
        else:
            text = _("{player} puts {card} in the row: a new row")
    elif you:
        text = _("You put {card} in the row, worth {worth}")
    else:
        text = _("{player} puts {card} in the row, worth {worth}")
    return text.format(player=name, card=card_name(card), worth=length * length)
