"""Easy and Normal for the colour game.

Easy takes any legal action at random. Normal is a sensible greedy player: it scores when that
wins, starts a row low, adds the lowest card that fits, scores a row that can hardly grow, and
then plays onto the piles while it can, keeping back the card its row will want next.
"""

from __future__ import annotations

import random

from ninetynine_audio.bots.colours.turns import PlanningBot, turn_start
from ninetynine_audio.cards import ColourCard
from ninetynine_audio.games.colours import (
    PILES,
    TARGET,
    Action,
    ColoursView,
    EndPiles,
    PlaceRowCard,
    PlayToPile,
    ScoreRow,
    fits_row,
    legal_for_view,
    ways_onto,
)


class EasyBot:
    """Any legal action at random."""

    level = "easy"

    def choose(self, view: ColoursView, rng: random.Random) -> Action:
        """A random legal action."""
        return rng.choice(legal_for_view(view))


def lowest_fitting(cards: tuple[ColourCard, ...], row: tuple[ColourCard, ...]) -> ColourCard | None:
    """The lowest card of ``cards`` that may extend ``row`` (the lowest of all for an empty row)."""
    fitting = [card for card in cards if fits_row(card, row)]
    return min(fitting, key=lambda c: c.value) if fitting else None


def greedy_pile_plays(
    hand: tuple[ColourCard, ...],
    tops: tuple[ColourCard, ColourCard],
    room: int,
    keep: ColourCard | None,
) -> list[tuple[ColourCard, int]]:
    """Play while something fits, never ``keep``; each time the play after which the most
    cards can still go, the higher card first."""
    plays: list[tuple[ColourCard, int]] = []
    cards = [card for card in hand if card != keep]
    top = list(tops)
    while len(plays) < room:
        options = [(c, p) for c in cards for p in PILES if ways_onto(c, top[p - 1])]
        if not options:
            break

        def follow_ups(option: tuple[ColourCard, int]) -> int:
            card, pile = option
            after = list(top)
            after[pile - 1] = card
            return sum(1 for c in cards if c != card for t in after if ways_onto(c, t))

        card, pile = max(options, key=lambda o: (follow_ups(o), o[0].value))
        plays.append((card, pile))
        cards.remove(card)
        top[pile - 1] = card
    return plays


class NormalBot(PlanningBot):
    """The sensible greedy player."""

    level = "normal"

    def plan(self, view: ColoursView, rng: random.Random) -> list[Action]:
        """Row card, scoring and pile plays by simple rules."""
        seat = view.seat
        start = turn_start(view)
        score = view.scores[seat]
        actions: list[Action] = []
        row, hand = start.row, start.hand
        may_score = start.can_score
        if may_score and score + len(row) ** 2 >= TARGET:
            actions.append(ScoreRow(seat))
            row, may_score = (), False
        if start.needs_row_card:
            card = lowest_fitting(hand, row)
            assert card is not None
            actions.append(PlaceRowCard(seat, card))
            row = (*row, card)
            hand = tuple(c for c in hand if c != card)
            may_score = may_score or (not view.has_scored and not actions[:-1])
        stuck = bool(row) and (row[-1].value >= 9 or len(row) == 10)
        if may_score and row and (score + len(row) ** 2 >= TARGET or (stuck and len(row) >= 3)):
            actions.append(ScoreRow(seat))
            row = ()
        keep = lowest_fitting(hand, row) if row else None
        for card, pile in greedy_pile_plays(hand, start.tops, start.room, keep):
            actions.append(PlayToPile(seat, card, pile))
        actions.append(EndPiles(seat))
        return actions
