"""The searching Experts: the exact trick solver, the search budget, the hint's bot and words."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest
from helpers.tricks import bid_all, play, start

from ninetynine_audio.bots import Budget, levels, make_bot, make_hint_bot, strongest_level
from ninetynine_audio.bots.base import Stopwatch
from ninetynine_audio.bots.tournament import play_bot_game
from ninetynine_audio.bots.tricks.fast import playable, to_int, winner_of
from ninetynine_audio.bots.tricks.solve import (
    Solver,
    cards_of,
    mask_of,
    unpack,
    utilities,
)
from ninetynine_audio.cards import Suit, parse_cards
from ninetynine_audio.games.adding import AddingRules, Scoring
from ninetynine_audio.games.registry import find_game
from ninetynine_audio.games.tricks import BidCards, PlayCard, view
from ninetynine_audio.present.adding.advice import search_reason
from ninetynine_audio.present.colours.queries import search_hint_text
from ninetynine_audio.present.tricks.advice import search_text

# ---------------------------------------------------------------------------- the solver


def brute_force(
    hands: list[list[int]], leader: int, won: list[int], trumps: int, util, trick=()
) -> tuple[int, int, int]:
    """Max-n over every card, without memory or merged cards: the final tricks."""
    seat = (leader + len(trick)) % 3
    best: tuple[int, int, int] | None = None
    best_value = float("-inf")
    for card in playable(hands[seat], list(trick)):
        rest = [list(h) for h in hands]
        rest[seat].remove(card)
        cards = (*trick, card)
        if len(cards) < 3:
            result = brute_force(rest, leader, won, trumps, util, cards)
        else:
            winner = (leader + winner_of(list(cards), trumps)) % 3
            after = list(won)
            after[winner] += 1
            if rest[winner]:
                result = brute_force(rest, winner, after, trumps, util)
            else:
                result = (after[0], after[1], after[2])
        value = util[seat][result[0] * 100 + result[1] * 10 + result[2]]
        if value > best_value:
            best, best_value = result, value
    assert best is not None
    return best


@pytest.mark.parametrize("seed", range(12))
def test_the_solver_agrees_with_plain_max_n_over_every_card(seed):
    rng = random.Random(seed)
    cards = list(range(36))
    rng.shuffle(cards)
    size = 3
    hands = [sorted(cards[i * size : (i + 1) * size]) for i in range(3)]
    trumps = rng.randrange(-1, 4)
    targets = [rng.randrange(0, 4) for _ in range(3)]
    util = utilities(targets, [0.25, 0.5, 0.0])
    leader = seed % 3
    solver = Solver([mask_of(h) for h in hands], trumps, util)
    rest = mask_of(cards[: 3 * size])
    got = unpack(solver.trick_start(rest, leader, 0))
    # Cards merged as equal lead to the same tricks, and ties go to the lowest card in both.
    assert got == brute_force(hands, leader, [0, 0, 0], trumps, util)


def test_the_solver_takes_the_last_trick_it_needs_and_gives_away_one_it_does_not():
    # Seat 0 leads with the ace and the six of spades; the others hold only lower spades
    # (one each) and a heart each.
    hands = [parse_cards("AS 6S"), parse_cards("7S 6H"), parse_cards("8S 7H")]
    masks = [mask_of([to_int(c) for c in h]) for h in hands]
    rest = masks[0] | masks[1] | masks[2]
    for target, wanted in ((2, "AS"), (1, "AS"), (0, "6S")):
        util = utilities([target, 0, 0], [0.0, 0.0, 0.0])
        solver = Solver(masks, -1, util)
        choices = [to_int(c) for c in parse_cards("AS 6S")]
        results = solver.results(rest, 0, 0, (), choices)
        values = [util[0][r] for r in results]
        best = choices[values.index(max(values))]
        assert cards_of(1 << best) == [to_int(parse_cards(wanted)[0])]


def test_cards_next_to_each_other_once_the_played_ones_are_gone_are_tried_once():
    hand = [to_int(c) for c in parse_cards("7S 9S KS")]
    other = [to_int(c) for c in parse_cards("8S AS 6H")]
    third = [to_int(c) for c in parse_cards("10S 7H 8H")]
    solver = Solver(
        [mask_of(hand), mask_of(other), mask_of(third)], -1, utilities([0] * 3, [0] * 3)
    )
    rest = mask_of(hand + other + third)
    assert len(solver.options(rest, 0, ())) == 3  # 8S and 10S lie between them
    # With the 8 of spades gone, 7S and 9S are equal (the 10 still parts 9S from KS).
    gone = rest & ~mask_of([to_int(c) for c in parse_cards("8S")])
    assert len(solver.options(gone, 0, ())) == 2
    # With the 10 gone too (and the Jack and Queen nowhere), all three are one.
    gone &= ~mask_of([to_int(c) for c in parse_cards("10S")])
    assert len(solver.options(gone, 0, ())) == 1


# ---------------------------------------------------------------------------- the budget


def test_a_budget_scales_its_counts_and_stops_by_an_injected_clock():
    assert Budget().scaled(40) == 40
    assert Budget(scale=0.2).scaled(40) == 8
    assert Budget(scale=0.001).scaled(40) == 1
    assert not Budget().start().spent()  # no clock: never spent
    now = [0.0]
    watch = Stopwatch(lambda: now[0], 0.5)
    assert not watch.spent()
    now[0] = 0.6
    assert watch.spent()


def test_the_tricks_expert_stops_early_when_its_clock_runs_out():
    state, _ = start()
    ticks = itertools.count()
    bot = make_bot("tricks", "expert")
    bot.budget = Budget(clock=lambda: float(next(ticks)), seconds=0.5)
    bot.choose(view(state, 0), random.Random(1))
    assert bot.finding is not None
    assert bot.finding.samples == 1
    fixed = make_bot("tricks", "expert")
    fixed.choose(view(state, 0), random.Random(1))
    assert fixed.finding is not None and fixed.finding.samples > 1


# ---------------------------------------------------------------------------- the levels


@pytest.mark.parametrize("family", ["adding", "colours", "tricks"])
def test_every_family_has_an_expert_as_its_strongest_level(family):
    assert strongest_level(family) == "expert"
    assert "expert" in levels(family)


@pytest.mark.parametrize(
    ("family", "attribute"),
    [("adding", "deals"), ("colours", "budget"), ("tricks", "budget")],
)
def test_the_hint_asks_the_expert_with_a_smaller_budget(family, attribute):
    hint = make_hint_bot(family)
    seat = make_bot(family, "expert")
    assert hint.level == "expert"
    if attribute == "deals":
        assert hint.deals < seat.deals
        assert hint.tactical_deals < seat.tactical_deals
    else:
        assert hint.budget.scale < seat.budget.scale


def test_the_tricks_expert_plays_whole_games_legally_and_the_same_for_a_seed():
    first = play_bot_game("tricks", ["expert", "hard", "normal"], 5, {"target": 30})
    again = play_bot_game("tricks", ["expert", "hard", "normal"], 5, {"target": 30})
    assert first.winner is not None
    assert [e.to_log() for e in first.events] == [e.to_log() for e in again.events]


def test_the_tricks_expert_bids_from_every_choice_and_says_how_often_it_made_it():
    state, _ = start()
    bot = make_bot("tricks", "expert")
    action = bot.choose(view(state, 0), random.Random(2))
    assert isinstance(action, BidCards)
    assert bot.finding is not None
    assert 0.0 <= bot.finding.made <= 1.0
    # The hand of every spade takes many tricks: the bid is high.
    values = {Suit.CLUBS: 3, Suit.HEARTS: 2, Suit.SPADES: 1}
    assert sum(values.get(card.suit, 0) for card in action.cards) >= 4


def test_the_tricks_expert_solves_the_end_of_a_deal():
    hands = (
        "AS KS QS JS 10S 9S AH KH 6H 8S 7S 6S",
        "JH 10H 9H 8H 7H QH AD KD QD JD 10D 9D",
        "8D 7D 6D AC KC QC JC 10C 9C 8C 7C 6C",
    )
    state, _ = start(hands)
    state, _ = bid_all(state, "6S 7S 8S", "9D 10D JD", "6C 7C 8C")
    # Five tricks played away: You hold four cards and need one more trick.
    keep = [parse_cards("AS 9S 6H KH"), parse_cards("JH 10H 9H KD"), parse_cards("AC KC QC JC")]
    state = replace(
        state,
        hands=tuple(tuple(k) for k in keep),
        tricks_won=(2, 2, 1),
        trick_number=6,
        leader=1,
        to_act=1,
    )
    state, _ = play(state, "JH", "AC")
    bot = make_bot("tricks", "expert")
    action = bot.choose(view(state, 0), random.Random(4))
    assert isinstance(action, PlayCard)
    assert bot.finding is not None and bot.finding.solved


def test_the_colour_expert_plays_whole_games_legally_and_the_same_for_a_seed():
    first = play_bot_game("colours", ["expert", "hard"], 3)
    again = play_bot_game("colours", ["expert", "hard"], 3)
    assert first.winner is not None
    assert [e.to_log() for e in first.events] == [e.to_log() for e in again.events]


# ---------------------------------------------------------------------------- the hint's words


def test_the_trick_hint_says_how_often_the_re_deals_made_the_bid():
    # In words a newcomer follows: how often, never a count of re-deals.
    assert search_text(0.75, 40, False) == "That card makes your bid usually."
    assert search_text(0.5, 10, True) == "Those nine make that bid about half the time."
    assert search_text(0.5, 0, True) == ""
    # Consistent with the card it recommends: never "makes your bid in 0 of 24".
    assert search_text(0.0, 24, False) == "Your bid looks out of reach whatever you play."


def test_the_colour_hint_says_what_the_re_deals_found():
    said = search_hint_text("Hint: end your turn and draw", 2.5, 1.0, 8)
    assert said == (
        "Hint: end your turn and draw. Next turn you can expect about 2.5 cards onto the"
        " piles, the next player 1.0."
    )
    assert search_hint_text("Hint: x", 1.0, 1.0, 0) == "Hint: x"


def test_the_adding_hint_names_the_player_the_re_deals_leave_stuck():
    spec = find_game("classic")
    record_view = _adding_view(spec)
    said = search_reason(record_view, 4, (0, 3, 1, 0), 0.0)
    assert said == f"it leaves {record_view.players[1]} stuck usually"
    assert search_reason(record_view, 60, (3, 29, 0, 0), 0.0) == (
        f"it leaves {record_view.players[1]} stuck about half the time; you rarely"
    )
    assert search_reason(record_view, 4, (1, 0, 0, 0), 0.0) == ("you are left stuck only sometimes")
    tactical = replace(record_view, rules=replace(record_view.rules, scoring=Scoring.LIMITS))
    assert "gain you 1.5 points a round" in search_reason(tactical, 12, (0, 0, 0, 0), 1.5)


def _adding_view(spec):
    from ninetynine_audio.games.base import GameSetup

    kinds = ("human", "normal", "normal", "normal")
    state, _ = spec.new_game(GameSetup(spec.id, spec.default_names(kinds), kinds, {}, 1))
    seen = spec.view(state, 0)
    assert isinstance(seen.rules, AddingRules)
    return seen


@pytest.mark.usefixtures("private_home")  # the match it starts is saved in its own folder
def test_the_tactical_hint_says_what_its_re_deals_found() -> None:
    from helpers.adding_keys import stacked

    # You hold a 5, a King and a 7: three different plays to weigh.
    h = stacked("5S 9S KH 9H 7C 9D 5C 9C 5D 4S 3S 4H", "tactical")
    table = h.table
    assert table is not None and table.state.to_act == 0
    h.press("slash")
    [hint] = h.new_speech()
    assert hint.startswith("Try ")
    assert "re-deal" not in hint and "likely" in hint, hint
    h.press("slash")
    assert h.new_speech() == [hint], "asking again gives the same hint"
