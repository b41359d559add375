"""What the other players' last plays say about the cards they hold (tactical).

Every card played in the round lies on the pile in order, so the pile can be read back from
the table as it is now: the player to act followed the last card, in the direction of play
after it (two seats on after a Jack), and a 4 turned that direction round. This gives each
other player's last plays, and the totals of the pile (read forwards from 0 and backwards from
the total now) give the total each was played on and the way of an ace or a 10. The player
chose that card from a hand of it and the cards it still holds, less the one it drew since.

A computer player's choice follows from its hand and what it could see then, so a dealt hand
can be tested against it: would Normal (its cheapest, then lowest card) or Hard (its score)
have played that card from that hand? A dealt hand fits by the share of the ways it can have
drawn its cards since in which the answer is yes for every play read; a hand that fits in no
way still counts :data:`MISS`. People and Easy (who plays at random) tell nothing this way.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from ninetynine_audio.bots.adding.hard import CrazyBot, HardBot
from ninetynine_audio.bots.adding.knowledge import (
    FOUR,
    JACK,
    LIMIT,
    RANK_CODE,
    RANKS,
    Move,
    move_table,
)
from ninetynine_audio.bots.adding.simple import normal_key
from ninetynine_audio.cards import Card, Suit
from ninetynine_audio.games.adding import AddingView, Direction, Scoring, next_seat

MISS = 0.05  # how much a hand counts that could not have made the plays
DEPTH = 2  # plays read back per player
READ_KINDS = ("normal", "hard", "crazy", "expert")  # the levels whose plays are read


@dataclass(frozen=True)
class LastPlay:
    """A player's play: a card of rank ``code`` played as ``move`` on ``total`` in direction
    ``step``, onto the first ``height`` cards of the pile (``move`` None and ``total`` -1 when
    the pile does not settle them: a King, a 10 either way); ``drew``: whether the player
    drew a card after it (its hand is full now)."""

    seat: int
    code: int
    move: Move | None
    total: int
    step: int
    height: int
    drew: bool


def last_plays(view: AddingView, depth: int = 1) -> tuple[LastPlay, ...]:
    """Each other player's last ``depth`` plays on the pile, the latest first (tactical). The
    pile must be the round's whole pile (see :meth:`Memory.follows`)."""
    rules = view.rules
    if rules.scoring is not Scoring.LIMITS or not view.pile or view.to_act != view.seat:
        return ()
    codes = [RANK_CODE[card.rank] for card in view.pile]
    before = totals_before(view, codes)
    players = pile_players(view)
    if before is None or players is None:
        return ()
    table = move_table(rules)
    found: list[LastPlay] = []
    counted = dict.fromkeys((s for s in view.active_seats if s != view.seat), 0)
    for index in range(len(codes) - 1, -1, -1):
        code = codes[index]
        seat, step = players[index]
        if seat == view.seat or counted.get(seat, depth) >= depth:
            continue
        counted[seat] += 1
        move: Move | None = None
        total = -1
        if len(before[index]) == 1:
            total = next(iter(before[index]))
            ways = [m for m in table[total][code] if m[1] in before[index + 1]]
            move = ways[0] if len(ways) == 1 else None
        drew = view.hand_sizes[seat] >= rules.hand_size
        found.append(LastPlay(seat, code, move, total if move else -1, step, index, drew))
    return tuple(found)


def pile_players(view: AddingView) -> list[tuple[int, int]] | None:
    """Who played each card of the pile, oldest first, with the direction play went then (1
    clockwise, -1 the other way); None when the pile does not start the round.

    The pile is read back from the player to act, who followed the last card in the direction
    of play after it (two seats on after a tactical Jack), and a 4 turned that direction round.
    Read back to its first card, the pile must start the round: clockwise, with the player
    after the dealer. It does not when a player went out during the round (the hand went under
    the pile); then nothing is read.
    """
    rules = view.rules
    limits = rules.scoring is Scoring.LIMITS
    players_in = len(view.active_seats)
    found: list[tuple[int, int]] = []
    following = view.to_act
    step = view.direction.step
    for card in reversed(view.pile):
        code = RANK_CODE[card.rank]
        if code == FOUR and players_in == 2 and rules.two_player_four:
            seat = following  # its player went again
        elif code == JACK and limits:
            seat = _step_back(view, _step_back(view, following, step), step)  # one was skipped
        else:
            seat = _step_back(view, following, step)
            if code == FOUR and players_in >= 3:
                step = -step  # before the 4 play went the other way
        following = seat
        found.append((seat, step))
    if following != next_seat(view, view.dealer, Direction.CLOCKWISE) or step != 1:
        return None
    found.reverse()
    return found


