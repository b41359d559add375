"""Properties of the adding games, checked over random seeds, tables and options.

What every registered game must do (determinism, ``apply`` leaving its state alone, the codec,
log replay, hidden cards) is in ``test_games_conformance.py``.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ninetynine_audio.cards import standard_deck
from ninetynine_audio.games.adding import (
    AddingOptions,
    AddingState,
    CardPlayed,
    DrawCard,
    LivesChanged,
    PlayCard,
    RoundEnded,
    Scoring,
    apply,
    legal_actions,
    legal_actions_for,
    new_game,
)

MAX_ACTIONS = 20_000


@st.composite
def tables(draw):
    game = draw(st.sampled_from(["classic", "arcade", "tactical"]))
    if game == "arcade":
        count = 4
        options = AddingOptions()
    elif game == "tactical":
        count = draw(st.integers(2, 6))
        options = AddingOptions(lives=draw(st.integers(1, 6)))
    else:
        count = draw(st.integers(2, 8))
        options = AddingOptions(
            lives=draw(st.one_of(st.none(), st.integers(1, 3))),
            hand_size=draw(st.sampled_from([3, 4, 5, 7])),
            ten_always_minus=draw(st.booleans()),
            swap_nine_king=draw(st.booleans()),
            keep_going=draw(st.booleans()),
            two_player_four=draw(st.booleans()),
            straight_out=draw(st.booleans()),
            manual_draw=draw(st.booleans()),
        )
    kinds = draw(st.sampled_from(["bots", "human first"]))
    seat_kinds = ["normal"] * count
    if kinds == "human first":
        seat_kinds[0] = "human"
    return game, count, options, tuple(seat_kinds), draw(st.integers(0, 2**32))


def all_cards(state: AddingState) -> Counter:
    cards: Counter = Counter()
    for hand in state.hands:
        cards.update(hand)
    cards.update(state.stock)
    cards.update(state.pile)
    cards.update(state.discard)
    return cards


def random_action(state: AddingState, rng: random.Random):
    owing = [seat for seat, owed in enumerate(state.owes_draw) if owed]
    if owing and rng.random() < 0.6:
        return DrawCard(rng.choice(owing))
    return rng.choice(legal_actions(state))


def play_out(game, count, options, kinds, seed):
    """Play a whole game with random legal actions, checking every step; return the log."""
    names = [f"P{i}" for i in range(count)]
    state, events = new_game(game, names, kinds=kinds, options=options, seed=seed)
    deck = Counter(standard_deck(state.rules.decks))
    log = [e.to_log() for e in events]
    actions = []
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            break
        assert all_cards(state) == deck
        assert 0 <= state.total <= 99
        action = random_action(state, rng)
        assert action in legal_actions_for(state, action.seat)
        if isinstance(action, PlayCard):
            assert action.card in state.hands[action.seat]
        before = state
        state, events = apply(state, action)
        actions.append(action)
        log.extend(e.to_log() for e in events)
        for event in events:
            if isinstance(event, CardPlayed):
                assert event.total >= 0
                if state.rules.scoring is Scoring.STUCK or event.total <= 99:
                    assert event.total <= 99
                else:
                    assert any(isinstance(e, RoundEnded) for e in events)
            if isinstance(event, LivesChanged):
                assert event.change < 0
        if not state.is_over and state.round == before.round:
            assert all(a <= b for a, b in zip(state.lives, before.lives, strict=True))
    else:
        raise AssertionError("the game did not end")
    assert all_cards(state) == deck
    return log, actions


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_cards_conserved_total_in_limits_lives_fall_and_game_ends(table):
    log, _ = play_out(*table)
    assert log[-1]["event"] == "game_ended"
    lives = {}
    for record in log:
        if record["event"] == "lives_changed":
            previous = lives.get(record["player"])
            assert previous is None or record["lives"] < previous
            lives[record["player"]] = record["lives"]
