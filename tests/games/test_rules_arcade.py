"""Arcade rules (rules-decisions.md, arcade section)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers.engine import play, start

from ninetynine_audio.bots import levels
from ninetynine_audio.games.adding import (
    Direction,
    GameEnded,
    PlayerOut,
    RoundStarted,
    new_game,
)
from ninetynine_audio.games.errors import SetupError
from ninetynine_audio.games.setup import parse_players

SEATS = ["You", "Lily", "Max", "Zoe"]
KINDS = ["human", "normal", "normal", "normal"]


def test_four_seats_you_lily_max_zoe_clockwise_three_lives_you_start():
    names, kinds = parse_players(
        "arcade", "human,normal,normal,normal", ("human", *levels("adding"))
    )
    assert names == tuple(SEATS)
    state, events = new_game("arcade", names, kinds=kinds, seed=5)
    assert state.lives == (3, 3, 3, 3)
    assert isinstance(events[1], RoundStarted) and events[1].starter == "You"
    assert state.to_act == 0


def test_only_four_players():
    with pytest.raises(SetupError):
        new_game("arcade", ["You", "Lily", "Max"])


def test_next_round_starts_after_the_loser_in_the_direction_of_play():
    # You reverse with a 4 at 95: Zoe is next anticlockwise and stuck; the next round is
    # started by the player after Zoe going anticlockwise: Max.
    state, _ = start(
        "arcade",
        SEATS,
        ["4S 9D 9C", "2D 3D 5D", "2C 3C 5C", "6H 7H 8H"],
        kinds=KINDS,
    )
    state = replace(state, total=95)
    state, events = play(state, "4S")
    started = events[-1]
    assert isinstance(started, RoundStarted)
    assert started.starter == "Max"
    assert started.direction is Direction.CLOCKWISE


def test_next_round_clockwise_starts_after_the_loser():
    state, _ = start("arcade", SEATS, ["KS 9D 9C", "6D 7D 8D", "2C 3C 5C", "2H 3H 5H"], kinds=KINDS)
    state, events = play(state, "KS")
    assert events[-1].starter == "Max"


def test_match_ends_when_you_lose_your_last_life_place_is_one_plus_players_in():
    state, _ = start("arcade", SEATS, ["2S 3S 5S", "2D 3D 5D", "2C 3C 5C", "KH 9H 9D"], kinds=KINDS)
    # Zoe (before You, clockwise) makes 99; You hold no safe card and have one life left.
    state = replace(state, lives=(1, 3, 3, 3), to_act=3)
    state, events = play(state, "KH")
    assert PlayerOut(0, "You", 4) in events
    ended = events[-1]
    assert isinstance(ended, GameEnded) and ended.winner is None
    assert ended.places == ("Lily", "Max", "Zoe", "You")
    assert state.is_over


def test_when_the_others_are_all_out_you_are_first():
    state, _ = start("arcade", SEATS, ["KS 9S 9C", "6D 7D 8D", "2C 3C 5C", "2H 3H 5H"], kinds=KINDS)
    state = replace(state, lives=(3, 1, 0, 0), places=((2, 4), (3, 3)))
    state, events = play(state, "KS")
    assert PlayerOut(1, "Lily", 2) in events
    assert events[-1] == GameEnded("You", ("You", "Lily", "Zoe", "Max"), 1)


def test_arcade_rejects_classic_table_variants():
    from ninetynine_audio.games.adding import AddingOptions

    with pytest.raises(SetupError):
        new_game("arcade", SEATS, options=AddingOptions(keep_going=True))
