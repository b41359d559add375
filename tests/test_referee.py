"""The independent referee (tools/referee.py) agrees with the engine and catches tampering.

Logs are made in-process by bot games; the referee is loaded from its path, as a script that
knows nothing of the package.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from ninetynine_audio.bots import tournament
from ninetynine_audio.cards import parse_cards
from ninetynine_audio.games.adding import AddingOptions

REFEREE_PATH = Path(__file__).resolve().parents[1] / "tools" / "referee.py"


@cache
def referee() -> ModuleType:
    """The referee script, imported from its file."""
    spec = importlib.util.spec_from_file_location("ninetynine_referee", REFEREE_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being built
    spec.loader.exec_module(module)
    return module


def game_log(game: str, kinds: list[str], seed: int, **options: Any) -> list[str]:
    """The JSON lines of one bot game."""
    record = tournament.play_bot_game(game, kinds, seed, AddingOptions(**options))
    return [json.dumps(event.to_log()) for event in record.events]


def verdicts(lines: list[str]) -> list[Any]:
    """The referee's reports for a log given as lines."""
    return list(referee().referee_lines(lines))


def first_problem(lines: list[str]) -> Any:
    """The first problem found in a one-game log (fails when there is none)."""
    reports = verdicts(lines)
    problems = [p for r in reports for p in r.problems]
    assert problems, "the referee found nothing wrong"
    return problems[0]


def records(lines: list[str]) -> list[dict[str, Any]]:
    return [json.loads(line) for line in lines]


def find(lines: list[str], test: Callable[[int, list[dict[str, Any]]], bool]) -> int:
    """Index of the first line for which ``test(index, records)`` holds."""
    parsed = records(lines)
    for index in range(len(parsed)):
        if test(index, parsed):
            return index
    raise AssertionError("no line of the log fits")


def replace(lines: list[str], index: int, **fields: Any) -> list[str]:
    """A copy of the log with some fields of one line changed."""
    changed = list(lines)
    record = json.loads(changed[index])
    record.update(fields)
    changed[index] = json.dumps(record)
    return changed


# ---------------------------------------------------------------------------- agreement

FOUR = ["easy", "normal", "easy", "normal"]
AGREEMENT_CASES = [
    ("classic", ["easy", "easy"], {}),
    ("classic", ["easy", "easy", "easy"], {}),
    ("classic", FOUR, {}),
    ("classic", ["easy"] * 5, {}),
    ("classic", ["easy"] * 6, {"hand_size": 4}),
    ("classic", ["easy"] * 8, {"hand_size": 7}),
    ("classic", ["easy", "easy", "easy"], {"hand_size": 5}),
    ("classic", FOUR, {"ten_always_minus": True}),
    ("classic", FOUR, {"swap_nine_king": True}),
    ("classic", FOUR, {"keep_going": True}),
    ("classic", ["easy"] * 5, {"keep_going": True, "lives": 2}),
    ("classic", ["easy", "easy"], {"two_player_four": True}),
    ("classic", ["easy", "easy", "easy"], {"two_player_four": True, "lives": 2}),
    ("classic", FOUR, {"straight_out": True}),
    ("classic", FOUR, {"manual_draw": True}),
    ("classic", FOUR, {"lives": 2}),
    (
        "classic",
        ["easy", "easy", "easy"],
        {"keep_going": True, "manual_draw": True, "swap_nine_king": True, "ten_always_minus": True},
    ),
    ("classic", ["easy", "easy"], {"keep_going": True, "two_player_four": True}),
    ("arcade", ["easy", "easy", "easy", "easy"], {}),
    ("arcade", ["normal"] * 4, {}),
    ("tactical", ["easy", "easy"], {}),
    ("tactical", ["normal", "normal", "easy"], {}),
    ("tactical", ["easy"] * 6, {}),
    ("tactical", ["easy"] * 4, {"lives": 1}),
]


