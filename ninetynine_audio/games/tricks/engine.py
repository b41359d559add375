"""The rules of the trick-taking game as pure functions over :class:`TricksState`.

The deal: 12 cards each, one at a time from the dealer's left; the first deal is dealt by the
last seat, then the deal passes left. Bidding: the seats set their bids aside in turn from the
dealer's left, so the log's ``bid_made`` lines are the bids in the order they were made; a bid is
secret, and a declaration made with it is announced only once all three are in. When the last
bid is in, the winning declaration (option only) is written and the
player left of the dealer leads. Play: follow suit if able; the highest trump wins, otherwise the
highest card of the suit led; the winner leads. After nine tricks the deal is scored; the game
ends after a deal that leaves one player alone at the top with the target reached.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any, TypeVar

from ninetynine_audio.cards import (
    SHORT_DECK_RANKS,
    Card,
    Suit,
    card_text,
    seeded_shuffle,
    short_deck,
)
from ninetynine_audio.games.base import (
    N_,
    NUMBER,
    SWITCH,
    GameSetup,
    OptionSpec,
    Outcome,
    check_options,
)
from ninetynine_audio.games.errors import SetupError
from ninetynine_audio.games.frozen import holding, made, place_of, replaced
from ninetynine_audio.games.tricks.errors import (
    AlreadyBid,
    BidCardTwice,
    BiddingNotOver,
    BidNeedsThreeCards,
    CardNotInHand,
    DeclarationsOff,
    GameOverError,
    MustFollowSuit,
    NotBidding,
    NotYourTurn,
    UnknownSeat,
)
from ninetynine_audio.games.tricks.model import (
    BID_SIZE,
    BONUS_BY_MADE,
    HAND_SIZE,
    SEATS,
    TRICKS_PER_DEAL,
    TRUMPS_BY_MADE,
    Action,
    BidCards,
    BidDeclared,
    BidMade,
    CardPlayed,
    DealResult,
    DealScored,
    DealStarted,
    Declaration,
    Event,
    GameEnded,
    GameStarted,
    Phase,
    PlayCard,
    PlayedTrick,
    TricksOptions,
    TricksState,
    TricksView,
    TrickWon,
    bid_value,
)

DEFAULT_TARGET = 100

_Item = TypeVar("_Item")

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        name="declarations",
        label=N_("Declarations"),
        kind=SWITCH,
        default=False,
        help=N_("let one player a deal declare or reveal the bid for a premium of 30 or 60"),
    ),
    OptionSpec(
        name="target",
        label=N_("Game to"),
        kind=NUMBER,
        default=DEFAULT_TARGET,
        values=(30, 50, 100, 150, 200),
        low=10,
        high=300,
        help=N_("the points that end the game (100; 10 to 300)"),
    ),
)

RANK_STRENGTH = {rank: len(SHORT_DECK_RANKS) - index for index, rank in enumerate(SHORT_DECK_RANKS)}
"""Ace 9 down to six 1: a higher number takes a lower one of the same suit."""
_STRENGTH = {rank._value_: strength for rank, strength in RANK_STRENGTH.items()}
""":data:`RANK_STRENGTH` by the rank's notation: a string's hash is kept, an enum's is not."""

_BIDDING, _PLAYING, _OVER = Phase.BIDDING, Phase.PLAYING, Phase.OVER
_DECLARE, _REVEAL = Declaration.DECLARE, Declaration.REVEAL
"""The members, read once: reading one from its enum class goes through a descriptor."""
_DECLARATIONS = (None, _DECLARE, _REVEAL)
_ALONE = tuple((seat,) for seat in range(SEATS))
"""What :func:`seats_to_act` says for each seat: made once."""
_NEXT = tuple((seat + 1) % SEATS for seat in range(SEATS))
"""The seat on each seat's left, the next to play."""
_new = object.__new__
_set = object.__setattr__
_NO_INTENTS = (None,) * SEATS
_NEW_DEAL = {
    "phase": _BIDDING,
    "bids": ((),) * SEATS,
    "intents": _NO_INTENTS,
    "logged_bids": 0,
    "declared": None,
    "trick_number": 1,
    "trick": (),
    "played": (),
    "tricks_won": (0,) * SEATS,
}
"""What every new deal starts with, beside its deal, dealer, trumps, hands and first seat."""

