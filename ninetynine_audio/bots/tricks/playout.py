"""The trick-taking game on mutable lists, one action at a time, for a search.

The engine (``games/tricks``) is frozen: each action makes a new state and its events, which
the table, the saves and the network need. A search plays thousands of actions it throws away;
:class:`TricksPlayout` plays the same rules on plain lists of card numbers (``bots/tricks/fast``
numbering), in place, with no events, checks or views. It starts from any engine state and
goes on from there through later deals to the end of the game; the conformance test
(``tests/test_tricks_playout.py``) plays every registered trick-taking game through both,
action for action, and compares them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from ninetynine_audio.bots.tricks.fast import to_card, to_int, trump_index, winner_of
from ninetynine_audio.cards import seeded_shuffle, short_deck
from ninetynine_audio.games.tricks.engine import deal_points
from ninetynine_audio.games.tricks.model import (
    BID_SIZE,
    HAND_SIZE,
    SEATS,
    TRICKS_PER_DEAL,
    TRUMPS_BY_MADE,
    Declaration,
    Phase,
    TricksState,
)

BID_POINTS = tuple((1, 2, 0, 3)[card // 9] for card in range(36))
"""What each card is worth in a bid (spades 1, hearts 2, diamonds 0, clubs 3)."""
TRUMPS_AFTER = tuple(trump_index(TRUMPS_BY_MADE[made]) for made in range(SEATS + 1))
"""The next deal's trumps by how many players made their bid."""
DECLARATIONS = (None, Declaration.DECLARE, Declaration.REVEAL)
BIDDING, PLAYING, OVER = 0, 1, 2


