"""Hard and Crazy: every legal play weighed by the chances it creates.

Hard looks at each way of playing each card (both ways of a 10 or an ace) and scores it from
what its seat can know: its own hand, the cards played since the last rebuild and the discard,
and how many cards everybody holds. The unseen cards are equally likely to be anywhere, so the
chances below are exact counts over them (a hand of ``n`` unseen cards is ``n`` cards dealt at
random from the unseen ones).

In classic and arcade a play is scored by
- the chance that the next player holds no card that keeps the total at 99 (the round then ends
  with somebody else losing a life);
- the chance that Hard itself is stuck when its turn comes back, with the cards it keeps plus
  the one it draws, on the total it can expect by then;
- what it gives up by spending a card that is always safe (9, 4, 10, King).

In tactical a play is scored by the points it wins or loses at once (landing on 33, 66 or 99,
passing 33 or 66, going over 99), the chance that the next player to act (after a Jack's skip)
can land on a mark from the new total or must pay to play, and the cost of spending a flexible
card (9, 10, ace, 2, 4, Jack).

Crazy weighs the same things but aims at the human seat: the chance of sticking (or hurting)
the next player counts far more when that player is human and less when it is not. With no
human at the table it is Hard.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ninetynine_audio.bots.adding.knowledge import (
    ACE,
    FOUR,
    JACK,
    LIMIT,
    NINE,
    TEN,
    TWO,
    MoveTable,
    all_unsafe,
    distinct_plays,
    hand_codes,
    move_table,
    none_of,
    play_move,
    unseen_counts,
)
from ninetynine_audio.bots.adding.simple import pending_draw
from ninetynine_audio.games.adding import (
    Action,
    AddingView,
    PlayCard,
    Scoring,
    next_seat,
    playable,
)
from ninetynine_audio.games.adding.engine import rise_points


@dataclass(frozen=True)
class Weights:
    """How much each consideration counts (in "chance of losing a life" units)."""

    attack: float = 1.0  # the next player stuck
    danger: float = 1.0  # Hard itself stuck at its next turn
    step: float = 4.0  # total the others are expected to add per turn until Hard's next one
    keep_special: float = 0.1  # spending a card that is always safe
    keep_king: float = 0.3  # the King is also the strongest attack
    keep_low: float = 0.01  # per point of face value: low cards stay playable near 99
    human_next: float = 3.0  # Crazy: the next player is the human
    other_next: float = 0.3  # Crazy: a human is at the table but another seat is next
    # tactical
    land_threat: float = 1.0
    forced_gain: float = 0.3
    flexible: float = 0.15


HARD_WEIGHTS = Weights()


def is_human(view: AddingView, seat: int) -> bool:
    """Whether ``seat`` is played by a person."""
    return view.kinds[seat] == "human"


def attack_factor(view: AddingView, target: int, weights: Weights, aims: bool) -> float:
    """How much harming ``target`` is worth to this level (1 for Hard)."""
    if not aims or not any(kind == "human" for kind in view.kinds):
        return 1.0
    return weights.human_next if is_human(view, target) else weights.other_next


def seat_after(view: AddingView, play: PlayCard, reverses: bool, skips: bool) -> int:
    """Who acts after ``play`` (for a Jack: the player after the skipped one)."""
    players_in = len(view.active_seats)
    if reverses and players_in == 2 and view.rules.two_player_four:
        return view.seat
    direction = view.direction
    if reverses and players_in >= 3:
        direction = direction.reversed()
    following = next_seat(view, view.seat, direction)
    if skips:
        following = next_seat(view, following, direction)
    return following


def turns_until_back(view: AddingView) -> int:
    """How many other players play before this seat again (the direction does not matter)."""
    return max(0, len(view.active_seats) - 1)


class HardBot:
    """Weighs every legal play by the chances it creates for the next player and for itself."""

    level = "hard"
    aims_at_human = False

    def __init__(self, weights: Weights = HARD_WEIGHTS) -> None:
        """A Hard player; ``weights`` are for tuning and tests."""
        self.weights = weights

    def choose(self, view: AddingView, rng: random.Random) -> Action:
        """Hard's choice; ``rng`` is unused, the scores decide and ties go to hand order."""
        draw = pending_draw(view)
        if draw is not None:
            return draw
        return self.best_play(view)

    def best_play(self, view: AddingView) -> PlayCard:
        """The best-scored play."""
        plays = distinct_plays(playable(view))
        if len(plays) == 1:
            return plays[0]
        scores = self.scores(view, plays)
        best = max(range(len(plays)), key=lambda i: scores[i])
        return plays[best]

    def scores(self, view: AddingView, plays: list[PlayCard]) -> list[float]:
        """The score of each play, higher is better."""
        if view.rules.scoring is Scoring.LIMITS:
            return [self._tactical_score(view, play) for play in plays]
        counts = unseen_counts(view)
        table = move_table(view.rules)
        return [self._stuck_score(view, play, counts, table) for play in plays]

    # -------------------------------------------------------------- classic and arcade

    def _stuck_score(
        self, view: AddingView, play: PlayCard, counts: list[int], table: MoveTable
    ) -> float:
        w = self.weights
        pool = sum(counts)
        move = play_move(view.rules, view.total, play)
        after = move[1]
        code = hand_codes((play.card,))[0]
        following = seat_after(view, play, move[2], False)
        kept = hand_codes(view.hand)
        kept.remove(code)
        if following == view.seat:
            attack = 0.0
            expected = after
        else:
            size = view.hand_sizes[following]
            safe = pool - all_unsafe(counts, after, table)
            attack = none_of(safe, pool, size) * attack_factor(view, following, w, self.aims)
            expected = min(LIMIT, int(after + w.step * turns_until_back(view)))
        danger = self._stuck_chance(kept, counts, pool, expected, table)
        score = w.attack * attack - w.danger * (1.0 - min(attack, 1.0)) * danger
        if _always_safe(table, code):
            score -= w.keep_king if after == LIMIT and view.total < LIMIT else w.keep_special
        else:
            # Among ordinary cards keep the low ones: they still fit when the total is high.
            score += w.keep_low * (code + 1)
        return score

    @staticmethod
    def _stuck_chance(
        kept: list[int], counts: list[int], pool: int, total: int, table: MoveTable
    ) -> float:
        """The chance that the kept cards plus one unseen draw all fail on ``total``."""
        row = table[total]
        if any(row[code] for code in kept):
            return 0.0
        if pool == 0:
            return 1.0
        return all_unsafe(counts, total, table) / pool

    @property
    def aims(self) -> bool:
        """Whether this level aims at the human seat."""
        return self.aims_at_human

    # -------------------------------------------------------------- tactical

    def _tactical_score(self, view: AddingView, play: PlayCard) -> float:
        w = self.weights
        rules = view.rules
        total = view.total
        move = play_move(rules, total, play)
        after = move[1]
        others = len(view.active_seats) - 1
        gain = _relative_gain(total, after, move[4], others)
        code = hand_codes((play.card,))[0]
        score = gain
        if code in (NINE, TEN, ACE, TWO, FOUR, JACK) and gain <= 0:
            score -= w.flexible
        if after >= LIMIT:
            return score
        following = seat_after(view, play, move[2], move[3])
        if following == view.seat:
            return score
        counts = unseen_counts(view)
        pool = sum(counts)
        size = view.hand_sizes[following]
        table = move_table(rules)
        row = table[after]
        land99 = land_mark = free = 0
        for rank_code, count in enumerate(counts):
            if not count:
                continue
            moves = row[rank_code]
            if any(m[1] == LIMIT for m in moves):
                land99 += count
            elif any(m[1] in (33, 66) and m[1] > after for m in moves):
                land_mark += count
            if any(_cost(after, m[1], m[4]) == 0 for m in moves):
                free += count
        factor = attack_factor(view, following, w, self.aims)
        p99 = 1.0 - none_of(land99, pool, size)
        p_mark = 1.0 - none_of(land_mark, pool, size)
        threat = 2.0 * p99 + (1.0 - p99) * p_mark
        forced = none_of(free, pool, size) / max(others, 1)
        return score - w.land_threat * threat + w.forced_gain * forced * factor


class CrazyBot(HardBot):
    """Hard, aimed at the human: it pushes the human far more and the others less."""

    level = "crazy"
    aims_at_human = True


def _always_safe(table: MoveTable, code: int) -> bool:
    # A card that may be played on 99 is safe on every total (9, 4, 10 as minus, King).
    return bool(table[LIMIT][code])


def _cost(before: int, after: int, doubled: bool) -> int:
    return rise_points(before, after, doubled)[0]


def _relative_gain(before: int, after: int, doubled: bool, others: int) -> float:
    """Points this play wins against the average other player (landings) less its cost."""
    own, each = rise_points(before, after, doubled)
    return float(each - own)
