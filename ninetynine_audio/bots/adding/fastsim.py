"""A small, fast copy of one round of the adding games, for the searching level.

The engine's ``apply`` builds a new frozen state for every play, which is right for the game
and too slow for thousands of playouts per decision. :class:`RoundSim` keeps one round on plain
lists of rank codes (suits never matter in these games) and follows the engine's rules for
everything a round needs: the card effects (read from the engine's own ``card_outcomes``) and
the tactical points (the engine's own ``rise_points``) are the engine's; the direction, skips,
the two-player 4, drawing and rebuilding the stock, stuck players and players going out are
copied here on purpose, as the hot path of the search. It stops when the round ends;
``tests/bots/test_bots_fastsim.py`` checks it against the engine play by play. Normal's order of
plays is :func:`~ninetynine_audio.bots.adding.simple.normal_key`, the one Normal itself uses.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ninetynine_audio.bots.adding.hard import FLEXIBLE, HARD_WEIGHTS, reply_chances
from ninetynine_audio.bots.adding.knowledge import (
    LIMIT,
    Move,
    MoveTable,
    hand_codes,
    move_table,
    unseen_counts,
)
from ninetynine_audio.bots.adding.simple import Key, normal_key
from ninetynine_audio.games.adding import AddingRules, AddingView, Scoring
from ninetynine_audio.games.adding.engine import rise_points

PolicyRow = tuple[tuple[tuple[Key, Move], ...], ...]


KeyFunction = Callable[[AddingRules, int, int, Move], Key]
_ORDERED_CACHE: dict[tuple[AddingRules, KeyFunction], tuple[PolicyRow, ...]] = {}


def _ordered_table(rules: AddingRules, key: KeyFunction) -> tuple[PolicyRow, ...]:
    """For each total and rank, its legal moves sorted by ``key``, best first (cached)."""
    cached = _ORDERED_CACHE.get((rules, key))
    if cached is None:
        table = move_table(rules)
        cached = tuple(
            tuple(
                tuple(
                    sorted(
                        ((key(rules, total, code, m), m) for m in moves),
                        key=lambda pair: pair[0],
                    )
                )
                for code, moves in enumerate(row)
            )
            for total, row in enumerate(table)
        )
        _ORDERED_CACHE[(rules, key)] = cached
    return cached


def policy_table(rules: AddingRules) -> tuple[PolicyRow, ...]:
    """For each total and rank, its legal moves with Normal's key, best first."""
    return _ordered_table(rules, normal_key)


