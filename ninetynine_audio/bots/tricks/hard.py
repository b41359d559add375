"""The Hard computer player of the trick-taking game: it plays sampled deals out.

Bidding: the most promising bids (by the Normal player's count of likely tricks, one per bid
value) are each tried against the same samples of the other two hands, played out to the end,
and the bid that scores best on average is chosen. Play: the unseen cards are dealt out again
consistently with what is known — hand sizes, suits a player has shown out of, a declared bid or
revealed hand — and every playable card is played out in each sample; the card that scores best
for this seat, less a share of what the others score, is played. Only the view is read.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ninetynine_audio.bots.tricks.fast import (
    bid_of,
    estimate_tricks,
    play_out,
    playable,
    score_deal,
    to_card,
    to_int,
    trump_index,
)
from ninetynine_audio.bots.tricks.knowledge import Knowledge, read, sample
from ninetynine_audio.bots.tricks.simple import bid_choices, is_bidding
from ninetynine_audio.games.tricks import Action, BidCards, Declaration, PlayCard, TricksView

# How much another seat's points count against this seat's own: a bid this seat can read
# (declared) is worth breaking; an unknown one only a little.
READ_WEIGHT = 0.6
UNREAD_WEIGHT = 0.25


def quick_bid(hand: list[int], trumps: int) -> tuple[list[int], int]:
    """A fast stand-in for another player's bid in a sample: the three lowest cards go aside."""
    ordered = sorted(hand, key=lambda card: card % 9)
    keep = ordered[3:]
    target = round(estimate_tricks(keep, trumps))
    return keep, max(0, min(9, target))


def others_bids(
    knowledge: Knowledge,
    rng: random.Random,
    trumps: int,
    bid: Callable[[list[int], int], tuple[list[int], int]] = quick_bid,
) -> tuple[list[list[int]], list[int]]:
    """One sample of the other two hands while bidding, each bid by ``bid`` (the cards kept and
    the bid for a twelve-card hand; :func:`quick_bid` unless told): the cards each keeps and its
    bid (the seat's own left empty, at 0)."""
    hands, _ = sample(knowledge, rng, with_bids=False)
    keeps: list[list[int]] = [[], [], []]
    targets = [0, 0, 0]
    for other in range(3):
        if other != knowledge.seat:
            keeps[other], targets[other] = bid(hands[other], trumps)
    return keeps, targets


def declaration_for(
    view: TricksView, chance: float, declare_at: float, reveal_at: float
) -> Declaration | None:
    """The declaration to make with a bid made in ``chance`` of the samples (option only)."""
    if not view.options.declarations or view.declared is not None:
        return None
    if chance >= reveal_at:
        return Declaration.REVEAL
    if chance >= declare_at:
        return Declaration.DECLARE
    return None


def declared_premium(view: TricksView) -> tuple[int, int] | None:
    """The seat that declared its bid and the premium at stake, if any."""
    if view.declared is None:
        return None
    declarer, declaration = view.declared
    return declarer, declaration.premium


@dataclass
class HardBot:
    """Chooses bid and cards by playing samples of the unseen cards out."""

    level: str = "hard"
    bid_samples: int = 14
    bid_candidates: int = 5
    play_samples: int = 20
    declare_at: float = 0.8
    reveal_at: float = 0.95

    def choose(self, view: TricksView, rng: random.Random) -> Action:
        """The bid or the card."""
        if is_bidding(view):
            return self._bid(view, rng)
        return self._play(view, rng)

    # ------------------------------------------------------------------------ bidding

    def _bid(self, view: TricksView, rng: random.Random) -> Action:
        me = view.seat
        trumps = trump_index(view.trumps)
        knowledge = read(view)
        hand = tuple(to_int(card) for card in view.hand)
        candidates: list[tuple[tuple[int, ...], int]] = []
        values: set[int] = set()
        for _, value, aside in bid_choices(hand, trumps):
            if value not in values:
                values.add(value)
                candidates.append((aside, value))
            if len(candidates) == self.bid_candidates:
                break
        totals = [0.0] * len(candidates)
        made = [0] * len(candidates)
        leader = (view.dealer + 1) % 3
        for _ in range(self.bid_samples):
            keeps, targets = others_bids(knowledge, rng, trumps)
            for index, (aside, value) in enumerate(candidates):
                played = [list(keep) for keep in keeps]
                played[me] = [card for card in hand if card not in aside]
                targets[me] = value
                won = play_out(played, [], leader, [0, 0, 0], targets, trumps)
                points = score_deal(won, targets)
                others = sum(points[o] for o in range(3) if o != me)
                totals[index] += points[me] - UNREAD_WEIGHT * others
                made[index] += won[me] == value
        best = max(range(len(candidates)), key=lambda index: (totals[index], -index))
        aside, _ = candidates[best]
        chance = made[best] / self.bid_samples
        declaration = declaration_for(view, chance, self.declare_at, self.reveal_at)
        return BidCards(me, tuple(to_card(card) for card in aside), declaration)

    # ------------------------------------------------------------------------ play

    def _play(self, view: TricksView, rng: random.Random) -> Action:
        me = view.seat
        hand = [to_int(card) for card in view.hand]
        trick = [to_int(card) for _, card in view.trick]
        options = playable(hand, trick)
        if len(options) == 1:
            return PlayCard(me, to_card(options[0]))
        trumps = trump_index(view.trumps)
        knowledge = read(view)
        declared = declared_premium(view)
        weights = [UNREAD_WEIGHT] * 3
        if declared is not None:
            weights[declared[0]] = READ_WEIGHT
        totals = dict.fromkeys(options, 0.0)
        for _ in range(self.play_samples):
            hands, bids = sample(knowledge, rng, with_bids=True)
            targets = [bid_of(cards) for cards in bids]
            for option in options:
                copies = [list(cards) for cards in hands]
                won = play_out(
                    copies, trick, view.leader, list(view.tricks_won), targets, trumps, first=option
                )
                points = score_deal(won, targets, declared)
                others = sum(weights[o] * points[o] for o in range(3) if o != me)
                totals[option] += points[me] - others
        best = max(options, key=lambda option: (totals[option], -option))
        return PlayCard(me, to_card(best))
