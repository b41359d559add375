"""The tournament's pure part: fields, knockout tables, Swiss pairings, byes and standings,
without a server."""

from __future__ import annotations

import itertools
import random

import pytest

from ninetynine_audio.play.tournament import (
    KNOCKOUT,
    SWISS,
    Entrant,
    Tournament,
    TournamentError,
    field_sizes,
    group_without_rematch,
    new_tournament,
)


def people(count: int) -> list[Entrant]:
    return [Entrant(f"P{n}", "human", f"account:p{n}") for n in range(count)]


def computers(count: int) -> list[Entrant]:
    return [Entrant(f"C{n}", "normal") for n in range(count)]


def play_round(t: Tournament, rng: random.Random | None = None) -> Tournament:
    """Every table of the current round played: the lowest seed first, unless ``rng``
    shuffles the places."""
    current = t.current
    assert current is not None
    for index, table in enumerate(current.tables):
        order = sorted(table.seats)
        if rng is not None:
            rng.shuffle(order)
        places = [order.index(seed) + 1 for seed in table.seats]
        t = t.with_result(index, places)
    return t


def test_knockout_fields_are_powers_of_the_table_size() -> None:
    assert field_sizes(KNOCKOUT, 2) == [4, 8, 16, 32]
    assert field_sizes(KNOCKOUT, 3) == [9, 27]
    assert field_sizes(KNOCKOUT, 4) == [4, 16]
    assert field_sizes(SWISS, 3) == list(range(4, 33))
    with pytest.raises(TournamentError) as refused:
        new_tournament(KNOCKOUT, 2, people(2), 6, computers(4))
    assert refused.value.code == "size"


def test_computers_fill_a_knockout_of_four_which_runs_to_its_winner() -> None:
    t = new_tournament(KNOCKOUT, 2, people(2), 4, computers(5))
    assert [e.who is None for e in t.field] == [False, False, True, True]
    assert t.rounds_planned == 2
    t = t.next_round()
    # Folded seeding: the first seed meets the last, the best two meet only in the final.
    assert [table.seats for table in t.rounds[0].tables] == [(0, 3), (1, 2)]
    with pytest.raises(TournamentError):
        t.next_round()
    t = t.with_result(0, [2, 1]).with_result(1, [1, 2])
    assert t.still_in() == [1, 3]
    assert not t.is_over
    t = t.next_round()
    assert [table.seats for table in t.rounds[1].tables] == [(1, 3)]
    t = t.with_result(0, [2, 1])
    assert t.is_over
    standings = t.standings()
    assert [s.seed for s in standings] == [3, 1, 0, 2]
    assert [s.place for s in standings] == [1, 2, 3, 3]
    with pytest.raises(TournamentError):
        t.next_round()


def test_a_knockout_of_three_seat_tables_sends_each_tables_winner_through() -> None:
    t = new_tournament(KNOCKOUT, 3, people(4), 9, computers(5)).next_round()
    seats = [table.seats for table in t.rounds[0].tables]
    assert sorted(itertools.chain(*seats)) == list(range(9))
    assert all(len(s) == 3 for s in seats)
    t = play_round(t)
    assert t.still_in() == sorted(min(s) for s in seats)
    t = play_round(t.next_round())
    assert t.is_over and t.standings()[0].seed == 0


def test_a_result_that_does_not_fit_its_table_is_refused() -> None:
    t = new_tournament(SWISS, 2, people(4), 4, []).next_round()
    for bad in ([1], [1, 2, 3], [0, 1]):
        with pytest.raises(TournamentError):
            t.with_result(0, bad)
    t = t.with_result(0, [1, 2])
    with pytest.raises(TournamentError):
        t.with_result(0, [1, 2])
    with pytest.raises(TournamentError):
        t.with_result(5, [1, 2])


def perfect_without_rematch(seeds: list[int], met: set[frozenset[int]]) -> bool:
    """Whether ``seeds`` can be paired with no pair in ``met`` (tried every way)."""
    if not seeds:
        return True
    head, rest = seeds[0], seeds[1:]
    return any(
        frozenset((head, other)) not in met
        and perfect_without_rematch([s for s in rest if s != other], met)
        for other in rest
    )


