"""Easy and Normal, as the arcade game describes them.

Easy plays any safe card at random. Normal plays its lowest ordinary safe card and keeps its
special cards until nothing else fits; then it spends a pass card (9), a 4, a 10 (as minus 10
from 50 up) and the card that makes 99 last. In tactical, where any card may be played, "safe"
means a play that costs no points, and Normal takes a free landing on 33, 66 or 99 when it sees
one (a rise onto the mark: a fall onto it scores nothing).
"""

from __future__ import annotations

import random

from ninetynine_audio.bots.adding.knowledge import (
    ACE,
    FOUR,
    JACK,
    KING,
    NINE,
    RANK_CODE,
    TEN,
    TWO,
    Move,
    play_move,
)
from ninetynine_audio.games.adding import (
    Action,
    AddingRules,
    AddingView,
    Choice,
    DrawCard,
    PlayCard,
    Scoring,
    playable,
)
from ninetynine_audio.games.adding.engine import LIMIT, TACTICAL_MARKS, rise_points

LANDINGS = (*TACTICAL_MARKS, LIMIT)
# The order in which Normal is willing to spend its special cards, by rank code.
CLASSIC_SPECIALS = {NINE: 1, FOUR: 2, TEN: 3, KING: 4}
SWAPPED_SPECIALS = {KING: 1, FOUR: 2, TEN: 3, NINE: 4}
TACTICAL_SPECIALS = {NINE: 1, FOUR: 2, TEN: 3, ACE: 4, JACK: 5, TWO: 6}

# A Normal-policy choice key: the smallest key is the play Normal makes.
Key = tuple[int, int, int, int, int]


def move_cost(limits: bool, total: int, move: Move) -> int:
    """Points its player loses by ``move`` on ``total`` (tactical only; else 0)."""
    if not limits:
        return 0
    return rise_points(total, move[1], move[4])[0]


def normal_key(rules: AddingRules, total: int, code: int, move: Move) -> Key:
    """How Normal ranks ``move`` of rank ``code`` on ``total`` (smaller is preferred).

    The cheapest plays first; among free tactical plays a landing on 33, 66 or 99, the highest
    first (only a rise onto a mark scores: a 2 halving 66 or a 10 as minus wins nothing); then
    the lowest ordinary card; then the specials in Normal's order, a 10 or an ace the wanted
    way (minus from 50 up).
    """
    limits = rules.scoring is Scoring.LIMITS
    cost = move_cost(limits, total, move)
    after = move[1]
    face = code + 1
    if limits and cost == 0 and after in LANDINGS and after > total:
        return (0, 0, -after, face, 0)
    if limits:
        specials = TACTICAL_SPECIALS
    elif rules.swap_nine_king:
        specials = SWAPPED_SPECIALS
    else:
        specials = CLASSIC_SPECIALS
    rank = specials.get(code, 0)
    if rank == 0:
        return (cost, 1, 0, face, 0)
    is_minus = move[0] in (Choice.MINUS_TEN, Choice.PLUS_ONE)
    return (cost, 1, rank, 0, 0 if is_minus == (total >= 50) else 1)


def play_cost(rules: AddingRules, total: int, play: PlayCard) -> int:
    """Points the player loses by ``play`` in tactical (0 in the other games: plays are safe)."""
    return move_cost(rules.scoring is Scoring.LIMITS, total, play_move(rules, total, play))


def pending_draw(view: AddingView) -> Action | None:
    """Bots never forget to draw."""
    return DrawCard(view.seat) if view.owes_draw else None


class EasyBot:
    """Any safe card at random, with no plan behind it."""

    level = "easy"

    def choose(self, view: AddingView, rng: random.Random) -> Action:
        """A random play among those that cost nothing (or among all when none is free)."""
        draw = pending_draw(view)
        if draw is not None:
            return draw
        plays = playable(view)
        free = [p for p in plays if play_cost(view.rules, view.total, p) == 0]
        return rng.choice(free or list(plays))


class NormalBot:
    """Lowest ordinary safe card; specials kept until nothing else fits."""

    level = "normal"

    def choose(self, view: AddingView, rng: random.Random) -> Action:
        """Normal's choice; ``rng`` is unused, Normal is fully predictable."""
        draw = pending_draw(view)
        if draw is not None:
            return draw
        return normal_choice(view)


def normal_choice(view: AddingView) -> PlayCard:
    """The play Normal makes in ``view``: the smallest :func:`normal_key`, the first in hand
    order among equals (also used by stronger levels as a baseline)."""
    rules, total = view.rules, view.total
    return min(
        playable(view),
        key=lambda p: normal_key(rules, total, RANK_CODE[p.card.rank], play_move(rules, total, p)),
    )
