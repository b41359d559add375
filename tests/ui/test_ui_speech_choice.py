"""A screen reader is used only once it can speak; Settings never mutes the game with one key.

A stand-in accessible_output2 (or prismatoid) that finds no output plays the part of Linux in a
plain virtual environment: its ``speak`` would swallow every phrase without an error.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

import pytest

from ninetynine_audio.audio import screenreader, selection
from ninetynine_audio.audio.backend import BackendUnavailable, RecorderBackend, SpeechBackend
from ninetynine_audio.audio.selection import BackendOptions, choose_backend
from ninetynine_audio.audio.wording import NO_READER_OUTPUT
from ninetynine_audio.games.adding import AddingOptions
from ninetynine_audio.games.adding.rules import CLASSIC_FLAGS
from ninetynine_audio.games.registry import find_game
from ninetynine_audio.games.setup import GameSetup
from ninetynine_audio.present import screens as words
from ninetynine_audio.ui.harness import make_app
from ninetynine_audio.ui.reader import rules_paragraphs
from ninetynine_audio.ui.start import build_app


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NINETYNINE_AUDIO_HOME", str(tmp_path))
    return tmp_path


def silent_ao2(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """accessible_output2 as a venv on Linux has it: no output is active, speak does nothing."""
    swallowed: list[str] = []

    class Auto:
        def __init__(self) -> None:
            self.outputs: list[object] = []

        def get_first_available_output(self) -> None:
            return None

        def speak(self, text: str, interrupt: bool = False) -> None:
            swallowed.append(text)

    module = ModuleType("accessible_output2.outputs.auto")
    module.Auto = Auto  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs.auto", module)
    monkeypatch.setitem(sys.modules, "prism", None)
    return swallowed


def test_a_screen_reader_library_without_an_active_output_is_not_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    silent_ao2(monkeypatch)
    with pytest.raises(BackendUnavailable) as raised:
        screenreader.ScreenReaderBackend()
    assert raised.value.reason == NO_READER_OUTPUT


def test_prismatoid_whose_backend_cannot_speak_here_gives_way(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    silent_ao2(monkeypatch)

    class Features:
        is_supported_at_runtime = False
        supports_speak = True

    class Backend:
        name = "Orca"
        features = Features()

        def speak(self, text: str, interrupt: bool) -> None:
            raise AssertionError("must not be used")

    class Context:
        def acquire_best(self) -> Backend:
            return Backend()

    module = ModuleType("prism")
    module.Context = Context  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "prism", module)
    with pytest.raises(BackendUnavailable):
        screenreader.ScreenReaderBackend()


def _voice_as_recorder(name: str, options: BackendOptions | None = None) -> SpeechBackend:
    if name == "screenreader":
        return screenreader.ScreenReaderBackend()
    return RecorderBackend(name=name)


def test_auto_with_a_reader_running_but_unreachable_falls_back_with_a_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    silent_ao2(monkeypatch)
    monkeypatch.setattr(screenreader, "screen_reader_running", lambda: True)
    monkeypatch.setattr(selection, "make_backend", _voice_as_recorder)
    chosen = choose_backend("auto")
    assert chosen.backend.name == "tts"
    assert chosen.reason == NO_READER_OUTPUT


def test_text_mode_with_an_unreachable_screen_reader_prints_one_sentence_then_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    swallowed = silent_ao2(monkeypatch)
    out = io.StringIO()
    args = argparse.Namespace(text=True, speech="screenreader", bot_pause=0, log_events=None)
    app, notices = build_app(args, 1, stream=out)
    setup = GameSetup("classic", ("You", "Lily"), ("human", "normal"), AddingOptions(), 3)
    app.start(setup, notices)
    app.tick()
    lines = out.getvalue().splitlines()
    fallback = words.speech_fallback_text("screenreader", "text", NO_READER_OUTPUT)
    assert lines.count(fallback) == 1
    assert any(line.startswith("Round 1") for line in lines)
    assert swallowed == []


def test_settings_refuse_a_speech_choice_that_cannot_speak(
    monkeypatch: pytest.MonkeyPatch, private_home: Path
) -> None:
    def factory(name: str, options: BackendOptions | None = None) -> SpeechBackend:
        if name == "screenreader":
            raise BackendUnavailable("no output", reason=NO_READER_OUTPUT)
        return RecorderBackend(name=name)

    monkeypatch.setattr(selection, "make_backend", factory)
    h = make_app()
    h.press("s", "s", "return")  # Settings
    h.press("return")  # the speech list
    h.press("down", "return")  # Screen reader
    h.new_speech()
    h.frames(2)
    refusal = words.speech_refused_text("screenreader", "recorder", NO_READER_OUTPUT)
    assert refusal in h.spoken
    assert h.app.settings.speech_backend == "auto"
    assert h.app.speaker.backend is h.recorder
    saved = private_home / "config" / "settings.json"
    assert not saved.exists() or json.loads(saved.read_text())["speech_backend"] == "auto"


@dataclass
class TunableVoice(RecorderBackend):
    """A voice that takes a new rate and volume, and remembers what it spoke each phrase at."""

    name: str = "tts"
    rate: int = 200
    volume: float = 1.0
    spoken_with: list[tuple[str, int, float]] = field(default_factory=list)

    def set_rate(self, words_per_minute: int) -> None:
        self.rate = words_per_minute

    def set_volume(self, volume: float) -> None:
        self.volume = volume

    def speak(self, text: str, interrupt: bool = False, pan: float = 0.0) -> None:
        super().speak(text, interrupt, pan)
        self.spoken_with.append((text, self.rate, self.volume))


def open_item(h: object, downs: int) -> None:
    h.press("s", "s", "return")  # type: ignore[attr-defined]
    h.press(*["down"] * downs)  # type: ignore[attr-defined]
    h.new_speech()  # type: ignore[attr-defined]


def test_enter_on_the_loudest_voice_steps_down_instead_of_muting(private_home: Path) -> None:
    h = make_app()
    open_item(h, 5)  # Voice volume: 100
    h.press("return")
    assert h.new_speech() == ["Voice volume: 90, 6 of 12"]
    assert h.app.settings.tts_volume == 90


def test_left_and_right_step_both_ways_and_stop_at_the_ends(private_home: Path) -> None:
    h = make_app()
    open_item(h, 4)  # Voice speed: 200
    h.press("right")
    assert h.app.settings.tts_rate == 225
    h.press("left", "left")
    assert h.app.settings.tts_rate == 180
    h.press(*["right"] * 20)
    assert h.app.settings.tts_rate == 400
    h.new_speech()
    h.app.cues.played.clear()
    h.press("right")
    assert h.app.settings.tts_rate == 400
    assert h.new_speech() == ["Voice speed: 400, 5 of 12"]
    assert h.app.cues.names == ["menu_edge"]
    h.press("return")  # at the top Enter turns back: never a jump to the slowest
    assert h.app.settings.tts_rate == 350


def test_the_voice_volume_keeps_an_audible_floor(private_home: Path) -> None:
    h = make_app()
    open_item(h, 5)
    h.press(*["left"] * 30)
    assert h.app.settings.tts_volume == 20
    h.press(*["return"] * 3)
    assert h.app.settings.tts_volume == 50


def test_the_new_value_is_spoken_in_the_new_voice(private_home: Path) -> None:
    voice = TunableVoice()
    h = make_app(recorder=voice)
    open_item(h, 4)
    h.press("right")
    assert voice.spoken_with[-1] == ("Voice speed: 225, 5 of 12", 225, 1.0)
    h.press("down", "left")
    assert voice.spoken_with[-1] == ("Voice volume: 90, 6 of 12", 225, 0.9)
    assert h.app.speaker.backend is voice


def test_classic_rules_name_each_variant_by_its_options_menu_name() -> None:
    paragraphs = rules_paragraphs("classic")
    assert paragraphs is not None
    headings = [p.text for p in paragraphs if p.is_heading]
    options = find_game("classic").options
    assert {o.name for o in options} >= {"lives", "hand_size", *CLASSIC_FLAGS}
    for option in options:
        assert any(h.startswith(f"{option.label} (") for h in headings), option.label
    variants = headings.index("Table variants")
    # The flags come second, in brackets, never as the name of the variant.
    assert not any(h.startswith("--") for h in headings[variants:])


def test_a_speech_choice_that_works_is_heard_through_it_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reader = RecorderBackend(name="screenreader")
    monkeypatch.setattr(selection, "make_backend", lambda name, options=None: reader)
    h = make_app()
    h.press("s", "s", "return")
    h.press("return")  # the speech list
    h.press("down", "return")  # Screen reader
    assert h.app.speaker.backend is reader
    assert h.app.settings.speech_backend == "screenreader"
    assert reader.spoken == ["Settings. Speech: screen reader, 1 of 12"]


def test_the_fallback_is_a_few_plain_words_said_before_the_first_menu_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    silent_ao2(monkeypatch)
    out = io.StringIO()
    args = argparse.Namespace(text=True, speech="screenreader", bot_pause=0, log_events=None)
    app, notices = build_app(args, 1, stream=out)
    app.start(None, notices)
    app.tick()
    lines = out.getvalue().splitlines()
    fallback = words.speech_fallback_text("screenreader", "text", NO_READER_OUTPUT)
    assert fallback == "Your screen reader did not answer, so the game writes its words as text."
    assert len(fallback.split()) <= 15 and "dispatcher" not in fallback
    said = "\n".join(lines)
    assert said.count(fallback) == 1
    menu = app.stack[0]
    assert said.index(fallback) < said.index(
        words.menu_opened_text(menu.title, menu.item_text(app))
    )
