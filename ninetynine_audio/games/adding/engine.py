"""The adding engine: one set of rules functions for classic, arcade and tactical.

``apply`` never changes the state it is given. Inside, a short-lived mutable :class:`_Table`
does the work and is frozen into the new state; every shuffle draws from a generator seeded
by the game's seed and the number of shuffles so far, so a seed and a list of actions give
the same game every time.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from ninetynine_audio.cards import Card, Rank, card_text, seeded_shuffle, standard_deck
from ninetynine_audio.games.adding.model import (
    Action,
    AddingState,
    AddingView,
    CardDrawn,
    CardPlayed,
    Choice,
    Direction,
    DirectionChanged,
    DrawCard,
    DrawMissed,
    Event,
    GameEnded,
    GameStarted,
    LivesChanged,
    PlayCard,
    PlayerOut,
    PlayerSkipped,
    PlayerStuck,
    RoundEnded,
    RoundStarted,
    StockRebuilt,
)
from ninetynine_audio.games.adding.rules import (
    AddingOptions,
    AddingRules,
    NextStarter,
    Scoring,
    make_rules,
)
from ninetynine_audio.games.base import HUMAN
from ninetynine_audio.games.errors import (
    CardNotInHand,
    ChoiceNotAllowed,
    ChoiceRequired,
    GameOverError,
    NothingToDraw,
    NotYourTurn,
    SetupError,
    TotalTooHigh,
)
from ninetynine_audio.games.frozen import made, place_of

LIMIT = 99
TACTICAL_MARKS = (33, 66)
PLAIN_VALUES = {
    Rank.TWO: 2,
    Rank.THREE: 3,
    Rank.FIVE: 5,
    Rank.SIX: 6,
    Rank.SEVEN: 7,
    Rank.EIGHT: 8,
}


@dataclass(frozen=True)
class Outcome:
    """What one way of playing a card does to the table."""

    choice: Choice | None
    total: int
    reverses: bool = False
    skips: bool = False
    doubled: bool = False


def card_outcomes(rules: AddingRules, card: Card, total: int) -> tuple[Outcome, ...]:
    """Every way ``card`` can be played on ``total``, legal or not (no safety check here)."""
    return _ways(rules, card, total)[0]


def _variant(rules: AddingRules) -> int:
    """The rules' way of reading cards as one number (scoring, tens, nines and kings)."""
    return (rules.scoring is Scoring.LIMITS) * 4 + rules.ten_always_minus * 2 + rules.swap_nine_king


_V = TypeVar("_V")

_HAS_LIVES = (0).__lt__
"""Whether a count of lives is above nought (as ``lives > 0``, in C, without a generator)."""

_TABLE_TOTALS = 2 * LIMIT + 1
"""Totals the table of ways holds (a total of a round in play never passes twice 99)."""

Ways = tuple[tuple[Outcome, ...], tuple[Outcome, ...], tuple[str | None, ...]]
"""Every way to play a card on a total, the legal ones, and their choices by name."""

_WAYS: list[dict[str, list[Ways | None]]] = [{} for _ in range(8)]
"""The ways of each rank (by its notation, whose hash is quick, where an enum's is not) on
each total, for each variant of the rules (:func:`_variant`), filled in as they are asked for."""


def _ways(rules: AddingRules, card: Card, total: int) -> Ways:
    """Every way ``card`` can be played on ``total``, and the legal ones."""
    variant = _variant(rules)
    rank = card.rank
    row = _WAYS[variant].get(rank._value_)
    if row is None:
        row = _WAYS[variant][rank._value_] = [None] * _TABLE_TOTALS
    found = row[total] if 0 <= total < _TABLE_TOTALS else None
    if found is None:
        is_limits = bool(variant & 4)
        every = _outcomes(is_limits, bool(variant & 2), bool(variant & 1), rank, total)
        legal = tuple(o for o in every if is_limits or o.total <= LIMIT)
        found = (every, legal, tuple(None if o.choice is None else o.choice.value for o in legal))
        if 0 <= total < _TABLE_TOTALS:
            row[total] = found
    return found