DECK = short_deck()
"""The deck every deal is dealt from: the same card objects game after game."""
_PLAYS = tuple(
    {id(card): made(PlayCard, {"seat": seat, "card": card}) for card in DECK}
    for seat in range(SEATS)
)
"""Each seat's action of playing each card of :data:`DECK`, made once, by the card's id (the
deck holds its cards for good, so an id here is one of them)."""
_OWN = {card_text(card): card for card in DECK}
"""The card of :data:`DECK` equal to a card, by its notation."""


# ---------------------------------------------------------------------------- helpers


def bidding_order(dealer: int) -> tuple[int, int, int]:
    """The seats from the dealer's left round to the dealer."""
    return ((dealer + 1) % SEATS, (dealer + 2) % SEATS, dealer)


def playable(hand: Sequence[Card], trick: Sequence[tuple[int, Card]]) -> tuple[Card, ...]:
    """The cards of ``hand`` that may go to ``trick``: the suit led if the hand holds it."""
    if not trick:
        return tuple(hand)
    led = trick[0][1].suit
    follow = tuple(card for card in hand if card.suit is led)
    return follow or tuple(hand)


def beats(card: Card, best: Card, led: Suit, trumps: Suit | None) -> bool:
    """Whether ``card`` takes a trick that ``best`` is winning, ``led`` having been led."""
    if card.suit is best.suit:
        return _STRENGTH[card.rank._value_] > _STRENGTH[best.rank._value_]
    return bool(trumps is not None and card.suit is trumps)


def winning_index(cards: Sequence[Card], trumps: Suit | None) -> int:
    """The position in ``cards`` (in the order played) of the card winning the trick so far."""
    best, top = 0, cards[0]
    for index in range(1, len(cards)):
        # As beats() says, written out: this is asked at every trick.
        card = cards[index]
        if card.suit is top.suit:
            if _STRENGTH[card.rank._value_] > _STRENGTH[top.rank._value_]:
                best, top = index, card
        elif trumps is not None and card.suit is trumps:
            best, top = index, card
    return best


def shown_voids(
    played: Sequence[PlayedTrick], trick: Sequence[tuple[int, Card]]
) -> tuple[frozenset[Suit], ...]:
    """For each seat, the suits it has shown it holds no more of (by not following)."""
    voids: list[set[Suit]] = [set() for _ in range(SEATS)]
    for plays in [done.plays for done in played] + [tuple(trick)]:
        if not plays:
            continue
        led = plays[0][1].suit
        for seat, card in plays[1:]:
            if card.suit is not led:
                voids[seat].add(led)
    return tuple(frozenset(suits) for suits in voids)


def deck_for_hands(hands: Sequence[Sequence[Card]], dealer: int = SEATS - 1) -> tuple[Card, ...]:
    """The stacked deck that deals ``hands`` (in seat order, equal sizes) with ``dealer`` dealing.

    Cards go out one at a time from the dealer's left, so the deck interleaves the hands.
    """
    sizes = {len(hand) for hand in hands}
    if len(hands) != SEATS or len(sizes) != 1:
        raise ValueError("give three hands of the same size")
    order = bidding_order(dealer)
    return tuple(hands[seat][index] for index in range(sizes.pop()) for seat in order)


def resample(state: TricksState, seat: int, rng: random.Random) -> TricksState:
    """The table as ``seat`` might imagine it: the cards it cannot see dealt again at random.

    Those are the other players' hands and bid cards, except what a declaration shows. Each
    keeps its size, and no hand gets a suit its player has shown out of; when a new deal that
    keeps every void is not found in a few tries, the state is returned as it is.
    """
    shown_seat = state.declared[0] if state.declared is not None else None
    revealed = state.declared is not None and state.declared[1] is _REVEAL
    hands = [s for s in range(SEATS) if s != seat and not (s == shown_seat and revealed)]
    bids = [s for s in range(SEATS) if s != seat and s != shown_seat and state.bids[s]]
    pool = [card for s in hands for card in state.hands[s]]
    pool += [card for s in bids for card in state.bids[s]]
    voids = shown_voids(state.played, state.trick)
    for _ in range(30):
        rng.shuffle(pool)
        cards = iter(pool)
        new_hands = list(state.hands)
        new_bids = list(state.bids)
        for s in hands:
            new_hands[s] = tuple(next(cards) for _ in state.hands[s])
        for s in bids:
            new_bids[s] = tuple(next(cards) for _ in state.bids[s])
        if all(card.suit not in voids[s] for s in hands for card in new_hands[s]):
            return replaced(state, hands=tuple(new_hands), bids=tuple(new_bids))
    return state


