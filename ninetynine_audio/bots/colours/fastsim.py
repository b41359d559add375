"""A small, fast copy of the colour game's turns, for the Expert's playouts.

The engine's ``apply`` builds a new frozen state for every action, which is right for the game
and too slow for the thousands of turns a decision of the Expert plays out. Here a card is its
number in the deck (:data:`~ninetynine_audio.bots.colours.turns.ALL_CARDS`), hands, rows and
piles are plain lists, and a turn is played whole by Normal's rules
(:class:`~ninetynine_audio.bots.colours.simple.NormalBot`): score a row that wins, add the
lowest card that fits, score a row that can hardly grow, play greedily onto the piles keeping
the card the row wants next, draw back up to six; an emptied draw pile scores its 15 points and
takes 15 cards from the reserve (rebuilt from the played cards, shuffled, when it runs short).
``tests/test_bots_colours.py`` checks a turn here against Normal's turn in the engine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ninetynine_audio.bots.colours.turns import ALL_CARDS
from ninetynine_audio.cards import ColourCard
from ninetynine_audio.games.colours import (
    DRAW_PILE_SIZE,
    HAND_SIZE,
    MAX_PILE_PLAYS,
    RENEWAL_POINTS,
    TARGET,
    ways_onto,
)

CODE = {card: index for index, card in enumerate(ALL_CARDS)}
VALUE = tuple(card.value for card in ALL_CARDS)
COLOUR = tuple(card.colour for card in ALL_CARDS)
_COUNT = len(ALL_CARDS)
ONTO = tuple(
    frozenset(b for b, top in enumerate(ALL_CARDS) if ways_onto(card, top)) for card in ALL_CARDS
)
"""For each card, the tops it may go onto."""


def codes(cards: Sequence[ColourCard]) -> list[int]:
    """The deck numbers of ``cards``."""
    return [CODE[card] for card in cards]


def fits(card: int, row: list[int]) -> bool:
    """Whether ``card`` may extend ``row``."""
    if not row:
        return True
    if VALUE[card] <= VALUE[row[-1]]:
        return False
    colour = COLOUR[card]
    return all(COLOUR[c] is not colour for c in row)


def lowest_fitting(hand: list[int], row: list[int]) -> int | None:
    """The lowest card of ``hand`` that may extend ``row`` (for an empty row, the lowest)."""
    best = None
    for card in hand:
        if fits(card, row) and (best is None or VALUE[card] < VALUE[best]):
            best = card
    return best


def greedy_plays(hand: list[int], tops: list[int], keep: int | None) -> list[int]:
    """Normal's pile plays from ``hand`` onto ``tops`` (both changed in place), never ``keep``:
    each time the play after which the most cards can still go, the higher card first. The
    cards played, in order."""
    played: list[int] = []
    while len(played) < MAX_PILE_PLAYS:
        best_key = (-1, -1)
        best_card = best_pile = -1
        for card in hand:
            if card == keep:
                continue
            onto = ONTO[card]
            for pile in (0, 1):
                if tops[pile] not in onto:
                    continue
                after0 = card if pile == 0 else tops[0]
                after1 = card if pile == 1 else tops[1]
                follow = 0
                for other in hand:
                    if other != card and other != keep:
                        reach = ONTO[other]
                        follow += (after0 in reach) + (after1 in reach)
                key = (follow, VALUE[card])
                if key > best_key:
                    best_key, best_card, best_pile = key, card, pile
        if best_card < 0:
            return played
        hand.remove(best_card)
        tops[best_pile] = best_card
        played.append(best_card)
    return played


class Seat:
    """One player of the playout: hand, draw pile (top first), row and score."""

    __slots__ = ("hand", "pile", "row", "score")

    def __init__(self, hand: list[int], pile: list[int], row: list[int], score: int) -> None:
        self.hand = hand
        self.pile = pile
        self.row = row
        self.score = score


class Table:
    """The cards of one playout besides the seats: the two pile tops, the reserve (top first)
    and the played cards the reserve is rebuilt from."""

    __slots__ = ("gone", "reserve", "rng", "tops")

    def __init__(
        self, tops: list[int], reserve: list[int], gone: list[int], rng: random.Random
    ) -> None:
        self.tops = tops
        self.reserve = reserve
        self.gone = gone
        self.rng = rng

    def draw_up(self, seat: Seat) -> bool:
        """Draw back up to six; an emptied draw pile scores and is renewed. Whether the seat
        has won."""
        hand, pile = seat.hand, seat.pile
        while len(hand) < HAND_SIZE and pile:
            take = HAND_SIZE - len(hand)
            hand.extend(pile[:take])
            del pile[:take]
            if not pile:
                seat.score += RENEWAL_POINTS
                if seat.score >= TARGET:
                    return True
                reserve = self.reserve
                if len(reserve) < DRAW_PILE_SIZE:
                    gone = self.gone
                    self.rng.shuffle(gone)
                    reserve.extend(gone)
                    gone.clear()
                seat.pile = pile = reserve[:DRAW_PILE_SIZE]
                del reserve[:DRAW_PILE_SIZE]
        return False

    def normal_turn(self, seat: Seat) -> tuple[bool, int]:
        """Play one whole turn of ``seat`` as Normal would: whether it won, and how many cards
        it put onto the piles."""
        hand, row = seat.hand, seat.row
        if row and not any(fits(card, row) for card in hand):
            seat.score += len(row) ** 2
            self.gone.extend(row)
            seat.row = row = []
            if seat.score >= TARGET:
                return True, 0
        may_score = bool(row)
        if may_score and seat.score + len(row) ** 2 >= TARGET:
            seat.score += len(row) ** 2
            return True, 0
        if hand:
            card = lowest_fitting(hand, row)
            assert card is not None
            hand.remove(card)
            row.append(card)
            may_score = True
        if may_score and row:
            length = len(row)
            stuck = VALUE[row[-1]] >= 9 or length == 10
            if seat.score + length * length >= TARGET:
                seat.score += length * length
                return True, 0
            if stuck and length >= 3:
                seat.score += length * length
                self.gone.extend(row)
                seat.row = row = []
        keep = lowest_fitting(hand, row) if row else None
        tops = self.tops
        old = (tops[0], tops[1])
        played = greedy_plays(hand, tops, keep)
        if played:
            self.bury(old, played)
        return self.draw_up(seat), len(played)

    def bury(self, old: tuple[int, int], played: Sequence[int]) -> None:
        """Count the cards now under the tops (old tops and plays covered since) as played
        cards the reserve may be rebuilt from."""
        tops = self.tops
        self.gone.extend(card for card in (*old, *played) if card not in tops)
