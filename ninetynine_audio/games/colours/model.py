"""State, actions, events and the per-seat view of the colour game.

All are frozen dataclasses with tuple fields. Events are past-tense facts; each turns into one
JSON object of the event log (``docs/event-log.md``, the colour game's section) through
``to_log``. Events name players as in the log and also carry their seats for the wording.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar

from ninetynine_audio.cards import ColourCard, colour_card_text
from ninetynine_audio.games.colours.rules import Way
from ninetynine_audio.games.events import (
    NOT_LOGGED,
    OMIT_IF_NONE,
    LoggedEvent,
    LogValues,
    by_player,
    log_as,
)

# ---------------------------------------------------------------------------- actions


@dataclass(frozen=True)
class ScoreRow:
    """Score and clear the own row by choice (at most once a turn, before any pile play)."""

    seat: int


@dataclass(frozen=True)
class PlaceRowCard:
    """Action A: add ``card`` from the hand to the right of the own row."""

    seat: int
    card: ColourCard


@dataclass(frozen=True)
class PlayToPile:
    """Action B: play ``card`` from the hand onto discard pile ``pile`` (1 left, 2 right)."""

    seat: int
    card: ColourCard
    pile: int


@dataclass(frozen=True)
class EndPiles:
    """End Action B; Action C (drawing back up to six) follows by itself."""

    seat: int


Action = ScoreRow | PlaceRowCard | PlayToPile | EndPiles


class Phase(Enum):
    """Where a turn is: before the row card (Action A), on the piles (Action B), or over."""

    ROW = "row"
    PILES = "piles"
    OVER = "over"


# ---------------------------------------------------------------------------- events


def _as_options(event: Any, pro_variant: bool) -> dict[str, bool]:
    return {"pro_variant": pro_variant}


class _Event(LoggedEvent):
    """An event of the colour game; its cards are written in the notation ``"7R"``."""

    log_values: ClassVar[LogValues] = {ColourCard: colour_card_text}


@dataclass(frozen=True)
class GameStarted(_Event):
    """A game began."""

    game: str
    seed: int
    players: tuple[str, ...]
    kinds: tuple[str, ...]
    pro_variant: bool = field(metadata=log_as(_as_options, key="options"))
    scores: tuple[int, ...]
    deck: tuple[ColourCard, ...] | None = field(default=None, metadata=OMIT_IF_NONE)


@dataclass(frozen=True)
class CardsDealt(_Event):
    """The deal: hands, personal draw piles (top first), the two pile tops and the reserve."""

    dealer: str
    players: tuple[str, ...] = field(metadata=NOT_LOGGED)
    hands: tuple[tuple[ColourCard, ...], ...] = field(metadata=log_as(by_player()))
    draw_piles: tuple[tuple[ColourCard, ...], ...] = field(metadata=log_as(by_player()))
    discard_piles: tuple[ColourCard, ColourCard]
    reserve: tuple[ColourCard, ...]


@dataclass(frozen=True)
class TurnStarted(_Event):
    """A turn began; ``extra`` for a Pro Variant extra turn."""

    player: str
    seat: int = field(metadata=NOT_LOGGED)
    turn: int
    extra: bool


@dataclass(frozen=True)
class RowScored(_Event):
    """A row was scored and cleared; ``forced`` when no hand card could extend it."""

    player: str
    seat: int = field(metadata=NOT_LOGGED)
    cards: tuple[ColourCard, ...]
    points: int
    forced: bool
    score: int


@dataclass(frozen=True)
class RowCardPlaced(_Event):
    """A card was added to the right of a row; ``row`` is the row after it."""

    player: str
    seat: int = field(metadata=NOT_LOGGED)
    card: ColourCard
    row: tuple[ColourCard, ...]


@dataclass(frozen=True)
class PileCardPlayed(_Event):
    """A card went onto a discard pile over ``onto``, by every way in ``ways``."""

    player: str
    seat: int = field(metadata=NOT_LOGGED)
    card: ColourCard
    pile: int
    onto: ColourCard
    ways: tuple[Way, ...]


@dataclass(frozen=True)
class CardsDrawn(_Event):
    """Cards taken from the top of the player's own draw pile, in order."""

    player: str
    seat: int = field(metadata=NOT_LOGGED)
    cards: tuple[ColourCard, ...]