def _deal_key(seed: int, deal: int) -> str:
    return f"tricks:{seed}:{deal}"


def _deal(
    seed: int, deal: int, dealer: int, stacked: tuple[Card, ...] | None
) -> tuple[tuple[Card, ...], ...]:
    order = seeded_shuffle(DECK, random.Random(_deal_key(seed, deal)))
    if deal == 1 and stacked:
        rest = [card for card in order if card not in stacked]
        order = (*[_OWN.get(card_text(card), card) for card in stacked], *rest)
    hands: list[tuple[Card, ...]] = [(), (), ()]
    dealt = HAND_SIZE * SEATS
    for turn, seat in enumerate(bidding_order(dealer)):
        # One card at a time round the table: a seat's cards are every third from its turn.
        hands[seat] = order[turn:dealt:SEATS]
    return tuple(hands)


def _deal_started(state: TricksState) -> DealStarted:
    return holding(
        DealStarted,
        {
            "deal": state.deal,
            "dealer_seat": state.dealer,
            "dealer": state.players[state.dealer],
            "trumps": state.trumps,
            "hands": tuple(zip(state.players, state.hands, strict=True)),
        },
    )


# ---------------------------------------------------------------------------- set-up


def read_tricks_options(data: Mapping[str, Any]) -> TricksOptions:
    """The options of a set-up as :class:`TricksOptions`; raises ``SetupError``."""
    checked = check_options(OPTIONS, data)
    values = {
        spec.name: spec.default if checked.get(spec.name) is None else checked[spec.name]
        for spec in OPTIONS
    }
    return TricksOptions(declarations=values["declarations"], target=values["target"])


def new_game(setup: GameSetup) -> tuple[TricksState, tuple[Event, ...]]:
    """Start a game and deal the first deal (dealt by the last seat).

    ``setup.deck`` stacks the first deal: its cards come off the top first, one at a time from
    the first seat round; the cards it does not name follow in seeded order.
    """
    names = tuple(name.strip() for name in setup.names)
    if len(names) != SEATS:
        raise SetupError("the trick-taking game is for three players", option="players")
    if any(not name for name in names) or len(set(names)) != len(names):
        raise SetupError("every player needs a name of their own", option="players")
    kinds = tuple(setup.kinds)
    if len(kinds) != SEATS:
        raise SetupError("one kind for each player is needed", option="players")
    options = read_tricks_options(dict(setup.options))
    stacked: tuple[Card, ...] | None = None
    if setup.deck:
        stacked = tuple(setup.deck)
        allowed = set(short_deck())
        seen: set[Card] = set()
        for card in stacked:
            if card not in allowed:
                raise SetupError(
                    "{card} is not in the 36-card deck",
                    option="deck",
                    card=card_text(card),
                )
            if card in seen:
                raise SetupError("the deck names {card} twice", option="deck", card=card_text(card))
            seen.add(card)
    dealer = SEATS - 1
    state = TricksState(
        players=names,
        kinds=kinds,
        seed=setup.seed,
        options=options,
        stacked=stacked,
        phase=_BIDDING,
        deal=1,
        dealer=dealer,
        trumps=None,
        hands=_deal(setup.seed, 1, dealer, stacked),
        bids=((),) * SEATS,
        intents=(None,) * SEATS,
        logged_bids=0,
        declared=None,
        trick_number=1,
        leader=(dealer + 1) % SEATS,
        to_act=(dealer + 1) % SEATS,
        trick=(),
        played=(),
        tricks_won=(0,) * SEATS,
        scores=(0,) * SEATS,
        results=(),
    )
    started = GameStarted(
        seed=setup.seed,
        players=names,
        kinds=kinds,
        options=options,
        scores=state.scores,
        deck=stacked,
    )
    return state, (started, _deal_started(state))


# ---------------------------------------------------------------------------- queries


