"""The playout benchmark's bare playouts play the games the engines play: the benchmark's
baseline is a game of the same rules, not a quicker game of other rules."""

from __future__ import annotations

import pytest
from helpers.tools import load_tool


@pytest.mark.parametrize("game", ["classic", "arcade", "tactical", "colours", "tricks"])
def test_the_bare_playout_plays_the_engines_games(game: str) -> None:
    tool = load_tool("tools/benchmark_playout.py", "benchmark_playout")
    for seed in range(1, 6):
        engine = tool.engine_game(game, seed)
        assert engine[0], "a game with no plays"
        assert tool.bare_game(game, seed) == engine


def test_a_bare_playout_that_plays_otherwise_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    tool = load_tool("tools/benchmark_playout.py", "benchmark_playout")
    played = tool.bare_game

    def one_play_lost(game: str, seed: int):  # type: ignore[no-untyped-def]
        plays, places = played(game, seed)
        return plays[:-1], places

    monkeypatch.setattr(tool, "bare_game", one_play_lost)
    with pytest.raises(AssertionError, match="played otherwise"):
        tool.paired_times("classic", 2, 1)
