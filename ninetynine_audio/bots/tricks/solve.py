"""An exact solver for the end of a deal whose every hand is known (one sampled deal).

Cards are the numbers of :mod:`~ninetynine_audio.bots.tricks.fast` (``suit * 9 + rank``); a
hand is a bit mask of them. Three players each want their own result, so the search is
*max-n*: at every turn the player to act takes the card that leads to the final tricks best
for that player by its own utility (its points, less a share of the others'). Positions at the
start of a trick are remembered (the cards left, the leader and the tricks won so far decide
everything after), and cards that lie next to each other in a suit once the played cards are
gone are tried once: they take and lose the same tricks.

A result is the final tricks of the three seats packed into one number, ``t0 * 100 + t1 * 10 +
t2``, which indexes the utilities directly.
"""

from __future__ import annotations

from collections.abc import Sequence

from ninetynine_audio.bots.tricks.fast import score_deal

SUIT_MASKS = tuple(0x1FF << (9 * suit) for suit in range(4))
PACKED = 1000  # results are t0 * 100 + t1 * 10 + t2 with every t at most 9
PLACE = (100, 10, 1)


def mask_of(cards: Sequence[int]) -> int:
    """The bit mask of ``cards``."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> list[int]:
    """The cards of ``mask``, lowest number first."""
    found: list[int] = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def unpack(result: int) -> tuple[int, int, int]:
    """The tricks of each seat from a packed result."""
    return result // 100, result // 10 % 10, result % 10


Utilities = tuple[list[float], list[float], list[float]]
_UTILITIES: dict[tuple[tuple[int, ...], tuple[float, ...], tuple[int, int] | None], Utilities] = {}


def utilities(
    targets: Sequence[int],
    weights: Sequence[float],
    declared: tuple[int, int] | None = None,
) -> Utilities:
    """For each seat, its utility of every packed result: its deal points less ``weights[seat]``
    times the points of the other two (a premium at stake counted as the engine scores it).
    Remembered: a search asks for the same few again and again (the tables are not changed)."""
    key = (tuple(targets), tuple(weights), declared)
    found = _UTILITIES.get(key)
    if found is None:
        if len(_UTILITIES) >= 512:
            _UTILITIES.clear()  # a bound on the memory: the next searches fill it again
        found = _UTILITIES[key] = _utilities(targets, weights, declared)
    return found


def _utilities(
    targets: Sequence[int], weights: Sequence[float], declared: tuple[int, int] | None
) -> Utilities:
    tables: tuple[list[float], list[float], list[float]] = (
        [0.0] * PACKED,
        [0.0] * PACKED,
        [0.0] * PACKED,
    )
    for t0 in range(10):
        for t1 in range(10 - t0):
            for t2 in range(10 - t0 - t1):
                points = score_deal((t0, t1, t2), targets, declared)
                index = t0 * 100 + t1 * 10 + t2
                total = points[0] + points[1] + points[2]
                for s in range(3):
                    tables[s][index] = points[s] - weights[s] * (total - points[s])
    return tables


class Solver:
    """The max-n solver of one fully known deal (``hands`` are bit masks by seat)."""

    __slots__ = ("memo", "nodes", "owners", "trumps", "util")

    def __init__(
        self,
        hands: Sequence[int],
        trumps: int,
        util: tuple[list[float], list[float], list[float]],
    ) -> None:
        """A solver for the deal with these hands, trump suit number and utilities."""
        self.owners = tuple(hands)
        self.trumps = trumps
        self.util = util
        self.memo: dict[tuple[int, int, int], int] = {}
        self.nodes = 0

    def after_card(
        self, rest: int, leader: int, won: int, trick: tuple[int, ...], card: int
    ) -> int:
        """The packed result once ``card`` joins ``trick`` (``rest``: the cards still in hands,
        ``card`` already taken out; ``won``: the packed tricks so far)."""
        cards = (*trick, card)
        if len(cards) < 3:
            return self.node(rest, leader, won, cards)
        winner = self.winner(cards)
        seat = (leader + winner) % 3
        won += PLACE[seat]
        if not rest:
            return won
        return self.trick_start(rest, seat, won)

    def winner(self, cards: tuple[int, ...]) -> int:
        """The position of the card winning a full trick."""
        trumps = self.trumps
        best = 0
        top = cards[0]
        for index in (1, 2):
            card = cards[index]
            if card // 9 == top // 9:
                if card > top:
                    best, top = index, card
            elif card // 9 == trumps:
                best, top = index, card
        return best

    def trick_start(self, rest: int, leader: int, won: int) -> int:
        """The packed result from the start of a trick (remembered)."""
        key = (rest, leader, won)
        found = self.memo.get(key)
        if found is None:
            found = self.node(rest, leader, won, ())
            self.memo[key] = found
        return found

    def options(self, rest: int, seat: int, trick: tuple[int, ...]) -> list[int]:
        """The distinct cards ``seat`` may play: one of each run of cards next to each other in
        a suit once the played cards are gone."""
        hand = rest & self.owners[seat]
        if trick:
            follow = hand & SUIT_MASKS[trick[0] // 9]
            if follow:
                hand = follow
        live = rest
        for card in trick:
            live |= 1 << card
        found: list[int] = []
        previous = -1
        for card in cards_of(hand):
            if previous >= 0 and previous // 9 == card // 9:
                between = ((1 << card) - 1) & ~((1 << (previous + 1)) - 1)
                if not live & between:
                    previous = card
                    continue
            found.append(card)
            previous = card
        return found

    def node(self, rest: int, leader: int, won: int, trick: tuple[int, ...]) -> int:
        """The packed result of best play by every seat from here."""
        self.nodes += 1
        seat = (leader + len(trick)) % 3
        table = self.util[seat]
        best = -1
        best_value = float("-inf")
        for card in self.options(rest, seat, trick):
            result = self.after_card(rest & ~(1 << card), leader, won, trick, card)
            value = table[result]
            if value > best_value:
                best, best_value = result, value
        return best

    def results(
        self, rest: int, leader: int, won: int, trick: tuple[int, ...], choices: Sequence[int]
    ) -> list[int]:
        """The packed result of each of ``choices`` for the seat to act now."""
        return [self.after_card(rest & ~(1 << card), leader, won, trick, card) for card in choices]