class RoundSim:
    """One round in progress, on rank codes; mutable, cheap to copy."""

    __slots__ = (
        "deltas",
        "direction",
        "discard",
        "ended",
        "hands",
        "limits",
        "lives",
        "loser",
        "pile",
        "plays",
        "rng",
        "stock",
        "table",
        "to_act",
        "total",
        "two_player_four",
    )

    def __init__(
        self,
        rules: AddingRules,
        hands: list[list[int]],
        stock: list[int],
        pile: list[int],
        discard: list[int],
        lives: list[int],
        total: int,
        direction: int,
        to_act: int,
        rng: random.Random,
    ) -> None:
        self.table: MoveTable = move_table(rules)
        self.limits = rules.scoring is Scoring.LIMITS
        self.two_player_four = rules.two_player_four
        self.hands = hands
        self.stock = stock
        self.pile = pile
        self.discard = discard
        self.lives = lives
        self.total = total
        self.direction = direction
        self.to_act = to_act
        self.rng = rng
        self.deltas = [0] * len(hands)
        self.ended = False
        self.loser: int | None = None
        self.plays = 0

    def copy(self) -> RoundSim:
        """An independent copy (the generator is shared: it only shuffles rebuilt stocks)."""
        other = RoundSim.__new__(RoundSim)
        other.table = self.table
        other.limits = self.limits
        other.two_player_four = self.two_player_four
        other.hands = [list(hand) for hand in self.hands]
        other.stock = list(self.stock)
        other.pile = list(self.pile)
        other.discard = list(self.discard)
        other.lives = list(self.lives)
        other.total = self.total
        other.direction = self.direction
        other.to_act = self.to_act
        other.rng = self.rng
        other.deltas = list(self.deltas)
        other.ended = self.ended
        other.loser = self.loser
        other.plays = self.plays
        return other

    def active_count(self) -> int:
        """Players still in."""
        return sum(1 for lives in self.lives if lives > 0)

    def next_seat(self, seat: int, step: int) -> int:
        """The next seat still in after ``seat`` going ``step`` (+1 clockwise)."""
        count = len(self.lives)
        candidate = (seat + step) % count
        for _ in range(count):
            if self.lives[candidate] > 0:
                return candidate
            candidate = (candidate + step) % count
        return seat

    def moves(self, seat: int) -> list[tuple[int, Move]]:
        """Every legal (rank code, move) of ``seat`` on the current total, one per rank."""
        row = self.table[self.total]
        found: list[tuple[int, Move]] = []
        seen = 0
        for code in self.hands[seat]:
            bit = 1 << code
            if seen & bit:
                continue
            seen |= bit
            found.extend((code, move) for move in row[code])
        return found

    def play(self, code: int, move: Move) -> None:
        """The player to act plays a card of rank ``code`` in the way ``move``."""
        seat = self.to_act
        self.plays += 1
        self.hands[seat].remove(code)
        self.pile.append(code)
        before = self.total
        after = move[1]
        self.total = after
        players_in = self.active_count()
        if move[2] and players_in >= 3:
            self.direction = -self.direction
        if self.limits and after > before and self._score(seat, before, after, move[4]):
            return
        if self.lives[seat] > 0:
            self._draw(seat)
        if move[2] and players_in == 2 and self.two_player_four:
            self.to_act = seat
        elif move[3]:
            self.to_act = self.next_seat(self.next_seat(seat, self.direction), self.direction)
        else:
            self.to_act = self.next_seat(seat, self.direction)
        self._settle()

    def _draw(self, seat: int) -> None:
        if not self.stock:
            under = self.discard + self.pile[:-1]
            if not under:
                return
            self.pile = self.pile[-1:]
            self.discard = []
            self.rng.shuffle(under)
            self.stock = under
        self.hands[seat].append(self.stock.pop())

    def _score(self, seat: int, before: int, after: int, doubled: bool) -> bool:
        """Tactical scoring of a rise; True when the round ended."""
        lives = self.lives
        own, each = rise_points(before, after, doubled)
        changes = [(seat, -own)] if own else []
        if each:
            changes.extend(
                (other, -each) for other in range(len(lives)) if other != seat and lives[other] > 0
            )
        ended = after >= LIMIT
        if after > LIMIT:
            self.loser = seat
        was_in = [s for s in range(len(lives)) if lives[s] > 0]
        for who, change in changes:
            lives[who] += change
            self.deltas[who] += change
        for who in was_in:
            if lives[who] <= 0:
                # Out at once: the hand goes under the pile.
                self.pile = self.hands[who] + self.pile
                self.hands[who] = []
        if ended or self.active_count() <= 1:
            self.ended = True
            return True
        return False

    def _settle(self) -> None:
        seat = self.to_act
        hand = self.hands[seat]
        if self.limits and hand:
            return
        row = self.table[self.total]
        for code in hand:
            if row[code]:
                return
        self.lives[seat] -= 1
        self.deltas[seat] -= 1
        self.loser = seat
        self.ended = True


# How well a hand dealt to a seat fits what the seat has shown (1: fully).
HandFit = Callable[[int, list[int]], float]


