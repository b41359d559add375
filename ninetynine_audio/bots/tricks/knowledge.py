"""What a seat's view tells a computer player: unseen cards, hand sizes, shown voids.

Only the view is read, never the state: the unseen cards are those the seat has not seen in
its hand, its bid, the tricks or a declaration, and a sample deals them out again consistently
with what is known.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ninetynine_audio.bots.tricks.fast import SUITS, bid_of, to_int
from ninetynine_audio.cards import short_deck
from ninetynine_audio.games.tricks import Declaration, Phase, TricksView, shown_voids

ALL_CARDS = tuple(to_int(card) for card in short_deck())


@dataclass(frozen=True)
class Knowledge:
    """The facts a sample must respect, as card numbers."""

    seat: int
    hand: tuple[int, ...]
    unseen: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    known_hands: tuple[tuple[int, ...] | None, ...]
    """A hand played face up (a reveal); ``None`` where the hand is hidden."""
    known_bids: tuple[tuple[int, ...] | None, ...]
    """Bid cards shown by a declaration (and this seat's own); ``None`` where hidden."""
    voids: tuple[frozenset[int], ...]
    """Suit numbers each seat has shown it holds no more of."""


def read(view: TricksView) -> Knowledge:
    """The knowledge in ``view``."""
    seat = view.seat
    seen = {to_int(card) for card in view.hand} | {to_int(card) for card in view.bid_cards}
    played_by = [0, 0, 0]
    for done in view.played:
        for player, card in done.plays:
            seen.add(to_int(card))
            played_by[player] += 1
    for player, card in view.trick:
        seen.add(to_int(card))
        played_by[player] += 1
    known_hands: list[tuple[int, ...] | None] = [None, None, None]
    known_bids: list[tuple[int, ...] | None] = [None, None, None]
    known_hands[seat] = tuple(to_int(card) for card in view.hand)
    known_bids[seat] = tuple(to_int(card) for card in view.bid_cards) or None
    if view.declared is not None:
        declarer, declaration = view.declared
        if declarer != seat:
            known_bids[declarer] = tuple(to_int(card) for card in view.declared_cards)
            seen.update(known_bids[declarer] or ())
            if declaration is Declaration.REVEAL:
                known_hands[declarer] = tuple(to_int(card) for card in view.revealed_hand)
                seen.update(known_hands[declarer] or ())
    # while bidding, the others' bid cards are still part of their twelve
    bidding = view.phase is Phase.BIDDING
    sizes = tuple(
        len(view.hand) if player == seat else (12 if bidding else 9) - played_by[player]
        for player in range(3)
    )
    voids = shown_voids(view.played, view.trick)
    return Knowledge(
        seat=seat,
        hand=tuple(to_int(card) for card in view.hand),
        unseen=tuple(card for card in ALL_CARDS if card not in seen),
        hand_sizes=sizes,
        known_hands=tuple(known_hands),
        known_bids=tuple(known_bids),
        voids=tuple(frozenset(SUITS.index(suit) for suit in suits) for suits in voids),
    )


def sample(
    knowledge: Knowledge, rng: random.Random, with_bids: bool = True, tries: int = 12
) -> tuple[list[list[int]], list[tuple[int, ...]]]:
    """One deal of the unseen cards: every seat's hand and bid cards, consistent with the facts.

    Bid cards are dealt only when ``with_bids`` (during play; while bidding the others' twelve
    are all in the hand). When the voids cannot all be kept after ``tries`` attempts, the last
    attempt is used without them.
    """
    me = knowledge.seat
    groups: list[tuple[int, bool, int]] = []  # (seat, is_hand, size)
    for player in range(3):
        if player == me:
            continue
        if knowledge.known_hands[player] is None:
            groups.append((player, True, knowledge.hand_sizes[player]))
        if with_bids and knowledge.known_bids[player] is None:
            groups.append((player, False, 3))
    cards = list(knowledge.unseen)
    for attempt in range(tries + 1):
        rng.shuffle(cards)
        room = [size for _, _, size in groups]
        placed: list[list[int]] = [[] for _ in groups]
        strict = attempt < tries
        # the cards with fewest places to go first, so a void rarely leaves a card stranded
        order = sorted(
            cards,
            key=lambda c: sum(
                1
                for player, is_hand, _ in groups
                if not (strict and is_hand and c // 9 in knowledge.voids[player])
            ),
        )
        ok = True
        for card in order:
            places = [
                index
                for index, (player, is_hand, _) in enumerate(groups)
                if room[index] > 0
                and not (strict and is_hand and card // 9 in knowledge.voids[player])
            ]
            if not places:
                ok = False
                break
            weights = [room[index] for index in places]
            index = rng.choices(places, weights)[0]
            placed[index].append(card)
            room[index] -= 1
        if ok:
            break
    hands: list[list[int]] = [list(knowledge.known_hands[p] or ()) for p in range(3)]
    bids: list[tuple[int, ...]] = [knowledge.known_bids[p] or () for p in range(3)]
    for (player, is_hand, _), got in zip(groups, placed, strict=True):
        if is_hand:
            hands[player] = got
        else:
            bids[player] = tuple(got)
    return hands, bids


def sampled_targets(bids: list[tuple[int, ...]]) -> list[int]:
    """The bids the sampled bid cards code."""
    return [bid_of(cards) for cards in bids]
