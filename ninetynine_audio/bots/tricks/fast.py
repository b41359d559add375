"""A small, quick model of a deal for the computer players: cards as numbers, a simple policy.

A card is ``suit * 9 + rank`` with rank 0 for the six up to 8 for the ace, so within a suit a
higher number takes a lower one. Suits are numbered in :data:`SUITS` order. The policy is the
Normal player's card play; the Hard player plays sampled deals out with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ninetynine_audio.cards import SHORT_DECK_RANKS, Card, Suit

SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
SUIT_INDEX = {suit: index for index, suit in enumerate(SUITS)}
RANKS_LOW_FIRST = tuple(reversed(SHORT_DECK_RANKS))
RANK_INDEX = {rank: index for index, rank in enumerate(RANKS_LOW_FIRST)}
ACE = 8
NO_TRUMPS = -1
BID_OF_SUIT = (1, 2, 0, 3)  # spades, hearts, diamonds, clubs
BONUS = (0, 30, 20, 10)


@cache
def to_int(card: Card) -> int:
    """The number of ``card``."""
    return SUIT_INDEX[card.suit] * 9 + RANK_INDEX[card.rank]


@cache
def to_card(number: int) -> Card:
    """The card of a number."""
    return Card(RANKS_LOW_FIRST[number % 9], SUITS[number // 9])


def trump_index(trumps: Suit | None) -> int:
    """The number of the trump suit, or :data:`NO_TRUMPS`."""
    return NO_TRUMPS if trumps is None else SUIT_INDEX[trumps]


def beats(card: int, best: int, trumps: int) -> bool:
    """Whether ``card`` takes a trick ``best`` is winning."""
    if card // 9 == best // 9:
        return card > best
    return card // 9 == trumps


def winner_of(cards: Sequence[int], trumps: int) -> int:
    """The position in ``cards`` (order played) of the winning card."""
    best = 0
    for index in range(1, len(cards)):
        if beats(cards[index], cards[best], trumps):
            best = index
    return best


def playable(hand: Sequence[int], trick: Sequence[int]) -> list[int]:
    """The cards of ``hand`` that may be played to ``trick``."""
    if not trick:
        return list(hand)
    led = trick[0] // 9
    follow = [card for card in hand if card // 9 == led]
    return follow or list(hand)


def _keys(trumps: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The orders :func:`choose_card` picks by, as one number a card for ``trumps``: rank
    then trump; trump then rank; plain suit then rank (each higher for the later pick)."""
    ranked = tuple((card % 9) * 2 + (card // 9 == trumps) for card in range(36))
    trump_first = tuple((card // 9 == trumps) * 16 + card % 9 for card in range(36))
    plain_first = tuple((card // 9 != trumps) * 16 + card % 9 for card in range(36))
    return ranked, trump_first, plain_first


_KEYS = {trumps: _keys(trumps) for trumps in (NO_TRUMPS, 0, 1, 2, 3)}


def choose_card(hand: Sequence[int], trick: Sequence[int], trumps: int, want: bool) -> int:
    """The Normal card: win cheaply when tricks are wanted, duck as high as possible when not.

    ``trick`` holds the cards already played to the trick; a trick is complete with three.
    """
    ranked, trump_first, plain_first = _KEYS[trumps]
    if not trick:
        if len(hand) == 1:
            return hand[0]
        # the strongest card: a trump ace outranks a plain ace only by suit, so rank first
        if want:
            return max(hand, key=ranked.__getitem__)
        return min(hand, key=ranked.__getitem__)
    led = trick[0] // 9
    options = [card for card in hand if card // 9 == led] or hand
    if len(options) == 1:
        return options[0]
    best = trick[0]
    last = len(trick) == 2
    if last:
        second = trick[1]
        if (second > best) if second // 9 == led else (second // 9 == trumps):
            best = second
    best_suit = best // 9
    winning: list[int] = []
    losing: list[int] = []
    for card in options:
        if (card > best) if card // 9 == best_suit else (card // 9 == trumps):
            winning.append(card)
        else:
            losing.append(card)
    if want:
        if winning:
            if last:
                return min(winning, key=trump_first.__getitem__)
            return max(winning, key=plain_first.__getitem__)
        return min(losing, key=trump_first.__getitem__)
    if losing:
        return max(losing, key=plain_first.__getitem__)
    if last:
        return max(winning, key=lambda c: c % 9)
    return min(winning, key=lambda c: c % 9)


def play_out(
    hands: list[list[int]],
    trick: list[int],
    leader: int,
    won: list[int],
    targets: Sequence[int],
    trumps: int,
    first: int | None = None,
) -> list[int]:
    """Play the deal to its end with every seat on the Normal policy; the tricks each took.

    ``hands`` and ``won`` are changed. ``trick`` holds the cards played so far from ``leader``;
    ``first`` (if given) is the card the seat to act plays now.
    """
    cards = list(trick)
    seat = (leader + len(cards)) % 3
    while hands[seat] or cards:
        if len(cards) == 3:
            # The winning card, as :func:`winner_of` finds it.
            place, best = 0, cards[0]
            for index in (1, 2):
                card = cards[index]
                if (card > best) if card // 9 == best // 9 else (card // 9 == trumps):
                    place, best = index, card
            winner = (leader + place) % 3
            won[winner] += 1
            leader = seat = winner
            cards = []
            if not hands[seat]:
                break
            continue
        hand = hands[seat]
        if first is not None:
            card = first
            first = None
        else:
            card = choose_card(hand, cards, trumps, won[seat] < targets[seat])
        hand.remove(card)
        cards.append(card)
        seat = (seat + 1) % 3
    return won


# ---------------------------------------------------------------------------- bidding


def estimate_tricks(hand: Sequence[int], trumps: int) -> float:
    """How many tricks a nine-card hand is likely to take, from its high cards and lengths."""
    by_suit: list[list[int]] = [[], [], [], []]
    for card in hand:
        by_suit[card // 9].append(card % 9)
    ruffs = trumps >= 0 and bool(by_suit[trumps])
    total = 0.0
    for suit, ranks in enumerate(by_suit):
        ranks.sort(reverse=True)
        total = add_suit_tricks(total, ranks, suit == trumps, ruffs)
    return total


def add_suit_tricks(total: float, ranks: Sequence[int], is_trump: bool, ruffs: bool) -> float:
    """``total`` with the likely tricks of one suit of a hand added: ``ranks`` highest first;
    ``ruffs`` when the hand holds trumps, so that a single card of a plain suit lets it trump
    in soon. A suit the hand lacks adds nothing."""
    length = len(ranks)
    if not length:
        return total
    for place, rank in enumerate(ranks):
        top = ACE - rank  # 0 for the ace, 1 for the king, ...
        if top <= place:
            # the card is as good as the ace once the higher ones held are played
            total += 0.95 if top == 0 else 0.8
        elif top == 1 and length >= 2:
            total += 0.55
        elif top == 2 and length >= 3:
            total += 0.3
    if length >= 4:
        total += (length - 3) * (0.75 if is_trump else 0.35)
    if is_trump and length >= 2:
        total += 0.3 * min(length, 4)
    if ruffs and not is_trump and length == 1:
        total += 0.15
    return total


def bid_of(cards: Sequence[int]) -> int:
    """The bid coded by bid cards."""
    return sum(BID_OF_SUIT[card // 9] for card in cards)


def score_deal(
    tricks: Sequence[int],
    targets: Sequence[int],
    declared: tuple[int, int] | None = None,
) -> list[int]:
    """Each seat's points for a finished deal; ``declared`` is (seat, premium)."""
    made = [tricks[seat] == targets[seat] for seat in range(3)]
    bonus = BONUS[sum(made)]
    points = [tricks[seat] + (bonus if made[seat] else 0) for seat in range(3)]
    if declared is not None:
        seat, premium = declared
        if made[seat]:
            points[seat] += premium
        else:
            for other in range(3):
                if other != seat:
                    points[other] += premium
    return points
