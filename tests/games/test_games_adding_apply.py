"""The adding engine's quick ``apply`` does what the rules say, for every action tried.

``apply`` checks an action once (finding the played card in its hand there), then works on a
table that starts from the state's own tuples and replaces only those it changes, and reads a
tactical rise's score from a table made once. For every action tried in seeded games of
classic (one and two decks, drawing by hand), arcade and tactical, legal or not, ``apply`` must
give the same new state and events as ``check`` followed by the long way, or the same refusal
with the same code and facts; the state it was given must be left as it was; and the legal
actions must be the ones the rules list, in the same order.

The long way: a play or an owed draw that costs nobody a life, ends no round and rebuilds no
stock is done here by the rules, field by field with ``dataclasses.replace`` (the card taken
out of the hand by ``list.remove``, the tactical score by :func:`limit_score`); the rest is
done on the engine's table and made into a state by the dataclass's own ``__init__``.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

import pytest

from ninetynine_audio.cards import Card, standard_deck
from ninetynine_audio.games.adding import engine, model
from ninetynine_audio.games.adding.model import AddingState, Choice, DrawCard, PlayCard
from ninetynine_audio.games.adding.rules import Scoring
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.errors import GameError
from ninetynine_audio.games.registry import find_game

FIELDS = [item.name for item in dataclasses.fields(AddingState)]
CHOICES = (None, *Choice)
WAYS: Counter[str] = Counter()
"""How many actions the long way did by the rules here and on the table."""


def listed(state: AddingState, seat: int) -> tuple[object, ...]:
    """The legal actions as the rules give them: a draw owed, then each different card of the
    hand in hand order, each of its ways that the rules allow."""
    if state.is_over:
        return ()
    actions: list[object] = []
    if state.owes_draw[seat] and engine.can_draw(state):
        actions.append(DrawCard(seat))
    if seat != state.to_act:
        return tuple(actions)
    seen: list[Card] = []
    for card in state.hands[seat]:
        if card in seen:
            continue
        seen.append(card)
        for way in engine.card_outcomes(state.rules, card, state.total):
            if state.rules.scoring is Scoring.LIMITS or way.total <= engine.LIMIT:
                actions.append(PlayCard(seat, card, way.choice))
    return tuple(actions)


def tried(state: AddingState, rng: random.Random) -> list[object]:
    """Every legal action, every card of the hand in every way, a draw by each seat, and plays
    by another seat and of cards not held."""
    seat = state.to_act
    count = len(state.players)
    actions: list[object] = list(engine.legal_actions(state))
    actions += [PlayCard(seat, card, choice) for card in state.hands[seat] for choice in CHOICES]
    actions += [DrawCard(other) for other in range(count)]
    other = (seat + 1) % count
    actions += [PlayCard(other, card) for card in state.hands[other]]
    held = {card for hand in state.hands for card in hand}
    loose = [card for card in standard_deck(1) if card not in held]
    actions += [PlayCard(seat, card, rng.choice(CHOICES)) for card in rng.sample(loose, 3)]
    return actions


def outcome_of(step: Any, state: AddingState, action: object) -> tuple[object, ...]:
    """What ``step`` makes of ``action``: the state's fields and the events, or the refusal."""
    before = [getattr(state, name) for name in FIELDS]
    try:
        new, events = step(state, action)
    except GameError as error:
        return ("refused", error.code, type(error), str(error), error.details)
    assert [getattr(state, name) for name in FIELDS] == before
    assert list(vars(new)) == FIELDS
    assert new == AddingState(**{name: getattr(new, name) for name in FIELDS})
    for name in ("lives", "hands", "stock", "pile", "discard", "owes_draw", "places"):
        assert type(getattr(new, name)) is tuple, name
    assert all(type(hand) is tuple for hand in new.hands)
    return (
        [getattr(new, name) for name in FIELDS],
        [(type(event), vars(event)) for event in events],
    )


def stuck(state: AddingState) -> bool:
    """Whether the player to act can do nothing (the engine then ends the round)."""
    seat = state.to_act
    hand = state.hands[seat]
    if state.rules.scoring is Scoring.LIMITS and hand:
        return False
    if any(engine.open_outcomes(state.rules, card, state.total) for card in hand):
        return False
    return not (state.owes_draw[seat] and engine.can_draw(state))


def on_table(state: AddingState, action: object) -> tuple[AddingState, tuple[object, ...]]:
    """The action, checked, done on the engine's table, made a state by ``__init__``."""
    WAYS["table"] += 1
    outcome = engine.check(state, action)  # type: ignore[arg-type]
    table = engine._Table(state)
    if isinstance(action, DrawCard):
        table.owes_draw = tuple(
            seat != action.seat and owed for seat, owed in enumerate(table.owes_draw)
        )
        table.draw(action.seat)
    else:
        assert isinstance(action, PlayCard) and outcome is not None
        table.play(action, outcome, list(state.hands[action.seat]).index(action.card))
    if not table.is_over:
        table.settle()
    fields = {name: getattr(table, name) for name in FIELDS}
    fields["hands"] = tuple(tuple(hand) for hand in table.hands)
    return AddingState(**fields), tuple(table.events)