def determinize(
    view: AddingView, rng: random.Random, fit: HandFit | None = None, tries: int = 1
) -> RoundSim:
    """A full round consistent with ``view``: the unseen cards dealt at random.

    The other hands get their known sizes from the unseen cards; the rest becomes the stock in
    random order. Only ``rng`` decides, so the same view and generator give the same deal.
    With ``fit`` a hand dealt to a seat is kept with the chance ``fit(seat, hand)``, else dealt
    again from the same cards, up to ``tries`` times (the last one is kept).
    """
    counts = unseen_counts(view)
    unseen = [code for code, count in enumerate(counts) for _ in range(count)]
    rng.shuffle(unseen)
    hands: list[list[int]] = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(hand_codes(view.hand))
            continue
        hand = unseen[:size]
        if fit is not None:
            for _ in range(tries - 1):
                if rng.random() < fit(seat, hand):
                    break
                rng.shuffle(unseen)
                hand = unseen[:size]
        hands.append(hand)
        del unseen[:size]
    # The stock is drawn from its end: the order is random either way.
    return round_of(view, hands, unseen, rng)


def round_of(
    view: AddingView, hands: list[list[int]], stock: list[int], rng: random.Random
) -> RoundSim:
    """The round of ``view`` with these ``hands`` (rank codes, one list a seat) and ``stock``
    (drawn from its end)."""
    return RoundSim(
        view.rules,
        hands,
        stock,
        hand_codes(view.pile),
        hand_codes(view.discard),
        list(view.lives),
        view.total,
        view.direction.step,
        view.to_act,
        rng,
    )


def normal_move(sim: RoundSim, policy: tuple[PolicyRow, ...]) -> tuple[int, Move] | None:
    """The play Normal would make for the player to act, or None with no card."""
    row = policy[sim.total]
    best: tuple[Key, int, Move] | None = None
    for code in sim.hands[sim.to_act]:
        options = row[code]
        if options:
            key, move = options[0]
            if best is None or key < best[0]:
                best = (key, code, move)
    if best is None:
        return None
    return best[1], best[2]


def keeper_key(rules: AddingRules, total: int, code: int, move: Move) -> Key:
    """Normal's order, except that the highest ordinary card goes first.

    Low cards still fit when the total is near 99, so a player who keeps them is stuck less
    often; the searching level plays its own later turns this way.
    """
    key = normal_key(rules, total, code, move)
    if key[1] == 1 and key[2] == 0:
        return (key[0], 1, 0, 20 - key[3], 0)
    return key


def keeper_table(rules: AddingRules) -> tuple[PolicyRow, ...]:
    """Like :func:`policy_table`, in the order of :func:`keeper_key`."""
    return _ordered_table(rules, keeper_key)


class HardModel:
    """A cheap likeness of Hard for the playouts (classic and arcade).

    Hard weighs the chance that the next player is stuck, the chance that it is stuck itself
    when its turn comes back, and the cost of spending a card that is always safe. Exact counts
    over the unseen cards are too slow for thousands of playout steps, so this model counts the
    ranks of a full deck instead: the same habits (keep the Kings and specials, play high
    ordinary cards, attack when the next player is likely stuck) at a fraction of the cost.
    """

    __slots__ = ("always", "step", "table", "unsafe")

    def __init__(self, rules: AddingRules, step: int = 4) -> None:
        """The model for ``rules``; ``step`` is the total the others add per turn."""
        self.table = move_table(rules)
        self.unsafe = [
            sum(1 for code in range(13) if not self.table[total][code]) / 13
            for total in range(LIMIT + 1)
        ]
        self.always = [bool(self.table[LIMIT][code]) for code in range(13)]
        self.step = step

    def __call__(self, sim: RoundSim) -> tuple[int, Move] | None:
        """The play this model makes for the player to act, or None with no card."""
        seat = sim.to_act
        hand = sim.hands[seat]
        total = sim.total
        table = self.table
        row = table[total]
        players_in = sim.active_count()
        best: tuple[float, int, Move] | None = None
        seen = 0
        for index, code in enumerate(hand):
            bit = 1 << code
            if seen & bit:
                continue
            seen |= bit
            for move in row[code]:
                after = move[1]
                if move[2] and players_in == 2 and sim.two_player_four:
                    following = seat
                else:
                    step = -sim.direction if move[2] and players_in >= 3 else sim.direction
                    following = sim.next_seat(seat, step)
                if following == seat:
                    attack = 0.0
                    expected = after
                else:
                    attack = self.unsafe[after] ** len(sim.hands[following])
                    expected = min(LIMIT, after + self.step * (players_in - 1))
                expected_row = table[expected]
                danger = 0.0
                if not any(expected_row[k] for i, k in enumerate(hand) if i != index):
                    danger = self.unsafe[expected]
                score = attack - (1.0 - attack) * danger
                if self.always[code]:
                    score -= 0.3 if after == LIMIT and total < LIMIT else 0.1
                else:
                    score += 0.01 * (code + 1)
                if best is None or score > best[0]:
                    best = (score, code, move)
        if best is None:
            return None
        return best[1], best[2]