def test_swiss_pairs_no_one_twice_while_it_can_be_avoided() -> None:
    avoided = 0
    for size in (4, 6, 8, 10):
        for seed in range(4):
            t = new_tournament(SWISS, 2, people(size), size, [])
            t = Tournament(t.format, t.table_size, t.field, size - 1)
            rng = random.Random(seed)
            for _round in range(size - 1):
                before = t.met()
                t = t.next_round()
                made = t.current
                assert made is not None
                rematches = [tb for tb in made.tables if frozenset(tb.seats) in before]
                if perfect_without_rematch(list(range(size)), before):
                    assert rematches == [], (size, seed, _round)
                    avoided += 1
                else:
                    assert rematches
                t = play_round(t, rng)
    assert avoided > 60


def test_swiss_groups_the_leaders_together() -> None:
    t = new_tournament(SWISS, 2, people(8), 8, []).next_round()
    t = play_round(t)  # the lower seed of each table wins
    winners = {s.seed for s in t.standings() if s.points == 1}
    t = t.next_round()
    current = t.current
    assert current is not None
    leaders = [set(table.seats) for table in current.tables[:2]]
    assert set().union(*leaders) == winners


def test_swiss_byes_go_to_the_lowest_ranked_once_each_and_count_a_win() -> None:
    t = new_tournament(SWISS, 2, people(5), 5, [])
    t = Tournament(t.format, t.table_size, t.field, 5)
    rng = random.Random(3)
    seen: list[int] = []
    for _round in range(5):
        ranked = t.ranked_seeds()
        t = t.next_round()
        current = t.current
        assert current is not None
        assert len(current.byes) == 1
        bye = current.byes[0]
        assert bye not in seen
        # The lowest ranked of those who have not sat out yet.
        assert bye == [s for s in ranked if s not in seen][-1]
        seen.append(bye)
        before = t.points()[bye]
        t = play_round(t, rng)
        assert t.points()[bye] == before + 1
    assert sorted(seen) == list(range(5))


def test_swiss_at_four_seat_tables_leaves_the_remainder_out_and_avoids_rematches() -> None:
    t = new_tournament(SWISS, 4, people(10), 10, [])
    assert t.rounds_planned == 2
    t = t.next_round()
    current = t.current
    assert current is not None
    assert len(current.tables) == 2 and len(current.byes) == 2
    assert current.byes == (8, 9)
    t = play_round(t)
    points = t.points()
    # Places 1 to 4 earn 3, 2, 1, 0; a bye a win's 3.
    assert sorted(points, reverse=True) == [3, 3, 3, 3, 2, 2, 1, 1, 0, 0]


def test_swiss_standings_break_ties_by_the_points_of_those_met() -> None:
    t = new_tournament(SWISS, 2, people(4), 4, []).next_round()
    # 0 beats 1, 3 beats 2; then the leaders meet: 0 beats 3, 2 beats 1.
    assert [table.seats for table in t.rounds[0].tables] == [(0, 1), (2, 3)]
    t = t.with_result(0, [1, 2]).with_result(1, [2, 1]).next_round()
    current = t.current
    assert current is not None
    assert [table.seats for table in current.tables] == [(0, 3), (1, 2)]
    t = t.with_result(0, [1, 2]).with_result(1, [2, 1])
    standings = t.standings()
    assert [(s.seed, s.points) for s in standings] == [(0, 2), (3, 1), (2, 1), (1, 0)]
    # 3 and 2 have a point each; 3 met 2 (1 point) and 0 (2), 2 met 3 (1) and 1 (0).
    assert standings[1].tie_break == 3 and standings[2].tie_break == 1
    assert [s.place for s in standings] == [1, 2, 3, 4]
    assert t.is_over


def test_grouping_settles_for_the_fewest_rematches_when_none_avoids_them() -> None:
    everyone_met = {frozenset(p) for p in itertools.combinations(range(4), 2)}
    assert group_without_rematch([0, 1, 2, 3], 2, everyone_met) == [[0, 1], [2, 3]]
    some = {frozenset((0, 1)), frozenset((2, 3)), frozenset((0, 2))}
    assert group_without_rematch([0, 1, 2, 3], 2, some) == [[0, 3], [1, 2]]