@dataclass(frozen=True)
class ReserveRebuilt(_Event):
    """The reserve was rebuilt: its own cards on top, the gathered cards shuffled beneath."""

    cards: tuple[ColourCard, ...]


@dataclass(frozen=True)
class DrawPileRenewed(_Event):
    """An emptied draw pile scored its points and took new cards (top first) from the reserve."""

    player: str
    seat: int = field(metadata=NOT_LOGGED)
    cards: tuple[ColourCard, ...]
    points: int
    score: int


@dataclass(frozen=True)
class GameEnded(_Event):
    """The game is over; ``scores`` in seat order."""

    winner: str
    winner_seat: int = field(metadata=NOT_LOGGED)
    players: tuple[str, ...] = field(metadata=NOT_LOGGED)
    scores: tuple[int, ...] = field(metadata=log_as(by_player()))


Event = (
    GameStarted
    | CardsDealt
    | TurnStarted
    | RowScored
    | RowCardPlaced
    | PileCardPlayed
    | CardsDrawn
    | ReserveRebuilt
    | DrawPileRenewed
    | GameEnded
)


# ---------------------------------------------------------------------------- state and view


@dataclass(frozen=True)
class ColoursState:
    """The whole table. Piles, draw piles and the reserve are written top card first."""

    players: tuple[str, ...]
    kinds: tuple[str, ...]
    pro_variant: bool
    seed: int
    dealer: int
    hands: tuple[tuple[ColourCard, ...], ...]
    draw_piles: tuple[tuple[ColourCard, ...], ...]
    rows: tuple[tuple[ColourCard, ...], ...]
    discards: tuple[tuple[ColourCard, ...], tuple[ColourCard, ...]]
    reserve: tuple[ColourCard, ...]
    set_aside: tuple[ColourCard, ...]
    scores: tuple[int, ...]
    turn: int
    to_act: int
    phase: Phase
    extra: bool
    has_scored: bool
    pile_plays: int
    shuffles: int
    winner: int | None = None

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.OVER

    @property
    def pile_tops(self) -> tuple[ColourCard, ColourCard]:
        """The top cards of the left and right discard piles."""
        return (self.discards[0][0], self.discards[1][0])


@dataclass(frozen=True)
class ColoursView:
    """All that one seat may know: its own hand and everything face up or counted.

    The discard piles are face up, so they are given whole (top first); of the draw piles and
    the reserve only the sizes are known.
    """

    seat: int
    players: tuple[str, ...]
    kinds: tuple[str, ...]
    pro_variant: bool
    hand: tuple[ColourCard, ...]
    hand_sizes: tuple[int, ...]
    rows: tuple[tuple[ColourCard, ...], ...]
    discards: tuple[tuple[ColourCard, ...], tuple[ColourCard, ...]]
    draw_pile_sizes: tuple[int, ...]
    reserve_size: int
    set_aside_size: int
    scores: tuple[int, ...]
    turn: int
    to_act: int
    phase: Phase
    extra: bool
    has_scored: bool
    pile_plays: int
    dealer: int
    is_over: bool
    winner: int | None

    @property
    def row(self) -> tuple[ColourCard, ...]:
        """The seat's own row."""
        return self.rows[self.seat]

    @property
    def pile_tops(self) -> tuple[ColourCard, ColourCard]:
        """The top cards of the left and right discard piles."""
        return (self.discards[0][0], self.discards[1][0])

    @property
    def draw_pile_size(self) -> int:
        """Cards left in the seat's own draw pile."""
        return self.draw_pile_sizes[self.seat]