@pytest.mark.parametrize(("game", "kinds", "options"), AGREEMENT_CASES)
def test_engine_games_are_refereed_consistent(
    game: str, kinds: list[str], options: dict[str, Any]
) -> None:
    lines = game_log(game, kinds, 11, **options) + game_log(game, kinds, 12, **options)
    reports = verdicts(lines)
    assert [r.index for r in reports] == [1, 2]
    assert [(r.index, r.problems) for r in reports if r.problems] == []


def test_a_stacked_deck_is_dealt_and_drawn_in_order() -> None:
    deck = parse_cards("KS 9H 4C 2D 3D 5H 6H 7H 8H")
    record = tournament.play_bot_game("classic", ["easy", "easy"], 1, deck=deck)
    lines = [json.dumps(event.to_log()) for event in record.events]
    assert all(r.is_consistent for r in verdicts(lines))
    # The same game with the first two dealt cards exchanged is no longer the stacked deal.
    index = find(lines, lambda i, r: r[i]["event"] == "round_started")
    hands = records(lines)[index]["hands"]
    first, second = list(hands)
    hands[first][0], hands[second][0] = hands[second][0], hands[first][0]
    problem = first_problem(replace(lines, index, hands=hands))
    assert (problem.line, "--deck" in problem.text) == (index + 1, True)


def forgetful_game(monkeypatch: pytest.MonkeyPatch, seed: int) -> list[str]:
    """A manual-draw game in which every fifth decision skips a draw that is owed."""
    usual = tournament._seat_to_move
    calls = [0]

    def seat_to_move(spec: Any, state: Any) -> int:
        calls[0] += 1
        return int(state.to_act) if calls[0] % 5 == 0 else usual(spec, state)

    monkeypatch.setattr(tournament, "_seat_to_move", seat_to_move)
    return game_log("classic", ["easy", "easy", "easy"], seed, manual_draw=True, keep_going=True)


