"""The trick-taking game's computer players: legal, blind to hidden cards, and aimed at the bid."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from helpers.tricks import bid_all, play, start

from ninetynine_audio.bots.base import levels, make_bot, strongest_level
from ninetynine_audio.bots.tricks.fast import bid_of, choose_card, estimate_tricks, to_card, to_int
from ninetynine_audio.bots.tricks.simple import bid_choices, nearest_bid
from ninetynine_audio.cards import Suit, parse_card, parse_cards
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.registry import find_game
from ninetynine_audio.games.tricks import (
    BidCards,
    Declaration,
    PlayCard,
    TricksState,
    shown_voids,
    view,
)

SPEC = find_game("tricks")
NAMES = ("You", "Lily", "Max")


def test_the_levels_are_easy_normal_hard_and_expert_weakest_first():
    assert levels("tricks") == ("easy", "normal", "hard", "expert")
    assert strongest_level("tricks") == "expert"


def legal(state, seat, action):
    """Whether ``action`` is one of the seat's legal actions (bid cards in any order)."""

    def key(a):
        return (type(a), frozenset(a.cards), a.declaration) if isinstance(a, BidCards) else a

    return key(action) in {key(a) for a in SPEC.legal_actions(state, seat)}


def play_game(kinds, seed, options=None, check=None):
    setup = GameSetup(
        game="tricks", names=NAMES, kinds=tuple(kinds), seed=seed, options=options or {}
    )
    state, _ = SPEC.new_game(setup)
    bots = [make_bot("tricks", kind) for kind in kinds]
    rng = random.Random(seed)
    actions = 0
    while not SPEC.is_over(state):
        seat = SPEC.seats_to_act(state)[0]
        seen = SPEC.view(state, seat)
        action = bots[seat].choose(seen, rng)
        assert legal(state, seat, action)
        if check is not None:
            check(state, seat, bots[seat], action, seed * 1000 + actions)
        state, _ = SPEC.apply(state, action)
        actions += 1
    return state


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_every_level_plays_only_legal_actions_to_the_end_of_a_game(level):
    for seed in range(3):
        state = play_game((level, "normal", "easy"), seed, {"declarations": seed == 1})
        assert SPEC.outcome(state) is not None


def test_hard_plays_only_legal_actions_through_a_deal_with_declarations():
    setup = GameSetup(
        game="tricks", names=NAMES, kinds=("hard",) * 3, seed=4, options={"declarations": True}
    )
    state, _ = SPEC.new_game(setup)
    bot = make_bot("tricks", "hard")
    rng = random.Random(4)
    for _ in range(30):
        seat = SPEC.seats_to_act(state)[0]
        action = bot.choose(SPEC.view(state, seat), rng)
        assert legal(state, seat, action)
        state, _ = SPEC.apply(state, action)
    assert state.deal == 2


def redeal_unseen(state: TricksState, seat: int, rng: random.Random) -> TricksState | None:
    """``state`` with the cards ``seat`` cannot see dealt out again, keeping sizes and voids."""
    others = [other for other in range(3) if other != seat]
    shown: set[int] = set()
    if state.declared is not None and state.declared[0] != seat:
        shown.add(state.declared[0])
    hidden_hands = [
        o for o in others if not (o in shown and state.declared[1] is Declaration.REVEAL)
    ]
    hidden_bids = [o for o in others if o not in shown and state.bids[o]]
    pool = [card for o in hidden_hands for card in state.hands[o]]
    pool += [card for o in hidden_bids for card in state.bids[o]]
    voids = shown_voids(state.played, state.trick)
    for _ in range(200):
        rng.shuffle(pool)
        rest = list(pool)
        hands = list(state.hands)
        bids = list(state.bids)
        for o in hidden_hands:
            hands[o], rest = tuple(rest[: len(hands[o])]), rest[len(hands[o]) :]
        for o in hidden_bids:
            bids[o], rest = tuple(rest[:3]), rest[3:]
        if all(card.suit not in voids[o] for o in hidden_hands for card in hands[o]):
            return replace(state, hands=tuple(hands), bids=tuple(bids))
    return None


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_a_decision_is_the_same_when_the_unseen_cards_are_dealt_again(level):
    checked = []
    changed = []

    def check(state, seat, bot, action, key):
        if len(checked) >= 12 or key % 3:
            return
        other = redeal_unseen(state, seat, random.Random(key))
        if other is None:
            return
        assert view(other, seat) == view(state, seat)
        changed.append(other.hands != state.hands or other.bids != state.bids)
        again = bot.choose(view(other, seat), random.Random(key))
        first = bot.choose(view(state, seat), random.Random(key))
        assert again == first
        checked.append(key)

    setup_kinds = (level, "easy", "normal")
    setup = GameSetup(
        game="tricks", names=NAMES, kinds=setup_kinds, seed=11, options={"declarations": True}
    )
    state, _ = SPEC.new_game(setup)
    bots = [make_bot("tricks", kind) for kind in setup_kinds]
    rng = random.Random(3)
    for key in range(40):
        seat = SPEC.seats_to_act(state)[0]
        action = bots[seat].choose(view(state, seat), rng)
        if seat == 0:
            check(state, seat, bots[seat], action, key)
        state, _ = SPEC.apply(state, action)
    assert len(checked) >= 3
    assert any(changed)


