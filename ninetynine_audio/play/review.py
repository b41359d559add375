"""The coach: a finished game read back from its event log, each decision of a player weighed.

The review reads nothing but the log (``docs/event-log.md``): the game is set up again from its
``game_started`` line and replayed through the registry (``games.replay.replay_game``), and at
every action of a reviewed seat that had a choice, the coach asks two things:

- what the family's strongest level would have played from that seat's view (its hint bot,
  ``bots.base.make_hint_bot``, with a generator seeded from the game and the move);
- what each candidate was worth, measured the same way for every family: the cards the seat
  could not see are dealt again at random (``spec.resample``, so only what the seat knew
  counts), each candidate is played on the same deals, and the game is played on from there
  by the family's playout level (the second weakest, quick and steady) until the round or deal
  has ended and the scores have moved (or the game is over). Where the game's progress counts
  turns rather than rounds (a game whose log holds fewer than two actions a seat for each step
  of its progress, as the colour game's turns), the playout goes on until every seat has had
  its next turn (one step more than there are seats) and the scores have moved. A candidate's
  *share* is the part of those deals in which the seat fared at least as well as every other
  seat (in the adding games: kept its life; in the others: scored the most of that stretch).

The candidates are the move played, the strongest level's, and every other legal move when
there are at most :data:`ALL_MOVES` of them (else also the playout level's choice). A move's
*cost* is the best share less the share of the move played. A move is **costly** when its
cost is at least :data:`COSTLY` and the best move's lead is clear of luck (:func:`clearly`: a
sign test over the deals in which only one of the two came through, at :data:`LUCK` shared
among the other candidates, any of which might have come out best by luck); **brilliant**
when it was the best of at least two candidates and led every other by at least
:data:`BRILLIANT`, clearly. Every deal and playout is drawn from a generator seeded by the
game's seed and the move's number, so the review of a game is the same every time.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

from ninetynine_audio.bots.base import Bot, levels, make_bot, make_hint_bot
from ninetynine_audio.games.base import HUMAN, AnySpec, GameSetup
from ninetynine_audio.games.registry import find_game
from ninetynine_audio.games.replay import replay_game

DEALS = 24
"""Deals of the unseen cards each decision is weighed on."""
ALL_MOVES = 6
"""Up to this many legal moves, every one is weighed; above it, only the likely ones."""
COSTLY = 0.2
"""A move whose choice lost at least this share of the deals is a costly move."""
BRILLIANT = 0.2
"""A best move that every other candidate trailed by at least this share is brilliant."""
LUCK = 0.05
"""The chance that luck alone makes a move look costly or brilliant (:func:`clearly`)."""
PLAYOUT_CAP = 2000
"""Actions a playout may take at most (a round or deal always ends well before)."""


class ReviewError(ValueError):
    """The log cannot be read back into a game (its first difference from the engine)."""


@dataclass(frozen=True)
class Weighed:
    """One candidate move: the action, its encoded form, and how it fared over the deals.

    ``through`` counts the deals in which the seat fared at least as well as every other seat;
    ``worst`` counts for each seat the deals in which that seat alone fared worst."""

    action: Any
    code: str
    through: int
    deals: int
    worst: tuple[int, ...]
    came: tuple[bool, ...] = ()
    """Deal by deal, whether the seat came through."""

    @property
    def share(self) -> float:
        """The part of the deals the seat came through."""
        return self.through / self.deals if self.deals else 0.0


def clearly(better: Weighed, worse: Weighed, comparisons: int = 1) -> bool:
    """Whether ``better`` beat ``worse`` by more than the luck of the deals: over the deals in
    which exactly one of the two came through, ``better``'s lead passes a one-sided sign test
    at :data:`LUCK`, shared among ``comparisons`` tests made together (the best of several
    moves is compared with the move played once for each of the others)."""
    ahead = sum(1 for a, b in zip(better.came, worse.came, strict=True) if a and not b)
    behind = sum(1 for a, b in zip(better.came, worse.came, strict=True) if b and not a)
    split = ahead + behind
    bound = NormalDist().inv_cdf(1 - LUCK / max(comparisons, 1))
    return split > 0 and (ahead - behind) >= bound * split**0.5 - 1e-9


@dataclass(frozen=True)
class Decision:
    """One decision of a reviewed seat: where it stood, what was played and what it cost."""

    number: int
    """Which action of the game it was (0 for the first)."""
    seat: int
    progress: int
    chosen: Weighed
    expert: Weighed
    candidates: tuple[Weighed, ...]
    """Every weighed move, best first (ties in the order they were weighed)."""

    @property
    def best(self) -> Weighed:
        """The candidate that came through most often."""
        return self.candidates[0]

    @property
    def cost(self) -> float:
        """The best share less the share of the move played (every candidate was weighed on
        the same deals)."""
        deals = self.chosen.deals
        return (self.best.through - self.chosen.through) / deals if deals else 0.0

    @property
    def is_costly(self) -> bool:
        """Whether the choice cost at least :data:`COSTLY`, and clearly (:func:`clearly`)."""
        others = len(self.candidates) - 1
        return self.cost >= COSTLY - 1e-9 and clearly(self.best, self.chosen, others)

    @property
    def is_brilliant(self) -> bool:
        """Whether the move played was the one good move among several."""
        others = [c for c in self.candidates if c.code != self.chosen.code]
        return (
            self.cost <= 1e-9
            and bool(others)
            and all(
                self.chosen.share - c.share >= BRILLIANT - 1e-9 and clearly(self.chosen, c)
                for c in others
            )
        )


@dataclass(frozen=True)
class Review:
    """A game read back from its log, with every decision of the reviewed seats weighed."""

    setup: GameSetup
    actions: tuple[Any, ...]
    """Every action of the game in order (the table at a decision is the set-up and the
    actions before it)."""
    decisions: tuple[Decision, ...]
    seats: tuple[int, ...]

    @property
    def costly(self) -> tuple[Decision, ...]:
        """The costly moves, in the order played."""
        return tuple(d for d in self.decisions if d.is_costly)

    @property
    def brilliant(self) -> tuple[Decision, ...]:
        """The brilliant moves, in the order played."""
        return tuple(d for d in self.decisions if d.is_brilliant)

    def turning_points(self) -> tuple[Decision, ...]:
        """The costly moves, the costliest first (the earlier first on equal cost)."""
        return tuple(sorted(self.costly, key=lambda d: (-round(d.cost, 9), d.number)))

    @property
    def total_cost(self) -> float:
        """The summed cost of every reviewed decision (lower is better play)."""
        return sum(d.cost for d in self.decisions)


def logged_game(records: Sequence[dict[str, Any]]) -> tuple[GameSetup, list[tuple[Any, Any]]]:
    """The set-up of one logged game and every (state, action) of it, in order.

    Raises:
        ReviewError: the log is not a game the engine plays the same way.
    """
    taken: list[tuple[Any, Any]] = []
    result = replay_game(
        list(records), 0, lambda _line, state, action: taken.append((state, action))
    )
    if result.problem is not None:
        raise ReviewError(result.problem)
    spec = find_game(str(records[0]["game"]))
    return spec.setup_from_log(records[0]), taken


def reviewed_seats(setup: GameSetup) -> tuple[int, ...]:
    """The seats a review weighs by default: the people's (every seat, with none)."""
    people = tuple(seat for seat, kind in enumerate(setup.kinds) if kind == HUMAN)
    return people or tuple(range(len(setup.kinds)))


