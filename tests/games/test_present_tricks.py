"""The trick-taking game's wording: cards, bids by ear, narration, queries and refusals."""

from __future__ import annotations

import ast
import random
from dataclasses import replace
from pathlib import Path

import pytest
from helpers.tricks import bid, bid_all, play, start

from ninetynine_audio.cards import Suit, parse_card, parse_cards
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.errors import IllegalAction
from ninetynine_audio.games.registry import find_game
from ninetynine_audio.games.tricks import BidCards, Declaration, PlayCard, check, view
from ninetynine_audio.games.tricks import errors as trick_errors
from ninetynine_audio.present.seats import Perspective as SeatsPerspective
from ninetynine_audio.present.tricks import (
    bid_choice_text,
    bid_status_text,
    card_name,
    card_text_for,
    deal_details_text,
    declared_text,
    hand_text,
    narrate,
    refusal_text,
    scores_query_text,
    trick_text,
    tricks_text,
    trumps_text,
    turn_text,
)
from ninetynine_audio.present.tricks.advice import practice_text
from ninetynine_audio.present.words import BRIEF, FULL, NORMAL

SPEC = find_game("tricks")
NAMES = ("You", "Lily", "Max")
BIDS = ("6S 7S 8S", "9D 10D JD", "6C 7C 8C")
PACKAGE = Path(__file__).resolve().parents[2] / "ninetynine_audio" / "present" / "tricks"


def Perspective(players, verbosity=NORMAL, listener=0):
    """The narration's perspective at a table where You (seat 0) are the one person."""
    return SeatsPerspective(
        "tricks", tuple(players), (0.0, -0.8, 0.8), frozenset({0}), listener, verbosity
    )


def texts(utterances):
    return [u.text for u in utterances]


def test_cards_are_named_with_their_suit():
    assert card_name(parse_card("9H")) == "9 of hearts"
    assert card_name(parse_card("AS")) == "Ace of spades"
    assert card_name(parse_card("10C")) == "10 of clubs"


def test_marking_bid_cards_says_the_bid_and_what_is_kept():
    hand = parse_cards("AC KC QC JC AH KH QH JH AS KS QS JS")
    marked = parse_cards("QH JH JS")
    assert bid_choice_text(hand, marked) == (
        "Bid 5: two hearts and a spade; you keep 4 clubs, 2 hearts, 3 spades"
    )
    assert bid_choice_text(hand, parse_cards("AC")) == "A club marked, 3 so far; mark 2 more"
    assert bid_choice_text(hand, ()) == "No cards marked: mark three for your bid"
    assert bid_choice_text(hand, parse_cards("AD 6D 7D")).startswith("Bid 0: three diamonds")


def test_the_follow_suit_refusal_names_the_cards_that_follow():
    state, _ = start()
    state, _ = bid_all(state, *BIDS)
    state, _ = play(state, "AH")
    state = replace(
        state, hands=(state.hands[0], parse_cards("9H AD KD QD JD 8S 7S 6S 8C"), state.hands[2])
    )
    with pytest.raises(IllegalAction) as refused:
        check(state, PlayCard(1, parse_card("AD")))
    assert refusal_text(refused.value) == "You must follow hearts: you hold the 9 of hearts"


def test_every_refusal_of_the_game_has_its_own_sentence():
    codes = {
        cls.code
        for cls in vars(trick_errors).values()
        if isinstance(cls, type) and issubclass(cls, IllegalAction) and cls is not IllegalAction
    }
    assert {"must_follow", "bid_three_cards", "bidding_not_over", "game_over"} <= codes
    for code in codes:
        error = IllegalAction("engine message")
        error.code = code
        spoken = refusal_text(error)
        assert spoken and spoken != "engine message", code


def test_refusals_from_the_engine_are_spoken_from_their_details():
    state, _ = start()
    cases = [
        BidCards(0, parse_cards("AS KS")),
        BidCards(0, parse_cards("AS AS KS")),
        BidCards(0, parse_cards("AS KS AC")),
        BidCards(0, parse_cards("AS KS QS"), Declaration.DECLARE),
        PlayCard(0, parse_card("AS")),
    ]
    heard = []
    for action in cases:
        with pytest.raises(IllegalAction) as refused:
            check(state, action)
        heard.append(refusal_text(refused.value))
    assert heard == [
        "A bid is three cards; you have marked 2 cards",
        "The Ace of spades is marked twice",
        "The Ace of clubs is not in your hand",
        "This game is played without declarations",
        "Wait for the bids: You, Lily and Max still to bid",
    ]


def test_another_players_bid_is_never_spoken_before_it_is_declared():
    state, _ = start()
    _, events = bid_all(state, *BIDS)
    for verbosity in (BRIEF, NORMAL, FULL):
        said = texts(narrate(events, Perspective(NAMES, verbosity=verbosity)))
        assert said[0].startswith("You bid 3") or said[0] == "Bid 3"
        assert all("diamond" not in line and "club" not in line for line in said[1:])
        assert said[1] in ("Lily has bid", "Lily bid")


