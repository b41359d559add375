"""Colour game rules, one test per rule of the rulebook and of rules-decisions.md (colours)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers.colours import deal, with_row

from ninetynine_audio.cards import ColourCard, colour_deck, parse_colour_card, parse_colour_cards
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.colours import (
    AlreadyScored,
    CardsDealt,
    CardsDrawn,
    ColourInRow,
    ColoursState,
    DrawPileRenewed,
    EndPiles,
    GameEnded,
    NothingToScore,
    NoWayOntoPile,
    Phase,
    PileCardPlayed,
    PileLimitReached,
    PlaceRowCard,
    PlayToPile,
    ReserveRebuilt,
    RowCardAlreadyPlaced,
    RowCardFirst,
    RowNotRising,
    RowScored,
    ScoreRow,
    ScoringTooLate,
    TurnStarted,
    Way,
    all_cards,
    apply,
    check,
    legal_actions,
    new_game,
    ways_onto,
)
from ninetynine_audio.games.errors import CardNotInHand, NotYourTurn

C = parse_colour_card


def play(state: ColoursState, *actions: object) -> tuple[ColoursState, list[object]]:
    events: list[object] = []
    for action in actions:
        state, new = apply(state, action)  # type: ignore[arg-type]
        events.extend(new)
    return state, events


def row(seat: int, card: str) -> PlaceRowCard:
    return PlaceRowCard(seat, C(card))


def pile(seat: int, card: str, number: int) -> PlayToPile:
    return PlayToPile(seat, C(card), number)


# ---------------------------------------------------------------------------- set-up


def test_the_deal_gives_six_in_hand_fifteen_in_each_draw_pile_two_piles_and_the_reserve():
    state, events = deal(["", "", ""])
    assert [len(h) for h in state.hands] == [6, 6, 6]
    assert [len(p) for p in state.draw_piles] == [15, 15, 15]
    assert all(len(p) == 1 for p in state.discards)
    assert len(state.reserve) == 110 - 3 * 21 - 2
    assert sorted(map(str, all_cards(state))) == sorted(map(str, colour_deck()))
    dealt = next(e for e in events if isinstance(e, CardsDealt))
    assert dealt.reserve == state.reserve


def test_the_game_is_for_two_to_four_players():
    from ninetynine_audio.games.errors import SetupError

    for count in (1, 5):
        with pytest.raises(SetupError):
            new_game(GameSetup("colours", tuple("ABCDE"[:count]), ("easy",) * count))


def test_the_seat_after_the_dealer_starts_and_turns_go_clockwise():
    state, events = deal(["", "", ""])
    assert state.dealer == 2
    assert state.to_act == 0
    assert TurnStarted("Sarah", 0, 1, False) in events
    hand = state.hands[0]
    state, events = play(state, PlaceRowCard(0, hand[0]), EndPiles(0))
    assert state.to_act == 1
    assert TurnStarted("Tim", 1, 2, False) in events


def test_against_the_computer_you_start_and_the_seat_before_you_deals():
    setup = GameSetup("colours", ("Lily", "You", "Max"), ("normal", "human", "normal"))
    state, events = new_game(setup)
    assert state.to_act == 1
    assert state.dealer == 0
    assert any(isinstance(e, TurnStarted) and e.player == "You" for e in events)


# ---------------------------------------------------------------------------- Action A


def test_any_card_starts_an_empty_row():
    state, _ = deal(["purple-1 red-0 pink-10 grey-5 black-3 green-7", ""])
    placeable = {a.card for a in legal_actions(state, 0) if isinstance(a, PlaceRowCard)}
    assert placeable == set(state.hands[0])


def test_a_row_card_must_be_higher_than_the_last_card_of_the_row():
    state, _ = deal(["purple-1 red-0 pink-10 grey-5 black-3 green-7", ""])
    state = with_row(state, 0, "yellow-5")
    with pytest.raises(RowNotRising) as caught:
        check(state, row(0, "black-3"))
    assert caught.value.details["last"] == C("yellow-5")
    with pytest.raises(RowNotRising):
        check(state, row(0, "grey-5"))
    state, _events = play(state, row(0, "green-7"))
    assert state.rows[0] == parse_colour_cards("yellow-5 green-7")


def test_gaps_of_any_size_are_allowed_in_a_row():
    state, _ = deal(["purple-1 red-0 pink-10 grey-5 black-3 green-7", ""])
    state = with_row(state, 0, "yellow-0")
    state, _ = play(state, row(0, "pink-10"))
    assert state.rows[0][-1] == C("pink-10")


def test_a_colour_may_appear_only_once_in_a_row():
    state, _ = deal(["purple-9 red-0 pink-10 grey-5 black-3 green-7", ""])
    state = with_row(state, 0, "purple-1 yellow-4")
    with pytest.raises(ColourInRow) as caught:
        check(state, row(0, "purple-9"))
    assert str(caught.value) == "purple is already in your row"
    assert caught.value.code == "colour_in_row"


def test_exactly_one_row_card_a_turn():
    state, _ = deal(["purple-1 red-2 pink-3 grey-5 black-6 green-7", ""])
    state, _ = play(state, row(0, "purple-1"))
    with pytest.raises(RowCardAlreadyPlaced):
        check(state, row(0, "red-2"))
    assert not any(isinstance(a, PlaceRowCard) for a in legal_actions(state, 0))


def test_the_row_card_comes_before_the_piles_and_the_end_of_the_turn():
    state, _ = deal(["purple-1 red-2 pink-3 grey-5 black-6 green-7", ""], tops="purple-0 red-1")
    with pytest.raises(RowCardFirst):
        check(state, pile(0, "red-2", 2))
    with pytest.raises(RowCardFirst):
        check(state, EndPiles(0))


def test_a_row_of_n_cards_scores_n_times_n():
    # Tim's row of five is worth 25.
    state, _ = deal(["purple-1 red-2 pink-3 grey-5 black-6 green-7", ""])
    state = with_row(state, 0, "red-1 yellow-2 green-4 grey-6 light-blue-8")
    state, events = play(state, ScoreRow(0))
    scored = next(e for e in events if isinstance(e, RowScored))
    assert (scored.points, scored.forced, scored.score) == (25, False, 25)
    assert state.rows[0] == ()
    assert state.scores == (25, 0)


def test_a_row_no_hand_card_can_extend_is_scored_first_then_a_new_row_starts():
    state, _ = deal(
        ["purple-1 red-2 pink-3 grey-5 black-6 green-7", "orange-1 red-3 red-4 red-5 red-6 red-7"]
    )
    state = with_row(state, 1, "yellow-2 red-8")
    state, events = play(state, row(0, "purple-1"), EndPiles(0))
    forced = [e for e in events if isinstance(e, RowScored)]
    assert len(forced) == 1
    assert forced[0].forced and forced[0].points == 4 and forced[0].player == "Tim"
    assert (
        events.index(forced[0])
        == events.index(next(e for e in events if isinstance(e, TurnStarted))) + 1
    )
    assert state.rows[1] == ()
    assert state.phase is Phase.ROW
    state, _ = play(state, row(1, "red-3"))
    assert state.rows[1] == (C("red-3"),)


def test_the_cleared_row_is_set_aside():
    state, _ = deal(["purple-1 red-2 pink-3 grey-5 black-6 green-7", ""])
    state = with_row(state, 0, "yellow-0 orange-9")
    state, _ = play(state, ScoreRow(0))
    assert state.set_aside == parse_colour_cards("yellow-0 orange-9")


def test_voluntary_scoring_may_come_before_the_row_card():
    state, _ = deal(["purple-1 red-2 pink-3 grey-5 black-6 green-7", ""])
    state = with_row(state, 0, "yellow-8")
    state, _ = play(state, ScoreRow(0), row(0, "purple-1"))
    assert state.scores[0] == 1
    assert state.rows[0] == (C("purple-1"),)


def test_voluntary_scoring_may_come_after_the_row_card():
    state, _ = deal(["purple-1 red-2 pink-3 grey-5 black-6 green-7", ""])
    state = with_row(state, 0, "yellow-0")
    state, _ = play(state, row(0, "purple-1"), ScoreRow(0))
    assert state.scores[0] == 4
    assert state.rows[0] == ()
    assert state.phase is Phase.PILES


def test_at_most_one_voluntary_scoring_a_turn():
    state, _ = deal(["purple-1 red-2 pink-3 grey-5 black-6 green-7", ""])
    state = with_row(state, 0, "yellow-0")
    state, _ = play(state, ScoreRow(0), row(0, "purple-1"))
    with pytest.raises(AlreadyScored):
        check(state, ScoreRow(0))
    assert ScoreRow(0) not in legal_actions(state, 0)


def test_a_forced_scoring_does_not_count_as_the_voluntary_one():
    state, _ = deal(
        ["purple-1 red-2 pink-3 grey-5 black-6 green-7", "orange-1 red-3 red-4 red-5 red-6 red-7"]
    )
    state = with_row(state, 1, "yellow-2 red-8")
    state, _ = play(state, row(0, "purple-1"), EndPiles(0), row(1, "red-3"), ScoreRow(1))
    assert state.scores[1] == 4 + 1


def test_an_empty_row_cannot_be_scored():
    state, _ = deal(["purple-1 red-2 pink-3 grey-5 black-6 green-7", ""])
    with pytest.raises(NothingToScore):
        check(state, ScoreRow(0))


def test_scoring_by_choice_ends_with_the_first_pile_play():
    state, _ = deal(["purple-1 red-2 pink-3 grey-5 black-6 green-7", ""], tops="pink-0 red-9")
    state, _ = play(state, row(0, "purple-1"), pile(0, "pink-3", 1))
    with pytest.raises(ScoringTooLate):
        check(state, ScoreRow(0))


# ---------------------------------------------------------------------------- Action B


def test_same_colour_goes_onto_a_pile():
    assert ways_onto(C("purple-9"), C("purple-2")) == (Way.SAME_COLOUR,)


def test_plus_one_goes_onto_a_pile():
    assert ways_onto(C("red-8"), C("green-7")) == (Way.PLUS_ONE,)
    assert ways_onto(C("red-2"), C("green-1")) == (Way.PLUS_ONE,)


def test_sum_ten_goes_onto_a_pile():
    assert ways_onto(C("red-8"), C("green-2")) == (Way.SUM_TEN,)
    assert ways_onto(C("red-0"), C("green-10")) == (Way.SUM_TEN,)
    assert ways_onto(C("red-5"), C("green-5")) == (Way.SUM_TEN,)


def test_every_way_that_holds_is_named():
    assert ways_onto(C("green-6"), C("green-4")) == (Way.SAME_COLOUR, Way.SUM_TEN)


def test_plus_one_cannot_go_past_10():
    top = C("grey-10")
    for value in range(11):
        ways = ways_onto(ColourCard(C("red-0").colour, value), top)
        assert Way.PLUS_ONE not in ways
        assert (Way.SUM_TEN in ways) == (value == 0)


def test_a_card_that_fits_no_way_is_refused_with_the_reasons():
    state, _ = deal(["purple-1 red-4 pink-3 grey-5 black-6 green-7", ""], tops="orange-9 yellow-9")
    state, _ = play(state, row(0, "purple-1"))
    with pytest.raises(NoWayOntoPile) as caught:
        check(state, pile(0, "red-4", 1))
    assert str(caught.value) == (
        "a 4 cannot go on the 9: not the same colour, not one higher, and they make 13"
    )
    assert caught.value.details["sum"] == 13


def test_the_rulebook_example_of_pile_plays_switches_piles_and_ways():
    # Dark blue 9 on dark blue 2, black 10 on it, then red 4 on red 7 and orange 6 on red 4.
    state, _ = deal(
        ["purple-1 dark-blue-9 black-10 red-4 orange-6 green-0", ""], tops="dark-blue-2 red-7"
    )
    state, events = play(
        state,
        row(0, "purple-1"),
        pile(0, "dark-blue-9", 1),
        pile(0, "black-10", 1),
        pile(0, "red-4", 2),
        pile(0, "orange-6", 2),
    )
    plays = [e for e in events if isinstance(e, PileCardPlayed)]
    assert [(str(p.card), p.pile, str(p.onto), p.ways) for p in plays] == [
        ("dark-blue-9", 1, "dark-blue-2", (Way.SAME_COLOUR,)),
        ("black-10", 1, "dark-blue-9", (Way.PLUS_ONE,)),
        ("red-4", 2, "red-7", (Way.SAME_COLOUR,)),
        ("orange-6", 2, "red-4", (Way.SUM_TEN,)),
    ]
    assert state.pile_tops == (C("black-10"), C("orange-6"))


def test_playing_onto_the_piles_is_optional():
    state, _ = deal(["purple-1 dark-blue-9 black-10 red-4 orange-6 green-0", ""])
    state, events = play(state, row(0, "purple-1"), EndPiles(0))
    assert not any(isinstance(e, PileCardPlayed) for e in events)
    assert state.to_act == 1


def test_at_most_five_cards_go_onto_the_piles_in_a_turn():
    state, _ = deal(
        ["purple-1 purple-2 purple-3 red-4 orange-6 green-0", ""], tops="purple-0 red-0"
    )
    state, _ = play(state, row(0, "purple-1"))
    state = replace(state, pile_plays=5)
    with pytest.raises(PileLimitReached):
        check(state, pile(0, "purple-2", 1))
    assert legal_actions(state, 0) == (EndPiles(0),)


def test_a_card_not_in_the_hand_cannot_be_played():
    state, _ = deal(["purple-1 purple-2 purple-3 red-4 orange-6 green-0", ""])
    with pytest.raises(CardNotInHand):
        check(state, row(0, "pink-9"))


def test_only_the_player_whose_turn_it_is_may_act():
    state, _ = deal(["", ""])
    with pytest.raises(NotYourTurn):
        check(state, ScoreRow(1))
    assert legal_actions(state, 1) == ()


# ---------------------------------------------------------------------------- Action C


def test_action_c_draws_back_to_six_from_the_own_draw_pile():
    state, _ = deal(
        ["purple-1 dark-blue-9 black-10 red-4 orange-6 green-0", ""],
        piles=["pink-1 pink-2 pink-3"],
        tops="dark-blue-2 red-7",
    )
    state, events = play(state, row(0, "purple-1"), pile(0, "dark-blue-9", 1), EndPiles(0))
    drawn = [e for e in events if isinstance(e, CardsDrawn)]
    assert [d.cards for d in drawn] == [parse_colour_cards("pink-1 pink-2")]
    assert len(state.hands[0]) == 6
    assert state.draw_piles[0][0] == C("pink-3")


def _with_pile(state: ColoursState, seat: int, cards: str) -> ColoursState:
    piles = list(state.draw_piles)
    reserve = list(state.reserve)
    named = parse_colour_cards(cards)
    piles[seat] = named
    # The cards the draw pile held go under the reserve, so every card is still somewhere.
    reserve += [c for c in state.draw_piles[seat] if c not in named]
    reserve = [c for c in reserve if c not in named]
    return replace(state, draw_piles=tuple(piles), reserve=tuple(reserve))


def test_an_emptied_draw_pile_scores_15_and_takes_the_reserve_top_15():
    state, _ = deal(["purple-1 dark-blue-9 black-10 red-4 orange-6 green-0", ""])
    state = _with_pile(state, 0, "pink-1")
    top15 = state.reserve[:15]
    state, events = play(state, row(0, "purple-1"), EndPiles(0))
    kinds = [type(e) for e in events]
    assert kinds[1:3] == [CardsDrawn, DrawPileRenewed]
    renewed = events[2]
    assert isinstance(renewed, DrawPileRenewed)
    assert renewed.cards == top15 and renewed.points == 15 and renewed.score == 15
    assert state.draw_piles[0] == top15
    assert sorted(map(str, all_cards(state))) == sorted(map(str, colour_deck()))


def test_drawing_goes_on_from_the_renewed_pile():
    state, _ = deal(
        ["purple-1 dark-blue-9 black-10 red-4 orange-6 green-0", ""], tops="dark-blue-2 red-7"
    )
    state = _with_pile(state, 0, "pink-1")
    top = state.reserve[:2]
    state, events = play(
        state, row(0, "purple-1"), pile(0, "dark-blue-9", 1), pile(0, "black-10", 1), EndPiles(0)
    )
    drawn = [e for e in events if isinstance(e, CardsDrawn)]
    assert [d.cards for d in drawn] == [(C("pink-1"),), top]
    assert len(state.hands[0]) == 6


def test_taking_the_last_card_needed_also_renews_the_pile():
    state, _ = deal(["purple-1 dark-blue-9 black-10 red-4 orange-6 green-0", ""])
    state = _with_pile(state, 0, "pink-1")
    state, events = play(state, row(0, "purple-1"), EndPiles(0))
    assert any(isinstance(e, DrawPileRenewed) for e in events)
    assert len(state.hands[0]) == 6


def test_a_short_reserve_is_rebuilt_first_its_cards_on_top():
    state, _ = deal(["purple-1 dark-blue-9 black-10 red-4 orange-6 green-0", ""])
    state = _with_pile(state, 0, "pink-1")
    kept = state.reserve[:4]
    gathered_from = state.reserve[4:]
    # The rest of the reserve is under the left pile's top card and in a cleared row.
    left = (state.discards[0][0], *gathered_from[:20])
    set_aside = gathered_from[20:]
    state = replace(state, reserve=kept, discards=(left, state.discards[1]), set_aside=set_aside)
    state, events = play(state, row(0, "purple-1"), EndPiles(0))
    kinds = [type(e) for e in events]
    assert kinds[1:4] == [CardsDrawn, ReserveRebuilt, DrawPileRenewed]
    rebuilt = events[2]
    assert isinstance(rebuilt, ReserveRebuilt)
    assert rebuilt.cards[:4] == kept
    assert sorted(map(str, rebuilt.cards[4:])) == sorted(map(str, gathered_from))
    assert state.discards[0] == (left[0],)
    assert state.set_aside == ()
    assert sorted(map(str, all_cards(state))) == sorted(map(str, colour_deck()))


def _short_reserve(state: ColoursState, size: int) -> ColoursState:
    # All but ``size`` reserve cards move into the other player's draw pile.
    piles = list(state.draw_piles)
    piles[1] = piles[1] + state.reserve[size:]
    return replace(state, draw_piles=tuple(piles), reserve=state.reserve[:size])


def test_when_even_the_rebuilt_reserve_is_short_the_player_takes_what_there_is():
    state, _ = deal(["purple-1 dark-blue-9 black-10 red-4 orange-6 green-0", ""])
    state = _short_reserve(_with_pile(state, 0, "pink-1"), 3)
    three = state.reserve
    state, events = play(state, row(0, "purple-1"), EndPiles(0))
    renewals = [e for e in events if isinstance(e, DrawPileRenewed)]
    assert [r.cards for r in renewals] == [three]
    assert any(isinstance(e, ReserveRebuilt) and e.cards == three for e in events)
    assert state.scores[0] == 15
    assert state.draw_piles[0] == three


def test_a_renewal_scores_15_even_when_the_reserve_gives_nothing():
    state, _ = deal(["purple-1 dark-blue-9 black-10 red-4 orange-6 green-0", ""])
    state = _short_reserve(_with_pile(state, 0, "pink-1"), 0)
    state, events = play(state, row(0, "purple-1"), EndPiles(0))
    renewals = [e for e in events if isinstance(e, DrawPileRenewed)]
    assert [(r.cards, r.points) for r in renewals] == [((), 15)]
    assert state.scores[0] == 15
    assert len(state.hands[0]) == 6


def test_a_renewed_pile_of_few_cards_drawn_dry_is_renewed_again():
    state, _ = deal(
        ["purple-1 dark-blue-9 black-10 red-4 orange-6 green-0", ""], tops="dark-blue-2 red-7"
    )
    state = _short_reserve(_with_pile(state, 0, "pink-1"), 0)
    state, events = play(
        state,
        row(0, "purple-1"),
        pile(0, "dark-blue-9", 1),
        pile(0, "black-10", 1),
        pile(0, "red-4", 2),
        EndPiles(0),
    )
    renewals = [e for e in events if isinstance(e, DrawPileRenewed)]
    rebuilt = [e for e in events if isinstance(e, ReserveRebuilt)]
    # The three cards under the pile tops make the new reserve; drawing all three empties the
    # pile again: 15 more, and a rebuild that finds nothing.
    assert [len(r.cards) for r in renewals] == [3, 0]
    assert [len(r.cards) for r in rebuilt] == [3, 0]
    assert state.scores[0] == 30
    assert len(state.hands[0]) == 6


def test_a_pile_empty_when_action_c_begins_gives_no_renewal_and_the_hand_stays_short():
    state, _ = deal(["purple-1 dark-blue-9 black-10 red-4 orange-6 green-0", ""])
    piles = list(state.draw_piles)
    state = replace(
        state,
        draw_piles=((), piles[1]),
        reserve=state.reserve + piles[0],
    )
    state, events = play(state, row(0, "purple-1"), EndPiles(0))
    assert not any(isinstance(e, CardsDrawn | DrawPileRenewed) for e in events)
    assert len(state.hands[0]) == 5


def test_a_turn_that_begins_with_an_empty_hand_places_no_row_card():
    state, _ = deal(["purple-1 dark-blue-9 black-10 red-4 orange-6 green-0", ""])
    hands = list(state.hands)
    state = replace(
        state,
        hands=((), hands[1]),
        draw_piles=((), state.draw_piles[1]),
        reserve=state.reserve + hands[0] + state.draw_piles[0],
    )
    assert legal_actions(state, 0) == (EndPiles(0),)
    state, _events = play(state, EndPiles(0))
    assert state.to_act == 1


# ---------------------------------------------------------------------------- the end


def test_the_first_to_reach_99_wins_at_once_by_a_row():
    state, _ = deal(["purple-1 dark-blue-9 black-10 red-4 orange-6 green-0", ""])
    state = with_row(state, 0, "yellow-0 pink-2")
    state = replace(state, scores=(95, 98))
    state, events = play(state, ScoreRow(0))
    assert isinstance(events[-1], GameEnded)
    assert events[-1].winner == "Sarah"
    assert state.is_over and state.winner == 0
    assert legal_actions(state, 0) == ()


def test_the_first_to_reach_99_wins_at_once_by_an_emptied_draw_pile():
    state, _ = deal(["purple-1 dark-blue-9 black-10 red-4 orange-6 green-0", ""])
    state = _with_pile(state, 0, "pink-1")
    state = replace(state, scores=(84, 0))
    state, events = play(state, row(0, "purple-1"), EndPiles(0))
    assert [type(e) for e in events[-3:]] == [CardsDrawn, DrawPileRenewed, GameEnded]
    assert state.scores[0] == 99
    # Nothing more happens: the renewed pile is not drawn from.
    assert len(state.hands[0]) == 5 + 1


def test_scores_are_added_the_moment_they_happen():
    state, _ = deal(["purple-1 dark-blue-9 black-10 red-4 orange-6 green-0", ""])
    state = with_row(state, 0, "yellow-0")
    state, _events = play(state, ScoreRow(0))
    assert state.scores == (1, 0)


def test_the_game_ends_when_no_one_can_ever_hold_a_card_again():
    state, _ = deal(["purple-1 dark-blue-9 black-10 red-4 orange-6 green-0", ""])
    spare = state.reserve + state.hands[1] + state.draw_piles[0] + state.draw_piles[1]
    state = replace(
        state,
        hands=(state.hands[0][:1], ()),
        draw_piles=((), ()),
        reserve=spare + state.hands[0][1:],
        scores=(10, 40),
    )
    state, events = play(state, row(0, "purple-1"), EndPiles(0))
    assert isinstance(events[-1], GameEnded)
    assert events[-1].winner == "Tim"


# ---------------------------------------------------------------------------- Pro Variant


def _emptying_turn(pro: bool) -> tuple[ColoursState, list[object]]:
    state, _ = deal(
        ["purple-1 dark-blue-9 black-10 red-4 orange-6 purple-4", ""],
        tops="dark-blue-2 red-7",
        pro=pro,
    )
    return play(
        state,
        row(0, "purple-1"),
        pile(0, "dark-blue-9", 1),
        pile(0, "black-10", 1),
        pile(0, "red-4", 2),
        pile(0, "orange-6", 2),
        pile(0, "purple-4", 2),
        EndPiles(0),
    )


def test_pro_variant_emptying_the_hand_onto_the_piles_gives_an_extra_turn():
    state, events = _emptying_turn(pro=True)
    assert state.to_act == 0
    assert TurnStarted("Sarah", 0, 2, True) in events
    assert len(state.hands[0]) == 6


def test_without_the_pro_variant_an_emptied_hand_gives_no_extra_turn():
    state, events = _emptying_turn(pro=False)
    assert state.to_act == 1
    assert TurnStarted("Tim", 1, 2, False) in events


def test_pro_variant_needs_at_least_one_card_on_the_piles():
    state, _ = deal(["purple-1", ""], pro=True)
    hands = list(state.hands)
    state = replace(state, hands=((C("purple-1"),), hands[1]), reserve=state.reserve + hands[0][1:])
    state, _events = play(state, row(0, "purple-1"), EndPiles(0))
    assert state.to_act == 1


def test_a_card_may_go_onto_a_top_exactly_when_it_has_a_way_onto_it():
    from ninetynine_audio.cards import colour_deck
    from ninetynine_audio.games.colours.rules import may_go_onto

    deck = colour_deck()
    assert [may_go_onto(card, top) for card in deck for top in deck] == [
        bool(ways_onto(card, top)) for card in deck for top in deck
    ]
