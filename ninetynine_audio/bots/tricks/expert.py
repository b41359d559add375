"""The Expert of the trick-taking game: search over the cards it cannot see.

Every decision deals the unseen cards out again many times, consistently with the seat's view
(hand sizes, suits a player has shown out of, a declared bid or revealed hand), and weighs each
deal by how well the bid cards it gives another player fit the nine cards that player kept
(players bid what their cards look good for, so a deal in which a strong hand bid nothing is
unlikely). Then:

- **Play**: once the hands hold at most :data:`SOLVE_FROM` cards each, every deal is solved
  exactly (:mod:`~ninetynine_audio.bots.tricks.solve`: each player plays its best for itself);
  earlier, each playable card is played out to the end of the deal in each sample, every seat
  on the Normal policy. The card with the best weighted average wins.
- **Bid**: all 220 ways of setting three of the twelve cards aside are tried, by successive
  halving: every choice on a few samples of the other hands, the better ones on more, the best
  few on many; in each sample the other two set aside what Normal would (the bid nearest their
  cards' likely tricks, :func:`~ninetynine_audio.bots.tricks.simple.nearest_bid`), and the deal
  is played out to its end. Normal's count of likely tricks settles near-ties.

What a choice is worth: its own deal points, less :data:`OTHERS_WEIGHT` of the others' (the
game is won by the highest total, not the most points). The search is deterministic for a
given generator; its size is a fixed number of samples (:class:`Budget`), scaled down for the
hint, and a clock may be injected to stop early once a time is spent. :attr:`ExpertBot.finding`
keeps what the last search found, for the hint's words.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ninetynine_audio.bots.arithmetic import exp_neg
from ninetynine_audio.bots.base import Budget
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
from ninetynine_audio.bots.tricks.hard import declaration_for, declared_premium, others_bids
from ninetynine_audio.bots.tricks.knowledge import Knowledge, read, sample
from ninetynine_audio.bots.tricks.simple import bid_choices, is_bidding, nearest_bid
from ninetynine_audio.bots.tricks.solve import Solver, mask_of, unpack, utilities
from ninetynine_audio.games.tricks import Action, BidCards, PlayCard, TricksView

SOLVE_FROM = 4  # cards in hand: from here on every sample is solved exactly
OTHERS_WEIGHT = 0.25  # how much the others' points count against this seat's own
MODEL_WEIGHT = 0.25  # how much the others are taken to weigh their opponents' points
GAP_SHARPNESS = 0.5  # how sharply a sampled bid far from its cards' likely tricks is doubted
PRIOR_WEIGHT = 0.5  # points per trick of Normal's gap: settles the bid's near-ties
PLAY_SAMPLES = 60
SOLVE_SAMPLES = 40
BID_ROUNDS = ((220, 3), (30, 12), (8, 40))  # (choices kept, samples each) per halving round
HINT_SCALE = 0.4  # the hint must answer at once: its bid searches 1, 5 and 16 samples a round


@dataclass(frozen=True)
class Finding:
    """What the last search found: the choice, its share of samples in which this seat made its
    bid, the tricks it took on average, and how many samples were weighed."""

    made: float
    tricks: float
    samples: int
    solved: bool


@dataclass
class ExpertBot:
    """Chooses bid and cards by sampling the unseen cards and searching each sample."""

    level: str = "expert"
    budget: Budget = field(default_factory=Budget)
    declare_at: float = 0.8
    reveal_at: float = 0.95
    finding: Finding | None = None

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
        choices = bid_choices(hand, trumps)  # every aside, Normal's closest first
        prior = [-PRIOR_WEIGHT * gap for gap, _, _ in choices]
        totals = [0.0] * len(choices)
        made = [0] * len(choices)
        tricks = [0] * len(choices)
        counts = [0] * len(choices)
        alive = list(range(len(choices)))
        leader = (view.dealer + 1) % 3
        clock = self.budget.start()
        for keep, each in BID_ROUNDS:
            alive.sort(key=lambda i: -(totals[i] / max(counts[i], 1) + prior[i]))
            alive = alive[:keep]
            for _ in range(self.budget.scaled(each)):
                if any(counts) and clock.spent():
                    break
                # the others bid as Normal would: a stand-in that kept each one's best nine and
                # bid their worth made them want too many tricks, and this seat's own bid look
                # far safer than it was
                keeps, targets = others_bids(knowledge, rng, trumps, nearest_bid)
                for index in alive:
                    _, value, aside = choices[index]
                    played = [list(cards) for cards in keeps]
                    played[me] = [card for card in hand if card not in aside]
                    targets[me] = value
                    won = play_out(played, [], leader, [0, 0, 0], targets, trumps)
                    points = score_deal(won, targets)
                    others = sum(points) - points[me]
                    totals[index] += points[me] - OTHERS_WEIGHT * others
                    made[index] += won[me] == value
                    tricks[index] += won[me]
                    counts[index] += 1
        best = max(alive, key=lambda i: (totals[i] / max(counts[i], 1) + prior[i], -i))
        _, _, aside = choices[best]
        runs = max(counts[best], 1)
        self.finding = Finding(made[best] / runs, tricks[best] / runs, counts[best], False)
        declaration = declaration_for(view, made[best] / runs, self.declare_at, self.reveal_at)
        return BidCards(me, tuple(to_card(card) for card in aside), declaration)

    # ------------------------------------------------------------------------ play

    def _play(self, view: TricksView, rng: random.Random) -> Action:
        me = view.seat
        hand = [to_int(card) for card in view.hand]
        trick = [to_int(card) for _, card in view.trick]
        options = playable(hand, trick)
        if len(options) == 1:
            self.finding = None
            return PlayCard(me, to_card(options[0]))
        trumps = trump_index(view.trumps)
        knowledge = read(view)
        declared = declared_premium(view)
        solving = len(hand) <= SOLVE_FROM
        count = self.budget.scaled(SOLVE_SAMPLES if solving else PLAY_SAMPLES)
        values = dict.fromkeys(options, 0.0)
        made = dict.fromkeys(options, 0.0)
        took = dict.fromkeys(options, 0.0)
        weights_total = 0.0
        weights = [MODEL_WEIGHT] * 3
        weights[me] = OTHERS_WEIGHT
        clock = self.budget.start()
        done = 0
        for _ in range(count):
            if done and clock.spent():
                break
            hands, bids = sample(knowledge, rng, with_bids=True)
            weight = plausibility(knowledge, view, hands, bids, trumps)
            targets = [bid_of(cards) for cards in bids]
            weights_total += weight
            done += 1
            if solving:
                table = utilities(targets, weights, declared)
                masks = [mask_of(cards) for cards in hands]
                solver = Solver(masks, trumps, table)
                rest = masks[0] | masks[1] | masks[2]
                won = view.tricks_won
                packed = won[0] * 100 + won[1] * 10 + won[2]
                results = solver.results(rest, view.leader, packed, tuple(trick), options)
                for option, result in zip(options, results, strict=True):
                    values[option] += weight * table[me][result]
                    final = unpack(result)[me]
                    made[option] += weight * (final == targets[me])
                    took[option] += weight * final
                continue
            for option in options:
                copies = [list(cards) for cards in hands]
                final_won = play_out(
                    copies, trick, view.leader, list(view.tricks_won), targets, trumps, first=option
                )
                points = score_deal(final_won, targets, declared)
                others = sum(points) - points[me]
                values[option] += weight * (points[me] - OTHERS_WEIGHT * others)
                made[option] += weight * (final_won[me] == targets[me])
                took[option] += weight * final_won[me]
        best = max(options, key=lambda option: (values[option], -option))
        total = max(weights_total, 1e-9)
        self.finding = Finding(made[best] / total, took[best] / total, done, solving)
        return PlayCard(me, to_card(best))


def plausibility(
    knowledge: Knowledge,
    view: TricksView,
    hands: list[list[int]],
    bids: list[tuple[int, ...]],
    trumps: int,
) -> float:
    """How likely the other players' sampled bids are, given the cards the sample gives them:
    a player bids about what the nine cards it kept look good for."""
    weight = 1.0
    played: list[list[int]] = [[], [], []]
    for done in view.played:
        for player, card in done.plays:
            played[player].append(to_int(card))
    for player, card in view.trick:
        played[player].append(to_int(card))
    for player in range(3):
        if player == knowledge.seat or knowledge.known_bids[player] is not None:
            continue
        nine = hands[player] + played[player]
        gap = abs(estimate_tricks(nine, trumps) - bid_of(bids[player]))
        weight *= exp_neg(GAP_SHARPNESS * gap)
    return weight


def hint_bot() -> ExpertBot:
    """The Expert with the hint's smaller budget."""
    return ExpertBot(budget=Budget(scale=HINT_SCALE))
