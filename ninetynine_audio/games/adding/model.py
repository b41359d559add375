"""State, actions, events and the per-seat view of the adding games.

All of them are frozen dataclasses with tuple fields, so a state can be shared, compared and
searched without copying. Events are past-tense facts; each one turns into one JSON object of the
event log (``docs/event-log.md``) through ``to_log``, written from its fields by
``games.events.LoggedEvent``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar

from ninetynine_audio.cards import Card, card_text
from ninetynine_audio.games.adding.rules import AddingRules
from ninetynine_audio.games.events import (
    NOT_LOGGED,
    OMIT_IF_NONE,
    LoggedEvent,
    LogValues,
    log_as,
    pairs_as_object,
)


class Direction(Enum):
    """Direction of play; clockwise is increasing seat number."""

    CLOCKWISE = "clockwise"
    ANTICLOCKWISE = "anticlockwise"

    @property
    def step(self) -> int:
        """+1 for clockwise, -1 for anticlockwise."""
        return 1 if self is Direction.CLOCKWISE else -1

    def reversed(self) -> Direction:
        """The other direction."""
        return Direction.ANTICLOCKWISE if self is Direction.CLOCKWISE else Direction.CLOCKWISE


class Choice(Enum):
    """How a card with two ways of playing is played."""

    PLUS_TEN = "+10"
    MINUS_TEN = "-10"
    PLUS_ONE = "+1"
    PLUS_ELEVEN = "+11"


# ---------------------------------------------------------------------------- actions


@dataclass(frozen=True)
class PlayCard:
    """Play ``card`` from ``seat``'s hand, the ``choice`` where the card offers two ways."""

    seat: int
    card: Card
    choice: Choice | None = None


@dataclass(frozen=True)
class DrawCard:
    """Draw the owed card (manual-draw variant only)."""

    seat: int


Action = PlayCard | DrawCard


# ---------------------------------------------------------------------------- events


class _Event(LoggedEvent):
    """An event of the adding games; its cards are written in the notation ``"10H"``."""

    log_values: ClassVar[LogValues] = {Card: card_text}


@dataclass(frozen=True)
class GameStarted(_Event):
    """A game began."""

    game: str
    seed: int
    players: tuple[str, ...]
    kinds: tuple[str, ...]
    options: tuple[tuple[str, Any], ...] = field(metadata=log_as(pairs_as_object))
    lives: tuple[int, ...]
    deck: tuple[Card, ...] | None = field(default=None, metadata=OMIT_IF_NONE)


@dataclass(frozen=True)
class RoundStarted(_Event):
    """A round began; ``dealt`` is false when hands were kept (keep-going variant)."""

    round: int
    starter: str
    starter_seat: int = field(metadata=NOT_LOGGED)
    direction: Direction
    total: int
    hands: tuple[tuple[str, tuple[Card, ...]], ...] = field(metadata=log_as(pairs_as_object))
    dealer: str
    dealt: bool = True
    stock: int = 0


@dataclass(frozen=True)
class CardPlayed(_Event):
    """A card was played and the total changed from ``total_before`` to ``total``."""

    seat: int = field(metadata=NOT_LOGGED)
    player: str
    card: Card
    choice: Choice | None
    total_before: int
    total: int


@dataclass(frozen=True)
class DirectionChanged(_Event):
    """A 4 reversed the direction of play."""

    direction: Direction


@dataclass(frozen=True)
class PlayerSkipped(_Event):
    """A Jack (tactical) skipped this player's turn."""

    seat: int = field(metadata=NOT_LOGGED)
    player: str


@dataclass(frozen=True)
class CardDrawn(_Event):
    """A player drew a card from the stock."""

    seat: int = field(metadata=NOT_LOGGED)
    player: str
    card: Card


@dataclass(frozen=True)
class DrawMissed(_Event):
    """A player forgot to draw before the next play (manual-draw variant) and stays a card short."""

    seat: int = field(metadata=NOT_LOGGED)
    player: str


@dataclass(frozen=True)
class StockRebuilt(_Event):
    """The stock ran out and was rebuilt from the played cards under the top one."""

    cards: int


@dataclass(frozen=True)
class PlayerStuck(_Event):
    """A player to act had no card that keeps the total at 99 and shows the hand."""

    seat: int = field(metadata=NOT_LOGGED)
    player: str
    hand: tuple[Card, ...]
    total: int


@dataclass(frozen=True)
class LivesChanged(_Event):
    """A player's lives (tokens, points) changed by ``change`` for ``reason``."""

    seat: int = field(metadata=NOT_LOGGED)
    player: str
    change: int
    lives: int
    reason: str


@dataclass(frozen=True)
class PlayerOut(_Event):
    """A player has no lives left; ``place`` is their final place."""

    seat: int = field(metadata=NOT_LOGGED)
    player: str
    place: int


@dataclass(frozen=True)
class RoundEnded(_Event):
    """A round ended; ``loser`` lost it (stuck or over 99), ``winner`` landed on 99 (tactical)."""

    round: int
    loser: str | None = None
    winner: str | None = None


@dataclass(frozen=True)
class GameEnded(_Event):
    """The game ended. ``winner`` is ``None`` when an arcade match ends because You are out."""

    winner: str | None
    places: tuple[str, ...]
    rounds: int


Event = (
    GameStarted
    | RoundStarted
    | CardPlayed
    | DirectionChanged
    | PlayerSkipped
    | CardDrawn
    | DrawMissed
    | StockRebuilt
    | PlayerStuck
    | LivesChanged
    | PlayerOut
    | RoundEnded
    | GameEnded
)


# ---------------------------------------------------------------------------- state


@dataclass(frozen=True)
class AddingState:
    """The whole table, hidden cards included. Only the engine and the referee read it directly."""

    rules: AddingRules
    players: tuple[str, ...]
    kinds: tuple[str, ...]
    seed: int
    shuffles: int
    lives: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]  # the top card first
    pile: tuple[Card, ...]  # the bottom card first, the top card last
    discard: tuple[Card, ...]  # cleared piles waiting for the next rebuild (keep-going variant)
    total: int
    direction: Direction
    to_act: int
    dealer: int
    round: int
    owes_draw: tuple[bool, ...]
    places: tuple[tuple[int, int], ...] = ()  # (seat, place) of players who are out, in order
    is_over: bool = False
    winner: int | None = None

    def is_in(self, seat: int) -> bool:
        """Whether ``seat`` still has lives."""
        return self.lives[seat] > 0

    @property
    def active_seats(self) -> tuple[int, ...]:
        """Seats still in the game, in seat order."""
        return tuple(seat for seat in range(len(self.players)) if self.is_in(seat))


@dataclass(frozen=True)
class AddingView:
    """All that one seat may know: its own hand and everything public."""

    seat: int
    rules: AddingRules
    players: tuple[str, ...]
    kinds: tuple[str, ...]
    lives: tuple[int, ...]
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    pile: tuple[Card, ...]
    discard: tuple[Card, ...]
    total: int
    direction: Direction
    to_act: int
    dealer: int
    round: int
    owes_draw: bool
    active_seats: tuple[int, ...]
    is_over: bool
    winner: int | None
