"""Expert: a determinized Monte Carlo search with a fixed budget.

For a decision the Expert deals the cards it cannot see at random into the other hands (of
their known sizes) and the stock, consistently with everything its seat knows, and plays each
of its legal plays (both ways of a 10 or an ace) out to the end of the round on that deal. In
the playouts each seat plays as its level is known to: Easy and Normal seats as Normal; the
stronger levels and the Expert itself as a cheap likeness of Hard (see
:class:`~ninetynine_audio.bots.adding.fastsim.HardModel` and
:class:`~ninetynine_audio.bots.adding.fastsim.TacticalHardModel`). Every play is tried on the same
deals, so the comparison is fair; the best average wins, with Hard's score added (at a small
weight in classic and arcade to settle near-ties; in tactical at full weight, as Hard's exact
reckoning of the traps is sharper than the deals). The budget is a fixed number of deals, so
the choice depends only on the view and the bot's own generator.

In classic and arcade nobody can be stuck while the total is well below 99, and playouts from
there only add noise, so below a total of 80 the Expert plays Hard's choice and spends its
budget on the endgame. A round is scored from the Expert's side: losing the life costs 1 and
another player losing it gains a share. The other hands are dealt as the whole round's plays
say (:mod:`~ninetynine_audio.bots.adding.posterior`): a player who plays its ordinary cards
first keeps the 4, 9, 10 and King it draws, so its hand holds one more often than a random
deal of the unseen cards gives it.

In tactical every decision is searched on 120 deals, so landings on 33, 66 and 99, the traps
below them, the 2 (halving or doubling) and the Jack's skip count exactly as the engine plays
them. The other hands are dealt as the other players' last two plays suggest
(:mod:`~ninetynine_audio.bots.adding.reading`): a hand dealt to a Normal or Hard player is kept
with the chance that its level would have made those plays from it, else dealt again (up to
:data:`TRIES` times). A round is scored by how it changes the Expert's chance of outlasting
the others, taken as its points squared against the sum of everybody's points squared
(:func:`outlasting`), in units of one point of its own: a point taken from the leader weighs
more than one taken from a player behind, and the fewer points the Expert has, the less each
one it loses weighs against what it can take (its chance is small already, so it plays for
more).

Measured in tactical on the same games against three Hard, each change against the Expert before
it: 120 deals instead of 40 won 39.8% of 800 games against 35.5%; half the weight on the leader of
the others 38.9%; reading the plays +3.5 points (+-4.0) over 1,000 games; the chance of outlasting
instead of the weighted points +5.5 (+-5.8) over 400 games. Knowing the other hands outright (a
cheat, for the measure only) the search won 76.5% of 366 games where it won 36.9%: the hands are
what it lacks most, and the plays tell only a little of them. More deals stop helping: 240 won
38.7% of the report's first 768 games against three Hard, where 120 won 38.5%, at twice the time.
In classic, reading the last two plays of each player (+1.1 +-2.9 over 800 games) and the chance of
outlasting (+2.5 +-2.7 over 800 games) did not clearly help, and are not used there; knowing the
other hands outright, the search wins 37.7% of 600 games against three Hard where it wins 26.2%.
Dealing the hands as the whole round's plays say makes the deals true to the hands (at a total of
80 or more, 18% of the hands dealt hold no always-safe card, 19% of the real ones, 27% of random
deals), but wins about as often: 27.6% of the report's 2,000 games against three Hard where random
deals won 26.8% (+0.7 points, -2.0 to +3.5, paired by chunks of 96 games). Even knowing how many
always-safe cards each player holds, the search won 29.4% of 1,968 of those games: what the plays
say is little, and the rest of what the hands hold (their ordinary cards) counts for more, as the
37.7% shows. Nor did a sharper search, on the report's 2,000 games against three Hard (26.8%):
playouts in which Hard seats play exactly as Hard (the likeness makes Hard's own choice in 92-97%
of Hard's decisions from a total of 60) +0.1 points (+-1.2); with the chance of outlasting +0.5
(+-1.7); 480 deals instead of 120 -0.4 (+-5.6, 242 games); searching from a total of 65 -2.2
(+-5.8, 223 games), and with the round's plays read -2.2 (-5.9 to +1.4, 768 games); no weight on
Hard's score +1.8 (+-5.0, 284 games).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ninetynine_audio.bots.adding.fastsim import (
    HardModel,
    Mover,
    RoundSim,
    TacticalHardModel,
    determinize,
    play_out_with,
    policy_mover,
    policy_table,
)
from ninetynine_audio.bots.adding.hard import HardBot
from ninetynine_audio.bots.adding.knowledge import RANK_CODE, distinct_plays, play_move
from ninetynine_audio.bots.adding.posterior import Asked, HandPosterior, deal
from ninetynine_audio.bots.adding.reading import HandReading, Memory
from ninetynine_audio.bots.adding.simple import pending_draw
from ninetynine_audio.bots.base import Budget
from ninetynine_audio.games.adding import Action, AddingView, PlayCard, Scoring, playable

DEALS = 120  # classic and arcade: few decisions are searched, each can have many deals
TACTICAL_DEALS = 120  # tactical: every decision is searched and its rounds are longer
SEARCH_FROM = 80  # classic and arcade: below this total Hard's choice stands (see below)
HORIZON = 60
TIE_WEIGHT = 0.3  # classic and arcade: Hard's score settles near-ties of the playouts
# Tactical: Hard's reckoning of the traps is sharper than the deals can be, so it weighs more
# (half or double this weight did no better over 800 games).
TACTICAL_PRIOR_WEIGHT = 1.0
# Tactical: a round is scored by the chance of outlasting the others, taken as the points a
# player has to this power against everybody's. A whole number: the powers and their sum are
# integers, exact in every Python (a sum() of floats is compensated since 3.12).
OUTLAST_POWER = 2
TRIES = 20  # hands dealt to a seat at most for one that fits its last play
HINT_SCALE = 0.5  # the hint searches half the deals of a seat: it must answer at once


@dataclass(frozen=True)
class Finding:
    """What the last search found for the chosen play: in how many of ``deals`` each seat lost
    the round's life (classic and arcade), and this seat's average points against the others'
    (tactical)."""

    deals: int
    losers: tuple[int, ...]
    margin: float


class ExpertBot:
    """Tries every legal play on sampled deals of the unseen cards and keeps the best."""

    level = "expert"

    def __init__(
        self,
        deals: int = DEALS,
        tactical_deals: int = TACTICAL_DEALS,
        horizon: int = HORIZON,
        budget: Budget | None = None,
        read: bool = True,
    ) -> None:
        """An Expert sampling ``deals`` deals per decision (``tactical_deals`` in tactical), both
        scaled by ``budget``, which may also stop a search early by its clock. ``read``: whether
        in tactical it reads the others' last plays (in classic and arcade it always reads the
        round's plays, which it can do as well made afresh)."""
        self.budget = budget or Budget()
        self.deals = self.budget.scaled(deals)
        self.tactical_deals = self.budget.scaled(tactical_deals)
        self.horizon = horizon
        self.read = read
        self._memory = Memory()
        self._asked = Asked()
        self.hard = HardBot()
        self.finding: Finding | None = None
        self._found: list[_Tally] = []

    def choose(self, view: AddingView, rng: random.Random) -> Action:
        """The play with the best average over the sampled deals."""
        self.finding = None
        draw = pending_draw(view)
        if draw is not None:
            return draw
        plays = distinct_plays(playable(view))
        if len(plays) == 1:
            return plays[0]
        prior = self.hard.scores(view, plays)
        if view.rules.scoring is not Scoring.LIMITS and view.total < SEARCH_FROM:
            # Far from 99 nobody can be stuck soon: playouts would only add noise to Hard's
            # reasons (keep the low cards and the specials), so the budget goes to the endgame.
            return plays[max(range(len(plays)), key=lambda i: prior[i])]
        values = self.values(view, plays, rng)
        weight = TACTICAL_PRIOR_WEIGHT if view.rules.scoring is Scoring.LIMITS else TIE_WEIGHT
        best = max(range(len(plays)), key=lambda i: values[i] + weight * prior[i])
        found = self._found[best]
        self.finding = Finding(found.deals, tuple(found.losers), found.margin)
        return plays[best]

    def values(self, view: AddingView, plays: list[PlayCard], rng: random.Random) -> list[float]:
        """The average outcome of each play over the sampled deals."""
        limits = view.rules.scoring is Scoring.LIMITS
        movers = self.movers(view)
        moves = [(RANK_CODE[p.card.rank], play_move(view.rules, view.total, p)) for p in plays]
        totals = [0.0] * len(plays)
        seats = len(view.hand_sizes)
        found = [_Tally(seats) for _ in plays]
        deals = self.tactical_deals if limits else self.deals
        standing = _Standing(view.lives, view.seat) if limits else None
        fit = None
        posterior = None
        if self.read and limits:
            reading = HandReading(view, self._memory)
            fit = reading.seat_fit if reading else None
        elif not limits:
            posterior = HandPosterior(view, self._asked) or None
        clock = self.budget.start()
        done = 0
        for _ in range(deals):
            if done and clock.spent():
                break
            done += 1
            if posterior is not None:
                base = deal(view, rng, posterior)
            else:
                base = determinize(view, rng, fit, TRIES)
            for index, (code, move) in enumerate(moves):
                sim = base.copy()
                sim.play(code, move)
                play_out_with(sim, movers, self.horizon)
                if standing is not None:
                    score = standing.gain(sim)
                    found[index].add(sim.loser, _margin(sim, view.seat))
                else:
                    score = _score(sim, view.seat)
                    found[index].add(sim.loser, score)
                totals[index] += score
        self._found = found
        return [total / done for total in totals]

    def movers(self, view: AddingView) -> list[Mover]:
        """How each seat is played in the playouts.

        Easy and Normal seats play as Normal. The stronger seats and the Expert itself play as
        a cheap likeness of Hard: in classic and arcade it keeps the Kings and specials, plays
        high ordinary cards and attacks when the next player is likely stuck; in tactical it
        weighs the points at once and the next player's best reply read from a table.
        """
        rules = view.rules
        normal = policy_mover(policy_table(rules))
        strong: Mover = HardModel(rules)
        if rules.scoring is Scoring.LIMITS:
            strong = TacticalHardModel(rules)
        return [
            strong if seat == view.seat or _plays_like_keeper(kind) else normal
            for seat, kind in enumerate(view.kinds)
        ]


