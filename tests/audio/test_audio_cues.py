"""Sound cues through pygame's mixer on the dummy audio driver, and silence without audio."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from ninetynine_audio.audio import mixer
from ninetynine_audio.audio.cues import (
    ALL_CUE_NAMES,
    CUE_NAMES,
    CuePlayer,
    danger_cue_name,
    default_sounds_dir,
)


@pytest.fixture
def fresh_mixer() -> Iterator[None]:
    mixer.quit_mixer()
    yield
    mixer.quit_mixer()


@pytest.fixture
def audio(fresh_mixer: None) -> None:
    """A running mixer on the dummy driver."""
    assert mixer.init_mixer()


def test_mixer_starts_with_the_agreed_format_and_a_reserved_voice_channel(
    fresh_mixer: None,
) -> None:
    assert mixer.init_mixer()
    assert pygame.mixer.get_init() == (44100, -16, 2)
    assert pygame.mixer.get_num_channels() >= 16
    assert mixer.is_mixer_ready()
    # A cue never lands on the reserved voice channel.
    sound = pygame.mixer.Sound(str(default_sounds_dir() / "menu_move.wav"))
    for _ in range(15):
        channel = sound.play()
        assert channel is not None
        assert channel != mixer.voice_channel()


def test_every_cue_loads_and_plays(audio: None) -> None:
    player = CuePlayer()
    assert player.preload() == len(ALL_CUE_NAMES)
    for name in CUE_NAMES:
        pygame.mixer.stop()
        player.play(name, pan=-0.5)
        assert pygame.mixer.get_busy(), f"{name} did not start"


def test_danger_plays_from_90_to_99_only(audio: None) -> None:
    player = CuePlayer()
    for total in (0, 50, 89, 100, 105):
        pygame.mixer.stop()
        player.play_danger(total)
        assert not pygame.mixer.get_busy(), f"danger sounded at {total}"
    for total in range(90, 100):
        pygame.mixer.stop()
        player.play_danger(total)
        assert pygame.mixer.get_busy(), f"no danger sound at {total}"


def test_a_new_danger_sound_replaces_the_last(audio: None) -> None:
    player = CuePlayer()
    pygame.mixer.stop()
    player.play_danger(97)
    player.play_danger(98)
    busy = [pygame.mixer.Channel(i).get_busy() for i in range(pygame.mixer.get_num_channels())]
    assert busy.count(True) == 1


def test_danger_cue_names() -> None:
    assert danger_cue_name(89) is None
    assert danger_cue_name(90) == "danger_90"
    assert danger_cue_name(99) == "danger_99"
    assert danger_cue_name(100) is None


def test_disabled_cues_are_silent(audio: None) -> None:
    player = CuePlayer(enabled=False)
    pygame.mixer.stop()
    player.play("win")
    player.play_danger(95)
    assert not pygame.mixer.get_busy()
    player.set_enabled(True)
    player.play("win")
    assert pygame.mixer.get_busy()


def test_volume_reaches_loaded_sounds(audio: None) -> None:
    player = CuePlayer(volume=0.8)
    player.preload()
    player.set_volume(0.25)
    assert player.volume == 0.25
    sound = player._sound("win")
    assert sound is not None
    assert sound.get_volume() == pytest.approx(0.25, abs=0.01)


def test_without_a_mixer_cues_are_silent_and_never_raise() -> None:
    player = CuePlayer(init_mixer=lambda: False)
    for name in ALL_CUE_NAMES:
        player.play(name, pan=1.0)
    player.play_danger(99)
    assert not player.has_audio
    assert player.preload() == 0


def test_when_the_audio_device_fails_cues_are_silent(
    fresh_mixer: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    player = CuePlayer()
    player.play("card_played")
    player.play_danger(93)
    assert not player.has_audio
    assert not mixer.init_mixer()


def test_missing_sound_file_is_silent(audio: None, tmp_path: Path) -> None:
    player = CuePlayer(tmp_path)
    pygame.mixer.stop()
    player.play("card_played")
    player.play("no_such_cue")
    assert not pygame.mixer.get_busy()


def test_pan_volumes_balance() -> None:
    assert mixer.pan_volumes(0.0) == (1.0, 1.0)
    assert mixer.pan_volumes(-1.0) == (1.0, 0.0)
    assert mixer.pan_volumes(1.0, 0.5) == (0.0, 0.5)
    assert mixer.pan_volumes(0.5) == (0.5, 1.0)
    assert mixer.pan_volumes(7.0) == (0.0, 1.0)
