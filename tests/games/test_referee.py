"""The independent referee (tools/refereeing, run as tools/referee.py) agrees with the engine,
catches tampering and answers bad input in one line.

Logs are made in-process by bot games; the referee is loaded from its folder, as a package
that knows nothing of the game's.
"""

from __future__ import annotations

import importlib
import io
import json
import random
import subprocess
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from helpers.tools import load_tool

from ninetynine_audio.bots import tournament
from ninetynine_audio.cards import parse_cards
from ninetynine_audio.games.adding import AddingOptions

REFEREE_PATH = Path(__file__).resolve().parents[2] / "tools" / "referee.py"


def referee() -> ModuleType:
    """The referee package, imported from its folder."""
    return load_tool("tools/refereeing", "refereeing")


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


# ---------------------------------------------------------------------------- the families


def test_every_game_of_the_table_has_a_family_module_with_a_referee() -> None:
    core = importlib.import_module("refereeing.core") if referee() else None
    assert core is not None
    assert core.GAME_FAMILY == {
        "classic": "adding",
        "arcade": "adding",
        "tactical": "adding",
        "colours": "colours",
        "tricks": "tricks",
    }
    for family in core.FAMILIES.values():
        module = importlib.import_module(f"refereeing.{family.module}")
        assert issubclass(module.Referee, core.GameReferee)
        assert module.Referee.handlers


def test_a_game_no_family_referees_is_named_once_and_its_lines_passed_over() -> None:
    lines = [
        json.dumps({"event": "game_started", "game": "snap", "players": ["A", "B"]}),
        json.dumps({"event": "card_played", "player": "A", "card": "KS"}),
        json.dumps({"event": "game_ended"}),
        *classic_lines(),
    ]
    reports = verdicts(lines)
    assert [(r.index, r.game, len(r.problems)) for r in reports] == [
        (1, "snap", 1),
        (2, "classic", 0),
    ]
    assert "'snap' is not a game this referee knows" in reports[0].problems[0].text


# ---------------------------------------------------------------------------- bad input


def run_main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], list[str]]:
    """The exit code and the lines written to standard output and standard error."""
    code = referee().main(list(args))
    captured = capsys.readouterr()
    return code, captured.out.splitlines(), captured.err.splitlines()


def test_a_missing_file_or_a_folder_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nowhere.jsonl"
    assert run_main(capsys, str(missing)) == (
        2,
        [],
        [f"referee: cannot read {missing}: No such file or directory"],
    )
    code, out, err = run_main(capsys, str(tmp_path))
    assert (code, out, len(err), err[0].startswith(f"referee: cannot read {tmp_path}: ")) == (
        2,
        [],
        1,
        True,
    )


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"\x7fELF\x02\x01\x01\x00\x00\x00\n\x03\x00", "line 1 holds a NUL byte"),
        ('{"event": "game_started", "game": "caf\u00e9"}\n'.encode("latin-1"), "not UTF-8"),
        (b"\n".join(line.encode() for line in ("{}", "[]")) + b"\n\xff\xfe\n", "line 3 is not"),
    ],
)
def test_a_binary_file_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, reason: str
) -> None:
    path = tmp_path / "binary.jsonl"
    path.write_bytes(content)
    code, out, err = run_main(capsys, str(path))
    assert (code, out, len(err)) == (2, [], 1)
    assert err[0].startswith(f"referee: cannot read {path}: ")
    assert reason in err[0]


def test_an_unreadable_file_leaves_the_others_refereed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.jsonl"
    good.write_text("\n".join(classic_lines()) + "\n")
    code, out, err = run_main(capsys, "--quiet", str(tmp_path / "gone.jsonl"), str(good))
    assert (code, out, len(err)) == (2, ["1 games refereed, 1 consistent, 0 with problems"], 1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("this is not JSON", "not JSON: Expecting value: line 1 column 1 (char 0)"),
        ('{"event": "card_drawn",', "not JSON: Expecting property name enclosed in double quotes"),
        ("[1, 2, 3]", "not a JSON object"),
        ('"a string"', "not a JSON object"),
        ("null", "not a JSON object"),
        ("[" * 100_000 + "]" * 100_000, "not JSON: nested too deeply"),
        ('{"event": "card_drawn", "card": NaN}', "not JSON: NaN is not a JSON value"),
        ('{"total": -Infinity}', "not JSON: -Infinity is not a JSON value"),
        ('{"total": ' + "9" * 5000 + "}", "not JSON: Exceeds the limit"),
    ],
)
def test_a_line_that_is_not_a_json_object_is_a_problem_at_its_line(text: str, message: str) -> None:
    lines = list(classic_lines())
    reports = verdicts([text, *lines[:3], text, *lines[3:]])
    assert [(r.index, [p.line for p in r.problems]) for r in reports] == [(1, [5]), (0, [1])]
    assert [r.problems[0].text.startswith(message) for r in reports] == [True, True]


