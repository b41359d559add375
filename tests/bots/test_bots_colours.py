"""The colour game's computer players: legal, seeing only their view, and playing with sense."""

from __future__ import annotations

import random
import time
from dataclasses import replace
from typing import Any

import pytest
from helpers.colours import deal, with_row

from ninetynine_audio.bots import levels, make_bot, strongest_level
from ninetynine_audio.bots.colours.hard import Weights, expected_length
from ninetynine_audio.bots.colours.turns import pile_ends, turn_plans
from ninetynine_audio.bots.tournament import play_bot_game
from ninetynine_audio.cards import colour_deck, parse_colour_card, parse_colour_cards
from ninetynine_audio.games.colours import (
    EndPiles,
    PlaceRowCard,
    PlayToPile,
    ScoreRow,
    apply,
    legal_for_view,
    view,
)

C = parse_colour_card


def test_the_colour_game_has_easy_normal_hard_and_expert_weakest_first():
    assert levels("colours") == ("easy", "normal", "hard", "expert")


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "expert"])
def test_every_level_plays_whole_games_with_legal_actions(level):
    for seed in range(2):
        record = play_bot_game("colours", [level, "normal", "easy"][: 2 + seed], seed)
        assert record.winner is not None
        assert max(record.events[-1].scores) >= 99 or record.events[-1].winner


def test_bots_choose_from_the_view_alone():
    state, _ = deal(["purple-1 dark-blue-9 black-10 red-4 orange-6 green-0", ""])
    table = view(state, 0)
    for level in levels("colours"):
        bot = make_bot("colours", level)
        action = bot.choose(table, random.Random(1))
        assert action in legal_for_view(table)


def test_pile_ends_find_an_order_where_one_card_opens_the_way_for_the_next():
    hand = parse_colour_cards("black-10 dark-blue-9")
    tops = (C("dark-blue-2"), C("red-7"))
    ends = pile_ends(hand, tops, 5)
    emptied = [end for end in ends if not end.kept]
    assert [end.plays for end in emptied] == [((C("dark-blue-9"), 1), (C("black-10"), 1))]


def test_pile_ends_count_orders_that_end_alike_once():
    hand = parse_colour_cards("red-1 red-2")
    tops = (C("red-0"), C("red-5"))
    ends = pile_ends(hand, tops, 5)
    keys = [(frozenset(e.kept), e.tops) for e in ends]
    assert len(keys) == len(set(keys))


def test_turn_plans_try_each_row_card_and_scoring_choice():
    state, _ = deal(["purple-1 dark-blue-9 black-10 red-4 orange-6 green-0", ""])
    state = with_row(state, 0, "yellow-0")
    plans = list(turn_plans(view(state, 0)))
    firsts = {p.actions[0] for p in plans}
    assert ScoreRow(0) in firsts
    fitting = {card for card in state.hands[0] if card.value > 0}
    assert {a.card for a in firsts if isinstance(a, PlaceRowCard)} == fitting
    assert all(isinstance(p.actions[-1], EndPiles) for p in plans)


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_a_scoring_that_reaches_99_is_taken(level):
    state, _ = deal(["purple-1 dark-blue-9 black-10 red-4 orange-6 green-0", ""])
    state = with_row(state, 0, "yellow-0 pink-2 grey-3")
    state = replace(state, scores=(90, 0))
    bot = make_bot("colours", level)
    rng = random.Random(0)
    for _ in range(3):
        action = bot.choose(view(state, 0), rng)
        assert isinstance(action, PlaceRowCard | ScoreRow)
        state, _ = apply(state, action)
        if state.is_over:
            break
    assert state.winner == 0


def test_hard_empties_its_hand_for_the_pro_variant_extra_turn():
    state, _ = deal(
        ["purple-1 dark-blue-9 black-10 red-4 orange-6 purple-4", ""],
        tops="dark-blue-2 red-7",
        pro=True,
    )
    bot = make_bot("colours", "hard")
    actions = []
    rng = random.Random(0)
    while state.to_act == 0 and state.turn == 1:
        action = bot.choose(view(state, 0), rng)
        actions.append(action)
        state, _ = apply(state, action)
    assert sum(isinstance(a, PlayToPile) for a in actions) == 5
    assert state.to_act == 0 and state.extra


