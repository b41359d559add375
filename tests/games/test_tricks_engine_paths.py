"""The trick-taking engine's quick paths say and do what its checks and its slower paths do.

The engine plays the usual action (a card of the deck it dealt, a bid of the hand's own cards)
by a short way, and anything else through ``check``. These games hold that both ways agree:
an action made of equal but other card objects (as a parsed command or a replayed log gives)
does what the engine's own action does, and ``apply`` refuses exactly what ``check`` refuses,
with the same reason.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import pytest

from ninetynine_audio.cards import Card, short_deck
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.errors import IllegalAction
from ninetynine_audio.games.registry import find_game
from ninetynine_audio.games.tricks import BidCards, Declaration, PlayCard, TricksState, engine
from ninetynine_audio.games.tricks.errors import BidCardTwice, CardNotInHand

SPEC = find_game("tricks")
NAMES = ("You", "Lily", "Max")


def first_state(seed: int, declarations: bool) -> TricksState:
    setup = GameSetup(
        game="tricks",
        names=NAMES,
        kinds=("easy",) * 3,
        options={"declarations": declarations, "target": 30},
        seed=seed,
    )
    state, _ = SPEC.new_game(setup)
    return state


def copied(action: BidCards | PlayCard) -> BidCards | PlayCard:
    """``action`` made again of new card objects, equal to its own."""
    if isinstance(action, PlayCard):
        return PlayCard(action.seat, Card(action.card.rank, action.card.suit))
    cards = tuple(Card(card.rank, card.suit) for card in action.cards)
    return BidCards(action.seat, cards, action.declaration)


def outcome_of(state: TricksState, action: Any) -> tuple[str, object]:
    """What ``apply`` does with ``action``: its refusal (kind, code, message and facts), or
    its result."""
    try:
        return "done", SPEC.apply(state, action)
    except IllegalAction as error:
        return type(error).__name__, (error.code, error.message, error.details)


def check_of(state: TricksState, action: Any) -> tuple[str, object] | None:
    """What ``check`` says of ``action``: its refusal as :func:`outcome_of` gives it, or
    ``None``."""
    try:
        SPEC.check(state, action)
    except IllegalAction as error:
        return type(error).__name__, (error.code, error.message, error.details)
    return None


@pytest.mark.parametrize(("seed", "declarations"), [(3, False), (8, True)])
def test_an_action_of_equal_card_objects_does_what_the_engines_own_does(seed, declarations):
    state = first_state(seed, declarations)
    rng = random.Random(seed)
    while SPEC.outcome(state) is None:
        seat = SPEC.seats_to_act(state)[0]
        legal = SPEC.legal_actions(state, seat)
        action = legal[rng.randrange(len(legal))]
        own = SPEC.apply(state, action)
        assert SPEC.apply(state, copied(action)) == own
        state = own[0]


@pytest.mark.parametrize("seed", [5, 12])
def test_apply_refuses_exactly_what_check_refuses_and_for_the_same_reason(seed):
    deck = short_deck()
    state = first_state(seed, declarations=False)
    rng = random.Random(seed)
    refused = 0
    while SPEC.outcome(state) is None:
        tries: list[object] = []
        for seat in range(3):
            hand = state.hands[seat]
            tries += [PlayCard(seat, card) for card in rng.sample(deck, 8)]
            tries += [PlayCard(seat, card) for card in hand]
            tries += [copied(PlayCard(seat, card)) for card in hand]
            if len(hand) >= 3:
                tries += [BidCards(seat, cards) for cards in list(combinations(hand, 3))[:4]]
                tries.append(BidCards(seat, (hand[0], hand[0], hand[1])))
                tries.append(BidCards(seat, hand[:3], Declaration.DECLARE))
                tries.append(BidCards(seat, (hand[0], Card(hand[0].rank, hand[0].suit), hand[1])))
            tries.append(BidCards(seat, tuple(rng.sample(deck, 3))))
        for action in tries:
            said = check_of(state, action)
            done = outcome_of(state, action)
            if said is None:
                assert done[0] == "done", action
            else:
                refused += 1
                assert done == said, action
        seat = SPEC.seats_to_act(state)[0]
        legal = SPEC.legal_actions(state, seat)
        state, _ = SPEC.apply(state, legal[rng.randrange(len(legal))])
    assert refused > 0


def test_a_bid_of_the_hands_very_cards_is_refused_as_a_bid_of_other_equal_cards_is():
    state = first_state(2, declarations=False)
    seat = SPEC.seats_to_act(state)[0]
    hand, other = state.hands[seat], state.hands[(seat + 1) % 3]
    for cards, refusal in (
        ((hand[0], hand[0], hand[1]), BidCardTwice),
        ((hand[0], hand[1], other[0]), CardNotInHand),
    ):
        for action in (BidCards(seat, cards), copied(BidCards(seat, cards))):
            with pytest.raises(refusal):
                SPEC.apply(state, action)


@pytest.mark.parametrize(("seed", "declarations"), [(4, False), (9, True)])
def test_the_engines_own_actions_take_the_short_way_past_check(seed, declarations, monkeypatch):
    """Every card and bid the engine lists is carried out without ``check``: the short way
    finds a listed card in its hand by identity at any place, and takes a listed bid as it is."""

    def refuse(state: TricksState, action: Any) -> None:
        raise AssertionError(f"{action} went through check")

    state = first_state(seed, declarations)
    rng = random.Random(seed)
    places: set[int] = set()
    monkeypatch.setattr(engine, "check", refuse)
    while SPEC.outcome(state) is None:
        seat = SPEC.seats_to_act(state)[0]
        legal = SPEC.legal_actions(state, seat)
        action = legal[rng.randrange(len(legal))]
        if isinstance(action, PlayCard):
            places.add(state.hands[seat].index(action.card))
        state, _ = engine.apply(state, action)
    assert len(places) > 3
