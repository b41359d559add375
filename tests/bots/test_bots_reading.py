"""Reading the other players' last plays from the pile (the tactical Expert)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from helpers.bots import KINDS, walk

from ninetynine_audio.bots.adding.knowledge import RANK_CODE, hand_codes
from ninetynine_audio.bots.adding.reading import MISS, HandReading, Memory, last_plays
from ninetynine_audio.cards import parse_cards
from ninetynine_audio.games.adding import AddingView, Direction
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.registry import find_game


@pytest.mark.parametrize("players", [4, 3, 2])
def test_the_pile_names_who_played_each_last_card_on_which_total(players):
    read = unsettled = 0
    for seed in range(3):
        for _, view, played in walk("tactical", seed, KINDS[:players]):
            back = dict.fromkeys(played, 0)
            for play in last_plays(view, depth=2):
                assert play.seat != view.seat
                back[play.seat] += 1
                code, choice, total, height = played[play.seat][-back[play.seat]]
                assert (play.code, play.height) == (code, height)
                if play.move is None:
                    unsettled += 1
                    continue
                assert (play.move[0], play.total) == (choice, total)
                read += 1
    assert read > 100 * players and read > 5 * unsettled


def test_the_real_hands_fit_the_plays_and_fit_better_than_random_ones():
    real = dealt = 0.0
    readings = misses = seats = 0
    rng = random.Random(5)
    for seed in range(3):
        for state, view, _ in walk("tactical", seed):
            reading = HandReading(view)
            if not reading:
                continue
            hands = [hand_codes(hand) for hand in state.hands]
            for seat in reading.chains:
                seats += 1
                misses += reading.seat_fit(seat, hands[seat]) <= MISS
            pool = [c for s, h in enumerate(hands) if s != view.seat for c in h]
            pool += hand_codes(state.stock)
            rng.shuffle(pool)
            other = [list(h) for h in hands]
            for seat in range(len(hands)):
                if seat != view.seat:
                    other[seat], pool = pool[: len(hands[seat])], pool[len(hands[seat]) :]
            real += reading.weight(hands)
            dealt += reading.weight(other)
            readings += 1
    assert readings > 200
    # Normal's choice is worked out exactly, Hard's score on nearly the cards it had not seen.
    assert misses < 0.03 * seats
    assert real / readings > 1.4 * dealt / readings


def seven_on_twenty() -> AddingView:
    """Three seats; Normal (seat 1) has just played a 7 on 20, seat 2 to act."""
    spec = find_game("tactical")
    kinds = ("human", "normal", "human")
    setup = GameSetup(spec.id, spec.default_names(kinds), kinds, {}, 1, None)
    state, _ = spec.new_game(setup)
    return replace(
        spec.view(state, 2),
        hand=tuple(parse_cards("2S 3S 5S")),
        hand_sizes=(3, 3, 3),
        pile=tuple(parse_cards("QS KS 7D")),
        total=27,
        direction=Direction.CLOCKWISE,
        to_act=2,
        dealer=1,
    )


def test_normal_that_played_a_seven_on_twenty_held_no_lower_ordinary_card():
    view = seven_on_twenty()
    (play,) = [p for p in last_plays(view) if p.seat == 1]
    assert (play.code, play.total) == (RANK_CODE[parse_cards("7D")[0].rank], 20)
    reading = HandReading(view, depth=1)
    hands = [[], hand_codes(tuple(parse_cards("8H KH 9H"))), []]
    assert reading.weight(hands) == 1.0
    # A 6 kept is lower than the 7 whichever card was drawn since, unless the 6 was the draw.
    hands[1] = hand_codes(tuple(parse_cards("6H 8H 8C")))
    assert reading.weight(hands) == pytest.approx(1 / 3)


def test_a_pile_that_stops_growing_from_the_one_seen_is_not_read_again_that_round():
    view = seven_on_twenty()
    memory = Memory()
    assert HandReading(view, memory)
    # The stock was rebuilt from the pile: only its top card stays under the new plays.
    rebuilt = replace(view, pile=tuple(parse_cards("7D 6S 9S")), total=33)
    assert not HandReading(rebuilt, memory)
    assert not HandReading(replace(rebuilt, pile=(*rebuilt.pile, *parse_cards("3C"))), memory)
    assert HandReading(replace(view, round=view.round + 1), memory), "a new round is read"
