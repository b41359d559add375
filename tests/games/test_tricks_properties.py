"""Seeded random games of the trick-taking game: what must hold in every one of them."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ninetynine_audio.cards import card_text, short_deck
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.registry import find_game
from ninetynine_audio.games.tricks import TricksState, view

SPEC = find_game("tricks")
NAMES = ("You", "Lily", "Max")
DECK = sorted(card_text(card) for card in short_deck())


def random_game(seed: int, declarations: bool = False, target: int = 100):
    """A whole game of random legal actions; the final state and every log line."""
    rng = random.Random(seed)
    setup = GameSetup(
        game="tricks",
        names=NAMES,
        kinds=("easy",) * 3,
        options={"declarations": declarations, "target": target},
        seed=seed,
    )
    state, events = SPEC.new_game(setup)
    lines = [event.to_log() for event in events]
    while not SPEC.is_over(state):
        seat = rng.choice(SPEC.seats_to_act(state))
        action = rng.choice(SPEC.legal_actions(state, seat))
        state, events = SPEC.apply(state, action)
        lines.extend(event.to_log() for event in events)
        assert len(lines) < 5000
    return state, lines


def deals(lines):
    current = None
    for line in lines:
        if line["event"] == "deal_started":
            current = [line]
        elif current is not None:
            current.append(line)
            if line["event"] == "deal_scored":
                yield current
                current = None


SEEDS = range(12)


@pytest.mark.parametrize("seed", SEEDS)
def test_every_deal_uses_the_36_cards_once_and_plays_nine_tricks(seed):
    _, lines = random_game(seed, declarations=seed % 2 == 1)
    for deal in deals(lines):
        hands = deal[0]["hands"]
        assert sorted(card for cards in hands.values() for card in cards) == DECK
        assert all(len(cards) == 12 for cards in hands.values())
        bids = [line for line in deal if line["event"] == "bid_made"]
        plays = [line for line in deal if line["event"] == "card_played"]
        tricks = [line for line in deal if line["event"] == "trick_won"]
        assert len(bids) == 3 and len(plays) == 27 and len(tricks) == 9
        assert [t["trick"] for t in tricks] == list(range(1, 10))
        for player, cards in hands.items():
            bid = next(b["cards"] for b in bids if b["player"] == player)
            played = [p["card"] for p in plays if p["player"] == player]
            assert Counter(bid + played) == Counter(cards)
        assert sum(1 for line in deal if line["event"] == "bid_declared") <= 1


@pytest.mark.parametrize("seed", SEEDS)
def test_scores_add_up_and_the_winner_is_alone_at_the_top(seed):
    state, lines = random_game(seed, declarations=seed % 3 == 0)
    totals = dict.fromkeys(NAMES, 0)
    for deal in deals(lines):
        scored = deal[-1]
        tricks = scored["tricks"]
        assert sum(tricks.values()) == 9
        for name in NAMES:
            totals[name] += scored["points"][name]
            assert scored["points"][name] >= tricks[name]
        assert scored["scores"] == totals
    ended = lines[-1]
    assert ended["event"] == "game_ended"
    top = max(totals.values())
    assert top >= 100
    assert list(totals.values()).count(top) == 1
    assert totals[ended["winner"]] == top
    outcome = SPEC.outcome(state)
    assert outcome is not None and outcome.winner == NAMES.index(ended["winner"])
    assert outcome.places[0] == outcome.winner


def test_a_game_goes_on_while_the_highest_totals_are_equal():
    # Among many seeded games some end a deal tied at the top past the target.
    found = 0
    for seed in range(200):
        _, lines = random_game(seed, target=20)
        scored = [line for line in lines if line["event"] == "deal_scored"]
        for line in scored[:-1]:
            values = list(line["scores"].values())
            if max(values) >= 20:
                assert values.count(max(values)) > 1
                found += 1
        if found:
            break
    assert found


@pytest.mark.parametrize("seed", range(6))
def test_a_log_replays_through_the_codec_to_the_same_lines(seed):
    _, lines = random_game(seed + 100, declarations=True)
    setup = SPEC.setup_from_log(lines[0])
    state, events = SPEC.new_game(setup)
    replayed = [event.to_log() for event in events]
    seats = {name: seat for seat, name in enumerate(setup.names)}
    position = len(replayed)
    while position < len(lines):
        encoded = SPEC.codec.from_log(lines, position, seats)
        assert encoded is not None, lines[position]
        action = SPEC.codec.decode(encoded, 3)
        assert SPEC.codec.encode(action) == encoded
        state, events = SPEC.apply(state, action)
        produced = [event.to_log() for event in events]
        assert produced == lines[position : position + len(produced)]
        position += len(produced)
    assert SPEC.is_over(state)


@pytest.mark.parametrize("seed", range(4))
def test_no_view_shows_another_players_hand_or_bid_cards_except_what_is_declared(seed):
    rng = random.Random(seed)
    setup = GameSetup(
        game="tricks", names=NAMES, kinds=("easy",) * 3, options={"declarations": True}, seed=seed
    )
    state, _ = SPEC.new_game(setup)
    while not SPEC.is_over(state):
        assert isinstance(state, TricksState)
        for seat in range(3):
            seen = view(state, seat)
            public = {card for plays in seen.played for _, card in plays.plays}
            public |= {card for _, card in seen.trick}
            shown = set(seen.hand) | set(seen.bid_cards) | public
            shown |= set(seen.declared_cards) | set(seen.revealed_hand)
            for other in range(3):
                if other == seat:
                    continue
                declared = seen.declared is not None and seen.declared[0] == other
                for card in state.bids[other]:
                    assert (card in shown) == declared
                revealed = (
                    declared and seen.declared is not None and seen.declared[1].value == "reveal"
                )
                for card in state.hands[other]:
                    assert (card in shown) == revealed
        seat = rng.choice(SPEC.seats_to_act(state))
        state, _ = SPEC.apply(state, rng.choice(SPEC.legal_actions(state, seat)))


def test_the_program_s_replay_finds_every_trick_taking_log_consistent():
    from ninetynine_audio.games.replay import replay_log

    records = []
    for seed in range(3):
        records.extend(random_game(seed + 50, declarations=seed != 0)[1])
    results = replay_log(records)
    assert len(results) == 3
    assert [result.problem for result in results] == [None, None, None]
    tampered = [dict(line) for line in records]
    first_play = next(i for i, line in enumerate(tampered) if line["event"] == "card_played")
    tampered[first_play + 1] = {**tampered[first_play + 1], "trick": 2}
    assert replay_log(tampered)[0].problem is not None
