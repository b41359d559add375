"""The colour game's engine as a whole: random games keep every card, raise scores only, end,
replay exactly from their log, and keep the game contract."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ninetynine_audio.cards import colour_deck
from ninetynine_audio.games.base import CodecError, GameSetup
from ninetynine_audio.games.colours import (
    SPEC,
    ColoursState,
    EndPiles,
    PlaceRowCard,
    PlayToPile,
    ScoreRow,
    all_cards,
    check,
    legal_actions,
)
from ninetynine_audio.games.colours.codec import decode, encode, from_log
from ninetynine_audio.games.errors import IllegalAction
from ninetynine_audio.games.registry import find_game
from ninetynine_audio.games.replay import replay_game

NAMES = ("You", "Lily", "Max", "Zoe")


def random_game(
    seed: int, players: int, pro: bool, *, check_each: bool = False
) -> tuple[ColoursState, list[dict[str, object]], list[object]]:
    rng = random.Random(seed)
    kinds = ("human",) + ("easy",) * (players - 1) if seed % 2 else ("easy",) * players
    setup = GameSetup("colours", NAMES[:players], kinds, {"pro_variant": pro}, seed)
    state, events = SPEC.new_game(setup)
    log = [event.to_log() for event in events]
    actions: list[object] = []
    for _ in range(5000):
        if SPEC.is_over(state):
            break
        seat = SPEC.seats_to_act(state)[0]
        choices = SPEC.legal_actions(state, seat)
        assert choices, "a player to act always has something to do"
        action = rng.choice(choices)
        previous = state
        state, events = SPEC.apply(state, action)
        actions.append(action)
        log.extend(event.to_log() for event in events)
        if check_each:
            assert Counter(all_cards(state)) == Counter(colour_deck())
            assert all(a >= b for a, b in zip(state.scores, previous.scores, strict=True))
    return state, log, actions


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 4), st.booleans())
def test_random_games_keep_every_card_once_raise_scores_only_and_end(seed, players, pro):
    state, log, _ = random_game(seed, players, pro, check_each=True)
    assert state.is_over
    outcome = SPEC.outcome(state)
    assert outcome is not None and outcome.winner == state.winner
    assert sorted(outcome.places) == list(range(players))
    assert log[-1]["event"] == "game_ended"
    assert state.scores[state.winner] == max(state.scores)


@pytest.mark.parametrize("seed", range(6))
def test_a_random_game_replays_exactly_from_its_log(seed):
    _, log, _ = random_game(seed, 2 + seed % 3, pro=seed % 4 == 0)
    assert replay_game(log).problem is None


def test_a_changed_log_line_is_found_by_replay():
    _, log, _ = random_game(5, 3, pro=False)
    line = next(i for i, r in enumerate(log) if r["event"] == "pile_card_played")
    tampered = [dict(r) for r in log]
    tampered[line]["ways"] = ["made_up"]
    assert replay_game(tampered).problem == (
        f"line {line + 1}: logged {tampered[line]}, replayed {log[line]}"
    )


def test_the_log_shows_where_every_action_starts():
    _, log, actions = random_game(8, 3, pro=True)
    seats = {name: seat for seat, name in enumerate(NAMES[:3])}
    found = [from_log(log, i, seats) for i in range(len(log))]
    assert [f for f in found if f is not None] == [encode(a) for a in actions]  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "action",
    [
        ScoreRow(1),
        EndPiles(0),
        PlaceRowCard(2, colour_deck()[17]),
        PlayToPile(3, colour_deck()[109], 2),
    ],
)
def test_actions_encode_to_json_lists_and_back(action):
    data = encode(action)
    assert isinstance(data, list)
    assert decode(data, 4) == action


@pytest.mark.parametrize(
    "data",
    [
        "pile",
        ["pile", 0, "red-1", 3],
        ["pile", 0, "red-1"],
        ["row_card", 4, "red-1"],
        ["row_card", 0, "blue-1"],
        ["fold", 0],
        ["score_row", True],
    ],
)
def test_data_that_names_no_action_is_refused(data):
    with pytest.raises(CodecError):
        decode(data, 4)


def test_the_game_is_registered_with_its_option_and_aliases():
    spec = find_game("colours")
    assert spec is SPEC
    assert find_game("Colour") is SPEC
    assert (spec.min_players, spec.max_players) == (2, 4)
    assert [o.name for o in spec.options] == ["pro_variant"]
    assert spec.check_options({"pro_variant": True}) == {"pro_variant": True}


def test_default_names_call_the_first_human_you():
    assert SPEC.default_names(("human", "normal", "hard")) == ("You", "Lily", "Max")


def test_a_stacked_deck_reads_and_writes_in_notation():
    cards = SPEC.parse_deck("purple-9 light-blue-10, pink-0")
    assert SPEC.deck_text(cards) == ["purple-9", "light-blue-10", "pink-0"]


def test_the_setup_comes_back_from_the_log():
    setup = GameSetup(
        "colours", ("You", "Lily"), ("human", "hard"), {"pro_variant": True}, 77, colour_deck()[:3]
    )
    _, events = SPEC.new_game(setup)
    again = SPEC.setup_from_log(events[0].to_log())
    assert again == replace(setup, options={"pro_variant": True})


def test_every_legal_action_passes_check_and_others_are_refused():
    rng = random.Random(1)
    setup = GameSetup("colours", ("A", "B"), ("easy", "easy"), {}, 4)
    state, _ = SPEC.new_game(setup)
    for _ in range(60):
        if state.is_over:
            break
        seat = state.to_act
        legal = set(legal_actions(state, seat))
        candidates: list[object] = [ScoreRow(seat), EndPiles(seat)]
        for card in state.hands[seat]:
            candidates.append(PlaceRowCard(seat, card))
            candidates.extend(PlayToPile(seat, card, pile) for pile in (1, 2))
        for candidate in candidates:
            if candidate in legal:
                check(state, candidate)  # type: ignore[arg-type]
            else:
                with pytest.raises(IllegalAction) as caught:
                    check(state, candidate)  # type: ignore[arg-type]
                assert caught.value.code not in ("illegal", "error")
        state, _ = SPEC.apply(state, rng.choice(sorted(legal, key=repr)))
