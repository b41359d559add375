"""The few phrases the audio layer says on its own, kept together so they can be translated."""

from __future__ import annotations

# How each backend is named to the player.
BACKEND_LABELS = {
    "screenreader": "the screen reader",
    "tts": "the built-in voice",
    "text": "text output",
    "recorder": "the recorder",
    "silent": "nothing",
}


NO_READER_OUTPUT = (
    "no screen reader answered; on Linux, speech-dispatcher's Python module must be "
    "installed where the game can see it, as the README says"
)
NO_READER_LIBRARY = "the screen reader library is not installed"


def backend_label(name: str) -> str:
    """The player's name for a backend."""
    return BACKEND_LABELS.get(name, name)


def backend_failed_message(failed: str, replacement: str) -> str:
    """What the player hears once when speech moves from one backend to another."""
    return f"Speech through {backend_label(failed)} failed; now using {backend_label(replacement)}."


def backend_restored_message(name: str) -> str:
    """What the player hears when a backend that failed speaks again."""
    return f"Speech through {backend_label(name)} works again."


def backend_unavailable_reason(name: str) -> str:
    """Why a backend could not start, when it gave no words of its own."""
    return f"{backend_label(name)} did not start on this computer"
