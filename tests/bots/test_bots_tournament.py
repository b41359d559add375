"""The tournament runner: fair seatings, and figures that stay small however long it runs."""

from __future__ import annotations

from collections import Counter

import pytest

from ninetynine_audio.bots.tournament import (
    TimeHistogram,
    balanced_seatings,
    run_tournament,
    seating,
)


@pytest.mark.parametrize("count", [2, 3, 4])
def test_balanced_seatings_put_every_entry_in_every_seat_and_order(count: int) -> None:
    cycle = balanced_seatings(count)
    assert len(set(cycle)) == len(cycle) == [1, 2, 6, 24][count - 1]
    # every block of ``count`` games already puts each entry once in each seat
    for start in range(0, len(cycle), count):
        block = cycle[start : start + count]
        for seat in range(count):
            assert sorted(s[seat] for s in block) == list(range(count))
    # who sits right after whom: every ordered pair equally often
    after = Counter((s[i], s[(i + 1) % count]) for s in cycle for i in range(count))
    assert len(set(after.values())) == 1 and len(after) == count * (count - 1)


def test_more_than_four_entries_get_seeded_random_seatings() -> None:
    drawn = [seating(6, 7, index) for index in range(600)]
    assert drawn == [seating(6, 7, index) for index in range(600)]
    assert all(sorted(s) == list(range(6)) for s in drawn)
    in_first_seat = Counter(s[0] for s in drawn)
    assert min(in_first_seat.values()) > 70  # 100 each on average
    assert seating(6, 7, 3, rotate=False) == tuple(range(6))


def test_identical_bots_get_equal_shares_within_their_intervals() -> None:
    # In classic the seat right after a weak player gains most; seated in a fixed cycle the
    # three Normal players of this very run win 126, 175 and 166 games, intervals apart.
    games = 480
    result = run_tournament(
        "classic", ["easy", "normal", "normal", "normal"], games, 3, {"lives": 2}
    )
    normals = result.entries[1:]
    pooled = sum(e.wins for e in normals) / (3 * games)
    intervals = [e.interval(games) for e in normals]
    for interval in intervals:
        assert interval.low <= pooled <= interval.high
    assert max(i.low for i in intervals) <= min(i.high for i in intervals)
    assert result.entries[0].wins < min(e.wins for e in normals)


def test_a_tournament_in_pieces_plays_the_same_games() -> None:
    kinds = ["easy", "normal", "easy"]
    whole = run_tournament("tactical", kinds, 12, 5)
    first = run_tournament("tactical", kinds, 5, 5)
    second = run_tournament("tactical", kinds, 7, 5, first=5)
    for entry, a, b in zip(whole.entries, first.entries, second.entries, strict=True):
        assert entry.wins == a.wins + b.wins
        assert entry.lives_lost == a.lives_lost + b.lives_lost


def test_decision_times_are_counted_in_a_bounded_histogram() -> None:
    histogram = TimeHistogram()
    for index in range(1, 20_001):
        histogram.add(index * 1e-6)  # 1 µs … 20 ms, evenly
    assert histogram.count == 20_000
    assert len(histogram.counts) < 1_000
    assert histogram.percentile(50) == pytest.approx(10e-3, rel=0.01)
    assert histogram.percentile(95) == pytest.approx(19e-3, rel=0.01)
    again = TimeHistogram.from_dict(histogram.to_dict())
    again.merge(histogram)
    assert again.count == 40_000
    assert again.percentile(95) == histogram.percentile(95)
    assert TimeHistogram().percentile(50) == 0.0


def test_a_clocked_tournament_summarises_each_level() -> None:
    ticks = iter(range(10**6))
    result = run_tournament("tactical", ["easy", "normal"], 4, 1, clock=lambda: next(ticks) * 1e-3)
    median, p95 = result.decision_summary("normal")
    assert median == pytest.approx(1e-3, rel=0.01) and p95 == pytest.approx(1e-3, rel=0.01)
    assert result.decision_summary("hard") == (0.0, 0.0)
