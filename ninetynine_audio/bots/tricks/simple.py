"""The Easy and Normal computer players of the trick-taking game."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from itertools import combinations, product

from ninetynine_audio.bots.tricks.fast import (
    BID_OF_SUIT,
    NO_TRUMPS,
    add_suit_tricks,
    bid_of,
    choose_card,
    estimate_tricks,
    to_card,
    to_int,
    trump_index,
)
from ninetynine_audio.games.tricks import (
    Action,
    BidCards,
    Phase,
    PlayCard,
    TricksView,
    playable,
)


def is_bidding(view: TricksView) -> bool:
    """Whether the seat of ``view`` is to set its bid aside now."""
    return view.phase is Phase.BIDDING and not view.has_bid[view.seat]


def bid_choices(hand: tuple[int, ...], trumps: int) -> list[tuple[float, int, tuple[int, ...]]]:
    """Every three-card bid with how far the other nine's likely tricks are from it.

    Sorted closest first; between equals, the bid that sets the lower cards aside.
    """
    choices: list[tuple[float, int, tuple[int, ...]]] = []
    for aside in combinations(hand, 3):
        keep = [card for card in hand if card not in aside]
        gap = abs(estimate_tricks(keep, trumps) - bid_of(aside))
        choices.append((gap + 0.01 * sum(card % 9 for card in aside), bid_of(aside), aside))
    choices.sort()
    return choices


# How three cards can come out of the four suits: (spades, hearts, diamonds, clubs) counts.
_SPLITS = tuple(
    (a, b, c, 3 - a - b - c) for a in range(4) for b in range(4 - a) for c in range(4 - a - b)
)


def nearest_bid(hand: Sequence[int], trumps: int) -> tuple[list[int], int]:
    """The bid closest to what the other nine cards look likely to take, as
    :func:`bid_choices` ranks them first, found suit by suit instead of hand by hand: the nine
    cards kept and the bid. Fast enough to bid for the other players of every sampled deal (a
    near-tie may fall the other way than in :func:`bid_choices`)."""
    by_suit: list[list[int]] = [[], [], [], []]
    for card in sorted(hand, reverse=True):
        by_suit[card // 9].append(card)
    # per suit and number set aside: (cards aside, their ranks, likely tricks of the rest
    # without trumps kept, with)
    asides: list[list[list[tuple[tuple[int, ...], int, tuple[float, float]]]]] = []
    for suit, cards in enumerate(by_suit):
        trump = suit == trumps
        per_count: list[list[tuple[tuple[int, ...], int, tuple[float, float]]]] = []
        for count in range(4):
            found = []
            for aside in combinations(cards, count):
                rest = [card % 9 for card in cards if card not in aside]
                found.append(
                    (
                        aside,
                        sum(card % 9 for card in aside),
                        (
                            add_suit_tricks(0.0, rest, trump, False),
                            add_suit_tricks(0.0, rest, trump, True),
                        ),
                    )
                )
            per_count.append(found)
        asides.append(per_count)
    best_key, best_value, aside = math.inf, 0, ()
    for split in _SPLITS:
        value = sum(BID_OF_SUIT[suit] * count for suit, count in enumerate(split))
        ruffs = trumps != NO_TRUMPS and len(by_suit[trumps]) > split[trumps]
        at = 1 if ruffs else 0
        # Written out for the four suits (this is asked for every sampled hand): the likely
        # tricks added one after the other from 0.0, as add_in_turn adds them, so the same
        # floats and the same bid come out.
        for a, b, c, d in product(*(asides[suit][count] for suit, count in enumerate(split))):
            likely = 0.0 + a[2][at] + b[2][at] + c[2][at] + d[2][at]
            key = abs(likely - value) + 0.01 * (a[1] + b[1] + c[1] + d[1])
            if key < best_key:
                best_key, best_value, aside = key, value, a[0] + b[0] + c[0] + d[0]
    return [card for card in hand if card not in aside], best_value


class EasyBot:
    """Random bid cards, then any legal card."""

    level = "easy"

    def choose(self, view: TricksView, rng: random.Random) -> Action:
        """A random bid or a random playable card."""
        if is_bidding(view):
            return BidCards(view.seat, tuple(rng.sample(list(view.hand), 3)))
        return PlayCard(view.seat, rng.choice(playable(view.hand, view.trick)))


class NormalBot:
    """Bids the tricks its nine playing cards look likely to take, then plays to that number.

    It wins tricks cheaply while it still needs some, and ducks with its highest safe card once
    the bid is reached.
    """

    level = "normal"

    def choose(self, view: TricksView, rng: random.Random) -> Action:
        """The bid or the card."""
        trumps = trump_index(view.trumps)
        if is_bidding(view):
            hand = tuple(to_int(card) for card in view.hand)
            _, _, aside = bid_choices(hand, trumps)[0]
            return BidCards(view.seat, tuple(to_card(card) for card in aside))
        bid = view.bid or 0
        want = view.tricks_won[view.seat] < bid
        card = choose_card(
            [to_int(card) for card in view.hand],
            [to_int(card) for _, card in view.trick],
            trumps,
            want,
        )
        return PlayCard(view.seat, to_card(card))