_ORDERS = tuple(bidding_order(dealer) for dealer in range(SEATS))
""":func:`bidding_order` for each dealer, made once."""


def next_bidder(state: TricksState) -> int:
    """The seat whose bid is due: bids go in turn from the dealer's left."""
    return _ORDERS[state.dealer][state.logged_bids % SEATS]


def seats_to_act(state: TricksState) -> tuple[int, ...]:
    """The seat to bid or to play; none at the end."""
    phase = state.phase
    if phase is _PLAYING:
        return _ALONE[state.to_act]
    if phase is _BIDDING:
        return _ALONE[next_bidder(state)]
    return ()


def legal_actions(state: TricksState, seat: int) -> tuple[Action, ...]:
    """Everything ``seat`` may do now (every three-card bid, or every playable card)."""
    phase = state.phase
    if phase is _PLAYING:
        if seat != state.to_act:
            return ()
        hand = state.hands[seat]
        known = _PLAYS[seat].get
        if state.trick:
            led = state.trick[0][1].suit
            follow = [
                known(id(card)) or holding(PlayCard, {"seat": seat, "card": card})
                for card in hand
                if card.suit is led
            ]
            if follow:
                return tuple(follow)
        return tuple(
            [known(id(card)) or holding(PlayCard, {"seat": seat, "card": card}) for card in hand]
        )
    if phase is not _BIDDING or seat not in range(SEATS):
        return ()
    if state.bids[seat] or seat != next_bidder(state):
        return ()
    # Two hundred and twenty of them a bid (three times as many with declarations): made
    # without their dataclass __init__.
    if not state.options.declarations:
        return tuple(
            [
                holding(BidCards, {"seat": seat, "cards": cards, "declaration": None})
                for cards in combinations(state.hands[seat], BID_SIZE)
            ]
        )
    return tuple(
        [
            holding(BidCards, {"seat": seat, "cards": cards, "declaration": declaration})
            for cards in combinations(state.hands[seat], BID_SIZE)
            for declaration in _DECLARATIONS
        ]
    )


def check(state: TricksState, action: Action) -> None:
    """Raise the reason ``action`` is not allowed now; return quietly when it is."""
    if state.phase is _OVER:
        raise GameOverError("the game is over")
    seat = action.seat
    if seat not in range(SEATS):
        raise UnknownSeat(f"there is no seat {seat}", seat=seat)
    if isinstance(action, BidCards):
        _check_bid(state, action)
        return
    if state.phase is _BIDDING:
        waiting = tuple(s for s in bidding_order(state.dealer) if not state.bids[s])
        raise BiddingNotOver(
            "the bids are not all in yet",
            seat=seat,
            waiting=waiting,
            names=tuple(state.players[s] for s in waiting),
        )
    if seat != state.to_act:
        raise NotYourTurn(
            f"it is {state.players[state.to_act]}'s turn",
            seat=seat,
            to_act=state.to_act,
            player=state.players[state.to_act],
        )
    hand = state.hands[seat]
    if place_of(hand, action.card) < 0:
        raise CardNotInHand(
            f"{card_text(action.card)} is not in the hand", seat=seat, card=action.card
        )
    if state.trick:
        led = state.trick[0][1].suit
        held = tuple(card for card in hand if card.suit is led)
        if held and action.card.suit is not led:
            raise MustFollowSuit(
                f"{card_text(action.card)} does not follow {led.value}: the hand holds "
                + " ".join(card_text(card) for card in held),
                seat=seat,
                card=action.card,
                suit=led,
                held=held,
            )


def _check_bid(state: TricksState, action: BidCards) -> None:
    seat = action.seat
    if state.phase is not _BIDDING:
        raise NotBidding("the bids are in; the deal is being played", seat=seat)
    if state.bids[seat]:
        raise AlreadyBid("this seat has bid already", seat=seat, cards=state.bids[seat])
    due = next_bidder(state)
    if seat != due:
        raise NotYourTurn(
            f"it is {state.players[due]}'s turn to bid",
            seat=seat,
            to_act=due,
            player=state.players[due],
            bidding=True,
        )
    if len(action.cards) != BID_SIZE:
        raise BidNeedsThreeCards(
            f"a bid is three cards, not {len(action.cards)}", seat=seat, count=len(action.cards)
        )
    if any(place_of(action.cards, card) != place for place, card in enumerate(action.cards)):
        twice = next(card for card in action.cards if action.cards.count(card) > 1)
        raise BidCardTwice(f"{card_text(twice)} is named twice", seat=seat, card=twice)
    for card in action.cards:
        if place_of(state.hands[seat], card) < 0:
            raise CardNotInHand(f"{card_text(card)} is not in the hand", seat=seat, card=card)
    if action.declaration is not None and not state.options.declarations:
        raise DeclarationsOff("this game is played without declarations", seat=seat)


