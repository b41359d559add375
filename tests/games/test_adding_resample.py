"""The adding games' ``resample``: what one seat cannot see, dealt again.

That no view changes is checked for every game in ``test_games_conformance.py``; here, that
the new deal is a fair one: the same cards, the same hand sizes, the public table untouched.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

from ninetynine_audio.games.adding import AddingState, DrawCard
from ninetynine_audio.games.adding.spec import CLASSIC, resample
from ninetynine_audio.games.base import GameSetup

OPTIONS = {"manual_draw": True, "hand_size": 5}


def states(seed: int) -> list[AddingState]:
    """The states of one random game of classic for five, with draws by hand."""
    names = ("You", "Lily", "Max", "Zoe", "Oskar")
    setup = GameSetup("classic", names, ("human",) + ("normal",) * 4, OPTIONS, seed)
    state, _ = CLASSIC.new_game(setup)
    rng = random.Random(seed)
    seen = [state]
    while seats := CLASSIC.seats_to_act(state):
        state, _ = CLASSIC.apply(state, rng.choice(CLASSIC.legal_actions(state, rng.choice(seats))))
        seen.append(state)
    return seen


def cards_of(state: AddingState) -> Counter[object]:
    return Counter(card for hand in state.hands for card in hand) + Counter(state.stock)


def test_resampling_keeps_every_card_and_every_hand_size() -> None:
    rng = random.Random(7)
    for seed in range(3):
        for state in states(seed)[::4]:
            for seat in range(len(state.hands)):
                imagined = resample(state, seat, rng)
                assert cards_of(imagined) == cards_of(state)
                assert [len(h) for h in imagined.hands] == [len(h) for h in state.hands]
                assert len(imagined.stock) == len(state.stock)
                assert imagined.hands[seat] == state.hands[seat]


def test_resampling_leaves_the_public_table_alone() -> None:
    rng = random.Random(8)
    hidden = {"hands", "stock", "seed"}
    for state in states(3)[::5]:
        imagined = resample(state, 1, rng)
        for field in dataclasses.fields(AddingState):
            if field.name not in hidden:
                assert getattr(imagined, field.name) == getattr(state, field.name), field.name


def test_resampling_draws_the_seed_of_later_shuffles_again() -> None:
    # A search on the imagined table must not learn how the real stock will be rebuilt.
    state = states(4)[10]
    seeds = {resample(state, 0, random.Random(n)).seed for n in range(20)}
    assert len(seeds) > 1 and state.seed not in seeds


def test_resampling_deals_the_other_hands_differently() -> None:
    state = states(5)[6]
    rng = random.Random(9)
    deals = {resample(state, 0, rng).hands[1:] for _ in range(20)}
    assert len(deals) > 1


def test_a_seat_that_draws_by_hand_draws_from_the_imagined_stock() -> None:
    # Drawing is the one action that reaches a hidden card: it must come from the new stock.
    for state in states(6):
        owing = [s for s, owed in enumerate(state.owes_draw) if owed and state.stock]
        if owing:
            seat = owing[0]
            imagined = resample(state, seat, random.Random(1))
            after, _ = CLASSIC.apply(imagined, DrawCard(seat))
            assert after.hands[seat][-1] == imagined.stock[0]
            return
    raise AssertionError("no draw by hand was owed in this game")
