"""State, actions, events and the per-seat view of the colour game.

All are frozen dataclasses with tuple fields. Events are past-tense facts; each turns into one
JSON object of the event log (``docs/event-log.md``, the colour game's section) through
``to_log``. Events name players as in the log and also carry their seats for the wording.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from ninetynine_audio.cards import ColourCard, colour_card_text, colour_cards_text
from ninetynine_audio.games.colours.rules import Way

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


@dataclass(frozen=True)
class GameStarted:
    """A game began."""

    game: str
    seed: int
    players: tuple[str, ...]
    kinds: tuple[str, ...]
    pro_variant: bool
    scores: tuple[int, ...]
    deck: tuple[ColourCard, ...] | None = None

    def to_log(self) -> dict[str, Any]:
        """The log object."""
        data: dict[str, Any] = {
            "event": "game_started",
            "game": self.game,
            "seed": self.seed,
            "players": list(self.players),
            "kinds": list(self.kinds),
            "options": {"pro_variant": self.pro_variant},
            "scores": list(self.scores),
        }
        if self.deck is not None:
            data["deck"] = colour_cards_text(self.deck)
        return data


@dataclass(frozen=True)
class CardsDealt:
    """The deal: hands, personal draw piles (top first), the two pile tops and the reserve."""

    dealer: str
    players: tuple[str, ...]
    hands: tuple[tuple[ColourCard, ...], ...]
    draw_piles: tuple[tuple[ColourCard, ...], ...]
    discard_piles: tuple[ColourCard, ColourCard]
    reserve: tuple[ColourCard, ...]

    def to_log(self) -> dict[str, Any]:
        """The log object."""
        return {
            "event": "cards_dealt",
            "dealer": self.dealer,
            "hands": {
                name: colour_cards_text(hand)
                for name, hand in zip(self.players, self.hands, strict=True)
            },
            "draw_piles": {
                name: colour_cards_text(pile)
                for name, pile in zip(self.players, self.draw_piles, strict=True)
            },
            "discard_piles": colour_cards_text(self.discard_piles),
            "reserve": colour_cards_text(self.reserve),
        }


@dataclass(frozen=True)
class TurnStarted:
    """A turn began; ``extra`` for a Pro Variant extra turn."""

    player: str
    seat: int
    turn: int
    extra: bool

    def to_log(self) -> dict[str, Any]:
        """The log object."""
        return {
            "event": "turn_started",
            "player": self.player,
            "turn": self.turn,
            "extra": self.extra,
        }


@dataclass(frozen=True)
class RowScored:
    """A row was scored and cleared; ``forced`` when no hand card could extend it."""

    player: str
    seat: int
    cards: tuple[ColourCard, ...]
    points: int
    forced: bool
    score: int

    def to_log(self) -> dict[str, Any]:
        """The log object."""
        return {
            "event": "row_scored",
            "player": self.player,
            "cards": colour_cards_text(self.cards),
            "points": self.points,
            "forced": self.forced,
            "score": self.score,
        }


@dataclass(frozen=True)
class RowCardPlaced:
    """A card was added to the right of a row; ``row`` is the row after it."""

    player: str
    seat: int
    card: ColourCard
    row: tuple[ColourCard, ...]

    def to_log(self) -> dict[str, Any]:
        """The log object."""
        return {
            "event": "row_card_placed",
            "player": self.player,
            "card": colour_card_text(self.card),
            "row": colour_cards_text(self.row),
        }


@dataclass(frozen=True)
class PileCardPlayed:
    """A card went onto a discard pile over ``onto``, by every way in ``ways``."""

    player: str
    seat: int
    card: ColourCard
    pile: int
    onto: ColourCard
    ways: tuple[Way, ...]

    def to_log(self) -> dict[str, Any]:
        """The log object."""
        return {
            "event": "pile_card_played",
            "player": self.player,
            "card": colour_card_text(self.card),
            "pile": self.pile,
            "onto": colour_card_text(self.onto),
            "ways": [way.value for way in self.ways],
        }


@dataclass(frozen=True)
class CardsDrawn:
    """Cards taken from the top of the player's own draw pile, in order."""

    player: str
    seat: int
    cards: tuple[ColourCard, ...]

    def to_log(self) -> dict[str, Any]:
        """The log object."""
        return {
            "event": "cards_drawn",
            "player": self.player,
            "cards": colour_cards_text(self.cards),
        }


@dataclass(frozen=True)
class ReserveRebuilt:
    """The reserve was rebuilt: its own cards on top, the gathered cards shuffled beneath."""

    cards: tuple[ColourCard, ...]

    def to_log(self) -> dict[str, Any]:
        """The log object."""
        return {"event": "reserve_rebuilt", "cards": colour_cards_text(self.cards)}


@dataclass(frozen=True)
class DrawPileRenewed:
    """An emptied draw pile scored its points and took new cards (top first) from the reserve."""

    player: str
    seat: int
    cards: tuple[ColourCard, ...]
    points: int
    score: int

    def to_log(self) -> dict[str, Any]:
        """The log object."""
        return {
            "event": "draw_pile_renewed",
            "player": self.player,
            "cards": colour_cards_text(self.cards),
            "points": self.points,
            "score": self.score,
        }


@dataclass(frozen=True)
class GameEnded:
    """The game is over; ``scores`` in seat order."""

    winner: str
    winner_seat: int
    players: tuple[str, ...]
    scores: tuple[int, ...]

    def to_log(self) -> dict[str, Any]:
        """The log object."""
        return {
            "event": "game_ended",
            "winner": self.winner,
            "scores": dict(zip(self.players, self.scores, strict=True)),
        }


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
