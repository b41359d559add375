"""The colour game on mutable lists, one action at a time, for a search.

The engine (``games/colours``) is frozen: each action makes a new state and its events. A
search plays thousands of actions it throws away; :class:`ColoursPlayout` plays the same rules
in place on lists of card numbers (a card's number is the place of the first card like it in
``colour_deck()``, so two like cards share it), with no events, checks or views. It starts
from any engine state and plays on to the end of the game; the conformance test
(``tests/games/test_colours_playout.py``) plays every registered colour game through both, action
for action, and compares them.
"""

from __future__ import annotations

import random

from ninetynine_audio.cards import ColourCard, colour_deck, seeded_shuffle
from ninetynine_audio.games.colours.model import ColoursState, Phase
from ninetynine_audio.games.colours.rules import (
    DRAW_PILE_SIZE,
    HAND_SIZE,
    MAX_PILE_PLAYS,
    RENEWAL_POINTS,
    TARGET,
    may_go_onto,
)

DECK = colour_deck()
NUMBER = {(card.colour, card.value): DECK.index(card) for card in DECK}
CARD = {number: DECK[number] for number in NUMBER.values()}
COLOUR = {number: card.colour for number, card in CARD.items()}
VALUE = {number: card.value for number, card in CARD.items()}
ONTO = {(card, top): may_go_onto(CARD[card], CARD[top]) for card in CARD for top in CARD}
"""Whether a card may go onto a discard pile's top, by their numbers."""
ROW, PILES, OVER = 0, 1, 2
PHASES = {Phase.ROW: ROW, Phase.PILES: PILES, Phase.OVER: OVER}
# Actions by kind, as :meth:`ColoursPlayout.legal` lists them: (kind, card, pile)
SCORE, PLACE, PILE, END = 0, 1, 2, 3


def number_of(card: ColourCard) -> int:
    """The number of ``card``."""
    return NUMBER[card.colour, card.value]


def numbers(cards: tuple[ColourCard, ...]) -> list[int]:
    """The numbers of ``cards``, in order."""
    return [NUMBER[card.colour, card.value] for card in cards]


def fits(card: int, row: list[int]) -> bool:
    """Whether ``card`` may extend ``row``: higher than its last card, of a colour not in it."""
    if not row:
        return True
    colour = COLOUR[card]
    return VALUE[card] > VALUE[row[-1]] and all(COLOUR[c] is not colour for c in row)


