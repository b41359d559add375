"""The trick-taking referee (tools/refereeing/tricks.py) agrees with the engine and catches
tampering.

Logs are made in-process by bot games; the referee is loaded from its folder, as a package that
knows nothing of the game's.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from types import ModuleType
from typing import Any

import pytest
from helpers.tools import load_tool

from ninetynine_audio.bots import tournament


def referee() -> ModuleType:
    """The referee package, imported from its folder."""
    return load_tool("tools/refereeing", "refereeing")


@cache
def game_records(seed: int, declarations: bool = False) -> tuple[str, ...]:
    kinds = ["normal", "easy", "normal"] if seed % 2 else ["easy", "normal", "easy"]
    record = tournament.play_bot_game(
        "tricks", kinds, seed, {"declarations": declarations, "target": 100}
    )
    return tuple(json.dumps(event.to_log()) for event in record.events)


def records(seed: int = 1, declarations: bool = False) -> list[dict[str, Any]]:
    return [json.loads(line) for line in game_records(seed, declarations)]


def problems_of(lines: list[dict[str, Any]]) -> list[str]:
    reports = list(referee().referee_lines(json.dumps(line) for line in lines))
    return [problem.text for report in reports for problem in report.problems]


def test_one_hundred_bot_games_pass_the_referee_with_no_problem():
    lines: list[str] = []
    for seed in range(100):
        lines.extend(game_records(seed, declarations=seed % 4 == 0))
    reports = list(referee().referee_lines(lines))
    assert len(reports) == 100
    assert [p.text for r in reports for p in r.problems] == []


def test_a_declared_game_with_a_hard_player_passes_the_referee():
    record = tournament.play_bot_game(
        "tricks", ["hard", "normal", "easy"], 3, {"declarations": True, "target": 40}
    )
    lines = [json.dumps(event.to_log()) for event in record.events]
    assert [p.text for r in referee().referee_lines(lines) for p in r.problems] == []


def first_index(lines: list[dict[str, Any]], event: str, nth: int = 0) -> int:
    return [i for i, line in enumerate(lines) if line["event"] == event][nth]


def tamper_winner(lines):
    i = first_index(lines, "trick_won")
    others = [p for p in lines[0]["players"] if p != lines[i]["winner"]]
    lines[i]["winner"] = others[0]


def tamper_follow(lines):
    # Swap a following card for an off-suit card of the same hand, where there is one.
    hands = {name: list(cards) for name, cards in lines[1]["hands"].items()}
    for i, line in enumerate(lines):
        if line["event"] != "card_played" or lines[i - 1]["event"] != "card_played":
            continue
        led = lines[i - 1]["card"][-1] if lines[i - 2]["event"] != "card_played" else None
        if led is None or line["card"][-1] != led:
            continue
        other = next((c for c in hands[line["player"]] if c[-1] != led), None)
        if other is not None:
            line["card"] = other
            return
    raise AssertionError("no card to swap")


def tamper_bid_value(lines):
    lines[first_index(lines, "bid_made")]["bid"] += 1


def tamper_points(lines):
    i = first_index(lines, "deal_scored")
    name = lines[0]["players"][0]
    lines[i]["points"][name] += 1


def tamper_trumps(lines):
    i = first_index(lines, "deal_started", 1)
    lines[i]["trumps"] = "C" if lines[i]["trumps"] != "C" else "D"


def tamper_dealer(lines):
    lines[1]["dealer"] = lines[0]["players"][0]


def tamper_extra_event(lines):
    lines.insert(3, {"event": "round_started", "round": 1})


def tamper_bid_card_played(lines):
    bid = lines[first_index(lines, "bid_made")]
    i = next(
        i
        for i, line in enumerate(lines)
        if line["event"] == "card_played" and line["player"] == bid["player"]
    )
    lines[i]["card"] = bid["cards"][0]


def tamper_duplicate_card(lines):
    hands = lines[1]["hands"]
    a, b = list(hands)[:2]
    hands[a][0] = hands[b][0]


def tamper_no_end(lines):
    del lines[-1]


def tamper_declaration_without_option(lines):
    i = first_index(lines, "card_played")
    lines.insert(i, {"event": "bid_declared", "player": lines[i]["player"], "reveal": False})


def tamper_bid_order(lines):
    i = first_index(lines, "bid_made")
    lines[i], lines[i + 1] = lines[i + 1], lines[i]


def tamper_tied_end(lines):
    # The game ends though the two highest totals are equal.
    end = lines[-1]
    scored = lines[-2]
    names = sorted(end["scores"], key=lambda n: -end["scores"][n])
    top, second = names[0], names[1]
    gap = end["scores"][top] - end["scores"][second]
    scored["points"][second] += gap
    scored["scores"][second] += gap
    end["scores"][second] += gap


def tamper_precedence(lines):
    # Two declarations made with the bids: the later one is written to stand.
    bids = [i for i, line in enumerate(lines) if line["event"] == "bid_made"][:3]
    lines[bids[0]]["declaration"] = "declare"
    lines[bids[1]]["declaration"] = "declare"
    lines.insert(
        bids[2] + 1, {"event": "bid_declared", "player": lines[bids[1]]["player"], "reveal": False}
    )


TAMPERINGS: dict[str, Callable[[list[dict[str, Any]]], None]] = {
    "winner": tamper_winner,
    "follow": tamper_follow,
    "bid value": tamper_bid_value,
    "points": tamper_points,
    "trumps": tamper_trumps,
    "dealer": tamper_dealer,
    "extra event": tamper_extra_event,
    "bid card played": tamper_bid_card_played,
    "duplicate card": tamper_duplicate_card,
    "no end": tamper_no_end,
    "declaration without option": tamper_declaration_without_option,
    "bid order": tamper_bid_order,
    "tied end": tamper_tied_end,
}
DECLARED_TAMPERINGS = {"precedence": tamper_precedence}


@pytest.mark.parametrize("name", sorted(TAMPERINGS))
def test_a_tampered_log_is_caught(name):
    lines = records(2)
    assert problems_of(lines) == []
    TAMPERINGS[name](lines)
    assert problems_of(lines) != []


@pytest.mark.parametrize("name", sorted(DECLARED_TAMPERINGS))
def test_a_tampered_declared_game_is_caught(name):
    lines = records(2, declarations=True)
    assert problems_of(lines) == []
    DECLARED_TAMPERINGS[name](lines)
    assert problems_of(lines) != []


def test_the_command_line_exits_1_on_a_bad_log(tmp_path, capsys):
    lines = records(2)
    tamper_winner(lines)
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in lines), encoding="utf-8")
    assert referee().main([str(path)]) == 1
    assert "with problems" in capsys.readouterr().out
    good = tmp_path / "good.jsonl"
    good.write_text("\n".join(game_records(2)), encoding="utf-8")
    assert referee().main(["--quiet", str(good)]) == 0
