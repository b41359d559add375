"""The command line: simulate, its log, and replay."""

from __future__ import annotations

import json

import pytest

from ninetynine_audio.cli import main


def test_simulate_prints_wins_intervals_speed_and_decision_times(tmp_path, capsys):
    log = tmp_path / "games.jsonl"
    code = main(
        [
            "simulate",
            "--game",
            "classic",
            "--players",
            "easy,normal,normal,normal",
            "--games",
            "30",
            "--seed",
            "1",
            "--quiet",
            "--log-events",
            str(log),
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    rows = [line for line in out.splitlines() if line[:1].isdigit()]
    assert len(rows) == 4
    wins = sum(int(row.split()[2]) for row in rows)
    assert wins == 30
    assert "games per second" in out and "easy" in out and "%" in out
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert sum(r["event"] == "game_started" for r in records) == 30
    assert sum(r["event"] == "game_ended" for r in records) == 30

    assert main(["replay", str(log)]) == 0
    assert "30 games replayed, 30 the same, 0 differ" in capsys.readouterr().out


def test_replay_finds_a_changed_line(tmp_path, capsys):
    log = tmp_path / "games.jsonl"
    main(
        [
            "simulate",
            "--game",
            "tactical",
            "--games",
            "2",
            "--seed",
            "4",
            "--quiet",
            "--log-events",
            str(log),
        ]
    )
    lines = log.read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if '"card_played"' in line)
    record = json.loads(lines[index])
    record["total"] += 1
    lines[index] = json.dumps(record)
    log.write_text("\n".join(lines) + "\n")
    capsys.readouterr()
    assert main(["replay", str(log)]) == 1
    assert f"line {index + 1}" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--lives", "0"], "lives must be from 1 to 50"),
        (["--deck", "KS ZZ"], "not a card"),
        (["--players", "easy,wizard"], "unknown player kind"),
        (["--game", "snap"], "unknown game"),
        (["--players", "human,normal"], "computer players only"),
        (["--players", ",".join(["easy"] * 9)], "2 to 8 players, not 9"),
        (["--game", "arcade", "--lives", "5"], "3 lives each, not 5"),
    ],
)
def test_simulate_bad_input_is_a_clear_error(arguments, message, capsys):
    assert main(["simulate", "--games", "1", "--quiet", *arguments]) == 2
    assert message in capsys.readouterr().err


def test_simulate_with_every_classic_variant_replays(tmp_path, capsys):
    log = tmp_path / "variants.jsonl"
    code = main(
        [
            "simulate",
            "--players",
            "easy,normal,easy,normal,easy",
            "--games",
            "5",
            "--quiet",
            "--hand-size",
            "4",
            "--ten-always-minus",
            "--swap-nine-king",
            "--keep-going",
            "--manual-draw",
            "--lives",
            "2",
            "--log-events",
            str(log),
        ]
    )
    assert code == 0
    first = json.loads(log.read_text().splitlines()[0])
    assert first["options"]["keep_going"] is True and first["options"]["hand_size"] == 4
    assert main(["replay", str(log)]) == 0


def test_simulate_deals_a_stacked_deck(tmp_path):
    log = tmp_path / "stacked.jsonl"
    deck = "KS 9H 4C 2D 3D 5D"
    assert (
        main(
            [
                "simulate",
                "--players",
                "normal,normal",
                "--games",
                "2",
                "--quiet",
                "--deck",
                deck,
                "--log-events",
                str(log),
            ]
        )
        == 0
    )
    records = [json.loads(line) for line in log.read_text().splitlines()]
    starts = [r for r in records if r["event"] == "game_started"]
    assert all(r["deck"] == deck.split() for r in starts)
    first_round = next(r for r in records if r["event"] == "round_started")
    assert first_round["hands"] == {"Lily": ["KS", "4C", "3D"], "Max": ["9H", "2D", "5D"]}
