"""The searching level's fast round copy agrees with the engine, play by play."""

from __future__ import annotations

import random

import pytest

from ninetynine_audio.bots.adding.fastsim import HardModel, RoundSim, normal_move, policy_table
from ninetynine_audio.bots.adding.knowledge import RANK_CODE, hand_codes, play_move
from ninetynine_audio.bots.adding.simple import normal_choice
from ninetynine_audio.games.adding import (
    AddingOptions,
    AddingState,
    LivesChanged,
    RoundEnded,
    StockRebuilt,
    apply,
    new_game,
    view,
)

SETUPS = [
    ("classic", 4, AddingOptions()),
    ("classic", 2, AddingOptions(two_player_four=True)),
    ("classic", 5, AddingOptions(swap_nine_king=True, hand_size=4)),
    ("classic", 3, AddingOptions(ten_always_minus=True)),
    ("arcade", 4, AddingOptions()),
    ("tactical", 4, AddingOptions()),
    ("tactical", 2, AddingOptions()),
    ("tactical", 6, AddingOptions(lives=3)),
]


def sim_of(state: AddingState) -> RoundSim:
    """The round of ``state`` with every card where it really is (the stock drawn from the end)."""
    return RoundSim(
        state.rules,
        [hand_codes(hand) for hand in state.hands],
        list(reversed(hand_codes(state.stock))),
        hand_codes(state.pile),
        hand_codes(state.discard),
        list(state.lives),
        state.total,
        state.direction.step,
        state.to_act,
        random.Random(0),
    )


@pytest.mark.parametrize(("game", "players", "options"), SETUPS)
def test_sim_follows_the_engine(game: str, players: int, options: AddingOptions) -> None:
    kinds = ["normal"] * players
    names = [f"P{i}" for i in range(players)]
    compared = ended = 0
    for seed in range(12):
        state, _ = new_game(game, names, kinds=kinds, options=options, seed=seed)
        while not state.is_over:
            play = normal_choice(view(state, state.to_act))
            sim = sim_of(state)
            policy = policy_table(state.rules)
            choice = normal_move(sim, policy)
            assert choice is not None
            assert choice[0] == RANK_CODE[play.card.rank]
            assert choice[1] == play_move(state.rules, state.total, play)
            sim.play(*choice)
            after, events = apply(state, play)
            if any(isinstance(e, StockRebuilt) for e in events):
                state = after
                continue
            round_over = any(isinstance(e, RoundEnded) for e in events)
            assert sim.ended == round_over
            deltas = [0] * players
            for event in events:
                if isinstance(event, LivesChanged):
                    deltas[event.seat] += event.change
            assert sim.deltas == deltas
            if round_over:
                ended += 1
            else:
                assert sim.total == after.total
                assert sim.to_act == after.to_act
                assert sim.direction == after.direction.step
                for seat in range(players):
                    assert sorted(sim.hands[seat]) == sorted(hand_codes(after.hands[seat]))
                assert len(sim.stock) == len(after.stock)
            compared += 1
            state = after
    assert compared > 100
    assert ended > 10


@pytest.mark.parametrize(("game", "players", "options"), SETUPS[:5])
def test_hard_model_plays_only_legal_cards(game: str, players: int, options: AddingOptions) -> None:
    names = [f"P{i}" for i in range(players)]
    checked = 0
    for seed in range(6):
        state, _ = new_game(game, names, kinds=["hard"] * players, options=options, seed=seed)
        model = HardModel(state.rules)
        sim = sim_of(state)
        while not sim.ended and sim.plays < 200:
            choice = model(sim)
            legal = sim.moves(sim.to_act)
            if choice is None:
                assert legal == []
                break
            assert choice in legal
            sim.play(*choice)
            checked += 1
    assert checked > 50


def test_hard_model_keeps_the_king_until_it_attacks() -> None:
    state, _ = new_game("arcade", ["A", "B", "C", "D"], kinds=["hard"] * 4, seed=3)
    model = HardModel(state.rules)
    sim = sim_of(state)
    king, five, eight = 12, 4, 7
    sim.hands[sim.to_act] = [king, five, eight]
    sim.total = 40
    assert model(sim) == (eight, sim.table[40][eight][0])  # far from 99: a high ordinary card
    sim.total = 90
    # 8 leaves the next player 98 (few cards fit) and keeps the King for later.
    assert model(sim) == (eight, sim.table[90][eight][0])
    sim.hands[sim.to_act] = [king, 8, 8]  # two 9s: passing wastes a special, the King attacks
    sim.total = 60
    assert model(sim) == (king, sim.table[60][king][0])