class _Tally:
    """What the deals of one play came to: who lost the life how often, the summed score."""

    __slots__ = ("deals", "losers", "total")

    def __init__(self, seats: int) -> None:
        self.deals = 0
        self.losers = [0] * seats
        self.total = 0.0

    def add(self, loser: int | None, score: float) -> None:
        self.deals += 1
        self.total += score
        if loser is not None:
            self.losers[loser] += 1

    @property
    def margin(self) -> float:
        return self.total / max(self.deals, 1)


def hint_bot() -> ExpertBot:
    """The Expert with the hint's smaller budget. In tactical it does not read the others' last
    plays: it must answer at once, and made afresh for each hint it has not watched the pile
    grow (see :meth:`~ninetynine_audio.bots.adding.reading.Memory.follows`). In classic and
    arcade it deals the hands as the round's plays say, as the seat's Expert does, so that the
    re-deals it tells of are the ones that seat would weigh (worked out afresh each time, within
    the hint's time: 33 ms in the 95th percentile, under 55 ms at worst, in two measures)."""
    return ExpertBot(budget=Budget(scale=HINT_SCALE), read=False)


def _score(sim: RoundSim, seat: int) -> float:
    """The round's result for ``seat`` (classic and arcade): its own loss against the average
    other player's."""
    others = [s for s in range(len(sim.deltas)) if s != seat]
    if not others:
        return 0.0
    if sim.loser is None:
        return 0.0
    if sim.loser == seat:
        return -1.0
    # Only the players still in share the loss of the others' life.
    still = sum(1 for s in others if sim.lives[s] > 0 or s == sim.loser)
    return 1.0 / max(still, 1)