class TacticalHardModel:
    """A cheap likeness of Hard for the tactical playouts.

    Hard weighs a play by the points it scores at once, the next player's best reply (the points
    it makes Hard lose, the points it costs its player) and the cost of spending a flexible
    card. In a playout the reply is read from a table worked out once per rules with Hard's own
    reckoning over a full deck and a hand of three, instead of over the cards really unseen.
    """

    __slots__ = ("flexible", "lands", "pays", "table")

    def __init__(self, rules: AddingRules) -> None:
        """The model for ``rules``."""
        self.table = move_table(rules)
        self.lands, self.pays = reply_tables(rules)
        self.flexible = [code in FLEXIBLE for code in range(13)]

    def __call__(self, sim: RoundSim) -> tuple[int, Move] | None:
        """The play this model makes for the player to act, or None with no card."""
        total = sim.total
        row = self.table[total]
        lands, pays = self.lands, self.pays
        w = HARD_WEIGHTS
        best: tuple[float, int, Move] | None = None
        seen = 0
        for code in sim.hands[sim.to_act]:
            bit = 1 << code
            if seen & bit:
                continue
            seen |= bit
            for move in row[code]:
                after = move[1]
                own, each = rise_points(total, after, move[4])
                score = float(each - own)
                if self.flexible[code] and score <= 0:
                    score -= w.flexible
                if after < LIMIT:
                    score += w.forced_gain * pays[after] - w.land_threat * lands[after]
                if best is None or score > best[0]:
                    best = (score, code, move)
        if best is None:
            return None
        return best[1], best[2]


_REPLY_CACHE: dict[AddingRules, tuple[list[float], list[float]]] = {}


def reply_tables(rules: AddingRules) -> tuple[list[float], list[float]]:
    """For each total below 99: the points the best reply of a hand of three dealt from a full
    deck makes each other player lose, and the points it costs its player (cached)."""
    cached = _REPLY_CACHE.get(rules)
    if cached is None:
        table = move_table(rules)
        counts = [4 * rules.decks] * 13
        lands: list[float] = []
        pays: list[float] = []
        for total in range(LIMIT):
            landed, paid = reply_chances(table, total, counts, 3)
            lands.append(landed)
            pays.append(paid)
        cached = _REPLY_CACHE[rules] = (lands, pays)
    return cached


Mover = Callable[[RoundSim], "tuple[int, Move] | None"]


def policy_mover(policy: tuple[PolicyRow, ...]) -> Mover:
    """A mover that plays by the key table ``policy`` (Normal's or the keeper's)."""
    return lambda sim: normal_move(sim, policy)


def play_out_with(sim: RoundSim, movers: list[Mover], horizon: int) -> None:
    """Each seat plays by its own mover until the round ends or ``horizon`` more plays were made."""
    limit = sim.plays + horizon
    while not sim.ended and sim.plays < limit:
        choice = movers[sim.to_act](sim)
        if choice is None:
            return
        sim.play(*choice)