def test_normal_wins_cheaply_when_it_needs_tricks_and_ducks_when_it_has_its_bid():
    hand = [to_int(card) for card in parse_cards("AH 10H 7H 6C")]
    trick = [to_int(parse_card("9H")), to_int(parse_card("JH"))]
    assert to_card(choose_card(hand, trick, -1, want=True)) == parse_card("AH")
    assert to_card(choose_card(hand, trick, -1, want=False)) == parse_card("10H")
    last = [to_int(parse_card("9H")), to_int(parse_card("8H"))]
    assert to_card(choose_card(hand, last, -1, want=True)) == parse_card("10H")


def test_normal_bids_what_its_nine_cards_look_likely_to_take():
    state, _ = start()
    bot = make_bot("tricks", "normal")
    action = bot.choose(view(state, 0), random.Random(1))
    assert isinstance(action, BidCards)
    # Nine spades' worth of top cards: a big bid, coded with clubs and hearts it does not hold
    # except hearts, so hearts and spades go aside.
    assert (
        sum({Suit.CLUBS: 3, Suit.HEARTS: 2, Suit.SPADES: 1}.get(c.suit, 0) for c in action.cards)
        >= 4
    )


DUCK_HANDS = (
    "AS KS QS JS 10S 9S AH KH 6H 8S 7S 6S",
    "JH 10H 9H 8H 7H QH AD KD QD JD 10D 9D",
    "8D 7D 6D AC KC QC JC 10C 9C 8C 7C 6C",
)


@pytest.mark.parametrize("level", ["hard", "expert"])
@pytest.mark.parametrize(("won", "wanted"), [(3, "6H"), (0, "AH KH")])
def test_hard_wins_a_trick_it_needs_and_ducks_one_it_does_not(won, wanted, level):
    state, _ = start(DUCK_HANDS)
    state, _ = bid_all(state, "6S 7S 8S", "9D 10D JD", "6C 7C 8C")  # You bid 3
    # Lily leads the 10 of hearts, Max throws a club, and You play last.
    state = replace(state, tricks_won=(won, 0, 0), leader=1, to_act=1)
    state, _ = play(state, "10H", "AC")
    bot = make_bot("tricks", level)
    action = bot.choose(view(state, 0), random.Random(3))
    assert isinstance(action, PlayCard)
    assert action.card in parse_cards(wanted)


@pytest.mark.parametrize("trumps", [-1, 0, 1, 2, 3])
def test_nearest_bid_is_as_near_as_the_best_of_every_choice(trumps):
    rng = random.Random(trumps + 10)
    for _ in range(40):
        hand = tuple(rng.sample(range(36), 12))
        kept, value = nearest_bid(hand, trumps)
        aside = [card for card in hand if card not in kept]
        assert len(kept) == 9 and len(aside) == 3
        assert value == bid_of(aside)
        nearest = abs(estimate_tricks(kept, trumps) - value) + 0.01 * sum(c % 9 for c in aside)
        best, _, _ = bid_choices(hand, trumps)[0]
        assert nearest == pytest.approx(best, abs=1e-9)