class TricksPlayout:
    """One game of the trick-taking game on lists: cards are numbers, trumps a suit number."""

    __slots__ = (
        "bids",
        "deal",
        "dealer",
        "declarations",
        "declared",
        "hands",
        "intents",
        "leader",
        "logged",
        "phase",
        "scores",
        "seed",
        "target",
        "to_act",
        "trick",
        "tricks_won",
        "trumps",
        "winner",
    )

    def __init__(self, state: TricksState) -> None:
        """A copy of ``state`` (the engine's), to be played on in place."""
        self.seed = state.seed
        self.target = state.options.target
        self.declarations = state.options.declarations
        self.phase = {Phase.BIDDING: BIDDING, Phase.PLAYING: PLAYING}.get(state.phase, OVER)
        self.deal = state.deal
        self.dealer = state.dealer
        self.trumps = trump_index(state.trumps)
        self.hands = [[to_int(card) for card in hand] for hand in state.hands]
        self.bids = [
            sum(BID_POINTS[to_int(c)] for c in cards) if cards else -1 for cards in state.bids
        ]
        self.intents: list[Declaration | None] = list(state.intents)
        self.logged = state.logged_bids
        self.declared = state.declared
        self.leader = state.leader
        self.to_act = state.to_act
        self.trick = [to_int(card) for _, card in state.trick]
        self.tricks_won = list(state.tricks_won)
        self.scores = list(state.scores)
        self.winner = -1 if state.winner is None else state.winner

    # ------------------------------------------------------------------------ asking

    def seat_to_act(self) -> int:
        """The seat to bid or to play (-1 once the game is over)."""
        if self.phase == BIDDING:
            return (self.dealer + 1 + self.logged) % SEATS
        return self.to_act if self.phase == PLAYING else -1

    def bids_of(self, seat: int) -> list[tuple[tuple[int, ...], Declaration | None]]:
        """Every bid ``seat`` may make now, in the engine's order."""
        if self.phase != BIDDING or seat != self.seat_to_act():
            return []
        declarations = DECLARATIONS if self.declarations else (None,)
        return [
            (cards, declaration)
            for cards in combinations(self.hands[seat], BID_SIZE)
            for declaration in declarations
        ]

    def plays_of(self, seat: int) -> list[int]:
        """The cards ``seat`` may play now, in the engine's order."""
        if self.phase != PLAYING or seat != self.to_act:
            return []
        hand = self.hands[seat]
        if not self.trick:
            return list(hand)
        led = self.trick[0] // 9
        return [card for card in hand if card // 9 == led] or list(hand)

    # ------------------------------------------------------------------------ acting

    def bid(self, seat: int, cards: Sequence[int], declaration: Declaration | None) -> None:
        """``seat`` sets ``cards`` aside as its bid (legal: not checked)."""
        self.hands[seat] = [card for card in self.hands[seat] if card not in cards]
        self.bids[seat] = sum(BID_POINTS[card] for card in cards)
        self.intents[seat] = declaration
        self.logged += 1
        if self.logged < SEATS:
            return
        self.declared = None
        order = [(self.dealer + step) % SEATS for step in (1, 2, 3)]
        for wanted in (Declaration.REVEAL, Declaration.DECLARE):
            found = [s for s in order if self.intents[s] is wanted]
            if found:
                self.declared = (found[0], wanted)
                break
        self.phase = PLAYING
        self.leader = self.to_act = (self.dealer + 1) % SEATS

    def play(self, seat: int, card: int) -> None:
        """``seat`` plays ``card`` (legal: not checked)."""
        self.hands[seat].remove(card)
        trick = self.trick
        trick.append(card)
        if len(trick) < SEATS:
            self.to_act = (seat + 1) % SEATS
            return
        winner = (self.leader + winner_of(trick, self.trumps)) % SEATS
        self.tricks_won[winner] += 1
        self.trick = []
        self.leader = self.to_act = winner
        if sum(self.tricks_won) == TRICKS_PER_DEAL:
            self._score()

    def _score(self) -> None:
        points, made = deal_points(self.tricks_won, self.bids, self.declared)
        scores = self.scores
        for seat in range(SEATS):
            scores[seat] += points[seat]
        top = max(scores)
        if top >= self.target and scores.count(top) == 1:
            self.phase = OVER
            self.winner = scores.index(top)
            return
        self.dealer = (self.dealer + 1) % SEATS
        self.deal += 1
        self.trumps = TRUMPS_AFTER[len(made)]
        order = [
            to_int(card)
            for card in seeded_shuffle(
                short_deck(), random.Random(f"tricks:{self.seed}:{self.deal}")
            )
        ]
        self.hands = [[], [], []]
        for index, card in enumerate(order[: HAND_SIZE * SEATS]):
            self.hands[(self.dealer + 1 + index) % SEATS].append(card)
        self.bids = [-1] * SEATS
        self.intents = [None] * SEATS
        self.logged = 0
        self.declared = None
        self.phase = BIDDING
        self.leader = self.to_act = (self.dealer + 1) % SEATS
        self.trick = []
        self.tricks_won = [0] * SEATS

    # ------------------------------------------------------------------------ comparing

    def summary(self) -> tuple[object, ...]:
        """What the game holds, in numbers, to compare with :func:`summary_of` an engine
        state."""
        return (
            self.phase,
            self.deal,
            self.dealer,
            self.trumps,
            tuple(tuple(hand) for hand in self.hands),
            tuple(self.bids),
            self.declared if self.phase != BIDDING else None,
            self.seat_to_act(),
            tuple(self.trick),
            tuple(self.tricks_won),
            tuple(self.scores),
            self.winner,
        )


def summary_of(state: TricksState) -> tuple[object, ...]:
    """:meth:`TricksPlayout.summary` of the engine's ``state``, read from the frozen state."""
    phase = {Phase.BIDDING: BIDDING, Phase.PLAYING: PLAYING}.get(state.phase, OVER)
    seat = -1
    if phase == BIDDING:
        seat = (state.dealer + 1 + state.logged_bids) % SEATS
    elif phase == PLAYING:
        seat = state.to_act
    return (
        phase,
        state.deal,
        state.dealer,
        trump_index(state.trumps),
        tuple(tuple(to_int(card) for card in hand) for hand in state.hands),
        tuple(sum(BID_POINTS[to_int(c)] for c in cards) if cards else -1 for cards in state.bids),
        state.declared if phase != BIDDING else None,
        seat,
        tuple(to_int(card) for _, card in state.trick),
        tuple(state.tricks_won),
        tuple(state.scores),
        -1 if state.winner is None else state.winner,
    )


__all__ = ["TricksPlayout", "summary_of", "to_card"]
