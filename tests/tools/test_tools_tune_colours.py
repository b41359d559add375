"""The colour game's weight tuner: fair between its two players, and it tells a worse Hard."""

from __future__ import annotations

from types import ModuleType

import pytest
from helpers.tools import load_tool


def tuner() -> ModuleType:
    return load_tool("tools/tune_colours_weights.py", "tune_colours_weights")


def test_hard_against_itself_wins_exactly_half() -> None:
    points, games = tuner().measure({}, deals=30, seed=5, workers=1)
    assert games == 60
    assert points == 30


def test_a_hard_that_values_open_room_far_too_much_loses_most_games() -> None:
    points, games = tuner().measure({"open_room": 1.0}, deals=20, seed=1, workers=1)
    assert points / games < 0.25


def test_changes_are_named_weights_with_numbers() -> None:
    tool = tuner()
    assert tool.parse_changes(["per_draw=1.5", " kept_chain =0.75"]) == {
        "per_draw": 1.5,
        "kept_chain": 0.75,
    }
    for wrong in (["per_draw"], ["colour=1"], ["per_draw=much"]):
        with pytest.raises(ValueError):
            tool.parse_changes(wrong)


def test_the_command_prints_the_change_and_the_win_rate(capsys: pytest.CaptureFixture[str]) -> None:
    assert tuner().main(["--set", "per_draw=1.5", "--deals", "3", "--workers", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Hard with per_draw 1.8 → 1.5 against Hard as it is"
    assert lines[1].startswith("6 games: ")
