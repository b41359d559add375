"""Short ways to set up and play the trick-taking game in tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ninetynine_audio.cards import parse_card, parse_cards
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.tricks import (
    BidCards,
    Declaration,
    Event,
    PlayCard,
    TricksState,
    apply,
    bidding_order,
    deck_for_hands,
    new_game,
)

NAMES = ("You", "Lily", "Max")
# Three hands that cover the deck: seat 0 holds every spade, seat 2 every club.
HANDS = (
    "AS KS QS JS 10S 9S 8S 7S 6S AH KH QH",
    "JH 10H 9H 8H 7H 6H AD KD QD JD 10D 9D",
    "8D 7D 6D AC KC QC JC 10C 9C 8C 7C 6C",
)


def start(
    hands: Sequence[str] = HANDS,
    options: Mapping[str, Any] | None = None,
    seed: int = 1,
    kinds: Sequence[str] = ("human", "normal", "normal"),
) -> tuple[TricksState, tuple[Event, ...]]:
    """A game whose first deal gives ``hands`` (in seat order; seat 2 deals, seat 0 leads)."""
    deck = deck_for_hands([parse_cards(hand) for hand in hands])
    setup = GameSetup(
        game="tricks",
        names=NAMES,
        kinds=tuple(kinds),
        options=dict(options or {}),
        seed=seed,
        deck=deck,
    )
    return new_game(setup)


def bid(
    state: TricksState, seat: int, cards: str, declaration: Declaration | None = None
) -> tuple[TricksState, tuple[Event, ...]]:
    """``seat`` bids ``cards``."""
    return apply(state, BidCards(seat, parse_cards(cards), declaration))


def bid_all(state: TricksState, *bids: str) -> tuple[TricksState, list[Event]]:
    """Seats 0, 1 and 2 bid ``bids`` (in seat order), each in its turn; every event caused."""
    events: list[Event] = []
    for seat in bidding_order(state.dealer):
        state, more = bid(state, seat, bids[seat])
        events.extend(more)
    return state, events


def play(state: TricksState, *cards: str) -> tuple[TricksState, list[Event]]:
    """The seats to act play ``cards`` one after another; every event they caused."""
    events: list[Event] = []
    for text in cards:
        state, more = apply(state, PlayCard(state.to_act, parse_card(text)))
        events.extend(more)
    return state, events


def logs(events: Sequence[Event]) -> list[dict[str, Any]]:
    """The log lines of ``events``."""
    return [event.to_log() for event in events]
