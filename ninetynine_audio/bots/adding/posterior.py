"""What the plays of a round say about each other player's hand (classic and arcade).

A player keeps the cards it does not play, and its level chooses which card goes: Hard and
Normal play their ordinary cards first (Hard the highest, Normal the lowest) and keep the 4, 9,
10 and King for when nothing else fits. So the longer a round runs, the likelier a player is to
hold one of those: in games of four Hard players, at a total of 80 or more, 19% of the hands
hold no always-safe card where a random deal of the unseen cards gives 28%.

:class:`HandPosterior` works out, for each other player whose level is known to play by rule,
the chance of every hand it can hold now, following the round play by play (a forward pass over
the cards it kept; over the same games it gives 18% to the hands with no always-safe card). Its
hand before each play was the cards kept from the play before and the card it drew since; the
card it drew is one it holds now or plays later, as likely as those cards are many; a hand
counts only as much as its level would have played the card it did from it (:data:`MISS` when
it would not have). The round starts with the deal, so the whole round is read, but only while
the pile is the round's whole pile: the stock rebuilt from it, a game that keeps its hands from
round to round, or hands of more than :data:`MOST_CARDS` cards leave the players unread (dealt
at random).
"""

from __future__ import annotations

import bisect
import dataclasses
import random
from collections.abc import Iterator
from itertools import accumulate
from math import comb

from ninetynine_audio.bots.adding.fastsim import RoundSim, round_of
from ninetynine_audio.bots.adding.hard import CrazyBot, HardBot
from ninetynine_audio.bots.adding.knowledge import (
    RANK_CODE,
    hand_codes,
    move_table,
    unseen_counts,
)
from ninetynine_audio.bots.adding.reading import pile_players, totals_before
from ninetynine_audio.bots.adding.simple import normal_key
from ninetynine_audio.cards import Card, Suit
from ninetynine_audio.games.adding import AddingView, Direction, Scoring

MISS = 0.02  # how much a hand counts from which its level would not have made the play
EXPERT_MISS = 0.3  # an Expert plays as Hard far from 99 and by its search near it
DECK_SIZE = 52
MOST_CARDS = 3  # larger hands have too many possible holdings to follow
READ_KINDS = ("normal", "hard", "crazy", "expert")
TRIES = 20  # hands drawn for a read player at most for one the other hands leave free
SUITS = tuple(Suit)

Hand = tuple[int, ...]  # rank codes, sorted


@dataclasses.dataclass(frozen=True)
class RoundPlay:
    """A card of rank ``code`` played by ``seat`` onto the first ``height`` cards of the pile,
    on ``total`` (None when the pile leaves the total open: a 10 either way) in direction
    ``step``."""

    seat: int
    code: int
    total: int | None
    step: int
    height: int


def round_plays(view: AddingView) -> list[RoundPlay] | None:
    """Every play of the round so far, oldest first; None when the pile is not the round's
    whole pile."""
    rules = view.rules
    if rules.scoring is Scoring.LIMITS or rules.keep_going or view.discard:
        return None
    # Each play drew a card from the stock dealt at the round's start; a stock rebuilt from
    # the pile holds more than that.
    dealt = rules.hand_size * len(view.active_seats)
    if view.stock_size + len(view.pile) != DECK_SIZE * rules.decks - dealt:
        return None
    codes = [RANK_CODE[card.rank] for card in view.pile]
    before = totals_before(view, codes)
    players = pile_players(view)
    if before is None or players is None:
        return None
    found = []
    for index, (code, (seat, step)) in enumerate(zip(codes, players, strict=True)):
        total = next(iter(before[index])) if len(before[index]) == 1 else None
        found.append(RoundPlay(seat, code, total, step, index))
    return found


class Asked:
    """Whether a level plays a card from a hand, kept from one decision to the next in a round:
    a play stays on the pile until the round ends, so the next decision asks the same questions
    again (the answers are the same asked afresh, only slower)."""

    def __init__(self) -> None:
        self.round = -1
        self.seen: tuple[Card, ...] = ()
        self.fits: dict[tuple[int, Hand], float] = {}

    def of_round(self, view: AddingView) -> Asked:
        """These answers, forgotten when ``view`` is in a new round or its pile did not grow
        from the pile seen before."""
        if view.round != self.round or view.pile[: len(self.seen)] != self.seen:
            self.round = view.round
            self.fits.clear()
        self.seen = view.pile
        return self