def view(state: TricksState, seat: int) -> TricksView:
    """All ``seat`` may know: its own cards, what was played, and what a declaration shows."""
    declared_cards: tuple[Card, ...] = ()
    revealed: tuple[Card, ...] = ()
    if state.declared is not None:
        declarer, declaration = state.declared
        declared_cards = state.bids[declarer]
        if declaration is _REVEAL:
            revealed = state.hands[declarer]
    results = tuple(
        replaced(
            result,
            bids=tuple(
                bid if other == seat or other in result.made else None
                for other, bid in enumerate(result.bids)
            ),
        )
        for result in state.results
    )
    return holding(
        TricksView,
        {
            "seat": seat,
            "players": state.players,
            "kinds": state.kinds,
            "options": state.options,
            "phase": state.phase,
            "deal": state.deal,
            "dealer": state.dealer,
            "trumps": state.trumps,
            "hand": state.hands[seat],
            "bid_cards": state.bids[seat],
            "has_bid": tuple([bool(bid) for bid in state.bids]),
            "declared": state.declared,
            "declared_cards": declared_cards,
            "revealed_hand": revealed,
            "trick_number": state.trick_number,
            "leader": state.leader,
            "to_act": state.to_act,
            "trick": state.trick,
            "played": state.played,
            "tricks_won": state.tricks_won,
            "scores": state.scores,
            "results": results,
            "winner": state.winner,
        },
    )


def outcome(state: TricksState) -> Outcome | None:
    """Places by total (the winner first), or ``None`` while the game goes on."""
    if state.phase is not _OVER:
        return None
    places = tuple(sorted(range(SEATS), key=lambda seat: (-state.scores[seat], seat)))
    return Outcome(places=places, scores=state.scores, winner=state.winner)


def progress(state: TricksState) -> int:
    """The deal being played."""
    return state.deal


def scores(state: TricksState) -> tuple[int, ...]:
    """Each seat's points so far."""
    return state.scores


# ---------------------------------------------------------------------------- apply


def apply(state: TricksState, action: Action) -> tuple[TricksState, tuple[Event, ...]]:
    """Check ``action``, then carry it out: the new state and the events it caused."""
    if action.__class__ is PlayCard and state.phase is _PLAYING and action.seat == state.to_act:
        # The usual case, checked here once: the card is in the hand and follows suit if it
        # must. Anything else goes through check, which says what is wrong.
        seat = action.seat
        hand = state.hands[seat]
        card = action.card
        # The card looked for first as the very object: a hand dealt from DECK holds no other
        # card equal to it.
        place = 0
        for held in hand:
            if held is card:
                break
            place += 1
        else:
            place = place_of(hand, card)
        if place >= 0:
            trick = state.trick
            if not trick:
                return _play(state, seat, place)
            led = trick[0][1].suit
            if card.suit is led or led not in [held.suit for held in hand]:
                return _play(state, seat, place)
    if action.__class__ is BidCards and state.phase is _BIDDING:
        # The usual bid, checked here once: three cards of the hand (the very ones, so three
        # different cards) from the seat whose bid is due, with a declaration only where the
        # game has them. Anything else goes through check.
        seat = action.seat
        if (
            len(action.cards) == BID_SIZE
            and seat == next_bidder(state)
            and not state.bids[seat]
            and (action.declaration is None or state.options.declarations)
        ):
            hand = state.hands[seat]
            first, second, third = action.cards
            kept = tuple(
                [
                    card
                    for card in hand
                    if card is not first and card is not second and card is not third
                ]
            )
            if len(kept) == len(hand) - BID_SIZE:
                return _bid(state, action, kept)
    check(state, action)
    if isinstance(action, BidCards):
        cards = action.cards
        return _bid(
            state, action, tuple([c for c in state.hands[action.seat] if place_of(cards, c) < 0])
        )
    return _play(state, action.seat, place_of(state.hands[action.seat], action.card))


