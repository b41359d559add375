"""The coach's review of a logged game, and the daily deal's seed, table and record."""

from __future__ import annotations

import json
import re
from datetime import date, timedelta

import pytest

from ninetynine_audio.bots.tournament import play_bot_game
from ninetynine_audio.games.base import HUMAN
from ninetynine_audio.games.registry import all_games, find_game
from ninetynine_audio.play.daily import (
    DailyResult,
    daily_result,
    daily_seed,
    daily_setup,
    is_daily,
    standing,
)
from ninetynine_audio.play.review import (
    COSTLY,
    Decision,
    Reviewer,
    ReviewError,
    Weighed,
    code_of,
    logged_game,
    review_game,
)
from ninetynine_audio.present.review import move_text, summary_text
from ninetynine_audio.store.daily import load_daily, mark_started, record_daily
from ninetynine_audio.store.kept import KEEP, keep_game, load_kept

pytestmark = pytest.mark.usefixtures("private_home")


def logged(game: str, seed: int, kinds: tuple[str, ...] | None = None) -> list[dict]:
    """The log lines of one game between computer players."""
    spec = find_game(game)
    if kinds is None:
        kinds = tuple("normal" for _ in spec.default_kinds)
    record = play_bot_game(game, kinds, seed)
    return [event.to_log() for event in record.events]


@pytest.mark.slow
def test_the_review_of_a_seeded_game_names_the_same_costly_moves_each_time() -> None:
    records = logged("classic", 11, ("normal", "normal", "normal"))
    first = review_game(records, seats=[0], deals=12)
    second = review_game(records, seats=[0], deals=12)

    def named(review):
        return [
            (d.number, round(d.cost, 6), d.chosen.code, d.best.code, d.expert.code)
            for d in review.turning_points()
        ]

    assert len(first.decisions) > 20
    assert named(first) and named(first) == named(second)
    assert [d.number for d in first.brilliant] == [d.number for d in second.brilliant]
    # The turning points come costliest first, and each is costly by the threshold.
    costs = [d.cost for d in first.turning_points()]
    assert costs == sorted(costs, reverse=True) and min(costs) >= COSTLY - 1e-9


@pytest.mark.parametrize("spec", all_games(), ids=lambda spec: spec.id)
def test_every_registered_game_can_be_reviewed_from_its_log(spec) -> None:
    records = logged(spec.id, 5)
    reviewer = Reviewer(records, seats=[0], deals=4)
    assert reviewer.todo, "seat 0 never had a choice"
    for _ in range(4):
        reviewer.step()
    names = reviewer.setup.names
    for decision in reviewer.decisions:
        codes = [c.code for c in decision.candidates]
        assert decision.chosen.code in codes and decision.expert.code in codes
        assert decision.best.code == codes[0] and decision.cost >= 0
        assert all(0 <= c.share <= 1 and c.deals == 4 for c in decision.candidates)
        state = reviewer.states[decision.number]
        action = reviewer.actions[decision.number]
        assert code_of(spec, action) == decision.chosen.code
        for candidate in decision.candidates:
            assert move_text(spec.id, names, state, candidate.action).strip()
    summary = summary_text(spec.id, 4, 1, 2)
    assert summary.endswith("4 moves weighed. 1 costly move, 2 brilliant.")


def test_a_log_the_engine_does_not_play_the_same_way_is_refused() -> None:
    records = logged("classic", 3, ("normal", "normal"))
    played = next(i for i, r in enumerate(records) if r["event"] == "card_played")
    records[played + 1] = {**records[played + 1], "total": 98}
    with pytest.raises(ReviewError):
        review_game(records)


def test_the_reviewed_seats_are_the_people_at_the_table() -> None:
    records = logged("tricks", 2)
    records[0] = {**records[0], "kinds": [records[0]["kinds"][0], HUMAN, records[0]["kinds"][2]]}
    reviewer = Reviewer(records, deals=1)
    assert reviewer.seats == (1,)
    assert {action.seat for _n, _s, action in reviewer.todo} == {1}


# ---------------------------------------------------------------------------- the daily deal


