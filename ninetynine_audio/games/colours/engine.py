"""The colour game's engine: deal, turns of three actions, scoring and the end at 99.

``apply`` never changes the state it is given. It runs for every action of every game, every
hint and every review, so the common actions are checked and done in one pass over the fields
they change, the new state a copy of the old one's fields with those changed; anything that
pass does not allow is refused by :func:`check`, and the rare rest (a rebuilt reserve, the end
of the game) is done on a short-lived mutable :class:`_Table` frozen into the new state. Every
shuffle draws from a generator seeded by the
game's seed and the number of shuffles so far, so a seed and a list of actions give the same
game every time.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, NoReturn

from ninetynine_audio.cards import (
    ColourCard,
    colour_card_text,
    colour_deck,
    seeded_shuffle,
)
from ninetynine_audio.games.base import HUMAN, GameSetup, Outcome
from ninetynine_audio.games.colours.errors import (
    AlreadyScored,
    ColourInRow,
    NoSuchPile,
    NothingToScore,
    NoWayOntoPile,
    PileLimitReached,
    RowCardAlreadyPlaced,
    RowCardFirst,
    RowNotRising,
    ScoringTooLate,
)
from ninetynine_audio.games.colours.model import (
    Action,
    CardsDealt,
    CardsDrawn,
    ColoursState,
    ColoursView,
    DrawPileRenewed,
    EndPiles,
    Event,
    GameEnded,
    GameStarted,
    Phase,
    PileCardPlayed,
    PlaceRowCard,
    PlayToPile,
    ReserveRebuilt,
    RowCardPlaced,
    RowScored,
    ScoreRow,
    TurnStarted,
)
from ninetynine_audio.games.colours.rules import (
    DRAW_PILE_SIZE,
    HAND_SIZE,
    MAX_PILE_PLAYS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PILES,
    RENEWAL_POINTS,
    TARGET,
    Way,
    row_points,
    ways_onto,
)
from ninetynine_audio.games.errors import (
    CardNotInHand,
    GameOverError,
    NotYourTurn,
    SetupError,
)
from ninetynine_audio.games.frozen import holding, made

GAME_ID = "colours"


def _rng(seed: int, shuffles: int) -> random.Random:
    # A text seed is hashed the same way on every run and machine.
    return random.Random(f"{GAME_ID}:{seed}:{shuffles}")


@functools.cache
def _deck() -> tuple[ColourCard, ...]:
    """The 110 cards in their fixed order, made once: their cards are frozen, so every game
    may deal the same ones."""
    return colour_deck()


def starting_seats(kinds: Sequence[str]) -> tuple[int, int]:
    """The dealer and the starter: with exactly one human seat, that seat starts (the dealer
    is the seat before it); otherwise the last seat deals and the first starts."""
    humans = [seat for seat, kind in enumerate(kinds) if kind == HUMAN]
    count = len(kinds)
    if len(humans) == 1:
        starter = humans[0]
        return (starter - 1) % count, starter
    return count - 1, 0


# ---------------------------------------------------------------------------- set-up


def new_game(setup: GameSetup) -> tuple[ColoursState, tuple[Event, ...]]:
    """Shuffle and deal a game.

    A stacked ``setup.deck`` (top first) is dealt before the cards it does not name, which
    follow in seeded order. The deal takes, from the top, the hands of six (the starter's first,
    then clockwise), then the draw piles of fifteen (top first, in the same order), then the
    left and the right discard pile's card; the rest is the reserve, top first.

    Raises:
        SetupError: wrong player count, names or kinds, or a bad stacked deck.
    """
    names = tuple(name.strip() for name in setup.names)
    kinds = tuple(setup.kinds)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise SetupError(
            "the colour game is played by 2 to 4 players, not {value}",
            option="players",
            value=len(names),
        )
    if len(kinds) != len(names):
        raise SetupError("give one kind for each player", option="kinds", value=len(kinds))
    if any(not name for name in names) or len(set(names)) != len(names):
        raise SetupError("every player needs a name of their own", option="players")
    # Options of other families are accepted only unset (a shared menu or save names them).
    for name, value in setup.options.items():
        if name != "pro_variant" and value not in (None, False):
            raise SetupError("unknown option {option!r}", option=name, value=value)
    pro_variant = setup.option("pro_variant", False)
    if not isinstance(pro_variant, bool):
        raise SetupError("pro_variant is on or off", option="pro_variant", value=pro_variant)
    stacked = tuple(setup.deck) if setup.deck is not None else None
    shuffles = 0
    if stacked is None:
        cards = seeded_shuffle(_deck(), _rng(setup.seed, shuffles))
    else:
        for card in stacked:
            if not isinstance(card, ColourCard):
                raise SetupError("{value!r} is not a colour card", option="deck", value=card)
        seen: set[ColourCard] = set()
        for card in stacked:
            if card in seen:
                raise SetupError(
                    "the stacked deck names {value} twice",
                    option="deck",
                    value=colour_card_text(card),
                )
            seen.add(card)
        rest = tuple(card for card in _deck() if card not in seen)
        cards = stacked + seeded_shuffle(rest, _rng(setup.seed, shuffles))
    shuffles += 1
    count = len(names)
    dealer, starter = starting_seats(kinds)
    order = [(starter + step) % count for step in range(count)]
    hands: list[tuple[ColourCard, ...]] = [()] * count
    piles: list[tuple[ColourCard, ...]] = [()] * count
    position = 0
    for seat in order:
        hands[seat] = cards[position : position + HAND_SIZE]
        position += HAND_SIZE
    for seat in order:
        piles[seat] = cards[position : position + DRAW_PILE_SIZE]
        position += DRAW_PILE_SIZE
    left, right = cards[position], cards[position + 1]
    reserve = cards[position + 2 :]
    scores = (0,) * count
    state = ColoursState(
        players=names,
        kinds=kinds,
        pro_variant=pro_variant,
        seed=setup.seed,
        dealer=dealer,
        hands=tuple(hands),
        draw_piles=tuple(piles),
        rows=((),) * count,
        discards=((left,), (right,)),
        reserve=reserve,
        set_aside=(),
        scores=scores,
        turn=0,
        to_act=starter,
        phase=Phase.ROW,
        extra=False,
        has_scored=False,
        pile_plays=0,
        shuffles=shuffles,
    )
    events: list[Event] = [
        GameStarted(GAME_ID, setup.seed, names, kinds, pro_variant, scores, stacked),
        CardsDealt(names[dealer], names, tuple(hands), tuple(piles), (left, right), reserve),
    ]
    table = _Table(state)
    table.start_turn(starter, extra=False)
    events.extend(table.events)
    return table.freeze(), tuple(events)


# ---------------------------------------------------------------------------- asking


def seats_to_act(state: ColoursState) -> tuple[int, ...]:
    """The seat whose turn it is, or nothing once the game is over."""
    return () if state.phase is _OVER else (state.to_act,)


def can_score(state: ColoursState | ColoursView) -> bool:
    """Whether the player to act may score the row by choice now."""
    return (
        not state.is_over
        and bool(state.rows[state.to_act])
        and not state.has_scored
        and state.pile_plays == 0
    )


def legal_actions(state: ColoursState, seat: int) -> tuple[Action, ...]:
    """Everything ``seat`` may do now, scoring first, then hand cards in hand order."""
    if state.phase is _OVER or seat != state.to_act:
        return ()
    return _legal(state, seat, state.hands[seat])


def legal_for_view(table: ColoursView) -> tuple[Action, ...]:
    """Everything the seat of ``table`` may do now; bots use it on their view."""
    seat = table.seat
    if table.is_over or seat != table.to_act:
        return ()
    return _legal(table, seat, table.hand)


def _legal(
    table: ColoursState | ColoursView, seat: int, hand: tuple[ColourCard, ...]
) -> tuple[Action, ...]:
    """Everything ``seat``, which is to act holding ``hand``, may do now. The rules of
    :func:`fits_row` and :func:`may_go_onto` are written out here, and each action is made
    once for its seat and card and kept (:func:`_actions_by_card`): this runs for every action
    of every game."""
    actions: list[Action] = []
    row = table.rows[seat]
    pile_plays = table.pile_plays
    by_card = _actions_by_card(seat)
    if row and not table.has_scored and pile_plays == 0:
        actions.append(by_card[_SCORE])
    if table.phase is _ROW:
        fitting: Sequence[ColourCard] = hand
        if row:
            last = row[-1].value
            colours = [card.colour for card in row]
            fitting = [card for card in hand if card.value > last and card.colour not in colours]
        actions.extend(
            [(by_card.get(id(card)) or _card_actions(by_card, seat, card))[0] for card in fitting]
        )
        if not hand:
            actions.append(by_card[_END])
        return tuple(actions)
    if pile_plays < MAX_PILE_PLAYS:
        discards = table.discards
        left, right = discards[0][0], discards[1][0]
        left_colour, left_value = left.colour, left.value
        right_colour, right_value = right.colour, right.value
        for card in hand:
            colour, value = card.colour, card.value
            onto_left = colour is left_colour or value == left_value + 1 or value + left_value == 10
            onto_right = (
                colour is right_colour or value == right_value + 1 or value + right_value == 10
            )
            if onto_left or onto_right:
                made_for = by_card.get(id(card)) or _card_actions(by_card, seat, card)
                if onto_left:
                    actions.append(made_for[1])
                if onto_right:
                    actions.append(made_for[2])
    actions.append(by_card[_END])
    return tuple(actions)


_ROW, _PILES, _OVER = Phase.ROW, Phase.PILES, Phase.OVER

_CardActions = tuple[PlaceRowCard, PlayToPile, PlayToPile]
_SeatActions = dict[Any, Any]
_SCORE, _END = "score", "end"
_KEPT = 2048
"""The most cards whose actions are kept for a seat; past it they are made again from none."""
_ACTIONS: dict[int, _SeatActions] = {}
"""For each seat: its score and end actions (under :data:`_SCORE` and :data:`_END`) and the
actions of each card (into the row, onto pile 1, onto pile 2) by the card's ``id``. A card's
actions hold the card, so no other card can take its ``id`` while they are kept; a card is
found by ``id`` because a card's own hash (its colour enum's) is slow."""


def _actions_by_card(seat: int) -> _SeatActions:
    found = _ACTIONS.get(seat)
    if found is None or len(found) > _KEPT:
        # Without their dataclass __init__ (games/frozen.py).
        found = _ACTIONS[seat] = {
            _SCORE: made(ScoreRow, {"seat": seat}),
            _END: made(EndPiles, {"seat": seat}),
        }
    return found


def _card_actions(by_card: _SeatActions, seat: int, card: ColourCard) -> _CardActions:
    found = by_card[id(card)] = (
        made(PlaceRowCard, {"seat": seat, "card": card}),
        made(PlayToPile, {"seat": seat, "card": card, "pile": 1}),
        made(PlayToPile, {"seat": seat, "card": card, "pile": 2}),
    )
    return found


def check(state: ColoursState, action: Action) -> None:
    """Raise the reason ``action`` is not allowed now; return when it is."""
    if state.is_over:
        raise GameOverError("the game is over")
    seat = action.seat
    if seat != state.to_act:
        raise NotYourTurn(
            f"it is {state.players[state.to_act]}'s turn",
            player=state.players[state.to_act],
            seat=state.to_act,
        )
    hand = state.hands[seat]
    row = state.rows[seat]
    if isinstance(action, ScoreRow):
        if not row:
            raise NothingToScore("the row is empty: there is nothing to score")
        if state.has_scored:
            raise AlreadyScored("the row has already been scored by choice this turn")
        if state.pile_plays:
            raise ScoringTooLate(
                "the row can only be scored before the first card goes onto the piles",
                pile_plays=state.pile_plays,
            )
        return
    if isinstance(action, PlaceRowCard):
        card = action.card
        if state.phase is not Phase.ROW:
            raise RowCardAlreadyPlaced("this turn's row card is already placed", card=card, row=row)
        _check_in_hand(card, hand)
        if any(c.colour is card.colour for c in row):
            raise ColourInRow(
                f"{card.colour.value} is already in your row",
                card=card,
                colour=card.colour,
                row=row,
                is_higher=card.value > row[-1].value,
            )
        if row and card.value <= row[-1].value:
            raise RowNotRising(
                f"{colour_card_text(card)} is not higher than {colour_card_text(row[-1])}",
                card=card,
                last=row[-1],
                row=row,
            )
        return
    if isinstance(action, PlayToPile):
        card = action.card
        if state.phase is Phase.ROW and hand:
            raise RowCardFirst("place a card in your row first", card=card)
        if action.pile not in PILES:
            raise NoSuchPile(
                f"there is no pile {action.pile}: the piles are 1 and 2", pile=action.pile
            )
        _check_in_hand(card, hand)
        if state.pile_plays >= MAX_PILE_PLAYS:
            raise PileLimitReached(
                f"{MAX_PILE_PLAYS} cards have gone onto the piles this turn", limit=MAX_PILE_PLAYS
            )
        top = state.pile_tops[action.pile - 1]
        if not ways_onto(card, top):
            total = card.value + top.value
            raise NoWayOntoPile(
                f"a {card.value} cannot go on the {top.value}: not the same colour, "
                f"not one higher, and they make {total}",
                card=card,
                top=top,
                pile=action.pile,
                sum=total,
            )
        return
    if isinstance(action, EndPiles):
        if state.phase is Phase.ROW and hand:
            raise RowCardFirst("place a card in your row first")
        return
    raise TypeError(f"not a colour game action: {action!r}")


def _check_in_hand(card: ColourCard, hand: tuple[ColourCard, ...]) -> None:
    if card not in hand:
        raise CardNotInHand(f"{colour_card_text(card)} is not in your hand", card=card, hand=hand)


# ---------------------------------------------------------------------------- doing


def apply(state: ColoursState, action: Action) -> tuple[ColoursState, tuple[Event, ...]]:
    """Check ``action``, then carry it out: the new state and what happened.

    The common actions are checked and done in one pass over the fields they change, the rest
    of the state shared: a card into the row or onto a pile, scoring the row, and ending the
    piles where the draw leaves cards on the draw pile and the game goes on. Anything this pass
    does not find allowed goes to :func:`check` for its refusal; an end of the piles or a
    scoring that empties a draw pile or ends the game is done on a :class:`_Table`.
    """
    quick = _QUICK.get(type(action))
    if quick is None:
        for kind, way in _QUICK.items():
            if isinstance(action, kind):  # an action of a subclass
                quick = way
                break
        else:
            check(state, action)
            raise TypeError(f"not a colour game action: {action!r}")
    return quick(state, action)


def _on_table(state: ColoursState, action: Action) -> tuple[ColoursState, tuple[Event, ...]]:
    """Carry out ``action``, already checked, on a :class:`_Table`."""
    table = _Table(state)
    seat = action.seat
    if isinstance(action, ScoreRow):
        table.has_scored = True
        table.score_row(seat, forced=False)
    else:
        emptied = not table.hands[seat]
        earned_extra = state.pro_variant and emptied and table.pile_plays > 0
        table.draw_up(seat)
        if table.phase is not _OVER:
            if earned_extra:
                table.start_turn(seat, extra=True)
            else:
                table.start_turn((seat + 1) % len(state.players), extra=False)
    return table.freeze(), tuple(table.events)


def _score_row(state: ColoursState, action: ScoreRow) -> tuple[ColoursState, tuple[Event, ...]]:
    seat = action.seat
    if (
        state.phase is _OVER
        or seat != state.to_act
        or not state.rows[seat]
        or state.has_scored
        or state.pile_plays
    ):
        _refuse(state, action)
    fields = state.__dict__.copy()
    fields["has_scored"] = True
    events: list[Event] = []
    if not _scored_short_of_target(state, seat, False, fields, events):
        return _on_table(state, action)
    return holding(ColoursState, fields), tuple(events)


def _end_piles(state: ColoursState, action: EndPiles) -> tuple[ColoursState, tuple[Event, ...]]:
    seat = action.seat
    hands = state.hands
    hand = hands[seat]
    phase = state.phase
    if seat != state.to_act or phase is _OVER or (phase is _ROW and hand):
        _refuse(state, action)
    piles = state.draw_piles
    pile = piles[seat]
    players = state.players
    events: list[Event] = []
    fields = state.__dict__.copy()
    wanted = HAND_SIZE - len(hand)
    if wanted > 0 and pile:
        player = players[seat]
        drawn = list(hands)
        left = list(piles)
        if len(pile) > wanted:
            taken = pile[:wanted]
            drawn[seat] = hand + taken
            left[seat] = pile[wanted:]
        else:
            # The draw pile empties: it scores and is renewed from the reserve.
            reserve = state.reserve
            score = state.scores[seat] + RENEWAL_POINTS
            if len(reserve) < DRAW_PILE_SIZE or score >= TARGET:
                return _on_table(state, action)  # the reserve is rebuilt, or the game won
            events.append(holding(CardsDrawn, {"player": player, "seat": seat, "cards": pile}))
            renewed = reserve[:DRAW_PILE_SIZE]
            fields["reserve"] = reserve[DRAW_PILE_SIZE:]
            scores = list(state.scores)
            scores[seat] = score
            fields["scores"] = tuple(scores)
            events.append(
                holding(
                    DrawPileRenewed,
                    {
                        "player": player,
                        "seat": seat,
                        "cards": renewed,
                        "points": RENEWAL_POINTS,
                        "score": score,
                    },
                )
            )
            wanted -= len(pile)
            taken = renewed[:wanted]
            drawn[seat] = hand + pile + taken
            left[seat] = renewed[wanted:]
        if taken:
            events.append(holding(CardsDrawn, {"player": player, "seat": seat, "cards": taken}))
        hands = fields["hands"] = tuple(drawn)
        piles = fields["draw_piles"] = tuple(left)
    if not any(hands) and not any(piles):
        return _on_table(state, action)  # the game ends on the highest score
    extra = state.pro_variant and not hand and state.pile_plays > 0
    if not extra:
        seat = (seat + 1) % len(players)
    turn = state.turn + 1
    fields["turn"] = turn
    fields["to_act"] = seat
    fields["phase"] = _ROW
    fields["extra"] = extra
    fields["has_scored"] = False
    fields["pile_plays"] = 0
    events.append(
        holding(TurnStarted, {"player": players[seat], "seat": seat, "turn": turn, "extra": extra})
    )
    row = state.rows[seat]
    if (
        row
        and not _extends(row, hands[seat])
        and not _scored_short_of_target(state, seat, True, fields, events)
    ):
        return _on_table(state, action)  # the forced scoring wins the game
    return holding(ColoursState, fields), tuple(events)


def _scored_short_of_target(
    state: ColoursState, seat: int, forced: bool, fields: dict[str, Any], events: list[Event]
) -> bool:
    """Put the scoring of ``seat``'s row into the new state's ``fields`` (which may hold new
    scores already) and ``events`` and say True, unless it reaches the target (then nothing is
    put in, and False)."""
    row = state.rows[seat]
    points = row_points(len(row))
    scores = list(fields["scores"])
    score = scores[seat] + points
    if score >= TARGET:
        return False
    scores[seat] = score
    rows = list(state.rows)
    rows[seat] = ()
    fields["scores"] = tuple(scores)
    fields["rows"] = tuple(rows)
    fields["set_aside"] = (*state.set_aside, *row)
    events.append(
        holding(
            RowScored,
            {
                "player": state.players[seat],
                "seat": seat,
                "cards": row,
                "points": points,
                "forced": forced,
                "score": score,
            },
        )
    )
    return True


def _extends(row: tuple[ColourCard, ...], hand: tuple[ColourCard, ...]) -> bool:
    """:func:`can_extend` for a row that is not empty."""
    last = row[-1].value
    colours = [card.colour for card in row]
    return any([card.value > last and card.colour not in colours for card in hand])


def _place_row_card(
    state: ColoursState, action: PlaceRowCard
) -> tuple[ColoursState, tuple[Event, ...]]:
    seat, card = action.seat, action.card
    hands = state.hands
    place = _place_of(hands[seat], card) if state.phase is _ROW and seat == state.to_act else -1
    row = state.rows[seat]
    if place < 0 or (row and not _fits(card, row)):
        _refuse(state, action)
    hand = hands[seat]
    new_hands = list(hands)
    new_hands[seat] = hand[:place] + hand[place + 1 :]
    rows = list(state.rows)
    rows[seat] = new_row = (*row, card)
    placed = holding(
        RowCardPlaced,
        {"player": state.players[seat], "seat": seat, "card": card, "row": new_row},
    )
    fields = state.__dict__.copy()
    fields["hands"] = tuple(new_hands)
    fields["rows"] = tuple(rows)
    fields["phase"] = _PILES
    return holding(ColoursState, fields), (placed,)


def _play_to_pile(
    state: ColoursState, action: PlayToPile
) -> tuple[ColoursState, tuple[Event, ...]]:
    seat, card, pile = action.seat, action.card, action.pile
    hands = state.hands
    place = (
        _place_of(hands[seat], card)
        if state.phase is _PILES
        and seat == state.to_act
        and state.pile_plays < MAX_PILE_PLAYS
        and (pile == 1 or pile == 2)
        else -1
    )
    if place < 0:
        _refuse(state, action)
    discards = state.discards
    index = pile - 1
    onto = discards[index][0]
    value, top = card.value, onto.value
    ways = _WAYS[(card.colour is onto.colour) * 4 + (value == top + 1) * 2 + (value + top == 10)]
    if not ways:
        _refuse(state, action)
    hand = hands[seat]
    new_hands = list(hands)
    new_hands[seat] = hand[:place] + hand[place + 1 :]
    if index == 0:
        piles = ((card, *discards[0]), discards[1])
    else:
        piles = (discards[0], (card, *discards[1]))
    played = holding(
        PileCardPlayed,
        {
            "player": state.players[seat],
            "seat": seat,
            "card": card,
            "pile": pile,
            "onto": onto,
            "ways": ways,
        },
    )
    fields = state.__dict__.copy()
    fields["hands"] = tuple(new_hands)
    fields["discards"] = piles
    fields["pile_plays"] = state.pile_plays + 1
    return holding(ColoursState, fields), (played,)


_QUICK: dict[type, Callable[[ColoursState, Any], tuple[ColoursState, tuple[Event, ...]]]] = {
    PlayToPile: _play_to_pile,
    PlaceRowCard: _place_row_card,
    EndPiles: _end_piles,
    ScoreRow: _score_row,
}
"""The one-pass way of each kind of action (an action of a subclass goes the long way)."""

_WAYS = tuple(
    tuple(
        way
        for way, bit in ((Way.SAME_COLOUR, 4), (Way.PLUS_ONE, 2), (Way.SUM_TEN, 1))
        if found & bit
    )
    for found in range(8)
)
"""What :func:`ways_onto` answers, by whether the card is of the top's colour (4), one higher
(2) and makes ten with it (1)."""


def _fits(card: ColourCard, row: tuple[ColourCard, ...]) -> bool:
    """:func:`fits_row` for a row that is not empty."""
    if card.value <= row[-1].value:
        return False
    return card.colour not in [held.colour for held in row]


def _refuse(state: ColoursState, action: Action) -> NoReturn:
    """Raise the refusal of ``action``, which a quick check found not allowed."""
    check(state, action)
    raise AssertionError(f"{action!r} was found not allowed, but check allows it")


def _place_of(hand: tuple[ColourCard, ...], card: ColourCard) -> int:
    """Where the first card equal to ``card`` (of the same colour and value) is in ``hand``
    (-1 for nowhere), found without comparing cards as dataclasses, which is slow."""
    colour, value = card.colour, card.value
    for place, held in enumerate(hand):
        if held is card or (held.colour is colour and held.value == value):
            return place
    return -1


class _Table:
    """A mutable working copy of a state for the length of one ``apply``."""

    def __init__(self, state: ColoursState) -> None:
        self.state = state
        # The state's own tuples, each replaced by a new one where an action changes it: an
        # action changes a hand or two and a pile, and copying the rest would be most of it.
        self.hands = list(state.hands)
        self.draw_piles = list(state.draw_piles)
        self.rows = list(state.rows)
        self.discards = list(state.discards)
        self.reserve = state.reserve
        self.set_aside = state.set_aside
        self.scores = list(state.scores)
        self.turn = state.turn
        self.to_act = state.to_act
        self.phase = state.phase
        self.extra = state.extra
        self.has_scored = state.has_scored
        self.pile_plays = state.pile_plays
        self.shuffles = state.shuffles
        self.winner = state.winner
        self.events: list[Event] = []

    @property
    def players(self) -> tuple[str, ...]:
        return self.state.players

    def freeze(self) -> ColoursState:
        # Without the dataclass __init__ (games/frozen.py): most of the time of a small action.
        return made(
            ColoursState,
            dict(
                players=self.state.players,
                kinds=self.state.kinds,
                pro_variant=self.state.pro_variant,
                seed=self.state.seed,
                dealer=self.state.dealer,
                hands=tuple(self.hands),
                draw_piles=tuple(self.draw_piles),
                rows=tuple(self.rows),
                discards=(self.discards[0], self.discards[1]),
                reserve=self.reserve,
                set_aside=self.set_aside,
                scores=tuple(self.scores),
                turn=self.turn,
                to_act=self.to_act,
                phase=self.phase,
                extra=self.extra,
                has_scored=self.has_scored,
                pile_plays=self.pile_plays,
                shuffles=self.shuffles,
                winner=self.winner,
            ),
        )

    def gain(self, seat: int, points: int) -> None:
        self.scores[seat] += points

    def end_if_won(self, seat: int) -> bool:
        if self.scores[seat] < TARGET:
            return False
        self.finish(seat)
        return True

    def finish(self, winner: int) -> None:
        self.phase = Phase.OVER
        self.winner = winner
        self.events.append(
            GameEnded(self.players[winner], winner, self.players, tuple(self.scores))
        )

    def score_row(self, seat: int, *, forced: bool) -> None:
        row = self.rows[seat]
        points = row_points(len(row))
        self.gain(seat, points)
        self.set_aside = (*self.set_aside, *row)
        self.rows[seat] = ()
        self.events.append(
            RowScored(self.players[seat], seat, row, points, forced, self.scores[seat])
        )
        self.end_if_won(seat)

    def start_turn(self, seat: int, *, extra: bool) -> None:
        if not any(self.hands) and not any(self.draw_piles):
            # Nobody can ever hold a card again: the highest score wins, the tie going to
            # whoever would have played first from here.
            count = len(self.players)
            order = [(seat + step) % count for step in range(count)]
            self.finish(max(order, key=lambda s: self.scores[s]))
            return
        self.turn += 1
        self.to_act = seat
        self.phase = Phase.ROW
        self.extra = extra
        self.has_scored = False
        self.pile_plays = 0
        self.events.append(TurnStarted(self.players[seat], seat, self.turn, extra))
        row = self.rows[seat]
        if row and not _extends(row, self.hands[seat]):
            self.score_row(seat, forced=True)

    def draw_up(self, seat: int) -> None:
        """Action C: draw to six; an emptied draw pile scores and is renewed at once."""
        hand = list(self.hands[seat])
        pile = list(self.draw_piles[seat])
        while len(hand) < HAND_SIZE and pile:
            taken = pile[: HAND_SIZE - len(hand)]
            del pile[: len(taken)]
            hand.extend(taken)
            self.events.append(CardsDrawn(self.players[seat], seat, tuple(taken)))
            if not pile:
                self.hands[seat] = tuple(hand)
                self.renew(seat)
                if self.phase is Phase.OVER:
                    return
                pile = list(self.draw_piles[seat])
        self.hands[seat], self.draw_piles[seat] = tuple(hand), tuple(pile)

    def renew(self, seat: int) -> None:
        if len(self.reserve) < DRAW_PILE_SIZE:
            self.rebuild_reserve()
        new_pile = self.reserve[:DRAW_PILE_SIZE]
        self.reserve = self.reserve[len(new_pile) :]
        self.draw_piles[seat] = new_pile
        self.gain(seat, RENEWAL_POINTS)
        self.events.append(
            DrawPileRenewed(
                self.players[seat], seat, tuple(new_pile), RENEWAL_POINTS, self.scores[seat]
            )
        )
        self.end_if_won(seat)

    def rebuild_reserve(self) -> None:
        gathered = [*self.discards[0][1:], *self.discards[1][1:], *self.set_aside]
        self.discards = [self.discards[0][:1], self.discards[1][:1]]
        self.set_aside = ()
        shuffled = seeded_shuffle(gathered, _rng(self.state.seed, self.shuffles))
        self.shuffles += 1
        self.reserve = (*self.reserve, *shuffled)
        self.events.append(ReserveRebuilt(self.reserve))


# ---------------------------------------------------------------------------- knowing


def view(state: ColoursState, seat: int) -> ColoursView:
    """All ``seat`` may know."""
    return ColoursView(
        seat=seat,
        players=state.players,
        kinds=state.kinds,
        pro_variant=state.pro_variant,
        hand=state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        rows=state.rows,
        discards=state.discards,
        draw_pile_sizes=tuple(len(pile) for pile in state.draw_piles),
        reserve_size=len(state.reserve),
        set_aside_size=len(state.set_aside),
        scores=state.scores,
        turn=state.turn,
        to_act=state.to_act,
        phase=state.phase,
        extra=state.extra,
        has_scored=state.has_scored,
        pile_plays=state.pile_plays,
        dealer=state.dealer,
        is_over=state.is_over,
        winner=state.winner,
    )


def resample(state: ColoursState, seat: int, rng: random.Random) -> ColoursState:
    """The table as ``seat`` might imagine it: the cards it cannot see (the other hands, every
    face-down draw pile and the reserve) dealt again at random, each place keeping its size."""
    others = [other for other in range(len(state.players)) if other != seat]
    unseen = [card for other in others for card in state.hands[other]]
    unseen += [card for pile in state.draw_piles for card in pile]
    unseen += state.reserve
    rng.shuffle(unseen)
    cards = iter(unseen)
    hands = list(state.hands)
    for other in others:
        hands[other] = tuple(next(cards) for _ in state.hands[other])
    piles = tuple(tuple(next(cards) for _ in pile) for pile in state.draw_piles)
    return replace(state, hands=tuple(hands), draw_piles=piles, reserve=tuple(cards))


def outcome(state: ColoursState) -> Outcome | None:
    """The result once the game is over: the winner first, then by score (ties by seat)."""
    if state.winner is None:
        return None
    winner = state.winner
    rest = sorted(
        (seat for seat in range(len(state.players)) if seat != winner),
        key=lambda seat: (-state.scores[seat], seat),
    )
    return Outcome((winner, *rest), state.scores, winner)


def progress(state: ColoursState) -> int:
    """The number of the turn being played."""
    return state.turn


def scores(state: ColoursState) -> tuple[int, ...]:
    """Every seat's points now."""
    return state.scores


def all_cards(state: ColoursState) -> tuple[ColourCard, ...]:
    """Every card of the table: hands, draw piles, rows, discard piles, reserve, set aside."""
    cards: list[ColourCard] = []
    for group in (state.hands, state.draw_piles, state.rows, state.discards):
        for part in group:
            cards.extend(part)
    cards.extend(state.reserve)
    cards.extend(state.set_aside)
    return tuple(cards)
