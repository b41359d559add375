"""Speech (screen reader, built-in voice, text, recorder) and sound cues.

The interface talks to a :class:`Speaker`, built on a backend from :func:`create_backend`,
and to a :class:`CuePlayer`.  Backends that need a device (screen reader, TTS) are
imported only when created, so importing this package touches no audio or speech system.
"""

from __future__ import annotations

# First, before anything imports pygame.
from ninetynine_audio.audio import _quiet  # noqa: F401
from ninetynine_audio.audio.backend import (
    BackendUnavailable,
    HeardPhrase,
    RecorderBackend,
    SilentBackend,
    SimulatedVoice,
    SpeechBackend,
    SpeechBackendError,
    SpokenCall,
    TextBackend,
)
from ninetynine_audio.audio.cues import (
    ALL_CUE_NAMES,
    CUE_NAMES,
    DANGER_TOTALS,
    CuePlayer,
    danger_cue_name,
    default_sounds_dir,
)
from ninetynine_audio.audio.selection import (
    BACKEND_CHOICES,
    FALLBACK_ORDER,
    BackendChoice,
    BackendOptions,
    choose_backend,
    create_backend,
    fallback_factories,
    make_backend,
)
from ninetynine_audio.audio.speaker import Speaker
from ninetynine_audio.audio.utterance import Priority, Utterance

__all__ = [
    "ALL_CUE_NAMES",
    "BACKEND_CHOICES",
    "CUE_NAMES",
    "DANGER_TOTALS",
    "FALLBACK_ORDER",
    "BackendChoice",
    "BackendOptions",
    "BackendUnavailable",
    "CuePlayer",
    "HeardPhrase",
    "Priority",
    "RecorderBackend",
    "SilentBackend",
    "SimulatedVoice",
    "Speaker",
    "SpeechBackend",
    "SpeechBackendError",
    "SpokenCall",
    "TextBackend",
    "Utterance",
    "choose_backend",
    "create_backend",
    "danger_cue_name",
    "default_sounds_dir",
    "fallback_factories",
    "make_backend",
]
