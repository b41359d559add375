"""What a computer player of the colour game can work out about its own turn from its view.

A turn is deterministic until the draw at its end, so a player can plan it whole: the row
card, whether to score the row, and the order of its pile plays. :class:`PlanningBot` keeps
such a plan and carries it out one action per call, planning again whenever the table is not
the one it planned for.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from ninetynine_audio.cards import ColourCard, colour_deck
from ninetynine_audio.games.colours import (
    MAX_PILE_PLAYS,
    PILES,
    Action,
    ColoursView,
    EndPiles,
    Phase,
    PlaceRowCard,
    PlayToPile,
    ScoreRow,
    legal_for_view,
    ways_onto,
)

ALL_CARDS = colour_deck()


@dataclass(frozen=True)
class PileEnd:
    """One way Action B can end: the plays in order, the cards kept and the two tops."""

    plays: tuple[tuple[ColourCard, int], ...]
    kept: tuple[ColourCard, ...]
    tops: tuple[ColourCard, ColourCard]


def pile_ends(
    hand: tuple[ColourCard, ...], tops: tuple[ColourCard, ColourCard], room: int
) -> list[PileEnd]:
    """Every distinct end of Action B from ``hand`` and ``tops`` with at most ``room`` plays
    (stopping at once included). Orders that reach the same cards kept and the same tops are
    one end, reached by the first order found."""
    seen: set[tuple[frozenset[ColourCard], ColourCard, ColourCard]] = set()
    ends: list[PileEnd] = []

    def walk(
        kept: tuple[ColourCard, ...],
        top: tuple[ColourCard, ColourCard],
        plays: tuple[tuple[ColourCard, int], ...],
    ) -> None:
        key = (frozenset(kept), top[0], top[1])
        if key in seen:
            return
        seen.add(key)
        ends.append(PileEnd(plays, kept, top))
        if len(plays) >= room:
            return
        for index, card in enumerate(kept):
            rest = kept[:index] + kept[index + 1 :]
            for pile in PILES:
                if ways_onto(card, top[pile - 1]):
                    new_top = (card, top[1]) if pile == 1 else (top[0], card)
                    walk(rest, new_top, (*plays, (card, pile)))

    walk(hand, tops, ())
    return ends


def unseen_cards(view: ColoursView) -> tuple[ColourCard, ...]:
    """The cards this seat has not seen: not in its hand, in a row or in a discard pile."""
    seen = set(view.hand)
    for row in view.rows:
        seen.update(row)
    for pile in view.discards:
        seen.update(pile)
    return tuple(card for card in ALL_CARDS if card not in seen)


@dataclass(frozen=True)
class TurnStart:
    """Where the rest of a turn begins: the row (after a forced scoring), whether the row card
    is still to come, whether scoring by choice is still open, the hand, tops and play room."""

    row: tuple[ColourCard, ...]
    needs_row_card: bool
    can_score: bool
    hand: tuple[ColourCard, ...]
    tops: tuple[ColourCard, ColourCard]
    room: int


def turn_start(view: ColoursView) -> TurnStart:
    """The planning start of the seat's turn as it stands."""
    return TurnStart(
        row=view.row,
        needs_row_card=view.phase is Phase.ROW and bool(view.hand),
        can_score=bool(view.row) and not view.has_scored and view.pile_plays == 0,
        hand=view.hand,
        tops=view.pile_tops,
        room=MAX_PILE_PLAYS - view.pile_plays,
    )


@dataclass(frozen=True)
class TurnPlan:
    """A whole rest of a turn: the actions in order and what they leave."""

    actions: tuple[Action, ...]
    row: tuple[ColourCard, ...]
    gained: int
    end: PileEnd


def turn_plans(view: ColoursView) -> Iterator[TurnPlan]:
    """Every distinct rest of the turn: each scoring choice and row card, with every end of
    Action B."""
    seat = view.seat
    start = turn_start(view)
    row = start.row
    if not start.needs_row_card:
        options: list[tuple[tuple[Action, ...], tuple[ColourCard, ...], int]] = [((), row, 0)]
        if start.can_score:
            options.append(((ScoreRow(seat),), (), len(row) ** 2))
        for head, new_row, gained in options:
            for end in pile_ends(start.hand, start.tops, start.room):
                plays = tuple(PlayToPile(seat, c, p) for c, p in end.plays)
                yield TurnPlan((*head, *plays, EndPiles(seat)), new_row, gained, end)
        return
    for index, card in enumerate(start.hand):
        if row and not (
            card.value > row[-1].value and all(c.colour is not card.colour for c in row)
        ):
            continue
        rest = start.hand[:index] + start.hand[index + 1 :]
        place = PlaceRowCard(seat, card)
        choices: list[tuple[tuple[Action, ...], tuple[ColourCard, ...], int]] = [
            ((place,), (*row, card), 0),
            ((place, ScoreRow(seat)), (), (len(row) + 1) ** 2),
        ]
        if start.can_score:
            choices.append(((ScoreRow(seat), place), (card,), len(row) ** 2))
        ends = pile_ends(rest, start.tops, start.room)
        for head, new_row, gained in choices:
            for end in ends:
                plays = tuple(PlayToPile(seat, c, p) for c, p in end.plays)
                yield TurnPlan((*head, *plays, EndPiles(seat)), new_row, gained, end)


class PlanningBot:
    """A player that plans the rest of its turn and carries the plan out action by action."""

    level = "planning"

    def __init__(self) -> None:
        self._plan: list[Action] = []
        self._turn = -1

    def plan(self, view: ColoursView, rng: random.Random) -> list[Action]:
        """The actions for the rest of the turn, ending with ``EndPiles``."""
        raise NotImplementedError

    def choose(self, view: ColoursView, rng: random.Random) -> Action:
        """The next action of the plan, planning again when the table is not as planned."""
        legal = legal_for_view(view)
        if not (self._plan and self._turn == view.turn and self._plan[0] in legal):
            self._plan = list(self.plan(view, rng))
            self._turn = view.turn
        if not self._plan or self._plan[0] not in legal:
            self._plan = []
            return legal[-1]
        return self._plan.pop(0)
