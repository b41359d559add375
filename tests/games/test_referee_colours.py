"""The colour game's referee (tools/refereeing/colours.py) agrees with the engine on whole
games between computer players, and catches tampered logs at the right line."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from types import ModuleType
from typing import Any

import pytest
from helpers.tools import load_tool

from ninetynine_audio.bots import tournament

KINDS = (["easy", "normal"], ["normal", "easy", "normal"], ["normal", "normal", "easy", "easy"])


def referee() -> ModuleType:
    """The referee package, imported from its folder."""
    return load_tool("tools/refereeing", "refereeing")


@cache
def game_records(seed: int, pro: bool = False) -> tuple[dict[str, Any], ...]:
    kinds = KINDS[seed % len(KINDS)]
    record = tournament.play_bot_game("colours", kinds, seed, {"pro_variant": pro})
    return tuple(event.to_log() for event in record.events)


def lines_of(records: Any) -> list[str]:
    return [json.dumps(r) for r in records]


def problems(records: Any) -> list[Any]:
    return [p for r in referee().referee_lines(lines_of(records)) for p in r.problems]


def tamper(
    seed: int, where: Callable[[dict[str, Any]], bool], change: Callable[[dict[str, Any]], None]
) -> tuple[int, list[Any]]:
    """The log of game ``seed`` with the first line where ``where`` holds changed; the line
    number (1-based) and what the referee finds."""
    records = [json.loads(json.dumps(r)) for r in game_records(seed)]
    index = next(i for i, r in enumerate(records) if where(r))
    change(records[index])
    return index + 1, problems(records)


def test_a_hundred_computer_games_are_consistent():
    found = [(seed, problems(game_records(seed, seed % 3 == 0))) for seed in range(100)]
    assert [(seed, p) for seed, p in found if p] == []


def test_a_renewal_and_a_rebuilt_reserve_are_followed():
    seen = {r["event"] for seed in range(100) for r in game_records(seed, seed % 3 == 0)}
    assert {"draw_pile_renewed", "reserve_rebuilt", "row_scored"} <= seen


def first_at(line: int, found: list[Any]) -> str:
    assert found, "the referee found nothing wrong"
    assert found[0].line == line
    return str(found[0].text)


def test_a_card_onto_a_pile_it_does_not_fit_is_caught():
    def change(r: dict[str, Any]) -> None:
        # A card of another colour, not one higher and not making ten.
        onto = r["onto"]
        colour, value = onto.rsplit("-", 1)
        other = "pink" if colour != "pink" else "red"
        bad = next(v for v in range(11) if v != int(value) + 1 and v + int(value) != 10)
        r["card"] = f"{other}-{bad}"

    line, found = tamper(1, lambda r: r["event"] == "pile_card_played", change)
    assert found and found[0].line == line


def test_a_row_card_of_a_colour_already_in_the_row_is_caught():
    def where(r: dict[str, Any]) -> bool:
        return r["event"] == "row_card_placed" and len(r["row"]) >= 2

    def change(r: dict[str, Any]) -> None:
        first = r["row"][0].rsplit("-", 1)[0]
        r["card"] = f"{first}-10"
        r["row"][-1] = r["card"]

    line, found = tamper(2, where, change)
    assert any(p.line == line and "already in" in p.text for p in found)


def test_wrong_row_points_are_caught():
    def change(r: dict[str, Any]) -> None:
        r["points"] += 1
        r["score"] += 1

    line, found = tamper(3, lambda r: r["event"] == "row_scored", change)
    assert "scores" in first_at(line, found)


def test_a_forced_scoring_called_voluntary_is_caught():
    line, found = tamper(
        4,
        lambda r: r["event"] == "row_scored" and r["forced"],
        lambda r: r.update(forced=False),
    )
    assert "forced" in first_at(line, found)


def test_a_draw_that_is_not_the_top_of_the_draw_pile_is_caught():
    def change(r: dict[str, Any]) -> None:
        r["cards"] = list(reversed(r["cards"])) if len(r["cards"]) > 1 else ["pink-0"]

    line, found = tamper(5, lambda r: r["event"] == "cards_drawn" and len(r["cards"]) > 1, change)
    assert "top of" in first_at(line, found)


def test_a_renewal_that_is_not_the_reserve_top_is_caught():
    def change(r: dict[str, Any]) -> None:
        r["cards"] = r["cards"][1:] + r["cards"][:1]

    line, found = tamper(6, lambda r: r["event"] == "draw_pile_renewed", change)
    assert "reserve's top 15" in first_at(line, found)


def test_a_game_that_goes_on_past_99_is_caught():
    records = list(game_records(7))
    ended = records[-1]
    turn = {"event": "turn_started", "player": ended["winner"], "turn": 999, "extra": False}
    found = problems([*records[:-1], turn, ended])
    assert found and "reached 99" in found[0].text


def test_a_wrong_winner_is_caught():
    records = [dict(r) for r in game_records(8)]
    loser = next(p for p in records[0]["players"] if p != records[-1]["winner"])
    records[-1] = {**records[-1], "winner": loser}
    found = problems(records)
    assert found and found[0].line == len(records)


def test_a_missing_line_is_caught():
    records = list(game_records(9))
    index = next(i for i, r in enumerate(records) if r["event"] == "row_card_placed")
    assert problems(records[:index] + records[index + 1 :])


@pytest.mark.parametrize("field", ["ways", "onto"])
def test_wrong_pile_play_details_are_caught(field):
    def change(r: dict[str, Any]) -> None:
        r[field] = ["sum_ten", "plus_one"] if field == "ways" else "grey-5"

    line, found = tamper(10, lambda r: r["event"] == "pile_card_played", change)
    assert found and found[0].line == line
