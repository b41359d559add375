"""Trap: a one-move reference opponent for measuring the levels, not a level of the menus.

Trap looks one play ahead and no further. In tactical it takes the play that wins the most
points at once (a landing, and never a cost it can avoid), and among those it prefers to leave
the total just below a mark (29 to 32, 62 to 65, 95 to 98), where the next player can seldom
land and most cards cost a point. In classic and arcade it takes the play that most likely
leaves the next player without a safe card, counted over the cards it has not seen. Otherwise
it plays as Normal, except that it plays its highest ordinary card first and keeps the low
ones (which still fit near a mark or near 99).

It is a yardstick for ``tools/benchmark_strength.py``: a simple heuristic that a level worth
its name should beat. It is not registered with the family's levels (the menus and the hint
never see it); :func:`register_reference_levels` adds it for the benchmark.
"""

from __future__ import annotations

import random

from ninetynine_audio.bots.adding.fastsim import keeper_key
from ninetynine_audio.bots.adding.hard import seat_after
from ninetynine_audio.bots.adding.knowledge import (
    LIMIT,
    RANK_CODE,
    all_unsafe,
    move_table,
    none_of,
    play_move,
    unseen_counts,
)
from ninetynine_audio.bots.adding.simple import pending_draw
from ninetynine_audio.bots.base import levels, register_level
from ninetynine_audio.games.adding import Action, AddingView, PlayCard, Scoring, playable
from ninetynine_audio.games.adding.engine import TACTICAL_MARKS, rise_points

FAMILY = "adding"
TRAP = "trap"
TRAP_DEPTH = 4  # totals up to this far below a mark count as a trap
TRAP_TOTALS = frozenset(
    total for mark in (*TACTICAL_MARKS, LIMIT) for total in range(mark - TRAP_DEPTH, mark)
)


class TrapBot:
    """The one-move trap setter (see the module's description)."""

    level = TRAP

    def choose(self, view: AddingView, rng: random.Random) -> Action:
        """Trap's choice; ``rng`` is unused."""
        draw = pending_draw(view)
        if draw is not None:
            return draw
        rules, total = view.rules, view.total
        plays = playable(view)
        if rules.scoring is Scoring.LIMITS:
            return min(plays, key=lambda p: self._tactical_key(view, p))
        counts = unseen_counts(view)
        pool = sum(counts)
        table = move_table(rules)

        def key(play: PlayCard) -> tuple[float, tuple[int, ...]]:
            move = play_move(rules, total, play)
            following = seat_after(view, move[2], False)
            stuck = 0.0
            if following != view.seat:
                safe = pool - all_unsafe(counts, move[1], table)
                stuck = none_of(safe, pool, view.hand_sizes[following])
            return (-stuck, keeper_key(rules, total, RANK_CODE[play.card.rank], move))

        return min(plays, key=key)

    @staticmethod
    def _tactical_key(view: AddingView, play: PlayCard) -> tuple[int, int, tuple[int, ...]]:
        rules, total = view.rules, view.total
        move = play_move(rules, total, play)
        own, each = rise_points(total, move[1], move[4])
        trap = 0 if move[1] in TRAP_TOTALS else 1
        return (own - each, trap, keeper_key(rules, total, RANK_CODE[play.card.rank], move))


def register_reference_levels() -> None:
    """Make ``trap`` a level of the adding games for this process (the benchmark's).

    Strength 25 places it between Normal and Hard; the hint's strongest level is unchanged.
    """
    if TRAP not in levels(FAMILY):
        register_level(FAMILY, TRAP, TrapBot, strength=25)
