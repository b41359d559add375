"""Helpers for tests that drive a table controller: the commands a family's table answers, a
host that records what a controller says, and a whole game of any family played by its keys."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ninetynine_audio import families
from ninetynine_audio.audio.utterance import Utterance
from ninetynine_audio.input.commands import (
    PEOPLE_COMMANDS,
    TABLE,
    commands_for,
    table_context,
)
from ninetynine_audio.store.settings import Settings
from ninetynine_audio.ui.match import SHARED_COMMANDS, MatchScreen

if TYPE_CHECKING:
    from ninetynine_audio.ui.harness import Harness

NUMBER_KEYS = tuple(f"play_card_{n}" for n in range(1, 8))


def family_commands(family: str) -> list[str]:
    """Every command a family's table must answer: those its manifest registers and the
    shared table keys the match screen leaves to it (the card-number keys go to
    ``number_key``; the people's keys, online only, go to the app)."""
    own = [command for command, _ in families.family(family).commands]
    answered_elsewhere = SHARED_COMMANDS | PEOPLE_COMMANDS
    shared = [c.id for c in commands_for(TABLE) if c.id not in answered_elsewhere]
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


MAX_FRAMES = 20000
"""Frames a whole game by keys may take before it counts as stuck."""


HAND_STEPS = 15
"""Times the next-card key is pressed to go round a hand."""


def _turn_keys(h: Harness, table: MatchScreen) -> list[str]:
    """The keys to try on a person's turn, in order: the confirming key (twice, for a play the
    table asks to confirm) on the card selected, then on each card of the hand from the first,
    then each of the family's own commands (a choice, a mark, a draw) before the confirming
    key, on each card from the first."""
    context = table_context(table.spec.family)

    def key(command: str) -> str | None:
        keys = h.app.keymap.gestures_for(context, command)
        return keys[0] if keys else None

    confirm, step, first = key("play_card"), key("next_card"), key("first_card")
    assert confirm is not None, "the table has no key for play_card"
    steps = [step] if step is not None else []
    start = [first] if first is not None else []
    keys = [confirm, confirm, *start, *([confirm, confirm, *steps] * HAND_STEPS)]
    for command, _ in families.family(table.spec.family).commands:
        found = key(command)
        if found is not None:
            keys += [*start, *([found, confirm, confirm, *steps] * HAND_STEPS)]
    return keys


def play_by_keys(h: Harness) -> MatchScreen:
    """Any family's game played to its end by keys, knowing nothing of its rules: on each turn
    a person may take, :func:`_turn_keys` are pressed one at a time until the table acts."""
    table = h.table
    assert table is not None
    for _ in range(MAX_FRAMES):
        if table.is_over:
            return table
        if table.awaiting_ready:
            h.press(h.app.keymap.gestures_for(TABLE, "play_card")[0])
            continue
        people = set(table.spec.seats_to_act(table.state)) & table.humans
        if table.bot_due is not None or not people:
            h.frames(1)
            continue
        before = table.state
        for key in _turn_keys(h, table):
            h.press(key, frames=1)
            if table.state is not before or table.is_over or h.table is not table:
                break
            if h.app.top is not table:
                h.press("escape")  # a key that opened a screen
        else:
            raise AssertionError(f"no key moved the game of {table.spec.family} on")
    raise AssertionError("the game did not end")


def by_keys_driver(family: str) -> Callable[[Harness], MatchScreen]:
    """How a whole game of ``family`` is played by keys in tests: the ``play_to_the_end`` of
    its own helper module (``helpers.by_keys_<family>``) where it has one, else
    :func:`play_by_keys`."""
    try:
        module = importlib.import_module(f"helpers.by_keys_{family}")
    except ModuleNotFoundError as error:
        if error.name != f"helpers.by_keys_{family}":
            raise
        return play_by_keys
    driver: Callable[[Harness], MatchScreen] = module.play_to_the_end
    return driver
