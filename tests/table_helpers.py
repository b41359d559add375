"""Helpers for tests that drive a table controller without an app: the commands a family's
table answers, and a host that records what a controller says."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ninetynine_audio import families
from ninetynine_audio.audio.utterance import Utterance
from ninetynine_audio.input.commands import TABLE, commands_for
from ninetynine_audio.store.settings import Settings
from ninetynine_audio.ui.match import SHARED_COMMANDS

NUMBER_KEYS = tuple(f"play_card_{n}" for n in range(1, 8))


def family_commands(family: str) -> list[str]:
    """Every command a family's table must answer: those its manifest registers and the
    shared table keys the match screen leaves to it (the card-number keys go to
    ``number_key``)."""
    own = [command for command, _ in families.family(family).commands]
    shared = [c.id for c in commands_for(TABLE) if c.id not in SHARED_COMMANDS]
    return [c for c in own + shared if not c.startswith("play_card_")]


@dataclass
class RecordingHost:
    """The part of the app a controller uses, keeping everything it was asked to say."""

    settings: Settings = field(default_factory=Settings)
    said: list[tuple[str, str | None]] = field(default_factory=list)

    def say(
        self, text: str, *, cue: str | None = None, queue: bool = False, pan: float = 0.0
    ) -> None:
        self.said.append((text, cue))

    def say_utterance(self, utterance: Utterance) -> None:
        self.said.append((utterance.text, utterance.cue))

    def play_cue(self, name: str) -> None:
        self.said.append(("", name))

    def can_hear_cues(self) -> bool:
        return False

    def key_name(self, context: str, command: str) -> str:
        return f"{context}:{command}"

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(f"a table controller asked the host for {name}")
