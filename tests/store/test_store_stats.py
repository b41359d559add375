"""Statistics: counting results, streaks, resetting, and a damaged statistics file."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from ninetynine_audio.store import paths
from ninetynine_audio.store.stats import (
    STATISTICS_SCHEMA,
    Statistics,
    Tally,
    load_statistics,
    record_result,
    reset_statistics,
    save_statistics,
    statistics_file,
)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    return tmp_path


def test_empty_statistics() -> None:
    statistics, problem = load_statistics()
    assert problem is None
    assert statistics.is_empty
    tally = statistics.get("classic", "normal")
    assert tally == Tally()
    assert tally.win_rate is None
    assert tally.average_rounds is None
    assert statistics_file() == paths.data_dir() / "statistics.json"
    assert not statistics_file().exists()


def test_one_win() -> None:
    statistics, problems = record_result("arcade", "hard", 1, 4, 7)
    assert problems == []
    tally = statistics.get("arcade", "hard")
    assert tally == Tally(
        played=1, wins=1, losses=0, streak=1, best_streak=1, rounds=7, places=(1,)
    )
    assert tally.win_rate == 1.0
    assert load_statistics() == (statistics, None)


def test_streaks_across_wins_and_losses_at_different_levels() -> None:
    # (level, place): the two levels keep their own runs, interleaved.
    results = [
        ("normal", 1),
        ("hard", 3),
        ("normal", 1),
        ("normal", 1),
        ("hard", 1),
        ("normal", 2),
        ("hard", 1),
        ("normal", 4),
        ("hard", 1),
        ("normal", 1),
    ]
    for level, place in results:
        record_result("classic", level, place, 4, 5)
    statistics, problem = load_statistics()
    assert problem is None
    normal = statistics.get("classic", "normal")
    hard = statistics.get("classic", "hard")

    # normal: W W W L L W
    assert (normal.played, normal.wins, normal.losses) == (6, 4, 2)
    assert normal.streak == 1
    assert normal.best_streak == 3
    assert normal.places == (4, 1, 0, 1)
    assert normal.win_rate == pytest.approx(4 / 6)
    assert normal.rounds == 30
    assert normal.average_rounds == 5.0

    # hard: L W W W
    assert (hard.played, hard.wins, hard.losses) == (4, 3, 1)
    assert hard.streak == 3 == hard.win_streak
    assert hard.loss_streak == 0
    assert hard.best_streak == 3
    assert hard.places == (3, 0, 1)


def test_losing_streak_is_negative() -> None:
    tally = Tally().with_result(1, 3).with_result(2, 3).with_result(3, 3).with_result(2, 3)
    assert tally.streak == -3
    assert tally.loss_streak == 3
    assert tally.win_streak == 0
    assert tally.best_streak == 1
    after_win = tally.with_result(1, 2)
    assert after_win.streak == 1
    assert after_win.best_streak == 1


def test_games_and_levels_are_kept_apart() -> None:
    record_result("classic", "normal", 1, 3, 4)
    record_result("tactical", "normal", 2, 3, 6)
    statistics, _ = record_result("classic", "mixed", 2, 5, 9)
    assert statistics.games() == ("classic", "tactical")
    assert statistics.levels("classic") == ("mixed", "normal")
    assert [(g, level) for g, level, _ in statistics.entries()] == [
        ("classic", "mixed"),
        ("classic", "normal"),
        ("tactical", "normal"),
    ]
    assert statistics.get("tactical", "normal").losses == 1
    assert statistics.get("tactical", "hard") == Tally()


@pytest.mark.parametrize(("place", "players", "rounds"), [(0, 4, 3), (5, 4, 3), (1, 4, -1)])
def test_impossible_results_are_refused(place: int, players: int, rounds: int) -> None:
    with pytest.raises(ValueError):
        record_result("classic", "normal", place, players, rounds)
    assert not statistics_file().exists()


def test_file_form() -> None:
    record_result("classic", "easy", 2, 3, 4)
    data = json.loads(statistics_file().read_text(encoding="utf-8"))
    assert data == {
        "schema": STATISTICS_SCHEMA,
        "games": {
            "classic": {
                "easy": {
                    "played": 1,
                    "wins": 0,
                    "losses": 1,
                    "streak": -1,
                    "best_streak": 0,
                    "rounds": 4,
                    "places": [0, 1],
                }
            }
        },
    }


def test_statistics_cannot_be_changed_in_place() -> None:
    statistics = Statistics().with_result("classic", "easy", 1, 2, 1)
    with pytest.raises(TypeError):
        statistics.tallies[("classic", "easy")] = Tally()  # type: ignore[index]


# ---------------------------------------------------------------------------- reset


def fill() -> None:
    record_result("classic", "normal", 1, 3, 4)
    record_result("classic", "hard", 2, 3, 4)
    record_result("arcade", "hard", 1, 4, 8)


def test_reset_everything() -> None:
    fill()
    statistics, problems = reset_statistics()
    assert problems == []
    assert statistics.is_empty
    assert load_statistics() == (Statistics(), None)


def test_reset_one_game() -> None:
    fill()
    statistics, _ = reset_statistics("classic")
    assert statistics.games() == ("arcade",)
    assert load_statistics()[0] == statistics


def test_reset_one_level_of_one_game() -> None:
    fill()
    statistics, _ = reset_statistics("classic", "hard")
    assert [(g, level) for g, level, _ in statistics.entries()] == [
        ("arcade", "hard"),
        ("classic", "normal"),
    ]


# ---------------------------------------------------------------------------- damage


def good_file() -> dict[str, object]:
    fill()
    data: dict[str, object] = json.loads(statistics_file().read_text(encoding="utf-8"))
    return data


def tally_changed(**changes: object) -> str:
    data = good_file()
    games = data["games"]
    assert isinstance(games, dict)
    games["classic"]["normal"].update(changes)
    return json.dumps(data)


DAMAGES: dict[str, Callable[[], str]] = {
    "truncated": lambda: json.dumps(good_file())[:40],
    "not json": lambda: "wins: lots",
    "list": lambda: "[]",
    "wrong version": lambda: json.dumps({**good_file(), "schema": 9}),
    "no games": lambda: json.dumps({"schema": 1}),
    "text count": lambda: tally_changed(wins="one"),
    "negative count": lambda: tally_changed(rounds=-4),
    "figures do not add up": lambda: tally_changed(wins=5),
    "streak longer than played": lambda: tally_changed(streak=-7),
    "places not a list": lambda: tally_changed(places=3),
}


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_damaged_file_is_set_aside_and_nothing_else_is_lost(damage: str, home: Path) -> None:
    text = DAMAGES[damage]()
    settings = home / "config" / "settings.json"
    settings.parent.mkdir(parents=True)
    settings.write_text('{"schema": 1, "practice": true}\n', encoding="utf-8")
    (home / "data").mkdir(exist_ok=True)
    save = home / "data" / "current_match.json"
    save.write_text('{"schema": 1}\n', encoding="utf-8")
    statistics_file().write_text(text, encoding="utf-8")

    statistics, problem = load_statistics()

    assert statistics.is_empty
    assert problem is not None
    assert problem.startswith("The file statistics.json ")
    assert "statistics.json.broken" in problem
    assert not statistics_file().exists()
    assert (home / "data" / "statistics.json.broken").read_text(encoding="utf-8") == text
    assert settings.read_text(encoding="utf-8") == '{"schema": 1, "practice": true}\n'
    assert save.read_text(encoding="utf-8") == '{"schema": 1}\n'
    # Counting starts again, and the set-aside file stays as it was.
    again, problems = record_result("tactical", "easy", 1, 2, 3)
    assert problems == []
    assert again.get("tactical", "easy").wins == 1
    assert (home / "data" / "statistics.json.broken").read_text(encoding="utf-8") == text


def test_recording_into_a_damaged_file_reports_it() -> None:
    statistics_file().parent.mkdir(parents=True)
    statistics_file().write_text("{", encoding="utf-8")
    statistics, problems = record_result("classic", "normal", 1, 2, 3)
    assert len(problems) == 1
    assert "statistics.json.broken" in problems[0]
    assert statistics.get("classic", "normal").played == 1
    assert load_statistics() == (statistics, None)


def test_statistics_that_cannot_be_written_are_reported(home: Path) -> None:
    (home / "data").write_text("not a folder", encoding="utf-8")
    problem = save_statistics(Statistics().with_result("classic", "easy", 1, 2, 1))
    assert problem is not None
    assert problem.startswith("The statistics could not be saved")
