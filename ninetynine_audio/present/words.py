"""Small pieces of wording shared by every phrase: card names, lists, places, lives.

Every word here goes through the catalogue (``ninetynine_audio.i18n``). The pieces are names
(of cards, suits, the seat called "You") and the language's own list and ordinal forms: a
sentence is always one whole message with named placeholders, never glued from these pieces
with English words between them (docs/translating.md). ``verbosity`` is one of ``brief``,
``normal`` and ``full``: brief drops words, never facts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TypeVar

from ninetynine_audio.cards import Card, Rank, Suit
from ninetynine_audio.i18n import format_list, pgettext
from ninetynine_audio.i18n import ordinal as _ordinal

BRIEF = "brief"
NORMAL = "normal"
FULL = "full"
VERBOSITY_LEVELS = (BRIEF, NORMAL, FULL)

_K = TypeVar("_K")


class _Translated(Mapping[_K, str]):
    """A fixed mapping whose values are looked up in the catalogue each time they are read."""

    def __init__(self, keys: Sequence[_K], lookup: Callable[[_K], str]) -> None:
        self._keys = tuple(keys)
        self._lookup = lookup

    def __getitem__(self, key: _K) -> str:
        if key not in self._keys:
            raise KeyError(key)
        return self._lookup(key)

    def __iter__(self) -> Iterator[_K]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)


def rank_name(rank: Rank) -> str:
    """``"Queen"``, ``"7"``: a rank as players of the language in use name it."""
    if rank is Rank.ACE:
        return pgettext("rank", "Ace")
    if rank is Rank.JACK:
        return pgettext("rank", "Jack")
    if rank is Rank.QUEEN:
        return pgettext("rank", "Queen")
    if rank is Rank.KING:
        return pgettext("rank", "King")
    return str(rank.value)


def rank_with_article(rank: Rank) -> str:
    """``"the Queen"``, ``"the 7"``: the rank with the definite article its gender takes."""
    messages = {
        Rank.ACE: pgettext("rank with article", "the Ace"),
        Rank.TWO: pgettext("rank with article", "the 2"),
        Rank.THREE: pgettext("rank with article", "the 3"),
        Rank.FOUR: pgettext("rank with article", "the 4"),
        Rank.FIVE: pgettext("rank with article", "the 5"),
        Rank.SIX: pgettext("rank with article", "the 6"),
        Rank.SEVEN: pgettext("rank with article", "the 7"),
        Rank.EIGHT: pgettext("rank with article", "the 8"),
        Rank.NINE: pgettext("rank with article", "the 9"),
        Rank.TEN: pgettext("rank with article", "the 10"),
        Rank.JACK: pgettext("rank with article", "the Jack"),
        Rank.QUEEN: pgettext("rank with article", "the Queen"),
        Rank.KING: pgettext("rank with article", "the King"),
    }
    return messages[rank]


def suit_name(suit: Suit) -> str:
    """``"hearts"``: a suit as players of the language in use name it."""
    if suit is Suit.SPADES:
        return pgettext("suit", "spades")
    if suit is Suit.HEARTS:
        return pgettext("suit", "hearts")
    if suit is Suit.DIAMONDS:
        return pgettext("suit", "diamonds")
    return pgettext("suit", "clubs")


RANK_NAMES: Mapping[Rank, str] = _Translated(list(Rank), rank_name)
"""Each rank's name in the language in use (``rank_name`` as a mapping)."""

SUIT_NAMES: Mapping[Suit, str] = _Translated(list(Suit), suit_name)
"""Each suit's name in the language in use (``suit_name`` as a mapping)."""

YOU = "You"
"""The seat name that is spoken in the second person ("You play", "Your turn"). It is the
seat's name in games, saves and logs; ``seat_name`` says it in the language in use."""


def seat_name(name: str) -> str:
    """A seat's name as it is said alone (in a list, a heading): the seat "You" translated,
    every other name as it is."""
    return pgettext("seat name", "You") if name == YOU else name


def card_name(card: Card, verbosity: str = NORMAL) -> str:
    """``"Queen of hearts"`` in full verbosity, else ``"Queen"`` (suits change nothing here)."""
    rank = rank_name(card.rank)
    if verbosity == FULL:
        return pgettext("card", "{rank} of {suit}").format(rank=rank, suit=suit_name(card.suit))
    return rank


