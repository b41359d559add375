"""State, actions, events and the per-seat view of the adding games.

All of them are frozen dataclasses with tuple fields, so a state can be shared, compared and
searched without copying. Events are past-tense facts; each one turns into one JSON object of the
event log (``docs/event-log.md``) through ``to_log``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from ninetynine_audio.cards import Card, card_text
from ninetynine_audio.games.adding.rules import AddingRules


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


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [card_text(card) for card in cards]


@dataclass(frozen=True)
class GameStarted:
    """A game began."""

    game: str
    seed: int
    players: tuple[str, ...]
    kinds: tuple[str, ...]
    options: tuple[tuple[str, Any], ...]
    lives: tuple[int, ...]
    deck: tuple[Card, ...] | None = None

    def to_log(self) -> dict[str, Any]:
        """The log object."""
        data: dict[str, Any] = {
            "event": "game_started",
            "game": self.game,
            "seed": self.seed,
            "players": list(self.players),
            "kinds": list(self.kinds),
            "options": dict(self.options),
            "lives": list(self.lives),
        }
        if self.deck is not None:
            data["deck"] = _cards(self.deck)
        return data


@dataclass(frozen=True)
class RoundStarted:
    """A round began; ``dealt`` is false when hands were kept (keep-going variant)."""

    round: int
    starter: str
    starter_seat: int
    direction: Direction
    total: int
    hands: tuple[tuple[str, tuple[Card, ...]], ...]
    dealer: str
    dealt: bool = True
    stock: int = 0

    def to_log(self) -> dict[str, Any]:
        """The log object."""
        return {
            "event": "round_started",
            "round": self.round,
            "starter": self.starter,
            "direction": self.direction.value,
            "total": self.total,
            "hands": {name: _cards(cards) for name, cards in self.hands},
            "dealer": self.dealer,
            "dealt": self.dealt,
            "stock": self.stock,
        }


@dataclass(frozen=True)
class CardPlayed:
    """A card was played and the total changed from ``total_before`` to ``total``."""

    seat: int
    player: str
    card: Card
    choice: Choice | None
    total_before: int
    total: int

    def to_log(self) -> dict[str, Any]:
        """The log object."""
        return {
            "event": "card_played",
            "player": self.player,
            "card": card_text(self.card),
            "choice": self.choice.value if self.choice else None,
            "total_before": self.total_before,
            "total": self.total,
        }


@dataclass(frozen=True)
class DirectionChanged:
    """A 4 reversed the direction of play."""

    direction: Direction

    def to_log(self) -> dict[str, Any]:
        """The log object."""
        return {"event": "direction_changed", "direction": self.direction.value}


@dataclass(frozen=True)
class PlayerSkipped:
    """A Jack (tactical) skipped this player's turn."""

    seat: int
    player: str

    def to_log(self) -> dict[str, Any]:
        """The log object."""
        return {"event": "player_skipped", "player": self.player}


@dataclass(frozen=True)
class CardDrawn:
    """A player drew a card from the stock."""

    seat: int
    player: str
    card: Card

    def to_log(self) -> dict[str, Any]:
        """The log object."""
        return {"event": "card_drawn", "player": self.player, "card": card_text(self.card)}


@dataclass(frozen=True)
class DrawMissed:
    """A player forgot to draw before the next play (manual-draw variant) and stays a card short."""

    seat: int
    player: str

    def to_log(self) -> dict[str, Any]:
        """The log object."""
        return {"event": "draw_missed", "player": self.player}


@dataclass(frozen=True)
class StockRebuilt:
    """The stock ran out and was rebuilt from the played cards under the top one."""

    cards: int

    def to_log(self) -> dict[str, Any]:
        """The log object."""
        return {"event": "stock_rebuilt", "cards": self.cards}


@dataclass(frozen=True)
class PlayerStuck:
    """A player to act had no card that keeps the total at 99 and shows the hand."""

    seat: int
    player: str
    hand: tuple[Card, ...]
    total: int

    def to_log(self) -> dict[str, Any]:
        """The log object."""
        return {
            "event": "player_stuck",
            "player": self.player,
            "hand": _cards(self.hand),
            "total": self.total,
        }


@dataclass(frozen=True)
class LivesChanged:
    """A player's lives (tokens, points) changed by ``change`` for ``reason``."""

    seat: int
    player: str
    change: int
    lives: int
    reason: str

    def to_log(self) -> dict[str, Any]:
        """The log object."""
        return {
            "event": "lives_changed",
            "player": self.player,
            "change": self.change,
            "lives": self.lives,
            "reason": self.reason,
        }


@dataclass(frozen=True)
class PlayerOut:
    """A player has no lives left; ``place`` is their final place."""

    seat: int
    player: str
    place: int

    def to_log(self) -> dict[str, Any]:
        """The log object."""
        return {"event": "player_out", "player": self.player, "place": self.place}


@dataclass(frozen=True)
class RoundEnded:
    """A round ended; ``loser`` lost it (stuck or over 99), ``winner`` landed on 99 (tactical)."""

    round: int
    loser: str | None = None
    winner: str | None = None

    def to_log(self) -> dict[str, Any]:
        """The log object."""
        return {
            "event": "round_ended",
            "round": self.round,
            "loser": self.loser,
            "winner": self.winner,
        }


@dataclass(frozen=True)
class GameEnded:
    """The game ended. ``winner`` is ``None`` when an arcade match ends because You are out."""

    winner: str | None
    places: tuple[str, ...]
    rounds: int

    def to_log(self) -> dict[str, Any]:
        """The log object."""
        return {
            "event": "game_ended",
            "winner": self.winner,
            "places": list(self.places),
            "rounds": self.rounds,
        }


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
