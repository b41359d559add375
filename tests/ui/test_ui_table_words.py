"""The smaller promises of speech at the table: key help per game, the danger level in words,
brief that keeps the reason for a loss, a stock rebuild that is never dropped, and a hint that
says each thing once."""

from __future__ import annotations

from pathlib import Path

import pytest

from ninetynine_audio.cards import parse_cards
from ninetynine_audio.games.adding import AddingOptions, LivesChanged, StockRebuilt
from ninetynine_audio.games.setup import GameSetup
from ninetynine_audio.present.adding.events import lives_changed_text, narrate
from ninetynine_audio.present.seats import Perspective
from ninetynine_audio.ui.harness import Harness, make_app


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NINETYNINE_AUDIO_HOME", str(tmp_path))
    return tmp_path


def table_keys(h: Harness) -> list[str]:
    h.frames(2)
    h.new_speech()
    h.press("f1")
    h.press(*["down"] * 40)
    heard = h.new_speech()
    h.press("escape")
    return [heard[0].split(". ", 1)[1], *heard[1:]]


def two_players(deck: str = "", **options: object) -> GameSetup:
    return GameSetup(
        "classic",
        ("You", "Lily"),
        ("human", "normal"),
        AddingOptions(**options),  # type: ignore[arg-type]
        5,
        parse_cards(deck) if deck else None,
    )


def test_key_help_at_the_table_lists_only_this_game_s_keys(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    keys = table_keys(make_app(two_players()))
    assert "1 to 3: Play that card of your hand" in keys
    assert not any(line.startswith("Space") for line in keys), "no drawing by hand here"
    # A home of its own, so the first match's save does not ask to be kept.
    monkeypatch.setenv("NINETYNINE_AUDIO_HOME", str(tmp_path / "second"))
    drawing = table_keys(make_app(two_players(manual_draw=True, hand_size=5)))
    assert "1 to 5: Play that card of your hand" in drawing
    assert any(line.startswith("Space: ") for line in drawing)


def test_g_says_the_danger_level_in_words_when_no_sound_can_be_heard() -> None:
    # Your King takes the total to 99 at once.
    h = make_app(two_players("KS 9H 7C 5D 9C 6D 2S 3S"), bot_pause_ms=100000)
    h.frames(2)
    h.press("1", frames=2)
    h.new_speech()
    h.app.update_settings(sound_enabled=False)
    h.new_speech()
    h.press("g")
    assert h.new_speech() == ["Danger 10 of 10, total 99: only 4, 9, 10 or King can be played"]
    h.app.update_settings(sound_enabled=True)
    h.new_speech()
    h.app.cues.played.clear()
    h.press("g")
    assert h.new_speech() == []
    assert h.app.cues.names == ["danger_99"]


def test_brief_keeps_the_reason_for_a_tactical_loss() -> None:
    alone = LivesChanged(1, "Lily", -1, 5, "passed_33")
    assert (
        lives_changed_text((alone,), "tactical", "brief") == "Lily loses 1 for passing 33, 5 left"
    )
    together = (
        LivesChanged(1, "Lily", -1, 5, "landed_66"),
        LivesChanged(2, "Max", -1, 3, "landed_66"),
    )
    assert lives_changed_text(together, "tactical", "brief") == (
        "Lily and Max lose 1 as the total lands on 66: Lily 5, Max 3"
    )


def test_a_stock_rebuild_is_never_dropped_from_a_backlog() -> None:
    perspective = Perspective("classic", ("You", "Lily"), (0.0, 0.0), frozenset({0}), 0)
    [rebuilt] = narrate([StockRebuilt(30)], perspective)
    assert not rebuilt.mergeable


def test_the_tactical_hint_says_where_a_landing_goes_once() -> None:
    deck = "QS 9S QH 9H QC 9D 5C 9C 5D 4S 3S 4H"
    setup = GameSetup(
        "tactical",
        ("You", "Lily"),
        ("human", "normal"),
        AddingOptions(lives=3),
        5,
        parse_cards(deck),
    )
    h = make_app(setup)
    h.frames(2)
    for _ in range(3):
        h.press("1", frames=3)
    table = h.table
    assert table is not None and table.state.total == 30
    h.new_speech()
    h.press("slash")
    [hint] = h.new_speech()
    assert hint.count("33") == 1, hint
    assert hint.count("lose") == 1, hint
