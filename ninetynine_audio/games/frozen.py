"""Frozen states and actions made quickly, and a card found in a hand quickly, for the
engines' hot paths.

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``, and
``dataclasses.replace`` reads every field and calls it again: for a state of twenty fields that
is most of the time of a small play. The engines make their states and their many actions
here instead: the same fields, set at once, so an object equal to the one ``__init__`` makes.
Only for frozen dataclasses without ``__post_init__``, ``slots`` or init-only fields.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from ninetynine_audio.cards import Card

_T = TypeVar("_T")
_new = object.__new__
_set = object.__setattr__


def made(cls: type[_T], fields: dict[str, Any]) -> _T:
    """An instance of ``cls`` holding ``fields`` (every field of it)."""
    instance = object.__new__(cls)
    instance.__dict__.update(fields)
    return instance


def holding(cls: type[_T], fields: dict[str, Any]) -> _T:
    """An instance of ``cls`` whose fields are ``fields`` (every field, in a dict of its own,
    which becomes the instance's: not copied again, as :func:`made` copies it). An engine's
    quick pass makes a new state from a copy of the old one's dict with a few fields set."""
    instance = _new(cls)
    _set(instance, "__dict__", fields)
    return instance


def replaced(instance: _T, **changes: Any) -> _T:
    """``dataclasses.replace(instance, **changes)``: a copy with ``changes``.

    The copy's fields are a copy of the instance's dictionary (which keeps the keys it shares
    with every instance of the class: quicker than filling an empty one key by key)."""
    held = instance.__dict__.copy()
    held.update(changes)
    return holding(type(instance), held)


def place_of(cards: Sequence[Card], card: Card) -> int:
    """Where the first card equal to ``card`` is in ``cards`` (-1 for nowhere), as
    ``cards.index`` finds it, without comparing two cards as dataclasses (slow): equal cards
    hold the same rank and the same suit, enum members of which there is one of each."""
    rank, suit = card.rank, card.suit
    for place, held in enumerate(cards):
        if held is card or (held.rank is rank and held.suit is suit):
            return place
    return -1
