"""What the presenter hands to the speaker: one phrase with its priority, cue and position."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Priority(enum.Enum):
    """How an utterance competes with speech that is already going on."""

    NOW = "now"
    """An answer to the player's key: interrupts what is being said and goes first; the
    narration it cut or went ahead of follows it (see :class:`~.speaker.Speaker`)."""
    NEXT = "next"
    """Lets the current phrase finish, then speaks ahead of everything waiting."""
    QUEUE = "queue"
    """Waits its turn behind everything already waiting."""


@dataclass(frozen=True)
class Utterance:
    """One phrase for the player.

    ``pan`` places the voice and cue from -1.0 (left) through 0.0 (centre) to 1.0 (right),
    so a seat at the player's left is heard on the left.  ``mergeable`` marks narration that
    may be dropped when a backlog builds (a bot's move); results and answers to the player's
    own questions are never mergeable.  ``key`` names a kind of answer ("total"): a newer
    utterance with the same key replaces one that is still waiting, so a player who asks
    three times hears the current answer once.  An empty ``text`` plays only the cue.
    ``in_history`` is false for what reading the history itself says back, so browsing it
    again steps through what the game said, not through its own answers.  ``until_action``
    marks narration the player's own action answers (a turn prompt, a round's opening
    lines): dropped, waiting or being said, when the player acts, so the action is heard at
    once rather than behind words it made obsolete.  ``kind`` files the phrase in a message
    buffer besides "all" (``TABLE``: the game's events, ``CHAT``, ``PRIVATE``, ``SYSTEM``);
    ``None`` (answers to keys, menus) is kept in "all" only.
    """

    text: str
    priority: Priority = Priority.QUEUE
    cue: str | None = None
    pan: float = 0.0
    braille: bool = True
    mergeable: bool = False
    key: str | None = None
    in_history: bool = True
    until_action: bool = False
    kind: str | None = None

    def __post_init__(self) -> None:
        if not -1.0 <= self.pan <= 1.0:
            raise ValueError(f"pan must be between -1.0 and 1.0, not {self.pan}")


TABLE = "table"
"""The kind of what the game tells: moves, turns, rounds."""
CHAT = "chat"
"""The kind of a line someone said at the table."""
PRIVATE = "private"
"""The kind of a message sent to one player alone."""
SYSTEM = "system"
"""The kind of what the program or the server says of itself: notices, announcements."""


DANGER_TOTALS = range(90, 100)
"""Totals that have a danger sound, one file each, more urgent toward 99."""

_DANGER_PREFIX = "danger_"


def danger_cue_name(total: int) -> str | None:
    """The danger cue for a running total (``"danger_97"``), or None outside 90..99."""
    return f"{_DANGER_PREFIX}{total}" if total in DANGER_TOTALS else None


def danger_total(cue: str) -> int | None:
    """The total a danger cue name stands for (``"danger_97"`` → 97), or None."""
    number = cue.removeprefix(_DANGER_PREFIX)
    if number == cue or not number.isdigit() or int(number) not in DANGER_TOTALS:
        return None
    return int(number)
