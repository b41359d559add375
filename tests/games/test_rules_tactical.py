"""Tactical (33, 66, 99) rules (rules-decisions.md, tactical section)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers.engine import play, start

from ninetynine_audio.cards import parse_card
from ninetynine_audio.games.adding import (
    AddingOptions,
    CardPlayed,
    Direction,
    DirectionChanged,
    GameEnded,
    LivesChanged,
    PlayerOut,
    PlayerSkipped,
    PlayerStuck,
    RoundEnded,
    RoundStarted,
    new_game,
)
from ninetynine_audio.games.errors import ChoiceRequired, SetupError

THREE = ["A", "B", "C"]


def table(total, hand="3S 9D 9C", others=("2D 3D 5D", "2C 3C 5C"), lives=None):
    state, _ = start("tactical", THREE[: 1 + len(others)], [hand, *others])
    state = replace(state, total=total)
    if lives:
        state = replace(state, lives=lives)
    return state


def changes(events):
    return [(e.player, e.change, e.reason) for e in events if isinstance(e, LivesChanged)]


def played_total(events):
    return next(e for e in events if isinstance(e, CardPlayed)).total


def test_two_to_six_players_three_cards_ten_points():
    state, _ = new_game("tactical", THREE, seed=1)
    assert state.lives == (10, 10, 10)
    assert all(len(hand) == 3 for hand in state.hands)
    for count in (1, 7):
        with pytest.raises(SetupError):
            new_game("tactical", [f"P{i}" for i in range(count)])


@pytest.mark.parametrize("lives", [1, 50])
def test_points_adjustable_from_1_to_50(lives):
    state, _ = new_game("tactical", THREE, options=AddingOptions(lives=lives))
    assert state.lives == (lives,) * 3


@pytest.mark.parametrize("lives", [0, 51])
def test_points_outside_1_to_50_refused(lives):
    with pytest.raises(SetupError) as refused:
        new_game("tactical", THREE, options=AddingOptions(lives=lives))
    assert refused.value.details["option"] == "lives"


def test_ace_plus_one_or_plus_eleven():
    state = table(20, hand="AS 9D 9C")
    with pytest.raises(ChoiceRequired):
        play(state, "AS")
    assert play(state, "AS", "+1")[0].total == 21
    assert play(state, "AS", "+11")[0].total == 31


@pytest.mark.parametrize(("before", "after"), [(50, 25), (60, 30), (49, 98), (51, 102), (20, 40)])
def test_two_halves_an_even_total_above_49_else_doubles(before, after):
    _, events = play(table(before, hand="2S 9D 9C"), "2S")
    assert played_total(events) == after


@pytest.mark.parametrize(
    ("card", "value"),
    [("3S", 3), ("5S", 5), ("6S", 6), ("7S", 7), ("8S", 8), ("QS", 10), ("KS", 10), ("9S", 0)],
)
def test_face_values_queen_king_ten_nine_nothing(card, value):
    _, events = play(table(10, hand=f"{card} 9D 9C"), card)
    assert played_total(events) == 10 + value


def test_four_adds_four_and_reverses():
    state, events = play(table(10, hand="4S 9D 9C"), "4S")
    assert state.total == 14
    assert DirectionChanged(Direction.ANTICLOCKWISE) in events
    assert state.to_act == 2


def test_four_with_two_players_the_other_is_next_anyway():
    state, events = play(table(10, hand="4S 9D 9C", others=("2D 3D 5D",)), "4S")
    assert state.total == 14 and state.to_act == 1
    assert not any(isinstance(e, DirectionChanged) for e in events)


def test_ten_plus_or_minus_ten_stops_at_zero():
    assert play(table(40, hand="10S 9D 9C"), "10S", "+10")[0].total == 50
    assert play(table(4, hand="10S 9D 9C"), "10S", "-10")[0].total == 0


def test_jack_adds_ten_and_skips_the_next_player():
    state, events = play(table(10, hand="JS 9D 9C"), "JS")
    assert state.total == 20
    assert PlayerSkipped(1, "B") in events
    assert state.to_act == 2


def test_jack_with_two_players_its_player_goes_again():
    state, _events = play(table(10, hand="JS 9D 9C", others=("2D 3D 5D",)), "JS")
    assert state.to_act == 0


def test_any_card_may_be_played_even_past_a_limit():
    state = table(95, hand="8S 9D 9C")
    _, events = play(state, "8S")
    assert played_total(events) == 103
    assert not any(isinstance(e, PlayerStuck) for e in events)


def test_landing_exactly_on_33_every_other_player_loses_1():
    _, events = play(table(30, hand="3S 9D 9C"), "3S")
    assert changes(events) == [("B", -1, "landed_33"), ("C", -1, "landed_33")]


def test_landing_exactly_on_66_every_other_player_loses_1():
    _, events = play(table(60, hand="6S 9D 9C"), "6S")
    assert changes(events) == [("B", -1, "landed_66"), ("C", -1, "landed_66")]


def test_landing_exactly_on_99_wins_the_round_others_lose_2():
    state, events = play(table(91, hand="8S 9D 9C"), "8S")
    assert changes(events) == [("B", -2, "landed_99"), ("C", -2, "landed_99")]
    assert RoundEnded(1, None, "A") in events
    assert state.round == 2 and state.total == 0


def test_passing_33_without_landing_costs_the_player_1():
    _, events = play(table(29, hand="7S 9D 9C"), "7S")
    assert changes(events) == [("A", -1, "passed_33")]


def test_passing_66_without_landing_costs_the_player_1():
    _, events = play(table(62, hand="8S 9D 9C"), "8S")
    assert changes(events) == [("A", -1, "passed_66")]


def test_passing_by_doubling_or_by_an_ace_costs_1():
    _, events = play(table(31, hand="2S 9D 9C"), "2S")
    assert changes(events) == [("A", -1, "passed_33")]
    _, events = play(table(65, hand="AS 9D 9C"), "AS", "+11")
    assert changes(events) == [("A", -1, "passed_66")]


def test_over_99_costs_the_player_2_and_ends_the_round():
    _state, events = play(table(95, hand="8S 9D 9C"), "8S")
    assert changes(events) == [("A", -2, "bust")]
    assert RoundEnded(1, "A", None) in events


def test_a_two_doubling_over_99_costs_3_and_pays_for_passing_66():
    _state, events = play(table(51, hand="2S 9D 9C"), "2S")
    assert played_total(events) == 102
    assert changes(events) == [("A", -1, "passed_66"), ("A", -3, "doubled_over_99")]


def test_only_a_rise_counts():
    # from 70, a 2 halves to 35: it crosses 66 and 33 going down, which is free
    _, events = play(table(70, hand="2S 9D 9C"), "2S")
    assert changes(events) == []
    _, events = play(table(43, hand="10S 9D 9C"), "10S", "-10")
    assert changes(events) == []


def test_next_round_fresh_deal_clockwise_started_after_the_ender():
    state = table(91, hand="8S 9D 9C")
    state = replace(state, direction=Direction.ANTICLOCKWISE)
    state, events = play(state, "8S")
    started = events[-1]
    assert isinstance(started, RoundStarted)
    assert started.starter == "B" and started.direction is Direction.CLOCKWISE
    assert all(len(hand) == 3 for hand in state.hands) and state.pile == ()


def test_player_at_zero_or_below_is_out_hand_under_the_pile():
    state = table(30, hand="3S 9D 9C", lives=(10, 1, 10))
    state, events = play(state, "3S")
    assert PlayerOut(1, "B", 3) in events
    assert state.hands[1] == ()
    assert state.pile[:3] == tuple(parse_card(c) for c in ("2D", "3D", "5D"))
    assert state.to_act == 2


def test_last_player_with_points_wins():
    state = table(30, hand="3S 9D 9C", lives=(10, 1, 5), others=("2D 3D 5D", "2C 3C 5C"))
    state = replace(state, lives=(10, 1, 0), places=((2, 3),))
    state, events = play(state, "3S")
    assert events[-1] == GameEnded("A", ("A", "B", "C"), 1)


def test_a_single_play_putting_every_other_player_out_wins():
    state = table(91, hand="8S 9D 9C", lives=(1, 2, 1))
    state, events = play(state, "8S")
    outs = [e for e in events if isinstance(e, PlayerOut)]
    assert {e.player for e in outs} == {"B", "C"}
    assert events[-1].winner == "A"


def test_player_busting_away_the_last_points_is_out_and_the_others_play_on():
    # only A pays for going over 99, so B and C play on without A
    state = table(95, hand="8S 9D 9C", lives=(2, 3, 3))
    state, events = play(state, "8S")
    assert PlayerOut(0, "A", 3) in events
    assert state.winner is None and not state.is_over


def test_players_put_out_by_one_play_are_placed_in_the_order_they_would_have_played():
    four = ["A", "B", "C", "D"]
    state, _ = start("tactical", four, ["3S 9D 9C", "2D 3D 5D", "2C 3C 5C", "2H 3H 5H"])
    state = replace(state, total=30, lives=(10, 1, 5, 1))
    _, events = play(state, "3S")  # lands on 33: B and D lose their last point together
    outs = [(e.player, e.place) for e in events if isinstance(e, PlayerOut)]
    # Equal points left: the one who would have played sooner after A is placed higher.
    assert outs == [("B", 3), ("D", 4)]