class HandPosterior:
    """The chance of each hand every read player can hold now, from the round's plays."""

    def __init__(self, view: AddingView, asked: Asked | None = None) -> None:
        self.view = view
        self._asked = (asked or Asked()).of_round(view)
        self.hands: dict[int, tuple[list[Hand], list[float]]] = {}
        self._hard = HardBot()
        self._crazy = CrazyBot()
        self._views: dict[int, tuple[AddingView, list[int]]] = {}
        rules = view.rules
        plays = round_plays(view) if rules.hand_size <= MOST_CARDS else None
        if plays is None:
            return
        counts = unseen_counts(view)
        for seat in view.active_seats:
            if seat == view.seat or view.kinds[seat] not in READ_KINDS:
                continue
            own = [play for play in plays if play.seat == seat]
            size = view.hand_sizes[seat]
            if not own or not 0 < size <= rules.hand_size:
                continue
            found = self._follow(seat, own, counts, size)
            if found:
                hands = list(found)
                self.hands[seat] = (hands, list(accumulate(found[hand] for hand in hands)))

    def __bool__(self) -> bool:
        return bool(self.hands)

    def chances(self, seat: int) -> dict[Hand, float]:
        """The chance of each hand of ``seat`` (empty when it is not read)."""
        if seat not in self.hands:
            return {}
        hands, cumulative = self.hands[seat]
        whole = cumulative[-1]
        previous = 0.0
        found = {}
        for hand, upto in zip(hands, cumulative, strict=True):
            found[hand] = (upto - previous) / whole
            previous = upto
        return found

    def draw(self, seat: int, rng: random.Random) -> Hand | None:
        """A hand of ``seat`` drawn by its chance; None when ``seat`` is not read."""
        found = self.hands.get(seat)
        if found is None:
            return None
        hands, cumulative = found
        index = bisect.bisect_right(cumulative, rng.random() * cumulative[-1])
        return hands[min(index, len(hands) - 1)]

    # ------------------------------------------------------------------ the forward pass

    def _follow(
        self, seat: int, plays: list[RoundPlay], counts: list[int], size: int
    ) -> dict[Hand, float]:
        """The weight of each hand ``seat`` can hold now, after its ``plays`` of the round."""
        hand_size = self.view.rules.hand_size
        # The cards it drew are ones it holds now or plays later: it held each before playing it.
        pool = list(counts)
        for play in plays:
            pool[play.code] += 1
        belief = {hand: float(weight) for hand, weight in _deals(pool, hand_size)}
        kept: dict[Hand, float] = {}
        for number, play in enumerate(plays):
            kept = {}
            for hand, weight in belief.items():
                if play.code in hand:
                    rest = _without(hand, play.code)
                    kept[rest] = kept.get(rest, 0.0) + weight * self._fit(play, hand)
            if not kept:
                return {}
            pool[play.code] -= 1
            if number < len(plays) - 1 or size == hand_size:
                belief = _drawn(kept, pool)
        return belief if size == hand_size else kept

    def _fit(self, play: RoundPlay, hand: Hand) -> float:
        """How much ``hand`` counts for ``play``: 1 when the player's level plays that card
        from it, else :data:`MISS`."""
        if play.total is None:
            return 1.0
        key = (play.height, hand)
        fits = self._asked.fits
        found = fits.get(key)
        if found is None:
            kind = self.view.kinds[play.seat]
            if self._chooses(kind, play, hand):
                found = 1.0
            else:
                found = EXPERT_MISS if kind == "expert" else MISS
            fits[key] = found
        return found

    def _chooses(self, kind: str, play: RoundPlay, hand: Hand) -> bool:
        """Whether a player of ``kind`` holding ``hand`` plays ``play``'s card where it was
        played (Normal by its order of plays, the others by Hard's or Crazy's score)."""
        total = play.total
        assert total is not None
        rules = self.view.rules
        table = move_table(rules)
        options = [(code, move) for code in set(hand) for move in table[total][code]]
        if all(code == play.code for code, _ in options):
            return True
        if kind == "normal":
            best = min(options, key=lambda option: normal_key(rules, total, *option))
            return best[0] == play.code
        bot = self._crazy if kind == "crazy" else self._hard
        then, counts = self._then(play)
        counts = list(counts)
        for code in hand:
            counts[code] -= 1
        values = [
            bot.stuck_value(then, code, move, list(_without(hand, code)), counts, table)
            for code, move in options
        ]
        top = max(values)
        return any(
            value >= top - 1e-9
            for (code, _), value in zip(options, values, strict=True)
            if code == play.code
        )

    def _then(self, play: RoundPlay) -> tuple[AddingView, list[int]]:
        """The view of the player of ``play`` when it made it, its hand left out (the
        questions above give it), and the cards that player had not seen then but for its
        hand."""
        found = self._views.get(play.height)
        if found is None:
            assert play.total is not None
            view = self.view
            then = dataclasses.replace(
                view,
                seat=play.seat,
                hand=(),
                pile=view.pile[: play.height],
                total=play.total,
                direction=Direction.CLOCKWISE if play.step > 0 else Direction.ANTICLOCKWISE,
                to_act=play.seat,
                owes_draw=False,
            )
            found = (then, unseen_counts(then))
            self._views[play.height] = found
        return found