def _step_back(view: AddingView, seat: int, step: int) -> int:
    """The seat still in that played before ``seat`` when play went ``step``."""
    count = len(view.players)
    candidate = (seat - step) % count
    for _ in range(count):
        if view.lives[candidate] > 0:
            return candidate
        candidate = (candidate - step) % count
    return seat


def totals_before(view: AddingView, codes: list[int]) -> list[set[int]] | None:
    """For each card of the pile, the totals it can have been played on: reachable from 0
    and leading to the total now; None when no reading of the pile leads there (the stock was
    rebuilt from it, or a player who went out put a hand under it)."""
    table = move_table(view.rules)
    reach: list[set[int]] = [{0}]
    for code in codes:
        reach.append(
            {move[1] for total in reach[-1] for move in table[total][code] if move[1] <= LIMIT}
        )
    if view.total not in reach[-1]:
        return None
    after = {view.total}
    before: list[set[int]] = [set() for _ in codes]
    before.append(after)
    for index in range(len(codes) - 1, -1, -1):
        code = codes[index]
        before[index] = {
            total
            for total in reach[index]
            if any(move[1] in before[index + 1] for move in table[total][code])
        }
    return before


# A tactical play's parts in Hard's score (see HardBot.tactical_parts).
Parts = tuple[float, list[tuple[float, int]]]


class Memory:
    """The answers worked out in this round, kept from one decision to the next (a play read
    stays on the pile until the round ends): by play and cards kept whether they fit it, and
    by play, rank and way the parts of Hard's tactical score there."""

    def __init__(self) -> None:
        self.round = -1
        self.fits: dict[tuple[LastPlay, tuple[int, ...]], bool] = {}
        self.parts: dict[tuple[LastPlay, int, Move], Parts] = {}
        self.seen: tuple[Card, ...] = ()
        self.broken = False

    def of_round(self, round_number: int) -> Memory:
        """This memory, emptied when ``round_number`` is a new round."""
        if round_number != self.round:
            self.round = round_number
            self.fits.clear()
            self.parts.clear()
            self.seen = ()
            self.broken = False
        return self

    def follows(self, pile: tuple[Card, ...]) -> bool:
        """Whether ``pile`` grew from the pile seen before in this round. It did not when the
        stock was rebuilt from it or a player who went out put a hand under it: the pile then
        no longer starts the round, and is not read again until the next round."""
        if pile[: len(self.seen)] != self.seen:
            self.broken = True
        self.seen = pile
        return not self.broken