class ColoursPlayout:
    """One game of the colour game on lists, played in place."""

    def __init__(self, state: ColoursState) -> None:
        """A copy of ``state`` (the engine's), to be played on in place."""
        self.pro_variant = state.pro_variant
        self.seed = state.seed
        self.hands = [numbers(hand) for hand in state.hands]
        self.draw_piles = [numbers(pile) for pile in state.draw_piles]
        self.rows = [numbers(row) for row in state.rows]
        self.discards = [numbers(pile) for pile in state.discards]
        self.reserve = numbers(state.reserve)
        self.set_aside = numbers(state.set_aside)
        self.scores = list(state.scores)
        self.to_act = state.to_act
        self.phase = PHASES[state.phase]
        self.has_scored = state.has_scored
        self.pile_plays = state.pile_plays
        self.shuffles = state.shuffles
        self.winner = -1 if state.winner is None else state.winner

    # ------------------------------------------------------------------------ asking

    def legal(self) -> list[tuple[int, int, int]]:
        """Every action of the seat to act, in the engine's order: ``(kind, card, pile)``
        (card and pile -1 where the kind has none)."""
        if self.phase == OVER:
            return []
        seat = self.to_act
        hand, row = self.hands[seat], self.rows[seat]
        found: list[tuple[int, int, int]] = []
        if row and not self.has_scored and self.pile_plays == 0:
            found.append((SCORE, -1, -1))
        if self.phase == ROW:
            found.extend((PLACE, card, -1) for card in hand if fits(card, row))
            if not hand:
                found.append((END, -1, -1))
            return found
        if self.pile_plays < MAX_PILE_PLAYS:
            tops = (self.discards[0][0], self.discards[1][0])
            for card in hand:
                for pile in (1, 2):
                    if ONTO[card, tops[pile - 1]]:
                        found.append((PILE, card, pile))
        found.append((END, -1, -1))
        return found

    # ------------------------------------------------------------------------ acting

    def act(self, kind: int, card: int = -1, pile: int = -1) -> None:
        """The seat to act does one of :meth:`legal`'s actions (not checked)."""
        seat = self.to_act
        if kind == SCORE:
            self.has_scored = True
            self._score_row(seat)
        elif kind == PLACE:
            self.hands[seat].remove(card)
            self.rows[seat].append(card)
            self.phase = PILES
        elif kind == PILE:
            self.hands[seat].remove(card)
            self.discards[pile - 1].insert(0, card)
            self.pile_plays += 1
        else:
            earned_extra = self.pro_variant and not self.hands[seat] and self.pile_plays > 0
            self._draw_up(seat)
            if self.phase != OVER:
                self._start_turn(seat if earned_extra else (seat + 1) % len(self.hands))

    def _won(self, seat: int) -> bool:
        if self.scores[seat] < TARGET:
            return False
        self.phase, self.winner = OVER, seat
        return True

    def _score_row(self, seat: int) -> None:
        row = self.rows[seat]
        self.scores[seat] += len(row) * len(row)
        self.set_aside.extend(row)
        self.rows[seat] = []
        self._won(seat)

    def _start_turn(self, seat: int) -> None:
        if not any(self.hands) and not any(self.draw_piles):
            count = len(self.hands)
            order = [(seat + step) % count for step in range(count)]
            self.phase, self.winner = OVER, max(order, key=self.scores.__getitem__)
            return
        self.to_act = seat
        self.phase = ROW
        self.has_scored = False
        self.pile_plays = 0
        row = self.rows[seat]
        if row and not any(fits(card, row) for card in self.hands[seat]):
            self._score_row(seat)

    def _draw_up(self, seat: int) -> None:
        hand, pile = self.hands[seat], self.draw_piles[seat]
        while len(hand) < HAND_SIZE and pile:
            taken = pile[: HAND_SIZE - len(hand)]
            del pile[: len(taken)]
            hand.extend(taken)
            if not pile:
                self._renew(seat)
                if self.phase == OVER:
                    return
                pile = self.draw_piles[seat]

    def _renew(self, seat: int) -> None:
        if len(self.reserve) < DRAW_PILE_SIZE:
            gathered = self.discards[0][1:] + self.discards[1][1:] + self.set_aside
            self.discards = [self.discards[0][:1], self.discards[1][:1]]
            self.set_aside = []
            rng = random.Random(f"colours:{self.seed}:{self.shuffles}")
            self.shuffles += 1
            self.reserve.extend(seeded_shuffle(gathered, rng))
        self.draw_piles[seat] = self.reserve[:DRAW_PILE_SIZE]
        del self.reserve[:DRAW_PILE_SIZE]
        self.scores[seat] += RENEWAL_POINTS
        self._won(seat)

    # ------------------------------------------------------------------------ comparing

    def summary(self) -> tuple[object, ...]:
        """What the game holds, in numbers, to compare with :func:`summary_of` an engine
        state."""
        return (
            tuple(tuple(cards) for cards in self.hands),
            tuple(tuple(cards) for cards in self.draw_piles),
            tuple(tuple(cards) for cards in self.rows),
            tuple(tuple(cards) for cards in self.discards),
            tuple(self.reserve),
            tuple(self.set_aside),
            tuple(self.scores),
            self.to_act if self.phase != OVER else -1,
            self.phase,
            (self.has_scored, self.pile_plays) if self.phase != OVER else None,
            self.shuffles,
            self.winner,
        )


def summary_of(state: ColoursState) -> tuple[object, ...]:
    """:meth:`ColoursPlayout.summary` of the engine's ``state``."""
    return ColoursPlayout(state).summary()
