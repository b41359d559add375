"""Hard for the colour game: it searches its whole turn and judges where each line ends.

Every scoring choice and row card is tried with every distinct end of Action B (all orders of
pile plays, orders that end alike counted once). Each end is judged by what it is worth in
points to come: the points scored now, what the row is worth and how far it can still grow
with the cards kept and the colours left, how many cards the draw brings (each one a step
towards the 15 points of an emptied draw pile), a Pro Variant extra turn, and how much the
pile tops offer the next player.

The weights are each at their best with the others as they are: in 6,000 whole games of Hard
against Hard (3,000 deals, each player in each seat, played in the fast copy of the game of
:mod:`~ninetynine_audio.bots.colours.fastsim`; ``tools/tune_colours_weights.py``), Hard with
one weight moved either way by an eighth to a half won at most 50.3% against Hard as it is (plus
or minus 1.3): ``kept_chain`` 0.75 or 1.05 won 47.5% and 47.2%, ``open_room`` 0.2 won 49.1%,
``fresh_length`` 3.5 or 4.5 49.3% and 48.9%, ``per_draw`` 1.5 or 2.1 49.9%, ``next_player`` 6.5
50.3%. Counting only a half or three quarters of a row's growth once the other player had 75
points won 50.2% and 50.1%: Hard no longer has that weight. Nor did three more terms help, on
4,000 games each: a share of how low the kept cards are (0.1 a point below 10 won 48.8%, 0.3
won 23.0%), a cost or a gain for each 9 or 10 kept (at most 49.8%), or a gain for each kept
card that fits the tops left (at most 49.8%).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ninetynine_audio.bots.colours.turns import PlanningBot, TurnPlan, turn_plans, unseen_cards
from ninetynine_audio.cards import ColourCard
from ninetynine_audio.games.colours import (
    HAND_SIZE,
    RENEWAL_POINTS,
    TARGET,
    Action,
    ColoursView,
    ways_onto,
)

WIN = 1_000_000.0


@dataclass(frozen=True)
class Weights:
    """How much each part of an end position counts."""

    kept_chain: float = 0.9  # cards kept that extend the row, as likely extra row cards
    open_room: float = 0.3  # extra row cards per step of room (values and colours left)
    fresh_length: float = 4.0  # points a turn a row started afresh earns
    per_draw: float = 1.8  # a card drawn: a step towards 15 points, and a fresh card
    extra_turn: float = 9.0  # a Pro Variant extra turn
    next_player: float = 8.0  # share of unseen cards the next player may put on the tops


def chain_length(row: tuple[ColourCard, ...], cards: tuple[ColourCard, ...]) -> tuple[int, int]:
    """How many of ``cards`` can extend ``row`` one after another (lowest first), and the
    value of the last card the chain reaches (-1 for an empty row and no chain)."""
    last = row[-1].value if row else -1
    colours = {card.colour for card in row}
    length = 0
    for card in sorted(cards, key=lambda c: c.value):
        if card.value > last and card.colour not in colours:
            length += 1
            last = card.value
            colours.add(card.colour)
    return length, last


def expected_length(row: tuple[ColourCard, ...], kept: tuple[ColourCard, ...], w: Weights) -> float:
    """How long the row is likely to grow: the kept cards that extend it, then a share of the
    room the values and colours still leave.

    A kept 10 that can end the row counts as a card of the chain that comes last: the room is
    what lies between the rest of the chain and it. (Taken as the chain's top, the 10 closed
    all the room below it, so a row started low with a 10 in hand looked worth less than a row
    of 1 started with the 10 and scored next turn for 1 point.)"""
    below_ten = tuple(card for card in kept if card.value < 10)
    chain, last = chain_length(row, below_ten)
    whole, _ = chain_length(row, kept)
    ten = whole - chain  # 1 when a kept 10 can end the row
    room = max(0, min(10 - last - ten, 10 - len(row) - whole))
    return len(row) + w.kept_chain * whole + w.open_room * room


def row_worth(row: tuple[ColourCard, ...], kept: tuple[ColourCard, ...], w: Weights) -> float:
    """What the row is worth beyond a row started afresh.

    A row that will reach length E scores E squared over the turns it still needs; a fresh
    row earns about ``fresh_length`` points a turn, so the turns a row still needs cost that
    much each. An empty row with an ordinary hand is worth about nothing; a finished row its
    points.
    """
    expected = expected_length(row, kept, w)
    return expected * expected - w.fresh_length * (expected - len(row))


class HardBot(PlanningBot):
    """The searching player."""

    level = "hard"

    def __init__(self, weights: Weights | None = None) -> None:
        super().__init__()
        self.weights = weights or Weights()
        # The shares of :meth:`open_to_next` by the tops, for the unseen cards of one plan.
        self._shares: dict[tuple[ColourCard, ColourCard], float] = {}
        self._shares_of: tuple[ColourCard, ...] = ()

    def plan(self, view: ColoursView, rng: random.Random) -> list[Action]:
        """The best rest of the turn by :meth:`judge`."""
        unseen = unseen_cards(view)
        best: TurnPlan | None = None
        best_value = -WIN
        for candidate in turn_plans(view):
            value = self.judge(view, candidate, unseen)
            if value > best_value:
                best, best_value = candidate, value
        assert best is not None
        return list(best.actions)

    def judge(self, view: ColoursView, plan: TurnPlan, unseen: tuple[ColourCard, ...]) -> float:
        """What the end of ``plan`` is worth in points to come."""
        w = self.weights
        seat = view.seat
        score = view.scores[seat] + plan.gained
        if score >= TARGET:
            return WIN + score
        kept = plan.end.kept
        draws = HAND_SIZE - len(kept)
        pile = view.draw_pile_sizes[seat]
        if 0 < pile <= draws and score + RENEWAL_POINTS >= TARGET:
            return WIN + score
        # Every card drawn is a step towards the 15 points of an emptied pile (a pile that is
        # already empty gives nothing).
        value = float(plan.gained) + (w.per_draw * draws if pile else 0.0)
        value += row_worth(plan.row, kept, w)
        if view.pro_variant and not kept and plan.end.plays:
            value += w.extra_turn
        if unseen:
            value -= w.next_player * self.open_to_next(view, plan.end.tops, unseen)
        return value

    def open_to_next(
        self,
        view: ColoursView,
        tops: tuple[ColourCard, ColourCard],
        unseen: tuple[ColourCard, ...],
    ) -> float:
        """The share of the next player's cards that may go onto ``tops``: of the unseen
        cards, as the next hand is any of them."""
        if unseen is not self._shares_of:
            self._shares, self._shares_of = {}, unseen
        share = self._shares.get(tops)
        if share is None:
            top0, top1 = tops
            fitting = sum(1 for c in unseen if ways_onto(c, top0) or ways_onto(c, top1))
            share = self._shares[tops] = fitting / len(unseen)
        return share