def test_missed_draws_are_refereed(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = forgetful_game(monkeypatch, 3)
    assert any('"draw_missed"' in line for line in lines)
    assert all(r.is_consistent for r in verdicts(lines))
    # Without its draw_missed line the next play comes while a draw is still owed.
    index = find(lines, lambda i, r: r[i]["event"] == "draw_missed")
    problem = first_problem(lines[:index] + lines[index + 1 :])
    assert problem.line == index + 1
    assert "neither drew nor missed" in problem.text


# ---------------------------------------------------------------------------- tampering


@cache
def classic_lines() -> tuple[str, ...]:
    return tuple(game_log("classic", FOUR, 5))


@cache
def tactical_lines() -> tuple[str, ...]:
    return tuple(game_log("tactical", ["normal", "normal", "easy"], 5))


def test_untampered_logs_are_consistent() -> None:
    for lines in (classic_lines(), tactical_lines()):
        assert all(r.is_consistent for r in verdicts(list(lines)))


def test_a_card_not_in_the_hand_is_caught() -> None:
    lines = list(classic_lines())
    index = find(lines, lambda i, r: r[i]["event"] == "card_played" and r[i]["total"] > 0)
    card = json.loads(lines[index])["card"]
    # Another suit of the same rank keeps the total right: only the hand can tell.
    other = next(card[:-1] + suit for suit in "SHDC" if card[:-1] + suit != card)
    owner = json.loads(lines[index])["player"]
    hands = json.loads(lines[1])["hands"]
    if other in hands.get(owner, []):
        other = next(card[:-1] + s for s in "SHDC" if card[:-1] + s not in (card, other))
    problem = first_problem(replace(lines, index, card=other))
    assert problem.line == index + 1
    assert "not in the hand" in problem.text


def test_a_wrong_total_is_caught() -> None:
    lines = list(classic_lines())
    index = find(lines, lambda i, r: r[i]["event"] == "card_played" and r[i]["total"] < 90)
    total = json.loads(lines[index])["total"]
    problem = first_problem(replace(lines, index, total=total + 1))
    assert problem.line == index + 1
    assert f"not {total + 1}" in problem.text


def test_a_wrong_ten_choice_is_caught() -> None:
    lines = list(classic_lines())
    index = find(lines, lambda i, r: r[i]["event"] == "card_played" and r[i]["card"][:-1] == "9")
    problem = first_problem(replace(lines, index, choice="+10"))
    assert problem.line == index + 1
    assert "choice" in problem.text


def test_a_wrong_lives_change_is_caught() -> None:
    lines = list(tactical_lines())
    index = find(
        lines, lambda i, r: r[i]["event"] == "lives_changed" and r[i]["reason"] == "landed_33"
    )
    record = json.loads(lines[index])
    changed = replace(lines, index, change=-2, lives=record["lives"] - 1)
    problem = first_problem(changed)
    assert problem.line == index + 1
    assert "not owed" in problem.text


def test_wrong_lives_arithmetic_is_caught() -> None:
    lines = list(classic_lines())
    index = find(lines, lambda i, r: r[i]["event"] == "lives_changed")
    lives = json.loads(lines[index])["lives"]
    problem = first_problem(replace(lines, index, lives=lives + 1))
    assert problem.line == index + 1
    assert f"not {lives + 1}" in problem.text


def test_playing_out_of_turn_is_caught() -> None:
    lines = list(classic_lines())
    index = find(lines, lambda i, r: r[i]["event"] == "card_played" and i > 20)
    parsed = records(lines)
    player = parsed[index]["player"]
    other = next(p for p in parsed[0]["players"] if p != player)
    problem = first_problem(replace(lines, index, player=other))
    assert problem.line == index + 1
    assert f"it is {player}'s turn" in problem.text


def test_a_dropped_draw_is_caught() -> None:
    lines = list(classic_lines())
    index = find(
        lines,
        lambda i, r: r[i]["event"] == "card_drawn" and r[i + 1]["event"] == "card_played",
    )
    player = json.loads(lines[index])["player"]
    problem = first_problem(lines[:index] + lines[index + 1 :])
    # The line that now stands where the draw was is where it is missed.
    assert problem.line == index + 1
    assert f"{player} did not draw" in problem.text


def test_a_drawn_card_that_is_elsewhere_is_caught() -> None:
    lines = list(classic_lines())
    index = find(lines, lambda i, r: r[i]["event"] == "card_drawn")
    # The first card played is on the pile, so it cannot come out of the stock.
    on_pile = next(r["card"] for r in records(lines) if r["event"] == "card_played")
    problem = first_problem(replace(lines, index, card=on_pile))
    assert problem.line == index + 1
    assert "cannot be in the stock" in problem.text


def test_a_player_with_a_safe_card_declared_stuck_is_caught() -> None:
    lines = list(classic_lines())
    parsed = records(lines)
    index = find(lines, lambda i, r: r[i]["event"] == "card_played" and i > 10)
    # Follow the hand of the player about to play, from the deal of this round.
    player = parsed[index]["player"]
    start = max(i for i in range(index) if parsed[i]["event"] == "round_started")
    hand = list(parsed[start]["hands"][player])
    for record in parsed[start:index]:
        if record.get("player") == player and record["event"] == "card_played":
            hand.remove(record["card"])
        if record.get("player") == player and record["event"] == "card_drawn":
            hand.append(record["card"])
    stuck = {"event": "player_stuck", "player": player, "hand": hand}
    stuck["total"] = parsed[index]["total_before"]
    problem = first_problem([*lines[:index], json.dumps(stuck), *lines[index:]])
    assert problem.line == index + 1
    assert f"{player} is not stuck" in problem.text


def test_a_stuck_player_who_goes_unnamed_is_caught() -> None:
    lines = list(classic_lines())
    index = find(lines, lambda i, r: r[i]["event"] == "player_stuck")
    # Drop the stuck line and the token it cost: the round then ends for no reason.
    changed = lines[:index] + lines[index + 2 :]
    problem = first_problem(changed)
    assert problem.line == index + 1
    assert "nobody is stuck" in problem.text


def test_a_wrong_starter_is_caught() -> None:
    lines = list(classic_lines())
    index = find(lines, lambda i, r: r[i]["event"] == "round_started" and r[i]["round"] == 2)
    record = json.loads(lines[index])
    other = next(p for p in record["hands"] if p != record["starter"])
    problem = first_problem(replace(lines, index, starter=other))
    assert problem.line == index + 1
    assert "should start round 2" in problem.text


def test_a_missing_reversal_is_caught() -> None:
    lines = list(classic_lines())
    index = find(lines, lambda i, r: r[i]["event"] == "direction_changed")
    problem = first_problem(lines[:index] + lines[index + 1 :])
    assert problem.line == index + 1
    assert "missing direction_changed" in problem.text


def test_a_wrong_place_and_winner_are_caught() -> None:
    lines = list(tactical_lines())
    index = find(lines, lambda i, r: r[i]["event"] == "player_out")
    place = json.loads(lines[index])["place"]
    problem = first_problem(replace(lines, index, place=place + 1))
    assert problem.line == index + 1
    end = len(lines) - 1
    winner = json.loads(lines[end])["winner"]
    other = next(p for p in records(lines)[0]["players"] if p != winner)
    problem = first_problem(replace(lines, end, winner=other))
    assert (problem.line, "the winner is" in problem.text) == (end + 1, True)


def test_an_unfinished_game_is_caught() -> None:
    lines = list(classic_lines())[:-1]
    problem = first_problem(lines)
    assert "no game_ended" in problem.text


# ---------------------------------------------------------------------------- command line


def test_command_line_reports_each_game_and_exits_by_verdict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.jsonl"
    good.write_text("\n".join(list(classic_lines()) + list(tactical_lines())) + "\n")
    assert referee().main([str(good)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == [
        "game 1: ok",
        "game 2: ok",
        "2 games refereed, 2 consistent, 0 with problems",
    ]
    lines = list(classic_lines())
    index = find(lines, lambda i, r: r[i]["event"] == "card_played")
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(replace(lines, index, total=-5)) + "\n")
    assert referee().main([str(bad)]) == 1
    assert f"  line {index + 1}: " in capsys.readouterr().out
    assert referee().main(["--quiet", str(bad), str(good)]) == 1
    assert capsys.readouterr().out == "3 games refereed, 2 consistent, 1 with problems\n"


def test_an_arcade_match_goes_on_after_you_only_without_a_person_in_your_seat() -> None:
    for seed in range(20):
        lines = game_log("arcade", ["easy"] * 4, seed)
        parsed = records(lines)
        outs = [i for i, r in enumerate(parsed) if r["event"] == "player_out"]
        if parsed[outs[0]]["player"] == "You":
            break
    else:
        raise AssertionError("no game in which You went out first")
    assert all(r.is_consistent for r in verdicts(lines))
    # With a person playing You the match is over once You are out: a further round is wrong.
    kinds = ["human", *parsed[0]["kinds"][1:]]
    problem = first_problem(replace(lines, 0, kinds=kinds))
    assert problem.line == outs[0] + 3  # player_out, round_ended, then round_started
    assert "game is over" in problem.text


@pytest.mark.parametrize(("kinds", "copies"), [(FOUR, 2), (["easy"] * 5, 3)])
def test_a_card_dealt_more_often_than_there_are_decks_is_caught(
    kinds: list[str], copies: int
) -> None:
    lines = game_log("classic", kinds, 4)
    index = find(lines, lambda i, r: r[i]["event"] == "round_started")
    hands = records(lines)[index]["hands"]
    seats = list(hands)
    card = hands[seats[0]][0]
    for seat in seats[1:copies]:
        hands[seat][0] = card
    problem = first_problem(replace(lines, index, hands=hands))
    assert problem.line == index + 1
    assert f"{card} was dealt {copies} times" in problem.text


def test_a_rebuilt_stock_of_the_wrong_size_is_caught() -> None:
    lines = game_log("classic", FOUR, 5, keep_going=True)
    assert all(r.is_consistent for r in verdicts(lines))
    index = find(lines, lambda i, r: r[i]["event"] == "stock_rebuilt")
    cards = json.loads(lines[index])["cards"]
    problem = first_problem(replace(lines, index, cards=cards + 1))
    assert problem.line == index + 1
    assert f"should hold {cards} cards" in problem.text
