"""High card: each round every player plays a card from a hand of five, and the highest (ace
high; the first played among equals) wins a point. After five rounds the most points win."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from ninetynine_audio.cards import Card, card_text, parse_card, standard_deck
from ninetynine_audio.games.base import ActionCodec, CodecError, GameSetup, GameSpec, Outcome
from ninetynine_audio.games.errors import CardNotInHand, GameOverError, NotYourTurn
from ninetynine_audio.games.events import NOT_LOGGED, OMIT_IF_NONE, LoggedEvent, LogValues
from ninetynine_audio.games.registry import register

HAND = 5
ORDER = "23456789TJQKA"


def strength(card: Card) -> int:
    return ORDER.index(card_text(card)[0].replace("1", "T"))


class Event(LoggedEvent):
    log_values: ClassVar[LogValues] = {Card: card_text}


@dataclass(frozen=True)
class GameStarted(Event):
    game: str
    seed: int
    players: tuple[str, ...]
    kinds: tuple[str, ...]
    options: dict[str, object]
    deck: tuple[Card, ...] | None = field(default=None, metadata=OMIT_IF_NONE)


@dataclass(frozen=True)
class HandDealt(Event):
    player: str
    cards: tuple[Card, ...]
    seat: int = field(metadata=NOT_LOGGED)


@dataclass(frozen=True)
class CardPlayed(Event):
    player: str
    card: Card
    seat: int = field(metadata=NOT_LOGGED)


@dataclass(frozen=True)
class RoundWon(Event):
    round: int
    player: str
    card: Card
    points: int
    seat: int = field(metadata=NOT_LOGGED)


@dataclass(frozen=True)
class GameEnded(Event):
    winner: str
    scores: tuple[int, ...]


@dataclass(frozen=True)
class Play:
    seat: int
    card: Card


@dataclass(frozen=True)
class State:
    names: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]
    played: tuple[tuple[int, Card], ...]
    points: tuple[int, ...]
    to_act: int
    round: int
    over: bool = False


@dataclass(frozen=True)
class View:
    seat: int
    names: tuple[str, ...]
    hand: tuple[Card, ...]
    counts: tuple[int, ...]
    played: tuple[tuple[int, Card], ...]
    points: tuple[int, ...]
    to_act: int
    round: int


def new_game(setup: GameSetup) -> tuple[State, tuple[Event, ...]]:
    cards = list(standard_deck())
    random.Random(setup.seed).shuffle(cards)
    stacked = list(setup.deck or ())
    cards = stacked + [card for card in cards if card not in stacked]
    seats = len(setup.names)
    hands = tuple(tuple(cards[seat * HAND : (seat + 1) * HAND]) for seat in range(seats))
    state = State(setup.names, hands, (), (0,) * seats, 0, 1)
    opening: tuple[Event, ...] = (
        GameStarted(
            setup.game, setup.seed, setup.names, setup.kinds, dict(setup.options), setup.deck
        ),
        *(HandDealt(setup.names[s], hands[s], s) for s in range(seats)),
    )
    return state, opening


def seats_to_act(state: State) -> tuple[int, ...]:
    return () if state.over else (state.to_act,)


def legal_actions(state: State, seat: int) -> tuple[Play, ...]:
    return (
        tuple(Play(seat, card) for card in state.hands[seat]) if seat in seats_to_act(state) else ()
    )


def check(state: State, action: Play) -> None:
    if state.over:
        raise GameOverError("the game is over")
    if action.seat != state.to_act:
        raise NotYourTurn("it is not your turn")
    if action.card not in state.hands[action.seat]:
        raise CardNotInHand("that card is not in your hand")


def apply(state: State, action: Play) -> tuple[State, tuple[Event, ...]]:
    check(state, action)
    seat, seats = action.seat, len(state.names)
    hands = list(state.hands)
    hands[seat] = tuple(card for card in hands[seat] if card != action.card)
    played = (*state.played, (seat, action.card))
    events: list[Event] = [CardPlayed(state.names[seat], action.card, seat)]
    state = replace(state, hands=tuple(hands), played=played, to_act=(seat + 1) % seats)
    if len(played) < seats:
        return state, tuple(events)
    winner, card = max(played, key=lambda pair: strength(pair[1]))
    points = tuple(p + (seat == winner) for seat, p in enumerate(state.points))
    events.append(RoundWon(state.round, state.names[winner], card, points[winner], winner))
    over = not hands[winner]
    state = replace(state, played=(), points=points, to_act=winner, over=over)
    if over:
        events.append(GameEnded(state.names[max(range(seats), key=lambda s: points[s])], points))
    else:
        state = replace(state, round=state.round + 1)
    return state, tuple(events)


def view(state: State, seat: int) -> View:
    counts = tuple(len(hand) for hand in state.hands)
    return View(
        seat,
        state.names,
        state.hands[seat],
        counts,
        state.played,
        state.points,
        state.to_act,
        state.round,
    )


def outcome(state: State) -> Outcome | None:
    if not state.over:
        return None
    # The most points first; among equals the first seat, as max() finds the winner above.
    places = tuple(sorted(range(len(state.names)), key=lambda seat: -state.points[seat]))
    return Outcome(places, state.points, places[0])


def resample(state: State, seat: int, rng: random.Random) -> State:
    others = [s for s in range(len(state.hands)) if s != seat]
    unseen = [card for s in others for card in state.hands[s]]
    rng.shuffle(unseen)
    hands = list(state.hands)
    for other in others:
        hands[other], unseen = tuple(unseen[: len(hands[other])]), unseen[len(hands[other]) :]
    return replace(state, hands=tuple(hands))


def from_log(
    records: Sequence[Mapping[str, Any]], position: int, seats: Mapping[str, int]
) -> list[Any] | None:
    line = records[position]
    if line.get("event") != "card_played":
        return None
    return ["play", seats[line["player"]], line["card"]]


def decode(data: Any, seats: int) -> Play:
    try:
        kind, seat, card = data
        assert kind == "play" and isinstance(seat, int) and 0 <= seat < seats
        return Play(seat, parse_card(str(card)))
    except (AssertionError, TypeError, ValueError) as error:
        raise CodecError(f"not a play: {data!r}") from error


SPEC = register(
    GameSpec[State, Play, View](
        id="high_card",
        family="high_card",
        min_players=2,
        max_players=4,
        new_game=new_game,
        seats_to_act=seats_to_act,
        legal_actions=legal_actions,
        check=check,
        apply=apply,
        view=view,
        outcome=outcome,
        progress=lambda state: state.round,
        scores=lambda state: state.points,
        codec=ActionCodec(lambda a: ["play", a.seat, card_text(a.card)], decode, from_log),
        turn_seat=lambda state: None if state.over else state.to_act,
        default_kinds=("human", "normal", "normal"),
        resample=resample,
    )
)