def test_a_declared_bid_is_spoken_to_everyone():
    state, _ = start(options={"declarations": True})
    state, _ = bid(state, 0, BIDS[0])
    state, _ = bid(state, 1, BIDS[1], Declaration.REVEAL)
    state, events = bid(state, 2, BIDS[2])
    said = texts(narrate(events, Perspective(NAMES)))
    assert "Lily reveals: bid 0: three diamonds, and plays with the hand open" in said
    assert declared_text(view(state, 0)).startswith(
        "Lily revealed bid 0: three diamonds. Open hand:"
    )


def test_tricks_are_narrated_with_the_winner_and_the_winning_card():
    state, _ = start()
    state, _ = bid_all(state, *BIDS)
    state, events = play(state, "QH", "JH", "AC")
    assert texts(narrate(events, Perspective(NAMES))) == [
        "You lead the Queen of hearts",
        "Lily plays the Jack of hearts",
        "Max plays the Ace of clubs",
        "You win trick 1 with the Queen of hearts",
    ]
    assert texts(narrate(events, Perspective(NAMES, verbosity=BRIEF))) == [
        "You, Queen of hearts",
        "Lily, Jack of hearts",
        "Max, Ace of clubs",
        "You take it, Queen of hearts",
    ]
    full = texts(narrate(events, Perspective(NAMES, verbosity=FULL)))
    assert full[0] == "You lead the Queen of hearts to trick 1"
    assert full[-1] == "You win trick 1 with the Queen of hearts; you have 1 trick"
    assert narrate(events, Perspective(NAMES))[-1].cue == "trick_won"


def test_a_sound_marks_the_bid_made_and_the_bid_broken():
    state, _ = start()
    state, _ = bid_all(state, *BIDS)  # You bid 3
    state = replace(state, tricks_won=(2, 0, 0))
    state, events = play(state, "QH", "JH", "AC")
    made = narrate(events, Perspective(NAMES), bid=3)
    assert made[-1].cue == "bid_made" and made[-1].text == "You have your 3 tricks: take no more"
    state, events = play(state, "KH", "10H", "KC")
    broken = narrate(events, Perspective(NAMES), bid=3)
    assert broken[-1].cue == "bid_broken"
    assert broken[-1].text == "One trick too many: your bid of 3 is broken"


def test_the_hand_is_read_by_suit_with_the_playable_cards_first():
    state, _ = start()
    assert hand_text(view(state, 0)) == (
        "Your hand: hearts: Ace, King, Queen; spades: Ace, King, Queen, Jack, 10, 9, 8, 7, 6"
    )
    state, _ = bid_all(state, *BIDS)
    state, _ = play(state, "AS")
    lily = view(state, 1)
    assert hand_text(lily) == (
        "No spades to follow: play any card."
        " Your hand: hearts: Jack, 10, 9, 8, 7, 6; diamonds: Ace, King, Queen"
    )
    state = replace(state, trick=((0, parse_card("AH")),))
    lily = view(state, 1)
    assert hand_text(lily) == (
        "You must follow hearts: Jack, 10, 9, 8, 7, 6. Not playable now: diamonds: Ace, King, Queen"
    )
    assert card_text_for(parse_card("AD"), lily) == "Ace of diamonds, not playable"
    assert card_text_for(parse_card("9H"), lily) == "9 of hearts"


def test_the_cards_that_may_be_played_are_read_high_first_whatever_order_the_hand_is_in():
    state, _ = start()
    state, _ = bid_all(state, *BIDS)
    state, _ = play(state, "AS")
    mixed = (*parse_cards("7H AD 10H QD JH 6H KD 9H 8H"),)
    state = replace(state, hands=(state.hands[0], mixed, state.hands[2]))
    state = replace(state, trick=((0, parse_card("AH")),))
    assert hand_text(view(state, 1)) == (
        "You must follow hearts: Jack, 10, 9, 8, 7, 6. Not playable now: diamonds: Ace, King, Queen"
    )
    assert hand_text(view(state, 1), BRIEF) == (
        "Follow hearts: Jack, 10, 9, 8, 7, 6. Others: diamonds: Ace, King, Queen"
    )


def test_the_queries_say_the_trick_the_trumps_the_bid_and_everyones_tricks():
    state, _ = start()
    assert turn_text(view(state, 0)) == "Your bid: mark three cards"
    assert trick_text(view(state, 0)) == "No trick yet: the bids are being made"
    state, _ = bid_all(state, *BIDS)
    seen = view(state, 0)
    assert trick_text(seen) == "Trick 1: no cards yet, you lead"
    assert turn_text(seen) == "Your lead"
    assert trumps_text(seen) == "No trumps this deal"
    assert bid_status_text(seen) == (
        "Your bid 3: three spades. You have 0 tricks; you need 3 more of the 9 left"
    )
    state, _ = play(state, "QH", "JH")
    seen = view(state, 0)
    assert trick_text(seen) == (
        "Trick 1: You led the Queen of hearts, Lily played the Jack of hearts"
    )
    assert tricks_text(seen) == "Tricks: You 0, Lily 0, Max 0; 9 to play"
    assert scores_query_text(seen) == "Scores: You 0, Lily 0, Max 0. Game to 100"
    assert turn_text(seen) == "Max's turn"