def playout_level(family: str) -> str:
    """The level that plays the game on in the playouts: the second weakest (quick, steady)."""
    known = levels(family)
    return known[min(1, len(known) - 1)]


class Reviewer:
    """A review made one decision at a time (a screen weighs one between two frames)."""

    def __init__(
        self,
        records: Sequence[dict[str, Any]],
        *,
        seats: Sequence[int] | None = None,
        deals: int = DEALS,
    ) -> None:
        """Read the game back; raises :class:`ReviewError` when the log cannot be."""
        self.setup, taken = logged_game(records)
        self.spec = find_game(self.setup.game)
        self.seats = tuple(seats) if seats is not None else reviewed_seats(self.setup)
        self.deals = deals
        self.actions = tuple(action for _state, action in taken)
        self.states = tuple(state for state, _action in taken)
        """The true state before each action (every hand in it)."""
        self.todo = [
            (number, state, action)
            for number, (state, action) in enumerate(taken)
            if action.seat in self.seats and len(self.spec.legal_actions(state, action.seat)) > 1
        ]
        self.reach = stretch(self.spec, self.setup, taken)
        self.decisions: list[Decision] = []

    @property
    def done(self) -> bool:
        """Whether every decision has been weighed."""
        return len(self.decisions) == len(self.todo)

    def step(self) -> bool:
        """Weigh the next decision; ``False`` when none was left."""
        if self.done:
            return False
        number, state, action = self.todo[len(self.decisions)]
        self.decisions.append(
            weigh(self.spec, self.setup, number, state, action, self.deals, self.reach)
        )
        return True

    def review(self) -> Review:
        """The review, once every decision is weighed (weighing what is left first)."""
        while self.step():
            pass
        return Review(self.setup, self.actions, tuple(self.decisions), self.seats)


