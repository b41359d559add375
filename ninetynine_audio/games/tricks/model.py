"""State, actions, events and the per-seat view of the trick-taking game.

All of them are frozen dataclasses with tuple fields. Events are past-tense facts; each one
becomes one JSON object of the event log (``docs/event-log.md``) through ``to_log``. The state
holds every card, hidden ones included: only the engine reads it; players and computer players
see a :class:`TricksView`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar

from ninetynine_audio.cards import Card, Suit, card_text
from ninetynine_audio.games.events import (
    NOT_LOGGED,
    OMIT_IF_NONE,
    LoggedEvent,
    LogValues,
    by_player,
    log_as,
    pairs_as_object,
    seats_as_names,
)

SEATS = 3
HAND_SIZE = 12
BID_SIZE = 3
TRICKS_PER_DEAL = 9

BID_VALUES: dict[Suit, int] = {Suit.CLUBS: 3, Suit.HEARTS: 2, Suit.SPADES: 1, Suit.DIAMONDS: 0}
"""What each bid card counts for, by its suit."""

TRUMPS_BY_MADE: dict[int, Suit] = {3: Suit.CLUBS, 2: Suit.HEARTS, 1: Suit.SPADES, 0: Suit.DIAMONDS}
"""The trump suit of a deal, by how many players made their bid in the deal before."""

BONUS_BY_MADE: dict[int, int] = {0: 0, 1: 30, 2: 20, 3: 10}
"""The bonus each successful player gets, by how many made their bid in the deal."""

DECLARE_PREMIUM = 30
REVEAL_PREMIUM = 60


_BID_BY_LETTER = {suit._value_: value for suit, value in BID_VALUES.items()}
""":data:`BID_VALUES` by the suit's letter: a string's hash is kept, an enum's is not."""


def bid_value(cards: tuple[Card, ...] | list[Card]) -> int:
    """The number of tricks three bid cards promise."""
    return sum([_BID_BY_LETTER[card.suit._value_] for card in cards])


class Phase(Enum):
    """Where a deal stands."""

    BIDDING = "bidding"
    PLAYING = "playing"
    OVER = "over"


class Declaration(Enum):
    """What a bidder announces with the bid (declarations option only)."""

    DECLARE = "declare"
    """The bid cards are shown: premium 30."""
    REVEAL = "reveal"
    """The bid cards are shown and the hand is played face up: premium 60."""

    @property
    def premium(self) -> int:
        """The premium at stake."""
        return REVEAL_PREMIUM if self is Declaration.REVEAL else DECLARE_PREMIUM


@dataclass(frozen=True)
class TricksOptions:
    """The options of a game: declarations on or off, and the points that end it."""

    declarations: bool = False
    target: int = 100

    def to_log(self) -> dict[str, Any]:
        """The ``options`` object of the log."""
        return {"declarations": self.declarations, "target": self.target}


# ---------------------------------------------------------------------------- actions


@dataclass(frozen=True)
class BidCards:
    """Set three cards of ``seat``'s hand aside as the bid, with a declaration if wanted.

    The seats bid in turn from the dealer's left; a declaration (option only) is made with the
    bid and stays secret until all three are in, so no declaration answers another.
    """

    seat: int
    cards: tuple[Card, ...]
    declaration: Declaration | None = None


@dataclass(frozen=True)
class PlayCard:
    """Play ``card`` from ``seat``'s hand to the trick."""

    seat: int
    card: Card


Action = BidCards | PlayCard


GAME_ID = "tricks"
"""The id of the family's one game, written in every log it makes."""


# ---------------------------------------------------------------------------- events


class _Event(LoggedEvent):
    """An event of the trick-taking game; its cards are written in the notation ``"10H"``."""

    log_values: ClassVar[LogValues] = {Card: card_text}


@dataclass(frozen=True)
class GameStarted(_Event):
    """A game began."""

    game: str = field(default=GAME_ID, init=False)
    seed: int
    players: tuple[str, ...]
    kinds: tuple[str, ...]
    options: TricksOptions
    scores: tuple[int, ...]
    deck: tuple[Card, ...] | None = field(default=None, metadata=OMIT_IF_NONE)


@dataclass(frozen=True)
class DealStarted(_Event):
    """Twelve cards were dealt to each player."""

    deal: int
    dealer_seat: int = field(metadata=NOT_LOGGED)
    dealer: str
    trumps: Suit | None
    hands: tuple[tuple[str, tuple[Card, ...]], ...] = field(metadata=log_as(pairs_as_object))


@dataclass(frozen=True)
class BidMade(_Event):
    """A player set three cards aside as the bid. The cards are secret at the table.

    ``declaration`` is what the player announced with the bid (declarations option); it is
    secret too until the bids are all in, and only the winning one stands.
    """

    seat: int = field(metadata=NOT_LOGGED)
    player: str
    cards: tuple[Card, ...]
    bid: int
    declaration: Declaration | None = field(default=None, metadata=OMIT_IF_NONE)


