"""Small pieces of wording shared by every phrase: card names, lists, places, lives.

Everything here is English and lives in small functions so a translation replaces them one by
one. ``verbosity`` is one of ``brief``, ``normal`` and ``full``: brief drops words, never facts.
"""

from __future__ import annotations

from collections.abc import Sequence

from ninetynine_audio.cards import Card, Rank, Suit

BRIEF = "brief"
NORMAL = "normal"
FULL = "full"
VERBOSITY_LEVELS = (BRIEF, NORMAL, FULL)

RANK_NAMES: dict[Rank, str] = {
    Rank.ACE: "Ace",
    Rank.TWO: "2",
    Rank.THREE: "3",
    Rank.FOUR: "4",
    Rank.FIVE: "5",
    Rank.SIX: "6",
    Rank.SEVEN: "7",
    Rank.EIGHT: "8",
    Rank.NINE: "9",
    Rank.TEN: "10",
    Rank.JACK: "Jack",
    Rank.QUEEN: "Queen",
    Rank.KING: "King",
}

SUIT_NAMES: dict[Suit, str] = {
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
    Suit.CLUBS: "clubs",
}

YOU = "You"
"""The seat name that is spoken in the second person ("You play", "Your turn")."""


def card_name(card: Card, verbosity: str = NORMAL) -> str:
    """``"Queen of hearts"`` in full verbosity, else ``"Queen"`` (suits change nothing here)."""
    rank = RANK_NAMES[card.rank]
    if verbosity == FULL:
        return f"{rank} of {SUIT_NAMES[card.suit]}"
    return rank


def join_and(items: Sequence[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"``."""
    parts = [item for item in items if item]
    if not parts:
        return ""
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def ordinal(number: int) -> str:
    """``1`` → ``"1st"``, ``2`` → ``"2nd"``, ``11`` → ``"11th"``."""
    if 10 <= number % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def is_you(name: str) -> bool:
    """Whether ``name`` is spoken as "you"."""
    return name == YOU


def subject_verb(name: str, plain: str, third: str) -> str:
    """``"You play"`` or ``"Lily plays"``."""
    return f"{name} {plain if is_you(name) else third}"


def possessive(name: str) -> str:
    """``"Your"`` or ``"Lily's"``."""
    return "Your" if is_you(name) else f"{name}'s"


def object_name(name: str) -> str:
    """``"you"`` or ``"Lily"``, for the middle of a sentence."""
    return "you" if is_you(name) else name


def lives_noun(game: str, count: int) -> str:
    """``"life"``/``"lives"``, or ``"point"``/``"points"`` in tactical."""
    if game == "tactical":
        return "point" if count == 1 else "points"
    return "life" if count == 1 else "lives"


def count_noun(count: int, singular: str, plural: str) -> str:
    """``"1 card"``, ``"3 cards"``."""
    return f"{count} {singular if count == 1 else plural}"


CUE_SEPARATOR = "+"
"""Joins several cue names into one ``Utterance.cue``; the interface plays each of them."""
