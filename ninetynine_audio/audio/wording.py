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


def backend_label(name: str) -> str:
    """The player's name for a backend."""
    return BACKEND_LABELS.get(name, name)


def backend_failed_message(failed: str, replacement: str) -> str:
    """What the player hears once when speech moves from one backend to another."""
    return f"Speech through {backend_label(failed)} failed; now using {backend_label(replacement)}."


def backend_restored_message(name: str) -> str:
    """What the player hears when a backend that failed speaks again."""
    return f"Speech through {backend_label(name)} works again."
