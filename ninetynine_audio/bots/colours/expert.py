"""The Expert of the colour game: Hard's best plans, each played out on deals of the unseen cards.

Hard judges where each plan of the turn ends with a fixed reckoning of what comes next. The
Expert keeps Hard's :data:`CANDIDATES` best plans and plays each out on :data:`DEALS` deals of
the cards it cannot see, dealt consistently with its view: the other players' hands of their
known sizes, every draw pile of its known size (its own too: it does not know the order of its
own pile), the reserve, the rest set aside. The hand of the player before it is dealt as that
player's turn suggests (:class:`LastTurn`): a player draws for every card it plays, so a card
it kept that could go onto a top it left it would have played, unless the card can extend its
row. Of the cards Hard kept over 300 games of Hard against Hard in the fast copy, 0.1% could go
onto a top it left and not onto its row, where 22% of the unseen cards could; 45% could extend
its row and fit no top, where 26% could (Normal's kept cards alike). How many it kept is its
hand less what it drew, read from its draw pile since this seat's last turn; those cards are
dealt with the chances of :data:`KEEP_CHANCE`, the cards it drew at random. Hard's judgement
of what the tops offer the next player, when that is the same player, weighs its cards alike.
On each deal every plan is carried out, this seat draws, and the table plays on for
:data:`ROUNDS` rounds in the fast copy of the game in
:mod:`~ninetynine_audio.bots.colours.fastsim`: this seat's next :data:`OWN_TURNS` turns by
Hard's rules (the fast copy makes Hard's choice), every other turn by Normal's. Where a
playout ends is scored in points: :data:`WON` for a win (less for a loss), or else this seat's
points, the cards drawn from its draw pile (each a fifteenth of the 15 points an emptied pile
gives) and what its row is worth by Hard's reckoning, less the same for the best other seat.
A plan is worth Hard's judgement plus :data:`BLEND` times its playouts' average. Every plan
meets the same deals, so they differ by the plan alone. Deterministic for a given generator
and the turns the bot has seen; the number of deals is a
:class:`~ninetynine_audio.bots.base.Budget`, halved for the hint, whose playouts play every
turn by Normal's rules whatever the default, so that it answers at once (asked afresh each
time, it has not seen the last player's turn begin, and reads half its hand as kept); it says
what the playouts found: the pile plays this seat and the next player make at their next
turns, on average.

Measured heads-up against Hard on the same 300 games (150 deals, each player in each seat):
the Expert before this search (Hard's eight best plans with a one-turn look) won 49.0%;
this search with playouts alone 52.0% (eight plans, 24 deals); with Hard's judgement added
once 56.7%, twice 59.3% (59.3% again on 300 other games), three times 59.3%. Playing on for
three rounds won 58.7%, six rounds 44.7% (Normal's way of playing this seat's rows misleads
the longer it goes on), and 80 deals instead of 40 55.0%. On the strength report's 2,000 games
a row it won 56.1% (54.0-58.3) against Hard, where the Expert before won 50.1%, and 74.5%
(72.5-76.3) against Normal, was 69.8%; decision 95th percentile 37 ms CPU. Weighing Hard's
24 best plans instead of 12 did not pay for its double time: on the first 1,344 of those games
against Hard it won 56.2% where 12 plans won 55.7%, and on the first 960 against Normal 74.8%
where 12 plans won 75.1%.

Playing this seat's next turn in each playout by Hard's rules instead of Normal's
(Hard plans the row card, the scoring and the pile plays together, so the cards a plan keeps
are used as the Expert would use them) won a little more, at three times the time. On the
strength report's 2,000 games a row it wins 58.2% (56.1-60.4) against Hard, where the Expert
with Normal's turns won 56.1% on the same games, and 75.4% (73.5-77.2) against Normal, was
74.5%; decision 95th percentile 120 ms CPU, was 37 ms. (A first paired look, on 800 other
games against Hard: +1.5 points, -2.3 to +5.3; on 300 against Normal: +3.0, -2.3 to +8.3.)
Playing the Hard opponent's next turn by Hard's rules instead won 54.3% on the first 140 of
those games against Hard where the Expert without it won 54.3% (+0.0, -8.4 to +8.4), at a
similar cost: not kept.

Two more changes measured on the first 960 games of the report's row against Hard (the Expert
above won 57.6% of them) did not pay, and are not used. Scoring where a playout ends by the
chance of winning from there (a logistic fit on 8,000 games of Hard against Hard: the points
ahead count for more the nearer both players are to 99), at a scale that keeps the playouts'
weight against Hard's judgement: 57.0% (-0.6 points, -3.0 to +1.8). Playing the Hard
opponent's next turn by Hard's rules as well as this seat's own: 59.4% of the first 576 games,
where the Expert above won 60.1% (-0.7, -3.6 to +2.2).

Nor did the search's settings, measured the same way (the difference to the Expert above on the
same games, 95%). Three times the playouts' weight instead of twice: 59.1% of the report's 2,000
games (+0.8, -0.4 to +2.0); four times: +1.0 (-2.1 to +4.1) on the first 960. On those 960, with
three times the weight: a playout won counted as 150 points ahead, -1.0 (-1.5 to -0.5) against
three times the weight alone, or as 30 points, +0.0 (-1.0 to +1.0); 60 deals instead of 40,
-3.6 (-6.5 to -0.7) on the first 576; one round instead of two, -1.2 (-5.8 to +3.4). Leaving
out of Hard's judgement what the tops offer the next player (the playouts play that turn), at
twice the weight: +0.5 (-2.4 to +3.4); at three times, +1.4 (-1.7 to +4.5), as much as three
times alone. None is used: the one gain, at three times the weight, is within its interval.

What the Expert now does beyond that was measured the same way, against the Expert above
(57.6% of the first 960 games, 58.2% of the 2,000). Dealing the last player's hand as read:
59.2% of the first 960 (+1.6, -2.3 to +5.5), at no cost in time. This seat's next two turns
in each playout by Hard's rules instead of one: 59.6% (+2.0, -1.3 to +5.2), but a decision's
95th percentile of 220 ms CPU, over the 200 ms a decision may take. Both, with 32 deals
instead of 40 to stay within it: 59.5% (57.3-61.6) of the 2,000 games. With Hard's judgement
of the next player's cards read as well: +1.4 (+0.1 to +2.6) on the first 960 against that,
and 60.2% (58.0-62.3) of the 2,000 (+0.7, -0.7 to +2.0), 95th percentile 175 ms: that is the
Expert here. The choices were made on these games, so the 2,000 figure may flatter it a little.

A search does not play every plan on every deal to the end: after :data:`RACE_AFTER` deals
the plans worth more than :data:`RACE_MARGIN` points less than the best so far are dropped,
and the rest meet every deal (the same deals as before, so a plan kept is valued exactly as
without the race). On 201 decisions at two, three and four players the plan the whole search
chose was that far behind after 12 deals in 2 (1%); the search plays about three quarters of
its playouts. A margin of 8 points played two thirds, but on 134 paired games against
Hard (see docs/strength.md) won 3.0 points less than the whole search (-6.5 to +0.6), where 12
points won 0.7 less (-3.3 to +1.8). At a table of three or four a playout plays more turns,
so the deals are a share of :data:`DEALS` (:data:`TABLE_SHARE`). Within one search Hard's
choice for a playout turn is kept by everything it reads, and a turn met again is not judged
again (about one in ten).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ninetynine_audio.bots.base import Budget
from ninetynine_audio.bots.colours.fastsim import (
    CODE,
    ONTO,
    VALUE,
    Chosen,
    Seat,
    Table,
    Worths,
    codes,
    fits,
    mask,
)
from ninetynine_audio.bots.colours.fastsim import row_worth as fast_row_worth
from ninetynine_audio.bots.colours.hard import WIN, HardBot, Weights
from ninetynine_audio.bots.colours.turns import TurnPlan, turn_plans, unseen_cards
from ninetynine_audio.cards import ColourCard
from ninetynine_audio.games.colours import DRAW_PILE_SIZE, HAND_SIZE, Action, ColoursView

CANDIDATES = 12
DEALS = 32  # at a table of two
# The deals at a larger table, as a share of DEALS: a playout plays every seat's turns.
TABLE_SHARE = {3: 0.8, 4: 0.7}
ROUNDS = 2  # rounds of the table played on after the plan
BLEND = 2.0  # the weight of the playouts' average against Hard's judgement
OWN_TURNS = 2  # this seat's turns in a playout played by Hard's rules (the others by Normal's)
HINT_SCALE = 0.5
# After this many deals (scaled like them) the plans worth more than RACE_MARGIN points less
# than the best so far are dropped; the rest meet every deal.
RACE_AFTER = 12
RACE_MARGIN = 12.0
WON = 60.0  # a playout won, in points ahead
DRAWN = 1.0  # a card drawn from the draw pile: a fifteenth of its 15 points
# How likely a card is to be one the last player kept, by whether it fits a top that player
# left and whether it can extend that player's row (measured on Hard's turns in the fast copy).
KEEP_CHANCE = {(False, False): 0.6, (False, True): 1.0, (True, False): 0.05, (True, True): 0.55}


@dataclass(frozen=True)
class Finding:
    """What the last search found for the chosen plan: the pile plays this seat can expect at
    its next turn and the next player's, on average over the deals, how many deals, of how
    many plans, and how many playouts the search played in all."""

    mine: float
    theirs: float
    deals: int
    best_of: int
    playouts: int


@dataclass(frozen=True)
class LastTurn:
    """What this seat reads of the hand of the player before it: how many of its cards it kept
    from its last turn (the rest it drew), and the tops it left and its row (deck numbers)."""

    seat: int
    kept: int
    tops: frozenset[int]
    row: tuple[int, ...]

    def chance(self, card: int) -> float:
        """How likely ``card`` is to be one the player kept (:data:`KEEP_CHANCE`)."""
        return KEEP_CHANCE[(not self.tops.isdisjoint(ONTO[card]), fits(card, self.row))]


class ExpertBot(HardBot):
    """Hard's plans, played out on sampled deals of the unseen cards."""

    level = "expert"

    def __init__(
        self,
        budget: Budget | None = None,
        weights: Weights | None = None,
        *,
        candidates: int = CANDIDATES,
        deals: int = DEALS,
        rounds: int = ROUNDS,
        blend: float = BLEND,
        own_turns: int = OWN_TURNS,
        race_after: int = RACE_AFTER,
        race_margin: float = RACE_MARGIN,
    ) -> None:
        """An Expert searching ``budget`` (the default: a seat's budget)."""
        super().__init__(weights)
        self.budget = budget or Budget()
        self.candidates = candidates
        self.deals = deals
        self.rounds = rounds
        self.blend = blend
        self.own_turns = own_turns
        self.race_after = race_after
        self.race_margin = race_margin
        self.finding: Finding | None = None
        # The turn this seat last planned, the draw pile sizes then, and what it read.
        self._read: tuple[int, tuple[int, ...], LastTurn] | None = None
        # Within one plan: the share of the cards the last player kept that fit each pair of
        # tops.
        self._opened: dict[tuple[ColourCard, ColourCard], float] = {}

    def read_last(self, view: ColoursView) -> LastTurn:
        """What the player before this seat kept from its last turn, read as this seat's turn
        begins: its hand less the cards it drew, and those from its draw pile since this
        seat's last turn (half its hand when this seat did not see its own last turn; none on
        an extra turn, which follows this seat's own)."""
        known = self._read
        if known is not None and known[0] == view.turn:
            return known[2]  # planning again in the same turn: as the turn began
        count = len(view.players)
        last = (view.seat - 1) % count
        hand = view.hand_sizes[last]
        if view.extra:
            kept = 0
        elif known is None or known[0] != view.turn - count:
            kept = hand // 2
        else:
            drawn = (known[1][last] - view.draw_pile_sizes[last]) % DRAW_PILE_SIZE
            kept = max(0, hand - min(drawn, HAND_SIZE))
        tops = frozenset(codes(view.pile_tops))
        reading = LastTurn(last, kept, tops, tuple(codes(view.rows[last])))
        self._read = (view.turn, view.draw_pile_sizes, reading)
        return reading

    def open_to_next(
        self,
        view: ColoursView,
        tops: tuple[ColourCard, ColourCard],
        unseen: tuple[ColourCard, ...],
    ) -> float:
        """The share of the next player's cards that may go onto ``tops``: when it is the
        player this seat read (the only other one), the cards it kept weighed by how likely
        each is to be one of them, the cards it drew any of the unseen ones."""
        share = super().open_to_next(view, tops, unseen)
        reading = self.read_last(view)
        following = (view.seat + 1) % len(view.players)
        hand = view.hand_sizes[following]
        kept = min(reading.kept, hand)
        if following != reading.seat or not kept:
            return share
        found = self._opened.get(tops)
        if found is None:
            ends = frozenset(codes(tops))
            weight = fitting = 0.0
            for card in codes(unseen):
                chance = reading.chance(card)
                weight += chance
                if not ends.isdisjoint(ONTO[card]):
                    fitting += chance
            found = self._opened[tops] = fitting / weight if weight else share
        return (kept * found + (hand - kept) * share) / hand

    def plan(self, view: ColoursView, rng: random.Random) -> list[Action]:
        """The plan among Hard's best whose judgement and playouts add up to most."""
        unseen = unseen_cards(view)
        reading = self.read_last(view)
        self._opened = {}
        judged: list[tuple[float, int, TurnPlan]] = []
        for index, candidate in enumerate(turn_plans(view)):
            judged.append((self.judge(view, candidate, unseen), index, candidate))
        judged.sort(key=lambda item: (-item[0], item[1]))
        if len(judged) == 1 or judged[0][0] >= WIN or not unseen:
            self.finding = None
            return list(judged[0][2].actions)
        top = [plan for _, _, plan in judged[: self.candidates]]
        count = len(top)
        totals = [0.0] * count
        mine = [0] * count
        theirs = [0] * count
        pool = codes(unseen)
        worths: Worths = {}
        chosen: Chosen = {}
        shown = mask(codes(_shown(view)))
        # The plans and the table in deck numbers, once for every deal.
        coded = [_Coded.of(plan) for plan in top]
        rows = [codes(row) for row in view.rows]
        before = (CODE[view.pile_tops[0]], CODE[view.pile_tops[1]])
        clock = self.budget.start()
        done = playouts = 0
        alive = list(range(count))
        check = self.budget.scaled(self.race_after)
        deals = round(self.deals * TABLE_SHARE.get(len(view.players), 1.0))
        for _ in range(self.budget.scaled(deals)):
            if done and clock.spent():
                break
            if done == check:
                alive = self._leading(judged, totals, alive, done)
            # Every plan meets the same deal and the same later shuffles of the reserve.
            rng.shuffle(pool)
            _deal_kept(view, pool, reading, rng)
            seed = rng.getrandbits(32)
            done += 1
            for index in alive:
                value, own, next_plays = self._playout(
                    view,
                    top[index],
                    _Deal(pool, seed, coded[index], rows, before),
                    (worths, chosen),
                    shown,
                )
                totals[index] += value
                mine[index] += own
                theirs[index] += next_plays
            playouts += len(alive)
        values = {index: self._value(judged, totals, index, done) for index in alive}
        best = max(alive, key=lambda i: (values[i], -i))
        self.finding = Finding(mine[best] / done, theirs[best] / done, done, count, playouts)
        return list(top[best].actions)

    def _value(
        self, judged: list[tuple[float, int, TurnPlan]], totals: list[float], index: int, done: int
    ) -> float:
        """What plan ``index`` is worth after ``done`` deals: Hard's judgement plus
        :attr:`blend` times its playouts' average."""
        return judged[index][0] + self.blend * totals[index] / done

    def _leading(
        self,
        judged: list[tuple[float, int, TurnPlan]],
        totals: list[float],
        alive: list[int],
        done: int,
    ) -> list[int]:
        """The plans of ``alive`` worth, after ``done`` deals, no more than
        :attr:`race_margin` less than the best (in their order)."""
        values = [self._value(judged, totals, index, done) for index in alive]
        bar = max(values) - self.race_margin
        return [index for index, value in zip(alive, values, strict=True) if value >= bar]

    def _playout(
        self,
        view: ColoursView,
        plan: TurnPlan,
        deal: _Deal,
        stores: tuple[Worths, Chosen],
        shown: int,
    ) -> tuple[float, int, int]:
        """Carry out ``plan`` on the deal ``pool`` and play on: the value where it ends, this
        seat's pile plays at its next turn and the next player's at theirs. This seat's first
        :attr:`own_turns` turns are played by Hard's rules, every other turn by Normal's."""
        me = view.seat
        count = len(view.players)
        pool, coded = deal.pool, deal.plan
        # The deal in the order of the view's counts: the other hands, the draw piles, the
        # reserve, then what is left (set aside). A view of a table made up by hand may count
        # more cards than are unseen: the last places then come up short.
        taken = 0

        def take(size: int) -> list[int]:
            nonlocal taken
            taken += size
            return pool[taken - size : taken]

        seats: list[Seat] = []
        for seat in range(count):
            if seat == me:
                hand = list(coded.kept)
                row = list(coded.row)
                score = view.scores[seat] + plan.gained
            else:
                hand = take(view.hand_sizes[seat])
                row = list(deal.rows[seat])
                score = view.scores[seat]
            seats.append(Seat(hand, [], row, score))
        for seat in range(count):
            seats[seat].pile = take(view.draw_pile_sizes[seat])
        reserve = take(view.reserve_size)
        gone = pool[taken:]
        table = Table(list(coded.tops), reserve, gone, random.Random(deal.seed), shown)
        table.bury(deal.before, coded.plays)
        if table.draw_up(seats[me]):
            return WON, 0, 0
        own = next_plays = -1
        hard_left = self.own_turns
        for step in range(1, self.rounds * count + 1):
            seat = (me + step) % count
            if seat == me and hard_left:
                hard_left -= 1
                won, played = self._hard_turn(table, seats, me, stores, view.pro_variant)
            else:
                won, played = table.normal_turn(seats[seat])
            if step == 1:
                next_plays = played
            if seat == me and own < 0:
                own = played
            if won:
                return (WON if seat == me else -WON), max(own, 0), max(next_plays, 0)
        mine = _standing(seats[me])
        others = max(_standing(seats[s]) for s in range(count) if s != me)
        return mine - others, max(own, 0), max(next_plays, 0)

    def _hard_turn(
        self, table: Table, seats: list[Seat], me: int, stores: tuple[Worths, Chosen], pro: bool
    ) -> tuple[bool, int]:
        """This seat's turn of a playout by Hard's rules, on what the seat sees there (the
        other rows among it)."""
        rows_seen = 0
        for other, seat in enumerate(seats):
            if other != me:
                rows_seen |= mask(seat.row)
        return table.hard_turn(seats[me], rows_seen, self.weights, stores[0], pro, stores[1])


