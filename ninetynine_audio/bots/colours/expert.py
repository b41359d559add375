"""The Expert of the colour game: Hard's whole-turn search, then a look past the draw.

Hard judges where each plan of the turn ends with a fixed reckoning of what comes next. The
Expert keeps Hard's :data:`CANDIDATES` best plans and plays each on deals of the cards it cannot
see, consistently with its view: the next player gets a hand of its known size from the unseen
cards and this seat draws its own cards from them. In each deal the next player plays onto the
piles the plan leaves (as a greedy player would), and then this seat's next turn is played from
the tops that leaves (the same way): every card played onto a pile is a card drawn, a step
towards the 15 points of an emptied draw pile. A plan's value is Hard's judgement without its
guess at the next player, plus what the deals found: whether its next row card extends its row,
less the next player's plays. This seat's own next pile plays are counted for the hint's words
only: a card kept to play next turn is a card not drawn now, and counting it made the Expert
keep cards (it won 43.8% of 400 games against Hard heads-up with them counted, 50.7% of the same
games without). Deterministic for a given generator; the number of deals is a
:class:`~ninetynine_audio.bots.base.Budget`, scaled down for the hint.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ninetynine_audio.bots.base import Budget
from ninetynine_audio.bots.colours.hard import WIN, HardBot, Weights
from ninetynine_audio.bots.colours.simple import greedy_pile_plays, lowest_fitting
from ninetynine_audio.bots.colours.turns import TurnPlan, turn_plans, unseen_cards
from ninetynine_audio.cards import ColourCard
from ninetynine_audio.games.colours import (
    HAND_SIZE,
    MAX_PILE_PLAYS,
    Action,
    ColoursView,
    fits_row,
)

CANDIDATES = 8
DEALS = 24
HINT_SCALE = 0.5
THEIR_PLAY = 1.8  # a card the next player plays onto a pile: the same, for them
ROW_CARD = 1.0  # this seat's next row card extends its row (instead of starting again)


@dataclass(frozen=True)
class Finding:
    """What the last search found for the chosen plan: the pile plays this seat can expect at
    its next turn and the next player's, on average over the deals, and how many deals."""

    mine: float
    theirs: float
    deals: int
    best_of: int


# This seat's next turn on one deal: the pile tops the next player leaves, the hand after
# the row card is played, and the row the pile plays must keep a card for.
_NextTurn = tuple[tuple[ColourCard, ColourCard], tuple[ColourCard, ...], tuple[ColourCard, ...]]


@dataclass
class _Look:
    theirs: float = 0.0
    row: float = 0.0
    turns: list[_NextTurn] = field(default_factory=list)


class ExpertBot(HardBot):
    """Hard's plans, weighed again on sampled deals of the unseen cards."""

    level = "expert"

    def __init__(self, budget: Budget | None = None, weights: Weights | None = None) -> None:
        """An Expert searching ``budget`` (the default: a seat's budget)."""
        super().__init__(weights)
        self.budget = budget or Budget()
        self.finding: Finding | None = None

    def plan(self, view: ColoursView, rng: random.Random) -> list[Action]:
        """The best rest of the turn by Hard's judgement and the sampled look ahead."""
        unseen = unseen_cards(view)
        judged: list[tuple[float, int, TurnPlan]] = []
        for index, candidate in enumerate(turn_plans(view)):
            judged.append((self.judge(view, candidate, ()), index, candidate))
        judged.sort(key=lambda item: (-item[0], item[1]))
        top = judged[:CANDIDATES]
        if len(top) == 1 or top[0][0] >= WIN or not unseen:
            self.finding = None
            return list(top[0][2].actions)
        looks = [_Look() for _ in top]
        deals = self.budget.scaled(DEALS)
        nxt = (view.seat + 1) % len(view.players)
        their_size = view.hand_sizes[nxt] if nxt != view.seat else 0
        their_row = view.rows[nxt]
        pool = list(unseen)
        clock = self.budget.start()
        done = 0
        for _ in range(deals):
            if done and clock.spent():
                break
            rng.shuffle(pool)
            done += 1
            theirs = tuple(pool[:their_size])
            later = pool[their_size:]
            for look, (_, _, candidate) in zip(looks, top, strict=True):
                self._look(view, candidate, theirs, their_row, later, look)
        values = [
            value + (ROW_CARD * look.row - THEIR_PLAY * look.theirs) / done
            for (value, _, _), look in zip(top, looks, strict=True)
        ]
        best = max(range(len(top)), key=lambda i: (values[i], -i))
        look = looks[best]
        # This seat's own next pile plays do not weigh in the choice (see above): they are
        # counted for the chosen plan alone, for the hint's words.
        mine = sum(
            len(greedy_pile_plays(hand, tops, MAX_PILE_PLAYS, lowest_fitting(hand, row)))
            for tops, hand, row in look.turns
        )
        self.finding = Finding(mine / done, look.theirs / done, done, len(top))
        return list(top[best][2].actions)

    def _look(
        self,
        view: ColoursView,
        plan: TurnPlan,
        theirs: tuple[ColourCard, ...],
        their_row: tuple[ColourCard, ...],
        later: list[ColourCard],
        look: _Look,
    ) -> None:
        """Play the next player's piles and this seat's row card on one deal, and keep where
        this seat's next turn starts."""
        tops = plan.end.tops
        if theirs:
            keep = lowest_fitting(theirs, their_row) if their_row else None
            plays = greedy_pile_plays(theirs, tops, MAX_PILE_PLAYS, keep)
            look.theirs += len(plays)
            for card, pile in plays:
                tops = (card, tops[1]) if pile == 1 else (tops[0], card)
        kept = plan.end.kept
        draws = min(HAND_SIZE - len(kept), view.draw_pile_sizes[view.seat], len(later))
        hand = kept + tuple(later[:draws])
        row = plan.row
        row_card = lowest_fitting(hand, row) if row else None
        if row and row_card is not None and fits_row(row_card, row):
            look.row += 1
            hand = tuple(card for card in hand if card != row_card)
        elif hand:
            # A new row starts with the lowest card.
            low = min(hand, key=lambda c: c.value)
            hand = tuple(card for card in hand if card != low)
        look.turns.append((tops, hand, (*row, row_card) if row_card is not None else ()))


def hint_bot() -> ExpertBot:
    """The Expert with the hint's smaller budget."""
    return ExpertBot(Budget(scale=HINT_SCALE))