def card_with_article(card: Card, verbosity: str = NORMAL) -> str:
    """``"the Queen of hearts"`` in full verbosity, else ``"the Queen"``.

    One message a rank, so that each language puts the article, the rank and the suit where
    its players do: German says "die Kreuz-Dame", not "die Dame von Kreuz"."""
    if verbosity != FULL:
        return rank_with_article(card.rank)
    messages = {
        Rank.ACE: pgettext("card with article", "the Ace of {suit}"),
        Rank.TWO: pgettext("card with article", "the 2 of {suit}"),
        Rank.THREE: pgettext("card with article", "the 3 of {suit}"),
        Rank.FOUR: pgettext("card with article", "the 4 of {suit}"),
        Rank.FIVE: pgettext("card with article", "the 5 of {suit}"),
        Rank.SIX: pgettext("card with article", "the 6 of {suit}"),
        Rank.SEVEN: pgettext("card with article", "the 7 of {suit}"),
        Rank.EIGHT: pgettext("card with article", "the 8 of {suit}"),
        Rank.NINE: pgettext("card with article", "the 9 of {suit}"),
        Rank.TEN: pgettext("card with article", "the 10 of {suit}"),
        Rank.JACK: pgettext("card with article", "the Jack of {suit}"),
        Rank.QUEEN: pgettext("card with article", "the Queen of {suit}"),
        Rank.KING: pgettext("card with article", "the King of {suit}"),
    }
    return messages[card.rank].format(suit=suit_name(card.suit))


def join_and(items: Sequence[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"``, as the language in use joins a list."""
    return format_list(items)


def separated(items: Iterable[str]) -> str:
    """``"You 5, Lily 4"``: items one after another with the language's own list separator
    (a Persian comma in Persian), where no "and" comes before the last."""
    # Translators: the separator between the items of a list ("You 5, Lily 4").
    return pgettext("list separator", ", ").join(items)


def ordinal(number: int) -> str:
    """``1`` → ``"1st"``, ``2`` → ``"2nd"``, ``11`` → ``"11th"``, as the language writes it."""
    return _ordinal(number)


def how_often(hits: float, total: float) -> str:
    """``"about half the time"``: how often something happened among ``total`` tries, in
    words a newcomer follows (a hint's search tells no counts of re-deals)."""
    share = hits / total if total > 0 else 0.0
    # Translators: how often a hint's search found something, said after a clause ("it
    # leaves Lily stuck about half the time"; "you rarely").
    if share <= 0:
        return pgettext("how often", "never")
    if share < 0.15:
        return pgettext("how often", "rarely")
    if share < 0.4:
        return pgettext("how often", "sometimes")
    if share < 0.6:
        return pgettext("how often", "about half the time")
    if share < 0.9:
        return pgettext("how often", "usually")
    if share < 1:
        return pgettext("how often", "almost always")
    return pgettext("how often", "always")


def is_you(name: str) -> bool:
    """Whether ``name`` is spoken as "you"."""
    return name == YOU


def subject_verb(name: str, plain: str, third: str) -> str:
    """``"You play"`` or ``"Lily plays"``. English only: a translatable phrase is two whole
    messages, one for "you" and one for a named player; this goes when no phrase uses it."""
    return f"{name} {plain if is_you(name) else third}"


def possessive(name: str) -> str:
    """``"Your"`` or ``"Lily's"``. English only, like ``subject_verb``."""
    return "Your" if is_you(name) else f"{name}'s"


def object_name(name: str) -> str:
    """``"you"`` or ``"Lily"``, for the middle of a sentence. English only, like
    ``subject_verb``."""
    return "you" if is_you(name) else name


def count_noun(count: int, singular: str, plural: str) -> str:
    """``"1 card"``, ``"3 cards"``. English only: a translatable count is ``ngettext`` with
    ``{count}`` in both forms; this goes when no phrase uses it."""
    return f"{count} {singular if count == 1 else plural}"


CUE_SEPARATOR = "+"
"""Joins several cue names into one ``Utterance.cue``; the interface plays each of them."""


def semicolon_list(parts: Iterable[str]) -> str:
    """Parts that hold commas themselves, one after another: ``"both: red 3; right: grey 1"``."""
    # Translators: what separates the parts of a list whose parts have commas of their own
    # ("Fits both: red 3; right: grey 1, pink 2").
    return pgettext("list separator", "; ").join(parts)


SENTENCE_ENDS = frozenset(".!?…。！？؟۔।")
"""Marks that end a sentence in the languages of the catalogue and of what players write (the
Persian and Arabic question mark and full stop, the Devanagari danda, the full-width forms)."""

FULL_STOPS = frozenset(".。۔।")
"""The full stops a message may put after a field."""


def ended(text: str) -> str:
    """``text`` with a full stop, unless it ends a sentence already (a player's "why?")."""
    return text if text.rstrip()[-1:] in SENTENCE_ENDS else f"{text}."


def fill(template: str, **fields: str) -> str:
    """``template`` (a translated message) with its fields, where a field that already ends a
    sentence ("are you there?") keeps its own mark: the template's full stop right after it is
    left out, so no line is said "are you there?." in any language."""
    for name, value in fields.items():
        if value.rstrip()[-1:] in SENTENCE_ENDS:
            placeholder = "{" + name + "}"
            start = template.find(placeholder)
            while start >= 0:
                after = start + len(placeholder)
                if template[after : after + 1] in FULL_STOPS:
                    template = template[:after] + template[after + 1 :]
                start = template.find(placeholder, after)
    return template.format(**fields)
