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
passing 33 or 66, going over 99), by the trap it leaves and the trap it walks into, and by the
cost of spending a flexible card (9, 10, ace, 2, 4, Jack). For the traps Hard works out the
next player's best reply (after a Jack's skip: the player after) exactly over the unseen cards:
the chance of each card being the best one in a hand of that size, the points that reply makes
Hard lose or costs its player, the points the player after it can then make Hard lose (at half
weight), and what Hard's kept cards can score on the total it leaves.

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
    Move,
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
    land_threat: float = 0.6  # per point the next player's best reply makes Hard lose
    forced_gain: float = 1.0  # per point that reply costs the next player
    own_next: float = 1.2  # per point Hard's kept cards can score on the total left to it
    flexible: float = 0.2
    second: float = 0.5  # the player after next landing, against the next player's


HARD_WEIGHTS = Weights()


def is_human(view: AddingView, seat: int) -> bool:
    """Whether ``seat`` is played by a person."""
    return view.kinds[seat] == "human"


def attack_factor(view: AddingView, target: int, weights: Weights, aims: bool) -> float:
    """How much harming ``target`` is worth to this level (1 for Hard)."""
    if not aims or not any(kind == "human" for kind in view.kinds):
        return 1.0
    return weights.human_next if is_human(view, target) else weights.other_next


def seat_after(view: AddingView, reverses: bool, skips: bool) -> int:
    """Who acts after a play of the seat of ``view`` that ``reverses`` or ``skips`` (for a
    Jack: the player after the skipped one)."""
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
        self._after_view: AddingView | None = None
        self._after_found: dict[bool, tuple[int, float, float]] = {}

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
        move = play_move(view.rules, view.total, play)
        code = hand_codes((play.card,))[0]
        kept = hand_codes(view.hand)
        kept.remove(code)
        return self.stuck_value(view, code, move, kept, counts, table)

    def stuck_value(
        self,
        view: AddingView,
        code: int,
        move: Move,
        kept: list[int],
        counts: list[int],
        table: MoveTable,
    ) -> float:
        """The score (classic and arcade) of rank ``code`` played as ``move`` by the seat of
        ``view``, which keeps ``kept`` and has not seen ``counts`` (the seat's hand is not
        read: a reading of the plays asks this for hands the seat may have held)."""
        w = self.weights
        pool = sum(counts)
        after = move[1]
        following, factor, ahead = self._after(view, move[2])
        if following == view.seat:
            attack = 0.0
            expected = after
        else:
            size = view.hand_sizes[following]
            safe = pool - all_unsafe(counts, after, table)
            attack = none_of(safe, pool, size) * factor
            expected = min(LIMIT, int(after + ahead))
        danger = self._stuck_chance(kept, counts, pool, expected, table)
        score = w.attack * attack - w.danger * (1.0 - min(attack, 1.0)) * danger
        if _always_safe(table, code):
            score -= w.keep_king if after == LIMIT and view.total < LIMIT else w.keep_special
        else:
            # Among ordinary cards keep the low ones: they still fit when the total is high.
            score += w.keep_low * (code + 1)
        return score

    def _after(self, view: AddingView, reverses: bool) -> tuple[int, float, float]:
        """Who acts after a play of the seat of ``view`` that ``reverses`` or not, what harming
        that player is worth, and how far the total is reckoned to rise before this seat's
        next turn: the same for every play on one view, so worked out once for it (a reading
        of the plays asks for many hands on the same view)."""
        if view is not self._after_view:
            self._after_view, self._after_found = view, {}
        found = self._after_found.get(reverses)
        if found is None:
            w = self.weights
            following = seat_after(view, reverses, False)
            factor = attack_factor(view, following, w, self.aims)
            found = (following, factor, w.step * turns_until_back(view))
            self._after_found[reverses] = found
        return found

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
        rules = view.rules
        move = play_move(rules, view.total, play)
        code = hand_codes((play.card,))[0]
        kept = hand_codes(view.hand)
        kept.remove(code)
        base, spread = self.tactical_parts(view, code, move)
        return base + self.kept_worth(view, spread, kept)

    def tactical_parts(
        self, view: AddingView, code: int, move: Move
    ) -> tuple[float, list[tuple[float, int]]]:
        """A tactical play of rank ``code`` as ``move`` by the seat of ``view``: its score but
        for what its kept cards can make of the next player's reply, and that reply's spread
        (its chance of each total it leaves below 99) for :meth:`kept_worth`."""
        w = self.weights
        total = view.total
        after = move[1]
        own, each = rise_points(total, after, move[4])
        score = float(each - own)
        if code in FLEXIBLE and score <= 0:
            score -= w.flexible
        if after >= LIMIT:
            return score, []
        following = seat_after(view, move[2], move[3])
        if following == view.seat:
            return score, []
        size = view.hand_sizes[following]
        if size == 0:
            return score, []
        counts = unseen_counts(view)
        table = move_table(view.rules)
        direction = view.direction
        if move[2] and len(view.active_seats) >= 3:
            direction = direction.reversed()
        second = next_seat(view, following, direction)
        second_size = view.hand_sizes[second] if second != view.seat else 0
        lands, pays, spread, lands2 = _reply(table, after, counts, size, second_size)
        factor = attack_factor(view, following, w, self.aims)
        score -= w.land_threat * (lands + w.second * lands2)
        score += w.forced_gain * pays * factor
        return score, spread

    def kept_worth(
        self, view: AddingView, spread: list[tuple[float, int]], kept: list[int]
    ) -> float:
        """What ``kept`` can score on the totals the next player's reply leaves (its spread,
        from :meth:`tactical_parts`), in Hard's weights."""
        if not kept or not spread:
            return 0.0
        table = move_table(view.rules)
        mine = 0.0
        for chance, reached in spread:
            mine += chance * _kept_best(table, reached, kept)
        others = max(len(view.active_seats) - 1, 1)
        return self.weights.own_next * mine / others