def test_hard_decides_a_turn_quickly():
    state, _ = deal(
        ["purple-1 purple-3 red-4 red-6 orange-5 orange-6", "", "", ""], tops="purple-0 red-5"
    )
    bot = make_bot("colours", "hard")
    started = time.perf_counter()
    bot.choose(view(state, 0), random.Random(0))
    assert time.perf_counter() - started < 1.0


def test_a_kept_10_that_can_end_the_row_never_makes_it_look_shorter():
    w = Weights()
    row = parse_colour_cards("red-1")
    # A 10 in hand can end this row later: the row is longer with it than without it.
    assert expected_length(row, parse_colour_cards("yellow-10"), w) > expected_length(row, (), w)
    rng = random.Random(5)
    deck = list(colour_deck())
    tens = [card for card in deck if card.value == 10]
    for _ in range(500):
        cards = rng.sample([c for c in deck if c.value < 10], 6)
        row, kept, ten = tuple(cards[:1]), tuple(cards[1:]), rng.choice(tens)
        if all(card.colour is not ten.colour for card in cards):
            with_ten = expected_length(row, (*kept, ten), w)
            assert with_ten >= expected_length(row, kept, w), (row, kept, ten)


@pytest.mark.parametrize("level", sorted({"hard", strongest_level("colours")}))
def test_a_searching_level_does_not_start_an_empty_row_with_a_10_for_a_row_of_1(level):
    # Green 1 can be followed by the red 10 in hand; started with the 10, the row is scored
    # next turn for 1 point. A row of n scores n times n: the 10 is kept to end a longer row.
    state, _ = deal(
        ["purple-7 purple-4 yellow-6 purple-6 red-10 green-1", ""], tops="light-blue-2 green-4"
    )
    for seed in range(4):
        action = make_bot("colours", level).choose(view(state, 0), random.Random(seed))
        assert isinstance(action, PlaceRowCard)
        assert action.card == C("green-1"), (seed, action)


def _fast_seat(state: Any, seat: int) -> Any:
    """The fast copy's seat for ``seat`` of the engine's ``state``."""
    from ninetynine_audio.bots.colours.fastsim import Seat, codes

    return Seat(
        codes(state.hands[seat]),
        codes(state.draw_piles[seat]),
        codes(state.rows[seat]),
        state.scores[seat],
    )


def test_the_playouts_fast_turn_is_normals_turn_in_the_engine():
    from ninetynine_audio.bots.colours.fastsim import CODE, Table, codes
    from ninetynine_audio.games.base import GameSetup
    from ninetynine_audio.games.colours import new_game

    compared = renewals = 0
    for seed in range(6):
        setup = GameSetup("colours", ("A", "B"), ("normal", "normal"), {}, seed)
        state, _ = new_game(setup)
        normal = make_bot("colours", "normal")
        while not state.is_over:
            seat = state.to_act
            mover = _fast_seat(state, seat)
            table = Table(
                [CODE[state.pile_tops[0]], CODE[state.pile_tops[1]]],
                codes(state.reserve),
                [],
                random.Random(0),
            )
            won, played = table.normal_turn(mover)
            before = state.draw_piles[seat]
            turn = state.turn
            plays = 0
            while not state.is_over and state.turn == turn:
                action = normal.choose(view(state, seat), random.Random(0))
                plays += isinstance(action, PlayToPile)
                state, _ = apply(state, action)
            assert (won, played) == (state.winner == seat, plays)
            assert mover.score == state.scores[seat]
            if state.is_over:
                break
            assert mover.hand == codes(state.hands[seat])
            assert mover.row == codes(state.rows[seat])
            assert table.tops == [CODE[state.pile_tops[0]], CODE[state.pile_tops[1]]]
            if len(state.reserve) >= 15 or len(before) > 6:
                assert mover.pile == codes(state.draw_piles[seat])
            renewals += len(state.draw_piles[seat]) > len(before)
            compared += 1
    assert compared > 100 and renewals > 10


