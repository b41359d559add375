"""The colour engine's one-pass actions do what the whole table does.

``apply`` carries out the common actions in one pass over the fields they change and leaves
the rest to a ``_Table``. For every action tried in seeded games (two to four players, with and
without the Pro Variant, from a shuffled and from a stacked deck of new card objects), legal
or not, ``apply`` must give the same new state and the same events as checking the action and
carrying it out on the ``_Table``, or the same refusal with the same code and facts; and the
legal actions must be the ones the rules' own functions list, in the same order, holding the
very cards of the hand.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

import pytest

from ninetynine_audio.cards import ColourCard, colour_deck
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.colours import (
    MAX_PILE_PLAYS,
    PILES,
    ColoursState,
    Phase,
    can_score,
    engine,
    fits_row,
    legal_actions,
    legal_for_view,
    model,
    view,
    ways_onto,
)
from ninetynine_audio.games.errors import GameError
from ninetynine_audio.games.registry import find_game

Step = Callable[[ColoursState, Any], tuple[ColoursState, tuple[object, ...]]]
FIELDS = [item.name for item in dataclasses.fields(ColoursState)]


def listed(state: ColoursState, seat: int) -> tuple[object, ...]:
    """The legal actions as the rules' functions give them, made by the dataclasses."""
    if state.is_over or seat != state.to_act:
        return ()
    actions: list[object] = []
    if can_score(state):
        actions.append(model.ScoreRow(seat))
    hand = state.hands[seat]
    if state.phase is Phase.ROW:
        row = state.rows[seat]
        actions += [model.PlaceRowCard(seat, card) for card in hand if fits_row(card, row)]
        if not hand:
            actions.append(model.EndPiles(seat))
        return tuple(actions)
    if state.pile_plays < MAX_PILE_PLAYS:
        for card in hand:
            for pile in PILES:
                if ways_onto(card, state.pile_tops[pile - 1]):
                    actions.append(model.PlayToPile(seat, card, pile))
    actions.append(model.EndPiles(seat))
    return tuple(actions)


def tried(state: ColoursState, rng: random.Random) -> list[object]:
    """Actions to try on ``state``: every legal one, every card of the hand into the row and
    onto each pile, and a spread of ones refused for each reason (another seat, a card not
    held, a card that does not fit, a pile that is not there, scoring twice or late, the piles
    before the row card, a sixth card onto the piles)."""
    count = len(state.players)
    actions: list[object] = list(legal_actions(state, state.to_act))
    for card in state.hands[state.to_act]:
        actions += [model.PlaceRowCard(state.to_act, card)]
        actions += [model.PlayToPile(state.to_act, card, pile) for pile in PILES]
    cards = [card for hand in state.hands for card in hand] + list(state.pile_tops)
    cards += [card for row in state.rows for card in row]
    for seat in {state.to_act, (state.to_act + 1) % count}:
        actions += [model.ScoreRow(seat), model.EndPiles(seat)]
        for card in rng.sample(cards, min(6, len(cards))):
            actions.append(model.PlaceRowCard(seat, card))
            actions.append(model.PlayToPile(seat, card, rng.choice((0, 1, 2, 3))))
    return actions


def tags(events: tuple[object, ...]) -> set[str]:
    """What happened among ``events``: scorings forced and chosen, renewals, rebuilt reserves,
    extra turns, and what came just before the end of the game."""
    found: set[str] = set()
    for before, event in zip((None, *events), events, strict=False):
        if isinstance(event, model.RowScored):
            found.add("forced" if event.forced else "chosen")
        elif isinstance(event, model.DrawPileRenewed):
            found.add("renewed")
        elif isinstance(event, model.ReserveRebuilt):
            found.add("rebuilt")
        elif isinstance(event, model.TurnStarted) and event.extra:
            found.add("extra")
        elif isinstance(event, model.GameEnded):
            found.add(f"won after {type(before).__name__}")
    return found


def outcome_of(step: Step, state: ColoursState, action: object) -> tuple[object, ...]:
    """What ``step`` makes of ``action``: the state's fields and the events, or the refusal."""
    try:
        new, events = step(state, action)
    except GameError as error:
        return ("refused", error.code, type(error), str(error), error.details)
    assert sorted(vars(new)) == sorted(FIELDS)
    assert new == ColoursState(**{name: getattr(new, name) for name in FIELDS})
    return (
        [getattr(new, name) for name in FIELDS],
        [(type(event), vars(event)) for event in events],
    )