def the_long_way(state: AddingState, action: object) -> tuple[AddingState, tuple[object, ...]]:
    """``check``, then a plain play or draw by the rules here, the rest on the table."""
    outcome = engine.check(state, action)  # type: ignore[arg-type]
    rules = state.rules
    events: list[object] = []
    hands = [list(hand) for hand in state.hands]
    owes = list(state.owes_draw)
    stock = list(state.stock)
    lives = list(state.lives)
    seat = action.seat  # type: ignore[attr-defined]
    if isinstance(action, DrawCard):
        owes[seat] = False
        to_act, total, direction, pile = state.to_act, state.total, state.direction, state.pile
    else:
        assert isinstance(action, PlayCard) and outcome is not None
        for other, owed in enumerate(owes):
            if owed:
                events.append(model.DrawMissed(other, state.players[other]))
        owes = [False] * len(owes)
        hands[seat].remove(action.card)
        pile = (*state.pile, action.card)
        total = outcome.total
        events.append(
            model.CardPlayed(
                seat, state.players[seat], action.card, outcome.choice, state.total, total
            )
        )
        direction = state.direction
        players_in = len(state.active_seats)
        if outcome.reverses and players_in >= 3:
            direction = direction.reversed()
            events.append(model.DirectionChanged(direction))
        if rules.scoring is Scoring.LIMITS:
            # Tactical: the player pays for passing a mark, each other player in clockwise
            # order for a mark landed on; a round ended or a player out is left to the table.
            score = engine.limit_score(state.total, outcome)
            count = len(state.players)
            others = [(seat + step) % count for step in range(1, count)]
            others = [other for other in others if state.lives[other] > 0]
            changes = [(seat, change, why) for change, why in score.own]
            changes += [(other, change, why) for change, why in score.others for other in others]
            for changed, change, why in changes:
                lives[changed] += change
                events.append(
                    model.LivesChanged(changed, state.players[changed], change, lives[changed], why)
                )
            if total >= engine.LIMIT or min(lives[s] for s in state.active_seats) <= 0:
                return on_table(state, action)
        if rules.manual_draw:
            owes[seat] = True
        if outcome.reverses and players_in == 2 and rules.two_player_four:
            to_act = seat
        elif outcome.skips:
            skipped = engine.next_seat(state, seat, direction)
            to_act = engine.next_seat(state, skipped, direction)
        else:
            to_act = engine.next_seat(state, seat, direction)
    drawing = isinstance(action, DrawCard) or not rules.manual_draw
    if drawing:
        if not stock:
            return on_table(state, action)
        card = stock.pop(0)
        hands[seat].append(card)
        events.append(model.CardDrawn(seat, state.players[seat], card))
    if isinstance(action, PlayCard) and outcome is not None and outcome.skips:
        skipped = engine.next_seat(state, seat, direction)
        events.append(model.PlayerSkipped(skipped, state.players[skipped]))
    new = dataclasses.replace(
        state,
        hands=tuple(tuple(hand) for hand in hands),
        stock=tuple(stock),
        pile=pile,
        total=total,
        direction=direction,
        to_act=to_act,
        owes_draw=tuple(owes),
        lives=tuple(lives),
    )
    if stuck(new):
        return on_table(state, action)
    WAYS["rules"] += 1
    return new, tuple(events)


def fresh(deck: tuple[Card, ...], seed: int) -> tuple[Card, ...]:
    """``deck`` in a seeded order, each card a new object (not the engine's own)."""
    cards = [Card(card.rank, card.suit) for card in deck]
    random.Random(seed).shuffle(cards)
    return tuple(cards)


@pytest.mark.parametrize(
    ("game", "players", "options", "stacked"),
    [
        ("classic", 4, {}, False),
        ("classic", 5, {"manual_draw": True}, True),
        ("classic", 2, {"two_player_four": True, "keep_going": True}, False),
        ("arcade", 4, {}, False),
        ("tactical", 4, {}, True),
        ("tactical", 3, {}, False),
    ],
)
def test_apply_does_what_the_rules_do_for_every_action_tried(
    game: str, players: int, options: dict[str, object], stacked: bool
) -> None:
    spec = find_game(game)
    kinds = ("easy",) * players
    rng = random.Random(f"{game}:{players}")
    WAYS.clear()
    for number in range(6):
        seed = number * 7 + players
        decks = 2 if game == "classic" and players >= 5 else 1
        deck = fresh(standard_deck(decks), seed) if stacked else None
        setup = GameSetup(game, spec.default_names(kinds), kinds, options, seed, deck)
        state, _ = spec.new_game(setup)
        while not state.is_over:
            for action in tried(state, rng):
                done = outcome_of(engine.apply, state, action)
                assert done == outcome_of(the_long_way, state, action), action
            for seat in range(players):
                assert engine.legal_actions_for(state, seat) == listed(state, seat)
            seat = spec.seats_to_act(state)[0]
            legal = spec.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
            state, _ = engine.apply(state, action)
        assert spec.outcome(state) is not None
    # Both halves of the long way were taken, the rules' own many times.
    assert WAYS["rules"] > 100 and WAYS["table"] > 5, WAYS