def test_the_playouts_fast_hard_turn_is_hards_turn_in_the_engine():
    from ninetynine_audio.bots.colours.fastsim import CODE, Table, codes, mask
    from ninetynine_audio.bots.colours.hard import Weights
    from ninetynine_audio.games.base import GameSetup
    from ninetynine_audio.games.colours import new_game

    compared = scorings = 0
    for seed in range(8):
        count = 2 + seed % 3
        kinds = ("hard",) * count
        names = ("A", "B", "C", "D")[:count]
        setup = GameSetup("colours", names, kinds, {"pro_variant": seed % 4 == 3}, seed)
        state, _ = new_game(setup)
        hard = make_bot("colours", "hard")
        weights = Weights()
        while not state.is_over:
            seat = state.to_act
            mover = _fast_seat(state, seat)
            shown = mask(codes(state.discards[0]) + codes(state.discards[1]))
            table = Table(
                [CODE[state.pile_tops[0]], CODE[state.pile_tops[1]]],
                codes(state.reserve),
                [],
                random.Random(0),
                shown,
            )
            others = [other for other in range(count) if other != seat]
            rows_seen = mask([c for other in others for c in codes(state.rows[other])])
            won, played = table.hard_turn(mover, rows_seen, weights, {}, state.pro_variant)
            # With the reserve short, the draw may rebuild it from cards this table lacks.
            exact = len(state.reserve) >= 15 or len(state.draw_piles[seat]) > 6
            turn = state.turn
            plays = scored = 0
            while not state.is_over and state.turn == turn:
                action = hard.choose(view(state, seat), random.Random(0))
                plays += isinstance(action, PlayToPile)
                scored += isinstance(action, ScoreRow)
                state, _ = apply(state, action)
            assert played == plays
            # A Pro Variant extra turn may begin by scoring the row at once.
            exact = exact and not state.extra
            if exact:
                assert (won, mover.score) == (state.winner == seat, state.scores[seat])
            if state.is_over:
                break
            assert table.tops == [CODE[state.pile_tops[0]], CODE[state.pile_tops[1]]]
            if exact:
                assert mover.row == codes(state.rows[seat])
                assert mover.hand == codes(state.hands[seat])
            scorings += scored
            compared += 1
    assert compared > 150 and scorings >= 2


def _expert_position():
    state, _ = deal(
        ["purple-1 dark-blue-9 black-4 red-4 orange-6 green-0", ""], tops="red-5 green-2"
    )
    return with_row(state, 0, "yellow-0")


def test_the_expert_plays_its_best_plans_out_on_every_deal_and_the_hint_on_half_as_many():
    from ninetynine_audio.bots.colours.expert import CANDIDATES, DEALS, hint_bot

    state = _expert_position()
    seat = make_bot("colours", "expert")
    seat.choose(view(state, 0), random.Random(2))
    assert seat.finding is not None
    assert (seat.finding.best_of, seat.finding.deals) == (CANDIDATES, DEALS)
    assert 0.0 <= seat.finding.mine <= 5.0 and 0.0 <= seat.finding.theirs <= 5.0
    hint = hint_bot()
    hint.choose(view(state, 0), random.Random(2))
    assert hint.finding is not None and hint.finding.deals == DEALS // 2


def test_the_expert_may_play_its_own_next_turn_in_the_playouts_by_hards_rules_the_hint_never(
    monkeypatch,
):
    from ninetynine_audio.bots.colours import fastsim
    from ninetynine_audio.bots.colours.expert import ExpertBot, hint_bot

    calls = []
    hard_turn = fastsim.Table.hard_turn

    def counted(self, seat, *args):
        calls.append(seat)
        return hard_turn(self, seat, *args)

    monkeypatch.setattr(fastsim.Table, "hard_turn", counted)
    state = _expert_position()
    seat = ExpertBot(own_turns=1)
    seat.choose(view(state, 0), random.Random(2))
    assert seat.finding is not None
    playouts = seat.finding.playouts
    # Once a playout, unless the game is won before this seat's next turn.
    assert playouts * 0.9 <= len(calls) <= playouts
    calls.clear()
    hint_bot().choose(view(state, 0), random.Random(2))
    assert calls == []
    same = [ExpertBot(own_turns=1).plan(view(state, 0), random.Random(4)) for _ in range(2)]
    assert same[0] == same[1]


