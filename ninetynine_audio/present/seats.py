"""Where each seat is heard: a stereo position for every player, seen from the listener."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TypeVar

from ninetynine_audio.present.words import NORMAL, YOU

T = TypeVar("T")

EDGE = 0.8
"""How far left or right the outermost seats are placed; the very edge sounds unnatural."""


def seat_pans(count: int, listener: int = 0) -> tuple[float, ...]:
    """A pan per seat: the listener in the centre, the others spread left to right.

    Seats go clockwise, so the seat after the listener sits at the listener's left. With four
    seats: listener 0.0, left -0.8, top 0.0, right 0.8. With two, the other player sits opposite
    (0.0).
    """
    if count <= 0:
        return ()
    pans = [0.0] * count
    others = count - 1
    for step in range(1, count):
        seat = (listener + step) % count
        if others == 1:
            pans[seat] = 0.0
        else:
            pans[seat] = round(-EDGE + 2 * EDGE * (step - 1) / (others - 1), 3)
    return tuple(pans)


@dataclass(frozen=True)
class Perspective:
    """Who is listening and how much to say, for every family's narrator.

    ``listener`` is the seat whose own cards may be spoken (None: nobody's, as between two
    players of a hot-seat game). ``humans`` are the seats played by people.
    """

    game: str
    players: tuple[str, ...]
    pans: tuple[float, ...]
    humans: frozenset[int]
    listener: int | None = None
    verbosity: str = NORMAL

    def pan(self, seat: int) -> float:
        """The stereo position of ``seat``."""
        return self.pans[seat] if 0 <= seat < len(self.pans) else 0.0

    def is_bot(self, seat: int) -> bool:
        """Whether a computer plays ``seat``."""
        return seat not in self.humans


def heard_by(value: T, name: str) -> T:
    """``value`` (an event or a view) as the player called ``name`` hears it: their name given
    as "You", in every name field and list of names, so the wording says "you" to them and
    names everyone else. A hot-seat table speaks so to the person at the keys; with one
    person at a table that person is already called You."""
    if name == YOU or not dataclasses.is_dataclass(value) or isinstance(value, type):
        return value
    changes: dict[str, object] = {}
    for item in dataclasses.fields(value):
        if not item.init:
            continue
        old = getattr(value, item.name)
        if isinstance(old, str) and old == name:
            changes[item.name] = YOU
        elif isinstance(old, tuple) and name in old and all(isinstance(x, str) for x in old):
            changes[item.name] = tuple(YOU if x == name else x for x in old)
    return dataclasses.replace(value, **changes) if changes else value