def test_the_daily_seed_is_the_same_for_a_date_and_game_and_differs_by_date_and_game() -> None:
    games = [spec.id for spec in all_games()]
    days = [(date(2026, 12, 6) + timedelta(days=n)).isoformat() for n in range(30)]
    seeds = {(day, game): daily_seed(day, game) for day in days for game in games}
    assert len(set(seeds.values())) == len(seeds)
    assert all(daily_seed(day, game) == seed for (day, game), seed in seeds.items())
    # A fixed value: the same on every machine (SHA-256, not Python's hash of a string).
    assert daily_seed("2026-12-06", "classic") == daily_seed("2026-12-06", "classic")
    assert 0 <= daily_seed("2026-12-06", "classic") < 2**63
    setup = daily_setup("2026-12-06", "classic")
    assert setup.kinds[0] == HUMAN and set(setup.kinds[1:]) == {"hard"}
    assert setup.seed == daily_seed("2026-12-06", "classic")
    assert is_daily(setup, "2026-12-06") and not is_daily(setup, "2026-12-07")


def test_the_daily_seed_is_pinned() -> None:
    """The seed of a day must never change between versions: everyone's deal would."""
    assert daily_seed("2026-12-06", "classic") == 1536713894772417006


def test_everyone_gets_the_same_deals_on_a_day() -> None:
    for spec in all_games():
        setup = daily_setup("2027-01-15", spec.id)
        _first, opening = spec.new_game(setup)
        _again, opening_again = spec.new_game(daily_setup("2027-01-15", spec.id))
        assert [e.to_log() for e in opening] == [e.to_log() for e in opening_again]
        other = spec.new_game(daily_setup("2027-01-16", spec.id))[1]
        assert [e.to_log() for e in opening] != [e.to_log() for e in other]


def test_a_daily_deal_is_begun_once_a_day() -> None:
    assert mark_started("2026-12-06", "classic") == (True, [])
    assert mark_started("2026-12-06", "classic") == (False, [])
    assert mark_started("2026-12-06", "tricks") == (True, [])
    assert mark_started("2026-12-07", "classic") == (True, [])
    days, problem = load_daily()
    assert problem is None and len(days) == 3 and all(d["result"] is None for d in days)


def test_a_daily_result_is_ranked_by_place_then_margin_then_the_coachs_cost() -> None:
    def result(day: int, place: int, margin: int, cost: float | None = None) -> DailyResult:
        return DailyResult(
            f"2026-12-{day:02}", "classic", day, "hard", 4, place, margin, 2, 5, cost
        )

    past = [result(1, 1, 1), result(2, 2, 3), result(3, 1, 3, 0.5), result(4, 1, 3, 2.0)]
    assert standing(result(5, 1, 3, 0.2), past) == (1, 5)
    assert standing(result(5, 1, 3, 1.0), past) == (2, 5)
    assert standing(result(5, 1, 2), past) == (3, 5)
    assert standing(result(5, 3, 9), past) == (5, 5)
    for kept in past:
        assert DailyResult.from_record(kept.to_record()) == kept
        assert record_daily(kept.to_record()) == []
    days, _problem = load_daily()
    assert [DailyResult.from_record(d["result"]) for d in days] == past


def test_a_finished_daily_deal_gives_its_players_result_with_the_margin() -> None:
    setup = daily_setup("2026-12-06", "classic")
    kinds = ("hard", *setup.kinds[1:])
    record = play_bot_game("classic", kinds, setup.seed, names=setup.names)
    _setup, taken = logged_game([event.to_log() for event in record.events])
    spec = find_game("classic")
    state, action = taken[-1]
    outcome = spec.outcome(spec.apply(state, action)[0])
    assert outcome is not None
    result = daily_result("2026-12-06", setup, outcome, record.rounds)
    assert result.place == record.places.index(0) + 1
    assert result.score == outcome.scores[0]
    assert result.margin == outcome.scores[0] - max(outcome.scores[1:])
    assert (result.place == 1) == (result.margin > 0)
    assert result.seed == setup.seed and result.level == "hard" and result.players == 4
    assert set(result.to_record()) == {
        "schema", "date", "game", "seed", "level", "players", "place", "margin", "score",
        "rounds", "cost",
    }  # fmt: skip