def test_the_expert_is_the_same_for_a_seed_and_stops_early_when_its_clock_runs_out():
    import itertools

    from ninetynine_audio.bots import Budget

    state = _expert_position()
    first = [
        make_bot("colours", "expert").plan(view(state, 0), random.Random(seed)) for seed in (4, 4)
    ]
    assert first[0] == first[1]
    ticks = itertools.count()
    bot = make_bot("colours", "expert")
    bot.budget = Budget(clock=lambda: float(next(ticks)), seconds=0.5)
    bot.choose(view(state, 0), random.Random(1))
    assert bot.finding is not None and bot.finding.deals == 1


def test_the_expert_reads_how_many_cards_the_player_before_it_kept():
    from ninetynine_audio.bots.colours.expert import ExpertBot
    from ninetynine_audio.games.base import GameSetup
    from ninetynine_audio.games.colours import new_game
    from ninetynine_audio.games.colours.engine import outcome

    compared = 0
    for seed, count in ((1, 2), (2, 3)):
        kinds = ("expert", "hard", "normal")[:count]
        state, _ = new_game(GameSetup("colours", tuple("ABC"[:count]), kinds, {}, seed))
        bots = [ExpertBot(deals=2), *(make_bot("colours", k) for k in kinds[1:])]
        rng = random.Random(seed)
        held: dict[int, set[object]] = {}
        turn = -1
        while outcome(state) is None and state.turn < 60:
            seat = state.to_act
            if state.turn != turn:
                turn = state.turn
                last = (seat - 1) % count
                if seat == 0 and last in held and not state.extra:
                    truth = len(set(state.hands[last]) & held[last])
                    assert bots[0].read_last(view(state, 0)).kept == truth
                    compared += 1
                held[seat] = set(state.hands[seat])
            state, _ = apply(state, bots[seat].choose(view(state, seat), rng))
    assert compared >= 15
    # Not having seen the last turn, it takes half the hand; after its own turn, none.
    fresh = ExpertBot()
    assert fresh.read_last(view(state, 0)).kept == len(state.hands[2]) // 2
    assert fresh.read_last(replace(view(state, 0), turn=999, extra=True)).kept == 0


def test_the_expert_deals_the_last_player_no_card_it_would_have_played():
    from ninetynine_audio.bots.colours.expert import LastTurn, _deal_kept
    from ninetynine_audio.bots.colours.fastsim import CODE, ONTO, codes, fits
    from ninetynine_audio.bots.colours.turns import ALL_CARDS, unseen_cards

    state = with_row(_expert_position(), 1, "yellow-8")
    table = view(state, 0)
    tops = {CODE[top] for top in table.pile_tops}
    row = codes(table.rows[1])
    pool = codes(unseen_cards(table))
    reading = LastTurn(1, 4, frozenset(tops), tuple(row))

    def kinds(cards):
        playable = [c for c in cards if not tops.isdisjoint(ONTO[c]) and not fits(c, row)]
        extending = [c for c in cards if fits(c, row)]
        return len(playable) / len(cards), len(extending) / len(cards)

    rng = random.Random(5)
    dealt = []
    for _ in range(400):
        rng.shuffle(pool)
        before = sorted(pool)
        _deal_kept(table, pool, reading, rng)
        assert sorted(pool) == before
        dealt.extend(pool[:4])
    random_playable, random_extending = kinds(pool)
    playable, extending = kinds(dealt)
    assert random_playable > 0.1 and playable < random_playable / 5
    assert extending > random_extending * 1.2
    assert {ALL_CARDS[c] for c in dealt} <= set(unseen_cards(table))