def deal(view: AddingView, rng: random.Random, posterior: HandPosterior) -> RoundSim:
    """A full round consistent with ``view``: each read player's hand drawn by its chance
    (again when the hands drawn before took its cards, up to :data:`TRIES` times, then at
    random), the other hands and the stock dealt at random from the cards left."""
    counts = unseen_counts(view)
    hands: list[list[int]] = [[] for _ in view.hand_sizes]
    hands[view.seat] = hand_codes(view.hand)
    unread = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            continue
        for _ in range(TRIES):
            hand = posterior.draw(seat, rng)
            if hand is None or len(hand) != size:
                break
            if all(hand.count(code) <= counts[code] for code in set(hand)):
                for code in hand:
                    counts[code] -= 1
                hands[seat] = list(hand)
                break
        if not hands[seat] and size:
            unread.append(seat)
    rest = [code for code, count in enumerate(counts) for _ in range(count)]
    rng.shuffle(rest)
    for seat in unread:
        size = view.hand_sizes[seat]
        hands[seat] = rest[:size]
        del rest[:size]
    return round_of(view, hands, rest, rng)


def _deals(pool: list[int], size: int) -> Iterator[tuple[Hand, int]]:
    """Every hand of ``size`` cards from ``pool`` (counts by rank), with the number of ways
    to deal it."""

    def extend(start: int, left: int, hand: Hand, ways: int) -> Iterator[tuple[Hand, int]]:
        if left == 0:
            yield hand, ways
            return
        for code in range(start, 13):
            for many in range(1, min(left, pool[code]) + 1):
                yield from extend(
                    code + 1, left - many, hand + (code,) * many, ways * comb(pool[code], many)
                )

    yield from extend(0, size, (), 1)


def _drawn(kept: dict[Hand, float], pool: list[int]) -> dict[Hand, float]:
    """The hands after one card drawn onto each kept hand, each card as likely as the pool
    holds it (less the cards the hand already has of its rank)."""
    found: dict[Hand, float] = {}
    for hand, weight in kept.items():
        if weight <= 0.0:
            continue
        free = list(pool)
        for code in hand:
            free[code] -= 1
        for code, many in enumerate(free):
            if many > 0:
                at = bisect.bisect_left(hand, code)
                grown = (*hand[:at], code, *hand[at:])
                found[grown] = found.get(grown, 0.0) + weight * many
    return found


def _without(hand: Hand, code: int) -> Hand:
    """``hand`` less one card of ``code``."""
    index = hand.index(code)
    return hand[:index] + hand[index + 1 :]