@functools.cache
def _outcomes(
    is_limits: bool, ten_always_minus: bool, swap_nine_king: bool, rank: Rank, total: int
) -> tuple[Outcome, ...]:
    # Cached: bots evaluate the same few hundred (rank, total) pairs millions of times.
    minus = Outcome(Choice.MINUS_TEN, max(0, total - 10))
    plus = Outcome(Choice.PLUS_TEN, total + 10)
    if is_limits:
        if rank is Rank.ACE:
            return (Outcome(Choice.PLUS_ONE, total + 1), Outcome(Choice.PLUS_ELEVEN, total + 11))
        if rank is Rank.TWO:
            if total % 2 == 0 and total > 49:
                return (Outcome(None, total // 2),)
            return (Outcome(None, total * 2, doubled=True),)
        if rank is Rank.FOUR:
            return (Outcome(None, total + 4, reverses=True),)
        if rank is Rank.NINE:
            return (Outcome(None, total),)
        if rank is Rank.TEN:
            return (plus, minus)
        if rank is Rank.JACK:
            return (Outcome(None, total + 10, skips=True),)
        if rank in (Rank.QUEEN, Rank.KING):
            return (Outcome(None, total + 10),)
        return (Outcome(None, total + PLAIN_VALUES[rank]),)
    if rank is Rank.ACE:
        return (Outcome(None, total + 1),)
    if rank in PLAIN_VALUES:
        return (Outcome(None, total + PLAIN_VALUES[rank]),)
    if rank in (Rank.JACK, Rank.QUEEN):
        return (Outcome(None, total + 10),)
    if rank is Rank.FOUR:
        return (Outcome(None, total, reverses=True),)
    if rank is Rank.TEN:
        return (minus,) if ten_always_minus else (plus, minus)
    makes_99 = (rank is Rank.KING) != swap_nine_king
    return (Outcome(None, LIMIT),) if makes_99 else (Outcome(None, total),)


@dataclass(frozen=True)
class LimitScore:
    """What a tactical play scores: each ``(change, reason)`` for its player and for every
    other player still in, and whether it ends the round."""

    own: tuple[tuple[int, str], ...] = ()
    others: tuple[tuple[int, str], ...] = ()

    @property
    def own_loss(self) -> int:
        """Points the player loses (a positive number)."""
        return -sum(change for change, _ in self.own)

    @property
    def others_loss(self) -> int:
        """Points each other player loses (a positive number)."""
        return -sum(change for change, _ in self.others)


NO_SCORE = LimitScore()


def limit_score(before: int, outcome: Outcome) -> LimitScore:
    """Tactical scoring: only a rise counts; landing on 33, 66 or 99 makes the others pay,
    rising past 33 or 66 or over 99 makes the player pay."""
    return _rise_score(before, outcome.total, outcome.doubled)


@functools.cache
def _rise_score(before: int, after: int, doubled: bool) -> LimitScore:
    """:func:`limit_score` of a play from ``before`` to ``after``, made once for each."""
    if after <= before:
        return NO_SCORE
    own: list[tuple[int, str]] = []
    others: list[tuple[int, str]] = []
    for mark in TACTICAL_MARKS:
        if after == mark:
            others.append((-1, f"landed_{mark}"))
        elif before < mark < after:
            own.append((-1, f"passed_{mark}"))
    if after == LIMIT:
        others.append((-2, "landed_99"))
    elif after > LIMIT:
        own.append((-3, "doubled_over_99") if doubled else (-2, "bust"))
    return LimitScore(tuple(own), tuple(others))


@functools.cache
def rise_points(before: int, after: int, doubled: bool = False) -> tuple[int, int]:
    """The points of a tactical play from ``before`` to ``after`` as numbers: what its player
    loses and what each other player loses (both positive), as :func:`limit_score` counts them.

    Cached: the computer players ask it for the same few thousand pairs over and over.
    """
    score = _rise_score(before, after, doubled)
    return score.own_loss, score.others_loss


def _allowed(rules: AddingRules, outcome: Outcome) -> bool:
    return rules.scoring is Scoring.LIMITS or outcome.total <= LIMIT


def open_outcomes(rules: AddingRules, card: Card, total: int) -> tuple[Outcome, ...]:
    """The ways ``card`` may legally be played on ``total``."""
    return _ways(rules, card, total)[1]


# ---------------------------------------------------------------------------- set-up


def new_game(
    game: str,
    players: Sequence[str],
    *,
    kinds: Sequence[str] | None = None,
    options: AddingOptions | None = None,
    seed: int = 0,
    deck: Sequence[Card] | None = None,
) -> tuple[AddingState, tuple[Event, ...]]:
    """Start a game of ``game`` and deal the first round.

    ``deck`` stacks the stock: its cards come off the top first (dealt one at a time from the
    starting player clockwise, then drawn); the cards it does not name follow in seeded order.
    """
    names = tuple(name.strip() for name in players)
    rules = make_rules(game, len(names), options)
    if any(not name for name in names) or len(set(names)) != len(names):
        raise SetupError("every player needs a name of their own", option="players")
    seat_kinds = tuple(kinds) if kinds is not None else (HUMAN,) * len(names)
    if len(seat_kinds) != len(names):
        raise SetupError("one kind for each player is needed", option="players")
    full = standard_deck(rules.decks)
    order = list(seeded_shuffle(full, random.Random(_shuffle_key(seed, 0))))
    if deck:
        pool = Counter(full)
        for card in deck:
            if pool[card] <= 0:
                raise SetupError(
                    "the deck names {card} more often than the game has it",
                    option="deck",
                    card=card_text(card),
                )
            pool[card] -= 1
        rest = Counter(deck)
        tail = []
        for card in order:
            if rest[card] > 0:
                rest[card] -= 1
            else:
                tail.append(card)
        order = list(deck) + tail
    count = len(names)
    state = AddingState(
        rules=rules,
        players=names,
        kinds=seat_kinds,
        seed=seed,
        shuffles=1,
        lives=(rules.lives,) * count,
        hands=((),) * count,
        stock=(),
        pile=(),
        discard=(),
        total=0,
        direction=Direction.CLOCKWISE,
        to_act=0,
        dealer=count - 1,
        round=0,
        owes_draw=(False,) * count,
    )
    started = GameStarted(
        game=rules.game,
        seed=seed,
        players=names,
        kinds=seat_kinds,
        options=tuple(rules.options_for_log().items()),
        lives=state.lives,
        deck=tuple(deck) if deck else None,
    )
    table = _Table(state)
    table.events.append(started)
    table.deal(starter=0, dealer=count - 1, order=order)
    table.settle()
    return table.freeze(), tuple(table.events)


@functools.cache
def _deck(decks: int) -> tuple[Card, ...]:
    """The full deck of ``decks`` decks, made once."""
    return standard_deck(decks)


def _shuffle_key(seed: int, number: int) -> str:
    return f"ninety-nine:{seed}:{number}"


# ---------------------------------------------------------------------------- queries


def legal_actions_for(state: AddingState, seat: int) -> tuple[Action, ...]:
    """What ``seat`` may do now: plays when it is to act, and a draw it owes."""
    if state.is_over:
        return ()
    actions: list[Action] = []
    if state.owes_draw[seat] and can_draw(state):
        actions.append(DrawCard(seat))
    if seat == state.to_act:
        actions.extend(_plays(state.rules, seat, state.hands[seat], state.total))
    return tuple(actions)


def playable(view_or_state: AddingView, total: int | None = None) -> tuple[PlayCard, ...]:
    """Every legal play of the seat of ``view_or_state`` if it were to act on ``total``."""
    at = view_or_state.total if total is None else total
    return _plays(view_or_state.rules, view_or_state.seat, view_or_state.hand, at)


def _plays(rules: AddingRules, seat: int, hand: Sequence[Card], total: int) -> tuple[PlayCard, ...]:
    """Every legal play of ``seat`` holding ``hand`` on ``total`` (a card held twice once)."""
    plays: list[PlayCard] = []
    # Cards by their notation: an enum's hash is slow, a string's is kept.
    seen: set[tuple[str, str]] = set()
    twice = rules.decks > 1  # one deck holds each card once: nothing to look for
    table = _WAYS[_variant(rules)]
    for card in hand:
        key = (card.rank._value_, card.suit._value_)
        if twice:
            if key in seen:
                continue
            seen.add(key)
        row = table.get(key[0])
        found = row[total] if row is not None and 0 <= total < _TABLE_TOTALS else None
        if found is None:
            found = _ways(rules, card, total)
        legal = found[1]
        if not legal:
            continue
        # The same plays of the same card come up again and again: made once.
        made_key = (seat, *key, *found[2])
        made = _MADE_PLAYS.get(made_key)
        if made is None:
            made = _MADE_PLAYS[made_key] = tuple(PlayCard(seat, card, o.choice) for o in legal)
        plays.extend(made)
    return tuple(plays)


_MADE_PLAYS: dict[tuple[int | str | None, ...], tuple[PlayCard, ...]] = {}
"""The plays of a card by a seat, by the seat, the card's notation and the choices."""


def legal_actions(state: AddingState) -> tuple[Action, ...]:
    """What the player to act may do."""
    return legal_actions_for(state, state.to_act)


def check(state: AddingState, action: Action) -> Outcome | None:
    """Raise an :class:`IllegalAction` if ``action`` is not allowed now; else say what it does."""
    return _checked(state, action)[0]


def _checked(state: AddingState, action: Action) -> tuple[Outcome | None, int]:
    """:func:`check`, and where the played card is in its player's hand (-1 for a draw)."""
    if state.is_over:
        raise GameOverError("the game is over")
    if isinstance(action, DrawCard):
        if not state.owes_draw[action.seat] or not can_draw(state):
            raise NothingToDraw(
                f"{state.players[action.seat]} has no card to draw now",
                player=state.players[action.seat],
                owes=state.owes_draw[action.seat],
            )
        return None, -1
    seat = action.seat
    if seat != state.to_act:
        raise NotYourTurn(
            f"it is {state.players[state.to_act]}'s turn, not {state.players[seat]}'s",
            player=state.players[seat],
            to_act=state.players[state.to_act],
        )
    place = place_of(state.hands[seat], action.card)
    if place < 0:
        raise CardNotInHand(
            f"{card_text(action.card)} is not in {state.players[seat]}'s hand",
            card=action.card,
            player=state.players[seat],
        )
    rules, total = state.rules, state.total
    outcomes = card_outcomes(rules, action.card, total)
    if action.choice is None:
        if len(outcomes) == 1:
            outcome = outcomes[0]
        else:
            usable = [o for o in outcomes if _allowed(rules, o)]
            if len(usable) > 1:
                raise ChoiceRequired(
                    f"say how to play {card_text(action.card)}: "
                    + " or ".join(o.choice.value for o in usable if o.choice),
                    card=action.card,
                    choices=tuple(o.choice for o in usable),
                )
            outcome = usable[0] if usable else outcomes[0]
    else:
        matching = [o for o in outcomes if o.choice is action.choice]
        if not matching:
            raise ChoiceNotAllowed(
                f"{card_text(action.card)} cannot be played as {action.choice.value} here",
                card=action.card,
                choice=action.choice,
                choices=tuple(o.choice for o in outcomes if o.choice),
            )
        outcome = matching[0]
    if not _allowed(rules, outcome):
        raise TotalTooHigh(
            f"{card_text(action.card)} would take the total to {outcome.total}",
            card=action.card,
            total=outcome.total,
            choice=outcome.choice,
        )
    return outcome, place


def can_draw(state: AddingState | _Table) -> bool:
    """Whether a card can be drawn: from the stock, or from a stock rebuilt from the pile."""
    return bool(state.stock) or len(state.pile) + len(state.discard) > 1


def view(state: AddingState, seat: int) -> AddingView:
    """All that ``seat`` may know."""
    return AddingView(
        seat=seat,
        rules=state.rules,
        players=state.players,
        kinds=state.kinds,
        lives=state.lives,
        hand=state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        stock_size=len(state.stock),
        pile=state.pile,
        discard=state.discard,
        total=state.total,
        direction=state.direction,
        to_act=state.to_act,
        dealer=state.dealer,
        round=state.round,
        owes_draw=state.owes_draw[seat],
        active_seats=state.active_seats,
        is_over=state.is_over,
        winner=state.winner,
    )


def next_seat(state: AddingState | AddingView | _Table, seat: int, direction: Direction) -> int:
    """The next seat still in the game after ``seat`` going ``direction``."""
    count = len(state.players)
    step = direction.step
    candidate = (seat + step) % count
    for _ in range(count):
        if state.lives[candidate] > 0:
            return candidate
        candidate = (candidate + step) % count
    return seat


# ---------------------------------------------------------------------------- apply


def apply(state: AddingState, action: Action) -> tuple[AddingState, tuple[Event, ...]]:
    """Carry out ``action``; returns the new state and what happened, oldest first."""
    outcome, place = _checked(state, action)
    table = _Table(state)
    if outcome is None:
        table.owes_draw = _with(table.owes_draw, action.seat, False)
        table.draw(action.seat)
    else:
        assert isinstance(action, PlayCard)
        table.play(action, outcome, place)
    if not table.is_over:
        table.settle()
    return table.freeze(), tuple(table.events)


def _with(values: tuple[_V, ...], seat: int, value: _V) -> tuple[_V, ...]:
    """``values`` with the one at ``seat`` changed to ``value``."""
    if values[seat] == value:
        return values
    return (*values[:seat], value, *values[seat + 1 :])


class _Table:
    """A working copy of one state, used for the length of one ``apply``.

    Its fields start as the state's own tuples, and a change puts a new tuple in place of the
    one it changes (each hand apart): freezing copies only what changed, and a play, which
    changes a hand, the pile and the total, does not copy every hand, the stock and the rest.
    """

    def __init__(self, state: AddingState) -> None:
        # The state's fields in its order, which freezing keeps.
        self.rules = state.rules
        self.players = state.players
        self.kinds = state.kinds
        self.seed = state.seed
        self.shuffles = state.shuffles
        self.lives = state.lives
        self.hands = list(state.hands)
        self.stock = state.stock
        self.pile = state.pile
        self.discard = state.discard
        self.total = state.total
        self.direction = state.direction
        self.to_act = state.to_act
        self.dealer = state.dealer
        self.round = state.round
        self.owes_draw = state.owes_draw
        self.places = state.places
        self.is_over = state.is_over
        self.winner = state.winner
        self.players_in = sum(map(_HAS_LIVES, state.lives))
        self.events: list[Event] = []

    def freeze(self) -> AddingState:
        # Without the dataclass __init__ (games/frozen.py): the same fields, in the same order.
        fields = self.__dict__.copy()
        del fields["players_in"], fields["events"]
        fields["hands"] = tuple(self.hands)
        return made(AddingState, fields)

    # -- seats

    def active(self) -> list[int]:
        return [seat for seat, lives in enumerate(self.lives) if lives > 0]

    def next_seat(self, seat: int, direction: Direction) -> int:
        return next_seat(self, seat, direction)

    def humans_all_out(self) -> bool:
        humans = [seat for seat, kind in enumerate(self.kinds) if kind == HUMAN]
        return bool(humans) and all(self.lives[seat] <= 0 for seat in humans)

    # -- cards

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        rng = random.Random(_shuffle_key(self.seed, self.shuffles))
        self.shuffles += 1
        return list(seeded_shuffle(cards, rng))

    def deal(self, starter: int, dealer: int, order: list[Card]) -> None:
        count = len(self.players)
        hands: list[list[Card]] = [[] for _ in range(count)]
        seats = [starter]
        while len(seats) < self.players_in:
            seats.append(self.next_seat(seats[-1], Direction.CLOCKWISE))
        for _ in range(self.rules.hand_size):
            for seat in seats:
                hands[seat].append(order.pop(0))
        self.hands = [tuple(hand) for hand in hands]
        self.stock = tuple(order)
        self.pile = ()
        self.discard = ()
        self.total = 0
        self.direction = Direction.CLOCKWISE
        self.to_act = starter
        self.dealer = dealer
        self.round += 1
        self.owes_draw = (False,) * count
        self.events.append(self.round_started(dealt=True))

    def round_started(self, dealt: bool) -> RoundStarted:
        return RoundStarted(
            round=self.round,
            starter=self.players[self.to_act],
            starter_seat=self.to_act,
            direction=self.direction,
            total=self.total,
            hands=tuple((self.players[seat], tuple(self.hands[seat])) for seat in self.active()),
            dealer=self.players[self.dealer],
            dealt=dealt,
            stock=len(self.stock),
        )

    def draw(self, seat: int) -> None:
        if not self.stock:
            under = self.discard + self.pile[:-1]
            if not under:
                return
            self.pile = self.pile[-1:]
            self.discard = ()
            self.stock = tuple(self.shuffle(under))
            self.events.append(StockRebuilt(len(self.stock)))
        card = self.stock[0]
        self.stock = self.stock[1:]
        self.hands[seat] += (card,)
        self.events.append(CardDrawn(seat, self.players[seat], card))

    # -- a play

    def play(self, action: PlayCard, outcome: Outcome, place: int) -> None:
        """Play ``action`` (checked: ``outcome`` is what it does, ``place`` where its card is
        in the hand)."""
        seat = action.seat
        if True in self.owes_draw:
            for other, owed in enumerate(self.owes_draw):
                if owed:
                    self.events.append(DrawMissed(other, self.players[other]))
            self.owes_draw = (False,) * len(self.owes_draw)
        hand = self.hands[seat]
        self.hands[seat] = hand[:place] + hand[place + 1 :]
        self.pile += (action.card,)
        before = self.total
        self.total = outcome.total
        self.events.append(
            CardPlayed(seat, self.players[seat], action.card, outcome.choice, before, self.total)
        )
        players_in = self.players_in
        if outcome.reverses and players_in >= 3:
            self.direction = self.direction.reversed()
            self.events.append(DirectionChanged(self.direction))
        if self.rules.scoring is Scoring.LIMITS and self.score_limits(seat, before, outcome):
            return
        if self.lives[seat] > 0:
            if self.rules.manual_draw:
                self.owes_draw = _with(self.owes_draw, seat, True)
            else:
                self.draw(seat)
        if outcome.reverses and players_in == 2 and self.rules.two_player_four:
            self.to_act = seat
        elif outcome.skips:
            skipped = self.next_seat(seat, self.direction)
            self.events.append(PlayerSkipped(skipped, self.players[skipped]))
            self.to_act = self.next_seat(skipped, self.direction)
        else:
            self.to_act = self.next_seat(seat, self.direction)

    def score_limits(self, seat: int, before: int, outcome: Outcome) -> bool:
        """Tactical scoring of a rise; returns True when the play ended the round."""
        after = outcome.total
        score = _rise_score(before, after, outcome.doubled)
        if score is NO_SCORE:
            return False
        changes = [(seat, change, reason) for change, reason in score.own]
        if score.others:
            others = [other for other in self.seats_from(seat) if other != seat]
            for change, reason in score.others:
                changes.extend((other, change, reason) for other in others)
        ended = after >= LIMIT
        loser = seat if after > LIMIT else None
        winner = seat if after == LIMIT else None
        if changes:
            self.change_lives(changes, actor=seat)
        if ended or self.game_is_decided():
            self.end_round(loser=loser, winner=winner, ender=seat)
            return True
        return False

    def seats_from(self, seat: int) -> list[int]:
        """Active seats in clockwise order starting with ``seat``."""
        count = len(self.players)
        return [s for s in ((seat + i) % count for i in range(count)) if self.lives[s] > 0]

    def change_lives(self, changes: list[tuple[int, int, str]], actor: int) -> None:
        lives = list(self.lives)
        gone: list[int] = []
        for seat, change, reason in changes:
            was = lives[seat]
            lives[seat] = now = was + change
            self.events.append(LivesChanged(seat, self.players[seat], change, now, reason))
            if was > 0 >= now:
                gone.append(seat)
        self.lives = tuple(lives)
        if not gone:
            return
        self.players_in -= len(gone)
        count = len(self.players)
        # Every seat's key differs in its last part: the order is the sort's, not the list's.
        gone.sort(key=lambda s: (s != actor, -lives[s], (s - actor) % count))
        still_in = self.players_in
        for index, seat in enumerate(gone):
            place = still_in + 1 + index
            self.places += ((seat, place),)
            self.events.append(PlayerOut(seat, self.players[seat], place))
            self.owes_draw = _with(self.owes_draw, seat, False)
            if self.rules.scoring is Scoring.LIMITS:
                self.pile = self.hands[seat] + self.pile
            else:
                self.discard += self.hands[seat]
            self.hands[seat] = ()

    def game_is_decided(self) -> bool:
        """One player left, or (arcade) every human at the table out."""
        return self.players_in <= 1 or (self.rules.ends_when_human_out and self.humans_all_out())

    def finish(self) -> None:
        remaining = sorted(self.active(), key=lambda s: (-self.lives[s], s))
        ranked = remaining + [seat for seat, _ in sorted(self.places, key=lambda p: p[1])]
        if len(remaining) == 1:
            self.winner = remaining[0]
        elif not remaining:
            # Tactical: one play put everybody out; its player is placed first.
            self.winner = ranked[0]
        else:
            self.winner = None
        self.is_over = True
        self.events.append(
            GameEnded(
                None if self.winner is None else self.players[self.winner],
                tuple(self.players[seat] for seat in ranked),
                self.round,
            )
        )

    # -- the end of a round

    def settle(self) -> None:
        """Resolve a player to act who cannot play (classic and arcade: stuck)."""
        while not self.is_over:
            seat = self.to_act
            hand = self.hands[seat]
            if self.rules.scoring is Scoring.LIMITS and hand:
                return
            if any(open_outcomes(self.rules, card, self.total) for card in hand):
                return
            if self.owes_draw[seat] and can_draw(self):
                return
            self.events.append(PlayerStuck(seat, self.players[seat], tuple(hand), self.total))
            self.change_lives([(seat, -1, "stuck")], actor=seat)
            self.end_round(loser=seat, winner=None, ender=seat)

    def end_round(self, loser: int | None, winner: int | None, ender: int) -> None:
        self.events.append(
            RoundEnded(
                self.round,
                None if loser is None else self.players[loser],
                None if winner is None else self.players[winner],
            )
        )
        if self.game_is_decided():
            self.finish()
            return
        rules = self.rules
        if rules.keep_going:
            self.discard += self.pile
            self.pile = ()
            self.total = 0
            self.to_act = self.next_seat(ender, self.direction)
            self.round += 1
            self.events.append(self.round_started(dealt=False))
            return
        if rules.next_starter is NextStarter.DEALER_LEFT:
            dealer = self.next_seat(self.dealer, Direction.CLOCKWISE)
            starter = self.next_seat(dealer, Direction.CLOCKWISE)
        else:
            direction = (
                self.direction
                if rules.next_starter is NextStarter.AFTER_LOSER
                else Direction.CLOCKWISE
            )
            starter = self.next_seat(ender, direction)
            dealer = self.next_seat(starter, Direction.ANTICLOCKWISE)
        self.deal(starter, dealer, self.shuffle(_deck(rules.decks)))