def _margin(sim: RoundSim, seat: int) -> float:
    """The points ``seat`` won or lost in the round against the average other player (tactical:
    what the hint reports)."""
    others = [s for s in range(len(sim.deltas)) if s != seat]
    if not others:
        return 0.0
    return sim.deltas[seat] - sum(sim.deltas[s] for s in others) / len(others)


class _Standing:
    """How a tactical round's end stands for ``seat``: its chance of outlasting the others as
    :func:`outlasting` has it, against the chance before the round, in points (the change that
    losing one point now would make)."""

    def __init__(self, lives: Sequence[int], seat: int) -> None:
        self.seat = seat
        self.before = outlasting(lives, seat)
        poorer = list(lives)
        poorer[seat] -= 1
        self.point = max(self.before - outlasting(poorer, seat), 1e-9)

    def gain(self, sim: RoundSim) -> float:
        """What the round played out in ``sim`` gained, in points."""
        return (outlasting(sim.lives, self.seat) - self.before) / self.point


def outlasting(lives: Sequence[int], seat: int) -> float:
    """The chance that ``seat`` outlasts the others, taken as its points to the power
    :data:`OUTLAST_POWER` against everybody's (out: nothing)."""
    own = max(lives[seat], 0) ** OUTLAST_POWER
    every = sum(max(points, 0) ** OUTLAST_POWER for points in lives)
    return own / every if every else 0.0


def _plays_like_keeper(kind: str) -> bool:
    """Whether a seat of ``kind`` is best modelled as keeping its low cards."""
    return kind not in ("easy", "normal")
