"""The daily deal: each day, for each game, the same deals for everyone.

The seed is the first eight bytes of the SHA-256 of ``"ninetynine-audio daily <date> <game>"``
(the date written ``YYYY-MM-DD``), read as a big-endian number and kept to 63 bits: the same
on every machine and every server, different for every day and every game. The table is the
game's usual seats (``default_kinds``) with one person in the first seat and every other seat
a computer player of :data:`LEVEL` (the family's strongest below it when it has no such level),
named as the game names them.

A result is ranked by the place first, then by the *margin* (the player's final score less the
best final score of the others: the lives or points kept over the nearest rival), then by the
coach's total cost of the player's moves, lower first, when the game was reviewed. Winning
counts most; among equal places, playing well decides.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ninetynine_audio.bots.base import levels
from ninetynine_audio.games.base import HUMAN, GameSetup, Outcome
from ninetynine_audio.games.registry import find_game

LEVEL = "hard"
"""The computer players' level in every daily deal."""
RESULT_SCHEMA = 1
"""The version of a daily result's record (``docs/playing.md``)."""


def daily_seed(date: str, game: str) -> int:
    """The seed of ``game``'s daily deal on ``date`` (``YYYY-MM-DD``)."""
    digest = hashlib.sha256(f"ninetynine-audio daily {date} {game}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def daily_level(family: str) -> str:
    """:data:`LEVEL` when the family has it, else its strongest level below it in strength
    order (the weakest when it has nothing else)."""
    known = levels(family)
    if LEVEL in known:
        return LEVEL
    return known[-2] if len(known) > 1 else known[0]


def daily_setup(date: str, game: str) -> GameSetup:
    """The table of ``game``'s daily deal on ``date``."""
    spec = find_game(game)
    level = daily_level(spec.family)
    kinds = (HUMAN, *(level for _ in spec.default_kinds[1:]))
    return GameSetup(spec.id, spec.default_names(kinds), kinds, {}, daily_seed(date, spec.id))


def is_daily(setup: GameSetup, date: str) -> bool:
    """Whether ``setup`` is the daily deal of its game on ``date``."""
    try:
        expected = daily_setup(date, setup.game)
    except KeyError:
        return False
    return (
        setup.seed == expected.seed
        and tuple(setup.kinds) == expected.kinds
        and not setup.options
        and setup.deck is None
    )


@dataclass(frozen=True)
class DailyResult:
    """One player's result of one daily deal; :meth:`to_record` is the record a server's
    leaderboard takes as it is."""

    date: str
    game: str
    seed: int
    level: str
    players: int
    place: int
    margin: int
    score: int
    rounds: int
    cost: float | None = None

    def rank_key(self) -> tuple[int, int, float]:
        """Sorts the better result first: place, then margin, then the coach's cost."""
        return (self.place, -self.margin, self.cost if self.cost is not None else float("inf"))

    def to_record(self) -> dict[str, Any]:
        """The result as plain JSON values."""
        return {
            "schema": RESULT_SCHEMA,
            "date": self.date,
            "game": self.game,
            "seed": self.seed,
            "level": self.level,
            "players": self.players,
            "place": self.place,
            "margin": self.margin,
            "score": self.score,
            "rounds": self.rounds,
            "cost": None if self.cost is None else round(self.cost, 3),
        }

    @classmethod
    def from_record(cls, data: object) -> DailyResult | None:
        """A result from its record; ``None`` for anything not of its form."""
        if not isinstance(data, dict) or data.get("schema") != RESULT_SCHEMA:
            return None
        try:
            cost = data.get("cost")
            return cls(
                str(data["date"]),
                str(data["game"]),
                int(data["seed"]),
                str(data["level"]),
                int(data["players"]),
                int(data["place"]),
                int(data["margin"]),
                int(data["score"]),
                int(data["rounds"]),
                None if cost is None else float(cost),
            )
        except (KeyError, TypeError, ValueError):
            return None


def daily_result(date: str, setup: GameSetup, outcome: Outcome, rounds: int) -> DailyResult:
    """The result of the person in the first seat of a finished daily deal."""
    return deal_result(date, setup, outcome.place_of(0), outcome.scores, rounds)


def deal_result(
    date: str, setup: GameSetup, place: int, scores: Sequence[int], rounds: int
) -> DailyResult:
    """The result of the first seat of a deal of ``setup``, at ``place`` with the seats'
    ``scores`` (a daily deal, or a deal every entrant of an arcade tournament plays)."""
    others = list(scores[1:])
    margin = scores[0] - max(others) if others else scores[0]
    return DailyResult(
        date,
        setup.game,
        setup.seed,
        setup.kinds[1] if len(setup.kinds) > 1 else HUMAN,
        len(setup.names),
        place,
        margin,
        scores[0],
        rounds,
    )


def standing(result: DailyResult, past: Sequence[DailyResult]) -> tuple[int, int]:
    """Where ``result`` stands among ``past`` results of the same game (itself included or
    not): its rank (1 is the best) and how many days there are in all."""
    days = [r for r in past if r.game == result.game and r.date != result.date]
    better = sum(1 for r in days if r.rank_key() < result.rank_key())
    return better + 1, len(days) + 1
