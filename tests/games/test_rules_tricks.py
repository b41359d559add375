"""The trick-taking game's rules, one test per rule of rules-decisions.md (tricks section)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from helpers.tricks import HANDS, NAMES, bid, bid_all, logs, play, start

from ninetynine_audio.cards import Suit, parse_card, parse_cards, short_deck
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.errors import SetupError
from ninetynine_audio.games.registry import find_game
from ninetynine_audio.games.tricks import (
    BidCards,
    BidDeclared,
    BidMade,
    DealScored,
    DealStarted,
    Declaration,
    GameEnded,
    Phase,
    PlayCard,
    TrickWon,
    bid_value,
    check,
    legal_actions,
    new_game,
    seats_to_act,
    view,
)
from ninetynine_audio.games.tricks.errors import (
    AlreadyBid,
    BidCardTwice,
    BiddingNotOver,
    BidNeedsThreeCards,
    CardNotInHand,
    DeclarationsOff,
    GameOverError,
    MustFollowSuit,
    NotBidding,
    NotYourTurn,
)

# Bids on HANDS: You 3 (three spades), Lily 0 (three diamonds), Max 9 (three clubs).
BIDS = ("6S 7S 8S", "9D 10D JD", "6C 7C 8C")


def bidded(options=None):
    state, _ = start(options=options)
    state, _ = bid_all(state, *BIDS)
    return state


def last_trick(state, won, bids, cards, leader=0, scores=(0, 0, 0), declared=None):
    """``state`` moved to trick 9: ``won`` tricks so far, ``bids`` set aside, one card each left."""
    return replace(
        state,
        phase=Phase.PLAYING,
        hands=tuple((parse_card(card),) for card in cards),
        bids=tuple(parse_cards(b) for b in bids),
        tricks_won=tuple(won),
        trick_number=9,
        trick=(),
        leader=leader,
        to_act=leader,
        scores=tuple(scores),
        declared=declared,
    )


# ---------------------------------------------------------------------------- the deal


def test_the_deck_is_36_cards_dealt_12_to_each_player():
    state, events = start(seed=5)
    assert [len(hand) for hand in state.hands] == [12, 12, 12]
    assert Counter(card for hand in state.hands for card in hand) == Counter(short_deck())
    dealt = events[1].to_log()
    assert dealt["event"] == "deal_started"
    assert {name: len(cards) for name, cards in dealt["hands"].items()} == dict.fromkeys(NAMES, 12)


def test_a_seeded_deal_uses_every_card_once_and_the_seed_decides_it():
    setup = GameSetup(game="tricks", names=NAMES, kinds=("human", "easy", "easy"), seed=9)
    first, _ = new_game(setup)
    again, _ = new_game(setup)
    other, _ = new_game(replace(setup, seed=10))
    assert sorted(map(str, sum(first.hands, ()))) == sorted(map(str, short_deck()))
    assert first.hands == again.hands
    assert first.hands != other.hands


def test_the_first_deal_is_dealt_by_the_last_seat_so_the_first_seat_leads():
    state, events = start()
    assert state.dealer == 2
    assert events[1].to_log()["dealer"] == "Max"
    state, _ = bid_all(state, *BIDS)
    assert seats_to_act(state) == (0,)
    assert state.leader == 0


def test_cards_are_dealt_one_at_a_time_from_the_dealers_left():
    state, _ = start()
    assert state.hands == tuple(parse_cards(hand) for hand in HANDS)


def test_the_deal_passes_left_after_each_deal():
    state = bidded()
    state = last_trick(state, (3, 0, 5), BIDS, ("AH", "JH", "8D"))
    state, events = play(state, "AH", "JH", "8D")
    started = [e for e in events if isinstance(e, DealStarted)]
    assert len(started) == 1
    assert started[0].to_log()["dealer"] == "You"
    assert started[0].deal == 2
    assert state.dealer == 0
    state, _ = bid_all(state, *(" ".join(map(str, hand[:3])) for hand in state.hands))
    assert state.to_act == 1


def test_a_stacked_deck_must_hold_cards_of_the_36_card_deck_once():
    base = GameSetup(game="tricks", names=NAMES, kinds=("human", "easy", "easy"))
    with pytest.raises(SetupError):
        new_game(replace(base, deck=parse_cards("AS 2S")))
    with pytest.raises(SetupError):
        new_game(replace(base, deck=parse_cards("AS AS")))
    with pytest.raises(SetupError):
        new_game(replace(base, names=("You", "Lily")))


# ---------------------------------------------------------------------------- bidding


def test_the_bid_counts_clubs_3_hearts_2_spades_1_diamonds_0():
    assert bid_value(parse_cards("AC KH QS")) == 6
    assert bid_value(parse_cards("AC KC QC")) == 9
    assert bid_value(parse_cards("AD KD QD")) == 0
    assert bid_value(parse_cards("6H 7H 6S")) == 5


def test_bids_are_made_in_turn_from_the_dealers_left():
    state, _ = start()
    assert seats_to_act(state) == (0,)
    with pytest.raises(NotYourTurn) as early:
        check(state, BidCards(2, parse_cards(BIDS[2])))
    assert early.value.details["to_act"] == 0
    heard = []
    for seat in (0, 1, 2):
        assert seats_to_act(state) == (seat,)
        assert legal_actions(state, (seat + 1) % 3) == ()
        state, events = bid(state, seat, BIDS[seat])
        heard.extend(e.to_log() for e in events)
    assert heard == [
        {"event": "bid_made", "player": "You", "cards": ["6S", "7S", "8S"], "bid": 3},
        {"event": "bid_made", "player": "Lily", "cards": ["9D", "10D", "JD"], "bid": 0},
        {"event": "bid_made", "player": "Max", "cards": ["6C", "7C", "8C"], "bid": 9},
    ]


def test_later_deals_bid_from_the_new_dealers_left():
    state = last_trick(bidded(), (3, 0, 5), BIDS, ("AH", "JH", "8D"))
    state, _ = play(state, "AH", "JH", "8D")
    assert state.dealer == 0
    assert seats_to_act(state) == (1,)


def test_a_bid_is_three_different_cards_of_the_hand():
    state, _ = start()
    with pytest.raises(BidNeedsThreeCards) as two:
        check(state, BidCards(0, parse_cards("AS KS")))
    assert two.value.details["count"] == 2
    with pytest.raises(BidCardTwice):
        check(state, BidCards(0, parse_cards("AS AS KS")))
    with pytest.raises(CardNotInHand) as missing:
        check(state, BidCards(0, parse_cards("AS KS AC")))
    assert missing.value.details["card"] == parse_card("AC")


def test_a_seat_bids_once_a_deal():
    state, _ = start()
    state, _ = bid(state, 0, BIDS[0])
    with pytest.raises(AlreadyBid):
        check(state, BidCards(0, parse_cards("AS KS QS")))


def test_no_card_is_played_before_every_bid_is_in():
    state, _ = start()
    state, _ = bid(state, 0, BIDS[0])
    with pytest.raises(BiddingNotOver) as waiting:
        check(state, PlayCard(0, parse_card("AS")))
    assert waiting.value.details["waiting"] == (1, 2)


def test_bids_are_not_made_once_play_has_begun():
    state = bidded()
    with pytest.raises(NotBidding):
        check(state, BidCards(0, parse_cards("AS KS QS")))


def test_the_bid_cards_leave_the_hand_and_the_nine_others_are_played():
    state = bidded()
    assert [len(hand) for hand in state.hands] == [9, 9, 9]
    assert parse_card("6S") not in state.hands[0]
    with pytest.raises(CardNotInHand):
        check(state, PlayCard(0, parse_card("6S")))


def test_every_three_card_choice_is_a_legal_bid():
    state, _ = start()
    assert len(legal_actions(state, 0)) == 220
    with_declarations, _ = start(options={"declarations": True})
    assert len(legal_actions(with_declarations, 0)) == 660


# ---------------------------------------------------------------------------- play


def test_the_player_left_of_the_dealer_leads_the_first_trick():
    state = bidded()
    with pytest.raises(NotYourTurn) as wrong:
        check(state, PlayCard(1, parse_card("JH")))
    assert wrong.value.details["to_act"] == 0


def test_a_player_must_follow_the_suit_led_if_able():
    state = bidded()
    state, _ = play(state, "AH")
    with pytest.raises(MustFollowSuit) as refused:
        check(state, PlayCard(1, parse_card("AD")))
    assert refused.value.code == "must_follow"
    assert refused.value.details["suit"] is Suit.HEARTS
    assert refused.value.details["held"] == parse_cards("JH 10H 9H 8H 7H 6H")
    assert {a.card for a in legal_actions(state, 1)} == set(parse_cards("JH 10H 9H 8H 7H 6H"))


def test_a_player_without_the_suit_led_may_play_any_card():
    state = bidded()
    state, _ = play(state, "AS")
    assert len(legal_actions(state, 1)) == 9
    state, _ = play(state, "AD")
    assert len(legal_actions(state, 2)) == 9


def test_without_trumps_the_highest_card_of_the_suit_led_wins():
    state = bidded()
    state, events = play(state, "QH", "JH", "AC")
    won = next(e for e in events if isinstance(e, TrickWon))
    assert won.to_log() == {
        "event": "trick_won",
        "trick": 1,
        "winner": "You",
        "cards": ["QH", "JH", "AC"],
    }
    assert won.winning_card == parse_card("QH")


def test_a_card_of_another_suit_never_wins_without_trumps():
    state = bidded()
    state, events = play(state, "9S", "AD", "AC")
    assert next(e for e in events if isinstance(e, TrickWon)).winner == "You"


def test_the_highest_trump_wins_even_against_a_higher_card_of_the_suit_led():
    state = replace(bidded(), trumps=Suit.CLUBS)
    state, events = play(state, "AS", "AD", "9C")
    assert next(e for e in events if isinstance(e, TrickWon)).winner == "Max"
    state = replace(bidded(), trumps=Suit.DIAMONDS)
    state, events = play(state, "AS", "QD", "8D")
    won = next(e for e in events if isinstance(e, TrickWon))
    assert won.winner == "Lily"
    assert won.winning_card == parse_card("QD")


def test_ace_is_high_and_six_is_low():
    state = bidded()
    state, events = play(state, "AH", "6H", "AC")
    assert next(e for e in events if isinstance(e, TrickWon)).winner == "You"


def test_the_winner_of_a_trick_leads_the_next():
    state = replace(bidded(), trumps=Suit.CLUBS)
    state, _ = play(state, "AS", "AD", "9C")
    assert seats_to_act(state) == (2,)
    assert state.trick_number == 2
    with pytest.raises(NotYourTurn):
        check(state, PlayCard(0, parse_card("KS")))


def test_card_played_names_its_trick():
    state = bidded()
    state, events = play(state, "AH", "JH", "AC", "KH")
    assert [e.to_log() for e in events if e.to_log()["event"] == "card_played"][-1] == {
        "event": "card_played",
        "player": "You",
        "card": "KH",
        "trick": 2,
    }


# ---------------------------------------------------------------------------- scoring


def test_there_are_no_trumps_on_the_first_deal():
    state, events = start()
    assert state.trumps is None
    assert events[1].to_log()["trumps"] is None


@pytest.mark.parametrize(
    ("before", "bids", "trumps"),
    [
        # You bid 3, Lily 0, Max 9 (or 6); You win the last trick.
        ((2, 0, 6), ("6S 7S 8S", "9D 10D JD", "6C 7C 9D"), "C"),  # all three made
        ((2, 0, 6), BIDS, "H"),  # You and Lily made
        ((3, 0, 5), BIDS, "S"),  # only Lily made
        ((3, 1, 4), BIDS, "D"),  # nobody made
    ],
)
def test_trumps_follow_the_number_of_bids_made_last_deal(before, bids, trumps):
    state = last_trick(bidded(), before, bids, ("AH", "JH", "8D"))
    state, events = play(state, "AH", "JH", "8D")
    assert next(e for e in events if isinstance(e, DealStarted)).to_log()["trumps"] == trumps
    assert state.trumps is Suit(trumps)


def test_a_point_a_trick_and_30_to_a_lone_successful_bidder():
    state = last_trick(bidded(), (2, 1, 5), BIDS, ("AH", "JH", "8D"))
    state, events = play(state, "AH", "JH", "8D")
    scored = next(e for e in events if isinstance(e, DealScored)).to_log()
    assert scored == {
        "event": "deal_scored",
        "deal": 1,
        "bids": {"You": 3, "Lily": 0, "Max": 9},
        "tricks": {"You": 3, "Lily": 1, "Max": 5},
        "made": ["You"],
        "points": {"You": 33, "Lily": 1, "Max": 5},
        "scores": {"You": 33, "Lily": 1, "Max": 5},
    }


def test_20_each_to_two_successful_bidders():
    state = last_trick(bidded(), (2, 0, 6), BIDS, ("AH", "JH", "8D"))
    state, events = play(state, "AH", "JH", "8D")
    scored = next(e for e in events if isinstance(e, DealScored)).to_log()
    assert scored["made"] == ["You", "Lily"]
    assert scored["points"] == {"You": 23, "Lily": 20, "Max": 6}


def test_10_each_when_all_three_make_their_bids():
    bids = ("6S 7S 8S", "9D 10D JD", "6C 7C 9D")  # 3, 0, 6
    state = last_trick(bidded(), (2, 0, 6), bids, ("AH", "JH", "8D"))
    state, events = play(state, "AH", "JH", "8D")
    scored = next(e for e in events if isinstance(e, DealScored)).to_log()
    assert scored["made"] == ["You", "Lily", "Max"]
    assert scored["points"] == {"You": 13, "Lily": 10, "Max": 16}
    assert next(e for e in events if isinstance(e, DealStarted)).to_log()["trumps"] == "C"


def test_nobody_making_a_bid_scores_only_tricks():
    state = last_trick(bidded(), (3, 1, 4), BIDS, ("AH", "JH", "8D"))
    state, events = play(state, "AH", "JH", "8D")
    scored = next(e for e in events if isinstance(e, DealScored)).to_log()
    assert scored["made"] == []
    assert scored["points"] == {"You": 4, "Lily": 1, "Max": 4}


# ---------------------------------------------------------------------------- the end


def test_the_game_ends_after_a_deal_in_which_someone_reaches_the_target_alone_at_the_top():
    state = last_trick(bidded(), (2, 1, 5), BIDS, ("AH", "JH", "8D"), scores=(70, 90, 60))
    state, events = play(state, "AH", "JH", "8D")
    ended = events[-1].to_log()
    assert ended == {
        "event": "game_ended",
        "winner": "You",
        "scores": {"You": 103, "Lily": 91, "Max": 65},
    }
    assert state.phase is Phase.OVER
    assert seats_to_act(state) == ()
    with pytest.raises(GameOverError):
        check(state, PlayCard(0, parse_card("AH")))


def test_the_highest_total_wins_when_two_reach_the_target():
    state = last_trick(bidded(), (2, 1, 5), BIDS, ("AH", "JH", "8D"), scores=(70, 99, 60))
    state, events = play(state, "AH", "JH", "8D")
    assert events[-1].to_log()["winner"] == "You"  # 103 against 100


def test_equal_highest_totals_at_the_target_play_another_deal():
    state = last_trick(bidded(), (2, 1, 5), BIDS, ("AH", "JH", "8D"), scores=(70, 102, 60))
    state, events = play(state, "AH", "JH", "8D")
    assert not any(isinstance(e, GameEnded) for e in events)
    assert isinstance(events[-1], DealStarted)
    assert state.scores == (103, 103, 65)
    assert state.phase is Phase.BIDDING


def test_the_target_is_an_option():
    state, events = start(options={"target": 30})
    assert events[0].to_log()["options"] == {"declarations": False, "target": 30}
    state, _ = bid_all(state, *BIDS)
    state = last_trick(state, (2, 1, 5), BIDS, ("AH", "JH", "8D"))
    state, events = play(state, "AH", "JH", "8D")
    assert events[-1].to_log()["event"] == "game_ended"


# ---------------------------------------------------------------------------- declarations


def test_declarations_are_refused_when_the_option_is_off():
    state, _ = start()
    with pytest.raises(DeclarationsOff):
        check(state, BidCards(0, parse_cards(BIDS[0]), Declaration.DECLARE))


def test_a_declaration_is_logged_after_the_three_bids_and_shows_the_bid_cards():
    state, _ = start(options={"declarations": True})
    state, _ = bid(state, 0, BIDS[0])
    state, made = bid(state, 1, BIDS[1], Declaration.DECLARE)
    assert view(state, 0).declared is None  # secret until the bids are all in
    assert made[0].to_log()["declaration"] == "declare"
    state, events = bid(state, 2, BIDS[2])
    assert [e.to_log()["event"] for e in events] == ["bid_made", "bid_declared"]
    assert events[-1].to_log() == {"event": "bid_declared", "player": "Lily", "reveal": False}
    seen = view(state, 0)
    assert seen.declared_cards == parse_cards(BIDS[1])
    assert seen.revealed_hand == ()


def test_a_reveal_beats_a_declaration():
    state, _ = start(options={"declarations": True})
    state, _ = bid(state, 0, BIDS[0], Declaration.DECLARE)
    state, _ = bid(state, 1, BIDS[1])
    state, events = bid(state, 2, BIDS[2], Declaration.REVEAL)
    declared = [e for e in events if isinstance(e, BidDeclared)]
    assert [e.to_log() for e in declared] == [
        {"event": "bid_declared", "player": "Max", "reveal": True}
    ]
    assert view(state, 0).revealed_hand == state.hands[2]
    assert view(state, 1).declared_cards == parse_cards(BIDS[2])


def test_between_equal_declarations_the_player_nearest_the_dealers_left_wins():
    state, _ = start(options={"declarations": True})
    state, _ = bid(state, 0, BIDS[0], Declaration.REVEAL)
    state, _ = bid(state, 1, BIDS[1], Declaration.REVEAL)
    state, events = bid(state, 2, BIDS[2], Declaration.DECLARE)
    assert [e.to_log()["player"] for e in events if isinstance(e, BidDeclared)] == ["You"]
    assert state.declared == (0, Declaration.REVEAL)


def test_a_successful_declaration_earns_its_player_30():
    state = bidded({"declarations": True})
    state = last_trick(
        state, (2, 1, 5), BIDS, ("AH", "JH", "8D"), declared=(0, Declaration.DECLARE)
    )
    state, events = play(state, "AH", "JH", "8D")
    assert next(e for e in events if isinstance(e, DealScored)).to_log()["points"] == {
        "You": 63,
        "Lily": 1,
        "Max": 5,
    }


def test_a_failed_reveal_gives_each_opponent_60():
    state = bidded({"declarations": True})
    state = last_trick(state, (2, 1, 5), BIDS, ("AH", "JH", "8D"), declared=(2, Declaration.REVEAL))
    state, events = play(state, "AH", "JH", "8D")
    assert next(e for e in events if isinstance(e, DealScored)).to_log()["points"] == {
        "You": 93,
        "Lily": 61,
        "Max": 5,
    }


# ---------------------------------------------------------------------------- what a seat sees


def test_a_view_never_shows_another_players_hand_or_bid_cards():
    state, _ = start()
    state, _ = bid(state, 0, BIDS[0])
    seen = view(state, 1)
    assert seen.hand == state.hands[1]
    assert seen.bid_cards == ()
    assert seen.has_bid == (True, False, False)
    assert seen.declared_cards == () and seen.revealed_hand == ()
    assert view(state, 0).bid_cards == parse_cards(BIDS[0])


def test_the_registered_game_is_found_by_id():
    spec = find_game("tricks")
    assert spec.family == "tricks"
    assert (spec.min_players, spec.max_players) == (3, 3)
    assert {option.name: option.default for option in spec.options} == {
        "declarations": False,
        "target": 100,
    }


def test_game_started_has_exactly_the_logged_fields():
    _, events = start(seed=3)
    line = logs(events)[0]
    line.pop("deck")
    assert line == {
        "event": "game_started",
        "game": "tricks",
        "seed": 3,
        "players": ["You", "Lily", "Max"],
        "kinds": ["human", "normal", "normal"],
        "options": {"declarations": False, "target": 100},
        "scores": [0, 0, 0],
    }


def test_bid_made_events_carry_the_cards_and_the_bid():
    state, _ = start()
    _, events = bid_all(state, *BIDS)
    assert all(isinstance(e, BidMade) for e in events)
    assert [e.bid for e in events] == [3, 0, 9]