class HandReading:
    """Tests dealt hands of the other players against their last plays."""

    def __init__(
        self,
        view: AddingView,
        memory: Memory | None = None,
        depth: int = DEPTH,
        miss: float = MISS,
    ) -> None:
        """The reading of ``view``'s pile, ``depth`` plays a player back; ``memory`` keeps
        the levels' answers from one decision to the next (a play stays on the pile)."""
        self.view = view
        self.miss = miss
        self._memory = (memory or Memory()).of_round(view.round)
        self.chains: dict[int, list[LastPlay]] = {}
        if not self._memory.follows(view.pile):
            return
        for play in last_plays(view, depth):
            if view.kinds[play.seat] in READ_KINDS:
                self.chains.setdefault(play.seat, []).append(play)
        for seat in [s for s, chain in self.chains.items() if all(p.move is None for p in chain)]:
            del self.chains[seat]

    def __bool__(self) -> bool:
        return bool(self.chains)

    def weight(self, hands: list[list[int]]) -> float:
        """How well the dealt ``hands`` fit every read play: the product of the seats' fits."""
        weight = 1.0
        for seat in self.chains:
            weight *= self.seat_fit(seat, hands[seat])
        return weight

    def seat_fit(self, seat: int, hand: list[int]) -> float:
        """How well ``hand`` fits the plays of ``seat``: the share of the ways it can have
        drawn its cards since in which its level makes every read play (1 when none is read);
        :data:`MISS` when there is no such way."""
        chain = self.chains.get(seat)
        if chain is None:
            return 1.0
        found = self._chain_fit(chain, 0, hand)
        return found if found > 0.0 else self.miss

    def _chain_fit(self, chain: list[LastPlay], index: int, hand: list[int]) -> float:
        """The share of fitting ways for the plays from ``chain[index]`` back, ``hand`` being
        the player's cards after that play and its draw."""
        if index == len(chain):
            return 1.0
        play = chain[index]
        if play.drew and hand:
            ways = [hand[:i] + hand[i + 1 :] for i in range(len(hand))]
        else:
            ways = [list(hand)]
        found = 0.0
        for kept in ways:
            if play.move is None or self._fits_play(play, kept):
                found += self._chain_fit(chain, index + 1, [*kept, play.code])
        return found / len(ways)

    def _fits_play(self, play: LastPlay, kept: list[int]) -> bool:
        key = (play, tuple(sorted(kept)))
        fits = self._memory.fits
        found = fits.get(key)
        if found is None:
            found = self._decide(play, key[1])
            fits[key] = found
        return found

    def _decide(self, play: LastPlay, kept: tuple[int, ...]) -> bool:
        """Whether the seat's level, holding the played card and ``kept``, plays that card."""
        view = self.view
        rules = view.rules
        kind = view.kinds[play.seat]
        assert play.move is not None
        if kind == "normal":
            table = move_table(rules)
            played = normal_key(rules, play.total, play.code, play.move)
            for code in kept:
                for move in table[play.total][code]:
                    if normal_key(rules, play.total, code, move) < played:
                        return False
            return True
        bot = CrazyBot() if kind == "crazy" else HardBot()
        return self._hard_fits(bot, play, kept)

    def _hard_fits(self, bot: HardBot, play: LastPlay, kept: tuple[int, ...]) -> bool:
        """Whether Hard plays ``play`` from it and ``kept``. Its score is worked out
        once per card and way, on the cards unseen by that seat but for the one it played (the
        kept ones are counted unseen too, a small difference); only what the kept cards can
        make of the next reply is worked out per hand."""
        assert play.move is not None
        hand = [play.code, *kept]
        table = move_table(self.view.rules)
        played = self._score(bot, play, play.code, play.move, kept)
        for index, code in enumerate(hand):
            rest = hand[:index] + hand[index + 1 :]
            for move in table[play.total][code]:
                if (code, move) == (play.code, play.move):
                    continue
                if self._score(bot, play, code, move, rest) > played + 1e-9:
                    return False
        return True

    def _score(
        self, bot: HardBot, play: LastPlay, code: int, move: Move, kept: Sequence[int]
    ) -> float:
        """Hard's score of ``code`` played as ``move`` where ``play`` was made, ``kept`` kept."""
        key = (play, code, move)
        parts = self._memory.parts.get(key)
        if parts is None:
            parts = bot.tactical_parts(self._then(play), code, move)
            self._memory.parts[key] = parts
        base, spread = parts
        return base + bot.kept_worth(self.view, spread, list(kept))

    def _then(self, play: LastPlay) -> AddingView:
        """The view of the player of ``play`` as it was then, holding the card it played (its
        other cards are counted unseen, see :meth:`_hard_fits`)."""
        view = self.view
        hand = (Card(RANKS[play.code], Suit.SPADES),)
        sizes = list(view.hand_sizes)
        sizes[play.seat] = view.rules.hand_size
        return dataclasses.replace(
            view,
            seat=play.seat,
            hand=hand,
            hand_sizes=tuple(sizes),
            pile=view.pile[: play.height],
            total=play.total,
            direction=Direction.CLOCKWISE if play.step > 0 else Direction.ANTICLOCKWISE,
            to_act=play.seat,
            owes_draw=False,
        )
