"""Classic rules, one test per rule of rules-decisions.md (classic section)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from helpers.engine import names_of, play, stack, start

from ninetynine_audio.cards import parse_card, parse_cards, standard_deck
from ninetynine_audio.games.adding import (
    AddingOptions,
    CardDrawn,
    CardPlayed,
    Choice,
    Direction,
    DirectionChanged,
    DrawCard,
    DrawMissed,
    GameEnded,
    LivesChanged,
    PlayCard,
    PlayerOut,
    PlayerStuck,
    RoundStarted,
    StockRebuilt,
    apply,
    legal_actions,
    new_game,
)
from ninetynine_audio.games.errors import SetupError, TotalTooHigh

FOUR = ["Anna", "Ben", "Carla", "Dan"]
FILL = "AS AH AD AC 2S 2H 2D 3S 3H 3D"


def at_total(state, total):
    return replace(state, total=total)


def test_worked_example_of_the_rules_text_replays_exactly():
    # Anna K → 99, Ben 9 → 99, Carla 4 → 99 and reverses, Ben 10 as minus → 89,
    # Anna 8 → 97, Dan holds 5, 6, 7 and loses the hand.
    state, _ = start(
        "classic",
        FOUR,
        ["KS 8H 2C", "9H 10D 3C", "4C QD JD", "5S 6H 7C"],
        then=FILL,
    )
    totals = []
    state, events = play(state, "KS")
    totals.append(state.total)
    state, events = play(state, "9H")
    totals.append(state.total)
    state, events = play(state, "4C")
    assert DirectionChanged(Direction.ANTICLOCKWISE) in events
    assert state.players[state.to_act] == "Ben"
    totals.append(state.total)
    state, events = play(state, "10D", "-10")
    totals.append(state.total)
    assert state.players[state.to_act] == "Anna"
    state, events = play(state, "8H")
    assert totals == [99, 99, 99, 89]
    assert [e.total for e in events if isinstance(e, CardPlayed)] == [97]
    stuck = [e for e in events if isinstance(e, PlayerStuck)]
    assert [(e.player, [str(c) for c in e.hand]) for e in stuck] == [("Dan", ["5S", "6H", "7C"])]
    assert LivesChanged(3, "Dan", -1, 4, "stuck") in events
    assert names_of(events)[-3:] == ["lives_changed", "round_ended", "round_started"]
    new_round = events[-1]
    assert isinstance(new_round, RoundStarted)
    # the deal passes left from Dan to Anna, and Ben (left of Anna) starts, clockwise
    assert (new_round.dealer, new_round.starter) == ("Anna", "Ben")
    assert new_round.direction is Direction.CLOCKWISE and new_round.total == 0


def test_up_to_four_players_use_one_deck_and_five_tokens():
    state, _ = new_game("classic", FOUR, seed=3)
    assert state.lives == (5, 5, 5, 5)
    cards = Counter(c for hand in state.hands for c in hand) + Counter(state.stock)
    assert cards == Counter(standard_deck(1))


def test_five_or_more_players_use_two_decks_and_three_tokens():
    state, _ = new_game("classic", ["A1", "B2", "C3", "D4", "E5"], seed=3)
    assert state.lives == (3,) * 5
    cards = Counter(c for hand in state.hands for c in hand) + Counter(state.stock)
    assert cards == Counter(standard_deck(2))


@pytest.mark.parametrize("count", [1, 9])
def test_two_to_eight_players(count):
    with pytest.raises(SetupError):
        new_game("classic", [f"P{i}" for i in range(count)])


@pytest.mark.parametrize(
    ("card", "before", "after"),
    [
        ("AS", 50, 51),
        ("2S", 50, 52),
        ("3S", 50, 53),
        ("5S", 50, 55),
        ("6S", 50, 56),
        ("7S", 50, 57),
        ("8S", 50, 58),
        ("JS", 50, 60),
        ("QS", 50, 60),
        ("KS", 50, 99),
        ("KS", 99, 99),
        ("9S", 50, 50),
        ("4S", 50, 50),
    ],
)
def test_card_values(card, before, after):
    state, _ = start("classic", ["A", "B", "C"], [f"{card} 9D 9C", "2D 3D 5D", "2C 3C 5C"])
    state, events = play(at_total(state, before), card)
    played = next(e for e in events if isinstance(e, CardPlayed))
    assert (played.total_before, played.total) == (before, after)


def test_ten_is_plus_or_minus_ten_at_the_players_choice():
    state, _ = start("classic", ["A", "B"], ["10S 9D 9C", "2D 3D 5D"])
    up, _ = play(at_total(state, 40), "10S", "+10")
    down, _ = play(at_total(state, 40), "10S", "-10")
    assert (up.total, down.total) == (50, 30)


def test_minus_ten_stops_at_zero():
    state, _ = start("classic", ["A", "B"], ["10S 9D 9C", "2D 3D 5D"])
    state, _ = play(at_total(state, 4), "10S", "-10")
    assert state.total == 0


def test_plus_ten_may_not_be_chosen_where_it_would_pass_99():
    state, _ = start("classic", ["A", "B"], ["10S 9D 9C", "2D 3D 5D"])
    state = at_total(state, 91)
    with pytest.raises(TotalTooHigh) as refused:
        play(state, "10S", "+10")
    assert refused.value.details["total"] == 101
    # with no choice given, the only way open is taken
    after, events = play(state, "10S")
    assert after.total == 81
    assert next(e for e in events if isinstance(e, CardPlayed)).choice is Choice.MINUS_TEN


def test_a_play_must_keep_the_total_at_99_or_below():
    state, _ = start("classic", ["A", "B"], ["7S 9D 9C", "2D 3D 5D"])
    state = at_total(state, 96)
    with pytest.raises(TotalTooHigh) as refused:
        play(state, "7S")
    assert refused.value.code == "over_99" and refused.value.details["total"] == 103
    assert PlayCard(0, parse_card("7S")) not in legal_actions(state)


def test_four_reverses_the_direction():
    state, _ = start("classic", ["A", "B", "C"], ["4S 9D 9C", "2D 3D 5D", "2C 3C 5C"])
    state, events = play(state, "4S")
    assert DirectionChanged(Direction.ANTICLOCKWISE) in events
    assert state.to_act == 2


def test_four_with_two_players_acts_like_a_nine():
    state, _ = start("classic", ["A", "B"], ["4S 9D 9C", "2D 3D 5D"])
    state, events = play(state, "4S")
    assert not any(isinstance(e, DirectionChanged) for e in events)
    assert state.to_act == 1 and state.direction is Direction.CLOCKWISE


@pytest.mark.parametrize("card", ["KS", "9S", "4S", "10S"])
def test_king_nine_four_and_minus_ten_are_always_safe(card):
    state, _ = start("classic", ["A", "B"], [f"{card} 8D 8C", "2D 3D 5D"])
    state = at_total(state, 99)
    after, _ = play(state, card, "-10" if card == "10S" else None)
    assert after.total <= 99


def test_stuck_player_shows_the_hand_loses_a_token_and_the_hand_ends():
    state, _ = start("classic", ["A", "B", "C"], ["KS 9D 9C", "5D 6D 7D", "2C 3C 5C"])
    state, events = play(state, "KS")
    assert names_of(events) == [
        "card_played",
        "card_drawn",
        "player_stuck",
        "lives_changed",
        "round_ended",
        "round_started",
    ]
    assert state.lives == (5, 4, 5) and state.total == 0 and state.round == 2


def test_deal_one_card_at_a_time_from_the_left_of_the_dealer():
    deck = parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S")
    state, events = new_game("classic", ["A", "B", "C"], deck=deck, seed=1)
    assert [[str(c) for c in h] for h in state.hands] == [
        ["AS", "4S", "7S"],
        ["2S", "5S", "8S"],
        ["3S", "6S", "9S"],
    ]
    started = events[1]
    assert isinstance(started, RoundStarted)
    # the last seat deals first, so the first seat (left of the dealer) starts
    assert (started.dealer, started.starter) == ("C", "A")


def test_deal_passes_left_skipping_players_who_are_out():
    state, _ = start("classic", ["A", "B", "C"], ["KS 9D 9C", "5D 6D 7D", "2C 3C 5C"])
    # B will lose the hand; make it B's last token
    state = replace(state, lives=(5, 1, 5))
    state, events = play(state, "KS")
    assert PlayerOut(1, "B", 3) in events
    started = events[-1]
    assert isinstance(started, RoundStarted)
    # dealer C passes left to A; the player left of A still in is C (B is out)
    assert (started.dealer, started.starter) == ("A", "C")
    assert state.hands[1] == ()


def test_everything_is_reshuffled_after_each_hand():
    state, _ = start("classic", ["A", "B", "C"], ["KS 9D 9C", "5D 6D 7D", "2C 3C 5C"])
    state, _ = play(state, "KS")
    cards = Counter(c for hand in state.hands for c in hand) + Counter(state.stock)
    assert cards == Counter(standard_deck(1)) and state.pile == ()


def test_empty_stock_keeps_the_top_card_and_shuffles_the_rest():
    state, _ = start("classic", ["A", "B"], ["2S 3S 5S", "2D 3D 5D"])
    pile = parse_cards("6S 6H 6D 6C 8S")
    state = replace(state, stock=(), pile=pile, total=20)
    state, events = play(state, "2S")
    rebuilt = next(e for e in events if isinstance(e, StockRebuilt))
    assert rebuilt.cards == 5
    assert state.pile == (parse_card("2S"),)
    drawn = next(e for e in events if isinstance(e, CardDrawn))
    assert drawn.card in pile
    assert Counter(state.stock) + Counter([drawn.card]) == Counter(pile)


def test_player_without_tokens_is_out_and_last_with_tokens_wins():
    state, _ = start("classic", ["A", "B"], ["KS 9D 9C", "5D 6D 7D"])
    state = replace(state, lives=(5, 1))
    state, events = play(state, "KS")
    assert PlayerOut(1, "B", 2) in events
    assert events[-1] == GameEnded("A", ("A", "B"), 1)
    assert state.is_over and state.winner == 0 and legal_actions(state) == ()


def test_variant_swapped_nine_and_king():
    options = AddingOptions(swap_nine_king=True)
    state, _ = start("classic", ["A", "B"], ["9S KD 2C", "2D 3D 5D"], options=options)
    _, events = play(at_total(state, 40), "9S")
    assert next(e for e in events if isinstance(e, CardPlayed)).total == 99
    after, _ = play(at_total(state, 40), "KD")
    assert after.total == 40


def test_variant_ten_always_minus():
    options = AddingOptions(ten_always_minus=True)
    state, _ = start("classic", ["A", "B"], ["10S 9D 9C", "2D 3D 5D"], options=options)
    after, events = play(at_total(state, 40), "10S")
    assert after.total == 30
    assert next(e for e in events if isinstance(e, CardPlayed)).choice is Choice.MINUS_TEN
    from ninetynine_audio.games.errors import ChoiceNotAllowed

    with pytest.raises(ChoiceNotAllowed):
        play(at_total(state, 40), "10S", "+10")


def test_variant_three_tokens():
    state, events = new_game("classic", FOUR, options=AddingOptions(lives=3), seed=2)
    assert state.lives == (3, 3, 3, 3)
    assert events[0].to_log()["options"]["lives"] == 3


@pytest.mark.parametrize("size", [3, 4, 5, 7])
def test_variant_hand_size(size):
    state, _ = new_game("classic", FOUR, options=AddingOptions(hand_size=size), seed=2)
    assert all(len(hand) == size for hand in state.hands)
    state, _ = apply(state, legal_actions(state)[0])
    assert len(state.hands[0]) == size or state.round == 2


@pytest.mark.parametrize("size", [2, 6, 8])
def test_variant_hand_size_only_3_4_5_or_7(size):
    with pytest.raises(SetupError) as refused:
        new_game("classic", FOUR, options=AddingOptions(hand_size=size))
    assert refused.value.details["option"] == "hand_size"


def test_variant_keep_going():
    options = AddingOptions(keep_going=True)
    state, _ = start(
        "classic", ["A", "B", "C"], ["KS 9D 9C", "5D 6D 7D", "2C 3C 5C"], options=options
    )
    state, events = play(state, "KS")
    started = events[-1]
    assert isinstance(started, RoundStarted) and not started.dealt
    # only the total goes back to 0; everyone keeps the hand; the player after the loser starts
    assert state.total == 0 and state.to_act == 2
    assert [str(c) for c in state.hands[1]] == ["5D", "6D", "7D"]
    assert len(state.hands[0]) == 3 and state.pile == ()
    assert parse_card("KS") in state.discard


def test_variant_two_player_four():
    options = AddingOptions(two_player_four=True)
    state, _ = start("classic", ["A", "B"], ["4S 9D 9C", "2D 3D 5D"], options=options)
    state, _ = play(state, "4S")
    assert state.to_act == 0


def test_variant_straight_out():
    options = AddingOptions(straight_out=True)
    state, events = start(
        "classic", ["A", "B", "C"], ["KS 9D 9C", "5D 6D 7D", "2C 3C 5C"], options=options
    )
    assert state.lives == (1, 1, 1)
    state, events = play(state, "KS")
    assert PlayerOut(1, "B", 3) in events


def test_variant_manual_draw():
    options = AddingOptions(manual_draw=True)
    state, _ = start(
        "classic",
        ["A", "B", "C"],
        ["2S 3S 5S", "2D 3D 5D", "2C 3C 5C"],
        "6H 7H 8H",
        options=options,
    )
    state, events = play(state, "2S")
    assert not any(isinstance(e, CardDrawn) for e in events)
    assert state.owes_draw[0] and len(state.hands[0]) == 2
    # A draws in time
    drawn_state, events = apply(state, DrawCard(0))
    assert len(drawn_state.hands[0]) == 3 and not drawn_state.owes_draw[0]
    # or B plays first and A has missed it for the rest of the hand
    missed, events = play(state, "2D")
    assert DrawMissed(0, "A") in events
    assert not missed.owes_draw[0] and len(missed.hands[0]) == 2
    from ninetynine_audio.games.errors import NothingToDraw

    with pytest.raises(NothingToDraw):
        apply(missed, DrawCard(0))


def test_two_decks_same_text_names_either_copy():
    deck = stack(["KS KS 9C", "2D 3D 5D", "2C 3C 5C", "2H 3H 5H", "6S 6H 6D"])
    state, _ = new_game("classic", ["A", "B", "C", "D", "E"], deck=deck, seed=1)
    assert state.hands[0].count(parse_card("KS")) == 2
    too_many = stack(["KS KS KS", "2D 3D 5D", "2C 3C 5C", "2H 3H 5H", "6S 6H 6D"])
    with pytest.raises(SetupError):
        new_game("classic", ["A", "B", "C", "D", "E"], deck=too_many, seed=1)


def test_first_stacked_card_leads_the_stock_after_the_deal():
    state, events = start("classic", ["A", "B"], ["2S 3S 5S", "2D 3D 5D"], then="KH QH")
    assert state.stock[:2] == parse_cards("KH QH")
    state, events = play(state, "2S")
    assert CardDrawn(0, "A", parse_card("KH")) in events


def test_direction_of_stuck_check_uses_the_direction_after_a_reverse():
    # A reverses; C (now next) holds only high cards at 95 and is stuck
    state, _ = start("classic", ["A", "B", "C"], ["4S 9D 9C", "2D 3D 5D", "6C 7C 8C"])
    state, events = play(at_total(state, 95), "4S")
    assert PlayerStuck(2, "C", parse_cards("6C 7C 8C"), 95) in events