@dataclass(frozen=True)
class _Coded:
    """A plan's end in deck numbers: the cards kept, the row, the two tops and the plays."""

    kept: tuple[int, ...]
    row: tuple[int, ...]
    tops: tuple[int, int]
    plays: tuple[int, ...]

    @classmethod
    def of(cls, plan: TurnPlan) -> _Coded:
        """``plan``'s end in deck numbers."""
        end = plan.end
        return cls(
            tuple(codes(end.kept)),
            tuple(codes(plan.row)),
            (CODE[end.tops[0]], CODE[end.tops[1]]),
            tuple(codes([card for card, _ in end.plays])),
        )


@dataclass(frozen=True)
class _Deal:
    """One deal of a search as a playout reads it: the unseen cards in their places, the seed
    of its later shuffles, the plan in deck numbers, every row and the tops before the plan."""

    pool: list[int]
    seed: int
    plan: _Coded
    rows: list[list[int]]
    before: tuple[int, int]


def _deal_kept(view: ColoursView, pool: list[int], reading: LastTurn, rng: random.Random) -> None:
    """Deal the cards the last player kept (the first of its hand's places in ``pool``, which
    is changed in place) as ``reading`` has them likely: each card in turn is taken with its
    chance, else left for later places."""
    me = view.seat
    if reading.seat == me or not reading.kept:
        return
    start = sum(view.hand_sizes[s] for s in range(reading.seat) if s != me)
    place = start
    for index in range(start, len(pool)):
        if place == start + reading.kept:
            break
        chance = reading.chance(pool[index])
        if chance >= 1.0 or rng.random() < chance:
            pool[place], pool[index] = pool[index], pool[place]
            place += 1


def _shown(view: ColoursView) -> list[ColourCard]:
    """The cards face up on the discard piles."""
    return [*view.discards[0], *view.discards[1]]


def _standing(seat: Seat) -> float:
    """A seat's points, its draw pile's progress and what its row is worth beyond a fresh one."""
    drawn = DRAW_PILE_SIZE - len(seat.pile)
    kept = sorted(seat.hand, key=VALUE.__getitem__)
    return seat.score + DRAWN * drawn + fast_row_worth(seat.row, kept, _WEIGHTS)


_WEIGHTS = Weights()


def hint_bot() -> ExpertBot:
    """The Expert with the hint's smaller budget."""
    return ExpertBot(Budget(scale=HINT_SCALE), own_turns=0)
