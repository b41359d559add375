"""Stacked deals and hand-made positions of the colour game, and the refusals of a whole game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from ninetynine_audio.cards import ColourCard, colour_deck, parse_colour_card, parse_colour_cards
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.colours import (
    ColoursState,
    EndPiles,
    PlaceRowCard,
    PlayToPile,
    ScoreRow,
    apply,
    check,
    new_game,
)
from ninetynine_audio.games.errors import IllegalAction


def stacked_deck(
    hands: Sequence[str],
    piles: Sequence[str] = (),
    tops: str = "",
    reserve: str = "",
) -> tuple[ColourCard, ...]:
    """A whole deck in deal order (starter first): each hand and draw pile begins with the cards
    given and is filled from the unnamed cards, then the pile tops, then the reserve."""
    named = [c for text in (*hands, *piles, tops, reserve) for c in parse_colour_cards(text)]
    assert len(named) == len(set(named)), "a card is named twice"
    spare = iter(card for card in colour_deck() if card not in set(named))
    deck: list[ColourCard] = []
    for hand in hands:
        given = list(parse_colour_cards(hand))
        deck += given + [next(spare) for _ in range(6 - len(given))]
    for seat in range(len(hands)):
        given = list(parse_colour_cards(piles[seat])) if seat < len(piles) else []
        deck += given + [next(spare) for _ in range(15 - len(given))]
    given = list(parse_colour_cards(tops))
    deck += given + [next(spare) for _ in range(2 - len(given))]
    deck += list(parse_colour_cards(reserve))
    deck += list(spare)
    return tuple(deck)


def deal(
    hands: Sequence[str],
    piles: Sequence[str] = (),
    tops: str = "",
    reserve: str = "",
    *,
    pro: bool = False,
    names: Sequence[str] = ("Sarah", "Tim", "Lily", "Max"),
    kinds: Sequence[str] | None = None,
) -> tuple[ColoursState, tuple[object, ...]]:
    seats = len(hands)
    setup = GameSetup(
        "colours",
        tuple(names[:seats]),
        tuple(kinds or ("normal",) * seats),
        {"pro_variant": pro},
        seed=3,
        deck=stacked_deck(hands, piles, tops, reserve),
    )
    return new_game(setup)


def with_row(state: ColoursState, seat: int, cards: str) -> ColoursState:
    rows = list(state.rows)
    rows[seat] = parse_colour_cards(cards)
    return replace(state, rows=tuple(rows))


C = parse_colour_card


def refusals_of_a_game() -> list[IllegalAction]:
    state, _ = deal(["purple-9 red-4 pink-3 grey-5 black-6 green-7", ""], tops="orange-9 yellow-9")
    row_state = with_row(state, 0, "purple-1 yellow-6")
    tries = [
        (row_state, PlaceRowCard(0, C("purple-9"))),
        (row_state, PlaceRowCard(0, C("red-4"))),
        (state, ScoreRow(0)),
        (state, PlayToPile(0, C("red-4"), 1)),
        (state, ScoreRow(1)),
        (state, PlaceRowCard(0, C("pink-10"))),
    ]
    placed, _ = apply(state, PlaceRowCard(0, C("grey-5")))
    tries += [
        (placed, PlaceRowCard(0, C("red-4"))),
        (placed, PlayToPile(0, C("red-4"), 1)),
        (placed, PlayToPile(0, C("red-4"), 3)),
    ]
    from dataclasses import replace

    tries += [
        (replace(placed, pile_plays=5), PlayToPile(0, C("pink-3"), 1)),
        (replace(with_row(placed, 0, "grey-5"), pile_plays=1), ScoreRow(0)),
        (replace(with_row(placed, 0, "grey-5"), has_scored=True), ScoreRow(0)),
        (replace(placed, winner=0, phase=placed.phase.OVER), EndPiles(0)),
    ]
    found = []
    for table, action in tries:
        with pytest.raises(IllegalAction) as caught:
            check(table, action)
        found.append(caught.value)
    return found