def test_the_expert_counts_on_fewer_cards_of_the_next_player_fitting_the_tops_it_left():
    from ninetynine_audio.bots.colours.expert import ExpertBot
    from ninetynine_audio.bots.colours.hard import HardBot
    from ninetynine_audio.bots.colours.turns import unseen_cards

    table = view(with_row(_expert_position(), 1, "yellow-8"), 0)
    unseen = unseen_cards(table)
    hard, expert = HardBot(), ExpertBot()
    left = table.pile_tops
    other = (C("purple-3"), C("black-7"))
    # Half its hand kept (not having seen its turn): those cards seldom fit the tops it left,
    # and other tops are much as Hard reckons them.
    assert expert.read_last(table).kept == 3
    assert expert.open_to_next(table, left, unseen) < 0.7 * hard.open_to_next(table, left, unseen)
    assert expert.open_to_next(table, other, unseen) == pytest.approx(
        hard.open_to_next(table, other, unseen), abs=0.05
    )


def test_the_expert_stops_playing_out_the_plans_far_behind_after_its_first_deals(monkeypatch):
    from ninetynine_audio.bots.colours.expert import DEALS, RACE_AFTER, ExpertBot

    met: dict[int, int] = {}
    playout = ExpertBot._playout

    def counted(self, view, plan, deal, stores, shown):
        met[id(plan)] = met.get(id(plan), 0) + 1
        return playout(self, view, plan, deal, stores, shown)

    monkeypatch.setattr(ExpertBot, "_playout", counted)
    state = _expert_position()
    raced = ExpertBot()
    chosen = raced.plan(view(state, 0), random.Random(2))
    # Some plans met only the first deals, the others every deal.
    assert sorted(set(met.values())) == [RACE_AFTER, DEALS]
    assert raced.finding is not None and raced.finding.playouts == sum(met.values())
    met.clear()
    # Without the race every plan meets every deal; the plan chosen here is the same, as the
    # deals are the same and the best was never behind.
    whole = ExpertBot(race_after=DEALS)
    assert whole.plan(view(state, 0), random.Random(2)) == chosen
    assert set(met.values()) == {DEALS}


def test_a_search_judges_a_playout_turn_it_meets_again_once_and_alike(monkeypatch):
    from ninetynine_audio.bots.colours import fastsim
    from ninetynine_audio.bots.colours.fastsim import Seat, Table, codes

    judged: list[int] = []
    choice = fastsim.Table._hard_choice

    def counted(self, seat, *args):
        judged.append(seat.score)
        return choice(self, seat, *args)

    monkeypatch.setattr(fastsim.Table, "_hard_choice", counted)
    deck = codes(colour_deck())
    hand = codes(parse_colour_cards("purple-6 black-7 red-4 orange-8 green-2 dark-blue-5"))
    row = codes(parse_colour_cards("yellow-1 red-2 green-3"))
    tops = codes(parse_colour_cards("red-5 green-9"))
    rest = [card for card in deck if card not in {*hand, *row, *tops}]

    def turn(score: int, chosen: Any) -> tuple[Any, ...]:
        seat = Seat(list(hand), rest[:10], list(row), score)
        table = Table(list(tops), rest[10:40], [], random.Random(0))
        won, played = table.hard_turn(seat, 0, Weights(), {}, False, chosen)
        return won, played, seat.hand, seat.row, seat.score, table.tops

    alone = turn(20, None)
    chosen: dict[Any, Any] = {}
    assert turn(20, chosen) == alone and turn(20, chosen) == alone
    assert judged == [20, 20]
    # A turn that differs only in the points is judged anew: scoring the row now wins.
    near = turn(90, chosen)
    assert judged == [20, 20, 90]
    assert near[0] and near[4] >= 99 and not alone[0] and alone[4] < 99


def test_the_expert_plays_fewer_deals_out_at_a_larger_table():
    from ninetynine_audio.bots.colours.expert import DEALS, TABLE_SHARE, ExpertBot

    for hands, share in (
        (["", ""], 1.0),
        (["", "", ""], TABLE_SHARE[3]),
        (["", "", "", ""], TABLE_SHARE[4]),
    ):
        hands[0] = "purple-1 dark-blue-9 black-4 red-4 orange-6 green-0"
        state, _ = deal(hands, tops="red-5 green-2")
        state = with_row(state, 0, "yellow-0")
        seat = ExpertBot()
        seat.choose(view(state, 0), random.Random(2))
        assert seat.finding is not None and seat.finding.deals == round(DEALS * share)
    assert round(DEALS * TABLE_SHARE[4]) < round(DEALS * TABLE_SHARE[3]) < DEALS
