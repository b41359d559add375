"""One place that starts pygame's mixer, shared by the voice and the sound cues.

The voice plays on channel 0, which is reserved so that cues (played on whatever channel
is free) never take it: stopping the voice then cuts speech at once without touching cues.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import sys
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

log = logging.getLogger(__name__)

FREQUENCY = 44100
SAMPLE_SIZE = -16  # signed 16-bit
STEREO = 2
BUFFER = 512  # small, so a cue follows its key press without a noticeable lag
CHANNELS = 16
VOICE_CHANNEL = 0

_lock = threading.Lock()
_failed = False


@contextlib.contextmanager
def native_stderr_silenced() -> Iterator[None]:
    """Silence what C libraries write to the process's stderr for the length of the block.

    Without a sound card, ALSA prints a dozen lines while SDL opens the device; in text mode
    those lines would reach the player's screen reader in the middle of the game.
    """
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):
        yield
        return
    try:
        with open(os.devnull, "w") as devnull:
            os.dup2(devnull.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def init_mixer() -> bool:
    """Start the mixer once (44.1 kHz, 16-bit, stereo, 16 channels, channel 0 reserved).

    Returns False, after logging why, when there is no audio device; later calls then
    return False at once instead of trying again every time.  Never raises.
    """
    global _failed
    with _lock:
        if _failed:
            return False
        # Loaded only when sound is wanted: text mode without cues never loads pygame.
        import pygame

        try:
            if not pygame.mixer.get_init():
                with native_stderr_silenced():
                    pygame.mixer.init(
                        frequency=FREQUENCY, size=SAMPLE_SIZE, channels=STEREO, buffer=BUFFER
                    )
            pygame.mixer.set_num_channels(max(CHANNELS, pygame.mixer.get_num_channels()))
            pygame.mixer.set_reserved(VOICE_CHANNEL + 1)
        except (pygame.error, OSError, RuntimeError) as exc:
            log.warning("No audio output: %s", exc)
            _failed = True
            return False
        return True


def is_mixer_ready() -> bool:
    """True when :func:`init_mixer` has succeeded and the mixer is still running."""
    pygame = sys.modules.get("pygame")
    return not _failed and pygame is not None and bool(pygame.mixer.get_init())


def voice_channel() -> pygame.mixer.Channel:
    """The reserved channel for speech; call only after :func:`init_mixer` returned True."""
    import pygame

    return pygame.mixer.Channel(VOICE_CHANNEL)


def quit_mixer() -> None:
    """Stop the mixer and forget an earlier failure, so :func:`init_mixer` may try again."""
    global _failed
    with _lock:
        _failed = False
        pygame = sys.modules.get("pygame")  # never started when pygame was never loaded
        if pygame is not None and pygame.mixer.get_init():
            pygame.mixer.quit()


def pan_volumes(pan: float, volume: float = 1.0) -> tuple[float, float]:
    """Left and right channel volumes for a position -1.0 (left) .. 1.0 (right).

    A balance law: the centre plays at full volume on both sides, and moving toward one
    side fades only the other, so a centred voice is as loud as it would be without panning.
    """
    if math.isnan(pan):
        pan = 0.0
    pan = max(-1.0, min(1.0, pan))
    volume = max(0.0, min(1.0, volume))
    left = min(1.0, 1.0 - pan)
    right = min(1.0, 1.0 + pan)
    return left * volume, right * volume