def test_deal_scores_are_brief_with_the_details_on_request():
    state, _ = start()
    state, _ = bid_all(state, *BIDS)
    state = replace(
        state,
        hands=tuple((parse_card(c),) for c in ("AH", "JH", "8D")),
        tricks_won=(2, 1, 5),
        trick_number=9,
    )
    state, events = play(state, "AH", "JH", "8D")
    said = texts(narrate(events, Perspective(NAMES)))
    # The first deal's points are the totals: said once.
    assert "Deal 1 scored. You made your bid. Totals: You 33, Lily 1, Max 5" in said
    # The last trick made the bid: its sound, and no "take no more" with no trick left.
    assert not any("take no more" in text for text in said)
    assert said[-1] == "Deal 2, you deal, trumps spades"
    details = deal_details_text(view(state, 0))
    assert details == (
        "Deal 1. You bid 3 and took it: 33 points; Lily took 1, missed the bid: 1 point;"
        " Max took 5, missed the bid: 5 points. Totals: You 33, Lily 1, Max 5"
    )


def words_per_trick(verbosity: str, seeds=range(3)) -> float:
    tricks = 0
    words = 0
    for seed in seeds:
        rng = random.Random(seed)
        setup = GameSetup(game="tricks", names=NAMES, kinds=("human", "easy", "easy"), seed=seed)
        state, events = SPEC.new_game(setup)
        perspective = Perspective(NAMES, verbosity=verbosity)
        while not SPEC.is_over(state):
            seat = SPEC.seats_to_act(state)[0]
            state, events = SPEC.apply(state, rng.choice(SPEC.legal_actions(state, seat)))
            for utterance in narrate(events, perspective):
                if utterance.cue in ("card_played", "trick_won") or "trick" in utterance.text:
                    words += len(utterance.text.split())
            tricks += sum(1 for e in events if type(e).__name__ == "TrickWon")
    return words / tricks


def test_brief_says_fewer_words_a_trick_than_normal_and_normal_fewer_than_full():
    brief, normal, full = (words_per_trick(v) for v in (BRIEF, NORMAL, FULL))
    assert brief < normal < full


def test_the_wording_does_not_use_the_adding_games_wording():
    for path in PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith("ninetynine_audio.present.adding"), path
            if isinstance(node, ast.Import):
                assert all(
                    not a.name.startswith("ninetynine_audio.present.adding") for a in node.names
                )


def test_the_deal_and_its_trumps_are_announced():
    _, events = start()
    said = texts(narrate(events, Perspective(NAMES)))
    assert said == [
        "Trick-taking Ninety-Nine. You, Lily and Max, game to 100.",
        "Deal 1, Max deals, no trumps",
    ]


def test_practice_says_whether_a_card_takes_the_trick_so_far():
    state = bidded_state()
    assert practice_text(view(state, 0), parse_card("AS")) == (
        "You lead the Ace of spades; you need 3 more of the 9 left"
    )
    state, _ = play(state, "QH")
    assert practice_text(view(state, 1), parse_card("JH")) == (
        "The Jack of hearts loses to the Queen of hearts; you have your bid and want no more tricks"
    )
    state = replace(state, trick=((1, parse_card("JH")),), leader=1, to_act=2)
    assert practice_text(view(state, 2), parse_card("AC")) == (
        "The Ace of clubs loses to Lily's Jack of hearts; you need 9 more of the 9 left"
    )
    state = replace(state, trumps=Suit.CLUBS)
    assert practice_text(view(state, 2), parse_card("6C")) == (
        "The 6 of clubs takes the trick so far; you need 9 more of the 9 left"
    )


def bidded_state():
    state, _ = start()
    state, _ = bid_all(state, *BIDS)
    return state


def test_a_bid_hint_never_names_another_number_of_tricks_without_saying_why() -> None:
    from ninetynine_audio.present.tricks.advice import bid_hint_text

    hand = parse_cards("AC KC QC JC AH KH QH JH AS KS 2D 3D")
    cards = parse_cards("AS 2D 3D")  # a spade and two diamonds: bid 1
    said = bid_hint_text(hand, cards, likely=2.2)  # the bid is 1, the nine look good for 2
    assert said.startswith("Try bid 1")
    assert "A low bid: those nine look good for about 2 tricks" in said
    assert bid_hint_text(hand, cards, likely=1.1).endswith("look good for about 1 trick")
    assert "A high bid" in bid_hint_text(hand, cards, likely=0.2)
