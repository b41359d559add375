"""Every phrase of the trick-taking game goes through the catalogue: whole games in the
pseudo-language, with every event narrated, every question asked and every refusal said, leave
no English letter: the pseudo-language accents every letter of every message (only the
players' names stay as they are)."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from helpers.tricks import NAMES, start

from ninetynine_audio.bots.base import make_bot
from ninetynine_audio.cards import parse_card, parse_cards
from ninetynine_audio.games.errors import GameError
from ninetynine_audio.games.registry import find_game
from ninetynine_audio.games.tricks import (
    BidCards,
    Declaration,
    Phase,
    PlayCard,
    TricksState,
    apply,
    playable,
    view,
)
from ninetynine_audio.i18n import using
from ninetynine_audio.i18n.pseudo import pseudo_text
from ninetynine_audio.present.seats import Perspective
from ninetynine_audio.present.tricks import advice, narrate, queries, refusals
from ninetynine_audio.present.tricks.phrases import sort_cards
from ninetynine_audio.present.words import VERBOSITY_LEVELS
from ninetynine_audio.ui.tables import tricks as table_module

SPEC = find_game("tricks")
BIDS = ("6D 7D 8D", "6S 7S 8S", "6H 7H 8H", "6C 7C 8C")
"""Bid cards worth 0, 3, 6 and 9."""
NAME = re.compile("|".join(name for name in NAMES if name != "You"))


def english_left(texts: list[str]) -> list[str]:
    """The texts that show an English letter once the players' names are taken out.

    The pseudo-language accents every letter of a message, so a plain letter anywhere, even
    inside another message's brackets, is text that did not pass through the catalogue.
    """
    return [text for text in texts if re.search("[A-Za-z]", NAME.sub("", text))]


def accented(word: str) -> str:
    """``word`` as the pseudo-language writes it, without its brackets."""
    return pseudo_text(word, "qps")[1:-1]


def perspective(listener: int | None, verbosity: str) -> Perspective:
    return Perspective("tricks", NAMES, (0.0, -0.8, 0.8), frozenset({0}), listener, verbosity)


REFUSED = {
    "must_follow",
    "card_not_in_hand",
    "not_your_turn",
    "bidding_not_over",
    "bid_three_cards",
    "bid_card_twice",
    "already_bid",
    "not_bidding",
    "unknown_seat",
    "game_over",
}
"""The refusals a game of computer players gives a chance to try (declarations_off is tried
in a game without declarations)."""
CODES_SEEN: set[str] = set()


def refusals_tried(state: TricksState) -> list[str]:
    """Refusals the engine really raises in ``state``, as each seat would hear them."""
    said: list[str] = []
    seat = SPEC.seats_to_act(state)[0] if not SPEC.is_over(state) else 0
    hand = state.hands[seat]
    others = [card for other in range(3) if other != seat for card in state.hands[other]]
    attempts = [PlayCard((seat + 1) % 3, hand[0]) if hand else None]
    if others:
        attempts.append(PlayCard(seat, others[0]))
    if SPEC.is_over(state):
        attempts.append(PlayCard(seat, parse_card("AS")))
    if hand:
        attempts += [PlayCard(seat, card) for card in hand]
        attempts.append(BidCards(seat, tuple(hand[:2]), None))
        attempts.append(BidCards(seat, (hand[0], hand[0], hand[-1]), None))
        attempts.append(BidCards(seat, tuple(hand[:3]), Declaration.DECLARE))
        attempts.append(BidCards(seat, tuple(hand[:3]), None))
        attempts.append(BidCards((seat + 2) % 3, tuple(state.hands[(seat + 2) % 3][:3]), None))
        attempts.append(PlayCard(7, hand[0]))
    for action in attempts:
        if action is None:
            continue
        try:
            apply(state, action)
        except GameError as error:
            CODES_SEEN.add(error.code)
            for verbosity in VERBOSITY_LEVELS:
                said.append(refusals.refusal_text(error, verbosity))
    return said


def questions(state: TricksState, seat: int) -> list[str]:
    """Every question the seat may ask, every hint and the window's lines."""
    seen = view(state, seat)
    said = [
        queries.trick_text(seen),
        queries.leader_text(seen),
        queries.trumps_text(seen),
        queries.tricks_text(seen),
        queries.scores_query_text(seen),
        queries.declared_text(seen),
        queries.deal_details_text(seen),
        queries.turn_text(seen),
        queries.empty_hand_text(),
        queries.enter_description(),
        queries.bid_confirm_text(accented("Enter")),
        queries.marks_full_text(),
        queries.no_card_at_text(12, len(seen.hand)),
        queries.declarations_off_text(),
        queries.other_turn_text(NAMES[(seat + 1) % 3]),
    ]
    said += [queries.declaration_choice_text(choice) for choice in (None, *Declaration)]
    for verbosity in VERBOSITY_LEVELS:
        said += [queries.hand_text(seen, verbosity), queries.bid_status_text(seen, verbosity)]
    hand = sort_cards(seen.hand)
    for marked in range(min(5, len(hand)) + 1):
        said += [queries.bid_choice_text(hand, hand[:marked]), queries.bid_marking_text(marked)]
        lines, _ = queries.table_lines(seen, hand, 0, hand[:marked])
        said += lines
    for card in hand:
        words = queries.card_text_for(card, seen)
        said += [
            words,
            queries.marked_card_text(words),
            queries.hand_end_text(words, last=True),
            queries.hand_end_text(words, last=False),
            queries.mark_text(True, words, hand, hand[:2]),
            queries.mark_text(False, words, hand, hand[:3]),
            queries.suit_jump_text([c for c in hand if c.suit is card.suit], words),
        ]
    if seen.phase is Phase.BIDDING and len(hand) >= 3:
        for likely in (0.4, 3.0, 9.0):
            said.append(advice.bid_hint_text(hand, hand[:3], likely))
    if seen.phase is Phase.PLAYING:
        # the bid this seat made, and bids of 0, 3, 6 and 9: made, broken and still open
        for bid_cards in (seen.bid_cards, *(parse_cards(cards) for cards in BIDS)):
            bidder = replace(seen, bid_cards=bid_cards)
            for verbosity in VERBOSITY_LEVELS:
                said.append(queries.bid_status_text(bidder, verbosity))
            if seen.to_act == seat:
                for card in playable(seen.hand, seen.trick):
                    said += [
                        advice.play_hint_text(bidder, card),
                        advice.practice_text(bidder, card),
                    ]
    for deals in (1, 40):
        said += [advice.search_text(0.5, deals, True), advice.search_text(0.5, deals, False)]
    return said