def review_game(
    records: Sequence[dict[str, Any]],
    *,
    seats: Sequence[int] | None = None,
    deals: int = DEALS,
) -> Review:
    """Weigh every decision of ``seats`` (the people's by default) in one logged game.

    Raises:
        ReviewError: the log cannot be read back.
    """
    return Reviewer(records, seats=seats, deals=deals).review()


def stretch(spec: AnySpec, setup: GameSetup, taken: Sequence[tuple[Any, Any]]) -> int:
    """How many steps of progress a playout must pass: one round or deal, or, where a step is
    about one player's turn, one more than there are seats."""
    if not taken:
        return 1
    steps = spec.progress(taken[-1][0]) - spec.progress(taken[0][0]) + 1
    seats = len(setup.names)
    return seats + 1 if len(taken) < 2 * seats * steps else 1


def code_of(spec: AnySpec, action: Any) -> str:
    """An action's encoded form as one string (two ways of writing it are one move)."""
    return json.dumps(spec.codec.encode(action))


def weigh(
    spec: AnySpec,
    setup: GameSetup,
    number: int,
    state: Any,
    chosen: Any,
    deals: int = DEALS,
    reach: int = 1,
) -> Decision:
    """Weigh the decision at action ``number``, taken in ``state``: ``chosen`` against the
    strongest level's move and the other candidates, on ``deals`` deals, each played on until
    the progress has grown by ``reach``."""
    seat = chosen.seat
    family = spec.family
    view = spec.view(state, seat)
    expert = make_hint_bot(family).choose(view, random.Random(f"review:{setup.seed}:{number}:e"))
    legal = list(spec.legal_actions(state, seat))
    moves: dict[str, Any] = {}
    for action in [chosen, expert]:
        moves.setdefault(code_of(spec, action), action)
    if len(legal) <= ALL_MOVES:
        for action in legal:
            moves.setdefault(code_of(spec, action), action)
    else:
        quick = make_bot(family, playout_level(family))
        pick = quick.choose(view, random.Random(f"review:{setup.seed}:{number}:q"))
        moves.setdefault(code_of(spec, pick), pick)
    rng = random.Random(f"review:{setup.seed}:{number}:{deals}")
    codes = list(moves)
    seats = len(setup.names)
    through = dict.fromkeys(codes, 0)
    came: dict[str, list[bool]] = {code: [] for code in codes}
    worst = {code: [0] * seats for code in codes}
    level = playout_level(family)
    start = spec.scores(state)
    done = 0
    for _ in range(deals):
        dealt = spec.resample(state, seat, rng) if spec.resample is not None else None
        if dealt is None:
            break
        done += 1
        # Every candidate is played on the same deal, by new players (nothing remembered from
        # another candidate's playout) drawing from the same generator's numbers.
        play_seed = rng.getrandbits(64)
        for code in codes:
            bots = [make_bot(family, level) for _ in range(seats)]
            after, _events = spec.apply(dealt, moves[code])
            end = play_on(
                spec, after, spec.progress(state) + reach - 1, start, bots, random.Random(play_seed)
            )
            gains = [e - s for e, s in zip(spec.scores(end), start, strict=True)]
            came[code].append(gains[seat] >= max(gains))
            if gains[seat] >= max(gains):
                through[code] += 1
            low = min(gains)
            if gains.count(low) == 1 and low < max(gains):
                worst[code][gains.index(low)] += 1
    weighed = [
        Weighed(moves[c], c, through[c], done, tuple(worst[c]), tuple(came[c])) for c in codes
    ]
    ranked = tuple(sorted(weighed, key=lambda w: -w.through))
    by_code = {w.code: w for w in weighed}
    return Decision(
        number,
        seat,
        spec.progress(state),
        by_code[codes[0]],
        by_code[code_of(spec, expert)],
        ranked,
    )


def play_on(
    spec: AnySpec,
    state: Any,
    progress: int,
    scores: Sequence[int],
    bots: Sequence[Bot],
    rng: random.Random,
) -> Any:
    """``state`` played on by ``bots`` until the game is over, or the progress has passed
    ``progress`` and the scores have moved from ``scores``."""
    for _ in range(PLAYOUT_CAP):
        if spec.is_over(state):
            break
        if spec.progress(state) > progress and tuple(spec.scores(state)) != tuple(scores):
            break
        seat = spec.seats_to_act(state)[0]
        state, _events = spec.apply(state, bots[seat].choose(spec.view(state, seat), rng))
    return state
