"""What the round's plays say about the other hands (the classic and arcade Expert)."""

from __future__ import annotations

import random
from collections import Counter
from math import comb

import pytest
from helpers.bots import walk

from ninetynine_audio.bots.adding.knowledge import LIMIT, hand_codes, move_table, unseen_counts
from ninetynine_audio.bots.adding.posterior import Asked, HandPosterior, deal, round_plays
from ninetynine_audio.games.adding import AddingView
from ninetynine_audio.games.registry import find_game

FOUR_KINDS = ("hard", "normal", "hard", "crazy")


@pytest.mark.parametrize(
    ("game", "kinds"),
    [
        ("classic", FOUR_KINDS),
        ("classic", FOUR_KINDS[:3]),
        ("classic", FOUR_KINDS[:2]),
        ("arcade", FOUR_KINDS),
    ],
)
def test_every_card_of_the_pile_is_given_to_its_player_and_total(game, kinds):
    settled = unsettled = 0
    for seed in range(2):
        for _, view, played in walk(game, seed, kinds):
            plays = round_plays(view)
            assert plays is not None
            assert len(plays) == len(view.pile)
            real = {
                height: (seat, code, total)
                for seat, made in played.items()
                for code, _, total, height in made
            }
            for play in plays:
                seat, code, total = real[play.height]
                assert (play.seat, play.code) == (seat, code)
                if play.total is None:
                    unsettled += 1
                else:
                    assert play.total == total
                    settled += 1
    assert settled > 500 and settled > 10 * unsettled


def _always(view: AddingView) -> list[bool]:
    return [bool(moves) for moves in move_table(view.rules)[LIMIT]]


def test_the_real_hands_are_more_likely_than_a_random_deal_makes_them_and_none_impossible():
    """Over whole classic games, from a total of 80: the hand each read player really holds
    has a chance, and on average more than a deal of the unseen cards at random gives it;
    and the chance of a hand with no always-safe card (what decides a King to 99) comes out
    as often as such hands are really held, where a random deal overstates it."""
    spec = find_game("classic")
    readings = 0
    ratio = read_none = random_none = real_none = 0.0
    asked = [Asked() for _ in FOUR_KINDS]
    for seed in range(2):
        for state, view, _ in walk("classic", seed, FOUR_KINDS):
            if view.total < 80:
                continue
            posterior = HandPosterior(view, asked[view.seat])
            always = _always(view)
            counts = unseen_counts(view)
            pool = sum(counts)
            safe = sum(count for code, count in enumerate(counts) if always[code])
            for seat in posterior.hands:
                chances = posterior.chances(seat)
                real = tuple(sorted(hand_codes(spec.view(state, seat).hand)))
                assert chances.get(real, 0.0) > 0.0
                dealt = 1.0
                for code, many in Counter(real).items():
                    dealt *= comb(counts[code], many)
                ratio += chances[real] / (dealt / comb(pool, len(real)))
                read_none += sum(
                    p for hand, p in chances.items() if not any(always[c] for c in hand)
                )
                random_none += comb(pool - safe, len(real)) / comb(pool, len(real))
                real_none += not any(always[code] for code in real)
                readings += 1
    assert readings > 300
    assert ratio / readings > 1.5
    assert abs(read_none - real_none) / readings < 0.04
    assert (random_none - real_none) / readings > 0.05


def test_a_hard_player_after_three_plays_is_read_as_holding_more_safe_cards_than_are_unseen():
    """Hard plays its ordinary cards first and keeps the 4, 9, 10 and King: after three plays
    its hand is read as holding more of those than the unseen cards do."""
    found = False
    for seed in range(20):
        for _, view, played in walk("classic", seed, ("hard",) * 4):
            if view.total < 60:
                continue
            posterior = HandPosterior(view)
            always = _always(view)
            for seat in posterior.hands:
                if len(played.get(seat, [])) < 3:
                    continue
                counts = unseen_counts(view)
                pool = sum(counts)
                share = sum(count for code, count in enumerate(counts) if always[code]) / pool
                chances = posterior.chances(seat)
                held = sum(
                    p * sum(always[c] for c in hand) / len(hand) for hand, p in chances.items()
                )
                assert held > share
                found = True
            if found:
                return
    raise AssertionError("no player with three plays read")


def test_a_pile_rebuilt_into_the_stock_is_not_read():
    for _, view, _ in walk("classic", 0, FOUR_KINDS):
        if len(view.pile) > 3:
            assert round_plays(view) is not None
            grown = view.__class__(**{**view.__dict__, "stock_size": view.stock_size + 5})
            assert round_plays(grown) is None
            assert not HandPosterior(grown)
            return
    raise AssertionError("no pile of four cards")


def test_a_deal_gives_each_read_player_a_hand_it_can_hold_and_keeps_every_card():
    rng = random.Random(3)
    dealt = 0
    asked = [Asked() for _ in FOUR_KINDS]
    for _, view, _ in walk("classic", 1, FOUR_KINDS):
        if view.total < 80:
            continue
        posterior = HandPosterior(view, asked[view.seat])
        if not posterior:
            continue
        sim = deal(view, rng, posterior)
        assert sim.hands[view.seat] == hand_codes(view.hand)
        for seat in posterior.hands:
            assert tuple(sorted(sim.hands[seat])) in posterior.chances(seat)
        unseen = Counter(
            code for code, count in enumerate(unseen_counts(view)) for _ in range(count)
        )
        others = Counter(
            code for seat, hand in enumerate(sim.hands) if seat != view.seat for code in hand
        )
        assert others + Counter(sim.stock) == unseen
        assert [len(hand) for hand in sim.hands] == list(view.hand_sizes)
        dealt += 1
    assert dealt > 20


def test_the_hint_deals_the_hands_as_the_round_s_plays_say_as_the_seat_does(monkeypatch):
    import ninetynine_audio.bots.adding.expert as expert

    dealt: list[int] = []

    def counted(view: AddingView, rng: random.Random, posterior: HandPosterior):
        dealt.append(view.seat)
        return deal(view, rng, posterior)

    monkeypatch.setattr(expert, "deal", counted)
    for _, view, _ in walk("classic", 2, FOUR_KINDS):
        if view.total >= 80 and HandPosterior(view) and len(set(hand_codes(view.hand))) > 1:
            bot = expert.hint_bot()
            bot.choose(view, random.Random(1))
            if bot.finding is not None:
                assert dealt and len(dealt) == bot.finding.deals
                return
    raise AssertionError("no searched hint late in a round")
