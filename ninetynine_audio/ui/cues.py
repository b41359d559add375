"""Routes the cue names of utterances to the cue player.

An utterance may name several cues joined by ``+`` (``"card_played+danger_97"``); danger cues
go through ``play_danger`` so a newer one replaces one still sounding.
"""

from __future__ import annotations

from collections import deque
from typing import Protocol

from ninetynine_audio.present.words import CUE_SEPARATOR

DANGER_PREFIX = "danger_"


class CueBackend(Protocol):
    """The part of :class:`ninetynine_audio.audio.CuePlayer` the interface uses."""

    @property
    def enabled(self) -> bool:
        """Whether cues play."""
        ...

    def play(self, name: str, pan: float = 0.0) -> None:
        """Play one cue."""

    def play_danger(self, total: int, pan: float = 0.0) -> None:
        """Play the danger sound of ``total``."""

    def set_enabled(self, enabled: bool) -> None:
        """Turn cues on or off."""

    def set_volume(self, volume: float) -> None:
        """Set the volume, 0.0 to 1.0."""


class CueRouter:
    """Plays each named cue; remembers the most recent names (for tests and the window)."""

    def __init__(self, player: CueBackend, history: int = 500) -> None:
        self.player = player
        self.played: deque[tuple[str, float]] = deque(maxlen=history)

    def play(self, name: str, pan: float = 0.0) -> None:
        """Play every cue in ``name``; never raises."""
        for part in name.split(CUE_SEPARATOR):
            if not part:
                continue
            self.played.append((part, pan))
            try:
                if part.startswith(DANGER_PREFIX) and part[len(DANGER_PREFIX) :].isdigit():
                    self.player.play_danger(int(part[len(DANGER_PREFIX) :]), pan)
                else:
                    self.player.play(part, pan)
            except Exception:
                continue

    @property
    def names(self) -> list[str]:
        """The cue names played so far, oldest first."""
        return [name for name, _ in self.played]