def test_finished_games_are_kept_newest_first_up_to_the_limit() -> None:
    records = logged("classic", 4, ("normal", "normal"))
    for number in range(KEEP + 2):
        _kept, problems = keep_game("classic", f"level{number}", 1, 2, records)
        assert problems == []
    games, problem = load_kept()
    assert problem is None and len(games) == KEEP
    assert games[0].level == f"level{KEEP + 1}" and games[0].records == tuple(records)


def weighed(code: str, came: list[bool]) -> Weighed:
    return Weighed(None, code, sum(came), len(came), (0, 0), tuple(came))


def decision(chosen: Weighed, *others: Weighed) -> Decision:
    ranked = tuple(sorted([chosen, *others], key=lambda w: -w.through))
    return Decision(0, 0, 1, chosen, chosen, ranked)


def against(ahead: int, behind: int, both: int, neither: int) -> tuple[Weighed, Weighed]:
    """The move played and another, over deals in which only the other came through
    (``ahead``), only the move played (``behind``), both, or neither."""
    other = [True] * ahead + [False] * behind + [True] * both + [False] * neither
    mine = [False] * ahead + [True] * behind + [True] * both + [False] * neither
    return weighed("mine", mine), weighed("other", other)


def test_a_costly_move_costs_a_fifth_of_the_deals_and_more_than_luck() -> None:
    # Another move came through in 6 more of 24 deals, every one mine came through in too.
    mine, clear = against(6, 0, 10, 8)
    assert decision(mine, clear).cost == pytest.approx(6 / 24)
    assert decision(mine, clear).is_costly
    # 6 more in all, winning 9 deals mine lost and losing 3 it won: still clear.
    mine, mixed = against(9, 3, 7, 5)
    assert decision(mine, mixed).cost == pytest.approx(6 / 24) and decision(mine, mixed).is_costly
    # 6 more in all again, but 11 won and 5 lost against mine: as likely luck.
    mine, lucky = against(11, 5, 3, 5)
    assert decision(mine, lucky).cost == pytest.approx(6 / 24)
    assert not decision(mine, lucky).is_costly
    # A clear lead below a fifth of the deals is not costly either.
    mine, small = against(4, 0, 10, 10)
    assert not decision(mine, small).is_costly


def test_a_brilliant_move_leads_every_other_clearly_by_a_fifth() -> None:
    mine = weighed("mine", [True] * 20 + [False] * 4)
    other = weighed("other", [True] * 14 + [False] * 10)
    assert decision(mine, other).is_brilliant and decision(mine, other).cost == 0
    close = weighed("close", [True] * 17 + [False] * 7)
    assert not decision(mine, other, close).is_brilliant
    assert not decision(mine).is_brilliant  # no other move: nothing to find


def test_the_command_line_reviews_one_game_of_a_log(tmp_path, capsys) -> None:
    from ninetynine_audio.cli import main

    log = tmp_path / "games.jsonl"
    short = play_bot_game("classic", ("normal", "normal", "normal"), 6, {"lives": 1})
    games = [logged("tricks", 6), [event.to_log() for event in short.events]]
    log.write_text("".join(json.dumps(r) + "\n" for game in games for r in game), "utf-8")
    assert main(["review", str(log), "--index", "2", "--seat", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    summary = re.fullmatch(
        r"Classic: (\d+) moves? weighed\. (\d+) costly moves?, (\d+) brilliant\.", lines[0]
    )
    assert summary is not None and int(summary[1]) > 0
    assert len(lines) == 1 + int(summary[2]) + int(summary[3])
    assert all(line.startswith("Move ") for line in lines[1:])
    assert main(["review", str(log), "--index", "3"]) == 2
    broken = tmp_path / "broken.jsonl"
    first = games[0]
    broken.write_text(
        "".join(json.dumps({**r, "seed": 1} if n == 0 else r) + "\n" for n, r in enumerate(first))
    )
    assert main(["review", str(broken)]) == 1
