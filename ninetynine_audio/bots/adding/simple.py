"""Easy and Normal, as the arcade game describes them.

Easy plays any safe card at random. Normal plays its lowest ordinary safe card and keeps its
special cards until nothing else fits; then it spends a pass card (9), a 4, a 10 (as minus 10
from 50 up) and the card that makes 99 last. In tactical, where any card may be played, "safe"
means a play that costs no points, and Normal takes a free landing on 33, 66 or 99 when it sees
one (a rise onto the mark: a fall onto it scores nothing).
"""

from __future__ import annotations

import random

from ninetynine_audio.cards import Rank
from ninetynine_audio.games.adding import (
    Action,
    AddingRules,
    AddingView,
    Choice,
    DrawCard,
    PlayCard,
    Scoring,
    card_outcomes,
    playable,
)
from ninetynine_audio.games.adding.engine import limit_score

MARKS = (33, 66, 99)
CLASSIC_SPECIALS = {Rank.NINE: 1, Rank.FOUR: 2, Rank.TEN: 3, Rank.KING: 4}
SWAPPED_SPECIALS = {Rank.KING: 1, Rank.FOUR: 2, Rank.TEN: 3, Rank.NINE: 4}
TACTICAL_SPECIALS = {
    Rank.NINE: 1,
    Rank.FOUR: 2,
    Rank.TEN: 3,
    Rank.ACE: 4,
    Rank.JACK: 5,
    Rank.TWO: 6,
}


def play_cost(rules: AddingRules, total: int, play: PlayCard) -> int:
    """Points the player loses by ``play`` in tactical (0 in the other games: plays are safe)."""
    if rules.scoring is not Scoring.LIMITS:
        return 0
    outcome = next(o for o in card_outcomes(rules, play.card, total) if o.choice is play.choice)
    return limit_score(total, outcome).own_loss


def play_total(rules: AddingRules, total: int, play: PlayCard) -> int:
    """The total after ``play``."""
    return next(o for o in card_outcomes(rules, play.card, total) if o.choice is play.choice).total


def special_rank(rules: AddingRules, play: PlayCard) -> int:
    """0 for an ordinary card, else the order in which Normal is willing to spend a special."""
    if rules.scoring is Scoring.LIMITS:
        return TACTICAL_SPECIALS.get(play.card.rank, 0)
    if rules.swap_nine_king:
        return SWAPPED_SPECIALS.get(play.card.rank, 0)
    return CLASSIC_SPECIALS.get(play.card.rank, 0)


def face_value(play: PlayCard) -> int:
    """A plain ordering value of the card (ace 1 … king 13)."""
    return list(Rank).index(play.card.rank) + 1


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
    """The play Normal makes in ``view`` (also used by stronger levels as a baseline)."""
    rules, total = view.rules, view.total
    plays = playable(view)
    cheapest = min(play_cost(rules, total, p) for p in plays)
    candidates = [p for p in plays if play_cost(rules, total, p) == cheapest]
    if rules.scoring is Scoring.LIMITS and cheapest == 0:
        # Only a rise scores: a fall onto a mark (a 2 halving 66, a 10 as minus) wins nothing.
        landing = [p for p in candidates if total < play_total(rules, total, p) in MARKS]
        if landing:
            return max(landing, key=lambda p: (play_total(rules, total, p), -face_value(p)))

    def preference(play: PlayCard) -> tuple[int, int, int]:
        rank = special_rank(rules, play)
        if rank == 0:
            return (0, face_value(play), 0)
        wanted_minus = total >= 50
        is_minus = play.choice in (Choice.MINUS_TEN, Choice.PLUS_ONE)
        return (rank, 0, 0 if is_minus == wanted_minus else 1)

    return min(candidates, key=preference)
