"""Small helpers for engine tests: stacked decks and short ways to play."""

from __future__ import annotations

from collections.abc import Sequence

from ninetynine_audio.cards import Card, parse_card, parse_cards
from ninetynine_audio.games.adding import (
    AddingOptions,
    AddingState,
    Choice,
    Event,
    PlayCard,
    apply,
    new_game,
)


def stack(hands: Sequence[str], then: str = "") -> tuple[Card, ...]:
    """A deck that deals ``hands`` (in dealing order, starter first), then ``then`` as the stock."""
    parsed = [parse_cards(hand) for hand in hands]
    size = len(parsed[0])
    dealt = [parsed[seat][i] for i in range(size) for seat in range(len(parsed))]
    return tuple(dealt) + parse_cards(then)


def start(
    game: str,
    names: Sequence[str],
    hands: Sequence[str],
    then: str = "",
    options: AddingOptions | None = None,
    kinds: Sequence[str] | None = None,
    seed: int = 1,
) -> tuple[AddingState, tuple[Event, ...]]:
    """A game whose first deal is ``hands`` (seat order from seat 0, which starts)."""
    return new_game(game, names, kinds=kinds, options=options, seed=seed, deck=stack(hands, then))


def play(
    state: AddingState, card: str, choice: str | None = None
) -> tuple[AddingState, tuple[Event, ...]]:
    """The player to act plays ``card`` (with ``choice`` such as ``"-10"``)."""
    return apply(
        state,
        PlayCard(state.to_act, parse_card(card), Choice(choice) if choice else None),
    )


def logs(events: Sequence[Event]) -> list[dict[str, object]]:
    """Events as log objects."""
    return [event.to_log() for event in events]


def names_of(events: Sequence[Event]) -> list[str]:
    """The log names of ``events`` in order."""
    return [str(event.to_log()["event"]) for event in events]