WRONG_TYPES = [
    ("game_started", "players", 7),
    ("game_started", "players", [["A"], {"B": 1}]),
    ("game_started", "options", [1, 2]),
    ("game_started", "options", {"hand_size": "three"}),
    ("game_started", "options", {"hand_size": 10**30}),
    ("game_started", "lives", {"A": 1}),
    ("game_started", "deck", 5),
    ("game_started", "game", ["classic"]),
    ("round_started", "hands", ["KS"]),
    ("round_started", "hands", {"You": 3}),
    ("round_started", "direction", ["clockwise"]),
    ("round_started", "round", None),
    ("card_played", "card", ["KS"]),
    ("card_played", "player", {"name": "You"}),
    ("card_played", "total", "fifty"),
    ("card_played", "total_before", None),
    ("card_played", "choice", {"+10": True}),
    ("card_drawn", "card", 12),
    ("lives_changed", "change", "minus one"),
    ("lives_changed", "lives", [2]),
    ("player_stuck", "hand", 4),
    ("round_ended", "loser", ["You"]),
    ("game_ended", "places", "You"),
    ("game_ended", "rounds", 2.5),
]


@pytest.mark.parametrize(("event", "name", "value"), WRONG_TYPES)
def test_a_field_of_the_wrong_type_is_a_problem_at_its_line_not_a_crash(
    event: str, name: str, value: Any
) -> None:
    lines = list(classic_lines())
    index = find(lines, lambda i, r: r[i]["event"] == event)
    reports = verdicts(replace(lines, index, **{name: value}))
    problems = [p for r in reports for p in r.problems]
    assert problems
    assert problems[0].line == index + 1
    if name in ("deck", "choice"):  # fields a line may leave out
        return
    # Dropping the field altogether is reported at the same line.
    record = json.loads(lines[index])
    del record[name]
    dropped = [*lines[:index], json.dumps(record), *lines[index + 1 :]]
    assert next(p for r in verdicts(dropped) for p in r.problems).line == index + 1


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("players", 7, "players is not a list of texts"),
        ("players", ["You", 2], "players is not a list of texts"),
        ("kinds", "human", "kinds is not a list of texts"),
        ("options", [1, 2], "options is not an object"),
        ("options", {"hand_size": "three"}, "options: hand_size is not a whole number"),
        ("lives", {"A": 1}, "lives is not a list of whole numbers"),
        ("lives", [True, 2], "lives is not a list of whole numbers"),
        ("deck", "KS 9H", "deck is not a list of texts"),
    ],
)
def test_a_game_started_line_of_the_wrong_form_says_which_field_and_is_passed_over(
    name: str, value: Any, message: str
) -> None:
    lines = replace(list(classic_lines()), 0, **{name: value})
    reports = verdicts(lines)
    assert [(r.index, r.problems) for r in reports] == [
        (1, [referee().Problem(1, f"the game_started line cannot be read ({message})")])
    ]


def test_control_characters_and_huge_values_reach_the_report_escaped_and_cut() -> None:
    lines = list(classic_lines())
    index = find(lines, lambda i, r: r[i]["event"] == "card_played")
    problem = first_problem(replace(lines, index, player="\x1b[2J" + "x" * 5000))
    assert problem.line == index + 1
    assert "\x1b" not in problem.text
    assert "\\x1b[2J" in problem.text
    assert len(problem.text) <= 300


def test_standard_input_is_read_as_bytes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = ("\n".join(tactical_lines()) + "\n").encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    assert run_main(capsys, "-") == (
        0,
        ["game 1: ok", "1 games refereed, 1 consistent, 0 with problems"],
        [],
    )
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"\x00\x01\x02")))
    code, out, err = run_main(capsys, "-")
    assert (code, out, err) == (
        2,
        [],
        ["referee: cannot read -: line 1 holds a NUL byte: this is not a text file"],
    )


def test_the_script_beside_the_package_runs_it(tmp_path: Path) -> None:
    good = tmp_path / "good.jsonl"
    good.write_text("\n".join(tactical_lines()) + "\n")
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(bytes(range(256)))
    outside = {"cwd": tmp_path, "capture_output": True, "text": True, "check": False}
    run = subprocess.run([sys.executable, str(REFEREE_PATH), "--quiet", str(good)], **outside)
    assert (run.returncode, run.stdout, run.stderr) == (
        0,
        "1 games refereed, 1 consistent, 0 with problems\n",
        "",
    )
    run = subprocess.run([sys.executable, str(REFEREE_PATH), str(binary)], **outside)
    assert (run.returncode, run.stdout, len(run.stderr.splitlines())) == (2, "", 1)
    assert "Traceback" not in run.stderr