@dataclass(frozen=True)
class BidDeclared(_Event):
    """The winning declaration of the deal: the bid cards are shown, with the hand if revealed."""

    seat: int = field(metadata=NOT_LOGGED)
    player: str
    reveal: bool
    cards: tuple[Card, ...] = field(metadata=NOT_LOGGED)
    bid: int = field(metadata=NOT_LOGGED)


@dataclass(frozen=True)
class CardPlayed(_Event):
    """A card was played to trick number ``trick``; ``is_lead`` when it opened the trick."""

    seat: int = field(metadata=NOT_LOGGED)
    player: str
    card: Card
    trick: int
    is_lead: bool = field(default=False, metadata=NOT_LOGGED)


@dataclass(frozen=True)
class TrickWon(_Event):
    """A trick was complete; ``winning_card`` took it. ``tricks_won``: everyone's count after it."""

    trick: int
    seat: int = field(metadata=NOT_LOGGED)
    winner: str
    cards: tuple[Card, ...]
    winning_card: Card = field(metadata=NOT_LOGGED)
    tricks_won: tuple[int, ...] = field(default=(), metadata=NOT_LOGGED)


@dataclass(frozen=True)
class DealScored(_Event):
    """The nine tricks were played and scored. Tuples are in seat order."""

    deal: int
    players: tuple[str, ...] = field(metadata=NOT_LOGGED)
    bids: tuple[int, ...] = field(metadata=log_as(by_player()))
    tricks: tuple[int, ...] = field(metadata=log_as(by_player()))
    made: tuple[int, ...] = field(metadata=log_as(seats_as_names()))
    points: tuple[int, ...] = field(metadata=log_as(by_player()))
    scores: tuple[int, ...] = field(metadata=log_as(by_player()))


@dataclass(frozen=True)
class GameEnded(_Event):
    """Someone reached the target alone at the top."""

    seat: int = field(metadata=NOT_LOGGED)
    winner: str
    players: tuple[str, ...] = field(metadata=NOT_LOGGED)
    scores: tuple[int, ...] = field(metadata=log_as(by_player()))


Event = (
    GameStarted
    | DealStarted
    | BidMade
    | BidDeclared
    | CardPlayed
    | TrickWon
    | DealScored
    | GameEnded
)


# ---------------------------------------------------------------------------- state


@dataclass(frozen=True)
class PlayedTrick:
    """A finished trick: who led, the cards in the order played (with their seats), the winner."""

    number: int
    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int


@dataclass(frozen=True)
class DealResult:
    """How one deal scored. In a view, ``bids`` is ``None`` for another seat that missed."""

    deal: int
    bids: tuple[int | None, ...]
    tricks: tuple[int, ...]
    made: tuple[int, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]
    declared: tuple[int, bool] | None = None


@dataclass(frozen=True)
class TricksState:
    """The whole table, hidden cards included."""

    players: tuple[str, ...]
    kinds: tuple[str, ...]
    seed: int
    options: TricksOptions
    stacked: tuple[Card, ...] | None
    phase: Phase
    deal: int
    dealer: int
    trumps: Suit | None
    hands: tuple[tuple[Card, ...], ...]
    """During bidding the dealt twelve; once a seat has bid, the nine it plays with."""
    bids: tuple[tuple[Card, ...], ...]
    """Each seat's bid cards, ``()`` until it has bid."""
    intents: tuple[Declaration | None, ...]
    """What each seat announced with its bid; only the winning one stands."""
    logged_bids: int
    """How many ``bid_made`` lines were written this deal (in order from the dealer's left)."""
    declared: tuple[int, Declaration] | None
    trick_number: int
    leader: int
    to_act: int
    trick: tuple[tuple[int, Card], ...]
    played: tuple[PlayedTrick, ...]
    tricks_won: tuple[int, ...]
    scores: tuple[int, ...]
    results: tuple[DealResult, ...]
    winner: int | None = None

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.OVER


# ---------------------------------------------------------------------------- view


@dataclass(frozen=True)
class TricksView:
    """All that one seat may know.

    Another seat's hand and bid cards never appear, except what a winning declaration shows:
    the bid cards of a declared bid, and also the hand of a revealed one.
    """

    seat: int
    players: tuple[str, ...]
    kinds: tuple[str, ...]
    options: TricksOptions
    phase: Phase
    deal: int
    dealer: int
    trumps: Suit | None
    hand: tuple[Card, ...]
    bid_cards: tuple[Card, ...]
    has_bid: tuple[bool, ...]
    declared: tuple[int, Declaration] | None
    declared_cards: tuple[Card, ...]
    revealed_hand: tuple[Card, ...]
    trick_number: int
    leader: int
    to_act: int
    trick: tuple[tuple[int, Card], ...]
    played: tuple[PlayedTrick, ...]
    tricks_won: tuple[int, ...]
    scores: tuple[int, ...]
    results: tuple[DealResult, ...]
    winner: int | None

    @property
    def bid(self) -> int | None:
        """This seat's bid, once it has bid."""
        return bid_value(self.bid_cards) if self.bid_cards else None

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.OVER

    @property
    def seat_count(self) -> int:
        """How many seats the table has (always three)."""
        return len(self.players)