FLEXIBLE = (NINE, TEN, ACE, TWO, FOUR, JACK)


def _best_move(row: tuple[tuple[Move, ...], ...], total: int, code: int) -> Move | None:
    """The way of playing ``code`` on ``total`` that scores best for its player."""
    best: Move | None = None
    best_gain = -99
    for move in row[code]:
        own, each = rise_points(total, move[1], move[4])
        if each - own > best_gain:
            best, best_gain = move, each - own
    return best


def _reply(
    table: MoveTable,
    after: int,
    counts: list[int],
    size: int,
    second_size: int = 0,
) -> tuple[float, float, list[tuple[float, int]], float]:
    """What the next player's best reply to ``after`` is expected to bring, exactly over the
    unseen cards (its hand is ``size`` of them): the points it makes every other player lose,
    the points it pays itself, the chance of each total below 99 it leaves (where Hard's kept
    cards play next: the trap Hard walks into), and the points the player after it (with
    ``second_size`` cards) can then make the others lose."""
    row = table[after]
    replies: list[tuple[int, int, int, int]] = []  # (gain, count, each, own) and total after
    totals: list[int] = []
    for rank_code, count in enumerate(counts):
        if not count:
            continue
        move = _best_move(row, after, rank_code)
        if move is None:
            continue
        own, each = rise_points(after, move[1], move[4])
        replies.append((each - own, count, each, own))
        totals.append(move[1])
    order = sorted(range(len(replies)), key=lambda i: -replies[i][0])
    pool = sum(counts)
    better = 0
    lands = pays = lands2 = 0.0
    spread: list[tuple[float, int]] = []
    none_before = 1.0
    for i in order:
        _, count, each, own = replies[i]
        better += count
        none_after = none_of(better, pool, size)
        chance = none_before - none_after
        none_before = none_after
        if chance <= 0.0:
            continue
        lands += chance * each
        pays += chance * own
        reached = totals[i]
        if reached < LIMIT:
            spread.append((chance, reached))
            if second_size:
                lands2 += chance * _reply(table, reached, counts, second_size)[0]
    return lands, pays, spread, lands2


def reply_chances(
    table: MoveTable, after: int, counts: list[int], size: int
) -> tuple[float, float]:
    """The points the next player's best reply to ``after`` is expected to make every other
    player lose and to cost that player (its hand: ``size`` of the cards in ``counts``)."""
    lands, pays, _, _ = _reply(table, after, counts, size)
    return lands, pays


def _kept_best(table: MoveTable, total: int, kept: list[int]) -> float:
    """The best score the kept cards can make on ``total`` (a landing less its cost)."""
    row = table[total]
    best = -3
    for code in kept:
        for move in row[code]:
            own, each = rise_points(total, move[1], move[4])
            best = max(best, each - own)
    return float(best)


class CrazyBot(HardBot):
    """Hard, aimed at the human: it pushes the human far more and the others less."""

    level = "crazy"
    aims_at_human = True


def _always_safe(table: MoveTable, code: int) -> bool:
    # A card that may be played on 99 is safe on every total (9, 4, 10 as minus, King).
    return bool(table[LIMIT][code])
