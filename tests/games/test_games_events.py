"""The one mechanism that writes every event's log line from its fields (``games/events.py``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import ClassVar

import pytest

from ninetynine_audio.cards import Card, card_text, parse_card, parse_cards
from ninetynine_audio.games.events import (
    NOT_LOGGED,
    OMIT_IF_NONE,
    LoggedEvent,
    LogValues,
    by_player,
    log_as,
    pairs_as_object,
    seats_as_names,
)


class Way(Enum):
    UP = "up"


class _Event(LoggedEvent):
    log_values: ClassVar[LogValues] = {Card: card_text}


@dataclass(frozen=True)
class HandsShown(_Event):
    seat: int = field(metadata=NOT_LOGGED)
    player: str
    players: tuple[str, ...] = field(metadata=NOT_LOGGED)
    hands: tuple[tuple[Card, ...], ...] = field(metadata=log_as(by_player()))
    ways: tuple[Way, ...]
    winners: tuple[int, ...] = field(metadata=log_as(seats_as_names()))
    pairs: tuple[tuple[str, int], ...] = field(metadata=log_as(pairs_as_object))
    flag: bool = field(default=False, metadata=log_as(lambda event, on: {"on": on}, key="opts"))
    deck: tuple[Card, ...] | None = field(default=None, metadata=OMIT_IF_NONE)
    card: Card | None = None


def shown(**changes: object) -> HandsShown:
    values: dict[str, object] = {
        "seat": 1,
        "player": "Lily",
        "players": ("You", "Lily"),
        "hands": (parse_cards("10H 2C"), ()),
        "ways": (Way.UP,),
        "winners": (1, 0),
        "pairs": (("a", 1), ("b", 2)),
    }
    values.update(changes)
    return HandsShown(**values)  # type: ignore[arg-type]


def test_the_line_names_the_event_and_follows_the_fields_in_order() -> None:
    line = shown().to_log()
    assert list(line) == ["event", "player", "hands", "ways", "winners", "pairs", "opts", "card"]
    assert line == {
        "event": "hands_shown",
        "player": "Lily",
        "hands": {"You": ["10H", "2C"], "Lily": []},
        "ways": ["up"],
        "winners": ["Lily", "You"],
        "pairs": {"a": 1, "b": 2},
        "opts": {"on": False},
        "card": None,
    }


def test_an_unset_field_marked_so_is_left_out_and_cards_take_the_family_notation() -> None:
    line = shown(deck=parse_cards("KS 9H"), card=parse_card("4C")).to_log()
    assert line["deck"] == ["KS", "9H"] and line["card"] == "4C"
    assert "deck" not in shown().to_log()


def test_a_value_the_log_cannot_hold_is_refused_by_name() -> None:
    with pytest.raises(TypeError, match="HandsShown"):
        shown(player=object()).to_log()
