"""Saved matches: records, resuming exactly where play stopped, and damaged save files."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from ninetynine_audio.bots import make_bot
from ninetynine_audio.cards import parse_card, parse_cards
from ninetynine_audio.games.adding import (
    AddingOptions,
    AddingState,
    Choice,
    DrawCard,
    Event,
    PlayCard,
    view,
)
from ninetynine_audio.games.errors import IllegalAction
from ninetynine_audio.games.saved import (
    MIXED,
    NO_BOTS,
    SAVE_SCHEMA,
    RecordMaker,
    SavedMatch,
    SaveError,
    advance,
    from_record,
    match_level,
    restore,
    resume,
    start_match,
    to_record,
)
from ninetynine_audio.games.setup import GameSetup
from ninetynine_audio.play.table import TableCore
from ninetynine_audio.store import paths
from ninetynine_audio.store.saves import (
    MATCH_SCHEMA,
    discard_match,
    has_saved_match,
    load_match,
    match_file,
    save_match,
)

# The kinds a seat may have; fixed here so the tests do not depend on which bots exist.
KNOWN_KINDS = ("human", "easy", "normal", "hard")


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    return tmp_path


def seat_to_move(state: AddingState) -> int:
    """A seat that owes a draw draws first (as the table does for computer players)."""
    for seat, owed in enumerate(state.owes_draw):
        if owed:
            return seat
    return state.to_act


def play_live(
    setup: GameSetup, actions: int, seed: int = 3
) -> tuple[SavedMatch, AddingState, list[Event]]:
    """Play ``actions`` bot moves (every seat chosen by a Normal bot), recording each one.

    Stops one move early if the next would end the match, so the match is still going.
    """
    saved, state, opening = start_match(setup)
    events = list(opening)
    bot = make_bot("adding", "normal")
    rng = random.Random(seed)
    for _ in range(actions):
        seat = seat_to_move(state)
        action = bot.choose(view(state, seat), rng)
        next_saved, next_state, caused = advance(saved, state, action)
        if next_state.is_over:
            break
        saved, state = next_saved, next_state
        events.extend(caused)
    return saved, state, events


CLASSIC_VARIANTS = AddingOptions(
    lives=2,
    hand_size=5,
    ten_always_minus=True,
    keep_going=True,
    manual_draw=True,
)

SETUPS = {
    "classic": GameSetup("classic", ("You", "Lily", "Max"), ("human", "normal", "normal"), seed=11),
    "classic-variants": GameSetup(
        "classic",
        ("You", "Lily", "Max", "Zoe", "Ben"),
        ("human", "easy", "normal", "normal", "easy"),
        CLASSIC_VARIANTS,
        seed=12,
    ),
    "classic-two-players": GameSetup(
        "classic",
        ("You", "Lily"),
        ("human", "normal"),
        AddingOptions(two_player_four=True, swap_nine_king=True),
        seed=13,
        deck=parse_cards("KS 4H 9C 10D 2S 3S"),
    ),
    "arcade": GameSetup(
        "arcade", ("You", "Lily", "Max", "Zoe"), ("human", "hard", "hard", "hard"), seed=14
    ),
    "tactical": GameSetup(
        "tactical",
        ("You", "Lily", "Max"),
        ("human", "normal", "normal"),
        AddingOptions(lives=20),
        seed=15,
    ),
}


# ---------------------------------------------------------------------------- records


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_record_round_trip_gives_the_same_match(name: str) -> None:
    saved, _, _ = play_live(SETUPS[name], 40)
    assert saved.actions, "the bots made no move"
    record = json.loads(json.dumps(to_record(saved)))
    assert from_record(record, KNOWN_KINDS) == saved


def test_record_holds_the_documented_fields() -> None:
    setup = SETUPS["classic-two-players"]
    saved = SavedMatch(
        setup,
        (PlayCard(0, parse_card("10D"), Choice.MINUS_TEN), DrawCard(1)),
        round=3,
    )
    record = to_record(saved)
    assert record["schema"] == SAVE_SCHEMA == 1
    assert record["game"] == "classic"
    assert record["names"] == ["You", "Lily"]
    assert record["kinds"] == ["human", "normal"]
    assert record["options"]["two_player_four"] is True
    assert record["options"]["lives"] is None
    assert record["seed"] == 13
    assert record["deck"] == ["KS", "4H", "9C", "10D", "2S", "3S"]
    assert record["actions"] == [["play", 0, "10D", "-10"], ["draw", 1]]
    assert record["summary"] == {"game": "classic", "level": "normal", "round": 3}
    assert "saved_at" not in record


def test_saved_at_is_kept_through_a_record() -> None:
    saved = SavedMatch(SETUPS["classic"], saved_at="2024-05-01T10:00:00+00:00")
    assert to_record(saved)["saved_at"] == "2024-05-01T10:00:00+00:00"
    assert from_record(to_record(saved)).saved_at == "2024-05-01T10:00:00+00:00"


def test_match_level() -> None:
    assert match_level(("human", "hard", "hard", "hard")) == "hard"
    assert match_level(("human", "easy", "normal")) == MIXED == "mixed"
    assert match_level(("human", "human")) == NO_BOTS
    assert SavedMatch(SETUPS["arcade"]).level == "hard"


def test_the_store_reads_the_schema_the_games_write() -> None:
    assert MATCH_SCHEMA == SAVE_SCHEMA


# ---------------------------------------------------------------------------- resuming


@pytest.mark.parametrize("name", sorted(SETUPS))
@pytest.mark.parametrize("moves", [0, 1, 7, 60, 250])
def test_resume_gives_the_identical_table(name: str, moves: int) -> None:
    saved, live_state, live_events = play_live(SETUPS[name], moves)
    assert save_match(to_record(saved)) is None
    resumed, problem = load_match(lambda record: resume(record, KNOWN_KINDS))
    assert problem is None
    assert resumed is not None
    again, state, events = resumed
    assert repr(state) == repr(live_state)
    assert list(events) == live_events
    assert again.actions == saved.actions
    assert again.round == live_state.round


def test_resume_then_play_on_matches_playing_straight_through() -> None:
    setup = SETUPS["classic-variants"]
    straight, straight_state, _ = play_live(setup, 80, seed=5)
    first, _, _ = play_live(setup, 30, seed=5)
    save_match(to_record(first))
    resumed, _ = load_match(resume)
    assert resumed is not None
    saved, state, _ = resumed
    # The same actions as the straight game from here on: the table must follow them exactly.
    for action in straight.actions[len(first.actions) :]:
        saved, state, _ = advance(saved, state, action)
    assert repr(state) == repr(straight_state)
    assert saved.actions == straight.actions


def test_a_draw_the_player_owes_is_still_owed_after_resuming() -> None:
    setup = GameSetup(
        "classic",
        ("You", "Lily"),
        ("human", "normal"),
        AddingOptions(manual_draw=True),
        seed=1,
        deck=parse_cards("2S 3S 5H 6H 7C 8C KD"),
    )
    saved, state, _ = start_match(setup)
    saved, state, _ = advance(saved, state, PlayCard(0, parse_card("2S")))
    assert state.owes_draw[0]
    save_match(to_record(saved))
    resumed, _ = load_match(resume)
    assert resumed is not None
    assert resumed[1].owes_draw[0]
    assert repr(resumed[1]) == repr(state)


def test_advance_records_nothing_when_the_engine_refuses() -> None:
    saved, state, _ = start_match(SETUPS["classic"])
    wrong_seat = PlayCard((state.to_act + 1) % 3, state.hands[(state.to_act + 1) % 3][0])
    with pytest.raises(IllegalAction):
        advance(saved, state, wrong_seat)
    assert saved.actions == ()


def test_a_finished_match_is_not_restored() -> None:
    saved, state, _ = start_match(SETUPS["classic-two-players"])
    bot = make_bot("adding", "normal")
    rng = random.Random(2)
    while not state.is_over:
        seat = seat_to_move(state)
        saved, state, _ = advance(saved, state, bot.choose(view(state, seat), rng))
    with pytest.raises(SaveError, match="already over"):
        restore(saved)


# ---------------------------------------------------------------------------- the file


def test_save_load_and_discard() -> None:
    saved, state, _ = play_live(SETUPS["arcade"], 12)
    assert not has_saved_match()
    moment = datetime(2024, 5, 1, 9, 30, 5, tzinfo=UTC)
    assert save_match(to_record(saved), now=moment) is None
    assert has_saved_match()
    assert match_file() == paths.data_dir() / "current_match.json"
    record, problem = load_match()
    assert problem is None
    assert record is not None
    assert record["saved_at"] == "2024-05-01T09:30:05+00:00"
    assert record["summary"] == {"game": "arcade", "level": "hard", "round": state.round}
    assert from_record(record).saved_at == "2024-05-01T09:30:05+00:00"
    assert discard_match() is None
    assert not has_saved_match()
    assert load_match() == (None, None)
    assert discard_match() is None  # nothing to discard is fine


def test_saving_again_replaces_the_match() -> None:
    first, _, _ = play_live(SETUPS["tactical"], 3)
    later, _, _ = play_live(SETUPS["tactical"], 9)
    save_match(to_record(first))
    save_match(to_record(later))
    record, _ = load_match()
    assert record is not None
    assert len(record["actions"]) == len(later.actions)
    assert [p.name for p in paths.data_dir().iterdir()] == ["current_match.json"]


def test_a_save_that_cannot_be_written_is_reported(home: Path) -> None:
    # The data folder's place is taken by a file, so the folder cannot be made.
    (home / "data").write_text("not a folder", encoding="utf-8")
    saved, _, _ = start_match(SETUPS["classic"])
    problem = save_match(to_record(saved))
    assert problem is not None
    assert problem.startswith("The match could not be saved")


# ---------------------------------------------------------------------------- damage


def good_record() -> dict[str, Any]:
    saved, _, _ = play_live(SETUPS["classic"], 12)
    assert len(saved.actions) >= 10
    return to_record(saved)


def with_action(index: int, action: list[Any]) -> dict[str, Any]:
    record = good_record()
    record["actions"][index] = action
    return record


def illegal_turn() -> dict[str, Any]:
    # The first action played by the seat that is not to act.
    record = good_record()
    first = record["actions"][0]
    record["actions"][0] = ["play", (first[1] + 1) % 3, first[2], first[3]]
    return record


def card_not_held() -> dict[str, Any]:
    record = good_record()
    _, state, _ = start_match(from_record(record).setup)
    seat = state.to_act
    held = {str(card) for card in state.hands[seat]}
    missing = next(c for c in ("AS", "AH", "AD", "AC", "2S", "2H", "2D") if c not in held)
    record["actions"][0] = ["play", seat, missing, None]
    return record


def changed(**fields: Any) -> dict[str, Any]:
    record = good_record()
    record.update(fields)
    return record


DAMAGES: dict[str, Any] = {
    "truncated": lambda text: text[: len(text) // 2],
    "empty": lambda text: "",
    "not json": lambda text: "this is not a saved match\n",
    "not an object": lambda text: "[1, 2, 3]",
    "binary": lambda text: "\udcff",
    "wrong version": lambda text: json.dumps({**json.loads(text), "schema": 2}),
    "schema missing": lambda text: json.dumps(
        {k: v for k, v in json.loads(text).items() if k != "schema"}
    ),
    "no summary": lambda text: json.dumps(
        {k: v for k, v in json.loads(text).items() if k != "summary"}
    ),
    "illegal action": lambda text: json.dumps(illegal_turn()),
    "card that does not exist": lambda text: json.dumps(with_action(0, ["play", 0, "1Z", None])),
    "card not in hand": lambda text: json.dumps(card_not_held()),
    "wrong seat": lambda text: json.dumps(with_action(0, ["play", 9, "2S", None])),
    "negative seat": lambda text: json.dumps(with_action(0, ["draw", -1])),
    "unknown action": lambda text: json.dumps(with_action(0, ["fold", 0])),
    "bad choice": lambda text: json.dumps(with_action(0, ["play", 0, "10H", "+50"])),
    "unknown game": lambda text: json.dumps(changed(game="poker")),
    "too many players": lambda text: json.dumps(
        changed(names=[f"P{i}" for i in range(9)], kinds=["human"] * 9)
    ),
    "unknown kind": lambda text: json.dumps(changed(kinds=["human", "genius", "normal"])),
    "bad option": lambda text: json.dumps(changed(options={"lives": "many"})),
    "seed is text": lambda text: json.dumps(changed(seed="seven")),
    "bad deck": lambda text: json.dumps(changed(deck=["AS", "AS"])),
}


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_a_damaged_save_is_set_aside_and_nothing_else_is_lost(damage: str, home: Path) -> None:
    data = home / "data"
    config = home / "config"
    data.mkdir()
    config.mkdir()
    statistics = data / "statistics.json"
    settings = config / "settings.json"
    older_broken = data / "current_match.json.broken"
    statistics.write_text('{"schema": 1, "games": {}}\n', encoding="utf-8")
    settings.write_text('{"schema": 1, "verbosity": "brief"}\n', encoding="utf-8")
    older_broken.write_text("an older damaged save\n", encoding="utf-8")
    kept = {p: p.read_bytes() for p in (statistics, settings, older_broken)}

    assert save_match(good_record()) is None
    damaged = DAMAGES[damage](match_file().read_text(encoding="utf-8"))
    match_file().write_bytes(damaged.encode("utf-8", "surrogateescape"))

    match, problem = load_match(lambda record: resume(record, KNOWN_KINDS))

    assert match is None
    assert problem is not None
    assert problem.startswith("The file current_match.json ")
    assert problem.endswith(".")
    assert "current_match.json.2.broken" in problem
    assert not match_file().exists()
    set_aside = data / "current_match.json.2.broken"
    assert set_aside.read_bytes() == damaged.encode("utf-8", "surrogateescape")
    for path, content in kept.items():
        assert path.read_bytes() == content
    # The menu goes on without it: no saved match, and no problem to speak again.
    assert not has_saved_match()
    assert load_match(resume) == (None, None)


def test_the_menu_summary_does_not_need_a_replay() -> None:
    # Without a converter only the form needed for the menu is checked: an illegal action is
    # only found when the match is resumed.
    match_file().parent.mkdir(parents=True)
    match_file().write_text(json.dumps(illegal_turn()), encoding="utf-8")
    record, problem = load_match()
    assert problem is None
    assert record is not None
    assert record["summary"]["game"] == "classic"
    match, problem = load_match(resume)
    assert match is None
    assert problem is not None
    assert "cannot be continued" in problem


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"names": "You"}, "'names'"),
        ({"kinds": ["human"]}, "kinds"),
        ({"options": {"jokers": True}}, "jokers"),
        ({"options": {"keep_going": 1}}, "keep_going"),
        ({"seed": True}, "'seed'"),
        ({"actions": {"0": ["draw", 0]}}, "'actions'"),
        ({"deck": ["AS", 7]}, "deck"),
        ({"schema": 2}, "schema"),
    ],
)
def test_from_record_names_what_is_wrong(change: dict[str, Any], named: str) -> None:
    record = {**good_record(), **change}
    with pytest.raises(SaveError, match=named):
        from_record(record, KNOWN_KINDS)


def test_missing_field_is_named() -> None:
    record = good_record()
    del record["seed"]
    with pytest.raises(SaveError, match="'seed' is missing"):
        from_record(record)


def test_restore_names_the_illegal_action() -> None:
    saved = from_record(illegal_turn())
    with pytest.raises(SaveError, match="action 1"):
        restore(saved)


def test_save_error_is_a_value_error() -> None:
    assert issubclass(SaveError, ValueError)


def test_a_record_maker_gives_the_record_of_now_as_a_match_grows_and_after_another() -> None:
    """Encoding each action once must give exactly ``to_record`` after every action, and for
    another match (shorter, or as long) handed to the same maker."""
    maker = RecordMaker()
    for seed in (1, 2):
        core = TableCore(GameSetup("classic", ("Ann", "Ben", "Cat"), ("human",) * 3, seed=seed))
        for _ in range(8 if seed == 1 else 3):
            assert maker.record(core.saved) == to_record(core.saved)
            seat = core.seats_to_act()[-1]
            core.apply(core.spec.legal_actions(core.state, seat)[0])
        assert maker.record(core.saved) == to_record(core.saved)
        assert len(to_record(core.saved)["actions"]) == len(core.saved.actions) > 0