def _bid(
    state: TricksState, action: BidCards, hand: tuple[Card, ...]
) -> tuple[TricksState, tuple[Event, ...]]:
    """``action`` (checked) sets its cards aside; ``hand`` is the nine the seat keeps."""
    seat = action.seat
    cards = tuple(action.cards)
    bid_made = holding(
        BidMade,
        {
            "seat": seat,
            "player": state.players[seat],
            "cards": cards,
            "bid": bid_value(cards),
            "declaration": action.declaration,
        },
    )
    logged = state.logged_bids + 1
    intents = _with(state.intents, seat, action.declaration)
    held = state.__dict__.copy()
    held["hands"] = _with(state.hands, seat, hand)
    held["bids"] = bids = _with(state.bids, seat, cards)
    held["intents"] = intents
    held["logged_bids"] = logged
    if logged < SEATS:
        return holding(TricksState, held), (bid_made,)
    held["phase"] = _PLAYING
    held["leader"] = held["to_act"] = (state.dealer + 1) % SEATS
    held["trick_number"] = 1
    held["declared"] = declared = _winning_declaration(intents, state.dealer)
    if declared is None:
        return holding(TricksState, held), (bid_made,)
    declarer, declaration = declared
    shown = holding(
        BidDeclared,
        {
            "seat": declarer,
            "player": state.players[declarer],
            "reveal": declaration is _REVEAL,
            "cards": bids[declarer],
            "bid": bid_value(bids[declarer]),
        },
    )
    return holding(TricksState, held), (bid_made, shown)


def _with(items: tuple[_Item, ...], seat: int, item: _Item) -> tuple[_Item, ...]:
    """``items`` (one a seat) with ``seat``'s replaced by ``item``."""
    if seat == 0:
        return (item, items[1], items[2])
    if seat == 1:
        return (items[0], item, items[2])
    return (items[0], items[1], item)


def _winning_declaration(
    intents: tuple[Declaration | None, ...], dealer: int
) -> tuple[int, Declaration] | None:
    """A reveal beats a declaration; between equals the seat nearest the dealer's left."""
    if intents == _NO_INTENTS:
        return None
    for wanted in (_REVEAL, _DECLARE):
        for seat in bidding_order(dealer):
            if intents[seat] is wanted:
                return seat, wanted
    return None


def _play(state: TricksState, seat: int, place: int) -> tuple[TricksState, tuple[Event, ...]]:
    """``seat`` plays the card at ``place`` in its hand (checked). Only the hand that changed is
    rebuilt, and the state and events are made without their dataclass ``__init__`` (as
    :func:`made` and :func:`holding` make them, written out: this is every card of a game).

    An event's fields are set one by one into its own ``__dict__``, which shares its keys with
    every event of its class: quicker than a dictionary made first and copied in."""
    held = state.__dict__.copy()
    hands = held["hands"]
    hand = hands[seat]
    card = hand[place]
    hand = hand[:place] + hand[place + 1 :]
    if seat == 0:
        held["hands"] = (hand, hands[1], hands[2])
    elif seat == 1:
        held["hands"] = (hands[0], hand, hands[2])
    else:
        held["hands"] = (hands[0], hands[1], hand)
    number = held["trick_number"]
    players = held["players"]
    trick = held["trick"]
    played = _new(CardPlayed)
    fields = played.__dict__
    fields["seat"] = seat
    fields["player"] = players[seat]
    fields["card"] = card
    fields["trick"] = number
    fields["is_lead"] = not trick
    after = _new(TricksState)
    _set(after, "__dict__", held)
    if len(trick) < SEATS - 1:
        held["trick"] = (*trick, (seat, card))
        held["to_act"] = _NEXT[seat]
        return after, (played,)
    first, second = trick
    trick = (first, second, (seat, card))
    lead, top = first[1], second[1]
    cards = (lead, top, card)
    # As winning_index() says, written out for the three cards of a whole trick.
    trumps = held["trumps"]
    led = lead.suit
    if top.suit is led:
        best = 1 if _STRENGTH[top.rank._value_] > _STRENGTH[lead.rank._value_] else 0
    else:
        best = 1 if trumps is not None and top.suit is trumps else 0
    if best == 0:
        top = lead
    if card.suit is top.suit:
        if _STRENGTH[card.rank._value_] > _STRENGTH[top.rank._value_]:
            best = 2
    elif trumps is not None and card.suit is trumps:
        best = 2
    winner = trick[best][0]
    won = held["tricks_won"]
    if winner == 0:
        tricks_won = (won[0] + 1, won[1], won[2])
    elif winner == 1:
        tricks_won = (won[0], won[1] + 1, won[2])
    else:
        tricks_won = (won[0], won[1], won[2] + 1)
    taken = _new(TrickWon)
    fields = taken.__dict__
    fields["trick"] = number
    fields["seat"] = winner
    fields["winner"] = players[winner]
    fields["cards"] = cards
    fields["winning_card"] = cards[best]
    fields["tricks_won"] = tricks_won
    done = _new(PlayedTrick)
    fields = done.__dict__
    fields["number"] = number
    fields["leader"] = held["leader"]
    fields["plays"] = trick
    fields["winner"] = winner
    held["trick"] = ()
    held["played"] = (*held["played"], done)
    held["tricks_won"] = tricks_won
    held["trick_number"] = number + 1
    held["leader"] = held["to_act"] = winner
    if number < TRICKS_PER_DEAL:
        return after, (played, taken)
    after, more = _score(after)
    return after, (played, taken, *more)