# ---------------------------------------------------------------------------- fuzzing


@cache
def fuzz_logs() -> tuple[tuple[str, ...], ...]:
    """Short logs of each adding game and of the option that changes the turns most."""
    return (
        tuple(game_log("classic", FOUR, 7, lives=2)),
        tuple(game_log("tactical", ["easy"] * 3, 5, lives=3)),
        tuple(game_log("classic", ["easy"] * 3, 5, manual_draw=True, keep_going=True, lives=2)),
        tuple(game_log("arcade", ["easy"] * 4, 5)),
    )


ODD_VALUES: tuple[Any, ...] = (
    None,
    True,
    -1,
    0,
    10**40,
    2.5,
    "",
    "KS",
    "You",
    "x" * 300,
    [],
    {},
    [None],
    {"You": ["KS"]},
    [[[[1]]]],
)


def odd_value(rng: random.Random, record: dict[str, Any]) -> Any:
    """A value of a surprising kind, or a real value from elsewhere in the same line."""
    if record and rng.random() < 0.3:
        return rng.choice(list(record.values()))
    return rng.choice(ODD_VALUES)


def mutate(lines: list[str], rng: random.Random) -> bytes:
    """The log with one random kind of damage, as the bytes of a file."""
    lines = list(lines)
    index = rng.randrange(len(lines))
    kind = rng.randrange(9)
    if kind == 0:  # a field gets a value of another kind
        record = json.loads(lines[index])
        record[rng.choice(list(record))] = odd_value(rng, record)
        lines[index] = json.dumps(record)
    elif kind == 1:  # a field goes missing
        record = json.loads(lines[index])
        del record[rng.choice(list(record))]
        lines[index] = json.dumps(record)
    elif kind == 2:  # something inside a field changes (a hand, an option, a list)
        record = json.loads(lines[index])
        inner = [v for v in record.values() if isinstance(v, dict | list) and v]
        if inner:
            target = rng.choice(inner)
            key = (
                rng.choice(list(target)) if isinstance(target, dict) else rng.randrange(len(target))
            )
            target[key] = odd_value(rng, record)
        lines[index] = json.dumps(record)
    elif kind == 3:  # a line is lost, doubled or moved
        line = lines.pop(index)
        if rng.random() < 0.7:
            lines.insert(rng.randrange(len(lines) + 1), line)
            if rng.random() < 0.5:
                lines.insert(index, line)
    elif kind == 4:  # a line is cut short
        lines[index] = lines[index][: rng.randrange(len(lines[index]))]
    elif kind == 5:  # an event becomes another
        record = json.loads(lines[index])
        other = json.loads(rng.choice(lines))
        record["event"] = other["event"]
        lines[index] = json.dumps(record)
    elif kind == 6:  # not an object
        lines[index] = rng.choice(["[1]", "3", '"text"', "null", "{", "}", "[" * 3000])
    elif kind == 7:  # two games run into each other
        cut = rng.randrange(len(lines))
        lines = lines[:cut] + lines[:index] + lines[cut:]
    data = bytearray(("\n".join(lines) + "\n").encode())
    if kind == 8:  # bytes of a damaged disk
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] = rng.randrange(256)
    return bytes(data)


MUTATIONS = 300


def test_hundreds_of_damaged_logs_are_answered_without_an_exception() -> None:
    core = importlib.import_module("refereeing.core") if referee() else None
    assert core is not None
    rng = random.Random(99)
    logs = [list(log) for log in fuzz_logs()]
    changed = caught = unreadable = 0
    for _ in range(MUTATIONS):
        log = rng.choice(logs)
        data = mutate(log, rng)
        try:
            reports = list(core.referee_lines(core.text_lines(io.BytesIO(data))))
        except core.LogError:
            unreadable += 1
            continue
        problems = [p for r in reports for p in r.problems]
        for problem in problems:
            assert problem.text.isprintable() and len(problem.text) <= 300
        if data.decode().splitlines() != log:
            changed += 1
            caught += bool(problems)
        else:
            assert problems == []
    # Undecodable bytes are refused as a whole; nearly every other change is seen (the few
    # that are not change nothing the rules read, such as a null choice left out).
    assert unreadable > 0
    assert changed > MUTATIONS // 2
    assert caught >= 0.95 * changed
