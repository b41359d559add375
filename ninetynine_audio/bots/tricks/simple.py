"""The Easy and Normal computer players of the trick-taking game."""

from __future__ import annotations

import random
from itertools import combinations

from ninetynine_audio.bots.tricks.fast import (
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