def deal_points(
    tricks: Sequence[int], bids: Sequence[int], declared: tuple[int, Declaration] | None
) -> tuple[list[int], tuple[int, ...]]:
    """Each seat's points for a deal (its tricks, the bonus if it made its bid, a declaration's
    premium), and the seats that made their bid."""
    made = tuple(seat for seat in range(SEATS) if tricks[seat] == bids[seat])
    bonus = BONUS_BY_MADE[len(made)]
    points = [tricks[seat] + (bonus if seat in made else 0) for seat in range(SEATS)]
    if declared is not None:
        declarer, declaration = declared
        if declarer in made:
            points[declarer] += declaration.premium
        else:
            for other in range(SEATS):
                if other != declarer:
                    points[other] += declaration.premium
    return points, made


def _score(state: TricksState) -> tuple[TricksState, tuple[Event, ...]]:
    """The nine tricks are in: score the deal, then end the game or deal the next. Its state
    is a copy of the old one's fields, three seats written out, as :func:`_play` makes it."""
    held = state.__dict__.copy()
    bid_cards = held["bids"]
    bids = (bid_value(bid_cards[0]), bid_value(bid_cards[1]), bid_value(bid_cards[2]))
    tricks = held["tricks_won"]
    declared = held["declared"]
    gained, makers = deal_points(tricks, bids, declared)
    points = (gained[0], gained[1], gained[2])
    before = held["scores"]
    scores = (before[0] + points[0], before[1] + points[1], before[2] + points[2])
    deal, players = held["deal"], held["players"]
    # The deal's outcome, which its result (kept in the state) and its event both carry.
    outcome = {"bids": bids, "tricks": tricks, "made": makers, "points": points, "scores": scores}
    revealed = (declared[0], declared[1] is _REVEAL) if declared else None
    result = holding(DealResult, {"deal": deal, **outcome, "declared": revealed})
    scored = holding(DealScored, {"deal": deal, "players": players, **outcome})
    held["scores"] = scores
    held["results"] = (*held["results"], result)
    top = max(scores)
    if top >= held["options"].target and scores.count(top) == 1:
        winner = scores.index(top)
        ended = holding(
            GameEnded,
            {"seat": winner, "winner": players[winner], "players": players, "scores": scores},
        )
        held["phase"] = _OVER
        held["winner"] = winner
        return holding(TricksState, held), (scored, ended)
    dealer = _NEXT[held["dealer"]]
    held.update(_NEW_DEAL)
    held["deal"] = deal = deal + 1
    held["dealer"] = dealer
    held["trumps"] = TRUMPS_BY_MADE[len(makers)]
    held["hands"] = _deal(held["seed"], deal, dealer, held["stacked"])
    held["leader"] = held["to_act"] = _NEXT[dealer]
    state = holding(TricksState, held)
    return state, (scored, _deal_started(state))
