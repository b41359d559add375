"""A small, fast copy of the colour game's turns, for the Expert's playouts.

The engine's ``apply`` builds a new frozen state for every action, which is right for the game
and too slow for the thousands of turns a decision of the Expert plays out. Here a card is its
number in the deck (:data:`~ninetynine_audio.bots.colours.turns.ALL_CARDS`), hands, rows and
piles are plain lists, and a turn is played whole by Normal's rules
(:class:`~ninetynine_audio.bots.colours.simple.NormalBot`): score a row that wins, add the
lowest card that fits, score a row that can hardly grow, play greedily onto the piles keeping
the card the row wants next, draw back up to six; an emptied draw pile scores its 15 points and
takes 15 cards from the reserve (rebuilt from the played cards, shuffled, when it runs short).
A turn may also be played whole by Hard's rules (:meth:`Table.hard_turn`): the same plans in
the same order, judged by the same arithmetic on deck numbers, so it makes Hard's choice.
``tests/bots/test_bots_colours.py`` checks a turn here against Normal's turn and Hard's in the
engine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ninetynine_audio.bots.colours.hard import WIN, Weights
from ninetynine_audio.bots.colours.turns import ALL_CARDS
from ninetynine_audio.cards import ColourCard
from ninetynine_audio.games.colours import (
    DRAW_PILE_SIZE,
    HAND_SIZE,
    MAX_PILE_PLAYS,
    RENEWAL_POINTS,
    TARGET,
    ways_onto,
)

CODE = {card: index for index, card in enumerate(ALL_CARDS)}
VALUE = tuple(card.value for card in ALL_CARDS)
COLOUR = tuple(card.colour for card in ALL_CARDS)
_COUNT = len(ALL_CARDS)
_COLOURS = sorted({card.colour for card in ALL_CARDS}, key=lambda colour: colour.name)
COLOUR_BIT = tuple(1 << _COLOURS.index(card.colour) for card in ALL_CARDS)
ONTO = tuple(
    frozenset(b for b, top in enumerate(ALL_CARDS) if ways_onto(card, top)) for card in ALL_CARDS
)
"""For each card, the tops it may go onto."""
INTO = tuple(
    sum(1 << c for c, card in enumerate(ALL_CARDS) if ways_onto(card, top)) for top in ALL_CARDS
)
"""For each top, the cards that may go onto it, as a mask of deck numbers."""
EVERY = (1 << _COUNT) - 1
"""The mask of the whole deck."""


def codes(cards: Sequence[ColourCard]) -> list[int]:
    """The deck numbers of ``cards``."""
    return [CODE[card] for card in cards]


def fits(card: int, row: Sequence[int]) -> bool:
    """Whether ``card`` may extend ``row``."""
    if not row:
        return True
    if VALUE[card] <= VALUE[row[-1]]:
        return False
    colour = COLOUR[card]
    return all(COLOUR[c] is not colour for c in row)


def lowest_fitting(hand: list[int], row: list[int]) -> int | None:
    """The lowest card of ``hand`` that may extend ``row`` (for an empty row, the lowest)."""
    best = None
    lowest = 99
    if not row:
        for card in hand:
            if VALUE[card] < lowest:
                best, lowest = card, VALUE[card]
        return best
    last = VALUE[row[-1]]
    colours = 0
    for card in row:
        colours |= COLOUR_BIT[card]
    for card in hand:
        value = VALUE[card]
        if last < value < lowest and not colours & COLOUR_BIT[card]:
            best, lowest = card, value
    return best


def greedy_plays(hand: list[int], tops: list[int], keep: int | None) -> list[int]:
    """Normal's pile plays from ``hand`` onto ``tops`` (both changed in place), never ``keep``:
    each time the play after which the most cards can still go, the higher card first. The
    cards played, in order."""
    played: list[int] = []
    # Every card is one deck number, so the cards that may follow are counted by masks: the
    # cards still in hand besides ``keep`` that may go onto either top after the play.
    others = mask(hand) & ~(1 << keep if keep is not None else 0)
    while len(played) < MAX_PILE_PLAYS:
        # The best play's count of followers and card value, as one number (values are below
        # 16): more followers first, then the higher card.
        best_key = -1
        best_card = best_pile = -1
        t0, t1 = tops
        for card in hand:
            if card == keep:
                continue
            onto = ONTO[card]
            rest = others & ~(1 << card)
            # Onto either top: the card and the other top are then open to the followers.
            if t0 in onto:
                follow = (INTO[card] & rest).bit_count() + (INTO[t1] & rest).bit_count()
                key = follow << 4 | VALUE[card]
                if key > best_key:
                    best_key, best_card, best_pile = key, card, 0
            if t1 in onto:
                follow = (INTO[card] & rest).bit_count() + (INTO[t0] & rest).bit_count()
                key = follow << 4 | VALUE[card]
                if key > best_key:
                    best_key, best_card, best_pile = key, card, 1
        if best_card < 0:
            return played
        hand.remove(best_card)
        others &= ~(1 << best_card)
        tops[best_pile] = best_card
        played.append(best_card)
    return played


def mask(cards: Sequence[int]) -> int:
    """The mask of the deck numbers ``cards``."""
    found = 0
    for card in cards:
        found |= 1 << card
    return found


End = tuple[list[int], list[int], int, int]
"""One end of Action B: the cards played in order, the cards kept and the two tops."""
Choice = tuple[int, int, list[int], int, End]
"""A whole turn chosen: what is done with the row (see :meth:`Table.hard_turn`), the row card
(-1 for none), the row after, the points it scores, and the end of Action B."""


Chosen = dict[tuple[int, ...], Choice]
"""Hard's choices of a search's turns, by what each choice reads (see :meth:`Table.hard_turn`)."""
Worths = dict[int, dict[tuple[int, ...], float]]
"""Row worths by the row (its length, last value and colours as one number) and then the
cards kept (lowest first), kept for the turns of a search."""
Reached = tuple[list[int], int, int, int]
"""One end of Action B as :func:`_reached` finds it: the plays, the mask of the cards kept, the
two tops."""


def _reached(hand: list[int], top0: int, top1: int, room: int) -> list[Reached]:
    """Every distinct end of Action B, in the order and with the plays of
    :func:`~ninetynine_audio.bots.colours.turns.pile_ends`: ends that keep the same cards and
    leave the same tops are one, reached by the first order found; the cards kept as a mask."""
    # An end is known by its kept cards and tops as one number (deck numbers are below 128).
    start = mask(hand)
    seen = {start << 14 | top0 << 7 | top1}
    ends: list[Reached] = [([], start, top0, top1)]

    def walk(kept: list[int], kept_mask: int, t0: int, t1: int, plays: list[int]) -> None:
        deeper = len(plays) + 1 < room
        for index, card in enumerate(kept):
            onto = ONTO[card]
            on0 = t0 in onto
            on1 = t1 in onto
            if not (on0 or on1):
                continue
            rest_mask = kept_mask ^ (1 << card)
            rest: list[int] | None = None
            if on0:
                key = rest_mask << 14 | card << 7 | t1
                if key not in seen:
                    seen.add(key)
                    after = [*plays, card]
                    ends.append((after, rest_mask, card, t1))
                    if deeper:
                        rest = kept[:index] + kept[index + 1 :]
                        walk(rest, rest_mask, card, t1, after)
            if on1:
                key = rest_mask << 14 | t0 << 7 | card
                if key not in seen:
                    seen.add(key)
                    ends.append(([*plays, card], rest_mask, t0, card))
                    if deeper:
                        if rest is None:
                            rest = kept[:index] + kept[index + 1 :]
                        walk(rest, rest_mask, t0, card, ends[-1][0])

    if room > 0:
        walk(hand, start, top0, top1, [])
    return ends


def row_worth(row: Sequence[int], kept: Sequence[int], w: Weights) -> float:
    """Hard's :func:`~ninetynine_audio.bots.colours.hard.row_worth` on deck numbers, for
    ``kept`` sorted by value (equal values in hand order, as Hard's sort leaves them): what the
    row is worth beyond a fresh one (the same arithmetic, so the same value)."""
    colours = 0
    for card in row:
        colours |= COLOUR_BIT[card]
    return _worth(len(row), VALUE[row[-1]] if row else -1, colours, kept, w)


def _worth(length: int, last: int, colours: int, kept: Sequence[int], w: Weights) -> float:
    """:func:`row_worth` of a row of ``length`` cards, the last of value ``last`` (-1 for
    none), its colours the mask ``colours``."""
    # The chain of the kept cards below 10, lowest first, then whether a kept 10 can end it.
    chain = ten = 0
    for card in kept:
        value = VALUE[card]
        if value == 10:
            if last < 10 and not colours & COLOUR_BIT[card]:
                ten = 1
                break
        elif value > last and not colours & COLOUR_BIT[card]:
            chain += 1
            last = value
            colours |= COLOUR_BIT[card]
    whole = chain + ten
    room = 10 - last - ten
    if 10 - length - whole < room:
        room = 10 - length - whole
    if room < 0:
        room = 0
    expected = length + w.kept_chain * whole + w.open_room * room
    return expected * expected - w.fresh_length * (expected - length)


class Seat:
    """One player of the playout: hand, draw pile (top first), row and score."""

    __slots__ = ("hand", "pile", "row", "score")

    def __init__(self, hand: list[int], pile: list[int], row: list[int], score: int) -> None:
        self.hand = hand
        self.pile = pile
        self.row = row
        self.score = score


class Table:
    """The cards of one playout besides the seats: the two pile tops, the reserve (top first),
    the played cards the reserve is rebuilt from, and the mask of the cards face up on the
    discard piles (what a player sees of them; kept only when given)."""

    __slots__ = ("gone", "reserve", "rng", "shown", "tops")

    def __init__(
        self,
        tops: list[int],
        reserve: list[int],
        gone: list[int],
        rng: random.Random,
        shown: int = 0,
    ) -> None:
        self.tops = tops
        self.reserve = reserve
        self.gone = gone
        self.rng = rng
        self.shown = shown

    def draw_up(self, seat: Seat) -> bool:
        """Draw back up to six; an emptied draw pile scores and is renewed. Whether the seat
        has won."""
        hand, pile = seat.hand, seat.pile
        while len(hand) < HAND_SIZE and pile:
            take = HAND_SIZE - len(hand)
            hand.extend(pile[:take])
            del pile[:take]
            if not pile:
                seat.score += RENEWAL_POINTS
                if seat.score >= TARGET:
                    return True
                reserve = self.reserve
                if len(reserve) < DRAW_PILE_SIZE:
                    gone = self.gone
                    self.rng.shuffle(gone)
                    reserve.extend(gone)
                    gone.clear()
                    self.shown = (1 << self.tops[0]) | (1 << self.tops[1])
                seat.pile = pile = reserve[:DRAW_PILE_SIZE]
                del reserve[:DRAW_PILE_SIZE]
        return False

    def _score_stuck_row(self, seat: Seat) -> bool:
        """Score ``seat``'s row when no card in hand fits it, as the turn begins; whether that
        won the game."""
        row = seat.row
        if row and not any(fits(card, row) for card in seat.hand):
            seat.score += len(row) ** 2
            self.gone.extend(row)
            seat.row = []
            return seat.score >= TARGET
        return False

    def normal_turn(self, seat: Seat) -> tuple[bool, int]:
        """Play one whole turn of ``seat`` as Normal would: whether it won, and how many cards
        it put onto the piles."""
        if self._score_stuck_row(seat):
            return True, 0
        hand, row = seat.hand, seat.row
        may_score = bool(row)
        if may_score and seat.score + len(row) ** 2 >= TARGET:
            seat.score += len(row) ** 2
            return True, 0
        if hand:
            card = lowest_fitting(hand, row)
            assert card is not None
            hand.remove(card)
            row.append(card)
            may_score = True
        if may_score and row:
            length = len(row)
            stuck = VALUE[row[-1]] >= 9 or length == 10
            if seat.score + length * length >= TARGET:
                seat.score += length * length
                return True, 0
            if stuck and length >= 3:
                seat.score += length * length
                self.gone.extend(row)
                seat.row = row = []
        keep = lowest_fitting(hand, row) if row else None
        tops = self.tops
        old = (tops[0], tops[1])
        played = greedy_plays(hand, tops, keep)
        if played:
            self.bury(old, played)
        return self.draw_up(seat), len(played)

    def bury(self, old: tuple[int, int], played: Sequence[int]) -> None:
        """Count the cards now under the tops (old tops and plays covered since) as played
        cards the reserve may be rebuilt from."""
        tops = self.tops
        self.gone.extend(card for card in (*old, *played) if card not in tops)
        self.shown |= mask(played)

    def hard_turn(
        self,
        seat: Seat,
        rows_seen: int,
        weights: Weights,
        worths: Worths,
        pro: bool = False,
        chosen: Chosen | None = None,
    ) -> tuple[bool, int]:
        """Play one whole turn of ``seat`` as Hard would (:class:`~ninetynine_audio.bots.
        colours.hard.HardBot`, the same plans in the same order, judged alike): whether it
        won, and how many cards it put onto the piles.

        ``rows_seen`` is the mask of the other seats' rows, ``worths`` a store of row worths
        shared by the turns of a search, ``chosen`` (when given) a store of the choices made
        by those turns, by everything a choice reads: a turn met again is not judged again."""
        if self._score_stuck_row(seat):
            return True, 0
        hand, row = seat.hand, seat.row
        hidden = EVERY & ~(mask(hand) | mask(row) | rows_seen | self.shown)
        t0, t1 = self.tops
        if chosen is None:
            known = self._hard_choice(seat, hidden, weights, worths, pro)
        else:
            # The hand in its order (ties in Hard's sorting follow it), the row, the tops,
            # the cards hidden, the points and the draw pile's size: all a choice reads.
            key = (*hand, -1, *row, -1, t0, t1, hidden, seat.score, len(seat.pile))
            found = chosen.get(key)
            if found is None:
                found = chosen[key] = self._hard_choice(seat, hidden, weights, worths, pro)
            known = found
        kind, card, new_row, gained, (plays, kept, top0, top1) = known
        if kind in (1, 3, 4):
            seat.score += gained
            self.gone.extend(row if kind != 3 else [*row, card])
        seat.row = list(new_row)
        if seat.score >= TARGET:
            return True, 0
        seat.hand = list(kept)
        self.tops = [top0, top1]
        if plays:
            self.bury((t0, t1), plays)
        return self.draw_up(seat), len(plays)

    def _hard_choice(
        self,
        seat: Seat,
        hidden: int,
        w: Weights,
        worths: Worths,
        pro: bool,
    ) -> Choice:
        """Hard's choice for ``seat``'s turn: the first of the best plans."""
        hand, row = seat.hand, seat.row
        unseen = hidden.bit_count()
        t0, t1 = self.tops
        length = len(row)
        judged = _Judged(seat, hidden, unseen, w, worths, pro)
        if hand:
            fitting = [card for card in hand if not row or fits(card, row)]
            if len(fitting) > 1:
                # The ends after each row card are the ends from the whole hand that keep
                # that card (found in the same order): one walk, and one grouping of its
                # ends, serves every row card.
                groups = judged.groups(_reached(hand, t0, t1, MAX_PILE_PLAYS))
                for card in fitting:
                    bit = 1 << card
                    judged.option(card, row, [group for group in groups if group[0] & bit])
            for card in fitting if len(fitting) == 1 else ():
                rest = [other for other in hand if other != card]
                judged.option(card, row, judged.groups(_reached(rest, t0, t1, MAX_PILE_PLAYS)))
        else:
            choices = [(0, -1, row, 0)]
            if row:
                choices.append((1, -1, [], length * length))
            judged.choose(choices, -1, judged.groups([([], 0, t0, t1)]))
        assert judged.best is not None
        return judged.best


Group = list[Any]
"""Ends of Action B that keep the same cards: their mask, the first end's place and end, and
the place, end and next player's share of the end that offers the next player least."""


class _Judged:
    """Hard's judgement of one turn's choices (:meth:`Table._hard_choice`), the best so far."""

    __slots__ = (
        "best",
        "best_value",
        "by_value",
        "hand",
        "hidden",
        "kept_by_mask",
        "opened",
        "pile",
        "pro",
        "start",
        "unseen",
        "w",
        "worths",
    )

    def __init__(
        self, seat: Seat, hidden: int, unseen: int, w: Weights, worths: Worths, pro: bool
    ) -> None:
        self.hand = seat.hand
        # The hand lowest first (equal values in hand order), each card with its bit.
        self.by_value = [(1 << c, c) for c in sorted(seat.hand, key=VALUE.__getitem__)]
        self.hidden = hidden
        self.unseen = unseen
        self.w = w
        self.worths = worths
        self.pro = pro
        self.start = seat.score
        self.pile = len(seat.pile)
        self.opened: dict[int, float] = {}
        # The cards kept by an end (less the row card), lowest first (equal values in hand
        # order), as the row's worth reads them, and what the cards drawn then are worth: by
        # their mask, for every row card alike.
        self.kept_by_mask: dict[int, tuple[tuple[int, ...], float]] = {}
        self.best_value = -WIN
        self.best: Choice | None = None

    def groups(self, ends: list[Reached]) -> list[Group]:
        """The ends that keep the same cards differ only by what their tops offer the next
        player: each such group is judged once, by its end that offers least (the first of
        those), or by its first end when the plan wins anyway. In the order first found."""
        unseen, hidden, opened = self.unseen, self.hidden, self.opened
        groups: dict[int, Group] = {}
        for position, end in enumerate(ends):
            penalty = 0.0
            if unseen:
                top0, top1 = end[2], end[3]
                tops_key = top0 << 7 | top1
                found = opened.get(tops_key)
                if found is None:
                    open_to_next = ((INTO[top0] | INTO[top1]) & hidden).bit_count()
                    found = opened[tops_key] = self.w.next_player * open_to_next / unseen
                penalty = found
            group = groups.get(end[1])
            if group is None:
                groups[end[1]] = [end[1], position, end, position, end, penalty]
            elif penalty < group[5]:
                group[3:] = [position, end, penalty]
        return list(groups.values())

    def option(self, card: int, row: list[int], groups: list[Group]) -> None:
        """Judge the choices of adding ``card`` to ``row``, each with the ``groups`` of ends."""
        length = len(row)
        choices = [(2, card, [*row, card], 0), (3, card, [], (length + 1) ** 2)]
        if row:
            choices.append((4, card, [card], length * length))
        self.choose(choices, card, groups)

    def choose(
        self, choices: list[tuple[int, int, list[int], int]], card: int, groups: list[Group]
    ) -> None:
        """Judge ``choices`` (all with the row card ``card``, -1 for none) with the ends of
        ``groups``, keeping the best."""
        unbit = ~(1 << card) if card >= 0 else -1
        by_value, kept_by_mask = self.by_value, self.kept_by_mask
        pile, unseen, pro, w = self.pile, self.unseen, self.pro, self.w
        per_draw = w.per_draw
        # Each group as the usual case reads it: the place and end of its best end, its share
        # of the next player's cards, the cards kept (less the row card, lowest first) and
        # what the cards drawn are worth.
        judged: list[tuple[int, Reached, float, tuple[int, ...], float]] = []
        for kept_mask, _, _, position, end, penalty in groups:
            kept_only = kept_mask & unbit
            known_kept = kept_by_mask.get(kept_only)
            if known_kept is None:
                kept = tuple([c for bit, c in by_value if kept_only & bit])
                base = per_draw * (HAND_SIZE - len(kept)) if pile else 0.0
                known_kept = kept_by_mask[kept_only] = (kept, base)
            judged.append((position, end, penalty, *known_kept))
        for kind, _, new_row, gained in choices:
            total = self.start + gained
            if total >= TARGET:
                # Every end wins alike: the first end found.
                choice_value, choice_end = WIN + total, groups[0][2]
            else:
                renews = total + RENEWAL_POINTS >= TARGET
                colours = 0
                for c in new_row:
                    colours |= COLOUR_BIT[c]
                row_length = len(new_row)
                last = VALUE[new_row[-1]] if new_row else -1
                row_key = row_length | (last + 1) << 4 | colours << 9
                known = self.worths.get(row_key)
                if known is None:
                    known = self.worths[row_key] = {}
                choice_value = -WIN
                choice_at = 0
                choice_end = None
                if not renews and not pro and unseen:
                    # The usual case, in short: no renewal wins, no extra turn.
                    points = float(gained)
                    for position, end, penalty, kept, base in judged:
                        worth = known.get(kept)
                        if worth is None:
                            worth = known[kept] = _worth(row_length, last, colours, kept, w)
                        value = points + base + worth - penalty
                        if value > choice_value or (value == choice_value and position < choice_at):
                            choice_value, choice_at, choice_end = value, position, end
                else:
                    for group, (_, _, _, kept, base) in zip(groups, judged, strict=True):
                        _, first, first_end, position, end, penalty = group
                        if renews and 0 < pile <= HAND_SIZE - len(kept):
                            value, position, end = WIN + total, first, first_end
                        else:
                            value = float(gained) + base
                            worth = known.get(kept)
                            if worth is None:
                                worth = known[kept] = _worth(row_length, last, colours, kept, w)
                            value += worth
                            if pro and not kept and end[0]:
                                value += w.extra_turn
                            if unseen:
                                value -= penalty
                        if value > choice_value or (value == choice_value and position < choice_at):
                            choice_value, choice_at, choice_end = value, position, end
            if choice_value > self.best_value:
                assert choice_end is not None
                self.best_value = choice_value
                plays, kept_mask, top0, top1 = choice_end
                kept_list = [c for c in self.hand if c != card and kept_mask >> c & 1]
                self.best = (kind, card, new_row, gained, (plays, kept_list, top0, top1))