def the_long_way(state: ColoursState, action: object) -> tuple[ColoursState, tuple[object, ...]]:
    """The action checked by ``check``; a card into the row or onto a pile then done as the
    rules say, field by field with ``dataclasses.replace``, and the rest on the ``_Table``."""
    engine.check(state, action)  # type: ignore[arg-type]
    if isinstance(action, (model.PlaceRowCard, model.PlayToPile)):
        seat, card = action.seat, action.card
        hands = list(state.hands)
        hand = list(hands[seat])
        hand.remove(card)
        hands[seat] = tuple(hand)
        player = state.players[seat]
        if isinstance(action, model.PlaceRowCard):
            rows = list(state.rows)
            rows[seat] = (*rows[seat], card)
            placed = model.RowCardPlaced(player, seat, card, rows[seat])
            return dataclasses.replace(
                state, hands=tuple(hands), rows=tuple(rows), phase=Phase.PILES
            ), (placed,)
        piles = list(state.discards)
        onto = piles[action.pile - 1][0]
        piles[action.pile - 1] = (card, *piles[action.pile - 1])
        played = model.PileCardPlayed(player, seat, card, action.pile, onto, ways_onto(card, onto))
        return dataclasses.replace(
            state,
            hands=tuple(hands),
            discards=(piles[0], piles[1]),
            pile_plays=state.pile_plays + 1,
        ), (played,)
    return engine._on_table(state, action)  # type: ignore[arg-type]


def fresh_deck(seed: int) -> tuple[ColourCard, ...]:
    """The whole deck in a seeded order, each card a new object (not the engine's own)."""
    cards = [ColourCard(card.colour, card.value) for card in colour_deck()]
    random.Random(seed).shuffle(cards)
    return tuple(cards)


@pytest.mark.parametrize(
    ("seed", "players", "pro", "stacked"),
    [(1, 2, False, False), (2, 3, True, False), (3, 4, False, True), (4, 2, True, True)],
)
def test_apply_does_what_the_whole_table_does_for_every_action_tried(
    seed: int, players: int, pro: bool, stacked: bool
) -> None:
    spec = find_game("colours")
    kinds = ("easy",) * players
    deck = fresh_deck(seed) if stacked else None
    setup = GameSetup("colours", spec.default_names(kinds), kinds, {"pro_variant": pro}, seed, deck)
    rng = random.Random(seed)
    seen: set[str] = set()
    refused: set[str] = set()
    for game in range(8):
        state, _ = spec.new_game(dataclasses.replace(setup, seed=seed * 100 + game))
        steps = 0
        while True:
            probes = [(state, tried(state, rng))]
            if state.phase is Phase.PILES:  # the same turn with the piles' limit reached
                limit = dataclasses.replace(state, pile_plays=MAX_PILE_PLAYS)
                held = state.hands[state.to_act]
                probes.append((limit, [model.PlayToPile(state.to_act, card, 1) for card in held]))
                # No card left in any hand or draw pile: the end of the piles ends the game.
                none = ((),) * players
                emptied = dataclasses.replace(state, hands=none, draw_piles=none)
                probes.append((emptied, [model.EndPiles(state.to_act)]))
            for probe, actions in probes:
                for action in actions:
                    done = outcome_of(engine.apply, probe, action)
                    assert done == outcome_of(the_long_way, probe, action), (steps, action)
                    if done[0] == "refused":
                        refused.add(str(done[1]))
            if state.is_over:
                break
            seat = state.to_act
            legal = legal_actions(state, seat)
            assert legal == listed(state, seat)
            assert legal_for_view(view(state, seat)) == legal
            hand = state.hands[seat]
            for action in legal:
                card = getattr(action, "card", None)
                assert card is None or any(card is held for held in hand)
            for other in range(players):
                if other != seat:
                    assert legal_actions(state, other) == ()
            state, events = engine.apply(state, legal[rng.randrange(len(legal))])
            seen.update(tags(events))
            steps += 1
        assert spec.outcome(state) is not None
    # The games reach every way the quick passes hand over to the table, and their own ways.
    wanted = {"forced", "chosen", "renewed", "rebuilt", "won after RowScored"}
    assert wanted <= seen, wanted - seen
    assert ("extra" in seen) is pro
    assert {"pile_limit", "colour_in_row", "row_not_rising", "no_way"} <= refused