def play_game(seed: int, declarations: bool) -> list[str]:
    """A whole game of computer players, every phrase of it said in the pseudo-language."""
    state, events = start(options={"declarations": declarations}, seed=seed)
    bots = [make_bot("tricks", kind) for kind in ("easy", "normal", "easy")]
    rng = random.Random(seed)
    said: list[str] = []
    CODES_SEEN.clear()
    declare = Declaration.REVEAL
    with using("qps"):
        while True:
            for listener in (0, 1, None):
                for verbosity in VERBOSITY_LEVELS:
                    said += [u.text for u in narrate(events, perspective(listener, verbosity))]
            for seat in range(3):
                said += questions(state, seat)
            said += refusals_tried(state)
            if SPEC.is_over(state):
                break
            seat = SPEC.seats_to_act(state)[0]
            action = bots[seat].choose(view(state, seat), rng)
            if declarations and isinstance(action, BidCards) and seat == 1:
                # Lily declares one deal and reveals the next, so both are narrated
                declare = (
                    Declaration.DECLARE if declare is Declaration.REVEAL else Declaration.REVEAL
                )
                try:
                    state, events = apply(state, BidCards(seat, action.cards, declare))
                    continue
                except GameError:
                    pass
            state, events = apply(state, action)
    return said


@pytest.mark.parametrize(("seed", "declarations"), [(3, False), (8, True)])
def test_a_whole_game_says_nothing_outside_the_catalogue(seed: int, declarations: bool) -> None:
    said = play_game(seed, declarations)
    assert len(said) > 1000
    assert REFUSED <= CODES_SEEN
    if declarations:
        assert any(f"⟦Lily {accented('declares')}: " in text for text in said), (
            "a declaration is narrated"
        )
        assert any(f"⟦Lily {accented('reveals')}: " in text for text in said), (
            "an open hand is narrated"
        )
    assert english_left(said) == []


def test_the_check_finds_a_phrase_that_is_not_translated() -> None:
    with using("qps"):
        card = queries.card_text_for(parse_card("9H"), view(start()[0], 0))
        assert english_left([card, "Lily, " + card]) == []
        assert english_left([f"{card}, not playable"]) == [f"{card}, not playable"]


def test_the_table_says_an_empty_hand_through_the_catalogue() -> None:
    assert table_module.queries.empty_hand_text() == "Your hand is empty"
    with using("qps"):
        assert english_left([table_module.queries.empty_hand_text()]) == []
